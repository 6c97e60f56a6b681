#!/usr/bin/env bash
# train_e2e.sh — slide 9, "Training: which rows move", in the real window under Xvfb, driven
# by real X input (xdotool) at 1280 × 800: the issue's example (--batches "2;0" --vocab 4
# --dim 3, one row looked up a step), Reset, Adam chosen by a click, Step × 3, then Side by
# side (Adam | SparseAdam): the step where they first differ (2: Adam's memory moves row 2,
# SparseAdam writes only row 0) is shown, and a screenshot of it is taken (Ctrl+S).
#   $1 the lookupviz binary   $2 the source dir   exit 77: skipped (no xdotool / xvfb-run)
# The controls are found by name ($LOOKUPVIZ_LANDMARKS: "train-opt-adam", "train-step",
# "train-side", "train-differ", "train-done-3" …), so a layout change does not break the clicks.
set -u
BIN="$1"

# shellcheck source=../shared/e2e_lib.sh
source "$(dirname "$0")/../shared/e2e_lib.sh"
lv_e2e_needs_x 1280x800x24 "$@"

ROOT="$(mktemp -d /tmp/lookupviz-train-XXXXXX)"
mkdir -p "$ROOT/home/Pictures" "$ROOT/config"
export HOME="$ROOT/home" XDG_CONFIG_HOME="$ROOT/config" LOOKUPVIZ_LANDMARKS="$ROOT/landmarks"

has() { grep -q "^$1 " "$LOOKUPVIZ_LANDMARKS" 2>/dev/null; }
center() { awk -v n="$1" '$1 == n { printf "%d %d\n", $2 + $4 / 2, $3 + $5 / 2 }' "$LOOKUPVIZ_LANDMARKS"; }
click() {
  local at
  at="$(center "$1")"
  [ -n "$at" ] || { fail "no control named $1 on screen"; return 1; }
  # shellcheck disable=SC2086
  xdotool mousemove --window "$WID" $at
  sleep 0.15
  xdotool click 1
}

"$BIN" --size 1280x800 --slide 9 --batches "2;0" --vocab 4 --dim 3 --optimizer sgd >"$ROOT/stderr" 2>&1 &
PID=$!
WID="$(timeout 20 xdotool search --sync --onlyvisible --name lookupviz | head -n 1)"
[ -n "$WID" ] || { fail "no lookupviz window appeared: $(cat "$ROOT/stderr")"; exit 1; }
wait_for "has train-step" 20 || fail "slide 9 drew no Step button"
xdotool mousemove --window "$WID" 2 2
wait_for "xdotool windowfocus '$WID' 2>/dev/null; [ \"\$(xdotool getwindowfocus 2>/dev/null)\" = '$WID' ]" 5 ||
  fail "the window did not get the focus"

click train-reset
wait_for "has train-done-0" 5 || fail "Reset did not return to the table before training"
click train-opt-adam
sleep 0.3
for n in 1 2 3; do
  click train-step
  wait_for "has train-done-$n" 5 || fail "Step $n did not take optimizer step $n"
  sleep 1.0  # the step's rows light (its animation)
done
has train-side || fail "no Side by side control"
click train-side
wait_for "has train-count-1" 5 || fail "Side by side drew no second optimizer"
wait_for "has train-differ" 5 || fail "the step where Adam and SparseAdam first differ is not shown"
has train-same && fail "side by side still says the two wrote the same rows"
has train-done-3 || fail "turning Side by side on lost the steps taken"

rm -f "$HOME"/Pictures/*.png
xdotool key ctrl+s
wait_for "ls '$HOME'/Pictures/*.png >/dev/null 2>&1" 5 || fail "Ctrl+S saved no screenshot"
if [ -n "${LV_TRAIN_SHOTS:-}" ]; then
  mkdir -p "$LV_TRAIN_SHOTS"
  sleep 0.3
  cp "$(ls -t "$HOME"/Pictures/*.png | head -n 1)" "$LV_TRAIN_SHOTS/train-side-by-side.png"
fi

xdotool key ctrl+q
wait_for "! running $PID" 10 || { fail "Ctrl+Q did not quit"; kill "$PID" 2>/dev/null; }
wait "$PID" 2>/dev/null
rm -rf "$ROOT"
if [ "$FAILS" -gt 0 ]; then
  echo "train_e2e: $FAILS failure(s)"
  exit 1
fi
echo "train_e2e: passed"
