// kernels_avx2.cpp — Eigen's dense product compiled for AVX2+FMA, inside a plain
// x86-64 build. core/kernels.cpp calls it only when the CPU has both (runtime check).
//
// Why this file looks odd: the project must not be compiled with -march=native, yet
// Eigen picks its vector width from the compiler's macros (__AVX2__, __FMA__). So:
//   1. the standard headers are included first, with the default target, so no
//      std:: inline function gets AVX2 code that the linker could hand to others;
//   2. `#pragma GCC target` makes every function below AVX2+FMA code, and the macros
//      Eigen checks are defined by hand (g++ does not update them for the pragma);
//   3. `Eigen` is renamed for this file, so its AVX2 template instances have their own
//      symbols and cannot be merged with the SSE2 ones of the rest of the program.
// Reached only through lv::onehot_matmul_dense (core/kernels.hpp).
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

// out (B x D) = onehot (B x V) · table (V x D), all row-major; every zero multiplied.
void onehot_matmul_dense_avx2(float* out, const float* onehot, const float* table, int64_t batch,
                              int64_t vocab, int64_t dim) {
  using RowMajor = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  Eigen::Map<const RowMajor> x(onehot, batch, vocab);
  Eigen::Map<const RowMajor> w(table, vocab, dim);
  Eigen::Map<RowMajor> y(out, batch, dim);
  y.noalias() = x * w;
}

}  // namespace lv::detail

#pragma GCC pop_options
