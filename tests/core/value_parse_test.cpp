// value_parse_test.cpp — a weight typed into a cell: numbers, inf, -inf, nan; junk
// is refused with a sentence.
#include <gtest/gtest.h>

#include <cmath>

#include "core/value_parse.hpp"

namespace lv {
namespace {

TEST(ValueParse, Numbers) {
  EXPECT_EQ(parse_weight_value("0.5").value, 0.5f);
  EXPECT_EQ(parse_weight_value(" -1e3 ").value, -1000.0f);
  EXPECT_EQ(parse_weight_value("+2").value, 2.0f);
  EXPECT_EQ(parse_weight_value(".25").value, 0.25f);
  EXPECT_EQ(parse_weight_value("0.1").value, 0.1f);  // rounded to float32 once
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
    EXPECT_FALSE(p.error.empty()) << t;
  }
  EXPECT_NE(parse_weight_value("1.5x").error.find("1.5x"), std::string::npos);
  EXPECT_NE(parse_weight_value("1.5x").error.find("inf"), std::string::npos);  // says what works
}

}  // namespace
}  // namespace lv
