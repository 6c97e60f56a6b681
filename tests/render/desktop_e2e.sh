#!/usr/bin/env bash
# desktop_e2e.sh — lookupviz as a citizen of the desktop, in a real X server (Xvfb):
# the window's identity (WM_CLASS "lookupviz" as the desktop entry's StartupWMClass
# says, its icon), a table opened the ways a desktop opens files (as the positional
# FILE a file manager's "Open With" passes, and dropped on the window: the drop goes
# through the window's own GLFW drop callback, LOOKUPVIZ_SIMULATE_DROP, since X cannot
# drop without a file manager), a file that cannot be read reported in the window,
# and Ctrl+S saving into the XDG Pictures folder named in user-dirs.dirs.
#   $1 the lookupviz binary (the build's, or /usr/bin/lookupviz from check_package.sh)
#   $2 the source dir       exit 77: skipped (no xvfb-run / xdotool / xprop)
set -u
BIN="$1"
SRC="$2"

for tool in xvfb-run xdotool xprop; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "skipped: $tool is not installed (Debian: xvfb, xdotool, x11-utils)"
    exit 77
  fi
done
if [ -z "${LV_DESKTOP_IN_X:-}" ]; then
  LV_DESKTOP_IN_X=1 exec xvfb-run -a -s "-noreset -screen 0 1280x800x24" bash "$0" "$@"
fi

ROOT="$(mktemp -d /tmp/lookupviz-desktop-XXXXXX)"
trap 'rm -rf "$ROOT"' EXIT
TABLE="$ROOT/my table.npy"  # a space, as real file names have
cp "$SRC/tests/golden/tables/v1_f4_fortran.npy" "$TABLE"
FAILS=0
RUN=""
fail() { echo "FAIL [$RUN]: $*"; FAILS=$((FAILS + 1)); }
ok() { echo "ok   [$RUN] $*"; }

wait_for() {  # wait_for CONDITION SECONDS
  local cond="$1" limit="${2:-10}" i=0
  while ! eval "$cond"; do
    sleep 0.05
    i=$((i + 1))
    [ "$i" -ge $((limit * 20)) ] && return 1
  done
  return 0
}
running() { [ -d "/proc/$1" ] && ! grep -q '^State:[[:space:]]*Z' "/proc/$1/status" 2>/dev/null; }

# start NAME ARGS...: a fresh HOME, the app, its window found by its class.
start() {
  RUN="$1"
  shift
  DIR="$ROOT/$RUN"
  mkdir -p "$DIR/home" "$DIR/config"
  export HOME="$DIR/home" XDG_CONFIG_HOME="$DIR/config" LOOKUPVIZ_FILE_DIALOG=builtin
  "$BIN" --size 900x640 "$@" >"$DIR/stderr" 2>&1 &
  PID=$!
  WID="$(timeout 20 xdotool search --sync --all --onlyvisible --pid "$PID" --classname lookupviz | head -n 1)"
  if [ -z "$WID" ]; then
    fail "no window of class lookupviz appeared: $(cat "$DIR/stderr")"
    kill "$PID" 2>/dev/null
    return 1
  fi
  xdotool mousemove --window "$WID" 2 2
  wait_for "xdotool windowfocus '$WID' 2>/dev/null; [ \"\$(xdotool getwindowfocus 2>/dev/null)\" = '$WID' ]" 5
  sleep 0.5  # the first frames
}

quit() {
  xdotool key ctrl+q
  wait_for "! running $PID" 10 || { fail "Ctrl+Q did not quit"; kill "$PID" 2>/dev/null; }
  wait "$PID" 2>/dev/null
  local rc=$?  # (a sanitizer's report, in the sanitizer build, ends in a failing status)
  [ "$rc" -eq 0 ] || fail "exit status $rc: $(tail -n 20 "$DIR/stderr")"
}

recent() { cat "$XDG_CONFIG_HOME/lookupviz/recent-files" 2>/dev/null; }

# 1. Identity: WM_CLASS is the desktop entry's StartupWMClass; the icon is set.
if start identity; then
  cls="$(xprop -id "$WID" WM_CLASS)"
  [ "$cls" = 'WM_CLASS(STRING) = "lookupviz", "lookupviz"' ] && ok "$cls" || fail "$cls"
  grep -q '^StartupWMClass=lookupviz$' "$SRC/assets/io.github.lookupviz.lookupviz.desktop" ||
    fail "the desktop entry's StartupWMClass is not lookupviz"
  # _NET_WM_ICON: for each size (32, 48, 128) its width, height, then its pixels.
  icon="$(xprop -id "$WID" _NET_WM_ICON | grep -o 'Icon ([0-9]* x [0-9]*)' | tr '\n' ' ')"
  [ "$icon" = "Icon (32 x 32) Icon (48 x 48) Icon (128 x 128) " ] && ok "icons: $icon" || fail "window icons: '$icon'"
  quit
fi

# 2. `lookupviz FILE`, as the desktop entry's Exec=lookupviz %f runs it.
if start positional "$TABLE"; then
  wait_for "recent | grep -qxF '$TABLE'" 10 && ok "opened $TABLE" || fail "the FILE argument was not opened: $(cat "$DIR/stderr")"
  quit
  grep -qF "weights = \"$TABLE\"" "$XDG_CONFIG_HOME/lookupviz/session.ini" && ok "the session holds the file's table" ||
    fail "the session does not hold the table: $(grep weights "$XDG_CONFIG_HOME/lookupviz/session.ini")"
fi

# 3. A file dropped on the window: through the GLFW drop callback, to the same load.
if LOOKUPVIZ_SIMULATE_DROP="$TABLE" start drop; then
  wait_for "recent | grep -qxF '$TABLE'" 10 && ok "the dropped file opened" || fail "the drop opened nothing"
  quit
  grep -qF "weights = \"$TABLE\"" "$XDG_CONFIG_HOME/lookupviz/session.ini" || fail "the session does not hold the dropped table"
fi

# 4. A file that cannot be read: the window still opens (no terminal to read stderr;
#    it says why in a popup, tests/ui/ui_open_file_test.cpp) on the seeded table.
if start bad-file "$ROOT/missing.npy"; then
  sleep 1
  running "$PID" && ok "the window stays open" || fail "the app exited: $(cat "$DIR/stderr")"
  [ -z "$(recent)" ] || fail "a file that did not open was remembered: $(recent)"
  quit
  grep -q "^weights" "$XDG_CONFIG_HOME/lookupviz/session.ini" && fail "the session names a table that did not open"
fi

# 5. Ctrl+S saves into the XDG Pictures folder (here "Bilder", as in a German session).
mkdir -p "$ROOT/shots/home/Bilder" "$ROOT/shots/home/Pictures" "$ROOT/shots/config"
echo 'XDG_PICTURES_DIR="$HOME/Bilder"' >"$ROOT/shots/config/user-dirs.dirs"
if start shots; then
  xdotool key ctrl+s
  wait_for "ls '$HOME'/Bilder/lookupviz-slide-*.png >/dev/null 2>&1" 10 && ok "saved in ~/Bilder" ||
    fail "no screenshot in ~/Bilder (Pictures has: $(ls "$HOME/Pictures"))"
  quit
fi

echo "desktop: $FAILS failed"
[ "$FAILS" -eq 0 ]
