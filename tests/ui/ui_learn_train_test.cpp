// ui_learn_train_test.cpp — Learn mode's rows_moved question on slide 9 (issue 29, item 5),
// driven as a user would: the slide stops before the optimizer step it asks about; the
// learner clicks the trained table's rows (or ↓ and Space) and answers; the reveal plays
// the step, marks the rows the JSON's answer names with ✓ (and a wrong pick with ✗), and
// the slide lights the same rows; "Try another" trains a fresh state with the optimizer the
// question names; a quiz's slide 9 question is about the state shown and gives the
// learner's slide 9 choices back at its end.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>

#include "app/deck/slide_host.hpp"
#include "app/app_learn.hpp"
#include "app/slides/slide_09_train.hpp"
#include "app/slides/slides.hpp"
#include "core/quiz/quiz_draw.hpp"
#include "core/quiz/quiz_json.hpp"
#include "headless.hpp"

namespace lv::app::test {
namespace {

class UiLearnTrain : public ::testing::Test {
 protected:
  void SetUp() override {
    h.init({"lookupviz", "--ask", "--ids", "2,0,3,0", "--vocab", "5", "--dim", "3", "--seed", "5"});
    h.frames(3);
  }
  void show_train() {
    go_to_slide(h.app, 9);
    h.frames(40);
  }
  const LearnState& L() const { return h.app.learn; }
  // What --quiz-json prints for this state's slide 9 question (the same params).
  IdList json_answer() {
    std::vector<std::string> args = {"lookupviz",
                                     "--quiz-json",
                                     "--ids",
                                     "",
                                     "--seed=" + h.app.inputs.seed_text,
                                     "--dim=" + std::to_string(h.app.inputs.dim),
                                     "--vocab=" + std::to_string(h.app.derived.vocab)};
    for (size_t k = 0; k < h.app.inputs.ids.size(); ++k)
      args[3] += (k ? "," : "") + std::to_string(h.app.inputs.ids[k]);
    const TrainSlideState& s = train_slide_state(lv::app::context_of(h.app, lv::app::kSlideTrain));
    if (*s.batches_buf) args.push_back(std::string("--batches=") + s.batches_buf);
    args.push_back("--optimizer=" + std::string(optimizer_name(*L().question.params.optimizer)));
    const CliParse p = parse_cli(args);
    EXPECT_TRUE(p.error.empty()) << p.error;
    const quiz::QuizModel m = quiz::cli_model(p.options, nullptr, nullptr);
    return std::get<IdList>(quiz::make_question(9, L().question.kind, m, L().question.params).answer);
  }
  // The rows slide 9's (left) table lights after its last step, read from its trainer.
  IdList slide_lit_rows() {
    return train_slide_state(lv::app::context_of(h.app, lv::app::kSlideTrain)).runs[0].trainer.moved_rows_exact();
  }
  void click_row(int64_t r) {
    ImVec2 a, b;
    const std::string name = "answer-row-" + std::to_string(r);
    ASSERT_TRUE(find_landmark(name.c_str(), &a, &b)) << name;
    h.click_at(ImVec2((a.x + b.x) * 0.5f, (a.y + b.y) * 0.5f));
  }
  Headless h;
};

TEST_F(UiLearnTrain, SlideNineAsksBeforeTheStepAndTheRevealMarksTheJsonsRows) {
  show_train();
  ASSERT_EQ(L().phase, LearnPhase::Asking);
  ASSERT_EQ(L().question.kind, quiz::QuestionKind::RowsMoved);
  const quiz::Params& p = L().question.params;
  ASSERT_TRUE(p.optimizer && p.step);
  EXPECT_EQ(*p.optimizer, TrainOptimizer::Adam);  // the slide's own optimizer (its default)
  // The slide waits with the steps before the one asked done.
  EXPECT_EQ(L().hold, *p.step - 1);
  h.frames(30);
  EXPECT_LE(h.app.ui.timeline.pos, static_cast<float>(L().hold));
  EXPECT_EQ(train_slide_state(lv::app::context_of(h.app, lv::app::kSlideTrain)).runs[0].trainer.steps_done(),
            *p.step - 1);
  const IdList truth = std::get<IdList>(L().question.answer);
  EXPECT_EQ(json_answer(), truth);
  for (int64_t r : truth) click_row(r);
  EXPECT_EQ(L().phase, LearnPhase::Asking);  // a list is answered with Enter
  h.press(kEnter);
  ASSERT_EQ(L().phase, LearnPhase::Revealed);
  EXPECT_TRUE(L().right) << L().typed;
  h.frames(120);
  EXPECT_EQ(train_slide_state(lv::app::context_of(h.app, lv::app::kSlideTrain)).runs[0].trainer.steps_done(),
            *p.step);  // the reveal played the step
  EXPECT_EQ(L().marked_right, truth);
  EXPECT_TRUE(L().marked_wrong.empty());
  EXPECT_EQ(slide_lit_rows(), truth);
  ImVec2 a, b;
  EXPECT_TRUE(find_landmark("learn-right", &a, &b));
}

TEST_F(UiLearnTrain, AWrongPickByKeyboardIsMarkedAndTryAnotherTrainsAFreshState) {
  show_train();
  ASSERT_EQ(L().phase, LearnPhase::Asking);
  const IdList truth = std::get<IdList>(L().question.answer);
  // ↓ reaches the rows in order from row 0; Space toggles the highlighted one. Pick every
  // row the answer leaves out (at least one: not every row moves under Adam here).
  IdList picked;
  for (int64_t r = 0; r < h.app.derived.vocab; ++r) {
    h.press(kDown);
    if (std::find(truth.begin(), truth.end(), r) == truth.end()) {
      h.type(" ");
      picked.push_back(r);
    }
  }
  ASSERT_FALSE(picked.empty());
  EXPECT_EQ(L().typed, answer_words(picked));
  h.press(kEnter);
  ASSERT_EQ(L().phase, LearnPhase::Revealed);
  EXPECT_FALSE(L().right);
  h.frames(120);
  EXPECT_EQ(L().marked_right, truth);
  EXPECT_EQ(L().marked_wrong, picked);  // ✗ beside each wrong pick
  ImVec2 a, b;
  EXPECT_TRUE(find_landmark("learn-wrong", &a, &b));
  // Try another: a fresh state, the same question, the slide trained as it asks.
  h.type("n");
  h.frames(5);
  ASSERT_EQ(L().phase, LearnPhase::Asking);
  ASSERT_EQ(L().question.kind, quiz::QuestionKind::RowsMoved);
  EXPECT_EQ(h.app.ui.slide, 9);
  const TrainSlideState& s = train_slide_state(lv::app::context_of(h.app, lv::app::kSlideTrain));
  EXPECT_EQ(s.optimizer, *L().question.params.optimizer);
  EXPECT_FALSE(s.side_by_side);
  const quiz::Question again = quiz::make_question(9, L().question.kind, learn_model(h.app), L().question.params);
  EXPECT_EQ(again.answer, L().question.answer);
  EXPECT_EQ(json_answer(), std::get<IdList>(L().question.answer));
  for (int64_t r : std::get<IdList>(L().question.answer)) click_row(r);
  h.press(kEnter);
  ASSERT_EQ(L().phase, LearnPhase::Revealed);
  EXPECT_TRUE(L().right) << L().typed;
  h.frames(120);
  EXPECT_EQ(slide_lit_rows(), std::get<IdList>(L().question.answer));
}

// Changing the optimizer while asked: asked again, about the one now shown.
TEST_F(UiLearnTrain, ChoosingAnotherOptimizerAsksAboutIt) {
  show_train();
  ASSERT_EQ(L().phase, LearnPhase::Asking);
  train_slide_state(lv::app::context_of(h.app, lv::app::kSlideTrain)).optimizer = TrainOptimizer::AdamW;
  h.frames(10);
  ASSERT_EQ(L().phase, LearnPhase::Asking);
  EXPECT_EQ(*L().question.params.optimizer, TrainOptimizer::AdamW);
  EXPECT_EQ(std::get<IdList>(L().question.answer), (IdList{0, 1, 2, 3, 4}));  // decay moves every row
}

TEST_F(UiLearnTrain, AQuizsSlideNineQuestionIsAboutTheStateShownAndGivesTheChoicesBack) {
  TrainSlideState& own = train_slide_state(lv::app::context_of(h.app, lv::app::kSlideTrain));
  std::snprintf(own.batches_buf, sizeof own.batches_buf, "%s", "1, 2; 4");
  own.optimizer = TrainOptimizer::Sgd;
  own.lr = 0.3;
  own.side_by_side = true;
  uint64_t seed = 0;  // a quiz whose questions include slide 9's
  for (; seed < 200; ++seed) {
    bool has = false;
    for (const quiz::QuizItem& it : quiz::make_quiz(seed, 5, h.app.gpt2.get()))
      has |= it.question.kind == quiz::QuestionKind::RowsMoved;  // (slide 9 also asks sparse_memory)
    if (has) break;
  }
  ASSERT_LT(seed, 200u);
  start_quiz(h.app, seed, 5);
  h.frames(3);
  bool asked = false;
  for (int k = 0; k < 5; ++k) {
    ASSERT_EQ(L().phase, LearnPhase::Asking) << k;
    if (L().question.kind == quiz::QuestionKind::RowsMoved) {
      asked = true;
      EXPECT_EQ(h.app.ui.slide, 9);
      const TrainSlideState& s = train_slide_state(lv::app::context_of(h.app, lv::app::kSlideTrain));
      EXPECT_EQ(s.optimizer, *L().question.params.optimizer);
      EXPECT_FALSE(s.side_by_side);
      EXPECT_EQ(s.lr, 0.1);
      const quiz::Question again = quiz::make_question(9, L().question.kind, learn_model(h.app), L().question.params);
      EXPECT_EQ(again.answer, L().question.answer);
    }
    h.type(answer_words(L().question.answer).c_str());
    h.press(kEnter);
    ASSERT_EQ(L().phase, LearnPhase::Revealed) << k << " " << L().error;
    h.frames(240);  // the reveal trains up to step 4 (the quiz drawn since slide 10 asks at step 4)
    if (L().question.kind == quiz::QuestionKind::RowsMoved) {
      EXPECT_EQ(train_slide_state(lv::app::context_of(h.app, lv::app::kSlideTrain)).runs[0].trainer.steps_done(),
                *L().question.params.step);
      EXPECT_EQ(slide_lit_rows(), std::get<IdList>(L().question.answer));
    }
    h.press(kEnter);
  }
  EXPECT_TRUE(asked);
  ASSERT_TRUE(L().quiz.finished);
  h.frames(3);
  ASSERT_TRUE(h.click("quiz-close"));
  h.frames(3);
  const TrainSlideState& back = train_slide_state(lv::app::context_of(h.app, lv::app::kSlideTrain));
  EXPECT_STREQ(back.batches_buf, "1, 2; 4");
  EXPECT_EQ(back.optimizer, TrainOptimizer::Sgd);
  EXPECT_EQ(back.lr, 0.3);
  EXPECT_TRUE(back.side_by_side);
}

}  // namespace
}  // namespace lv::app::test
