// json_reader_test.cpp — the JSON reader is as strict as RFC 8259: what it refuses
// (leading zeros, bytes that are not UTF-8, lone surrogates, raw control characters)
// and what it decodes. A .safetensors header and encoder.json are read through it.
#include "core/io/json_reader.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

// Skips one whole value of `text`; "" when it is valid JSON, else the reader's error.
std::string skip_error(std::string_view text) {
  lv::JsonReader r(text);
  if (!r.skip()) return r.error;
  r.ws();
  return r.i == text.size() ? "" : "trailing text at byte " + std::to_string(r.i);
}

TEST(JsonReader, AcceptsEveryKindOfValue) {
  for (const char* ok : {"0", "-0", "10", "-1.5e+3", "0.25", "1E9", "\"\"", "true", "false", "null", "[]", "{}",
                         "[1, [2, {\"a\": null}]]", " {\"k\" : [true , false]} ", "\"\\u00e9\\ud83d\\ude00\"",
                         "\"caf\xC3\xA9 \xF0\x9F\x98\x80\""}) {
    EXPECT_EQ(skip_error(ok), "") << ok;
  }
}

TEST(JsonReader, RefusesLeadingZeros) {
  EXPECT_EQ(skip_error("01"), "a number with a leading zero at byte 0");
  EXPECT_EQ(skip_error("[1, -007]"), "a number with a leading zero at byte 5");
  EXPECT_EQ(skip_error("00.5"), "a number with a leading zero at byte 0");
  lv::JsonReader r("012");
  uint64_t v = 0;
  EXPECT_FALSE(r.uinteger(v));
  EXPECT_EQ(r.error, "a number with a leading zero at byte 0");
}

TEST(JsonReader, RefusesMalformedNumbers) {
  for (const char* bad : {"-", "1.", ".5", "1e", "1e+", "+1", "--1"}) EXPECT_NE(skip_error(bad), "") << bad;
}

// RFC 8259 §8.1: JSON text is UTF-8. Each refusal points at the first bad byte.
TEST(JsonReader, RefusesStringsThatAreNotUtf8) {
  EXPECT_EQ(skip_error("\"ab\xFF\""), "a string that is not UTF-8 at byte 3");
  EXPECT_EQ(skip_error("\"\xC3\""), "a string that is not UTF-8 at byte 1");              // cut short
  EXPECT_EQ(skip_error("\"\xC0\xAF\""), "a string that is not UTF-8 at byte 1");          // overlong '/'
  EXPECT_EQ(skip_error("\"\xED\xA0\x80\""), "a string that is not UTF-8 at byte 1");      // an encoded surrogate
  EXPECT_EQ(skip_error("\"\xF4\x90\x80\x80\""), "a string that is not UTF-8 at byte 1");  // above U+10FFFF
  EXPECT_EQ(skip_error("\"x\\n\xE9\""), "a string that is not UTF-8 at byte 4");          // after an escape
}

TEST(JsonReader, RefusesLoneSurrogatesAndBadEscapes) {
  EXPECT_EQ(skip_error("\"\\ud800\""), "a lone high surrogate at byte 7");
  EXPECT_EQ(skip_error("\"\\udc00\""), "a lone low surrogate at byte 7");
  EXPECT_EQ(skip_error("\"\\ud800\\u0041\""), "a bad surrogate pair at byte 13");
  EXPECT_EQ(skip_error("\"\\x41\""), "a bad escape at byte 3");
  EXPECT_EQ(skip_error("\"\\u12G4\""), "a bad \\u escape at byte 6");
  EXPECT_EQ(skip_error("\"a\tb\""), "a control character in a string at byte 2");
  EXPECT_EQ(skip_error("\"abc"), "an unterminated string at byte 4");
}

TEST(JsonReader, DecodesStrings) {
  lv::JsonReader r(R"( "a\"b\\c\/\n\u00e9\ud83d\ude00" )");
  std::string out;
  ASSERT_TRUE(r.string(out)) << r.error;
  EXPECT_EQ(out, "a\"b\\c/\n\xC3\xA9\xF0\x9F\x98\x80");
}

TEST(JsonReader, BoundsNestingAndNumbers) {
  EXPECT_EQ(skip_error(std::string(65, '[') + std::string(65, ']')), "");
  EXPECT_EQ(skip_error(std::string(66, '[') + std::string(66, ']')), "nesting deeper than 64 levels at byte 65");
  lv::JsonReader r("[4611686018427387904, 99999999999999999999]");
  std::vector<uint64_t> v;
  EXPECT_FALSE(r.uint_array(v, 4));
  EXPECT_EQ(r.error, "a number too large at byte 22");  // the second number
  EXPECT_EQ(v, (std::vector<uint64_t>{4611686018427387904u}));
}

}  // namespace
