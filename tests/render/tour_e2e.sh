#!/usr/bin/env bash
# tour_e2e.sh — the narrated tour (issue 28, item 4) in the real window under Xvfb, driven
# by real X input (xdotool), at 1280 × 800 and 1024 × 768:
#   1. `--tour`, untouched, reaches the last step of the last slide and stops there (its
#      badge goes); time runs LOOKUPVIZ_TOUR_SPEED times faster so it takes seconds;
#   2. while a step is held the app sleeps (its CPU time over 3 s of a hold stays small);
#   3. a key stops it: the slide and step stay where they were (the session, autosaved
#      1.5 s after a change, says where), and the badge goes.
#   $1 the lookupviz binary   $2 the source dir   exit 77: skipped (no xdotool / xvfb-run)
# The badge is found by name: the app writes its landmarks to $LOOKUPVIZ_LANDMARKS.
set -u
BIN="$1"

# shellcheck source=../shared/e2e_lib.sh
source "$(dirname "$0")/../shared/e2e_lib.sh"
lv_e2e_needs_x 1280x800x24 "$@"

ROOT="$(mktemp -d /tmp/lookupviz-tour-XXXXXX)"
PID=""
WID=""

badge() { grep -q '^tour-badge ' "$LOOKUPVIZ_LANDMARKS" 2>/dev/null; }

# start NAME SIZE SPEED [ARGS...]: a fresh HOME, `lookupviz --reset --tour`, its window focused.
start() {
  lv_e2e_launch "$1" env LOOKUPVIZ_TOUR_SPEED="$3" "$BIN" --reset --tour --size "$2" "${@:4}" || return 1
  wait_for badge 20 || fail "no tour badge: the tour did not start"
  lv_e2e_focus 0
}

quit() {
  lv_e2e_quit 15
  [ -f "$SESSION" ] || fail "no session saved at $SESSION"
}

cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }

# plain_last_step: the last slide's last step as the session stores it (a plain window
# opened on that slide shows its last step; quit at once).
plain_last_step() {
  lv_e2e_launch plain-last-step "$BIN" --reset --slide "$LAST_SLIDE" --size 1280x800 || return 1
  lv_e2e_drawn
  lv_e2e_focus 0
  quit
  LAST_STEP="$(value step)"
}

# -------------------------------------------------------------------- the runs

# The deck's last slide from the usage error of --slide 99 ("from 0 to 9").
LAST_SLIDE="$("$BIN" --slide 99 2>&1 | sed -n 's/.* from 0 to \([0-9]*\).*/\1/p')"
[ -n "$LAST_SLIDE" ] || LAST_SLIDE=8
LAST_STEP=""
plain_last_step

# 1. Untouched, to the end (at both sizes; the second in reduced motion).
for size in 1280x800 1024x768; do
  name="to-the-end-$size"
  want "$name" || continue
  extra=()
  [ "$size" = 1024x768 ] && extra=(--reduced-motion)
  if start "$name" "$size" 12 "${extra[@]}"; then
    t0=$(date +%s)
    wait_for "! badge" 240 || fail "the tour had not ended after 240 s"
    echo "[$RUN] the tour ended after $(($(date +%s) - t0)) s at speed 12"
    sleep 2  # the autosave
    at_slide="$(value slide)"
    at_step="$(value step)"
    quit
    [ "$(value slide)" = "$LAST_SLIDE" ] || fail "the tour ended on slide '$(value slide)', not the last ($LAST_SLIDE)"
    [ "$(value slide)" = "$at_slide" ] && [ "$(value step)" = "$at_step" ] ||
      fail "it moved after the tour ended: slide $at_slide step $at_step, then $(value slide) $(value step)"
    [ "$(value step)" = "$LAST_STEP" ] || fail "the tour ended on step '$(value step)', not the last ($LAST_STEP)"
  fi
done

# 2. The tour at its real speed sleeps while a step is read: slide 0's first step holds
#    for its whole narration; over 3 s inside it the app uses almost no CPU.
if want sleeps && start sleeps 1280x800 1; then
  sleep 2  # slide 0 eases into its first step (frames), then holds it (37 s of narration)
  t1=$(cpu_ticks "$PID")
  sleep 3
  t2=$(cpu_ticks "$PID")
  used=$((t2 - t1))  # in 1/100 s
  echo "[$RUN] CPU while a step is read: $used ticks of 300"
  [ "$used" -le 15 ] || fail "the app used $used/100 s of CPU in 3 s of a held step (it should sleep)"
  badge || fail "the tour stopped by itself"
  quit
fi

# 3. A key stops it where it is (at 1024 × 768, speed 3: every step would pass in < 10 s).
if want key-stops && start key-stops 1024x768 3; then
  wait_for "[ \"\$(value slide)\" = 1 ]" 60 || fail "the tour did not reach slide 1"
  xdotool key x
  wait_for "! badge" 5 || fail "a key did not stop the tour (its badge stays)"
  sleep 2  # the autosave
  s1="$(value slide)"
  p1="$(value step)"
  sleep 10
  s2="$(value slide)"
  p2="$(value step)"
  quit
  [ "$s1" = "$s2" ] && [ "$p1" = "$p2" ] || fail "it moved after the key: slide $s1 step $p1, then slide $s2 step $p2"
  [ "$(value slide)" = 1 ] || fail "the key left slide $(value slide), not 1"
  echo "[$RUN] stopped on slide $s1 step $p1"
fi

if [ "$FAILS" -ne 0 ]; then
  echo "$FAILS failure(s); files in $ROOT"
  exit 1
fi
rm -rf "$ROOT"
echo "tour e2e: all passed"
