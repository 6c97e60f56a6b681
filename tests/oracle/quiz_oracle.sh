#!/usr/bin/env bash
# ctest oracle.quiz_oracle: every answer of `lookupviz --quiz-json` against real PyTorch
# and GPT-2's BPE (tests/oracle/quiz_oracle.py) on 40 states. Skipped (exit 77) without
# Debian's python3-torch, or without python3-regex for the reference BPE.
#   bash quiz_oracle.sh <lookupviz binary> <source dir>
#   LV_QUIZ_CASES=N   number of states (default 40)
set -uo pipefail
bin="$1" src="$2"
if ! /usr/bin/python3 -c 'import torch' >/dev/null 2>&1; then
  echo "SKIPPED: Debian's python3-torch is not installed"
  exit 77
fi
if ! /usr/bin/python3 -c 'import tiktoken' >/dev/null 2>&1 && ! /usr/bin/python3 -c 'import regex' >/dev/null 2>&1; then
  echo "SKIPPED: no GPT-2 reference tokenizer (python3-regex) for /usr/bin/python3"
  exit 77
fi
exec /usr/bin/python3 "$src/tests/oracle/quiz_oracle.py" "$bin" "$src" "${LV_QUIZ_CASES:-40}"
