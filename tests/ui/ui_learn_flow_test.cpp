// ui_learn_flow_test.cpp — Learn mode's flow (issue 36, items 3, 6, 7), driven as a user would:
// "Try another" and the quiz run on practice states, and the learner's own IDs, seed, shape,
// edits, grad mode, slide 9's choices, slide and step come back exactly (B, Continue, Learn
// mode off, a restart: the session saved meanwhile is the learner's); a click selects and
// Enter commits; an answered slide come back to shows its verdict, not a new question; the
// tour waits at each question ("answer to go on") and goes on to the last slide.
// Sections: practice states · commit on purpose · the tour
#include <gtest/gtest.h>

#include <chrono>
#include <cstring>
#include <thread>

#include "app/deck/slide_host.hpp"
#include "app/app_learn.hpp"
#include "app/app_session.hpp"
#include "app/chrome/ui_keys.hpp"
#include "app/slides/slide_07_scale.hpp"
#include "app/slides/slide_09_train.hpp"
#include "app/slides/slides.hpp"
#include "app/state/app_edits.hpp"
#include "app/ui_base/anim_timeline.hpp"
#include "app/ui_base/layout_report.hpp"
#include "core/settings/session_settings.hpp"
#include "headless.hpp"
#include "screen_text.hpp"

namespace lv::app::test {
namespace {

// What the learner owns, as compared after a practice state.
struct Own {
  IdList ids;
  uint64_t seed = 0;
  int64_t dim = 0, vocab = 0;
  TableDtype dtype{};
  GradMode grad{};
  EditMap edits;
  int slide = 0;
  float step = 0.0f;
  std::string batches;
  TrainOptimizer optimizer{};
  double lr = 0.0;
};

float step_of(const App& app) {
  const Timeline& t = app.ui.timeline;
  return t.target >= 0.0f ? t.target : t.pos;
}

Own own_of(App& app) {
  Own o;
  o.ids = app.inputs.ids;
  o.seed = app.inputs.seed;
  o.dim = app.derived.dim;
  o.vocab = app.derived.vocab;
  o.dtype = app.inputs.dtype;
  o.grad = app.inputs.grad_mode;
  o.edits = *app.inputs.edits;
  o.slide = app.ui.slide;
  o.step = step_of(app);
  const TrainSlideState& s = train_slide_state(lv::app::context_of(app, lv::app::kSlideTrain));
  o.batches = s.batches_buf;
  o.optimizer = s.optimizer;
  o.lr = s.lr;
  return o;
}

void expect_own(App& app, const Own& o) {
  const Own now = own_of(app);
  EXPECT_EQ(now.ids, o.ids);
  EXPECT_EQ(now.seed, o.seed);
  EXPECT_EQ(now.dim, o.dim);
  EXPECT_EQ(now.vocab, o.vocab);
  EXPECT_EQ(now.dtype, o.dtype);
  EXPECT_EQ(now.grad, o.grad);
  EXPECT_EQ(now.edits, o.edits);
  EXPECT_EQ(now.slide, o.slide);
  EXPECT_FLOAT_EQ(now.step, o.step);
  EXPECT_EQ(now.batches, o.batches);
  EXPECT_EQ(now.optimizer, o.optimizer);
  EXPECT_EQ(now.lr, o.lr);
}

class UiLearnFlow : public ::testing::Test {
 protected:
  void SetUp() override {
    h.init({"lookupviz", "--ask", "--ids", "2,3,1", "--seed", "11", "--dim", "4", "--grad", "randn"});
    h.frames(3);
    // A table edit and slide 9's own choices: both must come back.
    ModelInputs in = h.app.inputs;
    in.edits = std::make_shared<EditMap>(*in.edits);
    (*in.edits)[1 * in.dim + 2] = 7.5f;
    take_change(h.app, set_inputs(h.app, std::move(in)));
    TrainSlideState& s = train_slide_state(lv::app::context_of(h.app, lv::app::kSlideTrain));
    std::snprintf(s.batches_buf, sizeof s.batches_buf, "%s", "3; 1, 2");
    s.lr = 0.37;
    h.frames(3);
  }
  const LearnState& L() const { return h.app.learn; }
  void show(int k) {
    go_to_slide(h.app, k);
    h.frames(40);
  }
  // A wrong answer typed on slide 2's lookup_row question, its reveal played.
  void miss_on_slide_two() {
    h.app.learn.next_kind = quiz::QuestionKind::LookupRow;  // slide 2 asks its kinds in turn
    show(2);
    ASSERT_EQ(L().phase, LearnPhase::Asking);
    ASSERT_EQ(L().question.kind, quiz::QuestionKind::LookupRow);
    const int64_t truth = std::get<int64_t>(L().question.answer);
    h.type(std::to_string(truth == 0 ? 1 : 0).c_str());
    h.press(kEnter);
    ASSERT_EQ(L().phase, LearnPhase::Revealed);
    ASSERT_FALSE(L().right);
    h.frames(30);  // the reveal part-played: the step is between two
  }
  Headless h;
};

// ---------------------------------------------------------------- practice states

TEST_F(UiLearnFlow, TryAnotherThenBackGivesTheExactStateSlideAndStep) {
  miss_on_slide_two();
  const Own own = own_of(h.app);
  h.type("n");  // Try another
  ASSERT_EQ(L().phase, LearnPhase::Asking);
  EXPECT_TRUE(learn_practising(h.app));
  EXPECT_NE(h.app.inputs.seed, own.seed);  // a practice state of its own
  h.frames(2);
  ImVec2 a, b;
  ASSERT_TRUE(find_landmark("learn-practice", &a, &b));  // marked as such on screen
  EXPECT_TRUE(read_screen().contains("Practice state")) << read_screen().all();
  ASSERT_TRUE(find_landmark("learn-back-to-own", &a, &b));
  h.type("b");  // Back to my own state
  EXPECT_FALSE(learn_practising(h.app));
  expect_own(h.app, own);
  h.frames(10);
  EXPECT_EQ(L().phase, LearnPhase::Off);  // not asked again about the state given back
  EXPECT_FALSE(find_landmark("learn-practice", &a, &b));
}

TEST_F(UiLearnFlow, ContinueAfterAPracticeRevealOrLearnModeOffGivesTheStateBack) {
  for (const bool off : {false, true}) {
    SCOPED_TRACE(off ? "Learn mode turned off" : "Continue after the reveal");
    miss_on_slide_two();
    const Own own = own_of(h.app);
    h.type("n");
    ASSERT_TRUE(learn_practising(h.app));
    if (off) {
      h.app.learn.ask = false;  // the menu's Learn mode, as A would (A is an answer key here)
      h.frames(2);
    } else {
      h.type("s");  // Show me: the practice question's reveal
      ASSERT_EQ(L().phase, LearnPhase::Revealed);
      h.frames(20);
      h.press(kEnter);  // Continue
    }
    EXPECT_FALSE(learn_practising(h.app));
    expect_own(h.app, own);
    h.app.learn.ask = true;
    h.app.learn.answered.clear();
    go_to_slide(h.app, 1);
    h.frames(3);
    h.app.learn.phase = LearnPhase::Off;
  }
}

TEST_F(UiLearnFlow, TheSessionWrittenDuringPracticeHoldsTheLearnersOwnState) {
  miss_on_slide_two();
  const Own own = own_of(h.app);
  h.type("n");
  ASSERT_TRUE(learn_practising(h.app));
  const SessionSettings s = session_from_app(h.app, WindowGeometry{});
  EXPECT_EQ(s.ids, own.ids);
  EXPECT_EQ(s.seed, own.seed);
  EXPECT_EQ(s.dim, 4);
  EXPECT_EQ(s.slide, 2);
  EXPECT_FLOAT_EQ(s.step, own.step);
  ASSERT_EQ(s.edits.size(), 1u);
  EXPECT_EQ(s.edits[0].value, 7.5f);
  // A restart during the practice: the learner's state comes back.
  const SettingsParse p = parse_settings(write_settings(s));
  ASSERT_TRUE(p.ok) << p.error;
  Headless h2;
  h2.init();
  apply_session(h2.app, p.settings);
  h2.frames(2);
  EXPECT_EQ(h2.app.inputs.ids, own.ids);
  EXPECT_EQ(h2.app.inputs.seed, own.seed);
  EXPECT_EQ(h2.app.ui.slide, 2);
  EXPECT_EQ(*h2.app.inputs.edits, own.edits);
  EXPECT_EQ(h2.app.inputs.grad_mode, own.grad);
}

TEST_F(UiLearnFlow, AQuizThenBackGivesTheSlideAndItsStep) {
  h.app.learn.ask = false;
  show_slide_step(h.app, 2, 3);  // slide 2, step 3 of 6 (it came back as 4 of 6)
  h.frames(3);
  const Own own = own_of(h.app);
  ASSERT_FLOAT_EQ(own.step, 3.0f);
  for (const bool halfway : {true, false}) {
    SCOPED_TRACE(halfway ? "ended halfway" : "ended at its score");
    start_quiz(h.app, 7, 3);
    h.frames(3);
    ASSERT_TRUE(L().quiz.active);
    EXPECT_EQ(session_from_app(h.app, WindowGeometry{}).step, 3.0f);  // the learner's own
    if (halfway) {
      h.type("b");  // Back to my own state: the quiz ends
    } else {
      for (int k = 0; k < 3; ++k) {
        ASSERT_EQ(L().phase, LearnPhase::Asking) << k;
        h.type("s");
        h.frames(5);
        h.press(kEnter);
      }
      ASSERT_TRUE(L().quiz.finished);
      h.frames(3);
      ASSERT_TRUE(h.click("quiz-close"));
    }
    h.frames(3);
    EXPECT_FALSE(L().quiz.active);
    expect_own(h.app, own);
  }
}

// Text mode: the sentence (the model's and the field's) and the mode come back too.
TEST(UiLearnFlowText, TryAnotherGivesTheSentenceBack) {
  Headless h;
  h.init({"lookupviz", "--ask", "--text", "Hello there, café"});
  h.frames(3);
  ASSERT_EQ(h.app.ui.editor.ids_input, IdsInput::Text);
  const std::string text = h.app.inputs.text;
  const IdList ids = h.app.inputs.ids;
  ASSERT_EQ(text, "Hello there, café");
  h.app.learn.next_kind = quiz::QuestionKind::LookupRow;
  go_to_slide(h.app, 2);
  h.frames(40);
  ASSERT_EQ(h.app.learn.phase, LearnPhase::Asking);
  h.type("s");
  h.type("n");
  ASSERT_TRUE(learn_practising(h.app));
  EXPECT_NE(h.app.inputs.ids, ids);
  EXPECT_EQ(session_from_app(h.app, WindowGeometry{}).text, text);
  h.type("b");
  EXPECT_EQ(h.app.inputs.text, text);
  EXPECT_EQ(h.app.inputs.ids, ids);
  EXPECT_EQ(text_field(h.app), text);
  EXPECT_EQ(h.app.ui.editor.ids_input, IdsInput::Text);
}

TEST(UiLearnFlowTrain, TryAnotherOnSlideNineGivesItsChoicesBack) {
  Headless h;
  h.init({"lookupviz", "--ask", "--ids", "2,0,3,0", "--vocab", "5", "--dim", "3", "--seed", "5"});
  h.frames(3);
  go_to_slide(h.app, 9);
  h.frames(40);
  ASSERT_EQ(h.app.learn.phase, LearnPhase::Asking);
  ASSERT_EQ(h.app.learn.question.kind, quiz::QuestionKind::RowsMoved);
  // Slide 9's choices as the question shows them, then kept whole by the practice.
  TrainSlideState& s = train_slide_state(lv::app::context_of(h.app, lv::app::kSlideTrain));
  s.lr = 0.25;
  h.type("s");
  ASSERT_EQ(h.app.learn.phase, LearnPhase::Revealed);
  h.frames(5);
  const Own own = own_of(h.app);
  h.type("n");
  ASSERT_TRUE(learn_practising(h.app));
  EXPECT_EQ(train_slide_state(lv::app::context_of(h.app, lv::app::kSlideTrain)).lr,
            0.1);  // the practice trains as its question says
  h.type("b");
  expect_own(h.app, own);
}

// The practice state's panel (its mark, Back to my own state beside the other buttons) fits
// the smallest window: asked and revealed, after a Try another and in a quiz, nothing of the
// question panel is reported cut.
TEST(UiLearnFlowLayout, APracticeStatesPanelFitsAt1024x768) {
  for (const ImVec2 size : {ImVec2(1024, 768), ImVec2(1280, 800)}) {
    Headless h(size);
    h.init({"lookupviz", "--ask", "--ids", "2,3,1"});
    h.frames(3);
    layout_report_enable(true);
    auto expect_whole = [&](const char* when) {
      h.frames(3);
      for (const std::string& c : layout_report().clipped)
        EXPECT_EQ(c.find("question panel"), std::string::npos)
            << when << " at " << size.x << "x" << size.y << ": " << c;
      ImVec2 a, b;
      EXPECT_TRUE(find_landmark("learn-back-to-own", &a, &b)) << when;
      EXPECT_TRUE(find_landmark("learn-practice", &a, &b)) << when;
    };
    h.app.learn.next_kind = quiz::QuestionKind::LookupRow;
    go_to_slide(h.app, 2);
    h.frames(40);
    ASSERT_EQ(h.app.learn.phase, LearnPhase::Asking);
    h.type("s");
    h.type("n");
    ASSERT_TRUE(learn_practising(h.app));
    expect_whole("asked after Try another");
    h.type("9");
    h.press(kEnter);
    ASSERT_EQ(h.app.learn.phase, LearnPhase::Revealed);
    expect_whole("a miss revealed in practice");
    h.type("b");
    start_quiz(h.app, 7, 5);
    h.frames(3);
    expect_whole("a quiz's question");
    h.type("s");
    expect_whole("a quiz's reveal");
    layout_report_enable(false);
  }
}

// ---------------------------------------------------------------- commit on purpose

TEST_F(UiLearnFlow, AClickSelectsAnotherClickChangesItEnterJudgesTheSecond) {
  for (const bool second_right : {true, false}) {
    SCOPED_TRACE(second_right ? "wrong, then right" : "right, then wrong");
    h.app.learn.answered.clear();
    go_to_slide(h.app, 1);
    h.frames(3);
    h.app.learn.phase = LearnPhase::Off;
    h.app.learn.next_kind = quiz::QuestionKind::LookupRow;
    show(2);
    ASSERT_EQ(L().phase, LearnPhase::Asking);
    const int64_t truth = std::get<int64_t>(L().question.answer);
    const int64_t wrong = truth == 0 ? 1 : 0;
    auto click_row = [&](int64_t r) {
      const std::string name = "answer-row-" + std::to_string(r);
      ImVec2 a, b;
      ASSERT_TRUE(find_landmark(name.c_str(), &a, &b)) << name;
      h.click_at(ImVec2((a.x + b.x) * 0.5f, (a.y + b.y) * 0.5f));
    };
    click_row(second_right ? wrong : truth);
    EXPECT_EQ(L().phase, LearnPhase::Asking);  // selected, not committed
    EXPECT_EQ(L().typed, std::to_string(second_right ? wrong : truth));
    click_row(second_right ? truth : wrong);
    EXPECT_EQ(L().phase, LearnPhase::Asking);
    EXPECT_EQ(L().typed, std::to_string(second_right ? truth : wrong));
    h.press(kEnter);
    ASSERT_EQ(L().phase, LearnPhase::Revealed);
    EXPECT_EQ(L().right, second_right);
    EXPECT_EQ(std::get<int64_t>(*L().given), second_right ? truth : wrong);
  }
}

TEST_F(UiLearnFlow, TheArrowsGoOnFromTheRowClicked) {
  h.app.learn.next_kind = quiz::QuestionKind::LookupRow;
  show(2);
  ASSERT_EQ(L().phase, LearnPhase::Asking);
  ImVec2 a, b;
  ASSERT_TRUE(find_landmark("answer-row-1", &a, &b));
  h.click_at(ImVec2((a.x + b.x) * 0.5f, (a.y + b.y) * 0.5f));
  EXPECT_EQ(L().typed, "1");
  h.press(kDown);
  EXPECT_EQ(L().typed, "2");
  EXPECT_EQ(L().phase, LearnPhase::Asking);
}

TEST_F(UiLearnFlow, AnAnsweredSlideComeBackToShowsItsVerdictAndTheNextArrowMovesOn) {
  show(1);
  ASSERT_EQ(L().phase, LearnPhase::Asking);
  h.type(answer_words(L().question.answer).c_str());
  h.press(kEnter);
  ASSERT_TRUE(L().right);
  h.press(kEnter);  // Continue
  h.app.learn.next_kind = quiz::QuestionKind::LookupRow;
  show(2);
  ASSERT_EQ(L().phase, LearnPhase::Asking);
  const quiz::Question asked = L().question;
  const int64_t truth = std::get<int64_t>(asked.answer);
  h.type(std::to_string(truth + 1).c_str());
  h.press(kEnter);
  ASSERT_EQ(L().phase, LearnPhase::Revealed);
  h.frames(60);
  h.press(kEnter);  // Continue: the slide plays on
  ASSERT_EQ(L().phase, LearnPhase::Off);
  const uint64_t asks = L().asks;
  // ← to slide 1: its verdict, not a new question; → back to slide 2: the same.
  h.press(kLeft);
  h.frames(5);
  ASSERT_EQ(h.app.ui.slide, 1);
  EXPECT_EQ(L().phase, LearnPhase::Revealed);
  EXPECT_TRUE(L().right);
  h.press(kRight);
  h.frames(5);
  ASSERT_EQ(h.app.ui.slide, 2);
  ASSERT_EQ(L().phase, LearnPhase::Revealed);
  EXPECT_EQ(L().question.prompt, asked.prompt);
  EXPECT_FALSE(L().right);
  EXPECT_EQ(L().typed, std::to_string(truth + 1));
  EXPECT_EQ(L().asks, asks);                                     // nothing asked again
  EXPECT_GE(step_of(h.app), static_cast<float>(L().reveal_to));  // at its reveal
  h.frames(3);
  ImVec2 a, b;
  EXPECT_TRUE(find_landmark("learn-wrong", &a, &b));  // the verdict on screen
  // A digit too.
  h.type("1");
  h.frames(3);
  ASSERT_EQ(h.app.ui.slide, 1);
  EXPECT_EQ(L().phase, LearnPhase::Revealed);
  h.type("2");
  h.frames(3);
  ASSERT_EQ(h.app.ui.slide, 2);
  EXPECT_EQ(L().phase, LearnPhase::Revealed);
  // The next → is the deck's: slide 3 (which asks its own question).
  h.press(kRight);
  EXPECT_EQ(h.app.ui.slide, 3);
  h.frames(40);
  EXPECT_EQ(L().phase, LearnPhase::Asking);
  EXPECT_GT(L().asks, asks);
}

// ---------------------------------------------------------------- one meaning per key

// Issue 38, item 4: presenting (F11), Esc leaves full screen even while a question is asked
// (the question stays asked); S is Show me in every mode; F1 lists both.
TEST_F(UiLearnFlow, EscLeavesPresentingEvenWhileAskedAndSShows) {
  h.app.ui.present.on = true;
  h.app.learn.next_kind = quiz::QuestionKind::LookupRow;
  show(2);
  ASSERT_EQ(L().phase, LearnPhase::Asking);
  h.app.ui.present.toggle = false;
  h.press(kEscape);
  EXPECT_TRUE(h.app.ui.present.toggle);  // the platform leaves full screen
  h.app.ui.present.toggle = false;
  EXPECT_EQ(L().phase, LearnPhase::Asking);  // not answered by it
  h.type("s");
  EXPECT_EQ(L().phase, LearnPhase::Revealed);
  EXPECT_TRUE(L().shown);
  h.app.ui.present.on = false;
  h.press(kKeyF1);
  const std::string help = read_screen().all();
  EXPECT_NE(help.find("S shows"), std::string::npos) << help;
  EXPECT_EQ(help.find("Esc shows"), std::string::npos) << help;
}

// ---------------------------------------------------------------- the tour

constexpr float kDt = 1.0f / 30.0f;

// Answers the question asked now: right when its answer is known, else shown (slide 7's
// estimate before its timing lands). Returns true when it answered.
bool answer_if_asked(Headless& h) {
  const LearnState& l = h.app.learn;
  if (l.phase != LearnPhase::Asking || l.slide != h.app.ui.slide || l.awaits_measure) return false;
  const double* d = std::get_if<double>(&l.question.answer);
  if (d && std::isnan(*d)) {
    h.type("s");
    return true;
  }
  h.type(answer_words(l.question.answer).c_str());
  h.press(kEnter);
  return true;
}

// A, S, Enter, T (the A, Esc, Enter, T: Show me is S now), then every question
// answered as it comes: the tour waits at each with "answer to go on (S shows it)" and
// reaches the last slide.
TEST(UiLearnTour, TheTourWaitsAtEachQuestionAndReachesTheLastSlide) {
  Headless h(ImVec2(1024, 768));  // the smallest window: the tour's words fit the question panel
  h.init({"lookupviz", "--reset"});
  scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).vocab =
      3000;  // slide 7's timing: a small table, a moment
  scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).dim = 64;
  h.frames(3);
  h.type("a");
  h.frames(5);
  ASSERT_EQ(h.app.learn.phase, LearnPhase::Asking);
  h.type("s");
  h.press(kEnter);
  h.app.ui.tour.speed = 40.0;  // each step held 1/40 of its reading time
  h.type("t");
  h.frame(kDt);
  ASSERT_TRUE(h.app.ui.tour.running);
  layout_report_enable(true);
  int answered = 0, badge_checked = 0, last_slide = h.app.ui.slide;
  std::vector<int> slides{last_slide};
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (h.app.ui.tour.running && std::chrono::steady_clock::now() < until) {
    h.frame(kDt);
    if (h.app.learn.phase == LearnPhase::Asking && h.app.learn.slide == h.app.ui.slide && badge_checked < 3) {
      h.frame(kDt);
      const ScreenText s = read_screen();
      EXPECT_TRUE(s.contains("answer to go on") && s.contains("(S shows it)")) << s.all();
      EXPECT_FALSE(s.contains("any key stops"));
      for (const std::string& c : layout_report().clipped)
        EXPECT_EQ(c.find("question panel"), std::string::npos) << "slide " << h.app.ui.slide << ": " << c;
      ++badge_checked;
    }
    if (answer_if_asked(h)) {
      ++answered;
      EXPECT_TRUE(h.app.ui.tour.running) << "answering stopped the tour on slide " << h.app.ui.slide;
    }
    if (h.app.learn.awaits_measure) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    if (h.app.ui.slide != last_slide) slides.push_back(last_slide = h.app.ui.slide);
  }
  layout_report_enable(false);
  EXPECT_TRUE(h.app.ui.tour.finished) << "the tour stalled on slide " << h.app.ui.slide << " step "
                                      << current_step(h.app.ui.timeline, current_slide_steps(h.app));
  EXPECT_EQ(h.app.ui.slide, slide_count() - 1);
  EXPECT_GE(answered, 5);
  EXPECT_GT(badge_checked, 0);
  std::vector<int> every(static_cast<size_t>(slide_count()));
  for (int k = 0; k < slide_count(); ++k) every[static_cast<size_t>(k)] = k;
  EXPECT_EQ(slides, every);
}

// T while a question is asked: the tour starts there once it is answered and goes on.
TEST(UiLearnTour, TDuringAQuestionStartsTheTourOnceItIsAnswered) {
  Headless h(ImVec2(1280, 800));
  h.init({"lookupviz", "--reset", "--ask"});
  h.frames(3);
  go_to_slide(h.app, 2);
  h.frames(40);
  ASSERT_EQ(h.app.learn.phase, LearnPhase::Asking);
  h.app.ui.tour.speed = 40.0;
  h.type("t");
  h.frames(3);
  EXPECT_FALSE(h.app.ui.tour.running);  // the question first
  EXPECT_EQ(h.app.learn.phase, LearnPhase::Asking);
  EXPECT_EQ(h.app.learn.typed, "");
  h.type("s");  // shown
  ASSERT_EQ(h.app.learn.phase, LearnPhase::Revealed);
  h.frame(kDt);
  ASSERT_TRUE(h.app.ui.tour.running);
  EXPECT_EQ(h.app.ui.slide, 2);  // from here: the reveal is read first
  EXPECT_EQ(h.app.learn.phase, LearnPhase::Revealed);
  for (int f = 0; f < 3000 && h.app.ui.tour.running && h.app.ui.slide == 2; ++f) h.frame(kDt);
  EXPECT_TRUE(h.app.ui.tour.running);
  EXPECT_EQ(h.app.ui.slide, 3);  // and it went on
}

}  // namespace
}  // namespace lv::app::test
