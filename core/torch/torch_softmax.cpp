// torch_softmax.cpp — torch's CPU softmax over the last dimension (see torch_softmax.hpp).
// Vectorized<float> on AVX2 holds 8 lanes; the reductions below keep torch's lane order
// (vec::reduce_all in aten/src/ATen/cpu/vec/functional_base.h), since float sums are not
// associative and the last bit shows in the printed weights near .xxxx5.
// lookupviz_core is built with -ffp-contract=off: every FMA Sleef's AVX2 build executes is
// written as std::fma, and no other.
#include "core/torch/torch_softmax.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

namespace lv {

namespace {

constexpr int kLanes = 8;  // Vectorized<float>::size() on AVX2

// 2^q as a float built from its exponent bits (Sleef's vpow2i_vf_vi2).
float pow2i(int32_t q) { return std::bit_cast<float>(static_cast<int32_t>(static_cast<uint32_t>(q + 0x7f) << 23)); }

// _mm256_cvtps_epi32: round to nearest even; out of range (and NaN) gives INT32_MIN.
int32_t rint_to_int(float x) {
  if (!(x >= -2147483648.0f && x < 2147483648.0f)) return std::numeric_limits<int32_t>::min();
  return static_cast<int32_t>(std::nearbyint(x));
}

// torch's vec::maximum: NaN wins.
float lane_max(float a, float b) {
  if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<float>::quiet_NaN();
  return std::max(a, b);
}

// vec::reduce_all(op, data, n): below 8 values, folded in order into lane 0; else 8
// lane accumulators (lane j takes j, j + 8, ...; the tail updates its first lanes only),
// then VecReduceAllSIMD's tree: lanes + lanes 4 apart, + 2 apart, + 1 apart.
template <typename Op>
float reduce_all(const float* data, int64_t n, Op op) {
  if (n < kLanes) {
    float acc = data[0];
    for (int64_t i = 1; i < n; ++i) acc = op(acc, data[i]);
    return acc;
  }
  float acc[kLanes];
  std::memcpy(acc, data, sizeof acc);
  int64_t d = kLanes;
  for (; d < n - (n % kLanes); d += kLanes)
    for (int j = 0; j < kLanes; ++j) acc[j] = op(acc[j], data[d + j]);
  for (int j = 0; d + j < n; ++j) acc[j] = op(acc[j], data[d + j]);
  for (int half = kLanes / 2; half >= 1; half /= 2)
    for (int j = 0; j < half; ++j) acc[j] = op(acc[j], acc[j + half]);
  return acc[0];
}

}  // namespace

float sleef_expf_u10(float d) {
  // sleefsimdsp.c xexpf: q = rint(d / ln 2), s = d - q ln 2 in two steps (Cody–Waite),
  // a degree-6 polynomial by Horner with FMAs, then u * 2^q as two multiplies.
  constexpr float kRLn2 = 1.442695040888963407359924681001892137426645954152985934135449406931f;
  constexpr float kL2U = 0.693145751953125f;
  constexpr float kL2L = 1.428606765330187045e-06f;
  const int32_t q = rint_to_int(d * kRLn2);
  const float qf = static_cast<float>(q);
  float s = std::fma(qf, -kL2U, d);
  s = std::fma(qf, -kL2L, s);
  float u = 0.000198527617612853646278381f;
  u = std::fma(u, s, 0.00139304355252534151077271f);
  u = std::fma(u, s, 0.00833336077630519866943359f);
  u = std::fma(u, s, 0.0416664853692054748535156f);
  u = std::fma(u, s, 0.166666671633720397949219f);
  u = std::fma(u, s, 0.5f);
  u = 1.0f + std::fma(s * s, u, s);
  const int32_t half = q >> 1;  // vldexp2: 2^(q >> 1) * 2^(q - (q >> 1)), arithmetic shift
  u = u * pow2i(half) * pow2i(q - half);
  if (d < -104.0f) u = 0.0f;
  if (100.0f < d) u = std::numeric_limits<float>::infinity();
  return u;
}

void softmax_row(const float* in, float* out, int64_t n) {
  if (n <= 0) return;
  const float m = reduce_all(in, n, lane_max);
  for (int64_t i = 0; i < n; ++i) out[i] = sleef_expf_u10(in[i] - m);
  const float sum = reduce_all(out, n, [](float a, float b) { return a + b; });
  const float inv = 1.0f / sum;
  for (int64_t i = 0; i < n; ++i) out[i] = out[i] * inv;
}

}  // namespace lv
