// pca_kernels.hpp — the block products of the map's passes (core/nearest/table_pca.cpp) in
// AVX2 + FMA, for a CPU that has them (else table_pca uses Eigen's products at the build's
// baseline). Shapes: a is n × D (row-major, the block's centred rows), gt is l × D (the
// sketch G transposed, row-major); sums in float, each row's dot products in 8 lanes.
#pragma once
#include <cstdint>

namespace lv {

// Whether this CPU runs the kernels below (AVX2 and FMA).
bool pca_kernels_available();

// y (n × l, row-major) = a · gtᵀ; and, when zt is not null, zt (l × D, row-major) = yᵀ · a
// (zt overwritten, not added to).
void pca_block_avx2(const float* a, int64_t n, int64_t d, const float* gt, int64_t l, float* y, float* zt);

}  // namespace lv
