// table_pca.hpp — the whole table's principal components (the map of every row): a
// randomized SVD (Halko, Martinsson & Tropp 2011, subspace iteration) of the table
// centred by its mean row, never a V × D copy nor a D × D covariance.
//
//   table_pca   the mean row, K components, singular values, explained-variance ratios
//               and every row's K coordinates
//
// How: with A the V × D table, μ its mean row and A_c = A − 1μᵀ; l = K + oversampling
// rounded up to 16 (the kernels' register width: the extra columns cost nothing); a block
// Krylov basis of q + 1 blocks of l columns, each block one read of the table:
//   read 1      G_0 = orth(Ω) (Ω D × l Gaussian, from the seed); Y_0 = A_c G_0, Z_1 = A_cᵀY_0
//               and μ and Σ‖row − μ‖², together: the rows shifted by a few sampled rows' mean
//               s, the shift's error m taken out algebraically (A_c G = A_s G − 1·mᵀG)
//   read j + 1  G_j = the part of Z_j outside G_0..G_{j−1}, orthonormalised; Y_j = A_c G_j,
//               and (but on the last read) Z_{j+1} = A_cᵀY_j
//   then        Rayleigh–Ritz over the basis G = [G_0 … G_q]: M = GᵀA_cᵀA_cG (its blocks are
//               G_iᵀZ_{j+1}, but the last block's own, Y_qᵀY_q), M = W Λ Wᵀ: σᵢ = √λᵢ,
//               component i = G wᵢ, coordinates Y wᵢ (Y = [Y_0 … Y_q], exactly A_c G)
// A read is one stream over the rows in blocks (TableView::read_range: the stored dtype
// converted, the view's rounding, a file's rows under the SIGBUS guard; edited rows read
// again with their edits): both products of a block while it sits in the core's cache, the
// mean never subtracted element by element (core/nearest/pca_kernels.hpp). Memory
// O((V + D)·l·(q + 1)). A table with D ≤ l·(q + 1) takes one read and one block of all D
// columns: its exact PCA.
// q = 2 by default (3 reads): a degree-2 Krylov space holds the top K of a noisy table (the
// gap of tests/oracle/map_pca_oracle.py's) to about 1e-5 rad of NumPy's exact SVD, where
// plain subspace iteration needs q = 3 (4 reads) and q = 1 misses 1e-3 rad.
//
// Deterministic for a table and seed whatever the thread count: the rows are cut into fixed
// chunks of blocks, each chunk summed in row order, the chunks' sums added in chunk order.
// (A CPU without AVX-512F takes Eigen's products: the same map to about 1e-6, other bits.)
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
  int oversampling = 10;                      // = 10    // p: a block has l = K + p columns, rounded up to 16
  int power_iterations = 2;                   // = 2     // q ≥ 1: q + 1 blocks, the table read q + 1 times
  uint64_t seed = 0;                          // = 0     // Ω's seed (splitmix64 + Box–Muller)
  int threads = 0;                            // = 0     // 0: every core
  const std::atomic<bool>* cancel = nullptr;  // = null  // set: stops at the next block
  std::atomic<float>* fraction = nullptr;     // = null  // progress over all passes, 0..1
  bool simd = true;                           // = true  // the AVX-512 block products when the CPU has
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
  double multiply_adds = 0;                      // the block products' multiply-adds over all reads (whole groups of
                                                 // kPcaLanes columns, as the kernels run them): what bounds a warm map
};

TablePca table_pca(const TableView& t, const PcaOptions& o = {});

}  // namespace lv
