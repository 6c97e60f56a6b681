// The slide registry (app/slides/slides.hpp) is the one list of slides: everything that
// names them — the count from the files, --slide's range and the help text, the keys'
// label, the README's table of slides, the manual's keys and --slide line — agrees with it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "app/slides/slides.hpp"
#include "core/settings/cli_options.hpp"
#include "tests/core/quiz_deck_for_tests.hpp"

namespace {

using lv::app::slide_count;
using lv::app::slide_table;

std::string read_file(const std::string& path) {
  std::ifstream f(path);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

TEST(SlideRegistry, TheFilesCountAndTheRegistryAgree) {
  // Core's count is the registry's, given at start (main(), Headless): no file count in CMake.
  lv::set_deck_size(slide_count());
  EXPECT_EQ(lv::deck_size(), slide_count());
  EXPECT_EQ(lv::last_slide(), slide_count() - 1);
  for (const lv::app::SlideDef& s : slide_table()) {
    EXPECT_NE(s.title, nullptr);
    EXPECT_NE(s.draw.steps, nullptr) << s.title;
    EXPECT_NE(s.draw.narrative, nullptr) << s.title;
    EXPECT_NE(s.draw.canvas, nullptr) << s.title;
    EXPECT_NE(s.draw.caption, nullptr) << s.title;
    EXPECT_NE(s.draw.code, nullptr) << s.title;
  }
}

// Each slide declares its own questions (issue 37): the kinds in the order Learn mode takes
// them, each with its steps, its words and its picture; core's copy for its own tests is the
// same deck. Both pin the slides 0–10 they were written for: a slide added after them is
// checked for its hooks alone, so adding one touches neither (its file, its registry line, the
// README's table and the manual: issue 37, item 8).
TEST(SlideRegistry, EachSlideDeclaresItsQuestions) {
  const std::vector<std::vector<std::string>> table = {
      {"token_count"},
      {"table_numbers", "rows_read"},
      {"lookup_row", "edited_row_outputs"},
      {"onehot_col", "onehot_ones"},
      {"lookup_row", "zero_madds", "double_d_madds"},
      {"outputs_equal", "lookup_copies", "differing_cells", "inf_cells"},
      {"grad_rows", "grad_value", "grad_rows_randn"},
      {"speedup_estimate", "speedup_batch", "map_nearest"},
      {"argmax_token", "same_token_x"},
      {"rows_moved", "sparse_memory"},
      {"attn_top_key", "attn_row_sum", "attn_hard_limit", "attn_masked", "attn_grad_rows"}};
  ASSERT_LE(table.size(), slide_table().size());
  for (size_t s = 0; s < slide_table().size(); ++s) {
    std::vector<std::string> got;
    for (const lv::app::SlideQuestion& q : slide_table()[s].questions) {
      got.emplace_back(lv::quiz::kind_name(q.kind));
      EXPECT_NE(q.steps, nullptr) << got.back();
      EXPECT_NE(q.how, nullptr) << got.back();
      EXPECT_NE(q.picture, nullptr) << got.back();
    }
    if (s < table.size()) EXPECT_EQ(got, table[s]) << "slide " << s;
  }
  const std::vector<lv::quiz::DeckSlide> deck = lv::app::quiz_deck_of_registry(), copy = lv::quiz::deck_for_tests();
  ASSERT_GE(deck.size(), copy.size());
  for (size_t s = 0; s < copy.size(); ++s) {
    EXPECT_EQ(deck[s].slide, copy[s].slide);
    EXPECT_EQ(deck[s].measured, copy[s].measured) << "slide " << s;
    EXPECT_EQ(deck[s].family, copy[s].family) << "slide " << s;
    ASSERT_EQ(deck[s].questions.size(), copy[s].questions.size()) << "slide " << s;
    for (size_t k = 0; k < deck[s].questions.size(); ++k) {
      EXPECT_EQ(deck[s].questions[k].kind, copy[s].questions[k].kind) << "slide " << s;
      EXPECT_EQ(deck[s].questions[k].onehot_product, copy[s].questions[k].onehot_product) << "slide " << s;
    }
  }
}

TEST(SlideRegistry, CoresCopyOfTheSlidesFlagsIsTheRegistrys) {
  std::vector<const lv::CliFamily*> registry;
  for (const lv::app::SlideDef& s : slide_table())
    if (s.cli) registry.push_back(s.cli);
  EXPECT_EQ(registry, lv::quiz::cli_families_for_tests());
  EXPECT_EQ(lv::cli_families(), registry);  // given to core at start
}

TEST(SlideRegistry, TheHelpNamesTheRangeAndTheLastExport) {
  const std::string help = lv::cli_help_text();
  EXPECT_NE(help.find("the slide to show, 0 to " + std::to_string(lv::last_slide()) + " "), std::string::npos) << help;
  char last[32];
  std::snprintf(last, sizeof last, "slide-%02d.png", lv::last_slide());
  EXPECT_NE(help.find(std::string("slide-00.png ... ") + last), std::string::npos) << help;
  EXPECT_EQ(help.find('@'), std::string::npos) << "a placeholder was left in the help";
  const auto one_past = lv::parse_cli({"lookupviz", "--slide", std::to_string(lv::deck_size())});
  EXPECT_NE(one_past.error.find("from 0 to " + std::to_string(lv::last_slide())), std::string::npos) << one_past.error;
  EXPECT_TRUE(lv::parse_cli({"lookupviz", "--slide", std::to_string(lv::last_slide())}).error.empty());
}

TEST(SlideRegistry, TheHelpListsEverySlideByItsRegistryTitle) {
  // --help's --slide line lists "k Title" for every slide of the registry, in order, and
  // nothing past the last (issue 38: the help stopped at slide 8 when slide 9 existed).
  const std::string help = lv::cli_help_text(lv::app::slide_titles());
  std::string flat;  // the list's lines joined (a title may sit at a line's start)
  const size_t from = help.find("--slide K"), to = help.find("--step S");
  ASSERT_NE(from, std::string::npos);
  ASSERT_NE(to, std::string::npos);
  for (char c : help.substr(from, to - from)) {
    if (c == '\n') c = ' ';
    if (c != ' ' || flat.empty() || flat.back() != ' ') flat += c;
  }
  size_t at = 0;
  for (int k = 0; k < slide_count(); ++k) {
    const std::string item = std::to_string(k) + " " + slide_table()[static_cast<size_t>(k)].title;
    const size_t found = flat.find(item, at);
    EXPECT_NE(found, std::string::npos) << "slide " << k << " is not listed in order: " << flat;
    if (found != std::string::npos) at = found + item.size();
  }
  EXPECT_EQ(flat.find(" " + std::to_string(slide_count()) + " ", at), std::string::npos) << flat;
  for (size_t a = 0, b; a < help.size(); a = b + 1) {  // no line past 80 columns
    b = help.find('\n', a);
    if (b == std::string::npos) b = help.size();
    size_t cols = 0;
    for (size_t i = a; i < b; ++i) cols += (static_cast<unsigned char>(help[i]) & 0xC0) != 0x80;
    EXPECT_LE(cols, 80u) << help.substr(a, b - a);
  }
}

TEST(SlideRegistry, TheKeysLabelEndsAtTheLastSlideADigitReaches) {
  EXPECT_EQ(lv::app::slide_keys_label(), "0 – " + std::to_string(std::min(lv::last_slide(), 9)));
}

TEST(SlideRegistry, TheReadmeTableListsEverySlideInOrder) {
  // README "## The slides": | # | **title** | what moves |, one row a slide.
  const std::string readme = read_file(LOOKUPVIZ_SOURCE_DIR "/README.md");
  const size_t at = readme.find("\n## The slides\n");
  ASSERT_NE(at, std::string::npos);
  const std::string section = readme.substr(at, readme.find("\n## ", at + 1) - at);
  const std::regex row(R"(\n\| (\d+) \| \*\*([^*]+)\*\* \|)");
  std::vector<std::pair<int, std::string>> rows;
  for (std::sregex_iterator m(section.begin(), section.end(), row), end; m != end; ++m)
    rows.emplace_back(std::stoi((*m)[1]), (*m)[2]);
  ASSERT_EQ(static_cast<int>(rows.size()), slide_count());
  for (int k = 0; k < slide_count(); ++k) {
    EXPECT_EQ(rows[k].first, k);
    EXPECT_EQ(rows[k].second, slide_table()[k].title) << "README row " << k;
  }
}

TEST(SlideRegistry, TheManualNamesEverySlideKeyAndSlideRange) {
  // docs/manual.md (the README's manual parts): the keys' row of its shortcut table, and
  // --slide's line of its command-line table.
  const std::string manual = read_file(LOOKUPVIZ_SOURCE_DIR "/docs/manual.md");
  ASSERT_FALSE(manual.empty());
  EXPECT_NE(manual.find("| " + lv::app::slide_keys_label() + " | jump to a slide"), std::string::npos);
  EXPECT_NE(manual.find("1 the table, … " + std::to_string(lv::last_slide()) + ")"), std::string::npos);
  char last[32];  // --export-slides' last file (issue 38: the manual said slide-08.png with slide 9 there)
  std::snprintf(last, sizeof last, "`slide-%02d.png`", lv::last_slide());
  EXPECT_NE(manual.find(std::string("`DIR/slide-00.png` … ") + last), std::string::npos);
}

}  // namespace
