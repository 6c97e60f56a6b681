#!/usr/bin/env bash
# xinput_fields_e2e.sh — the IDs field and the file picker's path field in the real
# app under Xvfb (1280 × 800), driven by real X input (xdotool) as a user drives them
# (issue 25, items 8 and 11), asserting on what the user gets: the session saved at
# Ctrl+Q. The same harness as xinput_e2e.sh (its controls found by name through
# $LOOKUPVIZ_LANDMARKS).
#   $1 the lookupviz binary   $2 the source dir   exit 77: skipped (no xdotool / xvfb-run)
#   LV_E2E_ONLY=NAME runs one case; LV_E2E_KEEP=1 keeps the folder of logs.
set -u
BIN="$1"
SRC="$2"

for tool in xvfb-run xdotool; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "skipped: $tool is not installed (Debian: xvfb, xdotool)"
    exit 77
  fi
done

if [ -z "${LV_E2E_IN_X:-}" ]; then
  LV_E2E_IN_X=1 exec xvfb-run -a -s "-noreset -screen 0 1280x800x24" bash "$0" "$@"
fi

ROOT="$(mktemp -d /tmp/lookupviz-fields-XXXXXX)"
FAILS=0
PID=""
WID=""
RUN=""

fail() {
  echo "FAIL [$RUN]: $*"
  FAILS=$((FAILS + 1))
}

wait_for() {  # wait_for CONDITION [SECONDS]
  local cond="$1" limit="${2:-10}" i=0
  while ! eval "$cond"; do
    sleep 0.05
    i=$((i + 1))
    [ "$i" -ge $((limit * 20)) ] && return 1
  done
  return 0
}

want() { [ -z "${LV_E2E_ONLY:-}" ] || [ "$LV_E2E_ONLY" = "$1" ]; }

# start NAME [ENV=VALUE...]: a fresh HOME, the app at 1280 × 800, its window focused
# and its first frame drawn.
start() {
  RUN="$1"
  shift
  local dir="$ROOT/$RUN"
  mkdir -p "$dir/home/Pictures" "$dir/config"
  export HOME="$dir/home" XDG_CONFIG_HOME="$dir/config" LOOKUPVIZ_LANDMARKS="$dir/landmarks"
  env "$@" "$BIN" --reset --size 1280x800 >"$dir/stderr" 2>&1 &
  PID=$!
  WID="$(timeout 20 xdotool search --sync --onlyvisible --name lookupviz | head -n 1)"
  if [ -z "$WID" ]; then
    fail "no lookupviz window appeared: $(cat "$dir/stderr")"
    return 1
  fi
  wait_for "grep -q '^next-slide ' '$LOOKUPVIZ_LANDMARKS' 2>/dev/null" 20 || fail "the app drew no frame"
  xdotool mousemove --window "$WID" 2 2
  wait_for "xdotool windowfocus '$WID' 2>/dev/null; [ \"\$(xdotool getwindowfocus 2>/dev/null)\" = '$WID' ]" 5 ||
    fail "the window did not get the focus"
  sleep 0.3
}

running() { [ -d "/proc/$1" ] && ! grep -q '^State:[[:space:]]*Z' "/proc/$1/status" 2>/dev/null; }

quit() {
  xdotool key ctrl+q
  if ! wait_for "! running $PID" 10; then
    fail "Ctrl+Q did not quit"
    kill "$PID" 2>/dev/null
  fi
  wait "$PID" 2>/dev/null
  SESSION="$XDG_CONFIG_HOME/lookupviz/session.ini"
  [ -f "$SESSION" ] || fail "no session saved at $SESSION"
}

value() { sed -n "s/^$1 = //p" "$SESSION" | head -n 1; }

expect() {  # expect KEY WANT
  local got
  got="$(value "$1")"
  [ "$got" = "$2" ] || fail "session $1 = '$got', want '$2'"
}

center() { awk -v n="$1" '$1 == n { printf "%d %d\n", $2 + $4 / 2, $3 + $5 / 2 }' "$LOOKUPVIZ_LANDMARKS"; }

click() {  # click NAME
  local at
  at="$(center "$1")"
  [ -n "$at" ] || { fail "no control named $1 on screen"; return 1; }
  # shellcheck disable=SC2086
  xdotool mousemove --window "$WID" $at
  sleep 0.1
  xdotool click 1
}

# -------------------------------------------------------------------- the runs

# 1. Item 8: 12, 0, 12, 3, 99 typed (applied as typed), then ",,x" after it: the message
#    says the last valid IDs are still shown; Tab leaves the field — the IDs stay
#    12, 0, 12, 3, 99 (they went back to 2, 3, 1, where the edit started).
if want ids-junk-tab && start ids-junk-tab; then
  click ids-text
  xdotool key ctrl+a
  xdotool type --delay 40 "12, 0, 12, 3, 99"
  sleep 0.2
  xdotool type --delay 40 ",,x"
  sleep 0.2
  xdotool key Tab
  sleep 0.4
  quit
  expect ids "12, 0, 12, 3, 99"
fi

# 2. Item 8, a key at a time over the whole list: "4" applies on the way, "4,,x" does
#    not parse; a click elsewhere (Next >) leaves the field on 4.
if want ids-junk-click && start ids-junk-click; then
  click ids-text
  xdotool key ctrl+a
  xdotool type --delay 40 "4,,x"
  sleep 0.2
  click next-slide
  sleep 0.4
  quit
  expect ids "4"
  expect slide 2
fi

# 3. Item 11: the in-app picker's path field. Ctrl+O opens it with the field taking the
#    keyboard: an absolute path typed at once opens that table. Ctrl+O again: the last
#    path is selected, so a new one typed replaces it (it was appended: "Cannot open
#    …/a.npy/…/b.npy: Not a directory"). A click into the field selects it all too.
if want picker-path && start picker-path LOOKUPVIZ_FILE_DIALOG=builtin; then
  tables="$ROOT/$RUN/tables"
  mkdir -p "$tables"
  cp "$SRC/tests/golden/tables/notebook_seed123.npy" "$tables/a.npy"
  cp "$SRC/tests/golden/tables/notebook_seed123.npy" "$tables/b.npy"
  cp "$SRC/tests/golden/tables/notebook_seed123.npy" "$tables/c.npy"
  # Typed at once, without a click: the field has the keyboard.
  xdotool key ctrl+o
  sleep 0.5
  xdotool type --delay 20 "$tables/a.npy"
  xdotool key Return
  wait_for "grep -q '^close-table ' '$LOOKUPVIZ_LANDMARKS' 2>/dev/null" 10 || fail "typing a path into the picker opened nothing"
  sleep 0.3
  # Again: the old path is selected, the new one replaces it.
  xdotool key ctrl+o
  sleep 0.5
  xdotool type --delay 20 "$tables/b.npy"
  xdotool key Return
  # The session is saved a moment after a change: it names b.npy once it is open.
  wait_for "grep -q '^weights = .*b\.npy' '$XDG_CONFIG_HOME/lookupviz/session.ini' 2>/dev/null" 8 ||
    fail "the second path typed did not open b.npy: $(grep -h '^weights' "$XDG_CONFIG_HOME/lookupviz/session.ini" 2>/dev/null)"
  xdotool key Escape  # an error popup, if any, goes
  sleep 0.3
  # A click into the field, then a path.
  xdotool key ctrl+o
  sleep 0.5
  click picker-path
  sleep 0.2
  xdotool type --delay 20 "$tables/c.npy"
  xdotool key Return
  sleep 0.8
  xdotool key Escape  # an error popup, if any, goes; the session is what was opened
  sleep 0.2
  quit
  expect weights "\"$tables/c.npy\""
  grep -q "Not a directory" "$ROOT/$RUN/stderr" && fail "a path was appended to the last one: $(cat "$ROOT/$RUN/stderr")"
fi

if [ "$FAILS" -gt 0 ]; then
  echo "$FAILS check(s) failed; logs in $ROOT"
  exit 1
fi
echo "all field checks passed ($ROOT)"
[ -n "${LV_E2E_KEEP:-}" ] || rm -rf "$ROOT"
exit 0
