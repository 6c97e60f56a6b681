// map_grid_test.cpp — the map's grid index (core/nearest/map_grid.hpp) against a scan of
// every point: the pick under a cursor (any scale, radius, axes) and the n nearest on the
// map; points that are not finite are in no cell.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "core/nearest/map_grid.hpp"

namespace lv {
namespace {

// V × 3 coordinates: clusters and a spread, a few NaN rows, a few exact duplicates.
std::vector<float> points(int64_t v, uint32_t seed) {
  std::mt19937 gen(seed);
  std::normal_distribution<float> n(0.0f, 1.0f);
  std::vector<float> c(static_cast<size_t>(v * 3));
  for (int64_t r = 0; r < v; ++r)
    for (int a = 0; a < 3; ++a)
      c[static_cast<size_t>(r * 3 + a)] = n(gen) * (r % 3 == 0 ? 0.05f : 2.0f) + (a == 1 ? 10.0f : 0.0f);
  for (int64_t r = 5; r < v; r += 97) c[static_cast<size_t>(r * 3)] = std::numeric_limits<float>::quiet_NaN();
  for (int64_t r = 11; r < v; r += 211)
    for (int a = 0; a < 3; ++a) c[static_cast<size_t>(r * 3 + a)] = c[static_cast<size_t>((r - 1) * 3 + a)];
  return c;
}

int64_t scan_pick(const std::vector<float>& c, int64_t v, int ax, int ay, float x, float y, float sx, float sy,
                  float radius) {
  int64_t best = -1;
  float best_d = radius * radius;
  for (int64_t r = 0; r < v; ++r) {
    const float px = c[static_cast<size_t>(r * 3 + ax)], py = c[static_cast<size_t>(r * 3 + ay)];
    if (!std::isfinite(px) || !std::isfinite(py)) continue;
    const float dx = (px - x) * sx, dy = (py - y) * sy, d = dx * dx + dy * dy;
    if (d < best_d || (d == best_d && (best < 0 || r < best))) best = r, best_d = d;
  }
  return best;
}

TEST(MapGrid, PickEqualsAScanOfEveryPoint) {
  const int64_t v = 5000;
  const std::vector<float> c = points(v, 1);
  std::mt19937 gen(2);
  std::uniform_real_distribution<float> u(-8.0f, 8.0f);
  int hits = 0;
  for (auto [ax, ay] : {std::pair{0, 1}, std::pair{0, 2}, std::pair{1, 2}}) {
    const MapGrid g = build_map_grid(c.data(), v, 3, ax, ay);
    EXPECT_EQ(g.points, v - (v - 5 + 96) / 97 * (ax == 0 ? 1 : 0));
    for (int q = 0; q < 2000; ++q) {
      const float x = u(gen), y = u(gen) + (ay == 1 ? 10.0f : 0.0f);
      const float sx = std::exp(u(gen) * 0.6f), sy = sx * (q % 2 ? 1.0f : 0.5f), radius = q % 3 ? 6.0f : 30.0f;
      const int64_t want = scan_pick(c, v, ax, ay, x, y, sx, sy, radius);
      ASSERT_EQ(map_grid_pick(g, x, y, sx, sy, radius), want) << ax << ay << " at " << x << ", " << y;
      hits += want >= 0;
    }
  }
  EXPECT_GT(hits, 500);  // the queries find points, not only empty space
}

TEST(MapGrid, NearestOnTheMapEqualsASort) {
  const int64_t v = 3000;
  const std::vector<float> c = points(v, 3);
  const MapGrid g = build_map_grid(c.data(), v, 3, 0, 1);
  for (int64_t row : {0, 1, 10, 11, 299, 1500, 2999}) {
    std::vector<std::pair<double, int64_t>> all;
    for (int64_t r = 0; r < v; ++r) {
      const double dx = c[static_cast<size_t>(r * 3)] - c[static_cast<size_t>(row * 3)];
      const double dy = c[static_cast<size_t>(r * 3 + 1)] - c[static_cast<size_t>(row * 3 + 1)];
      if (r != row && std::isfinite(dx)) all.emplace_back(dx * dx + dy * dy, r);
    }
    std::sort(all.begin(), all.end());
    const std::vector<int64_t> got = map_grid_nearest(g, row, 5);
    ASSERT_EQ(got.size(), 5u) << row;
    for (size_t i = 0; i < 5; ++i) EXPECT_EQ(got[i], all[i].second) << row << " #" << i;
  }
  EXPECT_TRUE(map_grid_nearest(g, 5, 5).empty());  // row 5 is NaN: not on the map
}

TEST(MapGrid, EmptyAndDegenerateMaps) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const std::vector<float> none = {nan, nan, nan, nan, nan, nan};
  const MapGrid e = build_map_grid(none.data(), 2, 3, 0, 1);
  EXPECT_EQ(e.points, 0);
  EXPECT_EQ(map_grid_pick(e, 0, 0, 1, 1, 100), -1);
  const std::vector<float> same = {1, 1, 1, 1, 1, 1, 1, 1, 1};  // three rows at one point
  const MapGrid s = build_map_grid(same.data(), 3, 3, 0, 1);
  EXPECT_EQ(map_grid_pick(s, 1, 1, 10, 10, 1), 0);   // the lowest row of a tie
  EXPECT_EQ(map_grid_pick(s, 3, 1, 10, 10, 5), -1);  // 20 px away
  EXPECT_EQ(map_grid_nearest(s, 1, 5), (std::vector<int64_t>{0, 2}));
}

}  // namespace
}  // namespace lv
