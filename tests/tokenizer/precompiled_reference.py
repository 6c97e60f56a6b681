#!/usr/bin/python3
"""precompiled_reference.py TOKENIZE_BATCH SOURCE_DIR WORK_DIR — a Precompiled normalizer
(a tokenizer.json's SentencePiece charsmap: T5's, XLM-R's, ALBERT's) on the real-tokenizer
corpus, against the tokenizers crate's rule run here in Python, and beside SentencePiece itself
(Debian's python3-sentencepiece).

SentencePiece's trainer compiles its "nmt_nfkc" rules into a precompiled charsmap (the one
T5 and XLM-R ship: about 237 KB); a tiny model trained here carries it. The charsmap goes into
a tokenizer.json whose model is byte tokens alone (<0x00> … <0xFF>, byte_fallback, no merges)
and whose decoder is ByteFallback, so tokenize_batch's decoded text is exactly the normalized
text.

The crate's rule (tokenizers/src/normalizers/precompiled.rs with spm_precompiled's transform):
the text cut into extended grapheme clusters; a cluster of fewer than 6 bytes is replaced whole
by the entry of the first (shortest) key of the trie that starts it, when there is one; else
each character by its own entry, or kept. Written here apart from the C++ (the trie walked in
Python, the clusters by python3-regex's \X): lookupviz must equal it on at least 99.9 % of the
strings. SentencePiece's own normalizer takes the longest key at each place instead, so the two
differ where a key spans characters that are not one short cluster (decomposed Hangul and kana,
stacked marks): its agreement is printed, as information. Exit 77 (skipped) without
python3-sentencepiece or python3-regex."""
import base64
import io
import json
import os
import subprocess
import sys

try:
    import regex
    import sentencepiece as spm
except ImportError as e:
    print(f"skipped: {e.name} is not installed (scripts/test.sh installs python3-sentencepiece and python3-regex)")
    sys.exit(77)

batch, src, work = sys.argv[1:4]
os.makedirs(work, exist_ok=True)
corpus = [json.loads(line) for line in open(os.path.join(src, "tests/tokenizer/real_corpus.jsonl"), encoding="utf-8")]
# Characters the rules change: full-width forms, ligatures, Roman numerals, circled digits,
# half-width kana, composed and decomposed accents, controls, zero-width joiners.
corpus += ["ｈｅｌｌｏ ＷＯＲＬＤ", "ﬁne ﬂow", "Ⅻ ① ㍻ ㌔", "ｶﾀｶﾅ ﾊﾟ", "e\u0301 Å A\u030a", "คำ ไม่",
           "x\u0008y\u200dz\u200b", "a\u00a0b\u3000c", "ड़ी दुख", "\U0001d53e\U0001d560"]


def varints(b, i):
    n = shift = 0
    while True:
        c = b[i]
        i += 1
        n |= (c & 0x7F) << shift
        shift += 7
        if c < 0x80:
            return n, i


def fields(b):
    """A protobuf message's (field, bytes-or-int) pairs (wire types 0, 1, 2, 5)."""
    i = 0
    while i < len(b):
        key, i = varints(b, i)
        f, t = key >> 3, key & 7
        if t == 0:
            v, i = varints(b, i)
        elif t == 2:
            n, i = varints(b, i)
            v, i = b[i:i + n], i + n
        elif t in (1, 5):
            n = 8 if t == 1 else 4
            v, i = b[i:i + n], i + n
        else:
            raise ValueError("wire type %d" % t)
        yield f, v


model = io.BytesIO()
spm.SentencePieceTrainer.train(sentence_iterator=iter(corpus * 2), model_writer=model, vocab_size=2600,
                               model_type="unigram", normalization_rule_name="nmt_nfkc", add_dummy_prefix=False,
                               remove_extra_whitespaces=False, character_coverage=1.0, hard_vocab_limit=False,
                               minloglevel=2)
proto = model.getvalue()
spec = next(v for f, v in fields(proto) if f == 3)  # ModelProto.normalizer_spec
charsmap = next(v for f, v in fields(spec) if f == 2)  # NormalizerSpec.precompiled_charsmap
sp = spm.SentencePieceProcessor(model_proto=proto)

vocab = {"<0x%02X>" % b: b for b in range(256)}
vocab["<unk>"] = 256
tokenizer = {"version": "1.0", "added_tokens": [],
             "normalizer": {"type": "Precompiled", "precompiled_charsmap": base64.b64encode(charsmap).decode()},
             "pre_tokenizer": None, "post_processor": None,
             "decoder": {"type": "ByteFallback"},
             "model": {"type": "BPE", "vocab": vocab, "merges": [], "byte_fallback": True, "unk_token": "<unk>"}}
path = os.path.join(work, "tokenizer.json")
with open(path, "w", encoding="utf-8") as f:
    json.dump(tokenizer, f)
# ▁ in a text is SentencePiece's own space mark: those strings cannot be told apart from a space.
texts = [t for t in corpus if "\u2581" not in t]
with open(os.path.join(work, "strings.jsonl"), "w", encoding="utf-8") as f:
    for t in texts:
        f.write(json.dumps(t, ensure_ascii=False) + "\n")


def crate_rule(blob, text):
    """The tokenizers crate's Precompiled normalizer, as its source has it."""
    import struct
    size = struct.unpack_from("<I", blob, 0)[0]
    units = struct.unpack_from("<%dI" % (size // 4), blob, 4)
    normalized = blob[4 + size:]

    def lookup(chunk):
        def offset(u):
            return (u >> 10) << ((u & (1 << 9)) >> 6)
        node = offset(units[0])
        for c in chunk:
            if c == 0:
                break
            node ^= c
            unit = units[node]
            if unit & ((1 << 31) | 0xFF) != c:
                return None
            node ^= offset(unit)
            if (unit >> 8) & 1:
                at = units[node] & ((1 << 31) - 1)
                end = normalized.index(b"\0", at)
                return normalized[at:end]
        return None

    out = b""
    for cluster in regex.findall(r"\X", text):
        b = cluster.encode("utf-8")
        if len(b) < 6:
            norm = lookup(b)
            if norm is not None:
                out += norm
                continue
        for c in cluster:
            norm = lookup(c.encode("utf-8"))
            out += norm if norm is not None else c.encode("utf-8")
    return out.decode("utf-8")


out = subprocess.run([batch, path, os.path.join(work, "strings.jsonl")], capture_output=True, text=True)
if out.returncode != 0:
    print("tokenize_batch failed:", out.stderr.strip())
    sys.exit(1)
# A second process reads the parsed tokenizer from the cache (the charsmap kept as its bytes):
# the same output.
again = subprocess.run([batch, path, os.path.join(work, "strings.jsonl")], capture_output=True, text=True)
if again.stdout != out.stdout:
    print("a second tokenize_batch (the tokenizer read back from its cache) printed something else")
    sys.exit(1)
lines = out.stdout.split("\n")
ours = [json.loads(lines[2 * k + 1]) for k in range(len(texts))]
differ, spm_equal = [], 0
for t, got in zip(texts, ours):
    want = crate_rule(charsmap, t)
    if got != want:
        differ.append((t, want, got))
    spm_equal += got == "".join(sp.encode(t, out_type=str)).replace("\u2581", " ")
equal = len(texts) - len(differ)
print(f"Precompiled (SentencePiece's nmt_nfkc charsmap, {len(charsmap):,} bytes): {equal} of {len(texts)} strings "
      f"normalized as the tokenizers crate's rule does ({100.0 * equal / len(texts):.2f} %); "
      f"SentencePiece's own normalizer agrees on {spm_equal} ({100.0 * spm_equal / len(texts):.2f} %: it takes the "
      f"longest key, the crate the first of a short cluster)")
for t, want, got in differ[:10]:
    print(f"  {t!r}: the crate's rule {want!r}, lookupviz {got!r}")
sys.exit(0 if equal >= 0.999 * len(texts) else 1)
