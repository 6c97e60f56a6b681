// torch_random.cpp — torch 1.13's CPU normal_ and uniform_ on float32, bit for bit.
// The block fill emulates normal_fill_16_AVX2 one lane at a time: avx_mathfun.h's
// log256_ps / sincos256_ps with their exact constants, and exactly the fused
// multiply-adds GCC 12 emitted for them (see shared/reference/torch-notes.md).
// This file is compiled with -ffp-contract=off, so every std::fma below is one FMA
// and no other operation is fused.
#include "core/torch/torch_random.hpp"

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace lv {
namespace {

// avx_mathfun.h declares its constants as float arrays initialised from double
// literals, so each one is the double literal rounded to float.
constexpr float F(double v) { return static_cast<float>(v); }

constexpr float kMinNormPos = std::bit_cast<float>(0x00800000u);
constexpr float kSqrtHf = F(0.707106781186547524);
constexpr float kLogP[9] = {F(7.0376836292E-2),  F(-1.1514610310E-1), F(1.1676998740E-1),
                            F(-1.2420140846E-1), F(+1.4249322787E-1), F(-1.6668057665E-1),
                            F(+2.0000714765E-1), F(-2.4999993993E-1), F(+3.3333331174E-1)};
constexpr float kLogQ1 = F(-2.12194440e-4);
constexpr float kLogQ2 = F(0.693359375);

constexpr float kMinusDP1 = F(-0.78515625);
constexpr float kMinusDP2 = F(-2.4187564849853515625e-4);
constexpr float kMinusDP3 = F(-3.77489497744594108e-8);
constexpr float kSinP0 = F(-1.9515295891E-4);
constexpr float kSinP1 = F(8.3321608736E-3);
constexpr float kSinP2 = F(-1.6666654611E-1);
constexpr float kCosP0 = F(2.443315711809948E-005);
constexpr float kCosP1 = F(-1.388731625493765E-003);
constexpr float kCosP2 = F(4.166664568298827E-002);
constexpr float kFourOverPi = F(1.27323954473516);

uint32_t bits(float x) { return std::bit_cast<uint32_t>(x); }
float from_bits(uint32_t b) { return std::bit_cast<float>(b); }

// _mm256_cvttps_epi32: truncation, 0x80000000 ("integer indefinite") when out of range or NaN.
int32_t cvtt(float y) {
  if (!(y > -2147483904.0f && y < 2147483648.0f)) return std::numeric_limits<int32_t>::min();
  return static_cast<int32_t>(y);
}

}  // namespace

// The block transform of normal_fill_16_AVX2 on d[0..15].
void normal_fill_16(float* d, float mean, float std) {
  constexpr float kTwoPi = F(2.0 * 3.14159265358979323846);  // _mm256_set1_ps(2.0f * pi<double>)
  for (int j = 0; j < 8; ++j) {
    const float u1 = 1.0f - d[j];
    const float u2 = d[j + 8];
    const float radius = std::sqrt(-2.0f * cephes_logf(u1));
    const float theta = kTwoPi * u2;
    float s, c;
    cephes_sincosf(theta, &s, &c);
    const float n1 = radius * c;
    const float n2 = radius * s;
    d[j] = std::fma(n1, std, mean);
    d[j + 8] = std::fma(n2, std, mean);
  }
}

float cephes_logf(float x) {
  // invalid_mask = x <= 0 (ordered compare: false for NaN).
  const bool invalid = x <= 0.0f;
  // _mm256_max_ps(x, min_norm): the second operand unless x is greater (so NaN -> min_norm).
  x = (x > kMinNormPos) ? x : kMinNormPos;

  // Exponent and mantissa by bit operations: the mantissa goes to [0.5, 1).
  const uint32_t xb = bits(x);
  const int32_t imm0 = static_cast<int32_t>(xb >> 23) - 0x7f;  // logical shift
  x = from_bits((xb & ~0x7f800000u) | bits(0.5f));
  float e = static_cast<float>(imm0);
  e = e + 1.0f;

  // if (x < SQRTHF) { e -= 1; x = x + x - 1; } else { x = x - 1; }
  const bool lt = x < kSqrtHf;
  const float tmp_x = lt ? x : 0.0f;
  x = x - 1.0f;
  e = e - (lt ? 1.0f : 0.0f);
  x = x + tmp_x;

  const float z = x * x;
  float y = kLogP[0];
  for (int k = 1; k < 9; ++k) y = std::fma(y, x, kLogP[k]);  // Horner steps: fused
  y = y * x;
  y = std::fma(y, z, e * kLogQ1);  // y*z + e*q1: only the first product fused
  y = y - z * 0.5f;                // z*0.5 is exact
  x = x + y;
  x = std::fma(e, kLogQ2, x);                  // x += e*q2: fused
  if (invalid) return from_bits(0xffffffffu);  // x | all-ones mask: a NaN
  return x;
}

void cephes_sincosf(float x, float* s, float* c) {
  const uint32_t sign_in = bits(x) & 0x80000000u;
  x = from_bits(bits(x) & 0x7fffffffu);  // |x|

  float y = x * kFourOverPi;
  int32_t j = cvtt(y);
  j = static_cast<int32_t>((static_cast<uint32_t>(j) + 1u) & ~1u);  // j = (j + 1) & ~1
  y = static_cast<float>(j);

  const uint32_t swap_sign_sin = (static_cast<uint32_t>(j) & 4u) << 29;
  const bool poly_mask = (j & 2) == 0;  // true: the sine uses the sine polynomial

  // Extended-precision range reduction (Cody-Waite), each step one FMA.
  x = std::fma(y, kMinusDP1, x);
  x = std::fma(y, kMinusDP2, x);
  x = std::fma(y, kMinusDP3, x);

  const uint32_t j2 = static_cast<uint32_t>(j) - 2u;
  const uint32_t sign_cos = (~j2 & 4u) << 29;
  const uint32_t sign_sin = sign_in ^ swap_sign_sin;

  const float z = x * x;
  // Cosine polynomial (first polynomial).
  float yc = std::fma(kCosP0, z, kCosP1);
  yc = std::fma(yc, z, kCosP2);
  yc = yc * z;
  yc = std::fma(yc, z, -(z * 0.5f));  // yc*z - z*0.5: only the first product fused
  yc = yc + 1.0f;
  // Sine polynomial (second polynomial).
  float ys = std::fma(kSinP0, z, kSinP1);
  ys = std::fma(ys, z, kSinP2);
  ys = ys * z;
  ys = std::fma(ys, x, x);  // y2*x + x: fused

  // Select with bit masks and the same adds/subtracts as the vector code (keeps
  // the signs of zeros identical).
  const float ysin2 = poly_mask ? ys : 0.0f;  // and(mask, y2)
  const float ysin1 = poly_mask ? 0.0f : yc;  // andnot(mask, y)
  ys = ys - ysin2;
  yc = yc - ysin1;
  const float sum_sin = ysin1 + ysin2;
  const float sum_cos = yc + ys;
  *s = from_bits(bits(sum_sin) ^ sign_sin);
  *c = from_bits(bits(sum_cos) ^ sign_cos);
}

void normal_(float* data, size_t n, double mean, double std, TorchGenerator& gen) {
  if (n >= 16) {
    // normal_fill_AVX2: n float uniforms, then the blocks of 16, then (if n % 16 != 0)
    // 16 fresh uniforms into the last 16 slots, transformed again.
    const float mean_f = static_cast<float>(mean);
    const float std_f = static_cast<float>(std);
    for (size_t i = 0; i < n; ++i) data[i] = gen.uniform_float();
    for (size_t i = 0; i + 16 <= n; i += 16) normal_fill_16(data + i, mean_f, std_f);
    if (n % 16 != 0) {
      float* last = data + n - 16;
      for (int i = 0; i < 16; ++i) last[i] = gen.uniform_float();
      normal_fill_16(last, mean_f, std_f);
    }
    return;
  }
  // Small tensors: at::normal_distribution<double>, one element at a time, with the
  // generator's cached second sample.
  constexpr double kPi = 3.14159265358979323846;
  for (size_t i = 0; i < n; ++i) {
    double ret;
    if (gen.next_double_normal_sample) {
      ret = *gen.next_double_normal_sample;
      gen.next_double_normal_sample.reset();
    } else {
      const double u1 = gen.uniform_double();
      const double u2 = gen.uniform_double();
      const double r = std::sqrt(-2.0 * std::log(1.0 - u2));
      const double theta = 2.0 * kPi * u1;
      gen.next_double_normal_sample = r * std::sin(theta);
      ret = r * std::cos(theta);
    }
    data[i] = static_cast<float>(std::fma(ret, std, mean));  // val * std + mean, fused
  }
}

void uniform_(float* data, size_t n, double from, double to, TorchGenerator& gen) {
  // uniform_real_distribution<float>: from/to rounded to float, the range in float.
  const float from_f = static_cast<float>(from);
  const float to_f = static_cast<float>(to);
  const float range = to_f - from_f;
  for (size_t i = 0; i < n; ++i) data[i] = std::fma(gen.uniform_float(), range, from_f);
}

}  // namespace lv
