// app_learn.hpp — Learn mode (issue 28, "predict, then reveal"): at a slide's key moment
// the animation stops and asks one question about the state on screen (core/quiz/); the
// learner answers on the canvas (a row, a column) or types it; then the reveal plays and
// the panel under the canvas says ✓ / ✗ and why. A quiz (Q) asks five from fresh states.
//   learn_frame       per frame, before drawing: ask at the key moment, hold the timeline
//   learn_keys        the keys a question takes while it is asked (the deck gets none)
//   draw_learn_panel  the question or the verdict, in the caption's place under the canvas
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "app/slides/slides.hpp"
#include "app/state/app_state.hpp"
#include "core/quiz/question_kinds.hpp"

namespace lv::app {

// The model as the questions read it (the table borrowed, not copied).
quiz::QuizModel learn_model(const App& app);

// Where a question waits and what its reveal plays, as the slide that asks it declares
// (SlideQuestion::steps, app/slides/slides.hpp).
QuestionSteps question_steps(const quiz::Question& q, int steps);

// Learn mode on or off (A, --ask, the menu, the editor bar); off drops a question asked.
void set_learn_mode(App& app, bool on);
// Per frame, before the slides draw: a slide's question asked when its moment comes.
void learn_frame(App& app);
// The keys a question asked takes (digits, arrows, Enter, Backspace, S for Show me): true when it
// took this frame's keys (the deck then gets none of them).
bool learn_keys(App& app);
// Whether the panel shows under the canvas now, and its height for a width.
bool learn_panel_shown(const App& app);
float learn_panel_height(const App& app, float width);
void draw_learn_panel(App& app, float width, float height);

// The answer as typed (or clicked), read for the question's answer type: the answer, or
// the reason it does not read ("type a whole number").
struct ReadAnswer {
  std::optional<quiz::Answer> answer;
  std::string error;
};
ReadAnswer read_answer(const quiz::Question& q, const std::string& typed);
// The answer as the learner would type it ("3", "1, 3", "yes", "0.5"); --quiz-json writes it
// as JSON (core/quiz/quiz_json.hpp answer_text).
std::string answer_words(const quiz::Answer& a);

void learn_commit(App& app);       // Enter / a click: judge what was typed, then reveal
void learn_show_me(App& app);      // "Show me": reveal without an answer
void learn_continue(App& app);     // after a reveal: go on (the next quiz question)
void learn_try_another(App& app);  // after a wrong answer: the same question about a fresh state
// A practice state ("Try another", a quiz) is shown: the learner's own is kept meanwhile (the
// session saves that one) and comes back with its slide and step when the practice ends.
bool learn_practising(const App& app);
void learn_back_to_own(App& app);  // "Back to my own state" (B): ends the practice (or the quiz) now

// The layout report's (--layout-report --ask) way in: the kinds this slide asks of the state
// shown, one of them asked now, and a wrong answer given (the longest verdict: ✗, both answers).
std::vector<quiz::QuestionKind> learn_kinds(const App& app, int slide);
void learn_ask_kind(App& app, quiz::QuestionKind k);
void learn_answer_wrong(App& app);

// "Quiz me" (Q, --quiz): `count` questions from fresh random states of quiz `seed`, each on
// its slide; the learner's own state comes back when the quiz is closed.
void start_quiz(App& app, uint64_t seed, int count = 5);
void end_quiz(App& app);
void draw_quiz_score(App& app);  // the score and the review of what was missed

}  // namespace lv::app
