// nearest.hpp — what a row means: the k nearest rows of the whole table to one row (or
// to any vector: slide 8's hidden state), by cosine, dot product or L2, and every row's
// L2 norm (never-trained rows keep their initialization's norm; Land & Bartolo 2024).
//
//   nearest_rows     the k nearest rows to row `row` (the row itself left out), best first
//   nearest_to       the same for a query vector (nothing left out unless asked)
//   row_norms        every row's L2 norm (cached per table; edited rows read with their edits)
//   summarize_norms  the k lowest and highest rows by norm and a histogram, for the UI
//
// How the table is read: once, whole, in its stored dtype where it lies (a seeded
// float32 table, or a file's F32/F16/BF16 rows in the mapping, under the SIGBUS guard),
// a block of rows at a time by core/nearest/nearest_kernels.hpp's SIMD kernel, which
// gives each row's dot product with the query, its squared norm and its squared
// distance in the same read. A view whose dtype rounds the stored values (a float32
// table shown as bfloat16), a Fortran-order or float64 file is read through
// TableView::read_range (converted, rounded) a block at a time. Edited rows are read
// again with their edits (TableView::read_row). The blocks are shared out to
// `threads` threads (default: every core) through one atomic counter; between blocks
// each checks `cancel` and adds its rows to `rows_done`.
//
// Scores: cosine = q·r / max(|q|·|r|, 1e-8), clamped to [-1, 1], higher first; dot = q·r,
// higher first; l2 = |q − r| (the distance), lower first. The scan's float32 sums only
// choose candidates: the best k + kNearestRescore rows it finds are scored again in double
// from their values (a float's product is exact in double), and that score ranks them and
// is printed. A cosine within kCosineSnap (1e-12) of ±1 is ±1: so a copy of the query and
// a positive multiple of it (whose float32 rounding moves the cosine by ~1e-16) score
// exactly 1 and are not ordered by rounding noise; a copy scores 0 by l2. Equal scores go
// by the lower row. A row whose score is not a finite number (NaN or
// inf in the table, a file that changed underneath) is never listed: `unscored` counts them.
#pragma once
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/io/table_view.hpp"
#include "core/nearest/nearest_kernels.hpp"

namespace lv {

enum class NearestMetric { kCosine, kDot, kL2 };
const char* nearest_metric_name(NearestMetric m);  // "cosine", "dot", "l2"
bool parse_nearest_metric(std::string_view text, NearestMetric* m);
inline bool higher_is_better(NearestMetric m) { return m != NearestMetric::kL2; }

// The most neighbours (and lowest/highest rows) one request lists.
inline constexpr int64_t kMaxNearestK = 10'000;
// Candidates beyond k the scan keeps for the double-precision ranking (see above).
inline constexpr int64_t kNearestRescore = 256;
// A cosine this close to ±1 is ±1 (see above).
inline constexpr double kCosineSnap = 1e-12;

struct NearestControl {
  const std::atomic<bool>* cancel = nullptr;  // = null  // set: the scan stops at its next block
  std::atomic<int64_t>* rows_done = nullptr;  // = null  // rows scanned so far (added per block)
  std::atomic<float>* fraction = nullptr;     // = null  // the same as a share of the table, 0..1 (a job's bar)
  int threads = 0;                            // = 0     // 0: every core (std::thread::hardware_concurrency)
  NearestPath path = NearestPath::kAuto;      // = auto  // tests force scalar / avx2 / avx512
};

struct Neighbour {
  int64_t row = 0;
  double score = 0;  // see the metric
};

struct NearestResult {
  bool ok = false;  // false: cancelled, or `error`
  bool cancelled = false;
  std::string error;                  // one sentence (a row outside the table, k out of range)
  bool file_changed = false;          // a read found the file truncated or replaced (its rows were left out)
  std::vector<Neighbour> neighbours;  // best first, at most k
  int64_t unscored = 0;               // rows left out: their score is not a finite number
};

// The k nearest rows to row `row` of t (its edits applied), `row` left out.
NearestResult nearest_rows(const TableView& t, int64_t row, int64_t k, NearestMetric metric,
                           const NearestControl& control = {});
// The k nearest rows to q (t.cols() floats); `exclude` (or -1) is left out.
NearestResult nearest_to(const TableView& t, const float* q, int64_t exclude, int64_t k, NearestMetric metric,
                         const NearestControl& control = {});

struct RowNorms {
  bool ok = false;  // false: cancelled
  bool file_changed = false;
  std::shared_ptr<const std::vector<float>> norms;  // V entries: |row|₂ with the edits
};
// Every row's L2 norm. The base's norms (without edits) are kept per table and dtype
// (the last few tables, a weak reference each: a closed table's entry goes) and come
// from any whole-table pass, a search's too; rows with edits are read again each call,
// so an edit never shows a stale norm.
RowNorms row_norms(const TableView& t, const NearestControl& control = {});
// Whether row_norms(t) would read the table (false: it answers from the cache).
bool row_norms_cached(const TableView& t);
void clear_row_norm_cache();  // tests

struct RowNorm {
  int64_t row = 0;
  double norm = 0;
};
struct NormsSummary {
  std::vector<RowNorm> lowest;          // ascending, ties by lower row
  std::vector<RowNorm> highest;         // descending, ties by lower row
  double min = 0, max = 0;              // over the finite norms
  std::vector<int64_t> bins;            // histogram of the finite norms over [min, max], equal widths
  int64_t nonfinite = 0;                // rows whose norm is inf or NaN (in no bin, not in lowest/highest)
  std::vector<RowNorm> nonfinite_rows;  // the first k of them, ascending by row (norm: inf or NaN)
};
NormsSummary summarize_norms(const std::vector<float>& norms, int64_t k, int bins);

// {"id": 5, "metric": "cosine", "neighbours": [{"row": 1, "score": 0.5}, …]}\n; with `why`
// (no row could be listed) also , "why": "…".
std::string nearest_json(int64_t id, NearestMetric metric, const std::vector<Neighbour>& neighbours,
                         const std::string& why = "");
// {"rows": V, "lowest": [{"row": r, "norm": n}, …], "highest": [...]}\n; with non-finite
// norms also , "non_finite": [{"row": r, "norm": "inf"|"nan"}, …] (the first k, by row) and
// "non_finite_count": N (JSON has no inf or NaN number).
std::string norms_json(int64_t rows, const NormsSummary& s);

}  // namespace lv
