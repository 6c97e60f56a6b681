#!/usr/bin/env bash
# oracle_parity.sh — `lookupviz --print` against live PyTorch (tests/oracle/torch-oracle,
# the reference transcript printer, kept in the repository so a fresh clone — CI — runs
# it too) on random cases: seeds up to 2^63 (some negative), V up to 2000 (fixed --vocab
# or max(ids)+1), D up to 300, 1-50 IDs. Skipped (exit 77) without Debian's python3-torch,
# which ./scripts/test.sh installs when it can.
#   bash oracle_parity.sh <lookupviz binary> <source dir>
#   LV_PARITY_CASES=N   number of cases (default 300)
#   LV_PARITY_SEED=S    other random cases (default: a fixed seed, the same cases each run)
set -uo pipefail
bin="$1"
src="$2"
oracle="$src/tests/oracle/torch-oracle"
cases="${LV_PARITY_CASES:-300}"
seed="${LV_PARITY_SEED:-20250611}"

if ! /usr/bin/python3 -c 'import torch' >/dev/null 2>&1; then
  echo "SKIPPED: Debian's python3-torch is not installed"
  exit 77
fi
if [ ! -f "$oracle" ]; then
  echo "SKIPPED: no torch-oracle at $oracle"
  exit 77
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
echo "oracle parity: $cases cases, seed $seed"
/usr/bin/python3 "$src/tests/oracle/oracle_batch.py" --oracle "$oracle" --out "$work" \
  --generate "$cases" --seed "$seed" || { echo "FAILED: the oracle driver failed"; exit 1; }

i=0
same=0
while IFS= read -r args; do
  want="$work/$(printf '%04d' "$i").txt"
  # shellcheck disable=SC2086  # the arguments are split on spaces on purpose
  "$bin" --print $args > "$work/got.txt" 2> "$work/err.txt"
  if cmp -s "$want" "$work/got.txt"; then
    same=$((same + 1))
  else
    echo "$same/$cases cases identical before the first difference"
    echo "FAILED: lookupviz --print $args"
    cat "$work/err.txt"
    diff -u --label torch-oracle --label lookupviz "$want" "$work/got.txt" | head -n 60
    exit 1
  fi
  i=$((i + 1))
done < "$work/cases.txt"
echo "$same/$cases cases identical"
[ "$same" -eq "$cases" ]
