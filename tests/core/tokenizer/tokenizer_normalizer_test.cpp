// tokenizer_normalizer_test.cpp — a tokenizer.json's normalizers (core/tokenizer/normalizer.hpp,
// issue 40 item 3): Unicode's four forms by ICU, Lowercase as Rust's char::to_lowercase,
// StripAccents, Strip, and the bound on growth (issue 39 item 2: 30 Replace "a" -> "aa" made
// 5 bytes into ~3 GB). The expected strings are Python's unicodedata.normalize and
// str.lower() per character.
#include <gtest/gtest.h>

#include "core/tokenizer/normalizer.hpp"
#include "core/tokenizer/tokenizer_json.hpp"

namespace {

using K = lv::NormalizeStep::Kind;

std::string run(std::vector<lv::NormalizeStep> steps, std::string text) {
  std::string why;
  EXPECT_TRUE(lv::normalize(steps, text, &why)) << why;
  return text;
}

lv::NormalizeStep step(K kind) { return {kind, "", ""}; }

TEST(TokenizerNormalizer, UnicodeForms) {
  const std::string e_acute = "\xC3\xA9", e_combining = "e\xCC\x81";
  EXPECT_EQ(run({step(K::Nfc)}, e_combining), e_acute);
  EXPECT_EQ(run({step(K::Nfc)}, "A\xCC\x8A"), "\xC3\x85");  // A + ring above -> Å
  EXPECT_EQ(run({step(K::Nfd)}, e_acute), e_combining);
  EXPECT_EQ(run({step(K::Nfkc)}, "\xEF\xAC\x81 \xE2\x91\xA0"), "fi 1");  // ﬁ ①
  EXPECT_EQ(run({step(K::Nfkd)}, "\xEF\xAC\x81" + e_acute), "fi" + e_combining);
  // Hangul jamo compose into one syllable: ᄒ ᅡ ᆫ -> 한.
  EXPECT_EQ(run({step(K::Nfc)}, "\xE1\x84\x92\xE1\x85\xA1\xE1\x86\xAB"), "\xED\x95\x9C");
}

TEST(TokenizerNormalizer, LowercaseStripAccentsStrip) {
  // İ -> i + U+0307 (full mapping); Σ alone -> σ (no final-sigma context, as char by char).
  EXPECT_EQ(run({step(K::Lowercase)}, "H\xC3\x89LLO \xC4\xB0 \xCE\xA3"), "h\xC3\xA9llo i\xCC\x87 \xCF\x83");
  EXPECT_EQ(run({step(K::Nfd), step(K::StripAccents)}, "\xC3\xA9t\xC3\xA9"), "ete");
  lv::NormalizeStep both = step(K::Strip), left = step(K::Strip);
  left.right = false;
  EXPECT_EQ(run({both}, " \t a b \xE3\x80\x80"), "a b");
  EXPECT_EQ(run({left}, " \t a b \n"), "a b \n");
  EXPECT_EQ(run({{K::Prepend, "\xE2\x96\x81", ""}}, ""), "");  // nothing to prepend to
}

TEST(TokenizerNormalizer, GrowthIsBounded) {
  std::vector<lv::NormalizeStep> doubling(30, {K::Replace, "a", "aa"});
  std::string text = "aaaaa", why;
  EXPECT_FALSE(lv::normalize(doubling, text, &why));
  EXPECT_NE(why.find("8 times"), std::string::npos) << why;
  // Within 8 times (and 1 KB) it is fine.
  std::vector<lv::NormalizeStep> eight(3, {K::Replace, "a", "aa"});
  text = std::string(1000, 'a');
  ASSERT_TRUE(lv::normalize(eight, text, &why)) << why;
  EXPECT_EQ(text.size(), 8000u);
  std::string huge(1 << 20, 'x');
  EXPECT_FALSE(lv::normalize({{K::Prepend, std::string(9 << 20, 'p'), ""}}, huge, &why));
}

// Qwen3's normalizer is NFC: "e" + U+0301 is the token "é".
TEST(TokenizerNormalizer, ATokenizerJsonAppliesItsNormalizer) {
  const std::string json =
      R"({"added_tokens": [], "normalizer": {"type": "Sequence", "normalizers": [{"type": "NFC"}, )"
      R"({"type": "Lowercase"}]}, "pre_tokenizer": null, "decoder": null, "model": {"type": "BPE", )"
      R"("vocab": {"é": 0, "e": 1, "́": 2, "x": 3}, "merges": []}})";
  const lv::ModelTokenizerLoad l = lv::tokenizer_from_json(json, "q/tokenizer.json");
  ASSERT_TRUE(l.tokenizer) << l.error;
  const lv::Encoding e = l.tokenizer->encode("e\xCC\x81X\xC3\x89");
  ASSERT_TRUE(e.ok) << e.error;
  EXPECT_EQ(e.ids, (lv::IdList{0, 3, 0}));
  // Unread ones are still one sentence naming them.
  const lv::ModelTokenizerLoad bad = lv::tokenizer_from_json(
      R"({"normalizer": {"type": "Precompiled"}, "model": {"type": "BPE", "vocab": {"x": 0}, "merges": []}})",
      "q/tokenizer.json");
  EXPECT_FALSE(bad.tokenizer);
  EXPECT_NE(bad.error.find("Precompiled"), std::string::npos) << bad.error;
}

}  // namespace
