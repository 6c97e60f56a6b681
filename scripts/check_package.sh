#!/usr/bin/env bash
# Installs the .deb made by ./scripts/package.sh the way a user would
# (apt-get install ./build/lookupviz_*.deb), runs the installed app from / with no
# build tree in sight, then removes it again so the machine is left as it was found.
# Needs root (or sudo). CI runs it after package.sh.   ./scripts/check_package.sh [DEB]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
deb="$(realpath "${1:-$(ls "$root/${BUILD_DIR:-build}"/lookupviz_*.deb | head -n 1)}")"
sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo)
export DEBIAN_FRONTEND=noninteractive

# A lookupviz installed before this check stays installed; otherwise it goes again.
was_installed=0
dpkg-query -W -f='${Status}' lookupviz 2>/dev/null | grep -q "install ok installed" && was_installed=1
tmp="$(mktemp -d)"
cleanup() {
  rm -rf "$tmp"
  [ "$was_installed" = 1 ] || "${sudo[@]}" apt-get remove -y -qq lookupviz >/dev/null
}
trap cleanup EXIT

"${sudo[@]}" apt-get install -y -qq "$deb" >/dev/null
passed=0 failed=0
check() {  # check NAME COMMAND...: runs from /, counts the result
  if (cd / && "${@:2}") >"$tmp/out" 2>&1; then
    passed=$((passed + 1)); echo "ok   $1"
  else
    failed=$((failed + 1)); echo "FAIL $1"; sed 's/^/     /' "$tmp/out"
  fi
}
png="$tmp/x.png"
check "installed at /usr/bin"      test "$(command -v lookupviz)" = /usr/bin/lookupviz
check "lookupviz --version"        lookupviz --version
check "lookupviz --print"          bash -c 'lookupviz --print | grep -q "tensor(\["'
check "lookupviz --tokenize"       bash -c 'test "$(lookupviz --tokenize "Every effort moves you")" = "[6109, 3626, 6100, 345]"'
check "lookupviz --text --print"   bash -c 'lookupviz --print --text "Hello, world" | grep -qF "idx = torch.tensor([15496, 11, 995])"'
check "xvfb-run screenshot"        bash -c "xvfb-run -a lookupviz --screenshot '$png' && test -s '$png'"
check "desktop entry, icon, man"   test -f /usr/share/applications/lookupviz.desktop \
  -a -f /usr/share/icons/hicolor/scalable/apps/lookupviz.svg -a -f /usr/share/man/man1/lookupviz.1.gz \
  -a -f /usr/share/lookupviz/gpt2-bpe.bin -a -f /usr/share/doc/lookupviz/gpt2/LICENSE.gpt-2
(cd / && lookupviz --version)
echo "package: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
