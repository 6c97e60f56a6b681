#!/usr/bin/env bash
# attention_parity.sh — `lookupviz --attention-print` against live PyTorch 1.13
# (tests/oracle/attention_oracle.py, the issue's Python) on random states: seeds up to 2^63
# (some negative), V up to 3,000, D up to 300, 1-64 IDs, d_out 1-64, beta in
# {0, 0.5, 1, 3, 1000}, the causal mask on or off, slide 8's positions added or not (--positions).
# Every output must be byte-identical.
# Skipped (exit 77) without Debian's python3-torch. A few seconds: torch is imported once.
#   bash attention_parity.sh <lookupviz binary> <source dir>
#   LV_ATTENTION_CASES=N   number of states (default 50)
#   LV_ATTENTION_SEED=S    other random states (default: a fixed seed, the same states each run)
set -uo pipefail
bin="$1"
src="$2"
oracle="$src/tests/oracle/attention_oracle.py"
cases="${LV_ATTENTION_CASES:-50}"
seed="${LV_ATTENTION_SEED:-20261203}"

if ! /usr/bin/python3 -c 'import torch' >/dev/null 2>&1; then
  echo "SKIPPED: Debian's python3-torch is not installed"
  exit 77
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
echo "attention parity: $cases states, seed $seed"
/usr/bin/python3 "$oracle" --generate "$cases" "$seed" --out "$work" || { echo "FAILED: the oracle failed"; exit 1; }

i=0
same=0
while IFS= read -r args; do
  want="$work/$(printf '%04d' "$i").txt"
  # shellcheck disable=SC2086  # the arguments are split on spaces on purpose
  "$bin" --attention-print $args > "$work/got.txt" 2> "$work/err.txt"
  if cmp -s "$want" "$work/got.txt"; then
    same=$((same + 1))
  else
    echo "FAILED: lookupviz --attention-print $args"
    cat "$work/err.txt"
    diff -u --label torch --label lookupviz "$want" "$work/got.txt" | head -n 40
  fi
  i=$((i + 1))
done < "$work/cases.txt"
echo "$same/$cases states identical"
[ "$same" -eq "$cases" ] && [ "$i" -eq "$cases" ]
