// number_text_test.cpp — numbers that do not fit a cell switch to scientific notation
// (issue 17, item 9: slide 7 printed 1e38 as "99999996802856924650656…").
#include "core/text/number_text.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <string>

namespace {

std::string fit(double v, int decimals, int max_chars, bool plus = false) {
  char buf[64];
  lv::fit_number(buf, sizeof buf, v, decimals, max_chars, plus);
  return buf;
}

TEST(NumberText, FixedWhileItFits) {
  EXPECT_EQ(fit(0.3374, 2, 6), "0.34");
  EXPECT_EQ(fit(-2.84, 2, 6), "-2.84");
  EXPECT_EQ(fit(123.456, 2, 6), "123.46");
  EXPECT_EQ(fit(1.25, 2, 7, true), "+1.25");
  EXPECT_EQ(fit(0.6957, 4, 12), "0.6957");
}

TEST(NumberText, ScientificWhenFixedWouldNotFit) {
  EXPECT_EQ(fit(1e38, 2, 8), "1.00e+38");
  EXPECT_EQ(fit(1e38, 2, 7), "1.0e+38");
  EXPECT_EQ(fit(-1e38, 2, 6), "-1e+38");
  EXPECT_EQ(fit(12345.678, 2, 6), "1e+04");
  EXPECT_EQ(fit(std::numeric_limits<float>::max(), 2, 7, true), "+3e+38");
  EXPECT_LE(std::strlen(fit(3.4e38, 2, 7).c_str()), 7u);
}

TEST(NumberText, NonFiniteValuesAreWords) {
  EXPECT_EQ(fit(std::nan(""), 2, 6), "nan");
  EXPECT_EQ(fit(INFINITY, 2, 6), "inf");
  EXPECT_EQ(fit(-INFINITY, 2, 6), "-inf");
  EXPECT_EQ(fit(INFINITY, 2, 6, true), "+inf");
}

}  // namespace
