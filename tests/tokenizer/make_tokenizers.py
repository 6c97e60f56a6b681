#!/usr/bin/python3
"""make_tokenizers.py OUT_DIR SOURCE_DIR COUNT — the reference test's inputs, all generated:

  OUT/gpt2/tokenizer.json      GPT-2's own files (assets/gpt2) as Hugging Face writes them
  OUT/small/tokenizer.json     GPT-2's first 3,000 merges (a smaller vocabulary), merges as [a, b] pairs
  OUT/llama3/tokenizer.json    a Llama-3-style Split regex + ByteLevel, ignore_merges, extra whole
                               words that no merge makes, special tokens
  OUT/spbpe/tokenizer.json     SentencePiece-style BPE as Llama-2: Prepend/Replace ▁, byte_fallback
                               <0xNN>, <unk> fused, merges learnt here from the strings
  OUT/metaspace/tokenizer.json the same vocabulary behind a Metaspace pre-tokenizer (Mistral-style)
  OUT/strings.jsonl            COUNT strings, one JSON string per line (seeded: the same each run)
"""
import json
import os
import random
import sys

out_dir, src, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
rng = random.Random(20261202)


def bytes_to_unicode():
    bs = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) + list(range(ord("®"), ord("ÿ") + 1))
    cs = bs[:]
    n = 0
    for b in range(256):
        if b not in bs:
            bs.append(b)
            cs.append(256 + n)
            n += 1
    return dict(zip(bs, map(chr, cs)))


GPT2_REGEX = r"'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"
LLAMA3_REGEX = (r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|"
                r"\s*[\r\n]+|\s+(?!\S)|\s+")


def added(i, content):
    return {"id": i, "content": content, "single_word": False, "lstrip": False, "rstrip": False,
            "normalized": False, "special": True}


def bpe_model(vocab, merges, **extra):
    m = {"type": "BPE", "dropout": None, "unk_token": None, "continuing_subword_prefix": None,
         "end_of_word_suffix": None, "fuse_unk": False, "byte_fallback": False, "ignore_merges": False,
         "vocab": vocab, "merges": merges}
    m.update(extra)
    return m


def write(name, doc):
    os.makedirs(os.path.join(out_dir, name), exist_ok=True)
    with open(os.path.join(out_dir, name, "tokenizer.json"), "w", encoding="utf-8") as f:
        json.dump(doc, f, ensure_ascii=False)


def byte_level(add_prefix_space, use_regex):
    return {"type": "ByteLevel", "add_prefix_space": add_prefix_space, "trim_offsets": True, "use_regex": use_regex}


# ---------------------------------------------------------------- the strings

WORDS = ["the", "The", "hello", "Hello", "world", "someunknownPlace", "tokenizer", "embedding", "lookup", "matrix",
         "multiply", "one-hot", "GPT", "Llama", "café", "naïve", "Straße", "über", "résumé", "Ελληνικά", "мир",
         "Привет", "日本語", "中文字符", "한국어", "東京", "ไทย", "عربى", "हिन्दी", "İstanbul", "ǅemal"]
PIECES = ["'s", "'t", "'re", "'ve", "'m", "'ll", "'d", "'S", "'LL", "'Re", "don't", "it's", "WE'VE"]
NUMBERS = ["0", "7", "42", "2026", "123456", "3.14159", "1,000,000", "٣٤٥", "१२३", "Ⅻ", "²", "½"]
EMOJI = ["😀", "👍🏽", "👨‍👩‍👧", "🇫🇷", "❤️", "🤖", "🎉🎉", "✨"]
SPACES = [" ", "  ", "   ", "\t", "\n", "\n\n", "\r\n", " \n ", "\u3000", "\u00a0", "  \t\n", "\u2003"]
PUNCT = [".", ",", "!", "?", "...", "—", "(", ")", "[", "]", "{", "}", "\"", "«»", "@#$%", "<", ">", "=>", "::"]
SPECIAL = ["<|endoftext|>", "<|begin_of_text|>", "<s>", "</s>"]


def random_string():
    kind = rng.random()
    if kind < 0.08:  # raw random code points, letters and symbols from several blocks
        blocks = [(0x20, 0x7e), (0xa0, 0x24f), (0x370, 0x3ff), (0x400, 0x4ff), (0x4e00, 0x4fff), (0x3040, 0x30ff),
                  (0x1f300, 0x1f64f), (0x2000, 0x206f)]
        return "".join(chr(rng.randint(*rng.choice(blocks))) for _ in range(rng.randint(1, 24)))
    parts = []
    for _ in range(rng.randint(1, 12)):
        r = rng.random()
        pool = (WORDS if r < 0.4 else PIECES if r < 0.5 else NUMBERS if r < 0.62 else EMOJI if r < 0.7
                else PUNCT if r < 0.82 else SPACES if r < 0.97 else SPECIAL)
        parts.append(rng.choice(pool))
        if rng.random() < 0.6:
            parts.append(" ")
    s = "".join(parts)
    if rng.random() < 0.1:
        s = " " + s
    if rng.random() < 0.1:
        s = s + rng.choice(SPACES)
    return s


strings = [random_string() for _ in range(count)]
os.makedirs(out_dir, exist_ok=True)
with open(os.path.join(out_dir, "strings.jsonl"), "w", encoding="utf-8") as f:
    for s in strings:
        f.write(json.dumps(s, ensure_ascii=True) + "\n")

# ---------------------------------------------------------------- GPT-2's files and a part of them

with open(os.path.join(src, "assets", "gpt2", "encoder.json"), encoding="utf-8") as f:
    encoder = json.load(f)
with open(os.path.join(src, "assets", "gpt2", "vocab.bpe"), encoding="utf-8") as f:
    merges = [line.rstrip("\n") for line in f if line.strip() and not line.startswith("#version")]

eot = encoder["<|endoftext|>"]
write("gpt2", {"version": "1.0", "truncation": None, "padding": None, "added_tokens": [added(eot, "<|endoftext|>")],
               "normalizer": None, "pre_tokenizer": byte_level(False, True), "post_processor": byte_level(True, False),
               "decoder": byte_level(True, True), "model": bpe_model(encoder, merges)})

small_merges = merges[:3000]
small_vocab = {tok: i for tok, i in encoder.items() if i < 256 + len(small_merges)}
small_vocab["<|endoftext|>"] = len(small_vocab)
write("small", {"version": "1.0", "added_tokens": [added(small_vocab["<|endoftext|>"], "<|endoftext|>")],
                "normalizer": None, "pre_tokenizer": byte_level(False, True), "post_processor": None,
                "decoder": byte_level(True, True),
                "model": bpe_model(small_vocab, [m.split(" ") for m in small_merges])})

# ---------------------------------------------------------------- Llama-3-style

sym = bytes_to_unicode()
l3_merges = merges[:6000]
l3_vocab = {tok: i for tok, i in encoder.items() if i < 256 + len(l3_merges)}
for w in WORDS + [" " + w for w in WORDS] + ["ing", " embedding", "ization", "123", "2026"]:
    t = "".join(sym[b] for b in w.encode("utf-8"))
    if t not in l3_vocab:
        l3_vocab[t] = len(l3_vocab)
specials = ["<|begin_of_text|>", "<|end_of_text|>", "<|endoftext|>"]
l3_added = []
for s in specials:
    l3_added.append(added(len(l3_vocab) + len(l3_added), s))
write("llama3", {"version": "1.0", "added_tokens": l3_added, "normalizer": None,
                 "pre_tokenizer": {"type": "Sequence", "pretokenizers": [
                     {"type": "Split", "pattern": {"Regex": LLAMA3_REGEX}, "behavior": "Isolated", "invert": False},
                     byte_level(False, False)]},
                 "post_processor": None, "decoder": byte_level(True, True),
                 "model": bpe_model(l3_vocab, l3_merges, ignore_merges=True)})

# ---------------------------------------------------------------- SentencePiece-style (learnt here)

SP = "▁"


def learn_sp(corpus, n_merges, alphabet_size):
    words = {}
    for s in corpus:
        for w in (SP + s.replace(" ", SP)).split(SP):
            if w:
                words[SP + w] = words.get(SP + w, 0) + 1
    chars = {}
    for w, c in words.items():
        for ch in w:
            chars[ch] = chars.get(ch, 0) + c
    alphabet = [ch for ch, _ in sorted(chars.items(), key=lambda kv: (-kv[1], kv[0]))[:alphabet_size]]
    seqs = {w: [ch for ch in w] for w in words}
    vocab = ["<unk>", "<s>", "</s>"] + ["<0x%02X>" % b for b in range(256)] + alphabet
    known = set(vocab)
    learnt = []
    for _ in range(n_merges):
        pairs = {}
        for w, seq in seqs.items():
            for a, b in zip(seq, seq[1:]):
                if a in known and b in known:
                    pairs[(a, b)] = pairs.get((a, b), 0) + words[w]
        if not pairs:
            break
        (a, b), _ = max(pairs.items(), key=lambda kv: (kv[1], kv[0]))
        learnt.append((a, b))
        if a + b not in known:
            vocab.append(a + b)
            known.add(a + b)
        for w, seq in seqs.items():
            i, out = 0, []
            while i < len(seq):
                if i + 1 < len(seq) and seq[i] == a and seq[i + 1] == b:
                    out.append(a + b)
                    i += 2
                else:
                    out.append(seq[i])
                    i += 1
            seqs[w] = out
    return {t: i for i, t in enumerate(vocab)}, [a + " " + b for a, b in learnt]


sp_vocab, sp_merges = learn_sp(strings[: max(200, count // 3)], 700, 120)
sp_added = [added(0, "<unk>"), added(1, "<s>"), added(2, "</s>")]
sp_model = bpe_model(sp_vocab, sp_merges, unk_token="<unk>", fuse_unk=True, byte_fallback=True)
write("spbpe", {"version": "1.0", "added_tokens": sp_added,
                "normalizer": {"type": "Sequence", "normalizers": [
                    {"type": "Prepend", "prepend": SP}, {"type": "Replace", "pattern": {"String": " "}, "content": SP}]},
                "pre_tokenizer": None, "post_processor": None,
                "decoder": {"type": "Sequence", "decoders": [
                    {"type": "Replace", "pattern": {"String": SP}, "content": " "}, {"type": "ByteFallback"},
                    {"type": "Fuse"}, {"type": "Strip", "content": " ", "start": 1, "stop": 0}]},
                "model": sp_model})
write("metaspace", {"version": "1.0", "added_tokens": sp_added, "normalizer": None,
                    "pre_tokenizer": {"type": "Metaspace", "replacement": SP, "prepend_scheme": "first", "split": False},
                    "post_processor": None,
                    "decoder": {"type": "Metaspace", "replacement": SP, "prepend_scheme": "first", "split": False},
                    "model": sp_model})
print("strings:", len(strings), "spbpe vocabulary:", len(sp_vocab), "merges:", len(sp_merges))
