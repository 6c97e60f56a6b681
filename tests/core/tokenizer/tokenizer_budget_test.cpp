// tokenizer_budget_test.cpp — tokenizing has a budget (issue 39, item 2): a pre-tokenizer
// pattern's PCRE2 work on a whole text (core/tokenizer/split_regex.hpp's RegexBudget), the
// Metaspace step linear in its ▁s, and the pieces' memory. The budget is counted, not timed:
// the assertions are on the refusal and on PCRE2's calls and the work charged.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/tokenizer/llama_cpp_pre.hpp"
#include "core/tokenizer/split_regex.hpp"
#include "core/tokenizer/tokenizer_json.hpp"

namespace {

// A byte-level-free tokenizer.json whose only pre-tokenizer step is a Split on `pattern`
// (a JSON string's contents), with the letters a and c as its vocabulary.
std::string split_tokenizer_json(const std::string& pattern) {
  return R"({"added_tokens": [], "normalizer": null, "pre_tokenizer": {"type": "Split", "pattern": {"Regex": ")" +
         pattern +
         R"("}, "behavior": "Isolated", "invert": false}, "decoder": null, "model": {"type": "BPE", )"
         R"("vocab": {"a": 0, "c": 1, "aa": 2}, "merges": ["a a"]}})";
}

// About `bytes` of ordinary prose: words, capitals, numbers, punctuation, contractions,
// new lines, runs of spaces and some non-ASCII letters, the same every run.
std::string prose(size_t bytes) {
  const char* words[] = {
      "the",   "quick",       "brown", "fox's",  "jumps",  "over", "lazy", "dog",
      "We'll", "caf\xC3\xA9", "2026",  "tokens", "(and",   "so",   "on),", "\xE4\xB8\xAD\xE6\x96\x87",
      "don't", "--",          "x=42;", "Hello",  "world!", "    ", "\n\n", "1,000.5"};
  std::string s;
  uint32_t seed = 12345;
  while (s.size() < bytes) {
    seed = seed * 1103515245u + 12345u;
    s += words[(seed >> 16) % (sizeof words / sizeof *words)];
    s += (seed >> 8) % 9 == 0 ? ". " : " ";
  }
  return s;
}

TEST(TokenizerBudget, AnExponentialPatternIsRefusedInOneSentence) {
  const lv::ModelTokenizerLoad l =
      lv::tokenizer_from_json(split_tokenizer_json("(?:a|aa){1,22}c|."), "h/tokenizer.json");
  ASSERT_TRUE(l.tokenizer) << l.error;
  // Each call stays under PCRE2's own limit of 10 M; 1,000 of them took 24 s.
  for (size_t n : {1'000, 10'000}) {
    const lv::Encoding e = l.tokenizer->encode(std::string(n, 'a'));
    EXPECT_FALSE(e.ok) << n;
    EXPECT_EQ(e.error, lv::kRegexBudgetSpent) << n;
    EXPECT_TRUE(e.ids.empty());
  }
  // The work it did before stopping is bounded by the budget (counted, not timed).
  const lv::SplitRegex re("(?:a|aa){1,22}c|.", false);
  ASSERT_TRUE(re.ok()) << re.error();
  const std::string text(10'000, 'a');
  lv::RegexBudget budget(text.size());
  std::vector<std::pair<size_t, size_t>> hits;
  std::string why;
  EXPECT_FALSE(re.matches(text, hits, &why, &budget));
  EXPECT_EQ(why, lv::kRegexBudgetSpent);
  EXPECT_GE(budget.charged(), budget.total());
  EXPECT_LT(hits.size(), 20u) << "it stopped within a few matches";
  EXPECT_LT(budget.calls(), 400u);
  // A text with its c's close by is the same pattern within its budget.
  std::string easy;
  for (int i = 0; i < 2'000; ++i) easy += "aac";
  const lv::Encoding ok = l.tokenizer->encode(easy);
  EXPECT_TRUE(ok.ok) << ok.error;
}

TEST(TokenizerBudget, OneBudgetForTheWholeText) {
  // The budget is shared by every call on one text: pieces that each pass alone still add up.
  const lv::SplitRegex re("(?:a|aa){1,22}c|.", false);
  ASSERT_TRUE(re.ok()) << re.error();
  lv::RegexBudget budget(40);
  std::vector<std::pair<size_t, size_t>> hits;
  std::string why;
  const std::string piece(24, 'a');  // each call's work here is above the first try's limit
  size_t passed = 0;
  while (passed < 1'000 && re.matches(piece, hits, &why, &budget)) ++passed;
  EXPECT_LT(passed, 1'000u);
  EXPECT_EQ(why, lv::kRegexBudgetSpent);
  EXPECT_GT(budget.charged(), 0u);
}

TEST(TokenizerBudget, OrdinaryPatternsOnLongProseStayWithinIt) {
  const std::string text = prose(1 << 20);
  std::vector<std::string> patterns = {
      "'s|'t|'re|'ve|'m|'ll|'d| ?\\p{L}+| ?\\p{N}+| ?[^\\s\\p{L}\\p{N}]+|\\s+(?!\\S)|\\s+"};
  for (const char* name : {"llama3", "qwen2", "deepseek-v3"})
    if (const lv::LlamaCppPre* pre = lv::llama_cpp_pre(name))
      patterns.insert(patterns.end(), pre->regexes.begin(), pre->regexes.end());
  for (const std::string& p : patterns) {
    const lv::SplitRegex re(p, false);
    ASSERT_TRUE(re.ok()) << re.error();
    lv::RegexBudget budget(text.size());
    std::vector<std::pair<size_t, size_t>> hits;
    std::string why;
    ASSERT_TRUE(re.matches(text, hits, &why, &budget)) << why << "\n" << p;
    EXPECT_GT(hits.size(), 1'000u) << p;
    EXPECT_LT(budget.charged(), budget.total() / 100) << p;  // far within it
  }
  // Long runs of one kind of character are long matches whose work grows with them: the
  // retries charge it, still within the budget.
  std::string cjk;
  while (cjk.size() < (1 << 20)) cjk += "\xE4\xB8\xAD";
  for (const std::string& run : {std::string(1 << 20, ' ') + "x", std::string(1 << 20, 'a'), std::string(1 << 20, '7'),
                                 std::string(1 << 20, '.'), std::string(1 << 20, '\n') + " x", cjk,
                                 std::string(1 << 19, ' ') + std::string(1 << 19, '\n')})
    for (const std::string& p : patterns) {
      const lv::SplitRegex re(p, false);
      lv::RegexBudget budget(run.size());
      std::vector<std::pair<size_t, size_t>> hits;
      std::string why;
      ASSERT_TRUE(re.matches(run, hits, &why, &budget)) << why << "\n" << p << "\n" << run.substr(0, 8);
      EXPECT_LT(budget.charged(), budget.total() / 4) << p << "\n" << run.substr(0, 8);
    }
}

}  // namespace

namespace {

// A Metaspace tokenizer.json whose replacement is `replacement`, its vocabulary ▁, a, b.
std::string metaspace_json(const std::string& replacement, bool split) {
  return R"({"added_tokens": [], "normalizer": null, "pre_tokenizer": {"type": "Metaspace", "replacement": ")" +
         replacement + R"(", "prepend_scheme": "always", "split": )" + (split ? "true" : "false") +
         R"(}, "decoder": null, "model": {"type": "BPE", "vocab": {"▁": 0, "a": 1, "b": 2, "▁▁": 3}, "merges": ["▁ ▁"]}})";
}

TEST(TokenizerBudget, MetaspaceIsLinearInItsSpaces) {
  // 300,000 spaces: each is a ▁ and, split before each, a piece of its own.
  const lv::ModelTokenizerLoad l = lv::tokenizer_from_json(metaspace_json("▁", true), "m/tokenizer.json");
  ASSERT_TRUE(l.tokenizer) << l.error;
  const size_t n = 300'000;
  const lv::Encoding e = l.tokenizer->encode(std::string(n, ' ') + "ab");
  ASSERT_TRUE(e.ok) << e.error;
  EXPECT_EQ(e.ids.size(), n + 2);  // ▁ × 299,999, then "▁ab" as ▁, a, b (already ▁ first: none prepended)
  // Not split: the ▁s merge in pairs.
  const lv::ModelTokenizerLoad whole = lv::tokenizer_from_json(metaspace_json("▁", false), "m/tokenizer.json");
  ASSERT_TRUE(whole.tokenizer) << whole.error;
  const lv::Encoding w = whole.tokenizer->encode(std::string(n, ' '));
  ASSERT_TRUE(w.ok) << w.error;
  EXPECT_EQ(w.ids, lv::IdList(n / 2, 3));  // n ▁s (none prepended), n / 2 pairs
}

TEST(TokenizerBudget, AMetaspaceReplacementIsOneCharacter) {
  // The crate reads a char; a replacement of 300,000 ▁ made every space 900 KB and the
  // split before each quadratic (5.7 s on "a b").
  std::string many;
  for (int i = 0; i < 300'000; ++i) many += "▁";
  for (const std::string& r : {many, std::string("ab")}) {
    const lv::ModelTokenizerLoad l = lv::tokenizer_from_json(metaspace_json(r, true), "m/tokenizer.json");
    EXPECT_FALSE(l.tokenizer);
    EXPECT_NE(l.error.find("not one character"), std::string::npos) << l.error.substr(0, 300);
    EXPECT_LT(l.error.size(), 300u);  // one sentence, not the replacement
  }
  const lv::ModelTokenizerLoad x = lv::tokenizer_from_json(metaspace_json("_", true), "m/tokenizer.json");
  EXPECT_TRUE(x.tokenizer) << x.error;
}

}  // namespace

namespace {

// SentencePiece-style (spaces as ▁ by the normalizer, no pre-tokenizer): the text is one word,
// encoded in stretches cut before each ▁ when no merge can cross the cut.
std::string spm_json(const std::string& vocab, const std::string& merges) {
  return R"({"added_tokens": [], "normalizer": {"type": "Replace", "pattern": {"String": " "}, "content": "▁"},)"
         R"( "pre_tokenizer": null, "decoder": null, "model": {"type": "BPE", "vocab": {)" +
         vocab + R"(}, "merges": [)" + merges + "]}}";
}

TEST(TokenizerBudget, ASentencePieceWordIsCutOnlyWhereNoMergeCrosses) {
  // ▁b merges; nothing holds a ▁ after another character: cut, the same IDs as whole.
  const lv::ModelTokenizerLoad cut =
      lv::tokenizer_from_json(spm_json(R"("▁": 0, "a": 1, "b": 2, "▁b": 3)", R"("▁ b")"), "s/tokenizer.json");
  ASSERT_TRUE(cut.tokenizer) << cut.error;
  std::string text;
  lv::IdList want;
  for (int i = 0; i < 50'000; ++i) text += "a b ", want.insert(want.end(), {1, 3, 0});
  const lv::Encoding e = cut.tokenizer->encode(text);
  ASSERT_TRUE(e.ok) << e.error;
  EXPECT_EQ(e.ids, want);
  // A token "a▁" crosses the place a cut would be: the word is merged whole.
  const lv::ModelTokenizerLoad whole =
      lv::tokenizer_from_json(spm_json(R"("▁": 0, "a": 1, "b": 2, "a▁": 3)", R"("a ▁")"), "s/tokenizer.json");
  ASSERT_TRUE(whole.tokenizer) << whole.error;
  const lv::Encoding w = whole.tokenizer->encode("a b a b");
  ASSERT_TRUE(w.ok) << w.error;
  EXPECT_EQ(w.ids, (lv::IdList{3, 2, 0, 3, 2}));  // "a▁b▁a▁b" (cut, it would be 1, 0, 2, 0, 1, 0, 2)
}

}  // namespace
