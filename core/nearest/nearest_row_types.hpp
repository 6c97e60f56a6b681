// nearest_row_types.hpp — what the SIMD block kernels (nearest_avx2.cpp, nearest_avx512.cpp)
// share and need no instruction set for: the stored row types, one element as float (the
// rows' tails), and the software prefetch ahead of the loads. Included by those files only.
#pragma once
#include <xmmintrin.h>

#include <cstdint>
#include <cstring>

namespace lv {
float half_bits_to_float(uint16_t h);  // core/torch/dtype_round.hpp (exact)
}

namespace lv::detail::nearest_rows_simd {

constexpr int kF32 = 0, kF16 = 1, kBF16 = 2;

// Element i of a row of type T as float (the tails).
template <int T>
inline float to_float(const void* row, int64_t i) {
  if constexpr (T == kF32) {
    return static_cast<const float*>(row)[i];
  } else {
    uint16_t h;
    std::memcpy(&h, static_cast<const uint16_t*>(row) + i, 2);
    if constexpr (T == kF16) {
      return half_bits_to_float(h);
    } else {
      const uint32_t b = static_cast<uint32_t>(h) << 16;
      float f;
      std::memcpy(&f, &b, 4);
      return f;
    }
  }
}

// The row's bytes kAhead past element i asked for now: the loads wait on the multiply-adds,
// so without it fewer lines are in flight than a plain read keeps (1 to 16 KiB ahead, into
// L1 or L2, or none measured alike: docs/performance.md). A prefetch never faults (past the
// row, the table or the mapping alike). F32 rows take two lines a step of 32 values.
constexpr int64_t kAhead = 2048;
template <int T, bool kTwoLines = false>
inline void prefetch_ahead(const void* row, int64_t i) {
  const char* p = static_cast<const char*>(row) + i * (T == kF32 ? 4 : 2) + kAhead;
  _mm_prefetch(p, _MM_HINT_T0);
  if constexpr (kTwoLines && T == kF32) _mm_prefetch(p + 64, _MM_HINT_T0);
}

}  // namespace lv::detail::nearest_rows_simd
