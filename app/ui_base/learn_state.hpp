// learn_state.hpp — Learn mode's state (issue 28, "predict, then reveal"): the question a
// slide asks before its reveal, the learner's answer as it is typed or picked on the
// canvas, and how often each kind was answered right. Plain data: app/app_learn.* runs
// the flow, app/widgets/widget_answer_targets.* lets a slide's rows and columns be picked.
#pragma once
#include <imgui.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "app/model/model_state.hpp"
#include "core/quiz/question_kinds.hpp"
#include "core/quiz/quiz_draw.hpp"

namespace lv::app {

// Something on the canvas that is an answer: a table row, a one-hot column, an output cell.
// A slide adds the ones it draws each frame (answer_rows / answer_cols), in order.
struct AnswerTarget {
  enum class Axis { Row, Col, Cell } axis = Axis::Row;
  int64_t row = 0, col = 0;  // the answer it stands for (Row: row; Col: col; Cell: both)
  ImVec2 min, max;           // where it is on screen
};

// How often a kind was asked and answered right (the session keeps them; what was missed
// is asked first).
struct KindTally {
  int asked = 0, right = 0;
};

enum class LearnPhase {
  Off,       // no question: the slide plays as it always did
  Asking,    // the slide waits at `hold` until the learner answers (or asks to be shown)
  Revealed,  // the reveal plays; the answer and the truth are drawn with a line of why
};

// A quiz (Q, --quiz): questions from fresh random states, one after another, then a score.
struct QuizRun {
  bool active = false;
  uint64_t seed = 0;
  std::vector<quiz::QuizItem> items;
  int at = 0;                      // the item asked now
  std::vector<int> results;        // per item: 1 right, 0 wrong, -1 shown (skipped)
  std::vector<std::string> given;  // per item: the learner's answer as typed
  bool finished = false;           // the score and the review are shown
  int finished_frame = 0;          // from this frame (the Enter that finished it does not close it)
};

// The learner's own state, kept while a practice state is shown ("Try another", a quiz) and
// given back exactly when the practice ends; the session saves this one meanwhile.
struct OwnState {
  bool kept = false;       // a practice state is shown
  ModelInputs inputs;      // IDs, sentence, seed, V, D, dtype, table, edits, grad mode
  int slide = 1;           // the slide …
  float step = 0.0f;       // … and the timeline's step (where it was going, when moving)
  bool text_mode = false;  // the editor bar in Text mode
  std::string text;        // the Text field's sentence, byte for byte
};

// A question answered (or shown) on a state: coming back to that slide and state shows
// this verdict again, not a new question.
struct AnsweredQuestion {
  quiz::Question question;
  std::optional<quiz::Answer> given;
  std::string typed;
  bool right = false, shown = false;
  int hold = 0, reveal_to = 0;
};

struct LearnState {
  bool ask = false;  // Learn mode: ask before the reveal (A, --ask, the menu; the session keeps it)
  LearnPhase phase = LearnPhase::Off;
  int slide = -1;           // the slide asking
  quiz::Question question;  // what it asks, with its answer and why
  int hold = 0;             // the timeline waits at this position (the steps before the reveal done)
  int reveal_to = 0;        // the reveal plays the timeline to here
  uint64_t asked_for = 0;   // the state last asked about (slide, model): not asked twice
  uint64_t asks = 0;        // questions asked so far (varies the params drawn)
  std::optional<quiz::QuestionKind> next_kind;  // "Try another": the kind to ask again
  int attempt = 0;                              // "Try another"'s count for this kind
  std::string typed;                            // the answer as typed, clicked or picked with the arrows
  std::string error;                            // why `typed` does not read as an answer ("" : it does)
  std::optional<quiz::Answer> given;            // Revealed: the answer as read (none: shown)
  bool right = false;                           // Revealed: the answer was right
  bool shown = false;                           // Revealed: "Show me" skipped the question
  int cursor = -1;                              // the target the arrows highlight (-1: none)
  bool awaits_measure = false;        // answered (or shown) before slide 7 measured its answer: judged when it lands
  std::vector<AnswerTarget> targets;  // what the slide drew as answers this frame
  std::vector<AnswerTarget> drawn_targets;  // and last frame (what clicks and keys act on)
  IdList marked_right, marked_wrong;        // what the reveal marked this frame: ✓ the answer, ✗ the learner's
  std::map<std::string, KindTally> tally;   // by kind name ("lookup_row")
  QuizRun quiz;
  OwnState own;                                   // kept while a practice state is shown
  std::map<uint64_t, AnsweredQuestion> answered;  // by state (slide, model): its verdict
  bool tour_after = false;            // T while a question was asked: the tour starts here once it is answered
  ImVec2 panel_min, panel_max;        // the question panel on screen (its clicks do not stop the tour)
  bool holds_tour = false;            // a question asked holds the tour's step (UiState::tour.waits)
  int keys_frame = -1;                // the frame whose keys a question took (the deck then takes none of them)
  bool quiz_requested = false;        // Q or the menu's "Quiz me": started by the frame
  bool quiz_end_requested = false;    // the menu's "End the quiz": ended by the frame
  std::optional<uint64_t> quiz_seed;  // --quiz-seed N: the next quiz's seed (else the clock's)
  // A worksheet's picture of this question (--export-worksheet): its slide withholds what it
  // would while asking it, though no question is asked on screen (none: not a worksheet's).
  std::optional<quiz::Question> pictured;
};

// Learn mode on or off (the menu, the bar's toggle, A, --ask, the session): a question
// asked is dropped by the next frame when it goes off (app/app_learn.cpp learn_frame).
inline void set_learn(LearnState& learn, bool on) {
  learn.ask = on;
  learn.asked_for = 0;
}

}  // namespace lv::app
