// table_pca.hpp — the whole table's principal components (the map of every row): a
// randomized SVD (Halko, Martinsson & Tropp 2011, subspace iteration) of the table
// centred by its mean row, never a V × D copy nor a D × D covariance.
//
//   table_pca   the mean row, K components, singular values, explained-variance ratios
//               and every row's K coordinates
//
// How: with A the V × D table, μ its mean row and A_c = A − 1μᵀ, l = K + oversampling
// columns and Ω a D × l Gaussian matrix drawn from the seed:
//   pass 1      Z = A_cᵀ A_c Ω and μ, together: the rows shifted by a few sampled rows'
//               mean s, Z = A_sᵀ(A_s Ω) − N·m·(mᵀΩ) with m the shifted mean, μ = s + m
//   pass 2..q   Z = A_cᵀ (A_c G), G = Z of the pass before, orthonormalised (Householder QR)
//   last pass   Y = A_c G (V × l, kept), the total variance Σ‖row − μ‖²
//   then        YᵀY = W Λ Wᵀ (l × l): σᵢ = √λᵢ, component i = G wᵢ, coordinates Y wᵢ
// Each pass reads a block of rows (TableView::read_range: the stored dtype converted, the
// view's rounding, a file's rows under the SIGBUS guard; edited rows read again with their
// edits), subtracts the mean from the block, and multiplies (AVX2 + FMA kernels, or Eigen).
// Memory O((V + D)·l).
// So q power iterations (Y = A_c (A_cᵀA_c)^q Ω) cost q + 1 reads of the table.
// q = 3 by default: the top K converge as (σ_{K+1}/σ_K)^(2q+1); 3 holds a gap of 0.2 (a noisy
// table's) to 1e-5 rad against NumPy's exact SVD (tests/oracle/map_pca_oracle.py).
//
// Deterministic for a table and seed whatever the thread count: the rows are cut into fixed
// chunks of blocks, each chunk summed in row order, the chunks' sums added in chunk order.
// (A CPU without AVX2 and FMA takes Eigen's products: the same map to about 1e-6, other bits.)
// Signs: each component's largest-magnitude entry (of its D) is positive (the first such
// entry on a tie); its coordinates follow. Rows holding a non-finite value are left out of
// the mean and the sums; their coordinates are NaN.
#pragma once
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "core/io/table_view.hpp"

namespace lv {

inline constexpr int kMaxPcaComponents = 16;

struct PcaOptions {
  int components = 3;                         // = 3     // K, 1..kMaxPcaComponents (and at most V and D)
  int oversampling = 10;                      // = 10    // p: the sketch has l = K + p columns (at most D)
  int power_iterations = 3;                   // = 3     // q ≥ 1: the table is read q + 1 times
  uint64_t seed = 0;                          // = 0     // Ω's seed (splitmix64 + Box–Muller)
  int threads = 0;                            // = 0     // 0: every core
  const std::atomic<bool>* cancel = nullptr;  // = null  // set: stops at the next block
  std::atomic<float>* fraction = nullptr;     // = null  // progress over all passes, 0..1
  bool simd = true;                           // = true  // the AVX2 + FMA block products when the CPU has
                                              //            them (core/nearest/pca_kernels.hpp); false: Eigen's
};

struct TablePca {
  bool ok = false;  // false: cancelled, or `error`
  bool cancelled = false;
  std::string error;          // one sentence
  bool file_changed = false;  // a read found the file truncated or replaced
  int64_t rows = 0, cols = 0, components = 0;
  int64_t rows_left_out = 0;                     // rows holding inf or NaN
  std::vector<double> mean;                      // D: the mean row
  std::vector<double> component_vectors;         // K × D, row-major: component i is [i·D, (i+1)·D)
  std::vector<double> singular_values;           // K, descending: of the centred table
  std::vector<double> explained_variance_ratio;  // K: σᵢ² ÷ Σ‖row − mean‖²
  double total_variance = 0;                     // Σ‖row − mean‖² (not divided by V − 1)
  std::vector<float> coordinates;                // V × K, row-major: (row − mean) · component
};

TablePca table_pca(const TableView& t, const PcaOptions& o = {});

}  // namespace lv
