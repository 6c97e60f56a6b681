// unicode_stand_in_test.cpp — characters newer than PCRE2's Unicode tables (Debian's 10.42:
// Unicode 14.0) are matched as the letters, numbers and symbols they are
// (core/tokenizer/unicode_stand_in.hpp): Llama-3's pattern cuts `𮲂"A` as tokenizers.js does.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/text/utf8_text.hpp"
#include "core/tokenizer/gpt2_pattern.hpp"
#include "core/tokenizer/split_regex.hpp"
#include "core/tokenizer/unicode_stand_in.hpp"

namespace {

// Llama-3's Split pattern, as its tokenizer.json writes it.
constexpr char kLlama3[] =
    R"((?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)";

std::string utf8(char32_t c) {
  std::string s;
  lv::append_utf8(s, c);
  return s;
}

std::vector<std::string> pieces(const std::string& pattern, const std::string& text) {
  const lv::SplitRegex re(pattern, false);
  EXPECT_TRUE(re.ok()) << re.error();
  std::vector<std::pair<size_t, size_t>> m;
  std::string why;
  EXPECT_TRUE(re.matches(text, m, &why)) << why;
  std::vector<std::string> out;
  for (const auto& [a, b] : m) out.push_back(text.substr(a, b - a));
  return out;
}

// Whether `pattern` matches the whole of the one character c.
bool matches_whole(const std::string& pattern, char32_t c) {
  const std::vector<std::string> got = pieces("^(?:" + pattern + ")$", utf8(c));
  return got.size() == 1 && !got[0].empty();
}

TEST(UnicodeStandIn, ALetterOfUnicode151IsALetter) {
  // U+2EC82, CJK Unified Ideographs Extension I (Unicode 15.1, which ICU 72 predates too).
  const std::string cjk = utf8(0x2EC82);
  EXPECT_EQ(pieces(kLlama3, cjk + "\"A"), (std::vector<std::string>{cjk, "\"A"}));
  EXPECT_EQ(pieces(R"(\p{L}+)", "a" + cjk + "b"), (std::vector<std::string>{"a" + cjk + "b"}));
}

TEST(UnicodeStandIn, GptTwosPatternSeesThemToo) {
  // ` ?\p{L}+` takes the two letters, `"` and `A` follow; the pieces point into the text.
  const std::string cjk = utf8(0x2EC82), word = " " + cjk + cjk, text = word + "\"A";
  const lv::Gpt2Pattern gpt2;
  std::vector<std::string_view> got;
  std::string why;
  ASSERT_TRUE(gpt2.split(text, got, &why)) << why;
  EXPECT_EQ(got, (std::vector<std::string_view>{word, "\"", "A"}));
  ASSERT_EQ(got.size(), 3u);
  EXPECT_EQ(got[0].data(), text.data());
}

TEST(UnicodeStandIn, LettersAndDigitsOfUnicode150AreLettersAndDigits) {
  // Kawi (Unicode 15.0): the letter U+11F04 and the digit U+11F51.
  const std::string kawi = utf8(0x11F04), digit = utf8(0x11F51);
  EXPECT_EQ(pieces(kLlama3, "(" + kawi + kawi + ")"), (std::vector<std::string>{"(" + kawi + kawi, ")"}));
  EXPECT_EQ(pieces(R"(\p{N}+)", "x" + digit + digit + "y"), (std::vector<std::string>{digit + digit}));
  // CJK Extension H (U+31350, Unicode 15.0) is a letter, not a symbol.
  EXPECT_EQ(pieces(R"(\p{Lo})", utf8(0x31350)), (std::vector<std::string>{utf8(0x31350)}));
}

// Each property escape a pattern may use sees CJK Extensions H (15.0) and I (15.1) as letters
// and Han, never as numbers or symbols; what follows Extension I is unassigned in 15.1.
TEST(UnicodeStandIn, CjkExtensionsHAndIAreLettersAndHanToEveryEscape) {
  for (const char32_t c : {0x2EBF0u, 0x2EC82u, 0x2EE5Du, 0x31350u, 0x323AFu}) {
    for (const char* p : {R"(\p{L})", R"(\p{Lo})", R"(\p{Han})", R"(\pL)", R"([\p{L}\p{N}])"})
      EXPECT_TRUE(matches_whole(p, c)) << p << " " << std::hex << static_cast<uint32_t>(c);
    for (const char* p : {R"(\P{L})", R"([^\s\p{L}\p{N}])", R"(\p{N})"})
      EXPECT_FALSE(matches_whole(p, c)) << p << " " << std::hex << static_cast<uint32_t>(c);
  }
  EXPECT_FALSE(matches_whole(R"(\p{L})", 0x2EE5E));
  EXPECT_TRUE(matches_whole(R"([^\s\p{L}\p{N}])", 0x2EE5E));
}

TEST(UnicodeStandIn, NewNumbersDigitsAndSymbols) {
  EXPECT_TRUE(matches_whole(R"(\p{N})", 0x1D2C0));  // KAKTOVIK NUMERAL ZERO (15.0, No)
  EXPECT_FALSE(matches_whole(R"(\d)", 0x1D2C0));
  EXPECT_TRUE(matches_whole(R"(\p{N})", 0x11F50));  // KAWI DIGIT ZERO (15.0, Nd)
  EXPECT_TRUE(matches_whole(R"(\d)", 0x11F50));
  EXPECT_TRUE(matches_whole(R"([\d])", 0x11F59));
  EXPECT_FALSE(matches_whole(R"(\D)", 0x11F50));
  for (const char32_t c : {0x31EFu, 0x2FFCu, 0x2FFFu}) {  // a CJK stroke, ideographic description characters (15.1, So)
    EXPECT_TRUE(matches_whole(R"(\p{S})", c)) << std::hex << static_cast<uint32_t>(c);
    EXPECT_TRUE(matches_whole(R"(\p{So})", c)) << std::hex << static_cast<uint32_t>(c);
    EXPECT_FALSE(matches_whole(R"(\p{L})", c)) << std::hex << static_cast<uint32_t>(c);
  }
  EXPECT_FALSE(matches_whole(R"(\p{S})", 0x2EBF0));
}

TEST(UnicodeStandIn, TheStandInIsAnOlderCharacterOfTheSameLength) {
  for (const char32_t c : {0x2EC82u, 0x2EBF0u, 0x2EE5Du, 0x11F04u, 0x31350u, 0x0CF3u, 0x2FFCu}) {
    const char32_t s = lv::pcre2_stand_in(c);
    EXPECT_NE(s, c) << std::hex << static_cast<uint32_t>(c);
    EXPECT_EQ(utf8(s).size(), utf8(c).size()) << std::hex << static_cast<uint32_t>(c);
    EXPECT_EQ(lv::pcre2_stand_in(s), s) << std::hex << static_cast<uint32_t>(c);  // PCRE2 knows it
  }
  // What PCRE2 knows is given as it is, and so is what no one assigned.
  for (const char32_t c : {0x41u, 0xE9u, 0x4E2Du, 0x1F600u, 0x20000u, 0x2EE5Eu, 0xE000u, 0x10FFFFu})
    EXPECT_EQ(lv::pcre2_stand_in(c), c) << std::hex << static_cast<uint32_t>(c);
}

TEST(UnicodeStandIn, ATextWithNothingNewIsNotCopied) {
  std::string copy = "untouched";
  EXPECT_FALSE(lv::stand_in_newer_characters("Hello, \xE4\xB8\xAD\xE6\x96\x87 \xF0\x9F\x98\x80", &copy));
  EXPECT_EQ(copy, "untouched");
  // Ill-formed bytes are stepped over, the rest still seen.
  const std::string text = "\xE2\x96 " + utf8(0x2EC82) + " \xFF";
  ASSERT_TRUE(lv::stand_in_newer_characters(text, &copy));
  EXPECT_EQ(copy.size(), text.size());
  EXPECT_EQ(copy.substr(0, 3), text.substr(0, 3));
  EXPECT_NE(copy.substr(3, 4), text.substr(3, 4));
  EXPECT_EQ(copy.substr(7), text.substr(7));
}

}  // namespace
