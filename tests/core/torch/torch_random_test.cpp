// torch_random_test.cpp — the torch-exact generator, Cephes log/sincos and the
// draw counts of normal_/uniform_. Reference values come from torch 1.13 (rand) and
// from avx_mathfun.h compiled by GCC 12 with -O2 -mavx2 -mfma (log/sincos; the
// emulation matched that build on all 2^32 inputs and torch on all 2^24 uniforms).
// Whole-tensor goldens from torch are in torch_layers_test.cpp.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "core/torch/torch_random.hpp"

namespace {

using lv::TorchGenerator;

uint32_t bits(float x) { return std::bit_cast<uint32_t>(x); }

// How many random() calls `draw` makes, found by comparing the generator's next
// output with a fresh MT19937 of the same seed.
template <typename F>
int count_draws(uint64_t seed, F draw) {
  TorchGenerator g(seed);
  draw(g);
  const uint32_t next = g.random();
  std::mt19937 ref(static_cast<uint32_t>(seed));
  for (int k = 0; k < 100000; ++k)
    if (ref() == next) return k;
  return -1;
}

TEST(TorchGenerator, IsMt19937OfTheLow32SeedBits) {
  TorchGenerator g(5489);
  EXPECT_EQ(g.random(), 3499211612u);  // MT19937's first output for its default seed
  std::mt19937 ref(123);
  for (uint64_t seed : {uint64_t{123}, (uint64_t{1} << 32) + 123, (uint64_t{77} << 40) + 123}) {
    TorchGenerator a(seed);
    ref.seed(123);
    for (int i = 0; i < 1000; ++i) ASSERT_EQ(a.random(), ref()) << "seed " << seed;
  }
}

TEST(TorchGenerator, Random64PutsTheFirstDrawHigh) {
  TorchGenerator a(42), b(42);
  const uint64_t hi = b.random(), lo = b.random();
  EXPECT_EQ(a.random64(), (hi << 32) | lo);
}

TEST(TorchGenerator, UniformsMatchTorchRand) {
  // torch.manual_seed(0); torch.rand(3) and torch.rand(2, dtype=torch.float64)
  TorchGenerator g(0);
  EXPECT_EQ(bits(g.uniform_float()), 0x3efe1558u);
  EXPECT_EQ(bits(g.uniform_float()), 0x3f44aa2fu);
  EXPECT_EQ(bits(g.uniform_float()), 0x3db533a8u);
  g.manual_seed(0);
  EXPECT_EQ(std::bit_cast<uint64_t>(g.uniform_double()), 0x3fef0aac97c4aa2fULL);
  EXPECT_EQ(std::bit_cast<uint64_t>(g.uniform_double()), 0x3fe6a675d821ccc0ULL);
}

TEST(TorchGenerator, ManualSeedClearsTheCachedSample) {
  TorchGenerator g(1);
  float v[3];
  lv::normal_(v, 3, 0.0, 1.0, g);  // 2 pairs for 3 values: one sample left over
  EXPECT_TRUE(g.next_double_normal_sample.has_value());
  g.manual_seed(1);
  EXPECT_FALSE(g.next_double_normal_sample.has_value());
}

TEST(TorchRandom, DrawCounts) {
  auto normal = [](size_t n) {
    return [n](TorchGenerator& g) {
      std::vector<float> v(n);
      lv::normal_(v.data(), n, 0.0, 1.0, g);
    };
  };
  EXPECT_EQ(count_draws(7, normal(16)), 16);  // block fill: one draw per element
  EXPECT_EQ(count_draws(7, normal(32)), 32);
  EXPECT_EQ(count_draws(7, normal(17)), 33);  // tail: 16 fresh draws for the last 16 slots
  EXPECT_EQ(count_draws(7, normal(600)), 616);
  EXPECT_EQ(count_draws(7, normal(9)), 20);  // Embedding(3, 3): 5 pairs of 2 double uniforms
  EXPECT_EQ(count_draws(7, normal(1)), 4);
  EXPECT_EQ(count_draws(
                7,
                [](TorchGenerator& g) {
    float v[5];
    lv::uniform_(v, 5, -1.0, 1.0, g);
                }),
            5);
}

TEST(TorchRandom, SmallNormalUsesAndLeavesTheCache) {
  TorchGenerator g(123);
  float a[9];
  lv::normal_(a, 9, 0.0, 1.0, g);
  ASSERT_TRUE(g.next_double_normal_sample.has_value());
  const double cached = *g.next_double_normal_sample;
  // A block fill and a uniform_ leave the cache alone; the next small normal_ uses it.
  std::vector<float> big(40), u(3);
  lv::normal_(big.data(), big.size(), 0.0, 1.0, g);
  lv::uniform_(u.data(), u.size(), 0.0, 1.0, g);
  ASSERT_TRUE(g.next_double_normal_sample.has_value());
  float b;
  lv::normal_(&b, 1, 0.0, 1.0, g);
  EXPECT_EQ(bits(b), bits(static_cast<float>(cached)));
  EXPECT_FALSE(g.next_double_normal_sample.has_value());
}

TEST(TorchRandom, UniformIsOneFmaPerDraw) {
  TorchGenerator g(3), ref(3);
  float v[64];
  lv::uniform_(v, 64, -0.3, 0.7, g);
  const float from = -0.3f, to = 0.7f;
  for (float x : v) EXPECT_EQ(bits(x), bits(std::fma(ref.uniform_float(), to - from, from)));
}

TEST(Cephes, LogMatchesAvxMathfun) {
  const uint32_t cases[][2] = {
      {0x3f800000u, 0x00000000u},  // 1 -> 0
      {0x3f000000u, 0xbf317218u},  // 0.5
      {0x33800000u, 0xc1851592u},  // 2^-24 (the smallest u1 the block fill sees)
      {0x3f3504f3u, 0xbeb17218u},  // just below sqrt(1/2): the other branch
      {0x3e99999au, 0xbf9a1bc8u},  // 0.3
      {0x3f7fffffu, 0xb3800000u},  // 1 - 2^-24
      {0x00000001u, 0xc2aeac50u},  // a denormal is cut to FLT_MIN
      {0x40000000u, 0x3f317218u},  // 2
  };
  for (const auto& c : cases) EXPECT_EQ(bits(lv::cephes_logf(std::bit_cast<float>(c[0]))), c[1]) << std::hex << c[0];
  EXPECT_TRUE(std::isnan(lv::cephes_logf(0.0f)));
  EXPECT_TRUE(std::isnan(lv::cephes_logf(-1.0f)));
}

TEST(Cephes, SincosMatchesAvxMathfun) {
  const uint32_t cases[][3] = {
      // x, sin, cos
      {0x00000000u, 0x00000000u, 0x3f800000u}, {0x3f800000u, 0x3f576aa4u, 0x3f0a5140u},
      {0x3f490fdbu, 0x3f3504f4u, 0x3f3504f3u}, {0x40400000u, 0x3e1081c3u, 0xbf7d7026u},
      {0x40c8dc62u, 0xbbcde230u, 0x3f7ffeb5u}, {0xc0000000u, 0xbf68c7b7u, 0xbed51132u},
      {0x42c80000u, 0xbf01a12eu, 0x3f5cc0eeu}, {0x3a83126fu, 0x3a83126eu, 0x3f7ffff8u},
  };
  for (const auto& c : cases) {
    float s, co;
    lv::cephes_sincosf(std::bit_cast<float>(c[0]), &s, &co);
    EXPECT_EQ(bits(s), c[1]) << std::hex << c[0];
    EXPECT_EQ(bits(co), c[2]) << std::hex << c[0];
  }
}

}  // namespace
