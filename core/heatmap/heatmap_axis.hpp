// heatmap_axis.hpp — the heat map's one row ↔ pixel mapping (columns use it too).
// The widget (hover, axes, outlines, numbers, the CPU fallback), the GL renderer (its
// quads, how many rows a pixel covers) and slide 7's readout all map through it.
//
// An axis shows the table rows [first, first + count) (fractional: a zoomed view starts
// inside a row) over `px` pixels. Pixels are offsets from the map's edge (the caller
// adds the map's screen position): row r's top edge is at offset_of(r), its centre at
// offset_of(r + 0.5); the pixel [y, y + 1) shows row_index_at(y + 0.5).
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>

namespace lv {

struct HeatmapAxis {
  double first = 0.0;  // the first visible table row (fractional)
  double count = 1.0;  // how many rows are visible (> 0)
  double px = 1.0;     // over this many pixels (> 0)

  // Pixels from the map's edge to (fractional) row `row`.
  double offset_of(double row) const { return (row - first) / count * px; }
  // The (fractional) row `offset` pixels from the map's edge: offset_of's inverse.
  double row_at(double offset) const { return first + rows_in(offset); }
  // How many rows `pixels` pixels cover (a drag's distance in rows).
  double rows_in(double pixels) const { return pixels / px * count; }
  // The first row that puts `row` at `offset` pixels (a zoom keeps the row under the cursor).
  double first_keeping(double row, double offset) const { return row - rows_in(offset); }
  // The table row under `offset` (floor of row_at), clamped to [0, rows - 1].
  int64_t row_index_at(double offset, int64_t rows) const {
    return std::clamp<int64_t>(static_cast<int64_t>(std::floor(row_at(offset))), 0, std::max<int64_t>(0, rows - 1));
  }
  double rows_per_pixel() const { return count / std::max(1.0, px); }
  double pixels_per_row() const { return px / count; }
};

}  // namespace lv
