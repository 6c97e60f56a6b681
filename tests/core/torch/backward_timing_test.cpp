// backward_timing_test.cpp — slide 6's timing of both backward passes: it finishes with
// the dense gradient's rows equal to the lookup's (repeated IDs add up), over bands that
// do not divide V, and stops when cancelled.
#include <gtest/gtest.h>

#include <atomic>
#include <vector>

#include "core/torch/backward_timing.hpp"

namespace {

std::vector<float> grad_of(int64_t b, int64_t d) {
  std::vector<float> g(static_cast<size_t>(b * d));
  for (size_t i = 0; i < g.size(); ++i) g[i] = static_cast<float>(static_cast<int>(i * 37 % 23) - 11) / 7.0f;
  return g;
}

TEST(BackwardTiming, BothPassesAreTimedAndGiveTheSameRows) {
  const std::vector<int64_t> ids = {2, 0, 2, 9, 2};
  const std::vector<float> g = grad_of(5, 16);
  std::atomic<float> progress{0.0f};
  const lv::BackwardTiming t = lv::time_backward(ids.data(), 5, g.data(), 10, 16, {nullptr, &progress, 50.0});
  ASSERT_TRUE(t.done);
  EXPECT_TRUE(t.same);
  EXPECT_GT(t.lookup_ms, 0.0);
  EXPECT_GT(t.onehot_ms, 0.0);
  EXPECT_GE(t.lookup_repeats, 5);
  EXPECT_GE(t.onehot_repeats, 1);
  EXPECT_EQ(progress.load(), 1.0f);
}

TEST(BackwardTiming, BandsThatDoNotDivideTheTable) {
  // D = 300,000: bands of 3 rows over V = 10 (3, 3, 3, 1); the IDs in the last band too.
  const std::vector<int64_t> ids = {9, 3, 3, 0};
  const std::vector<float> g = grad_of(4, 300'000);
  const lv::BackwardTiming t = lv::time_backward(ids.data(), 4, g.data(), 10, 300'000, {nullptr, nullptr, 10.0});
  ASSERT_TRUE(t.done);
  EXPECT_TRUE(t.same);
}

TEST(BackwardTiming, CancelStopsIt) {
  const std::vector<int64_t> ids = {1};
  const std::vector<float> g = grad_of(1, 64);
  std::atomic<bool> cancel{true};
  const lv::BackwardTiming t = lv::time_backward(ids.data(), 1, g.data(), 50'000, 64, {&cancel, nullptr, 1000.0});
  EXPECT_FALSE(t.done);
}

}  // namespace
