#!/usr/bin/env bash
# Build the Debian package: Release into build/ (or $BUILD_DIR), then cpack -G DEB.
# Installs any missing Debian package first (dpkg-dev and file let CPack compute the
# library dependencies with dpkg-shlibdeps). Prints the .deb's path and its summary.
#   ./scripts/package.sh   then   sudo apt-get install ./build/lookupviz_*.deb
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
lv_install_missing "${LV_PACKAGES[@]}" dpkg-dev file
dir="${BUILD_DIR:-build}"
# Only what the package holds: the app, its man page and changelog (cpack itself builds nothing).
LV_TARGET=lookupviz lv_build "$dir" Release
LV_TARGET=lookupviz_man lv_build "$dir" Release
LV_TARGET=lookupviz_changelog lv_build "$dir" Release
cd "$LV_ROOT/$dir"
rm -f lookupviz_*.deb
cpack -G DEB >&2
deb="$(ls "$PWD"/lookupviz_*.deb)"
dpkg-deb --info "$deb"
echo "$deb"
