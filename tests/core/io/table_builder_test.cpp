// table_builder_test.cpp — the chunked builder equals embedding_init bit for bit on
// shapes that hit every path (n < 16, n % 16 == 0, a tail, chunk edges that fall
// inside and between blocks), leaves the generator where normal_ leaves it, reports
// progress up to 1, and stops when cancelled.
#include <gtest/gtest.h>

#include <atomic>
#include <bit>
#include <cstdint>
#include <vector>

#include "core/io/table_builder.hpp"
#include "core/torch/torch_layers.hpp"
#include "core/torch/torch_random.hpp"

namespace {

using lv::TorchGenerator;

size_t first_difference(const float* a, const float* b, size_t n) {
  for (size_t i = 0; i < n; ++i)
    if (std::bit_cast<uint32_t>(a[i]) != std::bit_cast<uint32_t>(b[i])) return i;
  return n;
}

struct Shape {
  int64_t vocab, dim;
  size_t chunk;
};

TEST(TableBuilder, EqualsEmbeddingInitBitForBit) {
  const Shape shapes[] = {{4, 5, 1 << 16},   {1, 1, 16},       {3, 5, 16},          {1, 16, 16},
                          {2, 17, 16},       {7, 13, 32},      {100, 33, 48},       {257, 768, 4096},
                          {1000, 129, 1000}, {50, 768, 65536}, {5000, 64, 1 << 16}, {333, 31, 1 << 20}};
  for (const Shape& s : shapes) {
    SCOPED_TRACE(testing::Message() << s.vocab << " x " << s.dim << " chunk " << s.chunk);
    for (uint64_t seed : {123ull, 0ull, 987654321ull}) {
      TorchGenerator g1(seed), g2(seed);
      const lv::Matrix want = lv::embedding_init(s.vocab, s.dim, g1);
      std::vector<float> got(static_cast<size_t>(s.vocab * s.dim));
      std::atomic<float> progress{0.0f};
      lv::BuildControl c;
      c.progress = &progress;
      c.chunk = s.chunk;
      ASSERT_TRUE(lv::embedding_init_chunked(got.data(), s.vocab, s.dim, g2, c));
      EXPECT_EQ(first_difference(want.data(), got.data(), got.size()), got.size());
      EXPECT_EQ(progress.load(), 1.0f);
      // The generator is left where torch leaves it: the next draws agree.
      EXPECT_EQ(g1.random(), g2.random());
      EXPECT_EQ(g1.next_double_normal_sample.has_value(), g2.next_double_normal_sample.has_value());
    }
  }
}

TEST(TableBuilder, NormalChunkedMatchesNormalWithMeanAndStd) {
  for (size_t n : {15u, 16u, 31u, 4097u}) {
    TorchGenerator g1(7), g2(7);
    std::vector<float> a(n), b(n);
    lv::normal_(a.data(), n, 0.5, 2.0, g1);
    lv::BuildControl c;
    c.chunk = 64;
    ASSERT_TRUE(lv::normal_chunked(b.data(), n, 0.5, 2.0, g2, c));
    EXPECT_EQ(first_difference(a.data(), b.data(), n), n) << n;
  }
}

TEST(TableBuilder, StopsWhenCancelled) {
  std::atomic<bool> cancel{true};
  std::atomic<float> progress{0.0f};
  lv::BuildControl c;
  c.cancel = &cancel;
  c.progress = &progress;
  c.chunk = 1024;
  std::vector<float> data(100 * 768);
  TorchGenerator g(123);
  EXPECT_FALSE(lv::embedding_init_chunked(data.data(), 100, 768, g, c));
  EXPECT_LT(progress.load(), 1.0f);
}

TEST(TableBuilder, EmptyShapesAreDone) {
  TorchGenerator g(1);
  EXPECT_TRUE(lv::embedding_init_chunked(nullptr, 0, 768, g));
  EXPECT_TRUE(lv::embedding_init_chunked(nullptr, 10, 0, g));
}

}  // namespace
