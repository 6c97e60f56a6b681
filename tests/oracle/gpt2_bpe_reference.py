#!/usr/bin/python3
"""gpt2_bpe_reference.py — an independent GPT-2 tokenizer for the tests: openai/gpt-2's
encoder.py algorithm (the merge list by pair rank, every occurrence of the best pair
merged in turn) over the same assets/gpt2 files, with Debian's python3-regex for the
pattern (\\s, \\p{L}, \\p{N} as Unicode defines them). <|endoftext|> is split out first,
as tiktoken's encode(text, allowed_special={"<|endoftext|>"}) does.

  gpt2_bpe_reference.py ASSETS_DIR TEXT     prints the IDs as a Python list
Imported by compare_tokenize.py."""
import json
import os
import sys

import regex

PATTERN = regex.compile(r"""'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+""")
SPECIAL = "<|endoftext|>"


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


class Gpt2Bpe:
    def __init__(self, assets):
        with open(os.path.join(assets, "encoder.json"), encoding="utf-8") as f:
            self.encoder = json.load(f)
        with open(os.path.join(assets, "vocab.bpe"), encoding="utf-8") as f:
            merges = [tuple(line.split()) for line in f.read().split("\n")[1:] if line]
        self.ranks = {pair: i for i, pair in enumerate(merges)}
        self.byte_encoder = bytes_to_unicode()
        self.byte_decoder = {v: k for k, v in self.byte_encoder.items()}
        self.decoder = {v: k for k, v in self.encoder.items()}
        self.cache = {}

    def bpe(self, token):
        if token in self.cache:
            return self.cache[token]
        word = tuple(token)
        while len(word) > 1:
            pairs = {(word[i], word[i + 1]) for i in range(len(word) - 1)}
            best = min(pairs, key=lambda p: self.ranks.get(p, float("inf")))
            if best not in self.ranks:
                break
            first, second = best
            new_word, i = [], 0
            while i < len(word):
                if i < len(word) - 1 and word[i] == first and word[i + 1] == second:
                    new_word.append(first + second)
                    i += 2
                else:
                    new_word.append(word[i])
                    i += 1
            word = tuple(new_word)
        self.cache[token] = word
        return word

    def encode_ordinary(self, text):
        ids = []
        for piece in PATTERN.findall(text):
            symbols = "".join(self.byte_encoder[b] for b in piece.encode("utf-8"))
            ids.extend(self.encoder[s] for s in self.bpe(symbols))
        return ids

    def encode(self, text):
        ids = []
        parts = text.split(SPECIAL)
        for k, part in enumerate(parts):
            if k > 0:
                ids.append(self.encoder[SPECIAL])
            ids.extend(self.encode_ordinary(part))
        return ids

    def decode_bytes(self, ids):
        out = bytearray()
        for i in ids:
            token = self.decoder[i]
            out += token.encode("utf-8") if token == SPECIAL else bytes(self.byte_decoder[c] for c in token)
        return bytes(out)


if __name__ == "__main__":
    print(Gpt2Bpe(sys.argv[1]).encode(sys.argv[2]))
