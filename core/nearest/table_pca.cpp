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
#include <tuple>

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
  int64_t v = 0, d = 0, l = 0, groups = 0;  // l sketch columns in groups of kPcaLanes
  int64_t lda = 0;                          // a block's row stride (see pca_kernels.hpp)
  int64_t block_rows = 0, blocks = 0, chunks = 0, blocks_per_chunk = 0;
  std::vector<int64_t> edited;  // rows with an edit, ascending
  int threads = 1;
  bool simd = false;
};

Plan make_plan(const TableView& t, int64_t l, const PcaOptions& o) {
  Plan p;
  p.v = t.rows(), p.d = t.cols(), p.l = l, p.groups = (l + kPcaLanes - 1) / kPcaLanes;
  p.lda = (p.d + 15) / 16 * 16 + 16;  // whole cache lines, and one more
  // About 512 KiB of float32 rows a block (it stays in the core's L2 cache between its two
  // products), in whole groups of 16 rows (the kernels' step); at most 32 chunks.
  p.block_rows = std::max<int64_t>(16, ((int64_t{128} << 10) / p.d) & ~int64_t{15});
  p.blocks = (p.v + p.block_rows - 1) / p.block_rows;
  p.chunks = std::min<int64_t>(p.blocks, 32);
  p.blocks_per_chunk = (p.blocks + p.chunks - 1) / p.chunks;
  p.chunks = (p.blocks + p.blocks_per_chunk - 1) / p.blocks_per_chunk;
  for (const auto& [key, value] : t.edits()) {
    (void)value;
    if (p.edited.empty() || p.edited.back() != key / p.d) p.edited.push_back(key / p.d);
  }
  const unsigned hw = std::thread::hardware_concurrency();
  p.threads = o.threads > 0 ? o.threads : static_cast<int>(std::clamp(hw, 1u, 256u));
  p.threads = static_cast<int>(std::min<int64_t>(p.threads, p.chunks));
  p.simd = o.simd && pca_kernels_available();
  return p;
}

// Rows [first, first + n) into a (n rows of D, stride lda), as stored, with their edits.
void read_block(const TableView& t, const Plan& p, int64_t first, int64_t n, std::vector<float>& a) {
  a.resize(static_cast<size_t>(n * p.lda));
  for (int64_t i = 0; i < n; ++i) t.read_range(first + i, 1, a.data() + i * p.lda);
  for (auto it = std::lower_bound(p.edited.begin(), p.edited.end(), first); it != p.edited.end() && *it < first + n;
       ++it)
    t.read_row(*it, a.data() + (*it - first) * p.lda);
}

// The sketch as the kernels take it: groups of kPcaLanes columns, each D × kPcaLanes, the
// columns past l zero; and centreᵀG, the offset each row's y loses.
struct Sketch {
  std::vector<float> g, offset;
};

Sketch pack_sketch(const Plan& p, const MatD& g, const Eigen::RowVectorXd& centre) {
  Sketch s;
  s.g.assign(static_cast<size_t>(p.groups * p.d * kPcaLanes), 0.0f);
  s.offset.assign(static_cast<size_t>(p.groups * kPcaLanes), 0.0f);
  const Eigen::RowVectorXd off = centre * g;
  for (int64_t c = 0; c < p.l; ++c) {
    float* col = s.g.data() + (c / kPcaLanes) * p.d * kPcaLanes + c % kPcaLanes;
    for (int64_t j = 0; j < p.d; ++j) col[j * kPcaLanes] = static_cast<float>(g(j, c));
    s.offset[static_cast<size_t>(c / kPcaLanes * kPcaLanes + c % kPcaLanes)] = static_cast<float>(off(c));
  }
  return s;
}

// ---------------------------------------------------------------- a pass

// One chunk's sums.
struct ChunkSums {
  MatD z;                 // D × l: Σ aᵀ y
  Eigen::RowVectorXd y;   // l: Σ y
  Eigen::VectorXd total;  // D: Σ a (the first pass)
  double squares = 0;     // Σ ‖a − centre‖² (the first pass)
  int64_t good = 0;       // rows without inf or NaN
};

struct PassControl {
  const PcaOptions& o;
  int pass = 0, passes = 1;
};

// What a block's kernels leave for on_block: y (n × groups·kPcaLanes, each group's n × kPcaLanes
// after the other), bad (n), the rows (their bad ones zeroed); and z, Σ aᵀy over the chunk's
// blocks so far (D × kPcaLanes a group, in float: added to the chunk's double sums once).
struct BlockOut {
  std::vector<float> a, y, z;
  std::vector<uint8_t> bad;
};

// Reads every block, runs the kernels (z too when with_z) and calls on_block(sums, first, n,
// out), the blocks of a chunk in order on one thread, then on_chunk(sums, out) once a chunk;
// returns false when cancelled.
template <class OnBlock, class OnChunk>
bool run_pass(const TableView& t, const Plan& p, const Sketch& sk, bool with_z, const PassControl& pc,
              std::vector<ChunkSums>& sums, OnBlock&& on_block, OnChunk&& on_chunk) {
  sums.assign(static_cast<size_t>(p.chunks), ChunkSums{});
  std::atomic<int64_t> next{0}, rows_done{0};
  std::atomic<bool> stopped{false};
  const int64_t lanes = p.groups * kPcaLanes;
  auto work = [&] {
    BlockOut out;
    for (int64_t c; (c = next.fetch_add(1)) < p.chunks;) {
      if (with_z) out.z.assign(static_cast<size_t>(p.d * lanes), 0.0f);
      for (int64_t b = c * p.blocks_per_chunk; b < std::min(p.blocks, (c + 1) * p.blocks_per_chunk); ++b) {
        if (stopped || (pc.o.cancel && pc.o.cancel->load(std::memory_order_relaxed))) {
          stopped = true;
          return;
        }
        const int64_t first = b * p.block_rows, n = std::min(p.block_rows, p.v - first);
        read_block(t, p, first, n, out.a);
        out.y.resize(static_cast<size_t>(n * lanes));
        out.bad.assign(static_cast<size_t>(n), 0);
        for (int64_t g = 0; g < p.groups; ++g)
          pca_block(out.a.data(), n, p.d, p.lda, sk.g.data() + g * p.d * kPcaLanes, sk.offset.data() + g * kPcaLanes,
                    out.y.data() + g * n * kPcaLanes, out.bad.data(),
                    with_z ? out.z.data() + g * p.d * kPcaLanes : nullptr, p.simd);
        on_block(sums[static_cast<size_t>(c)], first, n, out);
        const int64_t done = rows_done.fetch_add(n) + n;
        if (pc.o.fraction)
          pc.o.fraction->store(static_cast<float>((pc.pass + static_cast<double>(done) / p.v) / pc.passes),
                               std::memory_order_relaxed);
      }
      on_chunk(sums[static_cast<size_t>(c)], out);
    }
  };
  std::vector<std::thread> pool;
  for (int i = 1; i < p.threads; ++i) pool.emplace_back(work);
  work();
  for (std::thread& th : pool) th.join();
  return !stopped;
}

// ---------------------------------------------------------------- the passes

struct PassResult {
  MatD z;                 // D × l: (A − 1·centreᵀ)ᵀ y summed over the good rows (with z)
  Eigen::VectorXd total;  // D: Σ (row − centre) over the good rows (with stats)
  double squares = 0;     // Σ ‖row − centre‖² over the good rows (with stats)
  int64_t good = 0;
};

// Where a pass leaves y = (a − centre)·G: columns [col, col + l) of yall (V × L), and the
// rows left out (inf or NaN) in bad (V).
struct YOut {
  MatF& yall;
  int64_t col;
  std::vector<uint8_t>& bad;
};

// The first pass's extra sums over a block's good rows: Σ (a − centre) and Σ ‖a − centre‖².
void add_stats(const Plan& p, int64_t n, const BlockOut& out, const std::vector<float>& centre, ChunkSums& s) {
  std::vector<float> total(static_cast<size_t>(p.d), 0.0f);  // the block's rows added in order
  s.squares += pca_row_stats(out.a.data(), n, p.d, p.lda, out.bad.data(), centre.data(), total.data(), p.simd);
  s.total += Eigen::Map<const Eigen::VectorXf>(total.data(), p.d).cast<double>();
}

// The chunk's z, from float (summed over the chunk's blocks) to double.
void chunk_z(const Plan& p, const BlockOut& out, ChunkSums& s) {
  s.z = MatD::Zero(p.d, p.l);
  for (int64_t gi = 0; gi < p.groups; ++gi) {
    const int64_t cols = std::min<int64_t>(kPcaLanes, p.l - gi * kPcaLanes);
    const Eigen::Map<const MatF> z(out.z.data() + gi * p.d * kPcaLanes, p.d, kPcaLanes);
    s.z.middleCols(gi * kPcaLanes, cols) = z.leftCols(cols).cast<double>();
  }
}

// One read: y = (a − centre)·G for each row a (as a·G − centreᵀG) into out; with z,
// Σ aᵀy, hence Σ (a − centre)ᵀ y = Σ aᵀy − centre·(Σ y)ᵀ; with stats, Σ (a − centre) and
// Σ ‖a − centre‖².
bool one_pass(const TableView& t, const Plan& p, const Eigen::RowVectorXd& centre, const MatD& g, bool with_z,
              bool stats, const PassControl& pc, PassResult& r, YOut yo) {
  const Sketch sk = pack_sketch(p, g, centre);
  std::vector<float> centre_f(static_cast<size_t>(p.d));
  for (int64_t j = 0; j < p.d; ++j) centre_f[static_cast<size_t>(j)] = static_cast<float>(centre(j));
  std::vector<ChunkSums> sums;
  auto on_block = [&](ChunkSums& s, int64_t first, int64_t n, const BlockOut& out) {
    if (s.y.size() == 0) s.y = Eigen::RowVectorXd::Zero(p.l), s.total = Eigen::VectorXd::Zero(p.d);
    for (int64_t gi = 0; gi < p.groups; ++gi) {
      const int64_t cols = std::min<int64_t>(kPcaLanes, p.l - gi * kPcaLanes);
      const Eigen::Map<const MatF> y(out.y.data() + gi * n * kPcaLanes, n, kPcaLanes);
      yo.yall.block(first, yo.col + gi * kPcaLanes, n, cols) = y.leftCols(cols);
      if (with_z) s.y.segment(gi * kPcaLanes, cols) += y.leftCols(cols).colwise().sum().cast<double>();
    }
    std::copy(out.bad.begin(), out.bad.end(), yo.bad.begin() + first);
    for (int64_t i = 0; i < n; ++i) s.good += out.bad[static_cast<size_t>(i)] ? 0 : 1;
    if (stats) add_stats(p, n, out, centre_f, s);
  };
  auto on_chunk = [&](ChunkSums& s, const BlockOut& out) {
    if (with_z) chunk_z(p, out, s);
  };
  if (!run_pass(t, p, sk, with_z, pc, sums, on_block, on_chunk)) return false;
  r.z = MatD::Zero(p.d, p.l), r.total = Eigen::VectorXd::Zero(p.d), r.squares = 0, r.good = 0;
  Eigen::RowVectorXd ysum = Eigen::RowVectorXd::Zero(p.l);
  for (const ChunkSums& s : sums) {
    if (s.y.size() == 0) continue;
    if (with_z) r.z += s.z, ysum += s.y;
    r.total += s.total, r.squares += s.squares, r.good += s.good;
  }
  r.z -= centre.transpose() * ysum;
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

// The sketch's blocks (a block Krylov basis, orthonormal: G_0 = orth(Ω), G_{j+1} the part of
// A_cᵀA_c G_j outside the blocks before), their products Y_j = A_c G_j (V × l each, side by
// side) and Z_{j+1} = A_cᵀY_j (all but the last block's).
struct Krylov {
  int64_t l = 0, blocks = 0;
  MatD g;                    // D × blocks·l
  MatF y;                    // V × blocks·l
  std::vector<MatD> z;       // blocks − 1, D × l each
  std::vector<uint8_t> bad;  // V: rows left out
};

// The next block: the part of z outside the columns of g (projected out twice: once is
// not enough in floating point when z lies almost inside them), orthonormalised.
MatD next_block(const MatD& g, const MatD& z) {
  MatD q = orthonormal_columns(z - g * (g.transpose() * z));
  q -= g * (g.transpose() * q);
  return orthonormal_columns(q);
}

// Rayleigh–Ritz over the whole basis: M = Gᵀ A_cᵀA_c G, its block columns from the Z's
// (G_iᵀ Z_{j+1} = G_iᵀ A_cᵀA_c G_j, no V-sized work), the last block's own from Y.
MatD rayleigh_matrix(const Krylov& kr) {
  const int64_t l = kr.l, n = kr.blocks * l, last = n - l, v = kr.y.rows();
  MatD m = MatD::Zero(n, n);
  for (int64_t j = 0; j + 1 < kr.blocks; ++j) m.middleCols(j * l, l) = kr.g.transpose() * kr.z[static_cast<size_t>(j)];
  for (int64_t first = 0; first < v; first += 4096) {  // in row order: the same sums every time
    const MatD yd = kr.y.block(first, last, std::min<int64_t>(4096, v - first), l).cast<double>();
    m.block(last, last, l, l) += yd.transpose() * yd;
  }
  m.block(0, last, last, l) = m.block(last, 0, l, last).transpose();
  return 0.5 * (m + MatD(m.transpose()));
}

// The eigenproblem of M, the components, their signs, the coordinates.
void finish(const Krylov& kr, int64_t k, TablePca& r) {
  const int64_t v = kr.y.rows(), d = kr.g.rows(), n = kr.g.cols();
  Eigen::SelfAdjointEigenSolver<MatD> es(rayleigh_matrix(kr));  // ascending
  MatD w(n, k);
  for (int64_t i = 0; i < k; ++i) {
    w.col(i) = es.eigenvectors().col(n - 1 - i);
    r.singular_values.push_back(std::sqrt(std::max(es.eigenvalues()(n - 1 - i), 0.0)));
  }
  MatD comp = kr.g * w;  // D × K
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
  for (int64_t row = 0; row < v; ++row) {
    const bool bad = kr.bad[static_cast<size_t>(row)] != 0;
    const Eigen::RowVectorXd y = kr.y.row(row).cast<double>();
    for (int64_t i = 0; i < k; ++i)
      r.coordinates[static_cast<size_t>(row * k + i)] = bad ? nan : static_cast<float>(y.dot(w.col(i)));
  }
}

// The sketch's width l and its number of blocks: l = K + oversampling rounded up to whole
// groups of kPcaLanes (the kernels' registers hold 16 columns whatever l is, so the extra
// oversampling is free); q + 1 blocks. A table narrow enough that they would span it takes
// one block of all D columns: its exact PCA in one pass.
std::pair<int64_t, int64_t> sketch_shape(int64_t d, const PcaOptions& o) {
  const int64_t l = (o.components + o.oversampling + kPcaLanes - 1) / kPcaLanes * kPcaLanes;
  const int64_t blocks = o.power_iterations + 1;
  if (d <= l * blocks) return {d, 1};
  return {l, blocks};
}

}  // namespace

TablePca table_pca(const TableView& t, const PcaOptions& o) {
  TablePca r;
  if (std::string e = check_options(t, o); !e.empty()) {
    r.error = e;
    return r;
  }
  const int64_t v = t.rows(), d = t.cols(), k = o.components;
  Krylov kr;
  std::tie(kr.l, kr.blocks) = sketch_shape(d, o);
  const int64_t l = kr.l;
  const Plan p = make_plan(t, l, o);
  r.rows = v, r.cols = d, r.components = k;
  kr.g = MatD::Zero(d, kr.blocks * l), kr.y.resize(v, kr.blocks * l), kr.bad.assign(static_cast<size_t>(v), 0);
  const int passes = static_cast<int>(kr.blocks);
  // Pass 1: Y_0 and Z_1 and the mean, from the rows shifted by a sampled mean s (A_s = A −
  // 1sᵀ, m its good rows' mean): A_cᵀA_c G = A_sᵀA_s G − N·m·(mᵀG) and A_c G = A_s G − 1·mᵀG.
  const Eigen::RowVectorXd shift = sampled_shift(t).cast<double>();
  kr.g.leftCols(l) = orthonormal_columns(gaussian_sketch(d, l, o.seed));
  PassResult pr;
  if (!one_pass(t, p, shift, kr.g.leftCols(l), kr.blocks > 1, true, PassControl{o, 0, passes}, pr,
                YOut{kr.y, 0, kr.bad})) {
    r.cancelled = true;
    return r;
  }
  const Eigen::VectorXd m = pr.good ? Eigen::VectorXd(pr.total / static_cast<double>(pr.good)) : pr.total;
  const Eigen::RowVectorXd mean = shift + m.transpose(), mg = m.transpose() * kr.g.leftCols(l);
  r.total_variance = std::max(0.0, pr.squares - static_cast<double>(pr.good) * m.squaredNorm());
  kr.y.leftCols(l).rowwise() -= mg.cast<float>();
  for (int64_t row = 0; row < v; ++row)  // a row left out stays out of M (with one block, M is Y_0ᵀY_0)
    if (kr.bad[static_cast<size_t>(row)]) kr.y.row(row).setZero();
  if (kr.blocks > 1) kr.z.push_back(pr.z - static_cast<double>(pr.good) * m * mg);
  // Passes 2..q + 1: the next block from the last Z; its Y, and its Z but for the last.
  for (int64_t j = 1; j < kr.blocks; ++j) {
    kr.g.middleCols(j * l, l) = next_block(kr.g.leftCols(j * l), kr.z.back());
    const bool with_z = j + 1 < kr.blocks;
    if (!one_pass(t, p, mean, kr.g.middleCols(j * l, l), with_z, false, PassControl{o, static_cast<int>(j), passes}, pr,
                  YOut{kr.y, j * l, kr.bad})) {
      r.cancelled = true;
      return r;
    }
    if (with_z) kr.z.push_back(pr.z);
  }
  // Each read multiplies every row by the sketch (y), all but the last back again (z).
  r.multiply_adds = static_cast<double>(v) * static_cast<double>(d) * static_cast<double>(p.groups * kPcaLanes) *
                    static_cast<double>(2 * kr.blocks - 1);
  r.mean.assign(mean.data(), mean.data() + d);
  r.rows_left_out = std::count(kr.bad.begin(), kr.bad.end(), uint8_t{1});
  finish(kr, k, r);
  r.file_changed = t.file() && t.file()->changed();
  if (o.fraction) o.fraction->store(1.0f, std::memory_order_relaxed);
  r.ok = true;
  return r;
}

}  // namespace lv
