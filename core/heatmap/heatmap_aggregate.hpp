// heatmap_aggregate.hpp — shrink a big table (e.g. 50,257 × 768) to a grid a GL texture
// can hold (many GL implementations cap a texture side at 16,384): each output cell
// summarizes one block of the table. One pass over the table in memory order,
// cancellable, with progress; plus the value range for a diverging colour scale.
//
// Blocks: output row r covers table rows [r·rows/out_rows, (r+1)·rows/out_rows)
// (integer division), likewise for columns, so blocks differ in size by at most one
// and together cover the table exactly.
#pragma once
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace lv {

enum class AggregateMode {
  Mean,    // the block's mean (in double); NaN/inf propagate, so a broken block shows
  MaxAbs,  // the block's value of largest magnitude, sign kept; NaN wins over numbers
};

// Min, max and largest |x| of the finite values; NaN and ±inf are counted, not used.
struct ValueRange {
  float min = 0.0f, max = 0.0f, abs_max = 0.0f;  // 0 when there is no finite value
  int64_t finite = 0, nan = 0, inf = 0;
};
ValueRange value_range(const float* data, size_t n);

struct AggregateControl {
  const std::atomic<bool>* cancel = nullptr;  // set it (from any thread) to stop early
  std::atomic<int64_t>* rows_done = nullptr;  // table rows processed so far, for a progress bar
};

struct Aggregate {
  int64_t rows = 0, cols = 0;  // the grid actually produced (out sizes clamped to the table's)
  std::vector<float> cells;    // rows × cols, row-major
  ValueRange range;            // of the whole table (not of the cells), from the same pass
  bool cancelled = false;      // true: cells is empty
};

// data: rows × cols float32, row-major. out_rows/out_cols are clamped to [1, rows] and
// [1, cols]. Empty tables give an empty grid.
Aggregate aggregate_table(const float* data, int64_t rows, int64_t cols, int64_t out_rows, int64_t out_cols,
                          AggregateMode mode, const AggregateControl& control = {});

// The output cell (row or column) holding table row/column i for a grid of out cells.
int64_t aggregate_cell_of(int64_t i, int64_t n, int64_t out);
// The first table row/column of output cell r (cell r ends where cell r + 1 starts).
int64_t aggregate_block_start(int64_t r, int64_t n, int64_t out);

// The heat map's texture byte for value v (norm = 1 / the table's largest |value|):
// t = v · norm clamped to [−1, 1] (±inf land on the ends), stored as
// b = 127 + round(127 · sign(t)·√|t|); NaN is 255. The square root spends the 127
// steps a side where the colour map needs them: the smallest nonzero |t| is 6e-5,
// and one step moves the colour by < 1 % of its ramp. shaders/heatmap.frag decodes
// it like heatmap_decode.
uint8_t heatmap_encode(float v, float norm);
// The norm for a table whose largest finite |value| is abs_max (1 when it has none).
inline float heatmap_norm(float abs_max) {
  return 1.0f / (abs_max > 1e-30f ? abs_max : abs_max > 0.0f ? 1e-30f : 1.0f);
}
float heatmap_decode(uint8_t b);  // t back (NaN for 255)

}  // namespace lv
