#!/usr/bin/python3
"""known_differences.py NAME STRINGS.jsonl OUT.jsonl — the strings on which tokenizers.js and the
Rust tokenizers crate (which lookupviz follows) are known to differ for tokenizer NAME, left out
of OUT.jsonl and counted (docs/manual.md, "The model's own tokenizer", names both):

  bert*   (bertbase too) an unassigned code point (Cn): BertNormalizer's clean_text drops it in the crate
          (char::is_other), tokenizers.js keeps it (its is_control is Cc, Cf, Co, Cs)
  albert  a capital sigma Σ: Lowercase gives σ in the crate (char by char), ς at a word's end
          in JavaScript's toLowerCase
"""
import json
import sys
import unicodedata

name, src, dst = sys.argv[1:]
strings = [json.loads(line) for line in open(src, encoding="utf-8") if line.strip()]


def known(s):
    if name.startswith("bert"):
        return any(unicodedata.category(c) == "Cn" for c in s)
    if name == "albert":
        return "Σ" in s
    return False


kept = [s for s in strings if not known(s)]
with open(dst, "w", encoding="utf-8") as f:
    for s in kept:
        f.write(json.dumps(s, ensure_ascii=True) + "\n")
print(f"{name}: {len(strings) - len(kept)} of {len(strings)} strings left out (a known difference of tokenizers.js)")
