#!/usr/bin/python3
"""compare_tokenize.py — `lookupviz --tokenize` against the independent Python BPE
(gpt2_bpe_reference.py, openai/gpt-2's algorithm with Debian's python3-regex) on
thousands of generated strings, and decode(encode(s)) == s on every one of them.

  compare_tokenize.py BINARY SOURCE_DIR [COUNT]      exit 0 all equal, 1 a difference

The strings mix letters and digits of many scripts, emoji (skin tones, ZWJ sequences,
flags, keycaps), combining marks, runs of spaces/tabs/newlines and Unicode spaces,
contractions, punctuation, control characters and <|endoftext|> inside words. Every
character comes from blocks assigned and unchanged since Unicode 6, so PCRE2 10.42
(Unicode 14) and python3-regex (Unicode 15) agree on its class."""
import json
import os
import random
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gpt2_bpe_reference import Gpt2Bpe  # noqa: E402

LETTER_RANGES = [  # (first, last): every code point a letter (or, for Indic, letter + marks)
    (0x41, 0x5A), (0x61, 0x7A), (0xC0, 0xD6), (0xD8, 0xF6), (0x100, 0x17F),  # Latin
    (0x391, 0x3A1), (0x3B1, 0x3C9),  # Greek
    (0x410, 0x44F),  # Cyrillic
    (0x531, 0x556),  # Armenian
    (0x5D0, 0x5EA),  # Hebrew
    (0x627, 0x63A), (0x641, 0x64A),  # Arabic
    (0x905, 0x939), (0x93E, 0x94D),  # Devanagari letters, vowel signs (Mc/Mn: not \p{L})
    (0x995, 0x9A8),  # Bengali
    (0xE01, 0xE2E),  # Thai
    (0x10D0, 0x10FA),  # Georgian
    (0x1200, 0x1248),  # Ethiopic
    (0x3041, 0x3096), (0x30A1, 0x30FA),  # Hiragana, Katakana
    (0x4E00, 0x9FA5),  # CJK
    (0xAC00, 0xD7A3),  # Hangul
    (0x1D400, 0x1D454),  # mathematical bold letters (astral)
]
DIGIT_RANGES = [(0x30, 0x39), (0x660, 0x669), (0x966, 0x96F), (0xE50, 0xE59), (0xFF10, 0xFF19),
                (0xB2, 0xB3), (0x2160, 0x216B), (0x2460, 0x2473), (0xBC, 0xBE)]  # No, Nl too
SPACES = [" ", "  ", "   ", "    ", "\t", "\t\t", "\n", "\n\n", "\r\n", " \n ", "\x0b", "\x0c", "\x85",
          "\u00a0", "\u1680", "\u2000", "\u2009", "\u200a", "\u2028", "\u2029", "\u202f", "\u205f",
          "\u3000", "\u200b", "\u180e", "\ufeff"]  # the last three are not White_Space
EMOJI = ["\U0001F600", "\U0001F44D\U0001F3FD", "\U0001F468\u200d\U0001F469\u200d\U0001F467", "\U0001F1EB\U0001F1F7",
         "1\ufe0f\u20e3", "\u2764\ufe0f", "\U0001F9D1\u200d\U0001F4BB", "\U0001F30D"]
MARKS = ["\u0301", "\u0308", "\u0327", "\u20dd", "\u0651", "\u093c", "\u302a"]
PUNCT = list("!\"#$%&()*+,-./:;<=>?@[\\]^_`{|}~") + ["--", "...", "\u2014", "\u00ab", "\u00bb", "\u201c",
                                                       "\u2026", "\u20ac", "\u00a9", "\u2603", "\x01", "\x1f", "\x7f"]
CONTRACTIONS = ["'s", "'t", "'re", "'ve", "'m", "'ll", "'d", "'S", "'T", "'RE", "n't", "'", "''"]
WORDS = ["Hello", "world", "someunknownPlace", "Akwirw", "ier", "Implementations", "the", "sunlit", "terraces",
         "GPT", "token", "embedding", "café", "naïve", "東京", "Москва", "مرحبا", "नमस्ते"]


def pick(rng, ranges):
    a, b = rng.choice(ranges)
    return chr(rng.randint(a, b))


def piece(rng):
    k = rng.random()
    if k < 0.22: return "".join(pick(rng, LETTER_RANGES) for _ in range(rng.randint(1, 8)))
    if k < 0.32: return rng.choice(WORDS)
    if k < 0.42: return "".join(pick(rng, DIGIT_RANGES) for _ in range(rng.randint(1, 6)))
    if k < 0.58: return rng.choice(SPACES) * rng.randint(1, 3)
    if k < 0.65: return rng.choice(EMOJI)
    if k < 0.71: return rng.choice(MARKS)
    if k < 0.81: return rng.choice(PUNCT)
    if k < 0.90: return rng.choice(CONTRACTIONS)
    if k < 0.95: return "<|endoftext|>"
    return rng.choice(["<|", "|>", "endoftext", "<|endoftext", "endoftext|>", "<|endoftext|>" * 2])


def generate(count, seed=14):
    rng = random.Random(seed)
    texts = []
    for i in range(count):
        s = "".join(piece(rng) for _ in range(rng.randint(1, 14)))
        if i % 7 == 0:  # <|endoftext|> inside a word
            at = rng.randint(0, len(s))
            s = s[:at] + "<|endoftext|>" + s[at:]
        texts.append(s)
    return texts


def tokenize_all(binary, texts):
    """Every text in one `--tokenize-lines -` process (cli.TokenizeLines proves each line gives what
    --tokenize gives): 3,000 processes cost 15 minutes of CI under ASan. Half the lines are JSON
    with raw UTF-8, half with \\u escapes (surrogate pairs for the astral characters)."""
    lines = "".join(json.dumps(s, ensure_ascii=(i % 2 == 1)) + "\n" for i, s in enumerate(texts))
    r = subprocess.run([binary, "--tokenize-lines", "-"], input=lines.encode("utf-8"), capture_output=True)
    out = r.stdout.decode("utf-8", "replace").split("\n")
    if r.returncode != 0 or len(out) != len(texts) + 1:
        sys.exit("--tokenize-lines exited %d with %d lines for %d texts: %r" %
                 (r.returncode, len(out) - 1, len(texts), r.stderr[-2000:]))
    return [line + "\n" for line in out[:-1]]


def main():
    binary, source = sys.argv[1], sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 3000
    ref = Gpt2Bpe(os.path.join(source, "assets", "gpt2"))
    texts = generate(count)
    printed = tokenize_all(binary, texts)

    def check(index):
        s = texts[index]
        want = str(ref.encode(s)) + "\n"
        problems = []
        if printed[index] != want:
            problems.append("encode %r: lookupviz %r, reference %r" % (s, printed[index], want))
            return problems, False
        ids = eval(printed[index])  # a list of ints, as Python prints it
        if ref.decode_bytes(ids).decode("utf-8") != s:
            problems.append("reference decode of lookupviz's IDs is not the text: %r" % s)
        alone = index % 10 == 0  # one text in ten also as its own process, through the argument
        if alone:
            # "--flag=value": a text that starts with "--" stays a value.
            r = subprocess.run([binary, "--tokenize=" + s], capture_output=True)
            if r.returncode != 0 or r.stdout.decode("utf-8", "replace") != want:
                problems.append("--tokenize=%r gives %r (exit %d, %r), not %r" %
                                (s, r.stdout, r.returncode, r.stderr, want))
            d = subprocess.run([binary, "--detokenize=" + ",".join(map(str, ids))], capture_output=True)
            if d.returncode != 0 or d.stdout.decode("utf-8") != s + "\n":
                problems.append("--detokenize %r gives %r, not %r" % (ids, d.stdout, s))
        return problems, alone

    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(check, range(len(texts))))
    problems = [p for ps, _ in results for p in ps]
    alone = sum(1 for _, d in results if d)
    for p in problems[:10]:
        print(p)
    scripts = len(LETTER_RANGES)
    print("compare_tokenize: %d strings (%d letter ranges, emoji, marks, spaces, <|endoftext|>) in one --tokenize-lines "
          "run: %d differ from the reference BPE; decode(encode(s)) == s checked on all, --tokenize and --detokenize "
          "as processes of their own on %d" % (len(texts), scripts, len(problems), alone))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
