#!/usr/bin/env bash
# ctest oracle.map_pca_oracle: --map-json and --map-npy against NumPy's float64 SVD of the
# centred table (tests/oracle/map_pca_oracle.py). Skipped (exit 77) without Debian's
# python3-numpy. A few seconds.
#   bash map_pca_oracle.sh <lookupviz binary> <source dir>
set -uo pipefail
bin="$1" src="$2"
if ! /usr/bin/python3 -c 'import numpy' >/dev/null 2>&1; then
  echo "SKIPPED: Debian's python3-numpy is not installed (/usr/bin/python3 lacks numpy)"
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
/usr/bin/python3 "$src/tests/oracle/map_pca_oracle.py" "$bin" "$work"
