// heatmap_aggregate_test.cpp — the blocks that feed the heat map: exact on hand-made
// tables, equal to a naive double-precision reference on uneven shapes, NaN/inf
// handling, progress and cancel, and the speed on a GPT-2-sized table.
#include "core/heatmap/heatmap_aggregate.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <limits>
#include <random>
#include <thread>
#include <vector>

namespace {

using lv::aggregate_table;
using lv::AggregateMode;
using lv::heatmap_decode;
using lv::heatmap_encode;

const float kNaN = std::numeric_limits<float>::quiet_NaN();
const float kInf = std::numeric_limits<float>::infinity();

TEST(HeatmapAggregate, MeanAndMaxAbsOnEvenBlocks) {
  // 4 x 6 -> 2 x 3: each cell is a 2 x 2 block.
  const std::vector<float> t = {1,  2,  3,  4,  5,  6,   //
                                7,  8,  9,  10, 11, 12,  //
                                -1, -2, -3, 30, 0,  0,   //
                                -1, -9, 3,  4,  0,  -0.5f};
  const lv::Aggregate m = aggregate_table(t.data(), 4, 6, 2, 3, AggregateMode::Mean);
  ASSERT_EQ(m.rows, 2);
  ASSERT_EQ(m.cols, 3);
  EXPECT_EQ(m.cells, (std::vector<float>{4.5f, 6.5f, 8.5f, -3.25f, 8.5f, -0.125f}));
  const lv::Aggregate x = aggregate_table(t.data(), 4, 6, 2, 3, AggregateMode::MaxAbs);
  EXPECT_EQ(x.cells, (std::vector<float>{8, 10, 12, -9, 30, -0.5f}));  // the sign is kept
  EXPECT_FALSE(x.cancelled);
  EXPECT_EQ(m.range.min, -9);
  EXPECT_EQ(m.range.max, 30);
  EXPECT_EQ(m.range.abs_max, 30);
  EXPECT_EQ(m.range.finite, 24);
}

TEST(HeatmapAggregate, UnevenBlocksMatchANaiveReference) {
  std::mt19937 rng(7);
  std::normal_distribution<float> nd;
  for (auto [rows, cols, orows, ocols] :
       {std::array<int64_t, 4>{37, 23, 5, 4}, {1000, 7, 33, 7}, {9, 1000, 9, 17}, {50, 50, 1, 1}, {13, 13, 13, 13}}) {
    std::vector<float> t(static_cast<size_t>(rows * cols));
    for (float& v : t) v = nd(rng);
    const lv::Aggregate m = aggregate_table(t.data(), rows, cols, orows, ocols, AggregateMode::Mean);
    const lv::Aggregate x = aggregate_table(t.data(), rows, cols, orows, ocols, AggregateMode::MaxAbs);
    ASSERT_EQ(m.cells.size(), static_cast<size_t>(orows * ocols));
    int64_t covered = 0;
    for (int64_t r = 0; r < orows; ++r)
      for (int64_t c = 0; c < ocols; ++c) {
        const int64_t r0 = lv::aggregate_block_start(r, rows, orows),
                      r1 = lv::aggregate_block_start(r + 1, rows, orows);
        const int64_t c0 = lv::aggregate_block_start(c, cols, ocols),
                      c1 = lv::aggregate_block_start(c + 1, cols, ocols);
        ASSERT_GT(r1, r0);
        ASSERT_GT(c1, c0);
        double sum = 0;
        float best = 0;
        for (int64_t i = r0; i < r1; ++i)
          for (int64_t j = c0; j < c1; ++j) {
            const float v = t[static_cast<size_t>(i * cols + j)];
            sum += v;
            if (std::fabs(v) > std::fabs(best)) best = v;
          }
        covered += (r1 - r0) * (c1 - c0);
        const double mean = sum / static_cast<double>((r1 - r0) * (c1 - c0));
        EXPECT_NEAR(m.cells[static_cast<size_t>(r * ocols + c)], mean, 1e-6 * (1 + std::fabs(mean)));
        EXPECT_EQ(x.cells[static_cast<size_t>(r * ocols + c)], best);
      }
    EXPECT_EQ(covered, rows * cols);  // the blocks tile the table exactly
  }
}

TEST(HeatmapAggregate, BlockIndexHelpersAgree) {
  for (int64_t n : {1, 2, 7, 100, 50257})
    for (int64_t out : {int64_t{1}, int64_t{3}, int64_t{7}, n}) {
      if (out > n) continue;
      EXPECT_EQ(lv::aggregate_block_start(0, n, out), 0);
      EXPECT_EQ(lv::aggregate_block_start(out, n, out), n);
      for (int64_t i = 0; i < n; i += 1 + n / 97) {
        const int64_t r = lv::aggregate_cell_of(i, n, out);
        ASSERT_LE(lv::aggregate_block_start(r, n, out), i);
        ASSERT_GT(lv::aggregate_block_start(r + 1, n, out), i);
      }
    }
}

TEST(HeatmapAggregate, OutputSizesAreClampedAndSmallTablesPassThrough) {
  const std::vector<float> t = {1, -2, 3, -4, 5, 6};
  const lv::Aggregate a = aggregate_table(t.data(), 2, 3, 100, 0, AggregateMode::Mean);
  EXPECT_EQ(a.rows, 2);
  EXPECT_EQ(a.cols, 1);
  const lv::Aggregate same = aggregate_table(t.data(), 2, 3, 2, 3, AggregateMode::Mean);
  EXPECT_EQ(same.cells, t);
  EXPECT_TRUE(aggregate_table(t.data(), 0, 3, 1, 1, AggregateMode::Mean).cells.empty());
  EXPECT_TRUE(aggregate_table(nullptr, 2, 3, 1, 1, AggregateMode::Mean).cells.empty());
}

TEST(HeatmapAggregate, NanAndInfShowInTheirBlockAndStayOutOfTheRange) {
  const std::vector<float> t = {1,     kNaN, 2, 3,  //
                                -kInf, 1,    5, -7};
  const lv::Aggregate m = aggregate_table(t.data(), 2, 4, 1, 2, AggregateMode::Mean);
  EXPECT_TRUE(std::isnan(m.cells[0]));  // NaN and -inf in one block
  EXPECT_EQ(m.cells[1], 0.75f);
  const lv::Aggregate x = aggregate_table(t.data(), 2, 4, 1, 2, AggregateMode::MaxAbs);
  EXPECT_TRUE(std::isnan(x.cells[0]));
  EXPECT_EQ(x.cells[1], -7);
  const std::vector<float> inf_only = {1, -kInf, 3, 2};
  EXPECT_EQ(aggregate_table(inf_only.data(), 2, 2, 1, 1, AggregateMode::MaxAbs).cells[0], -kInf);
  const lv::ValueRange r = lv::value_range(t.data(), t.size());
  EXPECT_EQ(r.min, -7);
  EXPECT_EQ(r.max, 5);
  EXPECT_EQ(r.abs_max, 7);
  EXPECT_EQ(r.finite, 6);
  EXPECT_EQ(r.nan, 1);
  EXPECT_EQ(r.inf, 1);
  EXPECT_EQ(m.range.nan, 1);
  const std::vector<float> none = {kNaN, kInf};
  const lv::ValueRange z = lv::value_range(none.data(), none.size());
  EXPECT_EQ(z.finite, 0);
  EXPECT_EQ(z.abs_max, 0);
}

TEST(HeatmapAggregate, CancelStopsEarlyAndProgressReachesTheEnd) {
  std::vector<float> t(1000 * 64, 1.0f);
  std::atomic<bool> cancel{true};
  std::atomic<int64_t> done{0};
  const lv::Aggregate c = aggregate_table(t.data(), 1000, 64, 10, 8, AggregateMode::Mean, {&cancel, &done});
  EXPECT_TRUE(c.cancelled);
  EXPECT_TRUE(c.cells.empty());
  EXPECT_LE(done.load(), 64);
  cancel = false;
  const lv::Aggregate full = aggregate_table(t.data(), 1000, 64, 10, 8, AggregateMode::Mean, {&cancel, &done});
  EXPECT_FALSE(full.cancelled);
  EXPECT_EQ(done.load(), 1000);
  EXPECT_EQ(full.cells, std::vector<float>(80, 1.0f));
}

// Its speed is recorded (RecordProperty), not asserted: timing belongs in benchmarks.
TEST(HeatmapAggregate, Gpt2SizedTableInOnePass) {
  // 50,257 x 768 (38.6M values, 154 MB) -> 4,096 x 768 and -> 1,024 x 256, one pass each.
  const int64_t rows = 50257, cols = 768;
  std::vector<float> t(static_cast<size_t>(rows * cols));
  for (size_t i = 0; i < t.size(); ++i) t[i] = static_cast<float>(static_cast<int>(i % 2001) - 1000) * 1e-3f;
  for (auto [orows, ocols, mode] : {std::tuple{int64_t{4096}, int64_t{768}, AggregateMode::Mean},
                                    std::tuple{int64_t{1024}, int64_t{256}, AggregateMode::MaxAbs}}) {
    const auto t0 = std::chrono::steady_clock::now();
    const lv::Aggregate a = aggregate_table(t.data(), rows, cols, orows, ocols, mode);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    ASSERT_EQ(a.cells.size(), static_cast<size_t>(orows * ocols));
    EXPECT_EQ(a.range.abs_max, 1.0f);
    EXPECT_EQ(a.range.finite, rows * cols);
    RecordProperty(mode == AggregateMode::Mean ? "mean_seconds" : "maxabs_seconds", std::to_string(s));
  }
}

}  // namespace

TEST(HeatmapEncode, ABytePerCellKeepsTheColourWithinOnePercent) {
  // The colour reads (|t|)^0.55 (the default gamma): decoding must land within 1 % of
  // that ramp for every t, and keep 0, the sign, the ends and NaN.
  EXPECT_EQ(heatmap_encode(0.0f, 1.0f), 127);
  EXPECT_EQ(heatmap_encode(-0.0f, 1.0f), 127);
  EXPECT_EQ(heatmap_encode(2.0f, 0.5f), 254);
  EXPECT_EQ(heatmap_encode(-2.0f, 0.5f), 0);
  EXPECT_EQ(heatmap_encode(std::numeric_limits<float>::infinity(), 0.5f), 254);
  EXPECT_EQ(heatmap_encode(-std::numeric_limits<float>::infinity(), 0.5f), 0);
  EXPECT_EQ(heatmap_encode(std::numeric_limits<float>::quiet_NaN(), 1.0f), 255);
  EXPECT_TRUE(std::isnan(heatmap_decode(255)));
  EXPECT_EQ(heatmap_decode(127), 0.0f);
  EXPECT_EQ(heatmap_decode(254), 1.0f);
  EXPECT_EQ(heatmap_decode(0), -1.0f);
  float worst = 0.0f;
  uint8_t last = 0;
  for (int i = -100000; i <= 100000; ++i) {
    const float t = static_cast<float>(i) / 100000.0f;
    const uint8_t b = heatmap_encode(t * 3.0f, 1.0f / 3.0f);
    ASSERT_GE(b, last) << "monotonic at t = " << t;
    last = b;
    const float back = heatmap_decode(b);
    ASSERT_TRUE(back == 0.0f || (back < 0.0f) == (t < 0.0f)) << t;
    worst = std::max(worst, std::fabs(std::pow(std::fabs(back), 0.55f) - std::pow(std::fabs(t), 0.55f)));
  }
  EXPECT_LT(worst, 0.01f);
}
