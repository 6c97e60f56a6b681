// nearest.cpp — the nearest-rows search and the row norms (see the header).
//
//   the source   where a block of rows is read from (in place, or converted)
//   the scan     blocks shared out to threads; edits; cancel; progress
//   the search   scores and each thread's top k, merged
//   the norms    the cache, row_norms, summarize_norms
//   JSON         nearest_json, norms_json
#include "core/nearest/nearest.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <mutex>
#include <thread>

#include "core/io/sigbus_guard.hpp"
#include "core/text/json_text.hpp"

namespace lv {
namespace {

// ---------------------------------------------------------------- the source

// Where the rows are read: in place (base non-null: the stored rows need no rounding for
// the view's dtype), or through TableView::read_range into a float32 block.
struct Source {
  const uint8_t* base = nullptr;
  RowType type = RowType::F32;
  size_t row_bytes = 0;  // stored bytes of one row
  bool mapped = false;   // base is in a file's mapping: read under the SIGBUS guard
};

Source source_of(const TableView& t) {
  Source s;
  const int64_t d = t.cols();
  const TableDtype view = t.dtype();
  if (const float* m = t.seeded()) {
    if (view == TableDtype::Float32) s.base = reinterpret_cast<const uint8_t*>(m);
  } else if (const TableFile* f = t.file()) {
    if (!f->fortran && !f->changed()) {
      if (f->type == StoredType::F32 && view == TableDtype::Float32) s.type = RowType::F32, s.base = f->base;
      // Widening float16 or bfloat16 to float32 is exact, and rounding it back to its own
      // type changes nothing: such views read the stored rows as they are.
      if (f->type == StoredType::F16 && view != TableDtype::BFloat16) s.type = RowType::F16, s.base = f->base;
      if (f->type == StoredType::BF16 && view != TableDtype::Float16) s.type = RowType::BF16, s.base = f->base;
      s.mapped = f->mapped;
    }
  }
  s.row_bytes = static_cast<size_t>(d) * (s.base && s.type != RowType::F32 ? 2 : 4);
  return s;
}

// ---------------------------------------------------------------- the scan

struct Block {
  int64_t first = 0, n = 0;
  const float *dot = nullptr, *sq = nullptr, *l2 = nullptr;  // n each (dot, l2: with a query)
};

struct GuardCall {
  NearestBlockKernel kernel;
  const float* q;
  const void* rows;
  int64_t n, cols;
  float *dot, *sq, *l2;
};
void run_kernel(void* p) {
  const GuardCall* c = static_cast<const GuardCall*>(p);
  c->kernel(c->q, c->rows, c->n, c->cols, c->dot, c->sq, c->l2);
}

// Rows with at least one edit, ascending.
std::vector<int64_t> edited_rows(const TableView& t) {
  std::vector<int64_t> rows;
  const int64_t d = t.cols();
  for (const auto& [key, v] : t.edits()) {
    (void)v;
    const int64_t r = key / d;
    if (rows.empty() || rows.back() != r) rows.push_back(r);
  }
  return rows;
}

struct ScanState {
  std::atomic<int64_t> next_block{0}, rows_done{0};
  std::atomic<bool> stopped{false}, file_changed{false};
};

// Calls on_block(thread, block) for every block of rows, from `threads` threads (the
// caller's among them); base_sq (V entries, or null) gets each row's squared norm without
// its edits. False when cancelled.
// known: the base's norms (the cache's) or null; with them the kernel makes no |r|² and
// the block's sq comes from them (edited rows are read and summed again either way).
template <class OnBlock>
bool scan(const TableView& t, const float* q, bool want_dot, bool want_l2, const std::vector<float>* known,
          const NearestControl& control, float* base_sq, int threads, OnBlock&& on_block, bool* file_changed) {
  const int64_t v = t.rows(), d = t.cols();
  const Source src = source_of(t);
  const RowType type = src.base ? src.type : RowType::F32;
  const NearestBlockKernel kernel = nearest_block_kernel(nearest_path_for(control.path, type), type);
  const NearestBlockKernel kernel_f32 =
      nearest_block_kernel(nearest_path_for(control.path, RowType::F32), RowType::F32);
  // About 256 KiB of stored rows a block: many blocks for every thread (a busy core's
  // share is taken by the others), and the cancel flag looked at every few tens of µs.
  const int64_t block_rows =
      std::max<int64_t>(1, (int64_t{256} << 10) / static_cast<int64_t>(std::max<size_t>(1, src.row_bytes)));
  const int64_t blocks = (v + block_rows - 1) / block_rows;
  const std::vector<int64_t> edited = edited_rows(t);
  ScanState state;

  auto work = [&](int thread) {
    std::vector<float> dot(static_cast<size_t>(block_rows)), sq(dot.size()), l2(dot.size()),
        row(static_cast<size_t>(d));
    std::vector<float> scratch(src.base ? 0 : static_cast<size_t>(block_rows * d));
    for (;;) {
      if (control.cancel && control.cancel->load(std::memory_order_relaxed)) {
        state.stopped = true;
        return;
      }
      const int64_t b = state.next_block.fetch_add(1, std::memory_order_relaxed);
      if (b >= blocks) return;
      const int64_t first = b * block_rows, n = std::min(block_rows, v - first);
      float* const dot_out = want_dot ? dot.data() : nullptr;
      float* const l2_out = want_l2 ? l2.data() : nullptr;
      GuardCall call{kernel, q, nullptr, n, d, dot_out, known ? nullptr : sq.data(), l2_out};
      if (src.base) {
        call.rows = src.base + static_cast<size_t>(first) * src.row_bytes;
        if (src.mapped) {
          if (!run_sigbus_guarded(run_kernel, &call)) {  // the file shrank: these rows are gone
            std::fill(sq.begin(), sq.begin() + n, std::numeric_limits<float>::quiet_NaN());
            std::fill(dot.begin(), dot.begin() + n, std::numeric_limits<float>::quiet_NaN());
            std::fill(l2.begin(), l2.begin() + n, std::numeric_limits<float>::quiet_NaN());
            state.file_changed = true;
          }
        } else {
          run_kernel(&call);
        }
      } else {
        t.read_range(first, n, scratch.data());  // converted and rounded; NaN if the file changed
        call.kernel = kernel_f32;
        call.rows = scratch.data();
        run_kernel(&call);
      }
      if (known)
        for (int64_t i = 0; i < n; ++i) {
          const float norm = (*known)[static_cast<size_t>(first + i)];
          sq[static_cast<size_t>(i)] = norm * norm;
        }
      if (base_sq) std::copy(sq.begin(), sq.begin() + n, base_sq + first);
      // Rows with edits, read again with them.
      for (auto it = std::lower_bound(edited.begin(), edited.end(), first); it != edited.end() && *it < first + n;
           ++it) {
        t.read_row(*it, row.data());
        const size_t i = static_cast<size_t>(*it - first);
        kernel_f32(q, row.data(), 1, d, dot_out ? &dot[i] : nullptr, &sq[i], l2_out ? &l2[i] : nullptr);
      }
      on_block(thread, Block{first, n, dot.data(), sq.data(), l2.data()});
      const int64_t done = state.rows_done.fetch_add(n, std::memory_order_relaxed) + n;
      if (control.rows_done) control.rows_done->fetch_add(n, std::memory_order_relaxed);
      if (control.fraction)
        control.fraction->store(static_cast<float>(done) / static_cast<float>(v), std::memory_order_relaxed);
    }
  };
  const int n_threads = static_cast<int>(std::clamp<int64_t>(threads, 1, std::max<int64_t>(1, blocks)));
  std::vector<std::thread> pool;
  for (int i = 1; i < n_threads; ++i) pool.emplace_back(work, i);
  work(0);
  for (std::thread& th : pool) th.join();
  if (state.file_changed || (t.file() && t.file()->changed())) *file_changed = true;
  return !state.stopped;
}

int thread_count(const NearestControl& c) {
  if (c.threads > 0) return c.threads;
  const unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : static_cast<int>(std::min(n, 256u));
}

// ---------------------------------------------------------------- the norms' cache

struct NormEntry {
  std::weak_ptr<const void> owner;
  TableDtype dtype = TableDtype::Float32;
  int64_t rows = 0, cols = 0;
  std::shared_ptr<const std::vector<float>> norms;  // the base's, without edits
};
std::mutex g_norms_mutex;
std::vector<NormEntry> g_norms;  // the most recent last; at most kNormEntries
constexpr size_t kNormEntries = 4;

std::shared_ptr<const std::vector<float>> cached_norms(const TableView& t) {
  const std::shared_ptr<const void> owner = t.base_owner();
  if (!owner) return nullptr;
  std::lock_guard<std::mutex> lock(g_norms_mutex);
  std::erase_if(g_norms, [](const NormEntry& e) { return e.owner.expired(); });
  for (const NormEntry& e : g_norms)
    if (e.owner.lock() == owner && e.dtype == t.dtype() && e.rows == t.rows() && e.cols == t.cols()) return e.norms;
  return nullptr;
}

void store_norms(const TableView& t, const std::vector<float>& base_sq) {
  const std::shared_ptr<const void> owner = t.base_owner();
  if (!owner || (t.file() && t.file()->changed())) return;
  auto norms = std::make_shared<std::vector<float>>(base_sq.size());
  for (size_t i = 0; i < base_sq.size(); ++i) (*norms)[i] = std::sqrt(base_sq[i]);
  std::lock_guard<std::mutex> lock(g_norms_mutex);
  std::erase_if(g_norms, [&](const NormEntry& e) {
    return e.owner.expired() || (e.owner.lock() == owner && e.dtype == t.dtype());
  });
  if (g_norms.size() >= kNormEntries) g_norms.erase(g_norms.begin());
  g_norms.push_back(NormEntry{owner, t.dtype(), t.rows(), t.cols(), std::move(norms)});
}

// ---------------------------------------------------------------- the search

struct Better {
  bool higher;
  bool operator()(const Neighbour& a, const Neighbour& b) const {
    if (a.score != b.score) return higher ? a.score > b.score : a.score < b.score;
    return a.row < b.row;
  }
};

double score_of(NearestMetric m, double dot, double sq, double l2, double q_norm) {
  switch (m) {
    case NearestMetric::kCosine: return dot / std::max(q_norm * std::sqrt(sq), 1e-8);
    case NearestMetric::kDot: return dot;
    case NearestMetric::kL2: return std::sqrt(std::max(l2, 0.0));
  }
  return 0;
}

// The final score of one candidate row, in double from its values (q and r as float32:
// each product is exact in double). A copy of q gives dot == qq == rr, and
// sqrt(qq · rr) == qq exactly, so its cosine is exactly 1.
double exact_score(NearestMetric m, const float* q, const float* r, int64_t d) {
  double dot = 0, qq = 0, rr = 0, l2 = 0;
  for (int64_t j = 0; j < d; ++j) {
    const double a = q[j], b = r[j];
    dot += a * b;
    qq += a * a;
    rr += b * b;
    l2 += (a - b) * (a - b);
  }
  switch (m) {
    case NearestMetric::kCosine: {
      const double c = dot / std::max(std::sqrt(qq * rr), 1e-8);
      // Within kCosineSnap of ±1 is ±1: a positive multiple's float32 rounding moves its
      // cosine by ~1e-16, so multiples tie with copies (then the lower row first) instead
      // of being ordered by that noise.
      if (c >= 1.0 - kCosineSnap) return 1.0;
      if (c <= -1.0 + kCosineSnap) return -1.0;
      return c;
    }
    case NearestMetric::kDot: return dot;
    case NearestMetric::kL2: return std::sqrt(l2);
  }
  return 0;
}

}  // namespace

const char* nearest_metric_name(NearestMetric m) {
  switch (m) {
    case NearestMetric::kCosine: return "cosine";
    case NearestMetric::kDot: return "dot";
    case NearestMetric::kL2: return "l2";
  }
  return "?";
}

bool parse_nearest_metric(std::string_view text, NearestMetric* m) {
  for (NearestMetric x : {NearestMetric::kCosine, NearestMetric::kDot, NearestMetric::kL2})
    if (text == nearest_metric_name(x)) {
      *m = x;
      return true;
    }
  return false;
}

NearestResult nearest_to(const TableView& t, const float* q, int64_t exclude, int64_t k, NearestMetric metric,
                         const NearestControl& control) {
  NearestResult r;
  if (k < 1 || k > kMaxNearestK) {
    r.error = "k must be from 1 to " + std::to_string(kMaxNearestK) + " (got " + std::to_string(k) + ")";
    return r;
  }
  if (t.empty()) {
    r.ok = true;
    return r;
  }
  const int64_t d = t.cols();
  float q_sq = 0;
  nearest_block_kernel(nearest_path_for(control.path, RowType::F32), RowType::F32)(nullptr, q, 1, d, nullptr, &q_sq,
                                                                                   nullptr);
  const double q_norm = std::sqrt(static_cast<double>(q_sq));
  const int threads = thread_count(control);
  const Better better{higher_is_better(metric)};
  std::vector<std::vector<Neighbour>> heaps(static_cast<size_t>(threads));
  std::vector<int64_t> unscored(static_cast<size_t>(threads), 0);
  const int64_t keep = k + kNearestRescore;  // candidates for the double-precision ranking
  // A whole pass gives every row's norm: kept for row_norms when not known yet, and once
  // known, the search reads them instead of summing |r|² again (half the multiply-adds of
  // cosine and dot).
  const std::shared_ptr<const std::vector<float>> known = cached_norms(t);
  const bool want_norms = !known;
  std::vector<float> base_sq(want_norms ? static_cast<size_t>(t.rows()) : 0);
  auto on_block = [&](int thread, const Block& b) {
    std::vector<Neighbour>& heap = heaps[static_cast<size_t>(thread)];
    for (int64_t i = 0; i < b.n; ++i) {
      const int64_t row = b.first + i;
      if (row == exclude) continue;
      const Neighbour nb{row, score_of(metric, b.dot[i], b.sq[i], b.l2[i], q_norm)};
      if (!std::isfinite(nb.score)) {
        ++unscored[static_cast<size_t>(thread)];
        continue;
      }
      if (static_cast<int64_t>(heap.size()) < keep) {
        heap.push_back(nb);
        std::push_heap(heap.begin(), heap.end(), better);  // the worst on top
      } else if (better(nb, heap.front())) {
        std::pop_heap(heap.begin(), heap.end(), better);
        heap.back() = nb;
        std::push_heap(heap.begin(), heap.end(), better);
      }
    }
  };
  bool changed = false;
  const bool l2 = metric == NearestMetric::kL2;
  if (!scan(t, q, !l2, l2, known.get(), control, want_norms ? base_sq.data() : nullptr, threads, on_block, &changed)) {
    r.cancelled = true;
    return r;
  }
  if (want_norms && !changed) store_norms(t, base_sq);
  for (const auto& h : heaps) r.neighbours.insert(r.neighbours.end(), h.begin(), h.end());
  std::sort(r.neighbours.begin(), r.neighbours.end(), better);
  if (static_cast<int64_t>(r.neighbours.size()) > keep) r.neighbours.resize(static_cast<size_t>(keep));
  for (int64_t u : unscored) r.unscored += u;
  // The candidates scored again in double (see the header); a row whose exact score is not
  // finite after all (its float32 sums were) is left out as the scan leaves them.
  std::vector<float> row(static_cast<size_t>(d));
  std::vector<Neighbour> exact;
  exact.reserve(r.neighbours.size());
  for (const Neighbour& nb : r.neighbours) {
    t.read_row(nb.row, row.data());
    const double score = exact_score(metric, q, row.data(), d);
    if (std::isfinite(score)) exact.push_back({nb.row, score});
    else ++r.unscored;
  }
  r.neighbours = std::move(exact);
  std::sort(r.neighbours.begin(), r.neighbours.end(), better);
  if (static_cast<int64_t>(r.neighbours.size()) > k) r.neighbours.resize(static_cast<size_t>(k));
  r.file_changed = changed;
  r.ok = true;
  return r;
}

NearestResult nearest_rows(const TableView& t, int64_t row, int64_t k, NearestMetric metric,
                           const NearestControl& control) {
  if (row < 0 || row >= t.rows()) {
    NearestResult r;
    r.error = "row " + std::to_string(row) + " is not in the table: it has " + std::to_string(t.rows()) +
              " rows, 0 to " + std::to_string(t.rows() - 1);
    return r;
  }
  std::vector<float> q(static_cast<size_t>(t.cols()));
  t.read_row(row, q.data());
  return nearest_to(t, q.data(), row, k, metric, control);
}

// ---------------------------------------------------------------- the norms

bool row_norms_cached(const TableView& t) { return cached_norms(t) != nullptr; }

void clear_row_norm_cache() {
  std::lock_guard<std::mutex> lock(g_norms_mutex);
  g_norms.clear();
}

RowNorms row_norms(const TableView& t, const NearestControl& control) {
  RowNorms r;
  auto norms = std::make_shared<std::vector<float>>();
  if (std::shared_ptr<const std::vector<float>> base = cached_norms(t)) {
    *norms = *base;
    const int64_t d = t.cols();
    std::vector<float> row(static_cast<size_t>(d));
    const NearestBlockKernel k = nearest_block_kernel(nearest_path_for(control.path, RowType::F32), RowType::F32);
    for (int64_t e : edited_rows(t)) {
      t.read_row(e, row.data());
      float sq = 0;
      k(nullptr, row.data(), 1, d, nullptr, &sq, nullptr);
      (*norms)[static_cast<size_t>(e)] = std::sqrt(sq);
    }
  } else {
    std::vector<float> base_sq(static_cast<size_t>(t.rows()));
    norms->resize(base_sq.size());
    auto on_block = [&](int, const Block& b) {
      for (int64_t i = 0; i < b.n; ++i) (*norms)[static_cast<size_t>(b.first + i)] = std::sqrt(b.sq[i]);
    };
    bool changed = false;
    if (!scan(t, nullptr, false, false, nullptr, control, base_sq.data(), thread_count(control), on_block, &changed))
      return r;
    if (!changed) store_norms(t, base_sq);
    r.file_changed = changed;
  }
  r.norms = std::move(norms);
  r.ok = true;
  return r;
}

NormsSummary summarize_norms(const std::vector<float>& norms, int64_t k, int bins) {
  NormsSummary s;
  std::vector<RowNorm> finite;
  finite.reserve(norms.size());
  for (size_t i = 0; i < norms.size(); ++i) {
    if (std::isfinite(norms[i])) finite.push_back({static_cast<int64_t>(i), norms[i]});
    else ++s.nonfinite;
  }
  const size_t n = std::min<size_t>(static_cast<size_t>(std::max<int64_t>(k, 0)), finite.size());
  auto low = [](const RowNorm& a, const RowNorm& b) { return a.norm != b.norm ? a.norm < b.norm : a.row < b.row; };
  auto high = [](const RowNorm& a, const RowNorm& b) { return a.norm != b.norm ? a.norm > b.norm : a.row < b.row; };
  s.lowest = finite;
  std::partial_sort(s.lowest.begin(), s.lowest.begin() + static_cast<long>(n), s.lowest.end(), low);
  s.lowest.resize(n);
  s.highest = std::move(finite);
  std::partial_sort(s.highest.begin(), s.highest.begin() + static_cast<long>(n), s.highest.end(), high);
  const std::vector<RowNorm>& all = s.highest;
  if (!all.empty()) {
    s.min = std::numeric_limits<double>::infinity();
    s.max = -s.min;
    for (const RowNorm& x : all) s.min = std::min(s.min, x.norm), s.max = std::max(s.max, x.norm);
  }
  s.bins.assign(static_cast<size_t>(std::max(bins, 1)), 0);
  const double width = (s.max - s.min) / static_cast<double>(s.bins.size());
  for (const RowNorm& x : all) {
    size_t b = width > 0 ? static_cast<size_t>((x.norm - s.min) / width) : 0;
    s.bins[std::min(b, s.bins.size() - 1)]++;
  }
  s.highest.resize(n);
  for (size_t i = 0; i < norms.size() && static_cast<int64_t>(s.nonfinite_rows.size()) < k; ++i)
    if (!std::isfinite(norms[i])) s.nonfinite_rows.push_back({static_cast<int64_t>(i), norms[i]});
  return s;
}

// ---------------------------------------------------------------- JSON

namespace {
std::string number(double x) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.9g", x);
  return buf;
}
}  // namespace

std::string nearest_json(int64_t id, NearestMetric metric, const std::vector<Neighbour>& neighbours,
                         const std::string& why) {
  std::string s =
      "{\"id\": " + std::to_string(id) + ", \"metric\": \"" + nearest_metric_name(metric) + "\", \"neighbours\": [";
  for (size_t i = 0; i < neighbours.size(); ++i)
    s += std::string(i ? ", " : "") + "{\"row\": " + std::to_string(neighbours[i].row) +
         ", \"score\": " + number(neighbours[i].score) + "}";
  s += "]";
  if (!why.empty()) {
    s += ", \"why\": ";
    append_json_string(s, why);
  }
  return s + "}\n";
}

std::string norms_json(int64_t rows, const NormsSummary& n) {
  auto list = [](const std::vector<RowNorm>& v) {
    std::string s = "[";
    for (size_t i = 0; i < v.size(); ++i)
      s += std::string(i ? ", " : "") + "{\"row\": " + std::to_string(v[i].row) + ", \"norm\": " + number(v[i].norm) +
           "}";
    return s + "]";
  };
  std::string out =
      "{\"rows\": " + std::to_string(rows) + ", \"lowest\": " + list(n.lowest) + ", \"highest\": " + list(n.highest);
  if (n.nonfinite > 0) {
    out += ", \"non_finite\": [";
    for (size_t i = 0; i < n.nonfinite_rows.size(); ++i)
      out += std::string(i ? ", " : "") + "{\"row\": " + std::to_string(n.nonfinite_rows[i].row) + ", \"norm\": \"" +
             (std::isnan(n.nonfinite_rows[i].norm) ? "nan" : "inf") + "\"}";
    out += "], \"non_finite_count\": " + std::to_string(n.nonfinite);
  }
  return out + "}\n";
}

}  // namespace lv
