// nearest_avx2.cpp — the nearest-rows block kernel (core/nearest/nearest_kernels.hpp) with
// AVX2 + FMA: 8 floats a step, float16 rows widened by F16C's vcvtph2ps (checked at run
// time with the rest), bfloat16 rows by a 16-bit shift, row tails through a small
// zero-padded copy. Per-function target attributes, as core/nearest/nearest_avx512.cpp.
#include <immintrin.h>

#include <cstdint>
#include <cstring>

#include "core/nearest/nearest_row_types.hpp"

// Not instrumented by AddressSanitizer: see core/nearest/nearest_avx512.cpp.
#define LV_AVX2 __attribute__((target("avx2,fma,f16c"), no_sanitize_address))

namespace lv::detail {
namespace {

using namespace nearest_rows_simd;  // row types, to_float, prefetch_ahead

template <int T>
LV_AVX2 inline __m256 load8(const void* row, int64_t i) {
  if constexpr (T == kF32) {
    return _mm256_loadu_ps(static_cast<const float*>(row) + i);
  } else {
    const __m128i h = _mm_loadu_si128(reinterpret_cast<const __m128i*>(static_cast<const uint16_t*>(row) + i));
    if constexpr (T == kF16) return _mm256_cvtph_ps(h);
    else return _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cvtepu16_epi32(h), 16));
  }
}

template <int T>
LV_AVX2 inline __m256 load_tail(const void* row, int64_t i, int64_t n) {
  alignas(32) float tmp[8] = {};
  for (int64_t k = 0; k < n; ++k) tmp[k] = to_float<T>(row, i + k);
  return _mm256_loadu_ps(tmp);
}

LV_AVX2 inline __m256 load_q_tail(const float* q, int64_t n) {
  alignas(32) float tmp[8] = {};
  for (int64_t k = 0; k < n; ++k) tmp[k] = q[k];
  return _mm256_loadu_ps(tmp);
}

LV_AVX2 inline float hsum(__m256 v) {
  const __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
  const __m128 t = _mm_add_ps(s, _mm_movehl_ps(s, s));
  return _mm_cvtss_f32(_mm_add_ss(t, _mm_shuffle_ps(t, t, 1)));
}

template <int T, bool kDot, bool kL2, bool kSq>
LV_AVX2 void block(const float* q, const void* rows, int64_t n, int64_t cols, float* dot, float* sq, float* l2) {
  const size_t row_bytes = static_cast<size_t>(cols) * (T == kF32 ? 4 : 2);
  for (int64_t r = 0; r < n; ++r) {
    const void* row = static_cast<const uint8_t*>(rows) + static_cast<size_t>(r) * row_bytes;
    __m256 s0 = _mm256_setzero_ps(), s1 = _mm256_setzero_ps();
    int64_t c = 0;
    if (!q) {
      for (; c + 16 <= cols; c += 16) {
        prefetch_ahead<T>(row, c);
        const __m256 v0 = load8<T>(row, c), v1 = load8<T>(row, c + 8);
        s0 = _mm256_fmadd_ps(v0, v0, s0);
        s1 = _mm256_fmadd_ps(v1, v1, s1);
      }
      for (; c + 8 <= cols; c += 8) {
        const __m256 v = load8<T>(row, c);
        s0 = _mm256_fmadd_ps(v, v, s0);
      }
      if (c < cols) {
        const __m256 v = load_tail<T>(row, c, cols - c);
        s1 = _mm256_fmadd_ps(v, v, s1);
      }
      sq[r] = hsum(_mm256_add_ps(s0, s1));
      continue;
    }
    __m256 d0 = _mm256_setzero_ps(), d1 = _mm256_setzero_ps(), e0 = _mm256_setzero_ps(), e1 = _mm256_setzero_ps();
    for (; c + 16 <= cols; c += 16) {
      prefetch_ahead<T>(row, c);
      const __m256 v0 = load8<T>(row, c), v1 = load8<T>(row, c + 8);
      const __m256 q0 = _mm256_loadu_ps(q + c), q1 = _mm256_loadu_ps(q + c + 8);
      if constexpr (kDot) d0 = _mm256_fmadd_ps(q0, v0, d0);
      if constexpr (kDot) d1 = _mm256_fmadd_ps(q1, v1, d1);
      if constexpr (kSq) s0 = _mm256_fmadd_ps(v0, v0, s0);
      if constexpr (kSq) s1 = _mm256_fmadd_ps(v1, v1, s1);
      [[maybe_unused]] const __m256 x0 = kL2 ? _mm256_sub_ps(q0, v0) : q0, x1 = kL2 ? _mm256_sub_ps(q1, v1) : q1;
      if constexpr (kL2) e0 = _mm256_fmadd_ps(x0, x0, e0);
      if constexpr (kL2) e1 = _mm256_fmadd_ps(x1, x1, e1);
    }
    for (; c + 8 <= cols; c += 8) {
      const __m256 v = load8<T>(row, c), qv = _mm256_loadu_ps(q + c);
      if constexpr (kDot) d0 = _mm256_fmadd_ps(qv, v, d0);
      if constexpr (kSq) s0 = _mm256_fmadd_ps(v, v, s0);
      [[maybe_unused]] const __m256 x = kL2 ? _mm256_sub_ps(qv, v) : qv;
      if constexpr (kL2) e0 = _mm256_fmadd_ps(x, x, e0);
    }
    if (c < cols) {
      const __m256 v = load_tail<T>(row, c, cols - c), qv = load_q_tail(q + c, cols - c);
      if constexpr (kDot) d1 = _mm256_fmadd_ps(qv, v, d1);
      if constexpr (kSq) s1 = _mm256_fmadd_ps(v, v, s1);
      [[maybe_unused]] const __m256 x = kL2 ? _mm256_sub_ps(qv, v) : qv;
      if constexpr (kL2) e1 = _mm256_fmadd_ps(x, x, e1);
    }
    if constexpr (kDot) dot[r] = hsum(_mm256_add_ps(d0, d1));
    if constexpr (kSq) sq[r] = hsum(_mm256_add_ps(s0, s1));
    if constexpr (kL2) l2[r] = hsum(_mm256_add_ps(e0, e1));
  }
}

// Only the sums asked for: dot null skips q·r, l2 null skips |q − r|², sq null skips |r|²
// (q null: norms only).
template <int T, bool kDot, bool kL2>
void with_sq(const float* q, const void* rows, int64_t n, int64_t cols, float* dot, float* sq, float* l2) {
  if (sq) block<T, kDot, kL2, true>(q, rows, n, cols, dot, sq, l2);
  else block<T, kDot, kL2, false>(q, rows, n, cols, dot, sq, l2);
}

template <int T>
void dispatch(const float* q, const void* rows, int64_t n, int64_t cols, float* dot, float* sq, float* l2) {
  if (!q) block<T, false, false, true>(nullptr, rows, n, cols, dot, sq, l2);
  else if (dot && l2) with_sq<T, true, true>(q, rows, n, cols, dot, sq, l2);
  else if (dot) with_sq<T, true, false>(q, rows, n, cols, dot, sq, l2);
  else with_sq<T, false, true>(q, rows, n, cols, dot, sq, l2);
}

}  // namespace

void nearest_block_avx2_f32(const float* q, const void* rows, int64_t n, int64_t cols, float* dot, float* sq,
                            float* l2) {
  dispatch<kF32>(q, rows, n, cols, dot, sq, l2);
}
void nearest_block_avx2_f16(const float* q, const void* rows, int64_t n, int64_t cols, float* dot, float* sq,
                            float* l2) {
  dispatch<kF16>(q, rows, n, cols, dot, sq, l2);
}
void nearest_block_avx2_bf16(const float* q, const void* rows, int64_t n, int64_t cols, float* dot, float* sq,
                             float* l2) {
  dispatch<kBF16>(q, rows, n, cols, dot, sq, l2);
}

}  // namespace lv::detail
