// nearest_avx512.cpp — the nearest-rows block kernel (core/nearest/nearest_kernels.hpp) with
// AVX-512F: 16 floats a step, float16 rows widened by vcvtph2ps, bfloat16 rows by a
// 16-bit shift, row tails (cols not a multiple of 16) through a small zero-padded copy.
// As core/kernels/kernels_avx512.cpp: each function carries its own target attribute
// (no compiler flags for the file), and only AVX-512F is used, so nothing else needs
// checking at run time. Reached only through nearest_block_kernel.
// GCC 12's avx512fintrin.h: _mm512_setzero_ps and the reductions start from _mm512_undefined_ps,
// which -Wmaybe-uninitialized reports in every caller (a false positive).
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <immintrin.h>

#include <cstdint>
#include <cstring>

#include "core/nearest/nearest_row_types.hpp"

// Not instrumented by AddressSanitizer (as copy_group_stream_avx512 in core/kernels/): its
// fake stack frames do not keep 64-byte alignment, which an unoptimised build's aligned
// spills of __m512 values and the aligned load of a tail's padded copy need.
#define LV_AVX512 __attribute__((target("avx512f"), no_sanitize_address))

namespace lv::detail {
namespace {

using namespace nearest_rows_simd;  // row types, to_float, prefetch_ahead

template <int T>
LV_AVX512 inline __m512 load16(const void* row, int64_t i) {
  if constexpr (T == kF32) {
    return _mm512_loadu_ps(static_cast<const float*>(row) + i);
  } else {
    const __m256i h = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(static_cast<const uint16_t*>(row) + i));
    if constexpr (T == kF16) return _mm512_cvtph_ps(h);
    else return _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(h), 16));
  }
}

// The last n (1..15) elements from i, zero-padded: nothing past the row is read.
template <int T>
LV_AVX512 inline __m512 load_tail(const void* row, int64_t i, int64_t n) {
  alignas(64) float tmp[16] = {};
  for (int64_t k = 0; k < n; ++k) tmp[k] = to_float<T>(row, i + k);
  return _mm512_loadu_ps(tmp);
}

template <int T, bool kDot, bool kL2, bool kSq>
LV_AVX512 void block(const float* q, const void* rows, int64_t n, int64_t cols, float* dot, float* sq, float* l2) {
  const size_t row_bytes = static_cast<size_t>(cols) * (T == kF32 ? 4 : 2);
  const __mmask16 tail_mask = static_cast<__mmask16>((1u << (cols % 16)) - 1u);
  for (int64_t r = 0; r < n; ++r) {
    const void* row = static_cast<const uint8_t*>(rows) + static_cast<size_t>(r) * row_bytes;
    __m512 s0 = _mm512_setzero_ps(), s1 = _mm512_setzero_ps();
    int64_t c = 0;
    if (!q) {
      for (; c + 32 <= cols; c += 32) {
        prefetch_ahead<T, true>(row, c);
        const __m512 v0 = load16<T>(row, c), v1 = load16<T>(row, c + 16);
        s0 = _mm512_fmadd_ps(v0, v0, s0);
        s1 = _mm512_fmadd_ps(v1, v1, s1);
      }
      for (; c + 16 <= cols; c += 16) {
        const __m512 v = load16<T>(row, c);
        s0 = _mm512_fmadd_ps(v, v, s0);
      }
      if (c < cols) {
        const __m512 v = load_tail<T>(row, c, cols - c);
        s1 = _mm512_fmadd_ps(v, v, s1);
      }
      sq[r] = _mm512_reduce_add_ps(_mm512_add_ps(s0, s1));
      continue;
    }
    __m512 d0 = _mm512_setzero_ps(), d1 = _mm512_setzero_ps(), e0 = _mm512_setzero_ps(), e1 = _mm512_setzero_ps();
    for (; c + 32 <= cols; c += 32) {
      prefetch_ahead<T, true>(row, c);
      const __m512 v0 = load16<T>(row, c), v1 = load16<T>(row, c + 16);
      const __m512 q0 = _mm512_loadu_ps(q + c), q1 = _mm512_loadu_ps(q + c + 16);
      if constexpr (kDot) d0 = _mm512_fmadd_ps(q0, v0, d0);
      if constexpr (kDot) d1 = _mm512_fmadd_ps(q1, v1, d1);
      if constexpr (kSq) s0 = _mm512_fmadd_ps(v0, v0, s0);
      if constexpr (kSq) s1 = _mm512_fmadd_ps(v1, v1, s1);
      [[maybe_unused]] const __m512 x0 = kL2 ? _mm512_sub_ps(q0, v0) : q0, x1 = kL2 ? _mm512_sub_ps(q1, v1) : q1;
      if constexpr (kL2) e0 = _mm512_fmadd_ps(x0, x0, e0);
      if constexpr (kL2) e1 = _mm512_fmadd_ps(x1, x1, e1);
    }
    for (; c + 16 <= cols; c += 16) {
      const __m512 v = load16<T>(row, c), qv = _mm512_loadu_ps(q + c);
      if constexpr (kDot) d0 = _mm512_fmadd_ps(qv, v, d0);
      if constexpr (kSq) s0 = _mm512_fmadd_ps(v, v, s0);
      [[maybe_unused]] const __m512 x = kL2 ? _mm512_sub_ps(qv, v) : qv;
      if constexpr (kL2) e0 = _mm512_fmadd_ps(x, x, e0);
    }
    if (c < cols) {
      const __m512 v = load_tail<T>(row, c, cols - c), qv = _mm512_maskz_loadu_ps(tail_mask, q + c);
      if constexpr (kDot) d1 = _mm512_fmadd_ps(qv, v, d1);
      if constexpr (kSq) s1 = _mm512_fmadd_ps(v, v, s1);
      [[maybe_unused]] const __m512 x = kL2 ? _mm512_sub_ps(qv, v) : qv;
      if constexpr (kL2) e1 = _mm512_fmadd_ps(x, x, e1);
    }
    if constexpr (kDot) dot[r] = _mm512_reduce_add_ps(_mm512_add_ps(d0, d1));
    if constexpr (kSq) sq[r] = _mm512_reduce_add_ps(_mm512_add_ps(s0, s1));
    if constexpr (kL2) l2[r] = _mm512_reduce_add_ps(_mm512_add_ps(e0, e1));
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

void nearest_block_avx512_f32(const float* q, const void* rows, int64_t n, int64_t cols, float* dot, float* sq,
                              float* l2) {
  dispatch<kF32>(q, rows, n, cols, dot, sq, l2);
}
void nearest_block_avx512_f16(const float* q, const void* rows, int64_t n, int64_t cols, float* dot, float* sq,
                              float* l2) {
  dispatch<kF16>(q, rows, n, cols, dot, sq, l2);
}
void nearest_block_avx512_bf16(const float* q, const void* rows, int64_t n, int64_t cols, float* dot, float* sq,
                               float* l2) {
  dispatch<kBF16>(q, rows, n, cols, dot, sq, l2);
}

}  // namespace lv::detail
