// heatmap_aggregate.cpp — see the header. The table is read once, row by row; each
// row's column blocks are folded into a per-cell accumulator row, which is finished
// when the row block ends. Work and memory: O(rows·cols) time, O(out_cols) extra.
#include "core/heatmap_aggregate.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace lv {

int64_t aggregate_block_start(int64_t r, int64_t n, int64_t out) { return r * n / out; }  // floor

// The largest r with floor(r·n / out) <= i, i.e. r·n < (i + 1)·out.
int64_t aggregate_cell_of(int64_t i, int64_t n, int64_t out) { return ((i + 1) * out - 1) / n; }

namespace {

// Folds one row segment into the running range; the finite test x - x == 0 is false
// for NaN and ±inf.
inline void range_add(ValueRange& r, float& mn, float& mx, float x) {
  if (x - x == 0.0f) {
    mn = std::min(mn, x);
    mx = std::max(mx, x);
    ++r.finite;
  } else if (std::isnan(x)) {
    ++r.nan;
  } else {
    ++r.inf;
  }
}

}  // namespace

ValueRange value_range(const float* data, size_t n) {
  ValueRange r;
  float mn = std::numeric_limits<float>::infinity(), mx = -mn;
  for (size_t i = 0; i < n; ++i) range_add(r, mn, mx, data[i]);
  if (r.finite > 0) {
    r.min = mn;
    r.max = mx;
    r.abs_max = std::max(std::fabs(mn), std::fabs(mx));
  }
  return r;
}

Aggregate aggregate_table(const float* data, int64_t rows, int64_t cols, int64_t out_rows, int64_t out_cols,
                          AggregateMode mode, const AggregateControl& control) {
  Aggregate a;
  if (rows <= 0 || cols <= 0 || data == nullptr) return a;
  out_rows = std::clamp<int64_t>(out_rows, 1, rows);
  out_cols = std::clamp<int64_t>(out_cols, 1, cols);
  a.rows = out_rows;
  a.cols = out_cols;
  a.cells.assign(static_cast<size_t>(out_rows * out_cols), 0.0f);

  // Column block c spans [col_start[c], col_start[c + 1]).
  std::vector<int64_t> col_start(static_cast<size_t>(out_cols) + 1);
  for (int64_t c = 0; c <= out_cols; ++c) col_start[static_cast<size_t>(c)] = aggregate_block_start(c, cols, out_cols);
  const bool one_col_per_cell = out_cols == cols;

  std::vector<double> sum(static_cast<size_t>(out_cols));   // Mean
  std::vector<float> best(static_cast<size_t>(out_cols));   // MaxAbs: value of largest |x|
  std::vector<unsigned char> has_nan(static_cast<size_t>(out_cols));
  float mn = std::numeric_limits<float>::infinity(), mx = -mn;

  for (int64_t r = 0; r < out_rows; ++r) {
    const int64_t r0 = aggregate_block_start(r, rows, out_rows), r1 = aggregate_block_start(r + 1, rows, out_rows);
    std::fill(sum.begin(), sum.end(), 0.0);
    std::fill(best.begin(), best.end(), 0.0f);
    std::fill(has_nan.begin(), has_nan.end(), 0);
    for (int64_t i = r0; i < r1; ++i) {
      const float* row = data + i * cols;
      for (int64_t j = 0; j < cols; ++j) range_add(a.range, mn, mx, row[j]);
      if (mode == AggregateMode::Mean) {
        if (one_col_per_cell) {
          for (int64_t j = 0; j < cols; ++j) sum[static_cast<size_t>(j)] += row[j];
        } else {
          for (int64_t c = 0; c < out_cols; ++c) {
            // Two partial sums break the add chain; a heat map needs no exact order.
            double s0 = 0.0, s1 = 0.0;
            int64_t j = col_start[static_cast<size_t>(c)];
            const int64_t j1 = col_start[static_cast<size_t>(c) + 1];
            for (; j + 1 < j1; j += 2) {
              s0 += row[j];
              s1 += row[j + 1];
            }
            if (j < j1) s0 += row[j];
            sum[static_cast<size_t>(c)] += s0 + s1;
          }
        }
      } else {
        for (int64_t c = 0; c < out_cols; ++c) {
          float b = best[static_cast<size_t>(c)];
          const int64_t j1 = col_start[static_cast<size_t>(c) + 1];
          for (int64_t j = col_start[static_cast<size_t>(c)]; j < j1; ++j) {
            const float x = row[j];
            if (std::fabs(x) > std::fabs(b)) b = x;
            else if (x != x) has_nan[static_cast<size_t>(c)] = 1;
          }
          best[static_cast<size_t>(c)] = b;
        }
      }
      if ((i & 63) == 63) {  // every 64 rows: cheap enough, and a few ms at most between checks
        if (control.rows_done) control.rows_done->store(i + 1, std::memory_order_relaxed);
        if (control.cancel && control.cancel->load(std::memory_order_relaxed)) {
          a.cells.clear();
          a.range = {};
          a.cancelled = true;
          return a;
        }
      }
    }
    float* out = a.cells.data() + r * out_cols;
    const double nrows = static_cast<double>(r1 - r0);
    for (int64_t c = 0; c < out_cols; ++c) {
      const size_t k = static_cast<size_t>(c);
      if (mode == AggregateMode::Mean) {
        const double count = nrows * static_cast<double>(col_start[k + 1] - col_start[k]);
        out[c] = static_cast<float>(sum[k] / count);
      } else {
        out[c] = has_nan[k] ? std::numeric_limits<float>::quiet_NaN() : best[k];
      }
    }
  }
  if (control.rows_done) control.rows_done->store(rows, std::memory_order_relaxed);
  if (a.range.finite > 0) {
    a.range.min = mn;
    a.range.max = mx;
    a.range.abs_max = std::max(std::fabs(mn), std::fabs(mx));
  }
  return a;
}

uint8_t heatmap_encode(float v, float norm) {
  const float t = v * norm;
  if (std::isnan(t)) return 255;
  const float a = std::sqrt(std::min(std::fabs(t), 1.0f));
  const int q = static_cast<int>(a * 127.0f + 0.5f);
  return static_cast<uint8_t>(t < 0.0f ? 127 - q : 127 + q);
}

float heatmap_decode(uint8_t b) {
  if (b == 255) return std::numeric_limits<float>::quiet_NaN();
  const float s = (static_cast<float>(b) - 127.0f) / 127.0f;
  return s < 0.0f ? -s * s : s * s;
}

}  // namespace lv
