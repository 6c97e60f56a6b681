#!/usr/bin/env bash
# nearest_e2e.sh — "What a row means" (issue 31) in the real window under Xvfb, driven by
# real X input (xdotool): hover a row of the table on slide 1, press N (at 1280 × 800) or
# right-click it (at 1024 × 768, the dot-product metric chosen): the panel lists its
# neighbours; click the first one: it becomes an ID — the session saved on quit holds it,
# and it is the row `lookupviz --nearest` prints first for the same table. Screenshots of
# the panel are kept in $LV_NEAREST_SHOTS when it is set.
#   $1 the lookupviz binary   $2 the source dir   exit 77: skipped (no xdotool / xvfb-run)
# The controls are found by name ($LOOKUPVIZ_LANDMARKS: "table-cell", "nearest-n0" …).
set -u
BIN="$1"

# shellcheck source=../shared/e2e_lib.sh
source "$(dirname "$0")/../shared/e2e_lib.sh"
lv_e2e_needs_x 1280x800x24 "$@"

ROOT="$(mktemp -d /tmp/lookupviz-nearest-XXXXXX)"
PID=""
WID=""
# A table of 8 rows is drawn whole: its first cell ("table-cell") is row 0's.
MODEL=(--seed 123 --ids 2,3,1 --vocab 8 --dim 5)


quit() { lv_e2e_quit; }

shot() { lv_e2e_shot "${LV_NEAREST_SHOTS:-}" "$1"; }  # kept when LV_NEAREST_SHOTS is set

# The row `--nearest 0` lists first for METRIC.
first_neighbour() {
  "$BIN" "${MODEL[@]}" --nearest 0 --k 1 --metric "$1" | sed -n 's/.*"neighbours": \[{"row": \([0-9]*\).*/\1/p'
}

# journey SIZE HOW METRIC: hover row 0 of the table, open its neighbours by HOW (key N or
# a right-click), choose METRIC, click the first neighbour; the IDs gain it.
journey() {
  local size="$1" how="$2" metric="$3"
  lv_e2e_start "$how-$size" "$size" "${MODEL[@]}" --slide 1
  local want
  want="$(first_neighbour "$metric")"
  [ -n "$want" ] || fail "--nearest printed no neighbour"
  hover table-cell || return
  if [ "$how" = key ]; then xdotool key n; else xdotool click 3; fi
  wait_for "has nearest-panel" 5 || { fail "the panel did not open ($how)"; quit; return; }
  if [ "$metric" != cosine ]; then click "nearest-$metric" || true; fi
  wait_for "has nearest-n0" 10 || { fail "the panel listed no neighbour"; quit; return; }
  sleep 0.5
  shot "panel-$how-$size"
  click nearest-n0
  sleep 2.5  # the session is saved a moment after a change
  quit
  local ids
  ids="$(sed -n 's/^ids = //p' "$XDG_CONFIG_HOME/lookupviz/session.ini" 2>/dev/null)"
  [ "$ids" = "2, 3, 1, $want" ] || fail "after clicking the first neighbour the IDs are '$ids', not '2, 3, 1, $want'"
}

journey 1280x800 key cosine
journey 1024x768 right dot

rm -rf "$ROOT"
if [ "$FAILS" -gt 0 ]; then
  echo "nearest_e2e: $FAILS failure(s)"
  exit 1
fi
echo "nearest_e2e: passed"
