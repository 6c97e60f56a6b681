# e2e_lib.sh — what the real-window journeys (tests/render/*_e2e.sh) share; sourced, not run.
#   lv_e2e_needs_x SCREEN "$@"  skip (exit 77) without xvfb-run / xdotool, else re-run the
#                               script inside one Xvfb with that screen ("1280x800x24")
#   fail MESSAGE                count a failure of case $RUN
#   wait_for COND [SECONDS]     poll COND (eval'd) every 50 ms, up to SECONDS (10)
#   want NAME                   run case NAME (all unless LV_E2E_ONLY names one)
#   running PID                 the process is alive (not a zombie)
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
