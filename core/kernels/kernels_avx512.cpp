// kernels_avx512.cpp — the lookup's row copies with 64-byte AVX-512F loads and stores,
// inside a plain x86-64 build. core/kernels/kernels.cpp runs them only when the CPU reports
// avx512f (__builtin_cpu_supports) and the path is chosen (core/kernels/kernel_calibration.hpp).
//
// Only AVX-512F is used (loads, stores, non-temporal stores, masked loads/stores for a
// row's last 1..15 floats), so nothing else needs checking at run time. Each function
// carries its own target attribute instead of compiler flags for the file: g++ and
// clang both accept it, and no inline function from a header (std::, <cstring>) is
// ever compiled for AVX-512 here and then handed to the rest of the binary by the
// linker. The row grouping mirrors the AVX2 copies in core/kernels/kernels.cpp: eight rows
// interleaved one 64-byte line at a time, four rows streamed together.
#include <immintrin.h>

#include <cstdint>

#define LV_AVX512 __attribute__((target("avx512f")))

namespace lv::detail {

namespace {

// The mask of a row's last n (0..15) floats.
LV_AVX512 inline __mmask16 tail_mask(int64_t n) { return static_cast<__mmask16>((1u << n) - 1u); }

// Masked-off lanes of a masked load are not read (no fault past the row's end).
LV_AVX512 inline void copy_tail(float* dst, const float* src, int64_t n) {
  const __mmask16 m = tail_mask(n);
  _mm512_mask_storeu_ps(dst, m, _mm512_maskz_loadu_ps(m, src));
}

// One row, 64 bytes at a time, its last 1..15 floats masked. always_inline: g++ 12 otherwise
// calls it from lookup_plain_avx512 instead of inlining it there.
LV_AVX512 __attribute__((always_inline)) inline void copy_row(float* dst, const float* src, int64_t n) {
  int64_t i = 0;
  for (; i + 64 <= n; i += 64) {
    const __m512 a = _mm512_loadu_ps(src + i), b = _mm512_loadu_ps(src + i + 16);
    const __m512 c = _mm512_loadu_ps(src + i + 32), d = _mm512_loadu_ps(src + i + 48);
    _mm512_storeu_ps(dst + i, a);
    _mm512_storeu_ps(dst + i + 16, b);
    _mm512_storeu_ps(dst + i + 32, c);
    _mm512_storeu_ps(dst + i + 48, d);
  }
  for (; i + 16 <= n; i += 16) _mm512_storeu_ps(dst + i, _mm512_loadu_ps(src + i));
  if (i < n) copy_tail(dst + i, src + i, n - i);
}

}  // namespace

LV_AVX512 void copy_row_avx512(float* dst, const float* src, int64_t n) { copy_row(dst, src, n); }

// Few rows (the plain strategy): the copy above inlined into one loop, so a one-row lookup
// runs one function (kernels.cpp, lookup_fn).
LV_AVX512 void lookup_plain_avx512(float* out, const float* table, int64_t dim, const int64_t* ids, int64_t batch) {
  for (int64_t i = 0; i < batch; ++i) copy_row(out + i * dim, table + ids[i] * dim, dim);
}

// Non-temporal copy of one row: a masked plain store up to dst's next 64-byte boundary
// (so every stream writes a whole line), whole lines streamed, the tail stored plainly.
LV_AVX512 void copy_row_stream_avx512(float* dst, const float* src, int64_t n) {
  int64_t i = 0;
  const int64_t misaligned = static_cast<int64_t>((reinterpret_cast<uintptr_t>(dst) & 63) / sizeof(float));
  if (misaligned != 0) {
    i = 16 - misaligned < n ? 16 - misaligned : n;
    copy_tail(dst, src, i);
  }
  for (; i + 16 <= n; i += 16) _mm512_stream_ps(dst + i, _mm512_loadu_ps(src + i));
  if (i < n) copy_tail(dst + i, src + i, n - i);
}

// Eight rows copied together, one 64-byte line of each per step: eight demand streams
// for the hardware prefetcher, as copy_group_avx2 (kernels.cpp). ids[0..7].
LV_AVX512 void copy_group_avx512(float* out, const float* table, int64_t dim, const int64_t* ids) {
  constexpr int kGroup = 8;
  const float* src[kGroup];
  for (int k = 0; k < kGroup; ++k) src[k] = table + ids[k] * dim;
  int64_t j = 0;
  for (; j + 16 <= dim; j += 16)
    for (int k = 0; k < kGroup; ++k) _mm512_storeu_ps(out + k * dim + j, _mm512_loadu_ps(src[k] + j));
  if (j < dim)
    for (int k = 0; k < kGroup; ++k) copy_tail(out + k * dim + j, src[k] + j, dim - j);
}

// Four rows streamed together: a line of each loaded, then the four output lines
// written with non-temporal stores, as copy_group_stream_avx2. Needs out 64-byte
// aligned and dim a multiple of 16, so that every output row starts on a line.
// Not instrumented by AddressSanitizer: with detect_stack_use_after_return its fake
// stack frames do not keep v[]'s 64-byte alignment, and the unoptimised (Debug) build's
// aligned spill of v[k] then faults (SEGV in copy_group_stream_avx512 on an AVX-512 CPU;
// the intrinsics' own loads and stores are not checked by ASan either way).
LV_AVX512 __attribute__((no_sanitize_address)) void copy_group_stream_avx512(float* out, const float* table,
                                                                             int64_t dim, const int64_t* ids) {
  constexpr int kGroup = 4;
  const float* src[kGroup];
  for (int k = 0; k < kGroup; ++k) src[k] = table + ids[k] * dim;
  for (int64_t j = 0; j + 16 <= dim; j += 16) {
    __m512 v[kGroup];
    for (int k = 0; k < kGroup; ++k) v[k] = _mm512_loadu_ps(src[k] + j);
    for (int k = 0; k < kGroup; ++k) _mm512_stream_ps(out + k * dim + j, v[k]);
  }
}

}  // namespace lv::detail
