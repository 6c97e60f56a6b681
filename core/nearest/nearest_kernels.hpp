// nearest_kernels.hpp — the inner loop of the nearest-rows search (core/nearest/nearest.hpp):
// a block of rows, read once in their stored dtype, against one query row.
//
//   rows   n × cols values, row-major, of type `type` (float32, IEEE float16 or bfloat16)
//   q      cols float32 values, or null (norms only)
//   out    sq[i]  = Σ_c rows[i][c]²                       (sq given; always without q)
//          dot[i] = Σ_c q[c] · rows[i][c]                  (q given)
//          l2[i]  = Σ_c (q[c] − rows[i][c])²               (q given)
//   dot, l2 or sq null: that sum is not made (cosine and dot need no distance, L2 no dot,
//   and none needs the norms the cache already holds)
//
// Sums are float32, in 16 (AVX-512) or 8 (AVX2) lanes × 2 independent accumulators, so
// a 4,096-wide row adds at most 128 terms per lane; the scalar fallback adds in double.
// The three sums come from one read of each row: the search is bound by memory, not by
// the multiply-adds (3 per value loaded). Paths are chosen per CPU at run time
// (__builtin_cpu_supports), as core/kernels/ chooses the lookup's, and can be forced for
// tests; a path the CPU lacks runs as the widest one it has below it.
#pragma once
#include <cstdint>

namespace lv {

enum class RowType { F32, F16, BF16 };

enum class NearestPath {
  kAuto,    // the widest this CPU has, within what kernels_use_avx2/avx512 allow (core/kernels/kernels.hpp)
  kScalar,  // plain C++, double sums
  kAvx2,    // AVX2 + FMA (+ F16C for float16 rows)
  kAvx512,  // AVX-512F
};
const char* nearest_path_name(NearestPath p);  // "auto", "scalar", "avx2", "avx512"
// The path kAuto, or a forced one the CPU lacks, really runs for rows of `type`.
NearestPath nearest_path_for(NearestPath wanted, RowType type);

using NearestBlockKernel = void (*)(const float* q, const void* rows, int64_t n, int64_t cols, float* dot, float* sq,
                                    float* l2);
NearestBlockKernel nearest_block_kernel(NearestPath path, RowType type);  // path as nearest_path_for gives it

namespace detail {
// core/nearest/nearest_avx512.cpp
void nearest_block_avx512_f32(const float*, const void*, int64_t, int64_t, float*, float*, float*);
void nearest_block_avx512_f16(const float*, const void*, int64_t, int64_t, float*, float*, float*);
void nearest_block_avx512_bf16(const float*, const void*, int64_t, int64_t, float*, float*, float*);
// core/nearest/nearest_avx2.cpp
void nearest_block_avx2_f32(const float*, const void*, int64_t, int64_t, float*, float*, float*);
void nearest_block_avx2_f16(const float*, const void*, int64_t, int64_t, float*, float*, float*);
void nearest_block_avx2_bf16(const float*, const void*, int64_t, int64_t, float*, float*, float*);
}  // namespace detail

}  // namespace lv
