// widget_matrix_grid.hpp — a matrix drawn as a grid of numbers with row (and column)
// labels, the way the page draws "weight table · 4 × 5". It borrows the numbers
// (pointer + shape + row stride) and asks a callback how to style each cell.
// Big matrices are not squeezed: at most max_rows × max_cols cells are shown and the
// rest scrolls (mouse wheel; Shift+wheel for columns), with a "rows a–b of V" note.
//
//   GridLayout g = grid_layout(pos, rows, cols, view, style);   // where every cell is
//   grid_draw(dl, g, data, stride, style, [](int r, int c) { return CellStyle{...}; });
//   grid_interact(g, view, "table");                            // wheel, hover, drag
#pragma once
#include <imgui.h>

#include <cstdint>
#include <cstdio>

#include "app/ui_base/layout_report.hpp"
#include "app/ui_base/measure_pass.hpp"
#include "app/ui_base/ui_theme.hpp"

namespace lv::app {

// The scroll position of one matrix grid: kept by its owner, followed and scrolled here.
struct GridView {
  int first_row = 0, first_col = 0;
};

struct GridStyle {
  const char* name = "matrix";         // what the layout report calls it ("weight table")
  const char* number_format = "%.2f";  // like the page; "%.0f" for one-hot
  float cell_w = 3.3f;                 // "-2.84" and a margin
  float cell_h = 1.55f;                // in em
  int max_rows = 16;                   // more rows scroll
  int max_cols = 12;                   // more columns scroll
  bool row_labels = true;              // 0, 1, 2, … at the left
  bool col_labels = false;             // 0, 1, 2, … on top
  bool integers = false;               // data holds int64 (one-hot)
};

// The same style under another name (for the layout report): grid_draw_frame(dl, g, named(gs, "x"), pal).
inline GridStyle named(GridStyle s, const char* name) {
  s.name = name;
  return s;
}

struct CellStyle {
  ImU32 bg = 0;        // fill (0: none)
  ImU32 text = 0;      // number colour (0: the theme's text, or text_on(bg) where that does not read)
  float alpha = 1.0f;  // the whole cell fades with this
  ImU32 outline = 0;   // border (0: none)
  bool hide = false;   // draw an empty slot instead of the number
};

struct GridLayout {
  ImVec2 pos;              // top-left of the whole widget (labels included)
  ImVec2 cells;            // top-left of cell (first_row, first_col)
  float cw = 0, ch = 0;    // one cell, in pixels
  int rows = 0, cols = 0;  // the matrix
  int first_row = 0, first_col = 0, shown_rows = 0, shown_cols = 0;
  ImVec2 size;  // the whole widget

  bool row_shown(int r) const { return r >= first_row && r < first_row + shown_rows; }
  bool col_shown(int c) const { return c >= first_col && c < first_col + shown_cols; }
  // Screen rect of a cell; rows/columns outside the window are clamped to its edge.
  ImVec2 cell_min(int r, int c) const;
  ImVec2 cell_max(int r, int c) const {
    ImVec2 m = cell_min(r, c);
    return ImVec2(m.x + cw, m.y + ch);
  }
  ImVec2 row_min(int r) const { return cell_min(r, first_col); }
  ImVec2 row_max(int r) const { return cell_max(r, first_col + shown_cols - 1); }
  ImVec2 row_label_center(int r) const;
  ImVec2 cells_max() const { return ImVec2(cells.x + cw * shown_cols, cells.y + ch * shown_rows); }
};

// A matrix of up to this many rows and columns is always drawn whole: when it does
// not fit, the canvas shrinks its type (app/deck/canvas_fit.hpp) before anything scrolls.
constexpr int kWholeUpTo = 8;

// How many of n rows (or columns) a grid shows when `room_px` holds cells of
// `cell_px`: all of them up to kWholeUpTo, else what fits (at least kWholeUpTo, at
// most `cap`).
int grid_fit_count(int n, float room_px, float cell_px, int cap);

// Keeps row r (and column c, if >= 0) inside the shown window, centred when it must move.
void grid_follow(GridView& view, const GridStyle& style, int rows, int cols, int r, int c = -1);

GridLayout grid_layout(ImVec2 pos, int rows, int cols, GridView& view, const GridStyle& style);

// The label/scroll decorations and the frame; cells are drawn by grid_draw_cells.
void grid_draw_frame(ImDrawList* dl, const GridLayout& g, const GridStyle& style, const Palette& pal,
                     const ImU32* row_label_colors = nullptr);

// Which cell the mouse is over (false when none). Also handles the wheel.
bool grid_interact(const GridLayout& g, GridView& view, const char* id, int* row, int* col);

void grid_format_value(char* buf, size_t n, double v, const GridStyle& style);

// Cells that show numbers reaching `max_abs` in magnitude (e.g. Derived::table_scale):
// the decimals core/text/number_text.hpp cell_decimals picks, and cells wide enough for them.
void grid_use_scale(GridStyle& style, double max_abs);

// A number's default colour on a cell filled with bg (0: no fill; a translucent fill is
// taken over the panel): the theme's text, unless a tint (a lit row) makes it unreadable.
ImU32 grid_text_on(const Palette& pal, ImU32 bg);

// A row's values in flight from row `from_row` of grid `from` to row `to_row` of grid
// `to` (t in [0, 1]), each on a tile of `color`: the numbers fade out where they start,
// the bare tiles travel, the numbers fade in where they land — a number never passes
// over another one ("-0.16-2.84"). values[c] is column c's number. Draws nothing unless
// both rows are shown and 0 < t < 1.
void grid_draw_flight(ImDrawList* dl, const GridLayout& from, int from_row, const GridLayout& to, int to_row,
                      const float* values, float t, ImU32 color, const GridStyle& style, const Palette& pal);
// The flight's first and last kFlightFade of t: its numbers fade out / in.
constexpr float kFlightFade = 0.15f;
// True while a flight's numbers fade in on their destination cells: a grid that already
// shows numbers there hides them meanwhile (the two would overlap).
inline bool grid_flight_landing(float t) { return t > 1.0f - kFlightFade && t < 1.0f; }

// Cells whose values come from value_at(r, c) (a table read where it lies, a one-hot
// row made from its ID, a sparse gradient): only the cells shown are asked for.
template <class ValueAt, class StyleFn>
void grid_draw_cells_at(ImDrawList* dl, const GridLayout& g, const GridStyle& style, const Palette& pal,
                        ValueAt&& value_at, StyleFn&& cell_style) {
  // Laid out off screen to choose the type size (app/deck/canvas_fit.hpp): a cell's number
  // never changes a grid's extent, and a slide with B steps is measured B times per
  // size — so nothing is formatted or read then.
  if (canvas_measuring()) return;
  char buf[32];
  const float round = g.ch * 0.18f;
  for (int r = g.first_row; r < g.first_row + g.shown_rows; ++r) {
    for (int c = g.first_col; c < g.first_col + g.shown_cols; ++c) {
      const CellStyle s = cell_style(r, c);
      const ImVec2 a = g.cell_min(r, c), b = g.cell_max(r, c);
      const ImVec2 ia(a.x + 1.5f, a.y + 1.5f), ib(b.x - 1.5f, b.y - 1.5f);
      if (s.bg)
        dl->AddRectFilled(ia, ib, with_alpha(s.bg, s.alpha * (((s.bg >> IM_COL32_A_SHIFT) & 0xFF) / 255.0f)), round);
      if (s.outline) dl->AddRect(ia, ib, with_alpha(s.outline, s.alpha), round, 0, 1.5f);
      if (s.hide) continue;
      grid_format_value(buf, sizeof buf, static_cast<double>(value_at(r, c)), style);
      const ImVec2 ts = ImGui::CalcTextSize(buf);
      const ImVec2 tp(b.x - ts.x - g.cw * 0.12f, a.y + (g.ch - ts.y) * 0.5f);
      dl->AddText(tp, with_alpha(s.text ? s.text : grid_text_on(pal, s.bg), s.alpha), buf);
    }
  }
}

// Cells from memory: data[r * stride + c].
template <class T, class StyleFn>
void grid_draw_cells(ImDrawList* dl, const GridLayout& g, const T* data, int64_t stride, const GridStyle& style,
                     const Palette& pal, StyleFn&& cell_style) {
  grid_draw_cells_at(
      dl, g, style, pal, [&](int r, int c) { return data[static_cast<int64_t>(r) * stride + c]; },
      std::forward<StyleFn>(cell_style));
}

// The tooltips a hover on grid g shows: tip(r, c, buf, n) writes cell (r, c)'s (an empty
// buf: none; a hidden cell's says nothing of its value). Shown for the hovered cell
// (hovered, at hr, hc); while a layout report is made, every shown cell's is reported too,
// so the report lists what any hover could say (app/ui_base/layout_report.hpp texts).
template <class TipFn>
void grid_tooltips(const GridLayout& g, bool hovered, int hr, int hc, TipFn&& tip) {
  char buf[512];
  if (hovered) {
    buf[0] = 0;
    tip(hr, hc, buf, sizeof buf);
    if (buf[0]) ImGui::SetTooltip("%s", buf);
  }
  if (!layout_report_enabled() || canvas_measuring()) return;
  for (int r = g.first_row; r < g.first_row + g.shown_rows && r < g.first_row + 64; ++r)
    for (int c = g.first_col; c < g.first_col + g.shown_cols && c < g.first_col + 64; ++c) {
      buf[0] = 0;
      tip(r, c, buf, sizeof buf);
      report_text(buf);
    }
}

}  // namespace lv::app
