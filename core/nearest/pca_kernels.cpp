// pca_kernels.cpp — the map's block products in AVX2 + FMA (see the header). Four rows at a
// time: each 8 values of the sketch's column are loaded once for the four rows' dot
// products, and each 8 values of zt once for the four rows' updates.
#include "core/nearest/pca_kernels.hpp"

#include <immintrin.h>

#include <cstring>

namespace lv {

bool pca_kernels_available() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}

namespace {

__attribute__((target("avx2,fma"))) inline float hsum(__m256 v) {
  const __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
  const __m128 t = _mm_add_ps(s, _mm_movehl_ps(s, s));
  return _mm_cvtss_f32(_mm_add_ss(t, _mm_shuffle_ps(t, t, 1)));
}

// Rows r0 .. r0 + m − 1 (m ≤ 4): their l dot products, then their share of zt.
__attribute__((target("avx2,fma"))) void rows_block(const float* a, int64_t m, int64_t d, const float* gt, int64_t l,
                                                    float* y, float* zt) {
  const float* row[4];
  for (int64_t r = 0; r < 4; ++r) row[r] = a + (r < m ? r : 0) * d;  // m < 4: the first row again, unused
  const int64_t d8 = d & ~int64_t{7};
  for (int64_t c = 0; c < l; ++c) {
    const float* g = gt + c * d;
    __m256 acc[4] = {_mm256_setzero_ps(), _mm256_setzero_ps(), _mm256_setzero_ps(), _mm256_setzero_ps()};
    for (int64_t j = 0; j < d8; j += 8) {
      const __m256 gv = _mm256_loadu_ps(g + j);
      for (int r = 0; r < 4; ++r) acc[r] = _mm256_fmadd_ps(_mm256_loadu_ps(row[r] + j), gv, acc[r]);
    }
    for (int64_t r = 0; r < m; ++r) {
      float s = hsum(acc[r]);
      for (int64_t j = d8; j < d; ++j) s += row[r][j] * g[j];
      y[r * l + c] = s;
    }
  }
  if (!zt) return;
  for (int64_t c = 0; c < l; ++c) {
    float* z = zt + c * d;
    __m256 w[4];
    for (int r = 0; r < 4; ++r) w[r] = _mm256_set1_ps(r < m ? y[r * l + c] : 0.0f);
    for (int64_t j = 0; j < d8; j += 8) {
      __m256 zv = _mm256_loadu_ps(z + j);
      for (int r = 0; r < 4; ++r) zv = _mm256_fmadd_ps(w[r], _mm256_loadu_ps(row[r] + j), zv);
      _mm256_storeu_ps(z + j, zv);
    }
    for (int64_t j = d8; j < d; ++j)
      for (int64_t r = 0; r < m; ++r) z[j] += y[r * l + c] * row[r][j];
  }
}

}  // namespace

void pca_block_avx2(const float* a, int64_t n, int64_t d, const float* gt, int64_t l, float* y, float* zt) {
  if (zt) std::memset(zt, 0, sizeof(float) * static_cast<size_t>(l * d));
  for (int64_t r0 = 0; r0 < n; r0 += 4) {
    const int64_t m = n - r0 < 4 ? n - r0 : 4;
    rows_block(a + r0 * d, m, d, gt, l, y + r0 * l, zt);
  }
}

}  // namespace lv
