#!/usr/bin/python3
"""compare_special.py NAME PLAIN_REF SPECIAL_REF PLAIN SPECIAL [BOS] — --special on a GGUF against the
folder's post-processor: on each string, what tokenizers.js's add_special_tokens=True puts
around the folder's IDs (the IDs before and after them) must be what lookupviz's --special puts
around the GGUF's (llama.cpp's add_bos / add_eos). The files are tokenize_batch's and
hf_encode.mjs's output: IDs on odd lines, the decoded text on even ones. Only the added IDs are
compared, so a string whose own IDs differ (named in real_known_differences.txt) does not count.
BOS: llama.cpp adds this BOS where the folder adds none (its metadata leaves add_bos_token to
llama.cpp's default for the model and pre-tokenizer, as convert_hf_to_gguf.py leaves it when the
folder names none): the GGUF must add it before what the folder adds."""
import sys


def ids(path):
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    return [line.split() for line in lines[0::2]][: len(lines) // 2]


def around(plain, special):
    """(before, after): special is before + plain + after, else None."""
    for k in range(len(special) - len(plain) + 1):
        if special[k:k + len(plain)] == plain:
            return tuple(special[:k]), tuple(special[k + len(plain):])
    return None


name, ref_plain, ref_special, plain, special = sys.argv[1:6]
bos = tuple(sys.argv[6:7])
rp, rs, p, s = ids(ref_plain), ids(ref_special), ids(plain), ids(special)
n = min(len(rp), len(rs), len(p), len(s))
bad = []
for i in range(n):
    want, got = around(rp[i], rs[i]), around(p[i], s[i])
    if want is not None:
        want = (bos + want[0], want[1])
    if want is None or got is None or want != got:
        bad.append((i, want, got))
first = around(p[0], s[0]) if n else None
print(f"{name} --special: {n - len(bad)} of {n} strings add the same IDs"
      + (f" (before: {list(first[0])}, after: {list(first[1])})" if first else ""))
for i, want, got in bad[:5]:
    print(f"  string {i + 1}: tokenizers.js adds {want}, lookupviz {got}")
sys.exit(1 if bad or n == 0 else 0)
