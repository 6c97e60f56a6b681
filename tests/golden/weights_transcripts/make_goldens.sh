#!/usr/bin/env bash
# Regenerates the --print --weights goldens with real PyTorch (tests/oracle/weights_oracle.py)
# on the committed tables of ../tables. The tables' folder is written as @TABLES@ so the
# goldens do not depend on where the repository sits.   Needs Debian's python3-torch.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
tables="$(cd "$here/../tables" && pwd)"
oracle="$here/../../oracle/weights_oracle.py"
while IFS=$'\t' read -r name args; do
  [ -z "$name" ] || [ "${name:0:1}" = "#" ] && continue
  # shellcheck disable=SC2086
  /usr/bin/python3 "$oracle" ${args//@TABLES@/$tables} | sed "s|$tables|@TABLES@|g" > "$here/$name.txt"
  echo "wrote $name.txt"
done < "$here/cases.txt"
