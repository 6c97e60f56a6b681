// dtype_round_test.cpp — float16 / bfloat16 rounding against torch's own bits
// (tests/golden/dtype/dtype_goldens.txt, made by make_goldens.py with torch 1.13):
// hand-picked edge values one by one, then 2M values by checksum.
#include "core/torch/dtype_round.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Special {
  uint32_t in, f16, bf16;
};
struct Sweep {
  std::string name;
  size_t count = 0;
  uint64_t f16 = 0, bf16 = 0;
};

void load(std::vector<Special>& specials, std::vector<Sweep>& sweeps) {
  std::ifstream in(std::string(LOOKUPVIZ_GOLDEN_DIR) + "/dtype/dtype_goldens.txt");
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    std::string word;
    ls >> word;
    if (word == "special") {
      Special s;
      ls >> std::hex >> s.in >> s.f16 >> s.bf16;
      specials.push_back(s);
    } else if (word == "sweep") {
      Sweep s;
      std::string a, b;
      ls >> s.name >> s.count >> a >> std::hex >> s.f16 >> b >> s.bf16;
      sweeps.push_back(s);
    }
  }
}

uint32_t bits(float f) { return std::bit_cast<uint32_t>(f); }

// The generator of the "grid" and "random" sweeps (see make_goldens.py).
std::vector<uint32_t> sweep_values(const std::string& name, size_t count) {
  static const uint32_t kLows[] = {0x0000, 0x0001, 0x0FFF, 0x1000, 0x1001, 0x2000, 0x3000, 0x5000,
                                   0x7FFF, 0x8000, 0x8001, 0x9000, 0xB000, 0xE000, 0xF000, 0xFFFF};
  std::vector<uint32_t> v;
  v.reserve(count);
  if (name == "grid") {
    for (uint32_t u = 0; u < 65536; ++u)
      for (uint32_t l : kLows) v.push_back((u << 16) | l);
  } else {
    for (uint64_t i = 0; i < count; ++i) {
      uint64_t z = (i + 1) * 0x9E3779B97F4A7C15ULL;
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
      v.push_back(static_cast<uint32_t>(z ^ (z >> 31)));
    }
  }
  return v;
}

TEST(DtypeRound, SpecialValuesMatchTorch) {
  std::vector<Special> specials;
  std::vector<Sweep> sweeps;
  load(specials, sweeps);
  ASSERT_GE(specials.size(), 80u);
  for (const Special& s : specials) {
    const float x = std::bit_cast<float>(s.in);
    EXPECT_EQ(bits(lv::round_to_float16(x)), s.f16) << std::hex << "float16 of 0x" << s.in;
    EXPECT_EQ(bits(lv::round_to_bfloat16(x)), s.bf16) << std::hex << "bfloat16 of 0x" << s.in;
  }
}

TEST(DtypeRound, TwoMillionValuesMatchTorchByChecksum) {
  std::vector<Special> specials;
  std::vector<Sweep> sweeps;
  load(specials, sweeps);
  ASSERT_EQ(sweeps.size(), 2u);
  for (const Sweep& s : sweeps) {
    const std::vector<uint32_t> v = sweep_values(s.name, s.count);
    ASSERT_EQ(v.size(), s.count) << s.name;
    uint64_t h = 0, b = 0;
    for (size_t i = 0; i < v.size(); ++i) {
      const float x = std::bit_cast<float>(v[i]);
      h += uint64_t{bits(lv::round_to_float16(x))} * (2 * i + 1);
      b += uint64_t{bits(lv::round_to_bfloat16(x))} * (2 * i + 1);
    }
    EXPECT_EQ(h, s.f16) << s.name << " float16";
    EXPECT_EQ(b, s.bf16) << s.name << " bfloat16";
  }
}

TEST(DtypeRound, HalfAndBfloat16RoundTripEveryPattern) {
  for (uint32_t h = 0; h < 65536; ++h) {
    const float f = lv::half_bits_to_float(static_cast<uint16_t>(h));
    if (std::isnan(f)) {
      EXPECT_TRUE((h & 0x7c00u) == 0x7c00u && (h & 0x3ffu) != 0);
      continue;
    }
    ASSERT_EQ(lv::float_to_half_bits(f), h) << std::hex << h;
    const float g = lv::bfloat16_bits_to_float(static_cast<uint16_t>(h));
    if (!std::isnan(g)) ASSERT_EQ(lv::float_to_bfloat16_bits(g), h) << std::hex << h;
  }
  // Exact values the loaders rely on.
  EXPECT_EQ(lv::half_bits_to_float(0x3c00), 1.0f);
  EXPECT_EQ(lv::half_bits_to_float(0x7bff), 65504.0f);
  EXPECT_EQ(lv::half_bits_to_float(0x0001), std::ldexp(1.0f, -24));
  EXPECT_EQ(lv::half_bits_to_float(0x03ff), std::ldexp(1023.0f, -24));
  EXPECT_EQ(bits(lv::half_bits_to_float(0x8000)), 0x80000000u);
  EXPECT_EQ(lv::half_bits_to_float(0xfc00), -std::numeric_limits<float>::infinity());
  EXPECT_EQ(lv::bfloat16_bits_to_float(0x3f80), 1.0f);
}

TEST(DtypeRound, RoundTableAndNames) {
  lv::Matrix m(2, 3);
  m << 0.1f, 1.0f / 3.0f, 70000.0f, -1e-8f, 1.00048828125f, -2.5f;
  lv::Matrix a = m, b = m, c = m;
  lv::round_table(a, lv::TableDtype::Float32);
  lv::round_table(b, lv::TableDtype::Float16);
  lv::round_table(c, lv::TableDtype::BFloat16);
  EXPECT_EQ(a, m);
  EXPECT_EQ(b(0, 0), 0.0999755859375f);
  EXPECT_TRUE(std::isinf(b(0, 2)));       // beyond float16's 65504
  EXPECT_EQ(bits(b(1, 0)), 0x80000000u);  // -1e-8 underflows to -0
  EXPECT_EQ(b(1, 1), 1.0f);               // 1 + 2^-11 is a tie: even wins
  EXPECT_EQ(c(0, 0), 0.10009765625f);
  EXPECT_EQ(c(0, 2), 70144.0f);
  EXPECT_EQ(c(1, 2), -2.5f);
  EXPECT_EQ(lv::round_to(0.1f, lv::TableDtype::BFloat16), c(0, 0));
  EXPECT_EQ(lv::dtype_name(lv::TableDtype::BFloat16), "bfloat16");
  EXPECT_EQ(lv::torch_dtype_name(lv::TableDtype::Float16), "torch.float16");
  EXPECT_EQ(lv::dtype_name(lv::TableDtype::Float32), "float32");
}

}  // namespace
