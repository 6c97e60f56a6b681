// heatmap_aggregate.cpp — see the header. The table is read once, row by row; each
// row's column blocks are folded into a per-cell accumulator row, which is finished
// when the row block ends. Work and memory: O(rows·cols) time, O(out_cols) extra.
#include "core/heatmap/heatmap_aggregate.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace lv {

int64_t aggregate_block_start(int64_t r, int64_t n, int64_t out) { return r * n / out; }  // floor

// The largest r with floor(r·n / out) <= i, i.e. r·n < (i + 1)·out.
int64_t aggregate_cell_of(int64_t i, int64_t n, int64_t out) { return ((i + 1) * out - 1) / n; }

namespace {

// Folds one value into the running range; the finite test x - x == 0 is false for
// NaN and ±inf.
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

// Four-lane vectors (GCC/clang vector extensions: SSE2 on every x86-64), two sets of
// them to break the dependency chains, without a branch per value. A Llama's table is
// 525 M values: the scalar fold above took 5 s of it, this one runs at memory speed.
using F4 = float __attribute__((vector_size(16)));
using I4 = int32_t __attribute__((vector_size(16)));

inline F4 load4(const float* p) {
  F4 v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
inline void store4(float* p, F4 v) { std::memcpy(p, &v, sizeof v); }
inline F4 select4(I4 m, F4 a, F4 b) {
  return reinterpret_cast<F4>((reinterpret_cast<I4>(a) & m) | (reinterpret_cast<I4>(b) & ~m));
}
inline F4 abs4(F4 x) { return reinterpret_cast<F4>(reinterpret_cast<I4>(x) & 0x7fffffff); }

struct Lanes {
  F4 lo, hi;
  I4 nans = {}, infs = {};
  explicit Lanes(float inf) : lo{inf, inf, inf, inf}, hi{-inf, -inf, -inf, -inf} {}
  void add(F4 x, float* best) {
    const F4 d = x - x;
    const I4 finite = d == d;  // 0 - 0 == 0; NaN otherwise
    const I4 nan = x != x;
    lo = select4(finite & (x < lo), x, lo);
    hi = select4(finite & (x > hi), x, hi);
    nans -= nan;  // a true lane is -1
    infs -= ~finite & ~nan;
    if (best) {
      const F4 b = load4(best);
      store4(best, select4((abs4(x) > abs4(b)) | nan, x, b));
    }
  }
};

// One row into the range and (when best is not null) into best[j], each column's value
// of largest magnitude so far, NaN sticky: the rule of MaxAbs, column by column.
void fold_row(const float* row, int64_t n, float* best, ValueRange& r, float& mn, float& mx) {
  const float inf = std::numeric_limits<float>::infinity();
  Lanes l0(inf), l1(inf);
  int64_t j = 0;
  for (; j + 8 <= n; j += 8) {
    l0.add(load4(row + j), best ? best + j : nullptr);
    l1.add(load4(row + j + 4), best ? best + j + 4 : nullptr);
  }
  int64_t nan_count = 0, inf_count = 0;
  for (const Lanes& l : {l0, l1})
    for (int k = 0; k < 4; ++k) {
      mn = std::min(mn, l.lo[k]);
      mx = std::max(mx, l.hi[k]);
      nan_count += l.nans[k];
      inf_count += l.infs[k];
    }
  r.nan += nan_count;
  r.inf += inf_count;
  r.finite += j - nan_count - inf_count;
  for (; j < n; ++j) {
    const float x = row[j];
    range_add(r, mn, mx, x);
    if (best && (std::fabs(x) > std::fabs(best[j]) || x != x)) best[j] = x;
  }
}

}  // namespace

ValueRange value_range(const float* data, size_t n) {
  ValueRange r;
  float mn = std::numeric_limits<float>::infinity(), mx = -mn;
  fold_row(data, static_cast<int64_t>(n), nullptr, r, mn, mx);
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
  const bool max_abs = mode == AggregateMode::MaxAbs;

  std::vector<double> sum(static_cast<size_t>(out_cols));  // Mean
  // MaxAbs: each column's value of largest |x| over the block's rows so far (NaN
  // sticky), folded into the cells when the block ends: the per-value work has no
  // cell boundaries in it. Equal magnitudes keep the earlier column's value.
  std::vector<float> best(max_abs ? static_cast<size_t>(cols) : 0);
  float mn = std::numeric_limits<float>::infinity(), mx = -mn;

  for (int64_t r = 0; r < out_rows; ++r) {
    const int64_t r0 = aggregate_block_start(r, rows, out_rows), r1 = aggregate_block_start(r + 1, rows, out_rows);
    std::fill(sum.begin(), sum.end(), 0.0);
    std::fill(best.begin(), best.end(), 0.0f);
    for (int64_t i = r0; i < r1; ++i) {
      const float* row = data + i * cols;
      fold_row(row, cols, max_abs ? best.data() : nullptr, a.range, mn, mx);
      if (!max_abs) {
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
      if (!max_abs) {
        const double count = nrows * static_cast<double>(col_start[k + 1] - col_start[k]);
        out[c] = static_cast<float>(sum[k] / count);
        continue;
      }
      float b = 0.0f;
      for (int64_t j = col_start[k]; j < col_start[k + 1]; ++j) {
        const float x = best[static_cast<size_t>(j)];
        if (x != x) {
          b = x;  // NaN wins over numbers
          break;
        }
        if (std::fabs(x) > std::fabs(b)) b = x;
      }
      out[c] = b;
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
