// map_grid.hpp — which point of the map (every row at two of its principal coordinates,
// core/nearest/table_pca.hpp) lies under the cursor, without looking at every row: a
// uniform grid over the points' bounding box, built once per map and pair of axes, each
// cell listing its points. A query looks only at the cells its radius touches.
//
//   MapGrid g = build_map_grid(coords, rows, k, 0, 1);   // axes 0 and 1 of V × k coordinates
//   int64_t row = map_grid_pick(g, coords, x, y, sx, sy, 6.0f);   // -1: none within 6 px
//
// Rows whose coordinates are not finite (left out of the map) are in no cell.
#pragma once
#include <cstdint>
#include <vector>

namespace lv {

struct MapGrid {
  const float* coords = nullptr;  // borrowed: V × k, row-major
  int64_t rows = 0;
  int k = 0, ax = 0, ay = 1;             // the axes: coordinates ax and ay of each row
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // the finite points' bounding box
  int nx = 1, ny = 1;                    // cells across and down
  std::vector<int32_t> start;            // nx·ny + 1: cell c holds rows[start[c] .. start[c + 1])
  std::vector<int32_t> cell_rows;        // the rows, cell by cell (ascending in a cell)
  int64_t points = 0;                    // rows with finite coordinates
};

// About two points a cell on average (at most 1,024 cells a side).
MapGrid build_map_grid(const float* coords, int64_t rows, int k, int ax, int ay);

// The row whose point is nearest to (x, y) — in pixels: the axes scaled by sx and sy pixels
// a unit — within radius_px; -1 when none is. Ties go to the lower row.
int64_t map_grid_pick(const MapGrid& g, float x, float y, float sx, float sy, float radius_px);

// The n rows nearest to row `row` on the map (plane distance, the row itself left out),
// nearest first; ties to the lower row. Looks at rings of cells outward from the row's.
std::vector<int64_t> map_grid_nearest(const MapGrid& g, int64_t row, int n);

}  // namespace lv
