// pca_kernels.cpp — the map's block products (see the header): AVX-512F kernels and
// Eigen's products for a CPU without them.
//
// y: R rows at once, one accumulator register a row (R = 16: 16 independent FMA chains,
// each row of g loaded once for the 16 rows; the rows' values broadcast from memory).
// z: the R rows' y in registers, 8 rows of z at once (8 independent chains), each value of
// a broadcast once.
#include "core/nearest/pca_kernels.hpp"

#include <immintrin.h>

#include <Eigen/Dense>
#include <cmath>
#include <cstring>

namespace lv {

bool pca_kernels_available() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f");
}

namespace {

constexpr int64_t L = kPcaLanes;

// The kernels keep arrays of __m512 (64-byte aligned) on the stack: under ASan a thread's
// frames may be its fake stack, which does not keep that alignment (an aligned store there
// faulted in the sanitized build), so they are left out of its instrumentation.

// Rows a[0 .. R): y = a·g − offset, a row not finite marked, its a and y rows zeroed.
template <int R>
__attribute__((target("avx512f"), no_sanitize_address)) void y_rows(float* a, int64_t d, int64_t lda, const float* g,
                                                                    const float* offset, float* y, uint8_t* bad) {
  __m512 acc[R];
  for (int r = 0; r < R; ++r) acc[r] = _mm512_setzero_ps();
  for (int64_t j = 0; j < d; ++j) {
    const __m512 gv = _mm512_loadu_ps(g + j * L);
    for (int r = 0; r < R; ++r) acc[r] = _mm512_fmadd_ps(_mm512_set1_ps(a[r * lda + j]), gv, acc[r]);
  }
  const __m512 off = _mm512_loadu_ps(offset), zero = _mm512_setzero_ps();
  for (int r = 0; r < R; ++r) {
    __m512 v = _mm512_sub_ps(acc[r], off);
    // v · 0 is 0 for a finite value, NaN for inf and NaN: an inf or NaN in the row reaches
    // every lane of its y (inf · x is inf or NaN, and stays so in the sums).
    if (_mm512_cmp_ps_mask(_mm512_mul_ps(v, zero), zero, _CMP_EQ_OQ) != 0xFFFF) {
      bad[r] = 1;
      std::memset(a + r * lda, 0, sizeof(float) * static_cast<size_t>(d));
      v = zero;
    }
    _mm512_storeu_ps(y + r * L, v);
  }
}

// Rows a[0 .. R) and their y: z += aᵀ·y.
template <int R>
__attribute__((target("avx512f"), no_sanitize_address)) void z_rows(const float* a, int64_t d, int64_t lda,
                                                                    const float* y, float* z) {
  __m512 yv[R];
  for (int r = 0; r < R; ++r) yv[r] = _mm512_loadu_ps(y + r * L);
  int64_t j = 0;
  for (; j + 8 <= d; j += 8) {
    __m512 zv[8];
    for (int k = 0; k < 8; ++k) zv[k] = _mm512_loadu_ps(z + (j + k) * L);
    for (int r = 0; r < R; ++r)
      for (int k = 0; k < 8; ++k) zv[k] = _mm512_fmadd_ps(_mm512_set1_ps(a[r * lda + j + k]), yv[r], zv[k]);
    for (int k = 0; k < 8; ++k) _mm512_storeu_ps(z + (j + k) * L, zv[k]);
  }
  for (; j < d; ++j) {
    __m512 zv = _mm512_loadu_ps(z + j * L);
    for (int r = 0; r < R; ++r) zv = _mm512_fmadd_ps(_mm512_set1_ps(a[r * lda + j]), yv[r], zv);
    _mm512_storeu_ps(z + j * L, zv);
  }
}

template <int R>
void rows(float* a, int64_t d, int64_t lda, const float* g, const float* offset, float* y, uint8_t* bad, float* z) {
  y_rows<R>(a, d, lda, g, offset, y, bad);
  if (z) z_rows<R>(a, d, lda, y, z);
}

void block_avx512(float* a, int64_t n, int64_t d, int64_t lda, const float* g, const float* offset, float* y,
                  uint8_t* bad, float* z) {
  int64_t i = 0;
  for (; i + 16 <= n; i += 16) rows<16>(a + i * lda, d, lda, g, offset, y + i * L, bad + i, z);
  for (; i + 4 <= n; i += 4) rows<4>(a + i * lda, d, lda, g, offset, y + i * L, bad + i, z);
  for (; i < n; ++i) rows<1>(a + i * lda, d, lda, g, offset, y + i * L, bad + i, z);
}

using MatF = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

void block_eigen(float* a, int64_t n, int64_t d, int64_t lda, const float* g, const float* offset, float* y,
                 uint8_t* bad, float* z) {
  Eigen::Map<MatF, 0, Eigen::OuterStride<>> am(a, n, d, Eigen::OuterStride<>(lda));
  Eigen::Map<MatF> ym(y, n, L);
  const Eigen::Map<const MatF> gm(g, d, L);
  const Eigen::Map<const Eigen::RowVectorXf> off(offset, L);
  ym.noalias() = am * gm;
  ym.rowwise() -= off;
  for (int64_t i = 0; i < n; ++i)
    if (!ym.row(i).allFinite()) {
      bad[i] = 1;
      am.row(i).setZero(), ym.row(i).setZero();
    }
  if (z) Eigen::Map<MatF>(z, d, L).noalias() += am.transpose() * ym;
}

// A row's ‖a − centre‖², its a − centre added into total (the small differences, not the
// values: the mean's sums keep their digits).
__attribute__((target("avx512f"), no_sanitize_address)) float row_stats_avx512(const float* a, int64_t d,
                                                                               const float* centre, float* total) {
  __m512 sq = _mm512_setzero_ps();
  int64_t j = 0;
  for (; j + 16 <= d; j += 16) {
    const __m512 c = _mm512_sub_ps(_mm512_loadu_ps(a + j), _mm512_loadu_ps(centre + j));
    _mm512_storeu_ps(total + j, _mm512_add_ps(_mm512_loadu_ps(total + j), c));
    sq = _mm512_fmadd_ps(c, c, sq);
  }
  float lanes[16];
  _mm512_storeu_ps(lanes, sq);  // (not _mm512_reduce_add_ps: GCC 12's header warns in it)
  float s = 0;
  for (float x : lanes) s += x;
  for (; j < d; ++j) {
    total[j] += a[j] - centre[j];
    s += (a[j] - centre[j]) * (a[j] - centre[j]);
  }
  return s;
}

float row_stats_plain(const float* a, int64_t d, const float* centre, float* total) {
  float s = 0;
  for (int64_t j = 0; j < d; ++j) {
    total[j] += a[j] - centre[j];
    s += (a[j] - centre[j]) * (a[j] - centre[j]);
  }
  return s;
}

}  // namespace

void pca_block(float* a, int64_t n, int64_t d, int64_t lda, const float* g, const float* offset, float* y, uint8_t* bad,
               float* z, bool simd) {
  if (simd) block_avx512(a, n, d, lda, g, offset, y, bad, z);
  else block_eigen(a, n, d, lda, g, offset, y, bad, z);
}

double pca_row_stats(const float* a, int64_t n, int64_t d, int64_t lda, const uint8_t* bad, const float* centre,
                     float* total, bool simd) {
  double squares = 0;
  for (int64_t i = 0; i < n; ++i)
    if (!bad[i])
      squares +=
          simd ? row_stats_avx512(a + i * lda, d, centre, total) : row_stats_plain(a + i * lda, d, centre, total);
  return squares;
}

}  // namespace lv
