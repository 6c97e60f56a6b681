#!/usr/bin/env bash
# train_parity.sh — `lookupviz --train-print` against live PyTorch (tests/oracle/train-oracle,
# a copy of shared/tools/train-oracle kept in the repository so a fresh clone — CI — runs it
# too) on random cases: the 5 optimizers in turn, seeds up to 2^63, 1-4 batches of 1-12 IDs
# (sometimes 17-48) with repeats, V up to 300 (fixed or max ID + 1), D up to 64, lr from 0.003 to 1, 1-6 steps,
# G all ones or randn:GSEED (tests/oracle/train_oracle_batch.py makes them). Byte for byte.
# Skipped (exit 77) without Debian's python3-torch; a missing oracle never passes.
#   bash train_parity.sh <lookupviz binary> <source dir>
#   LV_TRAIN_CASES=N   number of cases (default 120)
#   LV_TRAIN_SEED=S    other random cases (default: a fixed seed, the same cases each run)
set -uo pipefail
bin="$1"
src="$2"
oracle="$src/tests/oracle/train-oracle"
cases="${LV_TRAIN_CASES:-120}"
seed="${LV_TRAIN_SEED:-20261201}"

if ! /usr/bin/python3 -c 'import torch' >/dev/null 2>&1; then
  echo "SKIPPED: Debian's python3-torch is not installed"
  exit 77
fi
if [ ! -f "$oracle" ]; then
  echo "SKIPPED: no train-oracle at $oracle"
  exit 77
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
echo "train parity: $cases cases, seed $seed"
/usr/bin/python3 "$src/tests/oracle/train_oracle_batch.py" --oracle "$oracle" --out "$work" \
  --generate "$cases" --seed "$seed" || { echo "FAILED: the oracle driver failed"; exit 1; }
[ "$(wc -l < "$work/cases.txt")" -eq "$cases" ] || { echo "FAILED: the oracle made no cases"; exit 1; }

i=0
same=0
while IFS= read -r args; do
  want="$work/$(printf '%04d' "$i").txt"
  [ -s "$want" ] || { echo "FAILED: the oracle printed nothing for $args"; exit 1; }
  # shellcheck disable=SC2086  # the arguments are split on spaces on purpose
  "$bin" --train-print $args > "$work/got.txt" 2> "$work/err.txt"
  if cmp -s "$want" "$work/got.txt"; then
    same=$((same + 1))
  else
    echo "$same/$cases cases identical before the first difference"
    echo "FAILED: lookupviz --train-print $args"
    cat "$work/err.txt"
    diff -u --label train-oracle --label lookupviz "$want" "$work/got.txt" | head -n 60
    exit 1
  fi
  i=$((i + 1))
done < "$work/cases.txt"
echo "$same/$cases cases identical"
[ "$same" -eq "$cases" ]
