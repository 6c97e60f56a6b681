#!/bin/sh
# bench_smoke.sh PATTERN CMD [ARGS...] — one benchmark run once, briefly (ctest -L bench): it
# must exit 0 and print a line matching PATTERN (its figures), so a benchmark that no longer
# runs is found by the suite, not the next time someone times it (./scripts/bench.sh does).
set -u
pattern="$1"
shift
out="$("$@" 2>&1)"
rc=$?
if [ "$rc" -ne 0 ]; then
  printf '%s\n' "$out" | tail -n 20
  echo "bench_smoke: $1 exited $rc"
  exit 1
fi
if ! printf '%s\n' "$out" | grep -q -- "$pattern"; then
  printf '%s\n' "$out" | tail -n 20
  echo "bench_smoke: $1 printed no line matching '$pattern' (its figures)"
  exit 1
fi
printf '%s\n' "$out" | grep -- "$pattern" | head -n 5
echo "bench_smoke: $1 ran"
