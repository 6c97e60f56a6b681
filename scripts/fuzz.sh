#!/usr/bin/env bash
# Fuzz the parsers, the formatter and GPT-2's tokenizer with clang's libFuzzer under ASan + UBSan:
#   ./scripts/fuzz.sh [SECONDS] [--merge] [TARGET...]      (default: 60 s, every target)
# Builds build-fuzz with clang 14 (installing clang-14 and libclang-rt-14-dev if missing),
# then runs each target for SECONDS on its committed corpus (tests/fuzz/corpus/<t>) and
# regressions (tests/fuzz/regressions/<t>), nproc targets at a time. New interesting
# inputs are kept in build-fuzz/fuzz-work/<t> (merged into the committed corpus only with
# --merge). Prints one line per target ("fuzz_ids: 1234567 runs in 60 s, no crash") and
# exits 1 on any crash, leak, timeout, out-of-memory or UB report, leaving the input in
# build-fuzz/crashes/<t>/ and the log in build-fuzz/logs/<t>.log.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

# Only the fuzz build needs clang; the default build and tests use g++ alone.
LV_FUZZ_PACKAGES=(clang-14 libclang-rt-14-dev)
ALL_TARGETS=(fuzz_ids fuzz_cli fuzz_npy fuzz_safetensors fuzz_settings fuzz_format fuzz_bpe fuzz_recent fuzz_gguf fuzz_hf_folder fuzz_tokenizer_json fuzz_gguf_tokenizer fuzz_tokenizer_cache)

seconds=60 merge=0 targets=()
for a in "$@"; do
  case "$a" in
    --merge) merge=1 ;;
    ''|*[!0-9]*) targets+=("$a") ;;
    *) seconds="$a" ;;
  esac
done
[ ${#targets[@]} -eq 0 ] && targets=("${ALL_TARGETS[@]}")

lv_install_missing "${LV_PACKAGES[@]}" "${LV_FUZZ_PACKAGES[@]}"
# -O2 with assertions kept (no NDEBUG): Eigen's bounds checks are worth having here.
LV_TARGET=fuzz_all lv_build build-fuzz RelWithDebInfo \
  -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 -DLOOKUPVIZ_FUZZ=ON \
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g" "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O2 -g"

B="$LV_ROOT/build-fuzz" F="$LV_ROOT/tests/fuzz"
mkdir -p "$B/logs"

# run_one TARGET: fuzz it for $seconds; the exit status says whether it found anything.
run_one() {
  local t="$1" dirs=() dict=()
  mkdir -p "$B/fuzz-work/$t" "$B/crashes/$t"
  dirs=("$B/fuzz-work/$t" "$F/corpus/$t")
  [ -d "$F/regressions/$t" ] && dirs+=("$F/regressions/$t")
  [ -f "$F/dict/$t.dict" ] && dict=("-dict=$F/dict/$t.dict")
  # -rss_limit_mb and -malloc_limit_mb: a parser that allocates what a header claims
  # is a bug; -timeout: so is one that spins.
  ASAN_OPTIONS="detect_leaks=1:intercept_tls_get_addr=0:abort_on_error=1" UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
    "$B/tests/fuzz/$t" -max_total_time="$seconds" -max_len=16384 -timeout=10 \
      -rss_limit_mb=2048 -malloc_limit_mb=2048 -print_final_stats=1 \
      -artifact_prefix="$B/crashes/$t/" "${dict[@]}" "${dirs[@]}" >"$B/logs/$t.log" 2>&1
}

report() {  # report TARGET STATUS
  local t="$1" status="$2" runs
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$B/logs/$t.log" | tail -n 1)
  if [ "$status" -eq 0 ]; then
    echo "$t: ${runs:-?} runs in $seconds s, no crash"
  else
    echo "$t: FAILED (exit $status) after ${runs:-?} runs; input in build-fuzz/crashes/$t/, log in build-fuzz/logs/$t.log"
    grep -E "ERROR: |runtime error: |invariant broken|SUMMARY: " "$B/logs/$t.log" | head -n 5 | sed 's/^/    /'
  fi
}

# nproc targets at a time: each still gets its own core for the full time.
jobs=$(nproc)
pids=() names=() failed=0
for t in "${targets[@]}"; do
  if [ ! -x "$B/tests/fuzz/$t" ]; then echo "fuzz.sh: no target $t (have: ${ALL_TARGETS[*]})" >&2; exit 2; fi
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do sleep 0.2; done
  run_one "$t" & pids+=($!) names+=("$t")
done
passed=0
for i in "${!pids[@]}"; do
  status=0
  wait "${pids[$i]}" || status=$?
  report "${names[$i]}" "$status"
  if [ "$status" -eq 0 ]; then passed=$((passed + 1)); else failed=1; fi
done

if [ "$merge" -eq 1 ] && [ "$failed" -eq 0 ]; then
  for t in "${targets[@]}"; do  # keep only the inputs that add coverage
    "$B/tests/fuzz/$t" -merge=1 -max_len=16384 "$F/corpus/$t" "$B/fuzz-work/$t" >"$B/logs/$t.merge.log" 2>&1
    echo "$t: corpus now $(ls "$F/corpus/$t" | wc -l) files"
  done
fi
echo "fuzz: $passed passed, $(( ${#targets[@]} - passed )) failed"
exit "$failed"
