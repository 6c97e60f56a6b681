// heatmap_axis_test.cpp — the heat map's one row ↔ pixel mapping (core/heatmap/heatmap_axis.hpp):
// both directions agree, with more rows than pixels and fewer, zoomed in and out.
#include "core/heatmap/heatmap_axis.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

namespace {

struct Case {
  int64_t rows;         // the table's rows
  double first, count;  // the visible rows
  double px;            // the map's height
};

// Whole tables and zoomed views; more rows than pixels (GPT-2 on 600 px) and fewer.
const Case kCases[] = {
    {1, 0.0, 1.0, 37.0},
    {4, 0.0, 4.0, 300.0},
    {7, 0.0, 7.0, 7.0},
    {13, 0.0, 13.0, 600.0},
    {600, 0.0, 600.0, 600.0},
    {601, 0.0, 601.0, 600.0},
    {1000, 0.0, 1000.0, 333.0},
    {50257, 0.0, 50257.0, 600.0},
    {50257, 0.0, 50257.0, 1.0},
    {50257, 1234.5, 17.25, 480.0},
    {50257, 20000.25, 3000.5, 211.0},
    {10'000'000, 0.0, 10'000'000.0, 2160.0},
    {128000, 127000.0, 1000.0, 999.0},
    {96, 10.75, 4.0, 800.0},
};

TEST(HeatmapAxis, EveryPixelShowsTheRowWhoseBandHoldsItsCentre) {  // pixel → row → pixel
  for (const Case& c : kCases) {
    const lv::HeatmapAxis a{c.first, c.count, c.px};
    for (int p = 0; p < static_cast<int>(c.px); ++p) {
      const double centre = p + 0.5;
      const int64_t row = a.row_index_at(centre, c.rows);
      ASSERT_GE(row, 0);
      ASSERT_LT(row, c.rows);
      // The row's band on screen holds the pixel's centre.
      EXPECT_LE(a.offset_of(static_cast<double>(row)), centre + 1e-9) << c.rows << " rows, pixel " << p;
      EXPECT_GT(a.offset_of(static_cast<double>(row) + 1.0), centre - 1e-9) << c.rows << " rows, pixel " << p;
      // And the fractional row maps back to the very pixel offset.
      EXPECT_NEAR(a.offset_of(a.row_at(centre)), centre, 1e-6 * c.px) << c.rows << " rows, pixel " << p;
    }
  }
}

TEST(HeatmapAxis, EveryVisibleRowLandsOnAPixelThatShowsItOrItsNeighbours) {  // row → pixel → row
  for (const Case& c : kCases) {
    const lv::HeatmapAxis a{c.first, c.count, c.px};
    const int64_t r0 = static_cast<int64_t>(std::floor(c.first));
    const int64_t r1 = std::min<int64_t>(c.rows, static_cast<int64_t>(std::ceil(c.first + c.count)));
    const int64_t stride = std::max<int64_t>(1, (r1 - r0) / 5000);  // ten million rows: a sample
    for (int64_t row = r0; row < r1; row += stride) {
      const double centre = a.offset_of(static_cast<double>(row) + 0.5);
      EXPECT_NEAR(a.row_at(centre), static_cast<double>(row) + 0.5, 1e-9 * c.rows) << c.rows << " rows, row " << row;
      if (centre < 0.0 || centre >= c.px) continue;   // a row cut by a zoomed view's edge
      const double pixel = std::floor(centre) + 0.5;  // the pixel its centre falls in
      const int64_t shown = a.row_index_at(pixel, c.rows);
      if (a.pixels_per_row() >= 1.0) {
        // Fewer rows than pixels: a row's centre pixel shows that row.
        EXPECT_EQ(shown, row) << c.rows << " rows over " << c.px << " px";
      } else {
        // More rows than pixels: the pixel shows a row within one pixel's worth of rows.
        EXPECT_LE(std::abs(static_cast<double>(shown - row)), a.rows_per_pixel() + 1.0)
            << c.rows << " rows over " << c.px << " px, row " << row;
      }
    }
  }
}

TEST(HeatmapAxis, TheWholeTableSpansTheWholeMap) {
  for (const Case& c : kCases) {
    if (c.first != 0.0 || c.count != static_cast<double>(c.rows)) continue;
    const lv::HeatmapAxis a{c.first, c.count, c.px};
    EXPECT_DOUBLE_EQ(a.offset_of(0.0), 0.0);
    EXPECT_DOUBLE_EQ(a.offset_of(static_cast<double>(c.rows)), c.px);
    EXPECT_EQ(a.row_index_at(0.0, c.rows), 0);
    EXPECT_EQ(a.row_index_at(c.px - 1e-9, c.rows), c.rows - 1);
    EXPECT_EQ(a.row_index_at(-5.0, c.rows), 0);  // outside the map: clamped
    EXPECT_EQ(a.row_index_at(c.px + 5.0, c.rows), c.rows - 1);
    EXPECT_DOUBLE_EQ(a.rows_per_pixel() * a.pixels_per_row(), c.px >= 1.0 ? 1.0 : c.px);
  }
}

TEST(HeatmapAxis, AZoomKeepsTheRowUnderTheCursorAndADragMovesByItsPixels) {
  const lv::HeatmapAxis before{1000.0, 400.0, 500.0};
  const double cursor = 123.0, row = before.row_at(cursor);
  lv::HeatmapAxis zoomed{0.0, 100.0, 500.0};
  zoomed.first = zoomed.first_keeping(row, cursor);
  EXPECT_NEAR(zoomed.row_at(cursor), row, 1e-9);
  EXPECT_NEAR(before.rows_in(50.0), 40.0, 1e-12);  // 0.8 rows a pixel
}

}  // namespace
