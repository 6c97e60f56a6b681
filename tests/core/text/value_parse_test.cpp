// value_parse_test.cpp — a weight typed into a cell: numbers, inf, -inf, nan; junk
// is refused with a sentence.
#include <gtest/gtest.h>

#include <cmath>

#include "core/text/value_parse.hpp"

namespace lv {
namespace {

TEST(ValueParse, Numbers) {
  EXPECT_EQ(parse_weight_value("0.5").value, 0.5f);
  EXPECT_EQ(parse_weight_value(" -1e3 ").value, -1000.0f);
  EXPECT_EQ(parse_weight_value("+2").value, 2.0f);
  EXPECT_EQ(parse_weight_value(".25").value, 0.25f);
  EXPECT_EQ(parse_weight_value("0.1").value, 0.1f);           // rounded to float32 once
  EXPECT_TRUE(std::isinf(parse_weight_value("1e39").value));  // beyond float32: inf, as torch.tensor(1e39)
  EXPECT_TRUE(std::isinf(parse_weight_value("1e400").value));
  EXPECT_EQ(parse_weight_value("1e-400").value, 0.0f);
}

TEST(ValueParse, InfinitiesAndNan) {
  for (const char* t : {"inf", "Inf", "+inf", "infinity", " INF "}) {
    const ValueParse p = parse_weight_value(t);
    ASSERT_TRUE(p.ok) << t;
    EXPECT_TRUE(std::isinf(p.value) && p.value > 0) << t;
  }
  const ValueParse neg = parse_weight_value("-inf");
  ASSERT_TRUE(neg.ok);
  EXPECT_TRUE(std::isinf(neg.value) && neg.value < 0);
  for (const char* t : {"nan", "NaN", "-nan"}) {
    const ValueParse p = parse_weight_value(t);
    ASSERT_TRUE(p.ok) << t;
    EXPECT_TRUE(std::isnan(p.value)) << t;
  }
}

TEST(ValueParse, JunkIsRefusedWithASentence) {
  for (const char* t : {"", "x", "1.5x", "inff", "--1", "1 2", "0x10", "e5", "+", "."}) {
    const ValueParse p = parse_weight_value(t);
    EXPECT_FALSE(p.ok) << t;
    EXPECT_FALSE(p.error.message.empty()) << t;
    EXPECT_EQ(p.error.code, std::string_view(t).empty() ? ParseCode::Empty : ParseCode::NotANumber) << t;
  }
  EXPECT_NE(parse_weight_value("1.5x").error.message.find("1.5x"), std::string::npos);
  EXPECT_NE(parse_weight_value("1.5x").error.message.find("inf"), std::string::npos);  // says what works
}

// One seed parser, two wordings: the command line names the flag and quotes what was
// typed; the window's field says "The seed" (the field shows what was typed already).
TEST(SeedParse, SaysWhereTheSeedWasTyped) {
  const std::string rule = "must be a whole number from -9223372036854775808 to 18446744073709551615";
  const SeedParse cli = parse_seed("seven", TypedIn::CommandLine);
  EXPECT_FALSE(cli.ok);
  EXPECT_EQ(cli.error.code, ParseCode::NotANumber);
  EXPECT_EQ(cli.error.message, "--seed " + rule + " (got “seven”)");
  const SeedParse window = parse_seed("seven", TypedIn::Window);
  EXPECT_EQ(window.error.code, ParseCode::NotANumber);
  EXPECT_EQ(window.error.message, "The seed " + rule + ".");
  EXPECT_EQ(parse_seed("18446744073709551616", TypedIn::Window).error.code, ParseCode::OutOfRange);
  EXPECT_EQ(parse_seed("-9223372036854775809", TypedIn::Window).error.code, ParseCode::OutOfRange);
  EXPECT_EQ(parse_seed("  ", TypedIn::Window).error.code, ParseCode::Empty);
}

TEST(SeedParse, ReadsSeedsAsPythonsInt) {
  const SeedParse a = parse_seed(" 1_000 ", TypedIn::Window);
  ASSERT_TRUE(a.ok);
  EXPECT_EQ(a.seed, 1000u);
  EXPECT_EQ(a.seed_text, "1000");
  const SeedParse b = parse_seed("-1", TypedIn::Window);
  ASSERT_TRUE(b.ok);
  EXPECT_EQ(b.seed, UINT64_MAX);  // wraps as torch.manual_seed(-1)
  EXPECT_EQ(b.seed_text, "-1");
  EXPECT_TRUE(parse_seed("18446744073709551615", TypedIn::Window).ok);
  EXPECT_TRUE(parse_seed("-9223372036854775808", TypedIn::Window).ok);
  EXPECT_FALSE(parse_seed("1__0", TypedIn::Window).ok);
}

}  // namespace
}  // namespace lv
