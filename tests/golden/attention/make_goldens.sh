#!/usr/bin/env bash
# make_goldens.sh — regenerate the --attention-print goldens from real PyTorch 1.13
# (Debian's /usr/bin/python3 with python3-torch): for every "name<TAB>arguments" line of
# cases.txt, tests/oracle/attention_oracle.py writes <name>.txt (what it prints) and, for
# seeded cases, <name>.raw (the same with --raw: the float32 bits the core test reads).
# The tables' folder is written as @TABLES@ (and this folder as @HERE@) so the goldens do not
# depend on where the repository sits.
#   tests/golden/attention/make_goldens.sh
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
tables="$(cd "$here/../tables" && pwd)"
oracle="$here/../../oracle/attention_oracle.py"
/usr/bin/python3 -c 'import torch' 2>/dev/null ||
  { echo "make_goldens: Debian's python3-torch is not installed (apt-get install python3-torch)" >&2; exit 1; }
# nonfinite.npy: a 6 x 5 float32 table with an inf, a NaN and a row of 1e30 (scores overflow to
# inf, and inf - inf is NaN): torch's NaN and inf paths through the softmax.
/usr/bin/python3 - "$here/nonfinite.npy" <<'PY'
import sys
import numpy
a = numpy.random.default_rng(0).standard_normal((6, 5)).astype(numpy.float32)
a[1, 2], a[3, 0], a[4] = numpy.inf, numpy.nan, 1e30
numpy.save(sys.argv[1], a)
PY
count=0
while IFS=$'\t' read -r name args; do
  case "$name" in ''|'#'*) continue ;; esac
  args="${args//@HERE@/$here}"
  # shellcheck disable=SC2086  # the arguments are split on spaces on purpose
  /usr/bin/python3 "$oracle" ${args//@TABLES@/$tables} > "$here/$name.txt.tmp"
  mv "$here/$name.txt.tmp" "$here/$name.txt"
  if [[ "$args" != *@TABLES@* && "$args" != *--weights* ]]; then
    # shellcheck disable=SC2086
    /usr/bin/python3 "$oracle" $args --raw > "$here/$name.raw.tmp"
    mv "$here/$name.raw.tmp" "$here/$name.raw"
  fi
  count=$((count + 1))
done < "$here/cases.txt"
echo "make_goldens: wrote $count cases to $here"
