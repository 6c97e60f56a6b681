#!/usr/bin/env bash
# make_goldens.sh — regenerate the --train-print golden transcripts from real PyTorch.
# For every "name<TAB>arguments" line of cases.txt, runs shared/tools/train-oracle
# (with Debian's /usr/bin/python3 and python3-torch) and writes <name>.txt.
#   tests/golden/train/make_goldens.sh [path/to/train-oracle]
# Default oracle: ../shared/tools/train-oracle next to the repository.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
oracle="${1:-$here/../../../../shared/tools/train-oracle}"
[ -f "$oracle" ] || { echo "make_goldens: no train-oracle at $oracle" >&2; exit 1; }
/usr/bin/python3 -c 'import torch' 2>/dev/null ||
  { echo "make_goldens: Debian's python3-torch is not installed (apt-get install python3-torch)" >&2; exit 1; }

count=0
while IFS=$'\t' read -r name args; do
  case "$name" in ''|'#'*) continue ;; esac
  # shellcheck disable=SC2086  # the arguments are split on spaces on purpose
  /usr/bin/python3 "$oracle" $args > "$here/$name.txt.tmp"
  mv "$here/$name.txt.tmp" "$here/$name.txt"
  count=$((count + 1))
done < "$here/cases.txt"
echo "make_goldens: wrote $count transcripts to $here"
