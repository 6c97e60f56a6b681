#!/usr/bin/env bash
# xinput_e2e.sh — the real app in a real X server (Xvfb, 1280 × 800), driven by real
# X input (xdotool: key presses, clicks, typing) as a user drives it, asserting on
# what the user gets: the session saved at Ctrl+Q, the Ctrl+S screenshot (compared
# with the headless --screenshot of the same state), the window.
#   $1 the lookupviz binary   $2 the source dir   exit 77: skipped (no xdotool / xvfb-run)
# Each run starts `lookupviz --reset` with its own HOME and XDG_CONFIG_HOME, so the
# session lands in a temporary folder. The controls are found by name: the app writes
# their rectangles to $LOOKUPVIZ_LANDMARKS (app/ui_base/ui_landmarks.hpp), so a layout change
# does not break the clicks.
set -u
BIN="$1"

# shellcheck source=../shared/e2e_lib.sh
source "$(dirname "$0")/../shared/e2e_lib.sh"
# Re-run inside one X server with a fixed screen (every run below shares it).
lv_e2e_needs_x 1280x800x24 "$@"

ROOT="$(mktemp -d /tmp/lookupviz-e2e-XXXXXX)"
PID=""
WID=""

# start NAME [WxH]: a fresh HOME, the app (1280 × 800 unless said), its window found
# and focused, its first frame drawn (the landmarks file exists).
start() {
  lv_e2e_launch "$1" "$BIN" --reset --size "${2:-1280x800}" || return 1
  lv_e2e_drawn
  lv_e2e_focus
}

# quit: Ctrl+Q, then the session file as written at exit.
quit() {
  lv_e2e_quit
  [ -f "$SESSION" ] || fail "no session saved at $SESSION"
}

keys() {  # keys GAP KEY... : each key pressed and released, GAP seconds apart
  local gap="$1"
  shift
  for k in "$@"; do
    xdotool key "$k"
    sleep "$gap"
  done
}

# -------------------------------------------------------------------- the runs

# 1. The issue's repro with small, realistic gaps: 3 End Home Space . — slide 3; Home,
#    Space (play from step 0) then `.` stops on step 1; the IDs untouched (no focus ring
#    took the keys to a chip, no "." typed into an ID editor).
if want keys-gaps && start keys-gaps; then
  keys 0.2 3 End Home space period
  sleep 0.3
  quit
  expect slide 3
  expect step 1
  expect ids "2, 3, 1"
fi

# 2. The same keys, fast, while slide 3's transition animates.
if want keys-fast && start keys-fast; then
  xdotool key --delay 25 3 End Home space period
  sleep 0.4
  quit
  expect slide 3
  expect step 1
  expect ids "2, 3, 1"
fi

# 3. 4 then End at once: the End lands on slide 4 (one step per ID: its last is 3).
if want four-end && start four-end; then
  xdotool key --delay 10 4 End
  sleep 0.4
  quit
  expect slide 4
  expect step 3
fi

# 4. → then F11 at once: both happen (next slide, full screen: the 1024 × 700 window
#    becomes the 1280 × 800 screen).
if want right-f11 && start right-f11 1024x700; then
  xdotool key --delay 10 Right F11
  wait_for "xdotool getwindowgeometry '$WID' | grep -q 'Geometry: 1280x800'" 5 ||
    fail "F11 did not go full screen: $(xdotool getwindowgeometry "$WID")"
  quit
  expect slide 2
fi

# 5. Next > on slide 1, then Ctrl+S: the window's picture equals the headless render
#    of slide 2, step 1 at the same size (code panels included: they used to keep
#    slide 1's code).
if want next-screenshot && start next-screenshot; then
  click next-slide
  xdotool mousemove --window "$WID" 2 2  # nothing hovered, no tooltip
  sleep 1.4                              # the ease into step 1 ends
  xdotool key ctrl+s
  wait_for "ls '$HOME'/Pictures/lookupviz-slide-02-*.png >/dev/null 2>&1" 10 || fail "Ctrl+S saved no screenshot"
  shot="$(ls "$HOME"/Pictures/lookupviz-slide-02-*.png 2>/dev/null | head -n 1)"
  quit
  expect slide 2
  ref="$ROOT/$RUN/headless.png"
  "$BIN" --screenshot "$ref" --slide 2 --step 1 --size 1280x800 >/dev/null 2>&1 || fail "headless --screenshot failed"
  if [ -n "$shot" ] && [ -f "$ref" ]; then
    cp "$shot" "$ROOT/$RUN/window.png"
    if command -v compare >/dev/null 2>&1; then
      # llvmpipe draws the same frame the same way: the pictures must be identical.
      diff_px="$(compare -metric AE "$shot" "$ref" "$ROOT/$RUN/diff.png" 2>&1 >/dev/null)"
      [ "$diff_px" = "0" ] || fail "window screenshot differs from the headless render in $diff_px pixels ($ROOT/$RUN)"
    else
      fail "ImageMagick's compare is needed to compare the pictures (Debian: imagemagick; ./scripts/test.sh installs it)"
    fi
  fi
fi

# 6. Into the IDs field, type 7x, Enter: "7" was live, "7x" is not a list — the last
#    valid IDs (7, the ones shown and named by the message) stay.
if want ids-7x && start ids-7x; then
  click ids-text
  xdotool key ctrl+a
  xdotool type --delay 60 "7x"
  sleep 0.2
  xdotool key Return
  sleep 0.3
  quit
  expect ids "7"
  expect slide 1
fi

# 7. inf typed into a cell of slide 1 reaches slide 5: the edit is in the session and
#    slide 5's picture is not the untouched one (2 of 15 cells differ there).
if want inf-cell && start inf-cell; then
  sleep 0.2  # (slide 1 opens on its last step: the table is already filled in)
  click table-cell 2
  sleep 0.3
  xdotool key ctrl+a
  xdotool type --delay 40 "inf"
  xdotool key Return 5  # the 5 right after Enter goes to the deck, not to the closed editor
  sleep 1.2
  xdotool key ctrl+s
  wait_for "ls '$HOME'/Pictures/lookupviz-slide-05-*.png >/dev/null 2>&1" 10 || fail "Ctrl+S saved no screenshot"
  quit
  expect slide 5
  grep -qx "edit = 0 0 inf" "$SESSION" || fail "the session holds no 'edit = 0 0 inf': $(grep '^edit' "$SESSION")"
  shot="$(ls "$HOME"/Pictures/lookupviz-slide-05-*.png 2>/dev/null | head -n 1)"
  [ -n "$shot" ] && cp "$shot" "$ROOT/$RUN/window.png"
fi

# 8. A session with a table file: a plain `lookupviz` reopens the table (on a worker,
#    after the window is up) with the session's IDs; its x closes it and the session
#    then forgets the file.
if want restore-table; then
  table="$ROOT/restore-table/my table.npy"
  mkdir -p "$ROOT/restore-table"
  cp "$2/tests/golden/tables/notebook_seed123.npy" "$table"
  # Opened once as a FILE with IDs 2, 1; Ctrl+Q saves the session.
  lv_e2e_launch restore-table "$BIN" --reset --ids 2,1 --size 1280x800 "$table" &&
    lv_e2e_drawn '^close-table ' "the FILE's table is not shown" && lv_e2e_focus
  quit
  expect weights "\"$table\""
  expect ids "2, 1"
  # The plain launch (the same HOME): the table comes back, the IDs with it.
  lv_e2e_launch restore-table "$BIN" --size 1280x800 &&
    lv_e2e_drawn '^close-table ' "the session's table did not come back" && lv_e2e_focus
  click close-table
  sleep 0.4
  quit
  expect weights ""
  expect ids "2, 1"
fi

# --- type sizes (issue 25, items 3, 4 and 10) ------------------------------------------
# mark NAME FIELD: a field of a landmark (2 x, 3 y, 4 w, 5 h); "canvas-type" is an em
# square of the canvas's type, "narration-type" the narration's.
mark() { awk -v n="$1" -v f="$2" '$1 == n { print $f }' "$LOOKUPVIZ_LANDMARKS"; }
# settled: the landmarks file has not changed for 0.6 s (the slide's fit and ease are done).
settled() {
  local before=""
  for _ in $(seq 1 40); do
    now="$(md5sum <"$LOOKUPVIZ_LANDMARKS" 2>/dev/null)"
    [ -n "$before" ] && [ "$now" = "$before" ] && return 0
    before="$now"
    sleep 0.6
  done
}
canvas_px() { settled; mark canvas-type 5; }

# 9. A slide's type does not depend on the slide before it: slide 1 as it opens, after
#    2, after 4; slide 2 after 1, after 4 and after 3 (slide 1 after 4 was 11 px against 22).
if want slide-revisit && start slide-revisit; then
  one="$(canvas_px)"
  keys 0.1 2; two_from_one="$(canvas_px)"
  keys 0.1 1; one_from_two="$(canvas_px)"
  keys 0.1 4; keys 0.1 1; one_from_four="$(canvas_px)"
  keys 0.1 4; keys 0.1 2; two_from_four="$(canvas_px)"
  keys 0.1 3; keys 0.1 2; two_from_three="$(canvas_px)"
  echo "slide 1: $one px fresh, $one_from_two after 2, $one_from_four after 4;" \
       "slide 2: $two_from_one after 1, $two_from_four after 4, $two_from_three after 3"
  [ -n "$one" ] && [ "$one" = "$one_from_two" ] && [ "$one" = "$one_from_four" ] ||
    fail "slide 1's canvas type: $one px fresh, $one_from_two after slide 2, $one_from_four after slide 4"
  [ -n "$two_from_one" ] && [ "$two_from_one" = "$two_from_four" ] && [ "$two_from_one" = "$two_from_three" ] ||
    fail "slide 2's canvas type: $two_from_one px after 1, $two_from_four after 4, $two_from_three after 3"
  quit
fi

# 10. F11 on a 1280 × 800 screen draws slides 1, 2 and 6 at least as large as the window
#     did (slide 2's cells were 29 px presenting against 33 in the window).
if want present-larger && start present-larger; then
  declare -A windowed
  for k in 1 2 6; do keys 0.1 "$k"; windowed[$k]="$(canvas_px)"; done
  keys 0.1 1 F11
  wait_for "xdotool getwindowgeometry '$WID' | grep -q 'Geometry: 1280x800'" 5 || fail "F11 did not go full screen"
  for k in 1 2 6; do
    keys 0.1 "$k"
    p="$(canvas_px)"
    echo "slide $k: canvas type ${windowed[$k]} px in the window, $p px presenting"
    awk -v p="$p" -v w="${windowed[$k]}" 'BEGIN { exit !(p != "" && w != "" && p + 0 >= w + 0) }' ||
      fail "slide $k: presenting draws the canvas at $p px, the window at ${windowed[$k]} px"
  done
  keys 0.1 Escape
  quit
fi

# 11. Ctrl+= three times at 1280 × 800: the page still fits (Next > whole inside the window,
#     the narration's column too), and the slide is not drawn smaller than before.
if want ctrl-plus && start ctrl-plus; then
  before="$(canvas_px)"
  keys 0.3 ctrl+equal ctrl+equal ctrl+equal
  after="$(canvas_px)"
  read -r nx ny nw nh <<<"$(awk '$1 == "next-slide" { print $2, $3, $4, $5 }' "$LOOKUPVIZ_LANDMARKS")"
  echo "Ctrl+= ×3: canvas type $before → $after px; Next > at $nx,$ny ${nw}×${nh}"
  [ -n "$nx" ] && [ $((nx + nw)) -le 1280 ] && [ $((ny + nh)) -le 800 ] ||
    fail "Next > lies outside the 1280 × 800 window after Ctrl+= three times: $nx,$ny ${nw}×${nh}"
  awk -v a="$after" -v b="$before" 'BEGIN { exit !(a != "" && a + 0 >= b + 0) }' ||
    fail "Ctrl+= made the slide's type smaller: $before → $after px"
  quit
  zoom="$(value zoom)"
  awk -v z="$zoom" 'BEGIN { exit !(z + 0 > 1.0 && z + 0 <= 1.12) }' ||
    fail "zoom = $zoom after Ctrl+= three times at 1280 × 800 (the window holds 1.1 at most)"
fi
# --- end of type sizes ------------------------------------------------------------------

if [ "$FAILS" -gt 0 ]; then
  echo "$FAILS check(s) failed; pictures and logs in $ROOT"
  exit 1
fi
echo "all end-to-end checks passed ($ROOT)"
[ -n "${LV_E2E_KEEP:-}" ] || rm -rf "$ROOT"
exit 0
