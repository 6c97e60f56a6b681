// pca_kernels.hpp — the block products of the map's passes (core/nearest/table_pca.cpp):
// one read of a block of rows gives both products, y = a·G − offset and z += aᵀ·y, so a
// pass reads the table once. The sketch G is kept in groups of kPcaLanes columns (one
// AVX-512 register a row of G): a group is D × kPcaLanes, row-major.
//
// Why "minus offset" and not the rows centred first: (a − μ)·G = a·G − μᵀG, so the mean
// costs one subtraction per row of y, not one per element of the table; and z is taken
// with the uncentred rows, the caller subtracting μ·(Σ y)ᵀ once (table_pca.cpp).
//
// AVX-512F kernels where the CPU has them (16 rows at a time: each row of G loaded once
// for 16 rows' sums, each row of z once for 16 rows' updates), else Eigen's products.
#pragma once
#include <cstdint>

namespace lv {

inline constexpr int kPcaLanes = 16;

// Whether this CPU runs the AVX-512 kernels (AVX-512F).
bool pca_kernels_available();

// One group of the sketch over the rows a (n × d, row i at a + i·lda: a stride off a
// multiple of 4 KiB, or 16 rows' same columns share one set of the L1 cache):
//   y (n × kPcaLanes, row-major) = a · g − offset   (g: d × kPcaLanes; offset: kPcaLanes)
//   bad[i] |= 1 where row i of y is not finite (the row holds inf or NaN): that row of a
//            and of y are then zeroed, so the row adds nothing to z or to later groups
//   z (d × kPcaLanes, row-major), when not null: z += aᵀ · y
// simd: the AVX-512 kernels (the caller checks pca_kernels_available), else Eigen's.
void pca_block(float* a, int64_t n, int64_t d, int64_t lda, const float* g, const float* offset, float* y, uint8_t* bad,
               float* z, bool simd);

}  // namespace lv

namespace lv {

// The first pass's sums over the rows of a (n × d, stride lda) not marked bad: total (d) +=
// Σ (a − centre), and
// returns Σ ‖a − centre‖² (each row's in float, the rows' added in double).
double pca_row_stats(const float* a, int64_t n, int64_t d, int64_t lda, const uint8_t* bad, const float* centre,
                     float* total, bool simd);

}  // namespace lv
