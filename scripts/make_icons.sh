#!/usr/bin/env bash
# Re-renders the committed PNG icons from assets/icons/lookupviz.svg (the project's
# own drawing) with rsvg-convert from Debian's librsvg2-bin, installed if missing.
# Not part of the build: run it after editing the SVG, and commit the PNGs.
#   ./scripts/make_icons.sh
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
lv_install_missing librsvg2-bin
svg="$LV_ROOT/assets/icons/lookupviz.svg"
for n in 16 32 48 64 128 256; do
  out="$LV_ROOT/assets/icons/hicolor/${n}x${n}/apps/lookupviz.png"
  mkdir -p "$(dirname "$out")"
  rsvg-convert --width "$n" --height "$n" --output "$out" "$svg"
  echo "$out"
done
