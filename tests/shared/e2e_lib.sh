# e2e_lib.sh — what the real-window journeys (tests/render/*_e2e.sh) share; sourced, not run.
#   lv_e2e_needs_x SCREEN "$@"  skip (exit 77) without xvfb-run / xdotool, else re-run the
#                               script inside one Xvfb with that screen ("1280x800x24")
#   fail MESSAGE                count a failure of case $RUN
#   wait_for COND [SECONDS]     poll COND (eval'd) every 50 ms, up to SECONDS (10)
#   want NAME                   run case NAME (all unless LV_E2E_ONLY names one)
#   running PID                 the process is alive (not a zombie)
#   lv_e2e_launch NAME CMD...   case NAME: a fresh HOME (with Pictures/), XDG_CONFIG_HOME and
#                               landmarks file under $ROOT/NAME (CASE_DIR), CMD started in the
#                               background (PID, its output in CASE_DIR/stderr), its window
#                               found (WID); else the case fails and 1 is returned
#   lv_e2e_start NAME SIZE ARGS... $BIN --size SIZE ARGS launched, drawn and focused
#   lv_e2e_drawn [PATTERN [WHY]] wait for the first frame: a landmark line matching PATTERN
#                               ('^next-slide ' unless said); else fail with WHY
#   lv_e2e_focus [SLEEP]        give the window the keyboard focus (there is no window manager),
#                               then let the start-up frames pass (0.3 s unless said)
#   lv_e2e_quit [SECONDS]       Ctrl+Q (once more if missed); the app gone within SECONDS (10) of
#                               either; SESSION the session file
#   value KEY / expect KEY WANT a line of the saved session ("ids = 2, 3, 1" -> "2, 3, 1")
#   has NAME                    a control of that name (landmark) is on screen
#   center NAME                 the centre of a named control (landmark), in window pixels
#   click NAME [N]              the pointer rests on it, then N clicks (1) of the left button
#   hover NAME                  the pointer rests on it
#   lv_e2e_shot DIR NAME        Ctrl+S, the app's own screenshot, kept as DIR/NAME.png (DIR "": none)
FAILS=0
RUN=""

lv_e2e_needs_x() {
  local screen="$1" tool
  shift
  for tool in xvfb-run xdotool; do
    if ! command -v "$tool" >/dev/null 2>&1; then
      echo "skipped: $tool is not installed (Debian: xvfb, xdotool)"
      exit 77
    fi
  done
  # -noreset: without it Xvfb resets when its last client leaves, and a client connecting
  # at that moment (the app starting while an xdotool call ends) is refused: "Failed to
  # open display" about one start in twenty with two clients at once (CI, stop 33).
  if [ -z "${LV_E2E_IN_X:-}" ]; then
    LV_E2E_IN_X=1 exec xvfb-run -a -s "-noreset -screen 0 $screen" bash "$0" "$@"
  fi
}

fail() {
  echo "FAIL [$RUN]: $*"
  FAILS=$((FAILS + 1))
}

wait_for() {
  local cond="$1" limit="${2:-10}" i=0
  while ! eval "$cond"; do
    sleep 0.05
    i=$((i + 1))
    [ "$i" -ge $((limit * 20)) ] && return 1
  done
  return 0
}

want() { [ -z "${LV_E2E_ONLY:-}" ] || [ "$LV_E2E_ONLY" = "$1" ]; }

running() { [ -d "/proc/$1" ] && ! grep -q '^State:[[:space:]]*Z' "/proc/$1/status" 2>/dev/null; }

lv_e2e_launch() {
  RUN="$1"
  shift
  CASE_DIR="$ROOT/$RUN"
  mkdir -p "$CASE_DIR/home/Pictures" "$CASE_DIR/config"
  export HOME="$CASE_DIR/home" XDG_CONFIG_HOME="$CASE_DIR/config" LOOKUPVIZ_LANDMARKS="$CASE_DIR/landmarks"
  SESSION="$XDG_CONFIG_HOME/lookupviz/session.ini"
  rm -f "$LOOKUPVIZ_LANDMARKS"
  "$@" >"$CASE_DIR/stderr" 2>&1 &
  PID=$!
  WID="$(timeout 20 xdotool search --sync --all --onlyvisible --pid "$PID" --classname lookupviz | head -n 1)"
  if [ -z "$WID" ]; then
    fail "no lookupviz window appeared: $(tail -n 20 "$CASE_DIR/stderr")"
    kill "$PID" 2>/dev/null
    return 1
  fi
}

# lv_e2e_start NAME SIZE ARGS...: $BIN at SIZE with ARGS (lv_e2e_launch), its first frame
# drawn, its window focused.
lv_e2e_start() {
  lv_e2e_launch "$1" "$BIN" --size "$2" "${@:3}" || return 1
  lv_e2e_drawn
  lv_e2e_focus
}

lv_e2e_drawn() {
  wait_for "grep -q '${1:-^next-slide }' '$LOOKUPVIZ_LANDMARKS' 2>/dev/null" 20 ||
    fail "${2:-the app drew no frame}: $(tail -n 5 "$CASE_DIR/stderr")"
}

# GLFW reads the mouse only in a focused window when the pointer never entered it.
lv_e2e_focus() {
  xdotool mousemove --window "$WID" 2 2
  wait_for "xdotool windowfocus '$WID' 2>/dev/null; [ \"\$(xdotool getwindowfocus 2>/dev/null)\" = '$WID' ]" 5 ||
    fail "the window did not get the focus"
  sleep "${1:-0.3}"
}

lv_e2e_quit() {
  xdotool key ctrl+q
  # A Ctrl+Q the first frames miss (a loaded machine) is pressed once more.
  if ! wait_for "! running $PID" "${1:-10}"; then
    xdotool key ctrl+q
    wait_for "! running $PID" "${1:-10}" || { fail "Ctrl+Q did not quit"; kill "$PID" 2>/dev/null; }
  fi
  wait "$PID" 2>/dev/null
}

value() { sed -n "s/^$1 = //p" "$SESSION" 2>/dev/null | head -n 1; }

expect() {
  local got
  got="$(value "$1")"
  [ "$got" = "$2" ] || fail "session $1 = '$got', want '$2'"
}

has() { grep -q "^$1 " "$LOOKUPVIZ_LANDMARKS" 2>/dev/null; }

center() { awk -v n="$1" '$1 == n { printf "%d %d\n", $2 + $4 / 2, $3 + $5 / 2 }' "$LOOKUPVIZ_LANDMARKS"; }

# hover NAME: the pointer rests on a named control (ImGui sees it hovered).
hover() {
  local at
  at="$(center "$1")"
  [ -n "$at" ] || { fail "no control named $1 on screen"; return 1; }
  # shellcheck disable=SC2086
  xdotool mousemove --window "$WID" $at
  sleep 0.3
}

# lv_e2e_shot DIR NAME: Ctrl+S, the app's own screenshot, copied to DIR/NAME.png (nothing
# when DIR is empty: a journey keeps its pictures only when asked to).
lv_e2e_shot() {
  [ -n "$1" ] || return 0
  mkdir -p "$1" "$HOME/Pictures"
  rm -f "$HOME"/Pictures/*.png
  xdotool key ctrl+s
  wait_for "ls '$HOME'/Pictures/*.png >/dev/null 2>&1" 5 || { fail "Ctrl+S saved no screenshot"; return 1; }
  sleep 0.3
  cp "$(ls -t "$HOME"/Pictures/*.png | head -n 1)" "$1/$2.png"
}

click() {
  local at
  at="$(center "$1")"
  [ -n "$at" ] || { fail "no control named $1 on screen"; return 1; }
  # shellcheck disable=SC2086
  xdotool mousemove --window "$WID" $at
  sleep 0.15  # a hand rests on a control before it clicks (and ImGui sees it hovered)
  xdotool click --repeat "${2:-1}" --delay 90 1
}
