// kernels_avx2.cpp — Eigen's dense product compiled for AVX2+FMA, inside a plain
// x86-64 build. core/kernels/kernels.cpp calls it only when the CPU has both (runtime check).
//
// Why this file looks odd: the project must not be compiled with -march=native, yet
// Eigen picks its vector width from the compiler's macros (__AVX2__, __FMA__). So:
//   1. the standard headers are included first, with the default target, so no
//      std:: inline function gets AVX2 code that the linker could hand to others;
//   2. `#pragma GCC target` makes every function below AVX2+FMA code, and the macros
//      Eigen checks are defined by hand (g++ does not update them for the pragma);
//   3. `Eigen` is renamed for this file, so its AVX2 template instances have their own
//      symbols and cannot be merged with the SSE2 ones of the rest of the program.
// Reached only through lv::onehot_matmul_dense (core/kernels/kernels.hpp).
#include <algorithm>
#include <cassert>
#include <cfloat>
#include <climits>
#include <cmath>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <iosfwd>
#include <limits>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

#pragma GCC push_options
#pragma GCC target("avx2,fma")
#define Eigen lv_eigen_avx2
#define __AVX__ 1
#define __AVX2__ 1
#define __FMA__ 1
#define __SSE3__ 1
#define __SSSE3__ 1
#define __SSE4_1__ 1
#define __SSE4_2__ 1
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-variable"
#include <Eigen/Core>
#pragma GCC diagnostic pop
#if !defined(EIGEN_VECTORIZE_AVX2) || !defined(EIGEN_VECTORIZE_FMA)
#error "kernels_avx2.cpp: Eigen did not pick AVX2+FMA"
#endif

namespace lv::detail {

namespace {

using Index = std::ptrdiff_t;
using Traits = Eigen::internal::gebp_traits<float, float>;
using LhsMapper = Eigen::internal::const_blas_data_mapper<float, Index, Eigen::ColMajor>;
using RhsMapper = Eigen::internal::const_blas_data_mapper<float, Index, Eigen::ColMajor>;
using ResMapper = Eigen::internal::blas_data_mapper<float, Index, Eigen::ColMajor, Eigen::Unaligned, 1>;
constexpr Index kMr = Traits::mr;  // rows of one packed LHS panel: 3 AVX packets
static_assert(kMr == 24 && Traits::LhsProgress == 8, "pack_table_rows writes Eigen's AVX2 float layout");

// Eigen's GEBP layout for a kc × D slice of the table (read as the column-major D × V
// matrix it is): panels of 24 table columns, each holding, for k = 0..kc-1, row k's 24
// values side by side. Eigen's own gemm_pack_lhs walks a panel down all kc rows (a
// 96-byte read every 3 KB), which keeps the table's DRAM reads slower than OpenBLAS's
// copy; this walks the rows in memory order and scatters each into the panels, so the
// hardware prefetcher streams the table. Columns past the last full panel (D not a
// multiple of 24) are left to Eigen's packer, which continues the same layout.
void pack_table_rows(float* block, const float* rows, Index kc, Index dim) {
  const Index panels = dim / kMr;
  for (Index k = 0; k < kc; ++k) {
    const float* row = rows + k * dim;
    float* dst = block + k * kMr;
    for (Index p = 0; p < panels; ++p) {
      const float* s = row + p * kMr;
      float* o = dst + p * kMr * kc;
      Eigen::internal::pstore(o, Eigen::internal::ploadu<Eigen::internal::Packet8f>(s));
      Eigen::internal::pstore(o + 8, Eigen::internal::ploadu<Eigen::internal::Packet8f>(s + 8));
      Eigen::internal::pstore(o + 16, Eigen::internal::ploadu<Eigen::internal::Packet8f>(s + 16));
    }
  }
  const Index full = panels * kMr;
  if (full < dim) {
    Eigen::internal::gemm_pack_lhs<float, Index, LhsMapper, Traits::mr, Traits::LhsProgress, Traits::LhsPacket4Packing,
                                   Eigen::ColMajor>
        pack;
    pack(block + full * kc, LhsMapper(rows + full, dim), kc, dim - full);
  }
}

// Depth of one block: its packed slice of the table (kc × D floats) should sit in L2
// next to the kernel's other data. Measured at D = 768 (kc = 16 … 384): 40–80 rows
// (147–245 KB) are fastest, and kc = 64 or 128 is 5–8 % slower (the panels then start
// a multiple of 4 KB apart, and their stores land in the same L1 sets).
Index block_depth(Index dim) {
  const Index kc = (Index{48} * 768) / std::max<Index>(dim, 1);
  return std::clamp<Index>(kc / 8 * 8, 48, 4096);
}

}  // namespace

// out (B x D) = onehot (B x V) · table (V x D), all row-major; every zero multiplied.
// In column-major terms (Eigen's kernels) that is out^T (D x B) = table^T (D x V) ·
// onehot^T (V x B). Up to B = 128 this runs Eigen's GEBP micro-kernel block by block
// over the table's rows, with the table packed by pack_table_rows: at GPT-2's shape
// and B = 16 it is ~25 % faster than Eigen's own product, whose LHS packing dominates
// when so few columns share it. Larger B: Eigen's product as is (its blocking reuses
// each packed slice across many columns, and the packing no longer dominates).
void onehot_matmul_dense_avx2(float* out, const float* onehot, const float* table, int64_t batch, int64_t vocab,
                              int64_t dim) {
  using RowMajor = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  Eigen::Map<RowMajor> y(out, batch, dim);
  if (batch < 2 || batch > 128 || vocab <= 0) {  // B = 1 is Eigen's GEMV
    Eigen::Map<const RowMajor> x(onehot, batch, vocab);
    Eigen::Map<const RowMajor> w(table, vocab, dim);
    y.noalias() = x * w;
    return;
  }
  const Index b = batch, v = vocab, d = dim;
  const Index kc = std::min(block_depth(d), v);
  const Index b_padded = (b + Traits::nr - 1) / Traits::nr * Traits::nr;
  // Eigen's aligned buffers; the product is into a zeroed out (GEBP accumulates).
  std::unique_ptr<float, void (*)(void*)> block_a(
      static_cast<float*>(Eigen::internal::aligned_malloc(sizeof(float) * static_cast<size_t>(kc * d))),
      Eigen::internal::aligned_free);
  std::unique_ptr<float, void (*)(void*)> block_b(
      static_cast<float*>(Eigen::internal::aligned_malloc(sizeof(float) * static_cast<size_t>(kc * b_padded))),
      Eigen::internal::aligned_free);
  y.setZero();
  Eigen::internal::gemm_pack_rhs<float, Index, RhsMapper, Traits::nr, Eigen::ColMajor> pack_rhs;
  Eigen::internal::gebp_kernel<float, float, Index, ResMapper, Traits::mr, Traits::nr> gebp;
  const ResMapper res(out, d);
  for (Index k0 = 0; k0 < v; k0 += kc) {
    const Index depth = std::min(kc, v - k0);
    pack_rhs(block_b.get(), RhsMapper(onehot + k0, v), depth, b);
    pack_table_rows(block_a.get(), table + k0 * d, depth, d);
    gebp(res, block_a.get(), block_b.get(), d, depth, b, 1.0f);
  }
}

}  // namespace lv::detail

#pragma GCC pop_options
