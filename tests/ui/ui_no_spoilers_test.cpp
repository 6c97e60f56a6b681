// ui_no_spoilers_test.cpp — while Learn mode asks a slide's question, nothing on screen
// answers it first (issue 36, item 1), checked in the headless UI: the print panel shows
// what is asked about as "(after you answer)", the narration's "Now:" line waits, and the
// reveal gives back exactly the panel the slide shows outside Learn mode. (The whole screen,
// every slide and kind, is tests/render/no_spoilers_e2e.sh over --layout-report --ask.)
#include <gtest/gtest.h>

#include <ostream>
#include <string>

#include "app/deck/slide_host.hpp"
#include "app/app_learn.hpp"
#include "app/slides/slide_code.hpp"
#include "app/deck/slide_nav.hpp"
#include "app/slides/slides.hpp"
#include "app/ui_base/layout_report.hpp"
#include "headless.hpp"
#include "screen_text.hpp"

namespace lv::app::test {
namespace {

struct Asked {
  int slide;
  quiz::QuestionKind kind;
  const char* expr;  // the ">>> expr" whose value waits
};

// (ctest names the cases by this, not by the struct's bytes.)
void PrintTo(const Asked& a, std::ostream* os) { *os << "slide " << a.slide; }

class UiNoSpoilers : public ::testing::TestWithParam<Asked> {
 protected:
  void SetUp() override {
    h.init({"lookupviz", "--ids", "4,6,4,1,6", "--vocab", "10", "--dim", "3"});
    h.frames(3);
  }
  // The print panel's output now (rebuilt as the frame would).
  std::string output() { return code_panel_text(h.app).output; }
  // The value printed after ">>> expr" in out ("" when the expression is not there).
  static std::string value_of(const std::string& out, const std::string& expr) {
    const std::string head = ">>> " + expr + "\n";
    const size_t at = out.find(head);
    if (at == std::string::npos) return "";
    const size_t from = at + head.size();
    const size_t next = out.find("\n>>> ", from);
    return out.substr(from, next == std::string::npos ? std::string::npos : next + 1 - from);
  }
  Headless h;
};

TEST_P(UiNoSpoilers, ThePrintPanelWithholdsTheAskedValueUntilTheReveal) {
  const Asked a = GetParam();
  show_slide_step(h.app, a.slide, -1);
  h.frames(2);
  const std::string plain = output();  // outside Learn mode
  const std::string value = value_of(plain, a.expr);
  ASSERT_FALSE(value.empty()) << plain;

  set_learn_mode(h.app, true);
  show_slide_step(h.app, a.slide, 0);
  h.frames(2);
  learn_ask_kind(h.app, a.kind);
  show_slide_step(h.app, a.slide, h.app.learn.hold);
  h.frames(3);
  ASSERT_EQ(h.app.learn.phase, LearnPhase::Asking);
  const std::string asked = output();
  EXPECT_EQ(value_of(asked, a.expr), std::string(kAfterYouAnswer) + "\n") << asked;
  EXPECT_EQ(asked.find(value), std::string::npos) << "the asked value is printed: " << asked;
  EXPECT_TRUE(hides_now(h.app, Hidden::kNowLine) || a.slide == 8) << "slide " << a.slide;

  learn_answer_wrong(h.app);
  h.frames(2);
  ASSERT_EQ(h.app.learn.phase, LearnPhase::Revealed);
  EXPECT_FALSE(hides_now(h.app, Hidden::kNowLine | Hidden::kCounts | Hidden::kResult | Hidden::kValues));
  EXPECT_EQ(value_of(output(), a.expr), value) << "the reveal prints it again";
}

INSTANTIATE_TEST_SUITE_P(Slides, UiNoSpoilers,
                         ::testing::Values(Asked{2, quiz::QuestionKind::LookupRow, "embedding(idx)"},
                                           Asked{3, quiz::QuestionKind::OnehotCol, "onehot"},
                                           Asked{6, quiz::QuestionKind::GradRows, "embedding.weight.grad"},
                                           Asked{8, quiz::QuestionKind::ArgmaxToken, "logits.argmax(dim=-1)"}),
                         [](const ::testing::TestParamInfo<Asked>& i) {
  return "Slide" + std::to_string(i.param.slide);
});

// The narration's "Now:" line is withheld while slide 3 asks where a row's 1 is, and comes
// back with the reveal (read from what the frame drew: the layout report's texts).
TEST(UiNoSpoilersNarration, SlideThreesNowLineWaitsForTheAnswer) {
  Headless h;
  h.init({"lookupviz", "--ids", "2,3,1"});
  h.frames(3);
  layout_report_enable(true);
  auto has_now_line = [&] {
    h.frames(2);
    for (const std::string& t : layout_report().texts)
      if (t.rfind("Now:", 0) == 0) return true;
    return false;
  };
  set_learn_mode(h.app, true);
  show_slide_step(h.app, 3, 0);
  h.frames(2);
  learn_ask_kind(h.app, quiz::QuestionKind::OnehotCol);
  show_slide_step(h.app, 3, h.app.learn.hold);
  EXPECT_FALSE(has_now_line());
  learn_answer_wrong(h.app);
  EXPECT_TRUE(has_now_line());
  layout_report_enable(false);
}

// Slide 0's token_count in Text mode: the editor bar's token chips ("Hello" 15496 …, "+4")
// and its "B = 6 IDs" count the text's tokens, the answer; they wait too (Hidden::kBatch),
// and the reveal gives them back.
TEST(UiNoSpoilersEditorBar, TheTokenChipsAndBWaitWhileSlideZeroAsksTheCount) {
  Headless h;
  h.init({"lookupviz", "--text", "Hello, do you like tea?"});  // 7 tokens
  h.frames(3);
  ASSERT_EQ(h.app.inputs.ids.size(), 7u);
  EXPECT_TRUE(read_screen().contains("B = 7 IDs")) << read_screen().all();
  set_learn_mode(h.app, true);
  show_slide_step(h.app, 0, 0);
  h.frames(2);
  learn_ask_kind(h.app, quiz::QuestionKind::TokenCount);
  show_slide_step(h.app, 0, h.app.learn.hold);
  h.frames(3);
  ASSERT_EQ(h.app.learn.phase, LearnPhase::Asking);
  const ScreenText asked = read_screen();
  EXPECT_FALSE(asked.contains("B = 7")) << asked.all();
  EXPECT_FALSE(asked.contains("15496")) << "a token chip shows: " << asked.all();  // "Hello"'s ID
  EXPECT_TRUE(asked.contains("tokens (after you answer)")) << asked.all();
  learn_answer_wrong(h.app);
  h.frames(3);
  EXPECT_TRUE(read_screen().contains("B = 7 IDs")) << read_screen().all();
}

// A worksheet's picture of a question (--export-worksheet) withholds what its slide withholds
// while asking it, though nothing is asked on screen: slide 6's count of additions (B·D, the
// answer to lookup_copies on the same sheet) waits in grad_value's picture (issue 36, item 8).
TEST(UiNoSpoilersWorksheet, APictureOfAQuestionWithholdsWhatAskingItWould) {
  Headless h;
  h.init({"lookupviz", "--ids", "4,6,4,1,6", "--vocab", "10", "--dim", "3"});
  show_slide_step(h.app, 6, 0);
  layout_report_enable(true);
  auto counted = [&] {
    h.frames(2);
    for (const std::string& t : layout_report().texts)
      if (t.find("15 additions") != std::string::npos) return true;
    return false;
  };
  EXPECT_TRUE(counted()) << "slide 6 says its count of additions outside a question";
  quiz::Question q;
  q.slide = 6;
  q.kind = quiz::QuestionKind::GradValue;
  h.app.learn.pictured = q;
  EXPECT_TRUE(hides_now(h.app, Hidden::kCounts));
  EXPECT_FALSE(counted()) << "the worksheet's picture of grad_value says how many additions";
  h.app.learn.pictured.reset();
  EXPECT_TRUE(counted());
  layout_report_enable(false);
}

}  // namespace
}  // namespace lv::app::test
