#!/usr/bin/env bash
# Build lookupviz and every test (Release, into build/), then run them all with ctest.
# Installs any missing Debian package first.   ./scripts/test.sh [ctest args...]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
lv_install_missing "${LV_PACKAGES[@]}"
lv_build build Release
cd "$LV_ROOT/build"
exec ctest --output-on-failure -j "$(nproc)" "$@"
