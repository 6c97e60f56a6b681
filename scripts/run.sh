#!/usr/bin/env bash
# Build lookupviz (Release, into build/) and launch it with the given arguments.
# Installs any missing Debian package first.   ./scripts/run.sh [lookupviz args...]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
lv_install_missing "${LV_PACKAGES[@]}"
LV_TARGET=lookupviz lv_build build Release
exec "$LV_ROOT/build/lookupviz" "$@"
