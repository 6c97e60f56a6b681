// tokenizer_normalizer_test.cpp — a tokenizer.json's normalizers (core/tokenizer/normalizer.hpp,
// issue 40 item 3): Unicode's four forms by ICU, Lowercase as Rust's char::to_lowercase,
// StripAccents, Strip, and the bound on growth (issue 39 item 2: 30 Replace "a" -> "aa" made
// 5 bytes into ~3 GB). The expected strings are Python's unicodedata.normalize and
// str.lower() per character.
#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/text/base64.hpp"
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
      R"({"normalizer": {"type": "Nmt"}, "model": {"type": "BPE", "vocab": {"x": 0}, "merges": []}})",
      "q/tokenizer.json");
  EXPECT_FALSE(bad.tokenizer);
  EXPECT_NE(bad.error.find("Nmt"), std::string::npos) << bad.error;
}

// ---------------------------------------------------------------- Precompiled (SentencePiece's charsmap)

// A darts-clone double array with two keys: "a" -> "b", "ab" -> "X" (units laid out by hand:
// the root's offset 1; "a" at 1 ^ 0x61 = 96 with a leaf whose value is 0; "b" after "a" at
// 97 ^ 0x62 = 3, its leaf at 2 with value 2), then the replacements "b\0X\0".
std::string tiny_charsmap(const std::string& replacements = std::string("b\0X\0", 4)) {
  std::vector<uint32_t> units(98, 0);
  units[0] = 1u << 10;                        // root: offset 1
  units[96] = (1u << 10) | (1u << 8) | 0x61;  // 'a': offset 1 (-> 97), has a leaf
  units[97] = (1u << 31) | 0u;                // the leaf of "a": value 0 ("b")
  units[3] = (1u << 10) | (1u << 8) | 0x62;   // 'b' after "a": offset 1 (-> 2), has a leaf
  units[2] = (1u << 31) | 2u;                 // the leaf of "ab": value 2 ("X")
  std::string blob(4, '\0');
  const uint32_t bytes = static_cast<uint32_t>(units.size() * 4);
  for (int i = 0; i < 4; ++i) blob[static_cast<size_t>(i)] = static_cast<char>((bytes >> (8 * i)) & 0xFF);
  blob.append(reinterpret_cast<const char*>(units.data()), bytes);
  return blob + replacements;
}

std::string precompiled(const std::string& blob, std::string text) {
  lv::NormalizeStep s;
  std::string why;
  EXPECT_TRUE(lv::precompiled_step(blob, s, &why)) << why;
  return run({s}, std::move(text));
}

// The crate's rule: a short cluster takes the entry of the first (shortest) key that starts
// it; else each character its own; a byte the trie does not know leads nowhere.
TEST(TokenizerNormalizer, PrecompiledTakesTheFirstKeyOfEachCluster) {
  EXPECT_EQ(precompiled(tiny_charsmap(), "cab"), "cbb");
  EXPECT_EQ(precompiled(tiny_charsmap(), "a\xCC\x81"), "b");  // á as a + U+0301: one cluster, "a" its first key
  EXPECT_EQ(precompiled(tiny_charsmap(), ""), "");
  EXPECT_EQ(precompiled(tiny_charsmap(), "\xF0\x9F\x98\x80z"), "\xF0\x9F\x98\x80z");  // unknown: kept
}

// A blob that does not hold together is one sentence at load; a replacement that would grow
// the text past its bound stops while it is built.
TEST(TokenizerNormalizer, PrecompiledBlobsThatDoNotHoldTogether) {
  lv::NormalizeStep s;
  std::string why;
  EXPECT_FALSE(lv::precompiled_step("ab", s, &why));
  EXPECT_NE(why.find("4-byte header"), std::string::npos) << why;
  std::string past = tiny_charsmap();
  past[1] = '\x7F';  // a trie far longer than the blob
  EXPECT_FALSE(lv::precompiled_step(past, s, &why));
  EXPECT_NE(why.find("does not fit"), std::string::npos) << why;
  EXPECT_FALSE(lv::precompiled_step(tiny_charsmap(std::string("\xFF\0", 2)), s, &why));
  EXPECT_NE(why.find("not UTF-8"), std::string::npos) << why;
  ASSERT_TRUE(lv::precompiled_step(tiny_charsmap(std::string(100, 'b') + '\0'), s, &why)) << why;
  std::string text(50, 'a');
  EXPECT_FALSE(lv::normalize({s}, text, &why));  // 5,000 bytes from 50: past 8 × 50 + 1,024
  EXPECT_NE(why.find("longer than lookupviz allows"), std::string::npos) << why;
}

// In a tokenizer.json: its charsmap as base64 (serde's bytes), applied before the model.
TEST(TokenizerNormalizer, ATokenizerJsonReadsItsPrecompiledCharsmap) {
  const std::optional<std::string> hello = lv::base64_decode("aGVsbG8=");
  ASSERT_TRUE(hello);
  EXPECT_EQ(*hello, "hello");
  EXPECT_FALSE(lv::base64_decode("aGVsbG8"));   // not a multiple of 4
  EXPECT_FALSE(lv::base64_decode("aGV*bG8="));  // outside the alphabet
  const std::string blob = tiny_charsmap();
  static const char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string b64;
  for (size_t i = 0; i < blob.size(); i += 3) {
    uint32_t v = static_cast<uint8_t>(blob[i]) << 16;
    if (i + 1 < blob.size()) v |= static_cast<uint8_t>(blob[i + 1]) << 8;
    if (i + 2 < blob.size()) v |= static_cast<uint8_t>(blob[i + 2]);
    for (size_t k = 0; k < 4; ++k) b64 += k <= (blob.size() - i) ? kAlphabet[(v >> (18 - 6 * k)) & 63] : '=';
  }
  const std::string json = R"({"normalizer": {"type": "Precompiled", "precompiled_charsmap": ")" + b64 +
                           R"("}, "pre_tokenizer": null, "decoder": null, "model": {"type": "BPE", )"
                           R"("vocab": {"b": 0, "c": 1, "X": 2}, "merges": []}})";
  const lv::ModelTokenizerLoad l = lv::tokenizer_from_json(json, "t/tokenizer.json");
  ASSERT_TRUE(l.tokenizer) << l.error;
  const lv::Encoding e = l.tokenizer->encode("cab");
  ASSERT_TRUE(e.ok) << e.error;
  EXPECT_EQ(e.ids, (lv::IdList{1, 0, 0}));
  const lv::ModelTokenizerLoad bad =
      lv::tokenizer_from_json(R"({"normalizer": {"type": "Precompiled", "precompiled_charsmap": "@@@@"}, )"
                              R"("model": {"type": "BPE", "vocab": {"x": 0}, "merges": []}})",
                              "t/tokenizer.json");
  EXPECT_FALSE(bad.tokenizer);
  EXPECT_NE(bad.error.find("not base64"), std::string::npos) << bad.error;
}

}  // namespace
