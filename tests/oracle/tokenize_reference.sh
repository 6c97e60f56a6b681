#!/usr/bin/env bash
# ctest oracle.tokenize_reference: `lookupviz --tokenize` vs the Python reference BPE on
# 3,000 generated strings (tests/oracle/compare_tokenize.py). Needs Debian's python3-regex
# for /usr/bin/python3 (scripts/setup.sh installs it); skipped (exit 77) without it.
set -euo pipefail
bin="$1" src="$2"
if ! /usr/bin/python3 -c "import regex" 2>/dev/null; then
  echo "skipped: /usr/bin/python3 has no regex module (apt-get install python3-regex)"
  exit 77
fi
exec /usr/bin/python3 "$src/tests/oracle/compare_tokenize.py" "$bin" "$src" "${LV_TOKENIZE_COUNT:-3000}"
