#!/usr/bin/env bash
# wide_text_e2e.sh — issue 25 item 5 in the real window (Xvfb, 1280 × 800), with real X
# input: an emoji and CJK typed into the Text field with `xdotool type`, and pasted from
# the X clipboard (xclip serves it), reach the session file byte for byte (Debian's
# Dear ImGui 1.86 has 16-bit characters: 🐱 used to become U+FFFD, EF BF BD). A picture of
# the window is kept (LV_E2E_KEEP=1) to look at: CJK drawn from fonts-droid-fallback, the
# emoji as a boxed code point.
#   $1 the lookupviz binary   $2 the source dir   exit 77: skipped (no xdotool / xvfb-run)
set -u
BIN="$1"

# shellcheck source=../shared/e2e_lib.sh
source "$(dirname "$0")/../shared/e2e_lib.sh"
lv_e2e_needs_x 1280x800x24 "$@"

# xdotool reads its text in the locale's encoding: UTF-8.
export LC_ALL=C.UTF-8
ROOT="$(mktemp -d /tmp/lookupviz-wide-XXXXXX)"
PID=""
WID=""
SENTENCE="I love 🐱 and 猫咪很可爱！"

start() {
  lv_e2e_launch "$1" "$BIN" --reset --size 1280x800 || return 1
  lv_e2e_drawn
  lv_e2e_focus
}

quit() {
  lv_e2e_quit
  [ -f "$SESSION" ] || fail "no session saved at $SESSION"
}

# Text mode, the field focused and emptied.
empty_text_field() {
  local i
  for i in 1 2 3; do  # a click the first frames miss is tried again
    grep -q '^text-field ' "$LOOKUPVIZ_LANDMARKS" && break
    click mode-text
    wait_for "grep -q '^text-field ' '$LOOKUPVIZ_LANDMARKS'" 3
  done
  click text-field
  sleep 0.1
  xdotool key ctrl+a BackSpace
  sleep 0.2
}

# slow_type TEXT: typed with time for the app to read each character. xdotool types a
# character missing from the keymap by remapping a spare keycode to it, pressing it, and
# mapping it back; the app looks the key up when it reads the event, so a slow frame
# (llvmpipe, a busy machine) read "猫咪很" as "猫可可", or nothing at all. Half the delay
# passes between the press and the release, half before the key is mapped back.
slow_type() {
  xdotool type --delay 1400 -- "$1"
  sleep 0.5
}

# The session's sentence and IDs must be the exact bytes and `--tokenize`'s IDs.
expect_sentence() {
  local want="$1" got ids want_ids
  got="$(sed -n 's/^text = //p' "$SESSION" | head -n 1)"
  [ "$got" = "\"$want\"" ] || fail "session text = $got, want \"$want\" (bytes: $(printf '%s' "$got" | od -An -tx1 | tr -d '\n'))"
  grep -q $'\xEF\xBF\xBD' "$SESSION" && fail "the session holds U+FFFD (EF BF BD): $(cat "$SESSION")"
  ids="$(sed -n 's/^ids = //p' "$SESSION" | head -n 1)"
  want_ids="$("$BIN" --tokenize "$want" | tr -d '[]')"
  [ "$ids" = "$want_ids" ] || fail "session ids = $ids, want --tokenize's $want_ids"
  grep -q '^ids_from = text' "$SESSION" || fail "the IDs do not come from the text: $(cat "$SESSION")"
}

# 1. Typed: `xdotool type` sends each character as a key (a spare keycode remapped to it),
#    as an input method or a compose key would; GLFW gives the code point whole.
if start typed; then
  empty_text_field
  slow_type "$SENTENCE"
  sleep 1.0  # GPT-2's table drawn, the fonts built again with the new glyphs
  xdotool mousemove --window "$WID" 640 790
  sleep 0.5
  xdotool key ctrl+s  # the window's own screenshot (kept with LV_E2E_KEEP=1: look at it)
  wait_for "ls '$HOME'/Pictures/lookupviz-slide-*.png >/dev/null 2>&1" 10 || fail "Ctrl+S saved no screenshot"
  cp "$HOME"/Pictures/lookupviz-slide-*.png "$ROOT/typed.png" 2>/dev/null
  quit
  expect_sentence "$SENTENCE"
fi

# 2. Caret and deletion: "a🐱b", Left, BackSpace deletes the cat whole.
if start caret; then
  empty_text_field
  slow_type "a🐱b"
  sleep 0.3
  xdotool key Left BackSpace
  sleep 0.5
  quit
  expect_sentence "ab"
fi

# 3. Pasted: another program owns the clipboard (xclip serves it), Ctrl+V in the field.
if ! command -v xclip >/dev/null 2>&1; then
  echo "note: xclip is not installed (Debian: xclip): the paste run is skipped"
elif start pasted; then
  printf '%s' "pasted $SENTENCE 😺" | xclip -quiet -selection clipboard -i >/dev/null 2>&1 &
  XCLIP=$!
  sleep 0.3
  empty_text_field
  xdotool key ctrl+v
  sleep 1.0
  quit
  kill "$XCLIP" 2>/dev/null
  wait "$XCLIP" 2>/dev/null
  expect_sentence "pasted $SENTENCE 😺"
fi

if [ "$FAILS" -gt 0 ]; then
  echo "$FAILS check(s) failed; files kept in $ROOT"
  exit 1
fi
echo "all wide-text checks passed ($ROOT)"
[ -n "${LV_E2E_KEEP:-}" ] || rm -rf "$ROOT"
exit 0
