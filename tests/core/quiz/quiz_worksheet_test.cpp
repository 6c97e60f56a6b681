// quiz_worksheet_test.cpp — core/quiz/worksheet: the pictures' names beside FILE.md and the
// Markdown (each kind's picture is its slide's: ui.WorksheetPictures checks them): numbered prompts, a line to answer
// on, the key's answers as --quiz-json writes them, the user's text read literally.
#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <string>
#include <vector>

#include "core/quiz/question_kinds.hpp"
#include "core/quiz/quiz_draw.hpp"
#include "core/quiz/quiz_json.hpp"
#include "core/quiz/worksheet.hpp"
#include "core/text/text_format.hpp"
#include "core/tokenizer/gpt2_tokenizer.hpp"

namespace {

using namespace lv::quiz;

const lv::Gpt2Tokenizer& tokenizer() {
  static const lv::TokenizerLoad load = lv::load_gpt2_tokenizer(LOOKUPVIZ_BPE_PACK);
  return *load.tokenizer;
}

TEST(QuizWorksheet, PicturesAreNamedBesideTheSheet) {
  std::string link;
  EXPECT_EQ(picture_file("out/sheet.md", 1, 2, &link), "out/sheet-q1-slide2.png");
  EXPECT_EQ(link, "sheet-q1-slide2.png");
  EXPECT_EQ(picture_file("sheet.md", 12, 8, &link), "sheet-q12-slide8.png");
  EXPECT_EQ(link, "sheet-q12-slide8.png");
  EXPECT_EQ(picture_file("a.b/sheet", 3, 0, &link), "a.b/sheet-q3-slide0.png");  // a folder's dot is no extension
  EXPECT_EQ(link, "sheet-q3-slide0.png");
  EXPECT_EQ(picture_file("/tmp/.hidden", 1, 1, &link), "/tmp/.hidden-q1-slide1.png");
  // Issue 39: a line break in the name must not break the image link.
  EXPECT_EQ(picture_file("out/two\nlines\r\t.md", 2, 5, &link), "out/two_lines__-q2-slide5.png");
  EXPECT_EQ(link, "two_lines__-q2-slide5.png");
  WorksheetItem it;
  it.question.prompt = "p";
  it.picture = link;
  const std::string md = worksheet_markdown("", {it});
  EXPECT_NE(md.find("](two_lines__-q2-slide5.png)\n"), std::string::npos) << md;
  it.table_picture = "t-q2-slide1.png";  // the head's question: the whole table beside its picture
  EXPECT_NE(worksheet_markdown("", {it}).find("![Question 1: the whole table](t-q2-slide1.png)"), std::string::npos);
}

// The standalone numbers of a text ("1,536", "0.25"; a sentence's trailing '.' dropped).
std::set<std::string> numbers_in(const std::string& text) {
  std::set<std::string> out;
  std::string cur;
  auto flush = [&] {
    while (!cur.empty() && (cur.back() == '.' || cur.back() == ',')) cur.pop_back();
    if (!cur.empty()) out.insert(cur);
    cur.clear();
  };
  for (char c : text) {
    if ((c >= '0' && c <= '9') || (!cur.empty() && (c == ',' || c == '.'))) cur += c;
    else flush();
  }
  flush();
  return out;
}

// Issue 36, item 8: the sheet's own text (its state line, every prompt, before the key)
// holds no count another question asks for — for several states, seeded and drawn.
TEST(QuizWorksheet, NoTextOfASheetHoldsAnotherQuestionsCount) {
  int counts = 0;
  for (uint64_t seed = 0; seed < 30; ++seed) {
    const StateSpec spec = random_state(seed, 0);
    const QuizModel m = build_model(spec, &tokenizer());
    const std::vector<Question> qs = state_questions(m, seed);
    std::vector<WorksheetItem> items;
    for (const Question& q : qs) items.push_back({q, "Slide", "", "p.png"});
    const std::string md = worksheet_markdown(state_words(spec), items);
    const std::string sheet = md.substr(0, md.find("\n## Answer key\n"));
    // The givens: what the questions are about (V, D, B, the seed; and every row, column,
    // position and ID, all below V or B or D), not answers.
    auto given = [&](int64_t v) {
      return v < std::max({m.vocab(), m.batch(), m.dim()}) || v == m.vocab() || v == m.dim() || v == m.batch() ||
             v == static_cast<int64_t>(spec.seed);
    };
    for (const Question& q : qs) {
      const auto* v = std::get_if<int64_t>(&q.answer);
      if (!v || *v < 10 || given(*v)) continue;
      ++counts;
      size_t at = 0;
      while (at < sheet.size()) {
        const size_t end = std::min(sheet.find('\n', at), sheet.size());
        // (the sheet's own numbering, "Question 12" and "**12. ", is no count)
        const std::string line =
            std::regex_replace(sheet.substr(at, end - at), std::regex("Question [0-9]+|^\\*\\*[0-9]+\\. "), "");
        EXPECT_EQ(numbers_in(line).count(lv::with_commas(*v)), 0u)
            << "seed " << seed << ": " << kind_name(q.kind) << "'s answer " << *v << " is on the sheet: " << line;
        at = end + 1;
      }
    }
  }
  EXPECT_GE(counts, 30);
}

TEST(QuizWorksheet, TheMarkdownHasTheQuestionsAndTheKey) {
  const StateSpec spec = random_state(5, 0);
  const QuizModel m = build_model(spec, &tokenizer());
  std::vector<WorksheetItem> items;
  for (const Question& q : state_questions(m, std::nullopt)) items.push_back({q, "Slide title", "", "p q.png"});
  const std::string md = worksheet_markdown(state_words(spec), items);
  EXPECT_EQ(md, worksheet_markdown(state_words(spec), items));
  EXPECT_NE(md.find(state_words(spec).substr(0, 12)), std::string::npos);
  EXPECT_NE(md.find("](p%20q.png)"), std::string::npos) << "a space in a link is encoded";
  const size_t key = md.find("\n## Answer key\n");
  ASSERT_NE(key, std::string::npos);
  size_t at = 0;
  for (size_t k = 0; k < items.size(); ++k) {
    const std::string n = std::to_string(k + 1);
    at = md.find("\n**" + n + ". ", at);
    ASSERT_LT(at, key) << "question " << n;
    EXPECT_NE(md.find("**\n\nYour answer: ___", at), std::string::npos);
    const std::string line = "\n" + n + ". `" + answer_text(items[k].question.answer) + "` \u2014 ";
    EXPECT_NE(md.find(line, key), std::string::npos) << line;
  }
  // The user's text is read literally: Markdown's marks escaped, a line break a space.
  Question q = items.front().question;
  q.prompt = "How many GPT-2 tokens does *a_b* [x](y) <b>\nbecome?";
  const std::string one = worksheet_markdown("", {{q, "T", "seed 1", "x.png"}});
  EXPECT_NE(one.find("\\*a\\_b\\* \\[x\\](y) \\<b\\> become?"), std::string::npos) << one;
  EXPECT_NE(one.find("State: seed 1."), std::string::npos) << one;
}

}  // namespace
