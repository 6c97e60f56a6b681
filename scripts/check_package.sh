#!/usr/bin/env bash
# Checks the .deb made by ./scripts/package.sh: lintian (no errors, no warnings), then
# installs it the way a user would (apt-get install ./build/lookupviz_*.deb), checks
# what it put on the system (AppStream metainfo valid under appstreamcli, the desktop
# entry under desktop-file-validate, the MIME types), runs the installed app from /
# with no build tree in sight (a table given as FILE, a drop, WM_CLASS and the icon
# under Xvfb: tests/render/desktop_e2e.sh; File ▸ Open through a stand-in desktop
# portal: tests/render/portal_e2e.sh), then removes it again so the machine is
# left as it was found. Needs root (or sudo). CI runs it after package.sh.
#   ./scripts/check_package.sh [DEB]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
root="$LV_ROOT"
# The checkers, from Debian: lintian, appstreamcli, desktop-file-validate, xprop.
lv_install_missing lintian appstream desktop-file-utils x11-utils xvfb xauth xdotool dbus-daemon python3-dbus python3-gi
deb="$(realpath "${1:-$(ls "$root/${BUILD_DIR:-build}"/lookupviz_*.deb | head -n 1)}")"
sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo)
export DEBIAN_FRONTEND=noninteractive

passed=0 failed=0
tmp="$(mktemp -d)"
check() {  # check NAME COMMAND...: runs from /, counts the result
  if (cd / && "${@:2}") >"$tmp/out" 2>&1; then
    passed=$((passed + 1)); echo "ok   $1"
  else
    failed=$((failed + 1)); echo "FAIL $1"; sed 's/^/     /' "$tmp/out"
  fi
}

# lintian before installing: every tag it reports at warning level or above fails
# (informational tags are listed, not counted).
# (lintian also reads the man page: manpage-has-errors-from-man.)
check "lintian: no errors, no warnings" lintian --fail-on error,warning --tag-display-limit 0 "$deb"

# A lookupviz installed before this check stays installed; otherwise it goes again.
was_installed=0
dpkg-query -W -f='${Status}' lookupviz 2>/dev/null | grep -q "install ok installed" && was_installed=1
cleanup() {
  rm -rf "$tmp"
  [ "$was_installed" = 1 ] || "${sudo[@]}" apt-get remove -y -qq lookupviz >/dev/null
}
trap cleanup EXIT

"${sudo[@]}" apt-get install -y -qq "$deb" >/dev/null
app_id=io.github.lookupviz.lookupviz
png="$tmp/x.png"
check "installed at /usr/bin"      test "$(command -v lookupviz)" = /usr/bin/lookupviz
check "lookupviz --version"        lookupviz --version
check "lookupviz --print"          bash -c 'lookupviz --print | grep -q "tensor(\["'
check "lookupviz --tokenize"       bash -c 'test "$(lookupviz --tokenize "Every effort moves you")" = "[6109, 3626, 6100, 345]"'
check "lookupviz --text --print"   bash -c 'lookupviz --print --text "Hello, world" | grep -qxF "[15496, 11, 995]"'
check "lookupviz --print FILE"     bash -c "cmp <(lookupviz --print '$root/tests/golden/tables/v3_f8_c.npy') \
                                              <(lookupviz --print --weights '$root/tests/golden/tables/v3_f8_c.npy')"
check "xvfb-run screenshot"        bash -c "xvfb-run -a lookupviz --screenshot '$png' && test -s '$png'"
check "desktop entry, icon, man"   test -f /usr/share/applications/$app_id.desktop \
  -a -f /usr/share/icons/hicolor/scalable/apps/lookupviz.svg -a -f /usr/share/man/man1/lookupviz.1.gz \
  -a -f /usr/share/lookupviz/gpt2-bpe.bin -a -f /usr/share/doc/lookupviz/gpt2/LICENSE.gpt-2
check "copyright, changelog"       test -f /usr/share/doc/lookupviz/copyright -a -f /usr/share/doc/lookupviz/changelog.gz
check "appstreamcli validate"      appstreamcli validate --no-net --pedantic /usr/share/metainfo/$app_id.metainfo.xml
check "desktop-file-validate"      desktop-file-validate /usr/share/applications/$app_id.desktop
check "MIME types known"           bash -c "grep -q '\"application/x-npy\"' /usr/share/mime/packages/lookupviz.xml &&
                                            { ! command -v update-mime-database >/dev/null ||
                                              test -f /usr/share/mime/application/x-safetensors.xml; }"
check "window: class, icon, FILE, drop" bash "$root/tests/render/desktop_e2e.sh" /usr/bin/lookupviz "$root"
check "File > Open through a portal" bash "$root/tests/render/portal_e2e.sh" /usr/bin/lookupviz "$root"
(cd / && lookupviz --version)
echo "package: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
