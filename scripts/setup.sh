#!/usr/bin/env bash
# Shared set-up for run.sh, test.sh and friends: install the Debian packages the
# build needs (only the missing ones), then configure and build into build/.
#   source scripts/setup.sh; lv_setup [Release|Debug] [extra cmake args...]
set -euo pipefail

LV_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# Everything the build, the app and the tests need, all from Debian 12's archive.
LV_PACKAGES=(
  cmake g++ make pkg-config
  libimgui-dev libglfw3-dev libeigen3-dev python3-glad libstb-dev libgif-dev libpcre2-dev libicu-dev libsystemd-dev
  libgtest-dev libbenchmark-dev
  xvfb xauth libgl1-mesa-dri
  xdotool imagemagick x11-utils
  dbus-daemon python3-dbus python3-gi
  fonts-inter fonts-jetbrains-mono
  # CJK (and more) in the user's text: only the glyphs a text uses go into the atlas.
  fonts-droid-fallback
)

# Only the tests need these: python3-regex runs the reference GPT-2 tokenizer
# (tests/oracle/compare_tokenize.py) with /usr/bin/python3; the test skips without it.
# xclip serves the X clipboard to the paste journey (tests/render/wide_text_e2e.sh).
# clang-format checks the style (scripts/check_format.sh, run by .ci/run).
# python3-sentencepiece is SentencePiece itself: the reference for a Precompiled normalizer's
# charsmap (tests/tokenizer/precompiled_reference.py).
LV_TEST_PACKAGES=(python3-regex xclip clang-format python3-numpy python3-sentencepiece)

lv_install_missing() {
  local missing=() p
  for p in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$p")
    fi
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "lookupviz: installing missing Debian packages: ${missing[*]}" >&2
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then sudo=(sudo); else
      echo "lookupviz: need root (or sudo) to install: ${missing[*]}" >&2; return 1
    fi
  fi
  # Refresh the package lists only when they are missing or older than a day.
  if [ -z "$(find /var/lib/apt/lists -maxdepth 1 -name '*Packages*' -mtime -1 2>/dev/null | head -n 1)" ]; then
    "${sudo[@]}" apt-get update -qq
  fi
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
}

# lv_build DIR BUILD_TYPE [cmake args...]: configure once, then build incrementally.
# LV_TARGET=name builds one target only (run.sh builds just the app).
lv_build() {
  local dir="$1" type="$2"; shift 2
  if [ ! -f "$LV_ROOT/$dir/CMakeCache.txt" ]; then
    cmake -S "$LV_ROOT" -B "$LV_ROOT/$dir" -DCMAKE_BUILD_TYPE="$type" "$@" >&2
  elif [ $# -gt 0 ]; then
    cmake "$LV_ROOT/$dir" "$@" >/dev/null
  fi
  cmake --build "$LV_ROOT/$dir" -j "$(nproc)" ${LV_TARGET:+--target "$LV_TARGET"} >&2
}
