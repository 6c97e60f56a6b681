#!/usr/bin/env bash
# gguf_weights_oracle.sh — `lookupviz --print --weights F.gguf[:NAME] --ids …` against real
# PyTorch on gguf-oracle's table, for every tensor type lookupviz reads (F32, F16, BF16,
# Q8_0, Q4_0, Q4_1, Q5_0, Q5_1, Q2_K, Q3_K, Q4_K, Q5_K, Q6_K), in GGUF versions 2 and 3:
# tests/oracle/gguf-oracle writes the file (random valid blocks, metadata of every value
# type) and dequantizes it as ggml does into a .npy; tests/oracle/weights_oracle.py prints
# what torch prints for that table; the two transcripts must be byte-identical.
# Skipped (exit 77) without Debian's python3-numpy and python3-torch.
#   bash gguf_weights_oracle.sh <lookupviz binary> <source dir>
set -uo pipefail
bin="$1"
src="$2"
oracle="$src/tests/oracle/gguf-oracle"
torch_oracle="$src/tests/oracle/weights_oracle.py"

if ! /usr/bin/python3 -c 'import numpy, torch' >/dev/null 2>&1; then
  echo "SKIPPED: Debian's python3-numpy and python3-torch are not installed"
  exit 77
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
failed=0 checked=0
i=0
for t in F32 F16 BF16 Q8_0 Q4_0 Q4_1 Q5_0 Q5_1 Q2_K Q3_K Q4_K Q5_K Q6_K; do
  case "$t" in Q?_K) cols=512 ;; F*|BF16) cols=40 ;; *) cols=96 ;; esac
  version=$((2 + i % 2))
  rows=$((9 + i))
  f="m_$t.gguf"
  /usr/bin/python3 "$oracle" write "$f" --rows "$rows" --cols "$cols" --type "$t" --seed "$i" \
    --version "$version" --untied --extra-metadata || { echo "FAILED: gguf-oracle write $t"; exit 1; }
  for name in token_embd.weight output.weight; do
    spec="$f"
    [ "$name" = output.weight ] && spec="$f:$name"
    /usr/bin/python3 "$oracle" dequant "$f" --name "$name" --npy "$t.$name.npy" || { echo "FAILED: gguf-oracle dequant $t"; exit 1; }
    ids="$((rows - 1)),0,$((i % rows)),3"
    dtype=float32
    [ $((i % 4)) -eq 1 ] && dtype=bfloat16
    "$bin" --print --weights "$spec" --ids "$ids" --dtype "$dtype" >"got.txt" 2>"err.txt"
    rc=$?
    /usr/bin/python3 "$torch_oracle" --weights "$spec" --gguf-table "$t.$name.npy" --ids "$ids" --dtype "$dtype" \
      >"want.txt" || { echo "FAILED: weights_oracle.py on $spec"; exit 1; }
    checked=$((checked + 1))
    if [ "$rc" -ne 0 ] || ! cmp -s got.txt want.txt; then
      echo "FAILED: $t v$version $name (--ids $ids --dtype $dtype): lookupviz exit $rc: $(head -c 300 err.txt)"
      diff got.txt want.txt | head -n 10
      failed=1
    fi
  done
  i=$((i + 1))
done
echo "gguf weights oracle: $checked transcripts (13 types, token_embd.weight and output.weight) compared with torch"
exit "$failed"
