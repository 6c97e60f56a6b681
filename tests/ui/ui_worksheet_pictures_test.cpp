// ui_worksheet_pictures_test.cpp — --export-worksheet's pictures hold up on paper (issue
// 36, item 8): for several states, each question's picture (its slide frozen at
// its slide's SlideQuestion::picture, as the export renders it) is read back from the screen as a
// user reads it, and no line of it holds a count that another question of the same sheet
// asks for (today's examples: slide 4's caption "60 multiply-adds, 45 of them by zero"
// answered zero_madds; slide 2's "15 copies" lookup_copies). A count is caught as a
// standalone number ("45", "1,536"; "45.00" is a table value, not it); the state's own
// givens (V, D, B, the IDs, the positions) are what the questions are about, not answers.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

#include "app/app_learn.hpp"
#include "app/deck/slide_nav.hpp"
#include "core/quiz/question_kinds.hpp"
#include "core/quiz/quiz_json.hpp"
#include "core/quiz/quiz_draw.hpp"
#include "core/quiz/worksheet.hpp"
#include "core/tokenizer/gpt2_tokenizer.hpp"
#include "core/text/text_format.hpp"
#include "headless.hpp"
#include "screen_text.hpp"

namespace lv::app::test {
namespace {

// The numbers of a line as standalone tokens: digits with their thousands commas and
// decimal point ("1,536", "0.25"), a sentence's trailing '.' or ',' dropped.
std::set<std::string> numbers_in(const std::string& line) {
  std::set<std::string> out;
  std::string cur;
  auto flush = [&] {
    while (!cur.empty() && (cur.back() == '.' || cur.back() == ',')) cur.pop_back();
    if (!cur.empty()) out.insert(cur);
    cur.clear();
  };
  for (char c : line) {
    if ((c >= '0' && c <= '9') || (!cur.empty() && (c == ',' || c == '.'))) cur += c;
    else flush();
  }
  flush();
  return out;
}

// The counts a sheet of this state asks for (whole-number answers of 10 or more that are
// none of the state's givens), each with its kind.
std::map<std::string, std::string> counts_asked(const std::vector<quiz::Question>& qs, const quiz::QuizModel& m) {
  std::set<int64_t> givens = {m.vocab(), m.dim(), m.batch()};
  for (int64_t id : m.ids) givens.insert(id);
  std::map<std::string, std::string> out;
  for (const quiz::Question& q : qs) {
    const auto* v = std::get_if<int64_t>(&q.answer);
    if (!v || *v < 10 || givens.count(*v)) continue;
    out[with_commas(*v)] = std::string(quiz::kind_name(q.kind));
    out[std::to_string(*v)] = std::string(quiz::kind_name(q.kind));
  }
  return out;
}

void check_sheet(const std::vector<std::string>& args) {
  Headless h;
  h.init(args);
  h.frames(3);
  const quiz::QuizModel m = learn_model(h.app);
  const std::vector<quiz::Question> qs = quiz::state_questions(m, std::nullopt);
  const std::map<std::string, std::string> asked = counts_asked(qs, m);
  ASSERT_GE(asked.size(), 3u) << "a state whose counts can be told apart from its givens";
  for (const quiz::Question& q : qs) {
    const quiz::PictureStep at = question_picture(q);
    if (at.text_mode) continue;  // slide 0's picture types its own text: no table, no count
    show_slide_step(h.app, at.slide, at.step);
    finish_jobs(h.app);
    h.frames(4);
    const ScreenText s = read_screen();
    for (const std::string& line : s.lines)
      for (const std::string& n : numbers_in(line)) {
        const auto it = asked.find(n);
        EXPECT_TRUE(it == asked.end()) << "the picture of " << quiz::kind_name(q.kind) << " (slide " << at.slide
                                       << ", step " << at.step << ") shows " << n << ", the answer of " << it->second
                                       << ":\n  " << line;
      }
  }
}

// For every question of many drawn states: the picture its slide declares
// (SlideQuestion::picture) stops before what the question asks is shown. Rows/positions: on the asking slide, only the
// rows before i are done.
TEST(UiWorksheetPictures, EachPictureStopsBeforeItsReveal) {
  using namespace quiz;
  const TokenizerLoad load = load_gpt2_tokenizer(LOOKUPVIZ_BPE_PACK);
  ASSERT_TRUE(load.tokenizer);
  const Gpt2Tokenizer& gpt2 = *load.tokenizer;
  int checked = 0;
  for (uint64_t seed = 0; seed < 40; ++seed) {
    const StateSpec spec = random_state(seed, 0);
    const QuizModel m = build_model(spec, &gpt2);
    for (const Question& q : state_questions(m, seed)) {
      const PictureStep at = question_picture(q);
      ++checked;
      switch (q.kind) {
        case QuestionKind::TokenCount:
          EXPECT_EQ(at.slide, 0);
          EXPECT_EQ(at.step, 0);  // pieces cut, no merge, no ID
          EXPECT_TRUE(at.text_mode);
          break;
        case QuestionKind::LookupRow:
        case QuestionKind::OnehotCol:
          if (at.slide == q.slide) EXPECT_LE(at.step, *q.params.i) << kind_name(q.kind);  // row i not yet done
          if (*q.params.i == 0) EXPECT_NE(at.slide, q.slide) << "step 0's narration names idx[0]'s row";
          EXPECT_GE(at.step, at.slide == q.slide ? 1 : -1);
          break;
        case QuestionKind::OutputsEqual:
        case QuestionKind::LookupCopies:
          EXPECT_NE(at.slide, 5) << "slide 5 says torch.equal → True and counts the cells";
          EXPECT_NE(at.slide, 2) << "slide 2 counts the copies";
          break;
        case QuestionKind::ZeroMadds: EXPECT_NE(at.slide, 4) << "slide 4's caption counts the zeros"; break;
        case QuestionKind::GradRows:
        case QuestionKind::GradValue:
          if (at.slide == 6) EXPECT_EQ(at.step, 0) << "before any gradient row";
          else EXPECT_EQ(at.slide, 1) << "the IDs: slide 6's bill counts the rows and the copies";
          break;
        case QuestionKind::ArgmaxToken:
          EXPECT_LE(at.step, 2) << "x and the logits not yet filled";
          EXPECT_TRUE(at.with_table) << "every row of the table is a logit: the sheet shows them all";
          break;
        case QuestionKind::RowsMoved:
          EXPECT_EQ(at.slide, 9);
          EXPECT_EQ(at.step, *q.params.step - 1) << "the table after the steps before the one asked";
          break;
        default: break;
      }
      EXPECT_FALSE(at.text_mode && q.kind != QuestionKind::TokenCount);
      // Issue 36, item 8: slides 2 and 4 write a count of the sheet at every step (B·D copies,
      // B·(V−1)·D zeros); slide 6 only for a G that must be seen.
      EXPECT_NE(at.slide, 2) << kind_name(q.kind);
      EXPECT_NE(at.slide, 4) << kind_name(q.kind);
      if (at.slide == 6) EXPECT_EQ(q.kind, QuestionKind::GradValue);
    }
  }
  EXPECT_GE(checked, 40 * 12);
}

TEST(UiWorksheetPictures, TheNotebooksStateShowsNoOtherAnswer) {
  check_sheet({"lookupviz"});  // ids [2, 3, 1], V 4, D 5: 20 numbers, 45 by zero, 15 copies
}

TEST(UiWorksheetPictures, AStateWithARepeatShowsNoOtherAnswer) {
  check_sheet({"lookupviz", "--ids", "7,3,7,0,11", "--vocab", "12", "--dim", "5", "--seed", "9"});
}

TEST(UiWorksheetPictures, ANarrowTableShowsNoOtherAnswer) {
  check_sheet({"lookupviz", "--ids", "1,4,4,0,2,6", "--vocab", "9", "--dim", "3", "--seed", "31"});
}

}  // namespace
}  // namespace lv::app::test
