// table_size_test.cpp — the table-size rule (core/torch/table_size.hpp): its limits and its one
// sentence, which the command line, the settings file and the window all show.
#include "core/torch/table_size.hpp"

#include <gtest/gtest.h>

#include <cstdint>

#include "core/io/table_file.hpp"

namespace {

constexpr int64_t kLimit = int64_t{1} << 27;  // 134,217,728

TEST(TableSize, ASeededTableHoldsAtMostTwoToTheTwentySeventhValues) {
  EXPECT_EQ(lv::table_size_error(1, 2048, 65536), "");  // exactly 2^27
  EXPECT_EQ(lv::table_size_error(1, 2049, 65536),
            "a 2,049 × 65,536 table is too big: rows × dim may be at most 134,217,728 values");
  EXPECT_EQ(lv::table_size_error(0, kLimit, 1), "");
  EXPECT_NE(lv::table_size_error(0, kLimit + 1, 1), "");
}

TEST(TableSize, AFilesTableHoldsUpToTheLoadersLimit) {
  EXPECT_EQ(lv::table_size_error(1, 65536, 32768, false), "");  // 2^31
  EXPECT_EQ(lv::table_size_error(1, 65536, 32769, false),
            "a 65,536 × 32,769 table is too big: rows × dim may be at most 2,147,483,648 values");
  static_assert(lv::kMaxTableElements == int64_t{1} << 31);
}

TEST(TableSize, TheOneHotMatrixHoldsAtMostTwoToTheTwentySeventhValuesForAnyTable) {
  // dim = 0: only the one-hot matrix (a file's table, checked by its loader).
  EXPECT_EQ(lv::table_size_error(64, kLimit / 64, 0), "");
  EXPECT_EQ(lv::table_size_error(20, 10'000'000, 0),
            "the one-hot matrix (20 IDs × 10,000,000 rows) is too big: IDs × rows may be at most 134,217,728 values");
  EXPECT_EQ(lv::table_size_error(1, 200'000'000, 0, false),
            "the one-hot matrix (1 ID × 200,000,000 rows) is too big: IDs × rows may be at most 134,217,728 values");
  // The table is named first when both are too big.
  EXPECT_EQ(lv::table_size_error(4096, 10'000'000, 65536).rfind("a 10,000,000 × 65,536 table", 0), 0u);
}

TEST(TableSize, TheLargestOtherSideFitsAndOneMoreDoesNot) {
  for (int64_t side : {int64_t{1}, int64_t{3}, int64_t{768}, int64_t{50257}, int64_t{65536}, int64_t{10'000'000}}) {
    const int64_t other = lv::max_seeded_extent(side);
    EXPECT_EQ(lv::table_size_error(0, side, other), "") << side;
    EXPECT_NE(lv::table_size_error(0, side, other + 1), "") << side;
    EXPECT_EQ(lv::table_size_error(side, other, 0), "") << side;
    EXPECT_NE(lv::table_size_error(side, other + 1, 0), "") << side;
  }
  EXPECT_EQ(lv::max_seeded_extent(0), kLimit);  // no side counts as one
}

}  // namespace
