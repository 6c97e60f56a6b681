#!/usr/bin/env bash
# learn_e2e.sh — Learn mode (issue 28) in the real window under Xvfb, driven by real X
# input (xdotool) at 1280 × 800 and 1024 × 768: slide 2 does not pass its question until
# it is answered; a click selects and Enter judges (a misclick corrected by another click
# first); clicking a wrong row shows ✗ and the right row; the same by keyboard
# alone; slide 9's rows_moved question answered on its trained table; Try another's practice
# state is marked and the session keeps the learner's own; a 5-question quiz
# ends with its score; the session keeps Learn mode and the per-kind results across a
# restart. Screenshots of a question and of a reveal are kept
# in $LV_LEARN_SHOTS when it is set (./scripts/screenshots.sh uses them for the README).
#   $1 the lookupviz binary   $2 the source dir   exit 77: skipped (no xdotool / xvfb-run)
# The controls and the answers are found by name ($LOOKUPVIZ_LANDMARKS: "answer-row-3",
# "learn-wrong", "quiz-score" …), so a layout change does not break the clicks.
set -u
BIN="$1"

# shellcheck source=../shared/e2e_lib.sh
source "$(dirname "$0")/../shared/e2e_lib.sh"
lv_e2e_needs_x 1280x800x24 "$@"

ROOT="$(mktemp -d /tmp/lookupviz-learn-XXXXXX)"
PID=""
WID=""

# start NAME SIZE ARGS...: the app with its own HOME (kept across a restart of the same
# NAME), its window focused, its first frame drawn.
start() {
  local size="$2"
  if [ "$size" = plain ]; then  # plain `lookupviz`, as a first launch is
    lv_e2e_launch "$1" "$BIN" || return 1
  else
    lv_e2e_launch "$1" "$BIN" --size "$size" "${@:3}" || return 1
  fi
  lv_e2e_drawn '^next-slide \|^welcome-learn '
  lv_e2e_focus
}

quit() { lv_e2e_quit; }

shot() { lv_e2e_shot "${LV_LEARN_SHOTS:-}" "$1"; }  # kept when LV_LEARN_SHOTS is set

# The IDs 2, 3, 1 at the seed 123: output row i is table row ids[i].
IDS=(2 3 1)

for SIZE in 1280x800 1024x768; do
  # 1. Slide 2 waits for its question; a wrong row clicked shows ✗ and the right row.
  start "click-$SIZE" "$SIZE" --ask --ids 2,3,1 --slide 2 --step 0
  wait_for "has learn-answer" 10 || fail "slide 2 asked no question"
  xdotool key --delay 60 period space End Right
  sleep 2.0
  has learn-answer || fail "the deck's keys passed the question"
  has learn-right && fail "answered without an answer"
  # Which output row is asked: the prompt is the landmark file's question; read it from
  # the answer rows instead (the one asked is the step the transport holds at).
  i=-1
  for k in 0 1 2; do has "answer-row-$k" && i=0; done
  [ "$i" = 0 ] || fail "no answer rows on the table"
  shot "question-$SIZE"
  # Wrong for every possible i: row 0 is no ID of 2, 3, 1.
  click answer-row-0
  sleep 0.5
  has learn-wrong && fail "a click committed the answer (it selects; Enter commits)"
  xdotool key Return
  wait_for "has learn-wrong" 5 || fail "a wrong row clicked, then Enter, showed no ✗ verdict"
  wait_for "has learn-try-another" 5 || fail "a miss offered no Try another"
  sleep 3  # the reveal plays (a step is 1.4 s)
  shot "reveal-$SIZE"
  quit

  # 2. The same by keyboard alone: ↓ to the right row, Enter. (slide 2 at step 0 asks
  # about output row 0 or another; ↓ walks the rows from 0: the answer is found by trying
  # each row in turn on a fresh start, the first one judged right ends it.)
  right=0
  for target in 1 2 3; do
    start "keys-$SIZE-$target" "$SIZE" --ask --ids 2,3,1 --slide 2 --step 0
    wait_for "has learn-answer" 10 || fail "slide 2 asked no question"
    for _ in $(seq 0 "$target"); do xdotool key Down; sleep 0.05; done
    xdotool key Return
    if wait_for "has learn-right || has learn-wrong" 5; then
      has learn-right && right=1
    else
      fail "Enter after the arrows gave no verdict"
    fi
    quit
    [ "$right" = 1 ] && break
  done
  RUN="keys-$SIZE"
  [ "$right" = 1 ] || fail "no row reached by ↓ and Enter was judged right"
done

# 2b. A misclick is corrected before Enter (issue 36, item 6): a click selects, another click
# changes it, Enter judges the second. The row asked is one of the IDs 2, 3, 1; row 0 never is:
# each ID's row clicked first, then row 0, must be judged ✗ (the first click, right once, would
# be ✓ had it committed).
for first in 1 2 3; do
  start "misclick-$first" 1280x800 --ask --ids 2,3,1 --slide 2 --step 0
  wait_for "has learn-answer && has answer-row-$first" 10 || fail "slide 2 asked no question on its rows"
  click "answer-row-$first"
  sleep 0.4
  has learn-right || has learn-wrong && fail "a click on row $first committed the answer"
  click answer-row-0
  sleep 0.4
  xdotool key Return
  wait_for "has learn-wrong || has learn-right" 5 || fail "Enter after two clicks gave no verdict"
  has learn-right && fail "row $first, then row 0 clicked: the first click was judged"
  quit
done

# 3. A 5-question quiz, each question shown (S) and passed (Enter): the score.
start quiz 1280x800 --quiz --quiz-seed 7
for n in 1 2 3 4 5; do
  wait_for "has learn-answer" 10 || { fail "quiz question $n was not asked"; break; }
  xdotool key s  # Show me (S; Esc is never the question's)
  wait_for "has learn-continue" 5 || fail "quiz question $n showed no answer"
  sleep 0.3
  xdotool key Return
  sleep 0.4
done
wait_for "has quiz-score" 10 || fail "the quiz ended with no score"
click quiz-close
wait_for "! has quiz-score" 5 || fail "the score did not close"
quit

# 3b. Slide 9 (issue 29): which rows change at optimizer step k. The IDs 2, 0, 3, 0 one a
# step under Adam never move row 1 (never looked up, so no memory): clicked, it is ✗; the
# trained table's rows are the answers, the arrows and Space pick them too.
start train 1280x800 --ask --ids 2,0,3,0 --vocab 5 --dim 3 --seed 5 --slide 9 --step 0
wait_for "has learn-answer && has answer-row-1" 10 || fail "slide 9 asked no question on its table's rows"
click answer-row-1
xdotool key Return
wait_for "has learn-wrong" 5 || fail "row 1 picked on slide 9 showed no ✗ verdict"
wait_for "has learn-try-another" 5 || fail "a miss on slide 9 offered no Try another"
xdotool key n  # Try another: a fresh state, asked again on slide 9
wait_for "has learn-answer && ! has learn-wrong" 5 || fail "Try another on slide 9 asked nothing"
quit

# 4. The session keeps Learn mode and the per-kind results across a restart.
start session 1280x800 --ask --ids 2,3,1 --slide 2 --step 0
wait_for "has learn-answer" 10 || fail "slide 2 asked no question"
xdotool key s  # Show me (S; Esc is never the question's)
wait_for "has learn-continue" 5 || fail "S showed no answer"
quit
SESSION="$XDG_CONFIG_HOME/lookupviz/session.ini"
grep -q '^learn = true$' "$SESSION" || fail "the session did not keep Learn mode: $(cat "$SESSION")"
grep -q '^result = lookup_row 1 0$' "$SESSION" || fail "the session did not keep lookup_row's result"
start session 1280x800  # plain: the session resumes (slide 2, Learn mode on)
wait_for "has learn-answer" 10 || fail "after a restart Learn mode did not ask on slide 2"
quit
grep -q '^result = lookup_row 1 0$' "$SESSION" || fail "the restart lost lookup_row's result"

# 4b. Try another (issue 36, item 3) shows a practice state, marked as such; the session
# saved during it holds the learner's own IDs, seed and slide, and a restart gives them back.
start practice 1280x800 --ask --ids 2,3,1 --seed 123 --slide 2 --step 0
wait_for "has learn-answer" 10 || fail "slide 2 asked no question"
xdotool key s  # Show me (S; Esc is never the question's)
wait_for "has learn-try-another" 5 || fail "a shown answer offered no Try another"
xdotool key n
wait_for "has learn-practice && has learn-back-to-own" 5 || fail "Try another's state was not marked as practice"
sleep 2.5  # the session is saved a moment after a change
quit
SESSION="$XDG_CONFIG_HOME/lookupviz/session.ini"
grep -q '^ids = 2, 3, 1$' "$SESSION" || fail "the session during practice lost the learner's IDs: $(cat "$SESSION")"
grep -q '^seed = 123$' "$SESSION" || fail "the session during practice lost the learner's seed"
grep -q '^slide = 2$' "$SESSION" || fail "the session during practice lost the learner's slide"
start practice 1280x800  # plain: the learner's state resumes, not the practice one
wait_for "has next-slide" 10 || fail "the restart after practice drew nothing"
has learn-practice && fail "the restart resumed the practice state"
quit

# 5. The first launch (plain `lookupviz`, no session yet) offers Learn / Present / Explore,
# once: the keys go to the choice, not the deck; 1 turns Learn mode on; the next launch
# does not ask again. Esc takes Explore (Learn mode stays off); 2 presents (full screen).
start first plain
wait_for "has welcome-learn && has welcome-present && has welcome-explore" 10 ||
  fail "a first launch offered no choice"
shot welcome
xdotool key Right  # not the deck's while the choice is shown
sleep 0.3
has welcome-learn || fail "→ closed the choice"
xdotool key 1
wait_for "! has welcome-learn" 5 || fail "1 did not choose"
wait_for "has learn-answer" 10 || fail "Learn (1) did not turn Learn mode on: no question asked"
sleep 2.5  # the session is saved a moment after a change
quit
grep -q '^learn = true$' "$XDG_CONFIG_HOME/lookupviz/session.ini" || fail "the choice of Learn was not kept"
start first plain
sleep 1
has welcome-learn && fail "the choice was offered again on the second launch"
has learn-answer || wait_for "has learn-answer" 10 || fail "Learn mode was not on at the second launch"
quit
start first-explore plain
wait_for "has welcome-explore" 10 || fail "a first launch offered no choice"
xdotool key Escape
wait_for "! has welcome-explore" 5 || fail "Esc did not close the choice"
sleep 1
has learn-answer && fail "Explore (Esc) turned Learn mode on"
quit
start first-present plain
wait_for "has welcome-present" 10 || fail "a first launch offered no choice"
has ids-text || fail "the editor bar (its IDs field) was not drawn before Present"
click welcome-present
wait_for "! has welcome-present" 5 || fail "a click on Present did not choose"
wait_for "! has ids-text" 10 || fail "Present did not present: the editor bar is still drawn"
quit
start first-quit plain  # Ctrl+Q quits from the choice too (quit fails the case when it does not)
wait_for "has welcome-learn" 10 || fail "a first launch offered no choice"
quit
# A launch with options (a test's, a script's) is not a first launch's: no choice.
start first-options 1280x800
sleep 1
has welcome-learn && fail "a launch with options offered the first launch's choice"
quit

rm -rf "$ROOT"
if [ "$FAILS" -gt 0 ]; then
  echo "learn_e2e: $FAILS failure(s)"
  exit 1
fi
echo "learn_e2e: passed"
