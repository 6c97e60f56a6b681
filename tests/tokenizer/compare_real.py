#!/usr/bin/python3
"""compare_real.py NAME STRINGS.jsonl REFERENCE KNOWN SECONDS [--cli FILE] [--batch FILE]
   compare_real.py --as-reference STRINGS.jsonl CLI_OUT
   compare_real.py --independent NAME STRINGS.jsonl ENCODER_OUT CLI_OUT

One published tokenizer's check (tests/tokenizer/real_reference.sh): tokenizers.js's answers
(hf_encode.mjs: per string an IDs line and the decoded text as a JSON string) against
lookupviz's: --cli, `lookupviz --tokenize-lines`'s output (per string its IDs as a Python
list); --batch, tokenize_batch's (the same two lines as the reference: IDs and decoded text).
Prints one row — strings, equal, %, SECONDS — and each string that differs. Fails when fewer
than 99.9 % are equal, or when a string differs that KNOWN does not list: every difference
lookupviz keeps is named in docs/manual.md, and KNOWN (lines "NAME<TAB>the string as JSON";
NAME as llama3 or llama3.gguf) is that list."""
import json
import sys

if sys.argv[1] == "--as-reference":
    # compare_real.py --as-reference STRINGS.jsonl CLI_OUT: a --tokenize-lines output as a
    # reference (each string's IDs, and the string itself as its decoded text), for GPT-2,
    # whose reference is lookupviz's own tiktoken-exact tokenizer.
    texts = [json.loads(line) for line in open(sys.argv[2], encoding="utf-8") if line.strip()]
    lines = open(sys.argv[3], encoding="utf-8").read().split("\n")
    for k, text in enumerate(texts):
        print(" ".join(lines[k].strip("[]").split(", ")) if k < len(lines) else "")
        print(json.dumps(text))
    sys.exit(0)

if sys.argv[1] == "--independent":
    # compare_real.py --independent NAME STRINGS.jsonl ENCODER_OUT CLI_OUT: an independent
    # encoder's IDs (independent_encode.mjs; an empty line for a string it cannot encode, one
    # holding an added token's text) against lookupviz --tokenize-lines': all must be equal.
    name, texts = sys.argv[2], [json.loads(line) for line in open(sys.argv[3], encoding="utf-8") if line.strip()]
    theirs = open(sys.argv[4], encoding="utf-8").read().split("\n")
    ours = open(sys.argv[5], encoding="utf-8").read().split("\n")
    asked = [k for k, text in enumerate(texts) if k < len(theirs) and (theirs[k] != "" or text == "")]
    differ = [k for k in asked if k >= len(ours) or theirs[k] != " ".join(ours[k].strip("[]").split(", "))]
    print(f"{name:<14} {len(asked):>6} strings {len(asked) - len(differ):>6} equal (those with no added token's text)")
    for k in differ:
        print(f"  differs: {json.dumps(texts[k])}\n    {name} {theirs[k]}\n    lookupviz {ours[k] if k < len(ours) else ''}")
    sys.exit(1 if differ or len(asked) < len(texts) // 2 else 0)

name, strings_path, ref_path, known_path, seconds = sys.argv[1:6]
extra = dict(zip(sys.argv[6::2], sys.argv[7::2]))
strings = [json.loads(line) for line in open(strings_path, encoding="utf-8") if line.strip()]
n = len(strings)
ref = open(ref_path, encoding="utf-8").read().split("\n")
known = set()
for line in open(known_path, encoding="utf-8"):
    if line.strip() and not line.startswith("#"):
        who, text = line.rstrip("\n").split("\t", 1)
        known.add((who, json.loads(text)))
answers = {}  # string index -> [(what, ids, text or None)]
if "--cli" in extra:
    cli = open(extra["--cli"], encoding="utf-8").read().split("\n")
    for i in range(min(n, len(cli))):
        answers.setdefault(i, []).append(("lookupviz --tokenize-lines", " ".join(cli[i].strip("[]").split(", ")), None))
if "--batch" in extra:
    got = open(extra["--batch"], encoding="utf-8").read().split("\n")
    for i in range(min(n, len(got) // 2)):
        answers.setdefault(i, []).append(("tokenize_batch", got[2 * i], json.loads(got[2 * i + 1])))
want = len(extra)
short = [i for i in range(n) if len(answers.get(i, [])) < want]
if len(ref) < 2 * n or short:
    print(f"{name}: short output ({len(ref) // 2} reference answers for {n} strings; lookupviz's end at string "
          f"{short[0] if short else n})")
    sys.exit(1)


def same(i):
    return all(ids == ref[2 * i] and (text is None or text == json.loads(ref[2 * i + 1])) for _, ids, text in answers[i])


differ = [i for i in range(n) if not same(i)]
equal = n - len(differ)
percent = 100.0 * equal / n
print(f"{name:<14} {n:>6} strings {equal:>6} equal {percent:8.3f} % {float(seconds):7.2f} s")
unnamed = [i for i in differ if (name, strings[i]) not in known]
for i in differ:
    note = "" if (name, strings[i]) in known else "   (not named in docs/manual.md)"
    print(f"  differs: {json.dumps(strings[i])}{note}\n    tokenizers.js {ref[2 * i]}  {ref[2 * i + 1]}")
    for what, ids, text in answers[i]:
        print(f"    {what} {ids}" + ("" if text is None else "  " + json.dumps(text)))
if percent < 99.9:
    print(f"  {name}: {percent:.3f} % equal, below 99.9 %")
sys.exit(1 if percent < 99.9 or unnamed else 0)
