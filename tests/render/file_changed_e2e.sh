#!/usr/bin/env bash
# file_changed_e2e.sh — issue 26, items 5 and 6 in the real window (Xvfb), with no input:
#  - the table shown is overwritten in place with float16 bytes and cut to 128 bytes while
#    the window sits idle: within a few seconds (the idle loop looks once a second) the
#    app draws its "changed on disk" prompt with a Reopen button; Reopen reads the file
#    as it is now.
#  - two instances share one settings folder: A sets IDs 3, 0, 2 and B 999, 5; whichever
#    quits last is the session kept; two started at once with a table each both land in
#    the recent files.
#   $1 the lookupviz binary   $2 the source dir   exit 77: skipped (no xdotool / xvfb-run)
set -u
BIN="$1"
for tool in xvfb-run xdotool python3; do
  command -v "$tool" >/dev/null 2>&1 || { echo "skipped: $tool is not installed"; exit 77; }
done
if [ -z "${LV_E2E_IN_X:-}" ]; then  # -noreset: see tests/shared/e2e_lib.sh
  LV_E2E_IN_X=1 exec xvfb-run -a -s "-noreset -screen 0 1280x800x24" bash "$0" "$@"
fi
ROOT="$(mktemp -d /tmp/lookupviz-changed-XXXXXX)"
trap 'rm -rf "$ROOT"' EXIT
FAILS=0
fail() { echo "FAIL: $*"; FAILS=$((FAILS + 1)); }
wait_for() {  # wait_for CONDITION SECONDS
  local i=0
  while ! eval "$1"; do sleep 0.05; i=$((i + 1)); [ "$i" -ge $(($2 * 20)) ] && return 1; done
  return 0
}
running() { [ -d "/proc/$1" ] && ! grep -q '^State:[[:space:]]*Z' "/proc/$1/status" 2>/dev/null; }
npy() {  # npy FILE DESCR: an 8 × 6 table, value (i, j) = i - j / 4
  python3 - "$1" "$2" <<'PY'
import struct, sys
path, descr = sys.argv[1], sys.argv[2]
h = "{'descr': '%s', 'fortran_order': False, 'shape': (8, 6), }" % descr
while (10 + len(h) + 1) % 64: h += ' '
h += '\n'
fmt = '<e' if descr == '<f2' else '<f'
data = b''.join(struct.pack(fmt, i - j / 4) for i in range(8) for j in range(6))
with open(path, 'r+b' if __import__('os').path.exists(path) else 'wb') as f:  # in place: the same inode
    f.seek(0); f.truncate(0)
    f.write(b'\x93NUMPY\x01\x00' + struct.pack('<H', len(h)) + h.encode() + data)
PY
}
window_of() { timeout 20 bash -c "until w=\$(xdotool search --pid $1 2>/dev/null | head -n 1); [ -n \"\$w\" ]; do sleep 0.1; done; echo \$w"; }
focus() {  # focus WINDOW: the keyboard focus (no window manager here), as xinput_e2e.sh does
  xdotool mousemove --window "$1" 2 2
  wait_for "xdotool windowfocus '$1' 2>/dev/null; [ \"\$(xdotool getwindowfocus 2>/dev/null)\" = '$1' ]" 5 ||
    fail "window $1 did not get the focus"
  sleep 0.3
}
# both_drawn DIR: a.marks and b.marks have a frame. A window takes the keyboard focus when
# it is first shown (GLFW, no window manager here): keys sent before both are shown can
# land in the one shown last (under the sanitizers it showed after the first Ctrl+Q).
both_drawn() {
  local m
  for m in a b; do
    wait_for "grep -q '^next-slide ' '$1/$m.marks' 2>/dev/null" 30 || fail "$1: app $m drew no frame: $(cat "$1/$m.log")"
  done
  sleep 0.3
}
quit_pid() {  # quit_pid PID WINDOW: Ctrl+Q to that window, wait for the exit
  if ! running "$1"; then fail "$1 ended before it was asked to quit"; return; fi
  focus "$2"
  xdotool key ctrl+q
  # Under the sanitizers with the other core busy, a key can go astray and an exit (the
  # leak check) take seconds: once more if the window is still there, then up to 30 s.
  if ! wait_for "! running $1" 10; then
    xdotool windowfocus "$2" 2>/dev/null && xdotool key ctrl+q
    wait_for "! running $1" 30 || { fail "Ctrl+Q did not quit $1"; kill "$1" 2>/dev/null; }
  fi
  wait "$1" 2>/dev/null
}

# ---- a table changed on disk while the window is idle
dir="$ROOT/changed"
mkdir -p "$dir/home" "$dir/config"
export HOME="$dir/home" XDG_CONFIG_HOME="$dir/config" LOOKUPVIZ_LANDMARKS="$dir/landmarks"
npy "$dir/t.npy" '<f4'
"$BIN" --reset --slide 2 "$dir/t.npy" >"$dir/stderr" 2>&1 &
PID=$!
WID="$(window_of $PID)"
[ -n "$WID" ] || fail "no window: $(cat "$dir/stderr")"
wait_for "grep -q '^next-slide ' '$LOOKUPVIZ_LANDMARKS' 2>/dev/null" 20 || fail "the app drew no frame: $(cat "$dir/stderr")"
sleep 2  # the start-up frames end: the window sits idle
grep -q '^file-changed-reopen ' "$LOOKUPVIZ_LANDMARKS" && fail "a prompt before anything changed"
npy "$dir/t.npy" '<f2'
truncate -s 128 "$dir/t.npy"
wait_for "grep -q '^file-changed-reopen ' '$LOOKUPVIZ_LANDMARKS' 2>/dev/null" 12 ||
  fail "no 'changed on disk' prompt within 12 s of the file changing (no input given)"
npy "$dir/t.npy" '<f2'
at="$(awk '$1 == "file-changed-reopen" { printf "%d %d\n", $2 + $4 / 2, $3 + $5 / 2 }' "$LOOKUPVIZ_LANDMARKS")"
if [ -n "$at" ]; then
  focus "$WID"
  # shellcheck disable=SC2086
  xdotool mousemove --window "$WID" $at
  sleep 0.2
  xdotool click 1
  wait_for "! grep -q '^file-changed-reopen ' '$LOOKUPVIZ_LANDMARKS'" 12 || fail "Reopen did not close the prompt"
fi
quit_pid $PID "$WID"
grep -q "^weights = \"$dir/t.npy\"" "$XDG_CONFIG_HOME/lookupviz/session.ini" || fail "the reopened table is not the session's: $(cat "$XDG_CONFIG_HOME/lookupviz/session.ini" | head -20 | tr "\n" "|")"

# ---- two instances, one settings folder: the last to quit wins, in both orders
for first in B A; do
  dir="$ROOT/two-$first"
  mkdir -p "$dir/home" "$dir/config"
  export HOME="$dir/home" XDG_CONFIG_HOME="$dir/config"
  unset LOOKUPVIZ_LANDMARKS
  LOOKUPVIZ_LANDMARKS="$dir/a.marks" "$BIN" --ids 3,0,2 >"$dir/a.log" 2>&1 &
  A=$!
  LOOKUPVIZ_LANDMARKS="$dir/b.marks" "$BIN" --ids 999,5 >"$dir/b.log" 2>&1 &
  B=$!
  WA="$(window_of $A)" WB="$(window_of $B)"
  both_drawn "$dir"
  sleep 2  # both autosave (1.5 s after their start)
  if [ "$first" = B ]; then quit_pid $B "$WB"; quit_pid $A "$WA"; want="3, 0, 2"; else quit_pid $A "$WA"; quit_pid $B "$WB"; want="999, 5"; fi
  got="$(sed -n 's/^ids = //p' "$XDG_CONFIG_HOME/lookupviz/session.ini")"
  [ "$got" = "$want" ] || fail "$first quit first: the session has IDs '$got', want '$want' (the last to quit)"
done

# ---- two started at once with a table each: both are recent files
dir="$ROOT/recent"
mkdir -p "$dir/home" "$dir/config"
export HOME="$dir/home" XDG_CONFIG_HOME="$dir/config"
npy "$dir/one.npy" '<f4'
npy "$dir/two.npy" '<f4'
LOOKUPVIZ_LANDMARKS="$dir/a.marks" "$BIN" "$dir/one.npy" >"$dir/a.log" 2>&1 &
A=$!
LOOKUPVIZ_LANDMARKS="$dir/b.marks" "$BIN" "$dir/two.npy" >"$dir/b.log" 2>&1 &
B=$!
WA="$(window_of $A)" WB="$(window_of $B)"
both_drawn "$dir"
quit_pid $A "$WA"
quit_pid $B "$WB"
for t in one two; do
  grep -qx "$dir/$t.npy" "$XDG_CONFIG_HOME/lookupviz/recent-files" || fail "$t.npy is not in the recent files: $(cat "$XDG_CONFIG_HOME/lookupviz/recent-files")"
done

[ "$FAILS" -eq 0 ] && echo "file_changed_e2e: all passed"
exit $((FAILS > 0))
