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

# shellcheck source=../shared/e2e_lib.sh
source "$(dirname "$0")/../shared/e2e_lib.sh"
lv_e2e_needs_x 1280x800x24 "$@"

ROOT="$(mktemp -d /tmp/lookupviz-fields-XXXXXX)"
PID=""
WID=""

# start NAME [ENV=VALUE...]: a fresh HOME, the app at 1280 × 800, its window focused
start() {
  lv_e2e_launch "$1" env "${@:2}" "$BIN" --reset --size 1280x800 || return 1
  lv_e2e_drawn
  lv_e2e_focus
}

quit() {
  lv_e2e_quit
  [ -f "$SESSION" ] || fail "no session saved at $SESSION"
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
