// table_facts.cpp — the one pass over a table (see the header).
#include "app/model/table_facts.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>

namespace lv::app {
namespace {

// The smallest |x| (as bits, sign cleared) whose rounding to `t` is not finite: float32's
// inf itself, float16's 65,520, bfloat16's 3.3961e38. Found from round_to, so the counts
// follow the rounding the table is read with (it is monotone in |x|).
uint32_t nonfinite_from(TableDtype t) {
  uint32_t lo = 0, hi = 0x7f800000u;  // round_to(lo) is finite, round_to(hi) is not
  while (hi - lo > 1) {
    const uint32_t mid = lo + (hi - lo) / 2;
    float f;
    std::memcpy(&f, &mid, 4);
    (std::isfinite(round_to(f, t)) ? lo : hi) = mid;
  }
  return hi;
}

// Adds rows × dim values' non-finite counts, per column, for every dtype.
void count_band(const float* rows, int64_t n, int64_t dim, std::vector<int64_t> (&counts)[3]) {
  static const uint32_t from16 = nonfinite_from(TableDtype::Float16);
  static const uint32_t from_bf16 = nonfinite_from(TableDtype::BFloat16);
  int64_t* c32 = counts[static_cast<int>(TableDtype::Float32)].data();
  int64_t* c16 = counts[static_cast<int>(TableDtype::Float16)].data();
  int64_t* cbf = counts[static_cast<int>(TableDtype::BFloat16)].data();
  for (int64_t i = 0; i < n; ++i) {
    const float* row = rows + i * dim;
    for (int64_t c = 0; c < dim; ++c) {
      uint32_t b;
      std::memcpy(&b, row + c, 4);
      b &= 0x7fffffffu;  // |x|: inf and NaN are the largest
      c32[c] += b >= 0x7f800000u;
      c16[c] += b >= from16;
      cbf[c] += b >= from_bf16;
    }
  }
}

}  // namespace

bool summarize_table(const float* table, const TableFile* file, int64_t vocab, int64_t dim, bool count_nonfinite,
                     JobControl& c, TableFacts& out) {
  const auto start = std::chrono::steady_clock::now();
  if (count_nonfinite)
    for (std::vector<int64_t>& n : out.nonfinite) n.assign(static_cast<size_t>(std::max<int64_t>(dim, 0)), 0);
  // The overview for far zoom (and the value range), one pass in bands of rows so
  // progress moves and cancel stays prompt. A file is read band by band into a small
  // buffer (converted from its dtype as read): ~4 MB at a time, so a 1 GB table costs
  // one pass over its pages and no copy. Each band is aggregated on its own, so its
  // blocks may differ from a whole-table aggregate by a row: fine for a picture.
  AggregateControl ac;
  ac.cancel = &c.cancel;
  const int64_t out_rows = std::min<int64_t>(vocab, 4096), out_cols = std::min<int64_t>(dim, 2048);
  Aggregate agg;
  agg.rows = out_rows;
  agg.cols = out_cols;
  agg.cells.resize(static_cast<size_t>(out_rows * out_cols));
  ValueRange range;
  float mn = 0, mx = 0;
  bool any = false;
  const int64_t rows_per_cell = (vocab + out_rows - 1) / std::max<int64_t>(out_rows, 1);
  const int64_t band =
      table ? 256 : std::clamp<int64_t>((int64_t{1} << 20) / std::max<int64_t>(1, rows_per_cell * dim), 1, 256);
  std::vector<float> rows_read;
  for (int64_t r = 0; r < out_rows; r += band) {
    const int64_t r1 = std::min(out_rows, r + band);
    const int64_t t0 = aggregate_block_start(r, vocab, out_rows), t1 = aggregate_block_start(r1, vocab, out_rows);
    const float* from = table ? table + t0 * dim : nullptr;
    if (!from) {
      rows_read.resize(static_cast<size_t>((t1 - t0) * dim));
      file->read_range(t0, t1 - t0, rows_read.data());  // NaN if the file shrank: the map shows it
      from = rows_read.data();
    }
    Aggregate part = aggregate_table(from, t1 - t0, dim, r1 - r, out_cols, AggregateMode::MaxAbs, ac);
    if (part.cancelled || c.cancelled()) return false;
    if (count_nonfinite) count_band(from, t1 - t0, dim, out.nonfinite);
    std::copy(part.cells.begin(), part.cells.end(), agg.cells.begin() + r * out_cols);
    range.finite += part.range.finite;
    range.nan += part.range.nan;
    range.inf += part.range.inf;
    if (part.range.finite > 0) {
      mn = any ? std::min(mn, part.range.min) : part.range.min;
      mx = any ? std::max(mx, part.range.max) : part.range.max;
      any = true;
    }
    c.progress.store(static_cast<float>(r1) / static_cast<float>(out_rows), std::memory_order_relaxed);
  }
  if (any) {
    range.min = mn;
    range.max = mx;
    range.abs_max = std::max(std::fabs(mn), std::fabs(mx));
  }
  // As the heat map's bytes: the float32 grid goes when the pass ends.
  Overview& overview = out.overview;
  overview.rows = agg.rows;
  overview.cols = agg.cols;
  overview.range = range;
  overview.norm = heatmap_norm(range.abs_max);
  overview.bytes.resize(agg.cells.size());
  for (size_t k = 0; k < agg.cells.size(); ++k) overview.bytes[k] = heatmap_encode(agg.cells[k], overview.norm);
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return true;
}

}  // namespace lv::app
