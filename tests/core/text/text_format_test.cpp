// text_format_test.cpp — counts, plurals, byte sizes and trimming as the UI prints them.
#include "core/text/text_format.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>

namespace {

TEST(TextFormat, OneIsSingularEverythingElsePlural) {
  EXPECT_EQ(lv::counted(1, "ID"), "1 ID");
  EXPECT_EQ(lv::counted(0, "ID"), "0 IDs");
  EXPECT_EQ(lv::counted(2, "ID"), "2 IDs");
  EXPECT_EQ(lv::counted(-1, "row"), "-1 row");
  EXPECT_EQ(lv::counted(11, "row"), "11 rows");
  EXPECT_EQ(lv::noun(1, "row"), "row");
  EXPECT_EQ(lv::noun(3, "row"), "rows");
}

TEST(TextFormat, IrregularPluralsAndThousands) {
  EXPECT_EQ(lv::counted(1, "entry", "entries"), "1 entry");
  EXPECT_EQ(lv::counted(4, "entry", "entries"), "4 entries");
  EXPECT_EQ(lv::counted(50257, "row"), "50,257 rows");
  EXPECT_EQ(lv::counted(1000000, "multiply-add"), "1,000,000 multiply-adds");
  EXPECT_EQ(lv::counted(-1234, "copy", "copies"), "-1,234 copies");
}

// count_text (drawn every frame, no allocation) says what counted says, for the extremes
// too, and cuts a noun too long for its buffer instead of running past it.
TEST(TextFormat, CountTextIsCountedWithoutAllocating) {
  for (long long n : {0LL, 1LL, -1LL, 7LL, 999LL, 1000LL, -1000LL, 50257LL, 38597376LL,
                      std::numeric_limits<long long>::max(), std::numeric_limits<long long>::min()}) {
    EXPECT_EQ(std::string(lv::count_text(n, "multiply-add").c_str()),
              lv::with_commas(n) + " " + lv::noun(n, "multiply-add"));
    EXPECT_EQ(std::string(lv::count_text(n, "copy", "copies").c_str()),
              lv::with_commas(n) + " " + lv::noun(n, "copy", "copies"));
  }
  const std::string long_noun(200, 'x');
  const std::string cut = lv::count_text(12345, long_noun).c_str();
  EXPECT_EQ(cut.size(), sizeof(lv::CountText::text) - 1);
  EXPECT_EQ(cut.substr(0, 7), "12,345 ");
}

TEST(TextFormat, ThousandsSeparatorsForEveryIntegerType) {
  EXPECT_EQ(lv::with_commas(0), "0");
  EXPECT_EQ(lv::with_commas(999), "999");
  EXPECT_EQ(lv::with_commas(1000), "1,000");
  EXPECT_EQ(lv::with_commas(154389504), "154,389,504");
  EXPECT_EQ(lv::with_commas(size_t{4096}), "4,096");
  EXPECT_EQ(lv::with_commas(-1234), "-1,234");
  EXPECT_EQ(lv::with_commas(-999), "-999");
  EXPECT_EQ(lv::with_commas(std::numeric_limits<int64_t>::min()), "-9,223,372,036,854,775,808");
  EXPECT_EQ(lv::with_commas(std::numeric_limits<uint64_t>::max()), "18,446,744,073,709,551,615");
}

// ÷1024 is KiB/MiB/GiB and ÷1000 is kB/MB/GB: a "KB" that means 1,024 bytes is wrong by
// either standard (the file picker printed one).
TEST(TextFormat, BinaryBytesUseIecNames) {
  EXPECT_EQ(lv::binary_bytes(0), "0 bytes");
  EXPECT_EQ(lv::binary_bytes(84), "84 bytes");
  EXPECT_EQ(lv::binary_bytes(1023), "1023 bytes");
  EXPECT_EQ(lv::binary_bytes(1024), "1 KiB");
  EXPECT_EQ(lv::binary_bytes(1536), "1.5 KiB");
  EXPECT_EQ(lv::binary_bytes(48 * 1024), "48 KiB");
  EXPECT_EQ(lv::binary_bytes(512 * 1024), "512 KiB");
  EXPECT_EQ(lv::binary_bytes(2 * 1024 * 1024), "2 MiB");
  EXPECT_EQ(lv::binary_bytes(154'389'504), "147.2 MiB");  // GPT-2's table as float32
  EXPECT_EQ(lv::binary_bytes(uint64_t{8} << 30), "8 GiB");
}

TEST(TextFormat, DecimalBytesUseSiNames) {
  EXPECT_EQ(lv::decimal_bytes(512), "512 bytes");
  EXPECT_EQ(lv::decimal_bytes(3000), "3 kB");
  EXPECT_EQ(lv::decimal_bytes(3072), "3.1 kB");
  EXPECT_EQ(lv::decimal_bytes(512'000'000), "512 MB");
  EXPECT_EQ(lv::decimal_bytes(154'389'504), "154.4 MB");
  EXPECT_EQ(lv::decimal_bytes(1'600'000'000), "1.6 GB");
  EXPECT_EQ(lv::decimal_bytes(2'999'000'000), "3 GB");  // 2.999 rounds to a whole 3
}

TEST(TextFormat, UserInputInMessages) {
  EXPECT_EQ(lv::quoted_input("seven"), "“seven”");
  EXPECT_EQ(lv::quoted_input("a\tb\x7F"), "“a?b?”");  // control characters cannot break the line
  EXPECT_EQ(lv::shown_input(std::string(41, 'x')), std::string(40, 'x') + "…");
  EXPECT_EQ(lv::capitalized("the text is not valid UTF-8"), "The text is not valid UTF-8");
  EXPECT_EQ(lv::capitalized("“x” is not"), "“x” is not");
  EXPECT_EQ(lv::escaped("it's \"a\"\\\n\x01", '"'), "\"it's \\\"a\\\"\\\\\\n\\x01\"");
  EXPECT_EQ(lv::escaped("it's", '\''), "'it\\'s'");
}

TEST(TextFormat, TrimTakesAsciiWhiteSpaceFromBothEnds) {
  EXPECT_EQ(lv::trim("  2, 3\t\r\n"), "2, 3");
  EXPECT_EQ(lv::trim("\f\vx y\v"), "x y");
  EXPECT_EQ(lv::trim(" \t "), "");
  EXPECT_EQ(lv::trim(""), "");
  EXPECT_EQ(lv::trim("\xC2\xA0x"), "\xC2\xA0x");  // U+00A0 is not ASCII white space: kept
}

}  // namespace
