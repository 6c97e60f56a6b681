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


lv_e2e_launch train "$BIN" --size 1280x800 --slide 9 --batches "2;0" --vocab 4 --dim 3 --optimizer sgd || exit 1
lv_e2e_drawn '^train-step ' "slide 9 drew no Step button"
lv_e2e_focus 0

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

lv_e2e_quit
rm -rf "$ROOT"
if [ "$FAILS" -gt 0 ]; then
  echo "train_e2e: $FAILS failure(s)"
  exit 1
fi
echo "train_e2e: passed"
