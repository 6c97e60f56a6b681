#!/usr/bin/env bash
# scale_map_e2e.sh — slide 7's map view (issue 41) in the real window under Xvfb, driven by
# real X input (xdotool), at 1280 × 800, 1024 × 768 and 2560 × 1440 at 2×: on slide 7 (GPT-2
# small's 50,257 × 768 seeded table) the toggle's "Map" shows every row at its principal
# components; hovering at the first ID's point joins the point there to its nearest rows in all 768
# dimensions (map-near0 …); zoomed in on it (the wheel), a click adds it as an ID (the session saved on quit holds
# it). At 1280 × 800 in Learn mode (--ask) the map asks map_nearest: row r is ringed, and S
# shows the answer. Screenshots (the app's own Ctrl+S) are kept in $LV_SCALE_MAP_SHOTS when set.
#   $1 the lookupviz binary   $2 the source dir   exit 77: skipped (no xdotool / xvfb-run)
set -u
BIN="$1"

# shellcheck source=../shared/e2e_lib.sh
source "$(dirname "$0")/../shared/e2e_lib.sh"
lv_e2e_needs_x 2560x1440x24 "$@"

ROOT="$(mktemp -d /tmp/lookupviz-scale-map-XXXXXX)"
PID=""
WID=""
MODEL=(--seed 123 --ids 2,3,1 --vocab 300 --dim 16)

shot() { lv_e2e_shot "${LV_SCALE_MAP_SHOTS:-}" "$1"; }

# The map view of slide 7: the toggle clicked (once more if a busy machine's first frames
# missed it), then the table built and mapped (50,257 rows: a few seconds on a worker).
open_map() {
  wait_for "has scale-view-map" 60 || { fail "slide 7 drew no toggle ($1)"; return 1; }
  click scale-view-map
  wait_for "has scale-map-plot || has scale-map-progress" 10 || click scale-view-map
  wait_for "has scale-map-plot" 180 || { fail "no map of slide 7's table ($1)"; shot "no-map-$1"; return 1; }
}

# journey SIZE [--scale F]: the map, ID 2's point hovered (lines to its nearest rows), then clicked.
journey() {
  local size="$1"
  lv_e2e_start "scale-map-$size" "$size" "${MODEL[@]}" --slide 7 "${@:2}"
  open_map "$size" || { lv_e2e_quit 30; return; }
  wait_for "has map-id0" 10 || { fail "the map drew no ID's point ($size)"; lv_e2e_quit; return; }
  hover map-id0
  wait_for "has map-near0" 20 || { fail "hovering ID 2's point joined it to no row ($size)"; lv_e2e_quit; return; }
  sleep 0.5
  shot "hover-$size"
  # 50,257 points: others share ID 2's pixel at the whole map's scale. Zoom in at it (the wheel
  # keeps the point under the pointer), as a person does before pointing at one point.
  local i
  for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14; do xdotool click 4; sleep 0.05; done
  sleep 0.5
  hover map-id0
  sleep 0.3
  click map-id0
  sleep 2.5  # the session is saved a moment after a change
  lv_e2e_quit
  local ids view
  ids="$(sed -n 's/^ids = //p' "$XDG_CONFIG_HOME/lookupviz/session.ini" 2>/dev/null)"
  [ "$ids" = "2, 3, 1, 2" ] || fail "after clicking ID 2's point the IDs are '$ids', not '2, 3, 1, 2' ($size)"
  view="$(sed -n 's/^slide_value = scale.view //p' "$XDG_CONFIG_HOME/lookupviz/session.ini" 2>/dev/null)"
  [ "$view" = "map" ] || fail "the session keeps slide 7's view as '$view', not 'map' ($size)"
}

# Learn mode: the map asks which of five circled points is nearest to row r in all 768
# dimensions; S shows the answer (the reveal's lines).
learn_journey() {
  lv_e2e_start "scale-map-learn" 1280x800 "${MODEL[@]}" --slide 7 --ask
  open_map learn || { lv_e2e_quit 30; return; }
  wait_for "has map-question-row" 30 || { fail "Learn mode asked nothing on the map"; shot "no-question"; lv_e2e_quit; return; }
  sleep 0.5
  shot "learn-asked"
  xdotool key s
  wait_for "has learn-continue" 10 || fail "S did not show the map question's answer"
  sleep 0.5
  shot "learn-shown"
  lv_e2e_quit
}

# --screenshot of the map view (--slide-value scale.view=map): the picture of the heat map view
# and of the map view of the same state differ over most of the canvas (the map's points are
# drawn by the GL renderer into the plot: a blank plot or the heat map would not), and the map's
# picture equals itself taken again (the same points, the same texture).
screenshot_of_the_map() {
  local shots="$ROOT/shots" args=(--reset --slide 7 --step 3 --size 1280x800 "${MODEL[@]}")
  mkdir -p "$shots"
  "$BIN" "${args[@]}" --screenshot "$shots/heat.png" >/dev/null 2>&1 || { fail "--screenshot of slide 7 failed"; return; }
  "$BIN" "${args[@]}" --slide-value scale.view=map --screenshot "$shots/map.png" >/dev/null 2>&1 ||
    { fail "--screenshot of slide 7's map view failed"; return; }
  "$BIN" "${args[@]}" --slide-value scale.view=map --screenshot "$shots/map2.png" >/dev/null 2>&1 ||
    { fail "--screenshot of slide 7's map view failed the second time"; return; }
  [ -n "${LV_SCALE_MAP_SHOTS:-}" ] && cp "$shots/map.png" "$LV_SCALE_MAP_SHOTS/screenshot-map.png"
  # The canvas's left part (the heat map or the plot; the timings beside it vary run to run):
  # pixels that differ by more than 10 %.
  local crop=500x330+40+220 differ same
  for f in heat map map2; do /usr/bin/convert "$shots/$f.png" -crop $crop +repage "$shots/$f-plot.png"; done
  differ="$(/usr/bin/compare -metric AE -fuzz 10% "$shots/heat-plot.png" "$shots/map-plot.png" null: 2>&1)"
  same="$(/usr/bin/compare -metric AE "$shots/map-plot.png" "$shots/map2-plot.png" null: 2>&1)"
  [ "${differ%%.*}" -gt 50000 ] 2>/dev/null ||
    fail "slide 7's map view pictured like its heat map view (${differ} of 165,000 pixels differ)"
  [ "$same" = "0" ] || fail "two pictures of slide 7's map view differ in $same of its plot's pixels"
}

screenshot_of_the_map
journey 1280x800
journey 1024x768
journey 2560x1440 --scale 2
learn_journey

rm -rf "$ROOT"
if [ "$FAILS" -gt 0 ]; then
  echo "scale_map_e2e: $FAILS failure(s)"
  exit 1
fi
echo "scale_map_e2e: passed"
