#!/usr/bin/python3
"""compare_ids.py NAME STRINGS.jsonl REFERENCE LOOKUPVIZ — two outputs of "IDs line, decoded
JSON string line" per string (hf_encode.mjs, tokenize_batch): every string's IDs and decoded
text must be equal. Prints the counts and the first differences; exit 1 on any."""
import json
import sys

name, strings_path, ref_path, lv_path = sys.argv[1:]
strings = [json.loads(line) for line in open(strings_path, encoding="utf-8") if line.strip()]
ref = open(ref_path, encoding="utf-8").read().split("\n")
got = open(lv_path, encoding="utf-8").read().split("\n")
n = len(strings)
if len(ref) < 2 * n or len(got) < 2 * n:
    print(f"{name}: short output ({len(ref) // 2} reference, {len(got) // 2} lookupviz answers for {n} strings)")
    sys.exit(1)
bad_ids = [i for i in range(n) if ref[2 * i] != got[2 * i]]
bad_text = [i for i in range(n) if json.loads(ref[2 * i + 1]) != json.loads(got[2 * i + 1])]
tokens = sum(len(ref[2 * i].split()) for i in range(n))
print(f"{name}: {n} strings, {tokens} tokens; IDs equal for {n - len(bad_ids)}, decoded text equal for "
      f"{n - len(bad_text)}")
for i in bad_ids[:5]:
    print(f"  IDs differ for {strings[i]!r}\n    tokenizers.js {ref[2 * i]}\n    lookupviz     {got[2 * i]}")
for i in bad_text[:5]:
    print(f"  decoded text differs for {strings[i]!r}\n    tokenizers.js {ref[2 * i + 1]}\n    lookupviz     {got[2 * i + 1]}")
sys.exit(1 if bad_ids or bad_text else 0)
