#!/usr/bin/env bash
# map_e2e.sh — the Map tab of "What a row means" (issue 41) in the real window under Xvfb,
# driven by real X input (xdotool), at 1280 × 800, 1024 × 768 and 2560 × 1440 at 2×: open
# the panel on a row (N), choose the Map tab, hover the first ID's point: lines join it to
# its nearest rows in the full space (the search's points are named map-near0 …); click the
# first of them: it becomes an ID — the session saved on quit holds it, and it is the row
# `lookupviz --nearest` prints first for the same row, metric and table. Screenshots (the
# app's own Ctrl+S, the tooltip with the hovered ID and token in them) are kept in
# $LV_MAP_SHOTS when it is set.
#   $1 the lookupviz binary   $2 the source dir   exit 77: skipped (no xdotool / xvfb-run)
# The controls are found by name ($LOOKUPVIZ_LANDMARKS: "table-cell", "map-id0" …).
set -u
BIN="$1"

# shellcheck source=../shared/e2e_lib.sh
source "$(dirname "$0")/../shared/e2e_lib.sh"
lv_e2e_needs_x 2560x1440x24 "$@"

ROOT="$(mktemp -d /tmp/lookupviz-map-XXXXXX)"
PID=""
WID=""
# 300 rows of 16: the map has points all around the IDs' (2, 3 and 1).
MODEL=(--seed 123 --ids 2,3,1 --vocab 300 --dim 16)

shot() { lv_e2e_shot "${LV_MAP_SHOTS:-}" "$1"; }

# onto NAME: the pointer rests on a point of the map, moved again until the point is where
# the pointer is (the plot may still shift as the panel settles, e.g. by its scrollbar).
onto() {
  local i at
  for i in 1 2 3 4 5; do
    hover "$1" || return 1
    at="$(center "$1")"
    [ "$(xdotool getmouselocation --shell | sed -n 's/^[XY]=//p' | tr '\n' ' ')" = "$at " ] && return 0
  done
  fail "the pointer did not stay on $1"
  return 1
}
# The row `--nearest ROW` lists first (the panel's metric: cosine).
first_neighbour() {
  "$BIN" "${MODEL[@]}" --nearest "$1" --k 1 --metric cosine | sed -n 's/.*"neighbours": \[{"row": \([0-9]*\).*/\1/p'
}

# journey SIZE [--scale F]: open the map, hover ID 2's point, click its nearest row's point.
journey() {
  local size="$1"
  lv_e2e_start "map-$size" "$size" "${MODEL[@]}" --slide 1 "${@:2}"
  local want
  want="$(first_neighbour 2)"
  [ -n "$want" ] || fail "--nearest printed no neighbour"
  hover table-cell || return
  xdotool key n
  wait_for "has nearest-n0" 10 || { fail "the panel did not open ($size)"; lv_e2e_quit; return; }
  sleep 0.5  # the panel settles where it opened
  click nearest-tab-map
  # A click the first frames of a busy machine missed is made once more.
  wait_for "has map-plot" 5 || click nearest-tab-map
  wait_for "has map-id0" 20 || { fail "the map drew no ID's point ($size): $(grep -oE "^(map|nearest)[a-z0-9-]*" "$LOOKUPVIZ_LANDMARKS" | tr "\n" " ")"; shot "no-map-$size"; lv_e2e_quit; return; }
  onto map-id0 || { lv_e2e_quit; return; }
  wait_for "has map-near0" 10 || { fail "hovering ID 2's point joined it to no row ($size)"; lv_e2e_quit; return; }
  sleep 0.5
  shot "hover-$size"
  # The first of them: its point read while ID 2's lines are drawn (hovering it draws its own).
  local near
  near="$(center map-near0)"
  # shellcheck disable=SC2086
  xdotool mousemove --window "$WID" $near click 1
  sleep 2.5  # the session is saved a moment after a change
  shot "clicked-$size"
  lv_e2e_quit
  local ids
  ids="$(sed -n 's/^ids = //p' "$XDG_CONFIG_HOME/lookupviz/session.ini" 2>/dev/null)"
  [ "$ids" = "2, 3, 1, $want" ] || fail "after clicking the nearest row's point the IDs are '$ids', not '2, 3, 1, $want' ($size)"
}

journey 1280x800
journey 1024x768
journey 2560x1440 --scale 2

rm -rf "$ROOT"
if [ "$FAILS" -gt 0 ]; then
  echo "map_e2e: $FAILS failure(s)"
  exit 1
fi
echo "map_e2e: passed"
