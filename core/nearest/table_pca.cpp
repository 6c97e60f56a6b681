// table_pca.cpp — the whole table's principal components (see the header).
//
//   Ω            the seeded Gaussian sketch (splitmix64 + Box–Muller)
//   the blocks   a block of rows read, edits applied, non-finite rows marked, centred
//   a pass       chunks of blocks shared out to threads, each chunk's sums kept apart
//   the passes   the Gram passes (A_cᵀA_c G) and the last one (Y = A_c G)
//   table_pca    the passes in order, the l × l eigenproblem, the signs
#include "core/nearest/table_pca.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <limits>
#include <thread>

#include "core/nearest/pca_kernels.hpp"

namespace lv {
namespace {

using MatF = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;  // rows as read_range gives them
using MatD = Eigen::MatrixXd;

// ---------------------------------------------------------------- Ω

uint64_t splitmix64(uint64_t& s) {
  uint64_t z = (s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// D × l standard normal values, drawn in row-major order from the seed.
MatD gaussian_sketch(int64_t d, int64_t l, uint64_t seed) {
  MatD om(d, l);
  uint64_t s = seed;
  const double two_pi = 6.283185307179586;
  int64_t i = 0;
  while (i < d * l) {
    const double u1 = (static_cast<double>(splitmix64(s) >> 11) + 1.0) * 0x1.0p-53;  // (0, 1]
    const double u2 = static_cast<double>(splitmix64(s) >> 11) * 0x1.0p-53;          // [0, 1)
    const double r = std::sqrt(-2.0 * std::log(u1));
    for (double x : {r * std::cos(two_pi * u2), r * std::sin(two_pi * u2)}) {
      if (i < d * l) om(i / l, i % l) = x;
      ++i;
    }
  }
  return om;
}

MatD orthonormal_columns(const MatD& z) {
  Eigen::HouseholderQR<MatD> qr(z);
  return qr.householderQ() * MatD::Identity(z.rows(), z.cols());
}

// ---------------------------------------------------------------- the blocks

struct Plan {
  int64_t v = 0, d = 0, l = 0;
  int64_t block_rows = 0, blocks = 0, chunks = 0, blocks_per_chunk = 0;
  std::vector<int64_t> edited;  // rows with an edit, ascending
  int threads = 1;
};

Plan make_plan(const TableView& t, int64_t l, int threads) {
  Plan p;
  p.v = t.rows(), p.d = t.cols(), p.l = l;
  // About 256 KiB of float32 rows a block; at most 32 chunks (their sums are kept apart).
  p.block_rows = std::max<int64_t>(1, (int64_t{64} << 10) / p.d);
  p.blocks = (p.v + p.block_rows - 1) / p.block_rows;
  p.chunks = std::min<int64_t>(p.blocks, 32);
  p.blocks_per_chunk = (p.blocks + p.chunks - 1) / p.chunks;
  p.chunks = (p.blocks + p.blocks_per_chunk - 1) / p.blocks_per_chunk;
  for (const auto& [key, value] : t.edits()) {
    (void)value;
    if (p.edited.empty() || p.edited.back() != key / p.d) p.edited.push_back(key / p.d);
  }
  const unsigned hw = std::thread::hardware_concurrency();
  p.threads = threads > 0 ? threads : static_cast<int>(std::clamp(hw, 1u, 256u));
  p.threads = static_cast<int>(std::min<int64_t>(p.threads, p.chunks));
  return p;
}

// Rows [first, first + n) into a (n × D), minus `shift`; a row holding inf or NaN (or gone
// with a file that shrank) is all zeros and marked in bad (n entries).
void read_block(const TableView& t, const Plan& p, int64_t first, int64_t n, const Eigen::RowVectorXf& shift, MatF& a,
                std::vector<uint8_t>& bad) {
  a.resize(n, p.d);
  t.read_range(first, n, a.data());
  for (auto it = std::lower_bound(p.edited.begin(), p.edited.end(), first); it != p.edited.end() && *it < first + n;
       ++it)
    t.read_row(*it, a.row(*it - first).data());
  bad.assign(static_cast<size_t>(n), 0);
  const float* s = shift.data();
  for (int64_t i = 0; i < n; ++i) {
    float* row = a.row(i).data();
    float nonfinite = 0;  // x · 0 is NaN for inf and NaN, else 0: one loop the compiler vectorizes
    for (int64_t j = 0; j < p.d; ++j) {
      nonfinite += row[j] * 0.0f;
      row[j] -= s[j];
    }
    if (nonfinite != 0.0f || std::isnan(nonfinite)) {
      a.row(i).setZero();
      bad[static_cast<size_t>(i)] = 1;
    }
  }
}

// ---------------------------------------------------------------- a pass

// One chunk's sums.
struct ChunkSums {
  MatD z;                 // D × l: Σ aᵀ(a G) over the chunk's rows (Gram passes)
  Eigen::VectorXd total;  // D: Σ a (the shifted rows' sum)
  double squares = 0;     // Σ ‖a‖² (the last pass)
  int64_t good = 0;       // rows without inf or NaN
};

struct PassControl {
  const PcaOptions& o;
  int pass = 0, passes = 1;
};

// Calls on_block(sums, first, n, a, bad) for every block, the blocks of a chunk in order on
// one thread; returns the chunks' sums in chunk order, or false when cancelled.
template <class OnBlock>
bool run_pass(const TableView& t, const Plan& p, const Eigen::RowVectorXf& shift, const PassControl& pc,
              std::vector<ChunkSums>& sums, OnBlock&& on_block) {
  sums.assign(static_cast<size_t>(p.chunks), ChunkSums{});
  std::atomic<int64_t> next{0}, rows_done{0};
  std::atomic<bool> stopped{false};
  auto work = [&] {
    MatF a;
    std::vector<uint8_t> bad;
    for (int64_t c; (c = next.fetch_add(1)) < p.chunks;) {
      ChunkSums& s = sums[static_cast<size_t>(c)];
      for (int64_t b = c * p.blocks_per_chunk; b < std::min(p.blocks, (c + 1) * p.blocks_per_chunk); ++b) {
        if (stopped || (pc.o.cancel && pc.o.cancel->load(std::memory_order_relaxed))) {
          stopped = true;
          return;
        }
        const int64_t first = b * p.block_rows, n = std::min(p.block_rows, p.v - first);
        read_block(t, p, first, n, shift, a, bad);
        on_block(s, first, n, a, bad);
        const int64_t done = rows_done.fetch_add(n) + n;
        if (pc.o.fraction)
          pc.o.fraction->store(static_cast<float>((pc.pass + static_cast<double>(done) / p.v) / pc.passes),
                               std::memory_order_relaxed);
      }
    }
  };
  std::vector<std::thread> pool;
  for (int i = 1; i < p.threads; ++i) pool.emplace_back(work);
  work();
  for (std::thread& th : pool) th.join();
  return !stopped;
}

// ---------------------------------------------------------------- the passes

struct GramResult {
  MatD z;                 // D × l: A_sᵀ A_s G
  Eigen::VectorXd total;  // D: Σ (row − shift) over the good rows
  int64_t good = 0;
};

// One read: Σ (a − shift)ᵀ((a − shift) G) and Σ (a − shift), over the rows without inf or NaN.
bool gram_pass(const TableView& t, const Plan& p, const Eigen::RowVectorXf& shift, const MatD& g, const PassControl& pc,
               GramResult& r) {
  const Eigen::MatrixXf gf = g.cast<float>();
  const MatF gt = gf.transpose();  // l × D
  const bool simd = pc.o.simd && pca_kernels_available();
  std::vector<ChunkSums> sums;
  auto on_block = [&](ChunkSums& s, int64_t, int64_t n, const MatF& a, const std::vector<uint8_t>& bad) {
    if (s.z.size() == 0) s.z = MatD::Zero(p.d, p.l), s.total = Eigen::VectorXd::Zero(p.d);
    if (simd) {
      std::vector<float> y(static_cast<size_t>(n * p.l)), zt(static_cast<size_t>(p.l * p.d));
      pca_block_avx2(a.data(), n, p.d, gt.data(), p.l, y.data(), zt.data());
      s.z += Eigen::Map<const MatF>(zt.data(), p.l, p.d).transpose().cast<double>();
    } else {
      const Eigen::MatrixXf y = a * gf;             // n × l
      const Eigen::MatrixXf z = a.transpose() * y;  // D × l
      s.z += z.cast<double>();
    }
    Eigen::RowVectorXf total = Eigen::RowVectorXf::Zero(p.d);  // the rows added in order, contiguous
    for (int64_t i = 0; i < n; ++i) total += a.row(i);
    s.total += total.transpose().cast<double>();
    for (int64_t i = 0; i < n; ++i) s.good += bad[static_cast<size_t>(i)] ? 0 : 1;
  };
  if (!run_pass(t, p, shift, pc, sums, on_block)) return false;
  r.z = MatD::Zero(p.d, p.l), r.total = Eigen::VectorXd::Zero(p.d), r.good = 0;
  for (const ChunkSums& s : sums) {
    if (s.z.size() == 0) continue;
    r.z += s.z, r.total += s.total, r.good += s.good;
  }
  return true;
}

struct SketchResult {
  MatF y;                    // V × l: (a − μ) G, zeros for rows left out
  std::vector<uint8_t> bad;  // V: rows left out
  double squares = 0;        // Σ ‖a − μ‖²
};

// The last read: Y = A_c G and the total variance.
bool sketch_pass(const TableView& t, const Plan& p, const Eigen::RowVectorXf& mean, const MatD& g,
                 const PassControl& pc, SketchResult& r) {
  const Eigen::MatrixXf gf = g.cast<float>();
  r.y.resize(p.v, p.l);
  r.bad.assign(static_cast<size_t>(p.v), 0);
  std::vector<ChunkSums> sums;
  const MatF gt = gf.transpose();  // l × D
  const bool simd = pc.o.simd && pca_kernels_available();
  auto on_block = [&](ChunkSums& s, int64_t first, int64_t n, const MatF& a, const std::vector<uint8_t>& bad) {
    if (simd) pca_block_avx2(a.data(), n, p.d, gt.data(), p.l, r.y.row(first).data(), nullptr);
    else r.y.middleRows(first, n) = a * gf;
    std::copy(bad.begin(), bad.end(), r.bad.begin() + first);
    for (int64_t i = 0; i < n; ++i) s.squares += static_cast<double>(a.row(i).squaredNorm());
  };
  if (!run_pass(t, p, mean, pc, sums, on_block)) return false;
  r.squares = 0;
  for (const ChunkSums& s : sums) r.squares += s.squares;
  return true;
}

// ---------------------------------------------------------------- table_pca

std::string check_options(const TableView& t, const PcaOptions& o) {
  if (o.components < 1 || o.components > kMaxPcaComponents)
    return "the components must be from 1 to " + std::to_string(kMaxPcaComponents) + " (got " +
           std::to_string(o.components) + ")";
  if (t.empty() || t.cols() == 0) return "the table is empty: it has no rows to map";
  if (o.components > t.cols() || o.components > t.rows())
    return "a table of " + std::to_string(t.rows()) + " × " + std::to_string(t.cols()) + " has at most " +
           std::to_string(std::min(t.rows(), t.cols())) + " components (asked for " + std::to_string(o.components) +
           ")";
  if (o.power_iterations < 1 || o.oversampling < 0) return "power iterations ≥ 1 and oversampling ≥ 0, please";
  return "";
}

// A few rows spread over the table, averaged: the shift that keeps pass 1's sums small.
Eigen::RowVectorXf sampled_shift(const TableView& t) {
  const int64_t v = t.rows(), d = t.cols(), n = std::min<int64_t>(v, 64);
  Eigen::RowVectorXd sum = Eigen::RowVectorXd::Zero(d);
  Eigen::RowVectorXf row(d);
  int64_t good = 0;
  for (int64_t i = 0; i < n; ++i) {
    t.read_row(i * v / n, row.data());
    if (!row.allFinite()) continue;
    sum += row.cast<double>();
    ++good;
  }
  return good ? Eigen::RowVectorXf((sum / static_cast<double>(good)).cast<float>()) : Eigen::RowVectorXf::Zero(d);
}

// From the last pass: the eigenproblem of YᵀY, the components, their signs, the coordinates.
void finish(const SketchResult& s, const MatD& g, int64_t k, TablePca& r) {
  const int64_t v = s.y.rows(), l = s.y.cols(), d = g.rows();
  MatD gram = MatD::Zero(l, l);
  for (int64_t first = 0; first < v; first += 4096) {  // in row order: the same sums every time
    const MatD yd = s.y.middleRows(first, std::min<int64_t>(4096, v - first)).cast<double>();
    gram += yd.transpose() * yd;
  }
  Eigen::SelfAdjointEigenSolver<MatD> es(gram);  // ascending
  MatD w(l, k);
  for (int64_t i = 0; i < k; ++i) {
    w.col(i) = es.eigenvectors().col(l - 1 - i);
    r.singular_values.push_back(std::sqrt(std::max(es.eigenvalues()(l - 1 - i), 0.0)));
  }
  MatD comp = g * w;  // D × K
  for (int64_t i = 0; i < k; ++i) {
    Eigen::Index at = 0;
    comp.col(i).cwiseAbs().maxCoeff(&at);
    if (comp(at, i) < 0) comp.col(i) *= -1, w.col(i) *= -1;
    const double sv = r.singular_values[static_cast<size_t>(i)];
    r.explained_variance_ratio.push_back(r.total_variance > 0 ? sv * sv / r.total_variance : 0.0);
  }
  r.component_vectors.resize(static_cast<size_t>(k * d));
  for (int64_t i = 0; i < k; ++i)
    for (int64_t j = 0; j < d; ++j) r.component_vectors[static_cast<size_t>(i * d + j)] = comp(j, i);
  r.coordinates.resize(static_cast<size_t>(v * k));
  const float nan = std::numeric_limits<float>::quiet_NaN();
  for (int64_t row = 0; row < v; ++row)
    for (int64_t i = 0; i < k; ++i)
      r.coordinates[static_cast<size_t>(row * k + i)] =
          s.bad[static_cast<size_t>(row)] ? nan : static_cast<float>(s.y.row(row).cast<double>().dot(w.col(i)));
}

}  // namespace

TablePca table_pca(const TableView& t, const PcaOptions& o) {
  TablePca r;
  if (std::string e = check_options(t, o); !e.empty()) {
    r.error = e;
    return r;
  }
  const int64_t v = t.rows(), d = t.cols(), k = o.components;
  const int64_t l = std::min<int64_t>(d, k + o.oversampling);
  const Plan p = make_plan(t, l, o.threads);
  r.rows = v, r.cols = d, r.components = k;
  const int passes = o.power_iterations + 1;
  // Pass 1: A_cᵀA_cΩ and the mean, from the rows shifted by a sampled mean.
  const Eigen::RowVectorXf shift = sampled_shift(t);
  const MatD om = gaussian_sketch(d, l, o.seed);
  GramResult gr;
  if (!gram_pass(t, p, shift, om, PassControl{o, 0, passes}, gr)) {
    r.cancelled = true;
    return r;
  }
  const Eigen::VectorXd m = gr.good ? Eigen::VectorXd(gr.total / static_cast<double>(gr.good)) : gr.total;
  MatD g = orthonormal_columns(gr.z - static_cast<double>(gr.good) * m * (m.transpose() * om));
  const Eigen::RowVectorXd mean = shift.cast<double>() + m.transpose();
  const Eigen::RowVectorXf mean_f = mean.cast<float>();
  // Passes 2..q: A_cᵀA_c G, centred in the block.
  for (int q = 1; q < o.power_iterations; ++q) {
    if (!gram_pass(t, p, mean_f, g, PassControl{o, q, passes}, gr)) {
      r.cancelled = true;
      return r;
    }
    g = orthonormal_columns(gr.z);
  }
  SketchResult s;
  if (!sketch_pass(t, p, mean_f, g, PassControl{o, passes - 1, passes}, s)) {
    r.cancelled = true;
    return r;
  }
  r.mean.assign(mean.data(), mean.data() + d);
  r.total_variance = s.squares;
  r.rows_left_out = std::count(s.bad.begin(), s.bad.end(), uint8_t{1});
  finish(s, g, k, r);
  r.file_changed = t.file() && t.file()->changed();
  if (o.fraction) o.fraction->store(1.0f, std::memory_order_relaxed);
  r.ok = true;
  return r;
}

}  // namespace lv
