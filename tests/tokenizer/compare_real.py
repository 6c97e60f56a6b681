#!/usr/bin/python3
"""compare_real.py NAME STRINGS.jsonl REFERENCE LOOKUPVIZ KNOWN SECONDS [--ids-only]

One published tokenizer's check (tests/tokenizer/real_reference.sh): tokenizers.js's answers
(hf_encode.mjs) against lookupviz's (tokenize_batch), each "IDs line, decoded JSON string line"
per string. Prints one row — strings, equal, %, seconds — and each string that differs.
Fails when fewer than 99.9 % are equal, or when a string differs that KNOWN does not list:
every difference lookupviz keeps is named in docs/manual.md, and KNOWN (lines "NAME<TAB>the
string as JSON"; NAME as llama3 or llama3.gguf) is that list. --ids-only: the decoded text is not compared (a GGUF decodes as
llama.cpp does)."""
import json
import sys

name, strings_path, ref_path, lv_path, known_path, seconds = sys.argv[1:7]
ids_only = "--ids-only" in sys.argv[7:]
strings = [json.loads(line) for line in open(strings_path, encoding="utf-8") if line.strip()]
ref = open(ref_path, encoding="utf-8").read().split("\n")
got = open(lv_path, encoding="utf-8").read().split("\n")
known = set()
for line in open(known_path, encoding="utf-8"):
    if line.strip() and not line.startswith("#"):
        who, text = line.rstrip("\n").split("\t", 1)
        known.add((who, json.loads(text)))
n = len(strings)
if len(ref) < 2 * n or len(got) < 2 * n:
    print(f"{name}: short output ({len(ref) // 2} reference, {len(got) // 2} lookupviz answers for {n} strings)")
    sys.exit(1)
differ = [i for i in range(n) if ref[2 * i] != got[2 * i] or
          (not ids_only and json.loads(ref[2 * i + 1]) != json.loads(got[2 * i + 1]))]
equal = n - len(differ)
percent = 100.0 * equal / n
print(f"{name:<14} {n:>6} strings {equal:>6} equal {percent:8.3f} % {float(seconds):7.2f} s")
unnamed = [i for i in differ if (name, strings[i]) not in known]
for i in differ:
    note = "" if (name, strings[i]) in known else "   (not named in docs/manual.md)"
    print(f"  differs: {json.dumps(strings[i])}{note}\n    tokenizers.js {ref[2 * i]}  {ref[2 * i + 1]}\n"
          f"    lookupviz     {got[2 * i]}  {got[2 * i + 1]}")
if percent < 99.9:
    print(f"  {name}: {percent:.3f} % equal, below 99.9 %")
sys.exit(1 if percent < 99.9 or unnamed else 0)
