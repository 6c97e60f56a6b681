#!/usr/bin/env bash
# portal_e2e.sh — File ▸ Open through xdg-desktop-portal: on a private session bus
# (dbus-run-session) a stand-in portal (fake_portal.py) answers FileChooser.OpenFile;
# the real app, under Xvfb, gets Ctrl+O from xdotool, asks the portal (the title, the
# table filters, the folder it starts in are checked) and loads the file it answers,
# a space in its name (a file:// URI, percent-encoded); a cancel loads nothing.
#   $1 the lookupviz binary   $2 the source dir
#   exit 77: skipped (no dbus-run-session, python3-dbus / python3-gi, xvfb-run or xdotool)
set -u
BIN="$(realpath "$1")"
SRC="$(realpath "$2")"
for tool in dbus-run-session xvfb-run xdotool; do
  command -v "$tool" >/dev/null 2>&1 || { echo "skipped: $tool is not installed"; exit 77; }
done
/usr/bin/python3 -c 'import dbus, gi' 2>/dev/null || { echo "skipped: python3-dbus / python3-gi not installed"; exit 77; }
if [ -z "${LV_PORTAL_IN_BUS:-}" ]; then
  LV_PORTAL_IN_BUS=1 exec dbus-run-session -- xvfb-run -a -s "-noreset -screen 0 1280x800x24" bash "$0" "$@"
fi

ROOT="$(mktemp -d /tmp/lookupviz-portal-XXXXXX)"
PORTAL=""
trap '[ -n "$PORTAL" ] && kill "$PORTAL" 2>/dev/null; rm -rf "$ROOT"' EXIT
TABLE="$ROOT/a table.npy"
cp "$SRC/tests/golden/tables/v3_f8_c.npy" "$TABLE"
FAILS=0
RUN=""
fail() { echo "FAIL [$RUN]: $*"; FAILS=$((FAILS + 1)); }
ok() { echo "ok   [$RUN] $*"; }
wait_for() {
  local cond="$1" limit="${2:-10}" i=0
  while ! eval "$cond"; do
    sleep 0.05
    i=$((i + 1))
    [ "$i" -ge $((limit * 20)) ] && return 1
  done
  return 0
}
running() { [ -d "/proc/$1" ] && ! grep -q '^State:[[:space:]]*Z' "/proc/$1/status" 2>/dev/null; }

# run NAME ANSWER: the portal answers ANSWER (a path, or "cancel") to the app's Ctrl+O.
run() {
  RUN="$1"
  local dir="$ROOT/$RUN"
  mkdir -p "$dir/home" "$dir/config" "$dir/work"
  /usr/bin/python3 "$SRC/tests/render/fake_portal.py" "$dir/record.json" "$2" >"$dir/portal.log" 2>&1 &
  PORTAL=$!
  wait_for "grep -q ready '$dir/portal.log'" 10 || { fail "the stand-in portal did not start: $(cat "$dir/portal.log")"; return 1; }
  export HOME="$dir/home" XDG_CONFIG_HOME="$dir/config"
  unset LOOKUPVIZ_FILE_DIALOG
  (cd "$dir/work" && exec "$BIN" --size 900x640) >"$dir/stderr" 2>&1 &
  PID=$!
  WID="$(timeout 20 xdotool search --sync --all --onlyvisible --pid "$PID" --classname lookupviz | head -n 1)"
  [ -n "$WID" ] || { fail "no window: $(cat "$dir/stderr")"; return 1; }
  xdotool mousemove --window "$WID" 2 2
  wait_for "xdotool windowfocus '$WID' 2>/dev/null; [ \"\$(xdotool getwindowfocus 2>/dev/null)\" = '$WID' ]" 5
  sleep 0.5
  xdotool key ctrl+o
  wait_for "test -s '$dir/record.json'" 10 || fail "the app did not ask the portal: $(cat "$dir/stderr")"
  RECORD="$dir/record.json"
}
quit() {
  sleep 0.5
  xdotool key ctrl+q
  wait_for "! running $PID" 10 || { fail "Ctrl+Q did not quit"; kill "$PID" 2>/dev/null; }
  wait "$PID" 2>/dev/null
  local rc=$?  # (a sanitizer's report, in the sanitizer build, ends in a failing status)
  [ "$rc" -eq 0 ] || fail "exit status $rc: $(tail -n 20 "$ROOT/$RUN/stderr")"
  kill "$PORTAL" 2>/dev/null
  wait "$PORTAL" 2>/dev/null
  PORTAL=""
}
recent() { cat "$XDG_CONFIG_HOME/lookupviz/recent-files" 2>/dev/null; }

if run chosen "$TABLE"; then
  /usr/bin/python3 - "$RECORD" "$ROOT/chosen/work" <<'PY' && ok "asked for tables, starting in the working folder" || fail "the request: $(cat "$RECORD")"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["title"] == "Open a table — lookupviz", r
assert r["folder"] == sys.argv[2], r
assert r["filters"][0] == ["Tables (.npy, .safetensors, .gguf, a model folder's config.json)", [[0, "*.npy"], [0, "*.safetensors"], [0, "*.gguf"], [0, "config.json"]]], r
assert r["modal"], r
PY
  wait_for "recent | grep -qxF '$TABLE'" 10 && ok "loaded the portal's file" || fail "the portal's file was not loaded: $(cat "$ROOT/chosen/stderr")"
  quit
fi

if run cancelled cancel; then
  sleep 1
  running "$PID" && ok "still running" || fail "the app exited"
  [ -z "$(recent)" ] && ok "nothing loaded" || fail "a cancel loaded $(recent)"
  quit
fi

echo "portal: $FAILS failed"
[ "$FAILS" -eq 0 ]
