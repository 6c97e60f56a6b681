// map_grid.cpp — the map's grid index (see the header).
#include "core/nearest/map_grid.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace lv {
namespace {

float px(const MapGrid& g, int64_t r) { return g.coords[r * g.k + g.ax]; }
float py(const MapGrid& g, int64_t r) { return g.coords[r * g.k + g.ay]; }

int cell_of(float v, float lo, float hi, int n) {
  if (!(hi > lo)) return 0;
  const int c = static_cast<int>((v - lo) / (hi - lo) * static_cast<float>(n));
  return std::clamp(c, 0, n - 1);
}

}  // namespace

MapGrid build_map_grid(const float* coords, int64_t rows, int k, int ax, int ay) {
  MapGrid g;
  g.coords = coords, g.rows = rows, g.k = k, g.ax = ax, g.ay = ay;
  g.x0 = g.y0 = std::numeric_limits<float>::max();
  g.x1 = g.y1 = std::numeric_limits<float>::lowest();
  for (int64_t r = 0; r < rows; ++r) {
    const float x = px(g, r), y = py(g, r);
    if (!std::isfinite(x) || !std::isfinite(y)) continue;
    g.x0 = std::min(g.x0, x), g.x1 = std::max(g.x1, x), g.y0 = std::min(g.y0, y), g.y1 = std::max(g.y1, y);
    ++g.points;
  }
  if (g.points == 0) g.x0 = g.y0 = g.x1 = g.y1 = 0;
  const int side = std::clamp(static_cast<int>(std::sqrt(static_cast<double>(g.points) / 2.0)), 1, 1024);
  g.nx = g.ny = side;
  g.start.assign(static_cast<size_t>(side) * side + 1, 0);
  std::vector<int32_t> cell(static_cast<size_t>(rows), -1);
  for (int64_t r = 0; r < rows; ++r) {
    const float x = px(g, r), y = py(g, r);
    if (!std::isfinite(x) || !std::isfinite(y)) continue;
    const int c = cell_of(y, g.y0, g.y1, g.ny) * g.nx + cell_of(x, g.x0, g.x1, g.nx);
    cell[static_cast<size_t>(r)] = c;
    ++g.start[static_cast<size_t>(c) + 1];
  }
  for (size_t c = 1; c < g.start.size(); ++c) g.start[c] += g.start[c - 1];
  g.cell_rows.resize(static_cast<size_t>(g.points));
  std::vector<int32_t> fill(g.start.begin(), g.start.end() - 1);
  for (int64_t r = 0; r < rows; ++r)  // in row order: each cell's rows ascending
    if (cell[static_cast<size_t>(r)] >= 0)
      g.cell_rows[static_cast<size_t>(fill[static_cast<size_t>(cell[static_cast<size_t>(r)])]++)] =
          static_cast<int32_t>(r);
  return g;
}

int64_t map_grid_pick(const MapGrid& g, float x, float y, float sx, float sy, float radius_px) {
  if (g.points == 0 || !(sx > 0) || !(sy > 0)) return -1;
  const float rx = radius_px / sx, ry = radius_px / sy;
  const int cx0 = cell_of(x - rx, g.x0, g.x1, g.nx), cx1 = cell_of(x + rx, g.x0, g.x1, g.nx);
  const int cy0 = cell_of(y - ry, g.y0, g.y1, g.ny), cy1 = cell_of(y + ry, g.y0, g.y1, g.ny);
  if (x + rx < g.x0 || x - rx > g.x1 || y + ry < g.y0 || y - ry > g.y1) return -1;
  int64_t best = -1;
  float best_d = radius_px * radius_px;
  for (int cy = cy0; cy <= cy1; ++cy)
    for (int cx = cx0; cx <= cx1; ++cx) {
      const size_t c = static_cast<size_t>(cy) * static_cast<size_t>(g.nx) + static_cast<size_t>(cx);
      for (int32_t i = g.start[c]; i < g.start[c + 1]; ++i) {
        const int64_t r = g.cell_rows[static_cast<size_t>(i)];
        const float dx = (px(g, r) - x) * sx, dy = (py(g, r) - y) * sy, d = dx * dx + dy * dy;
        if (d < best_d || (d == best_d && (best < 0 || r < best))) best = r, best_d = d;
      }
    }
  return best;
}

std::vector<int64_t> map_grid_nearest(const MapGrid& g, int64_t row, int n) {
  std::vector<int64_t> out;
  if (row < 0 || row >= g.rows || n <= 0) return out;
  const float x = px(g, row), y = py(g, row);
  if (!std::isfinite(x) || !std::isfinite(y)) return out;
  const float cw = (g.x1 - g.x0) / static_cast<float>(g.nx), ch = (g.y1 - g.y0) / static_cast<float>(g.ny);
  const int cx = cell_of(x, g.x0, g.x1, g.nx), cy = cell_of(y, g.y0, g.y1, g.ny);
  std::vector<std::pair<double, int64_t>> found;  // (squared distance, row)
  for (int ring = 0; ring <= std::max(g.nx, g.ny); ++ring) {
    for (int yy = cy - ring; yy <= cy + ring; ++yy)
      for (int xx = cx - ring; xx <= cx + ring; ++xx) {
        if (std::max(std::abs(yy - cy), std::abs(xx - cx)) != ring || xx < 0 || yy < 0 || xx >= g.nx || yy >= g.ny)
          continue;
        const size_t c = static_cast<size_t>(yy) * static_cast<size_t>(g.nx) + static_cast<size_t>(xx);
        for (int32_t i = g.start[c]; i < g.start[c + 1]; ++i) {
          const int64_t r = g.cell_rows[static_cast<size_t>(i)];
          if (r == row) continue;
          const double dx = px(g, r) - x, dy = py(g, r) - y;
          found.emplace_back(dx * dx + dy * dy, r);
        }
      }
    // Every point outside the rings seen so far is at least `ring` cells away: once n are
    // nearer than that, none outside can enter.
    if (static_cast<int>(found.size()) >= n) {
      std::sort(found.begin(), found.end());
      const double reach = static_cast<double>(ring) * std::min(cw, ch);
      if (found[static_cast<size_t>(n - 1)].first <= reach * reach || ring >= std::max(g.nx, g.ny)) break;
    }
  }
  std::sort(found.begin(), found.end());
  for (size_t i = 0; i < found.size() && static_cast<int>(i) < n; ++i) out.push_back(found[i].second);
  return out;
}

}  // namespace lv
