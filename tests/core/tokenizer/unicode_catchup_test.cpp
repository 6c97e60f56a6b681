// unicode_catchup_test.cpp — a pre-tokenizer's patterns know Unicode 15.1's characters
// (core/tokenizer/unicode_catchup.hpp, issue 40 item 5), though Debian 12's PCRE2 has
// Unicode 14.0's tables and its ICU 15.0's: CJK Extension I (15.1) and H (15.0) are letters
// and Han, Kaktovik numerals numbers, Kawi digits \d, the new ideographic description
// characters symbols; and Llama-3's pattern cuts `𮲂"A` as tokenizers.js does.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/text/utf8_text.hpp"
#include "core/tokenizer/split_regex.hpp"
#include "core/tokenizer/unicode_catchup.hpp"

namespace {

std::string utf8(char32_t c) {
  std::string s;
  lv::append_utf8(s, c);
  return s;
}

// Whether `pattern` matches the whole of the character c.
bool matches(const std::string& pattern, char32_t c) {
  const lv::SplitRegex re("^(?:" + pattern + ")$", false);
  EXPECT_TRUE(re.ok()) << re.error();
  std::vector<std::pair<size_t, size_t>> out;
  std::string why;
  EXPECT_TRUE(re.matches(utf8(c), out, &why)) << why;
  return out.size() == 1 && out[0].second > out[0].first;
}

TEST(UnicodeCatchup, CjkExtensionsHAndIAreLettersAndHan) {
  for (char32_t c : {0x2EBF0, 0x2EC82, 0x2EE5D, 0x31350, 0x323AF}) {
    EXPECT_TRUE(matches("\\p{L}", c)) << std::hex << static_cast<uint32_t>(c);
    EXPECT_TRUE(matches("\\p{Lo}", c)) << std::hex << static_cast<uint32_t>(c);
    EXPECT_TRUE(matches("\\p{Han}", c)) << std::hex << static_cast<uint32_t>(c);
    EXPECT_TRUE(matches("\\pL", c)) << std::hex << static_cast<uint32_t>(c);
    EXPECT_TRUE(matches("[\\p{L}\\p{N}]", c)) << std::hex << static_cast<uint32_t>(c);
    EXPECT_FALSE(matches("\\P{L}", c)) << std::hex << static_cast<uint32_t>(c);
    EXPECT_FALSE(matches("[^\\s\\p{L}\\p{N}]", c)) << std::hex << static_cast<uint32_t>(c);
    EXPECT_FALSE(matches("\\p{N}", c)) << std::hex << static_cast<uint32_t>(c);
  }
  // Past the end of Extension I: not assigned in 15.1.
  EXPECT_FALSE(matches("\\p{L}", 0x2EE5E));
  EXPECT_TRUE(matches("[^\\s\\p{L}\\p{N}]", 0x2EE5E));
}

TEST(UnicodeCatchup, NewNumbersDigitsAndSymbols) {
  EXPECT_TRUE(matches("\\p{N}", 0x1D2C0));  // KAKTOVIK NUMERAL ZERO (15.0, No)
  EXPECT_TRUE(matches("\\p{N}", 0x11F50));  // KAWI DIGIT ZERO (15.0, Nd)
  EXPECT_TRUE(matches("\\d", 0x11F50));
  EXPECT_TRUE(matches("[\\d]", 0x11F59));
  EXPECT_FALSE(matches("\\D", 0x11F50));
  EXPECT_FALSE(matches("\\d", 0x1D2C0));
  for (char32_t c : {0x31EF, 0x2FFC, 0x2FFF}) {  // a CJK stroke and ideographic description characters (15.1, So)
    EXPECT_TRUE(matches("\\p{S}", c)) << std::hex << static_cast<uint32_t>(c);
    EXPECT_TRUE(matches("\\p{So}", c)) << std::hex << static_cast<uint32_t>(c);
    EXPECT_FALSE(matches("\\p{L}", c)) << std::hex << static_cast<uint32_t>(c);
  }
  EXPECT_FALSE(matches("\\p{S}", 0x2EBF0));
}

// Issue 40's one difference from tokenizers.js on Llama-3: `𮲂"A` is [𮲂]["A], not [𮲂"][A].
TEST(UnicodeCatchup, Llama3CutsAnExtensionIIdeographAsALetter) {
  const lv::SplitRegex llama3("(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}{1,3}| "
                              "?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+",
                              false);
  ASSERT_TRUE(llama3.ok()) << llama3.error();
  const std::string text = utf8(0x2EC82) + "\"A";
  std::vector<std::pair<size_t, size_t>> out;
  std::string why;
  ASSERT_TRUE(llama3.matches(text, out, &why)) << why;
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(text.substr(out[0].first, out[0].second - out[0].first), utf8(0x2EC82));
  EXPECT_EQ(text.substr(out[1].first, out[1].second - out[1].first), "\"A");
}

TEST(UnicodeCatchup, OnlyPropertiesGetCharactersAdded) {
  EXPECT_NE(lv::unicode_catchup("L").find("\\x{2EBF0}-\\x{2EE5D}"), std::string::npos);
  EXPECT_NE(lv::unicode_catchup("L").find("\\x{31350}-\\x{323AF}"), std::string::npos);
  EXPECT_EQ(lv::unicode_catchup("Xan"), "");       // PCRE2's own, unknown to ICU
  EXPECT_EQ(lv::unicode_catchup("Any"), "");       // every code point already
  EXPECT_EQ(lv::unicode_catchup("L:]]x[[:"), "");  // no property name
  EXPECT_EQ(lv::pcre2_pattern_of("ab\\x{41}[a-z]", false), "ab\\x{41}[a-z]");
  EXPECT_STREQ(lv::kUnicodeVersion, "15.1");
}

}  // namespace
