// widget_matrix_grid.cpp — layout, frame, labels, scrolling and hit-testing of a grid.
#include "app/widgets/widget_matrix_grid.hpp"

#include <imgui_internal.h>  // SetItemUsingMouseWheel (internal in 1.86)

#include <algorithm>
#include <cmath>
#include <cstring>

#include "app/ui_base/measure_pass.hpp"
#include "app/ui_base/layout_report.hpp"
#include "app/ui_base/ui_draw.hpp"
#include "core/text/number_text.hpp"

namespace lv::app {

void grid_format_value(char* buf, size_t n, double v, const GridStyle& style) {
  if (std::isnan(v)) {
    std::snprintf(buf, n, "nan");
    return;
  }
  if (std::isinf(v)) {
    std::snprintf(buf, n, v > 0 ? "inf" : "-inf");
    return;
  }
  // Whole numbers (IDs, one-hot) as such, up to 10^15: a larger one cast to long long is
  // undefined past 2^63, and would not fit a cell anyway.
  if (style.integers && std::fabs(v) < 1e15) {
    std::snprintf(buf, n, "%lld", static_cast<long long>(v));
    return;
  }
  // Big magnitudes switch to a short scientific form so a cell never overflows.
  if (std::fabs(v) >= 1e4) {
    std::snprintf(buf, n, "%.1e", v);
    return;
  }
  if (v == 0.0 && std::strchr(style.number_format, 'e')) {
    std::snprintf(buf, n, "0");
    return;
  }
  std::snprintf(buf, n, style.number_format, v);
  // "-0.00", "-0.000": a tiny negative number rounded to zero reads as zero.
  if (buf[0] == '-' && std::strspn(buf + 1, "0.") == std::strlen(buf + 1)) std::memmove(buf, buf + 1, std::strlen(buf));
}

void grid_use_scale(GridStyle& style, double max_abs) {
  // Cell widths in em for "-2.84", "-0.512", "-0.0512", "-1.2e-03" (and a margin).
  switch (cell_decimals(max_abs)) {
    case 2: style.number_format = "%.2f"; break;
    case 3:
      style.number_format = "%.3f";
      style.cell_w = std::max(style.cell_w, 3.9f);
      break;
    case 4:
      style.number_format = "%.4f";
      style.cell_w = std::max(style.cell_w, 4.5f);
      break;
    default:
      style.number_format = "%.1e";
      style.cell_w = std::max(style.cell_w, 4.9f);
      break;
  }
}

void grid_draw_flight(ImDrawList* dl, const GridLayout& from, int from_row, const GridLayout& to, int to_row,
                      const float* values, float t, ImU32 color, const GridStyle& style, const Palette& pal) {
  if (t <= 0.0f || t >= 1.0f || !from.row_shown(from_row) || !to.row_shown(to_row)) return;
  char buf[32];
  // [0, kFade]: the numbers fade out in place; then the tiles travel (eased); over the
  // last kFade they have landed and the numbers fade in.
  constexpr float kFade = kFlightFade;
  const float travel = std::clamp((t - kFade) / (1.0f - 2.0f * kFade), 0.0f, 1.0f);
  const float u = travel * travel * (3.0f - 2.0f * travel);
  const float text_alpha = std::clamp(std::max(1.0f - t / kFade, (t - (1.0f - kFade)) / kFade), 0.0f, 1.0f);
  for (int col = from.first_col; col < from.first_col + from.shown_cols; ++col) {
    const ImVec2 a = from.cell_min(from_row, col), b = to.cell_min(to_row, col);
    const ImVec2 at(a.x + (b.x - a.x) * u, a.y + (b.y - a.y) * u);
    dl->AddRectFilled(ImVec2(at.x + 1.5f, at.y + 1.5f), ImVec2(at.x + from.cw - 1.5f, at.y + from.ch - 1.5f), color,
                      from.ch * 0.18f);
    if (text_alpha <= 0.0f) continue;
    grid_format_value(buf, sizeof buf, values[col], style);
    const ImVec2 ts = ImGui::CalcTextSize(buf);
    dl->AddText(ImVec2(at.x + from.cw - ts.x - from.cw * 0.12f, at.y + (from.ch - ts.y) * 0.5f),
                with_alpha(pal.text, text_alpha), buf);
  }
}

int grid_fit_count(int n, float room_px, float cell_px, int cap) {
  if (n <= kWholeUpTo) return std::max(n, 1);
  const int fit = cell_px > 0.0f ? static_cast<int>(room_px / cell_px) : kWholeUpTo;
  return std::clamp(fit, kWholeUpTo, std::max(kWholeUpTo, cap));
}

ImU32 grid_text_on(const Palette& pal, ImU32 bg) {
  if (!bg) return pal.text;
  const float a = static_cast<float>((bg >> IM_COL32_A_SHIFT) & 0xFF) / 255.0f;
  return text_on(pal, mix(pal.panel, bg | IM_COL32_A_MASK, a));
}

void grid_follow(GridView& view, const GridStyle& style, int rows, int cols, int r, int c) {
  if (r >= 0 && rows > style.max_rows && (r < view.first_row || r >= view.first_row + style.max_rows))
    view.first_row = std::clamp(r - style.max_rows / 2, 0, rows - style.max_rows);
  if (c >= 0 && cols > style.max_cols && (c < view.first_col || c >= view.first_col + style.max_cols))
    view.first_col = std::clamp(c - style.max_cols / 2, 0, cols - style.max_cols);
}

GridLayout grid_layout(ImVec2 pos, int rows, int cols, GridView& view, const GridStyle& style) {
  GridLayout g;
  const float e = em();
  g.pos = pos;
  g.cw = style.cell_w * e;
  g.ch = style.cell_h * e;
  g.rows = rows;
  g.cols = cols;
  g.shown_rows = std::min(rows, style.max_rows);
  g.shown_cols = std::min(cols, style.max_cols);
  view.first_row = std::clamp(view.first_row, 0, std::max(0, rows - g.shown_rows));
  view.first_col = std::clamp(view.first_col, 0, std::max(0, cols - g.shown_cols));
  g.first_row = view.first_row;
  g.first_col = view.first_col;
  if (g.shown_rows < rows || g.shown_cols < cols) canvas_note_cut();
  // Labels: the widest row label at the left, a band on top for column labels.
  char buf[32];
  std::snprintf(buf, sizeof buf, "%d", std::max(0, rows - 1));
  const float label_w = style.row_labels ? ImGui::CalcTextSize(buf).x + e * 0.9f : 0.0f;
  const float top = style.col_labels ? g.ch : 0.0f;
  g.cells = ImVec2(pos.x + label_w, pos.y + top);
  const bool vscroll = rows > g.shown_rows, hscroll = cols > g.shown_cols;
  g.size = ImVec2(label_w + g.cw * g.shown_cols + (vscroll ? e * 0.8f : 0.0f),
                  top + g.ch * g.shown_rows + (hscroll ? e * 0.8f : 0.0f) + (vscroll || hscroll ? e * 1.3f : 0.0f));
  return g;
}

ImVec2 GridLayout::cell_min(int r, int c) const {
  const int rr = std::clamp(r, first_row, first_row + std::max(0, shown_rows - 1)) - first_row;
  const int cc = std::clamp(c, first_col, first_col + std::max(0, shown_cols - 1)) - first_col;
  return ImVec2(cells.x + cw * static_cast<float>(cc), cells.y + ch * static_cast<float>(rr));
}

ImVec2 GridLayout::row_label_center(int r) const {
  const ImVec2 m = cell_min(r, first_col);
  return ImVec2((pos.x + cells.x) * 0.5f, m.y + ch * 0.5f);
}

void grid_draw_frame(ImDrawList* dl, const GridLayout& g, const GridStyle& style, const Palette& pal,
                     const ImU32* row_label_colors) {
  char buf[48];
  const float e = em();
  if (style.row_labels) {
    for (int r = g.first_row; r < g.first_row + g.shown_rows; ++r) {
      std::snprintf(buf, sizeof buf, "%d", r);
      const ImVec2 ts = ImGui::CalcTextSize(buf);
      const ImVec2 m = g.cell_min(r, g.first_col);
      // A row's own colour (its ID's), made readable on the panel: the pastel ID colours are
      // too light for text on the light theme's white.
      const ImU32 col = row_label_colors && row_label_colors[r - g.first_row]
                            ? ink_on(pal, row_label_colors[r - g.first_row])
                            : pal.muted;
      dl->AddText(ImVec2(g.cells.x - ts.x - e * 0.5f, m.y + (g.ch - ts.y) * 0.5f), col, buf);
    }
  }
  if (style.col_labels) {
    for (int c = g.first_col; c < g.first_col + g.shown_cols; ++c) {
      std::snprintf(buf, sizeof buf, "%d", c);
      const ImVec2 ts = ImGui::CalcTextSize(buf);
      const ImVec2 m = g.cell_min(g.first_row, c);
      dl->AddText(ImVec2(m.x + (g.cw - ts.x) * 0.5f, g.pos.y + (g.ch - ts.y) * 0.5f), pal.muted, buf);
    }
  }
  // What the user sees of it: the cells inside the canvas's visible rectangle.
  if (!canvas_measuring() && layout_report_enabled()) {
    const ImRect clip = ImGui::GetCurrentWindowRead()->InnerClipRect;
    report_matrix(style.name, g.rows, g.cols, g.first_row, g.first_col, g.shown_rows, g.shown_cols, g.cells, g.cw, g.ch,
                  ImVec4(clip.Min.x, clip.Min.y, clip.Max.x, clip.Max.y));
  }
  // A hairline frame around the cells.
  const ImVec2 cm = g.cells_max();
  dl->AddRect(ImVec2(g.cells.x - 1, g.cells.y - 1), ImVec2(cm.x + 1, cm.y + 1), pal.border, g.ch * 0.22f);
  // Scroll indicators and the "rows a–b of V" note.
  const bool vs = g.rows > g.shown_rows, hs = g.cols > g.shown_cols;
  if (vs) {
    const float x = cm.x + e * 0.35f, h = cm.y - g.cells.y;
    const float t0 = static_cast<float>(g.first_row) / g.rows,
                t1 = static_cast<float>(g.first_row + g.shown_rows) / g.rows;
    dl->AddRectFilled(ImVec2(x, g.cells.y), ImVec2(x + e * 0.25f, cm.y), pal.panel_alt, e * 0.12f);
    dl->AddRectFilled(ImVec2(x, g.cells.y + h * t0), ImVec2(x + e * 0.25f, g.cells.y + h * std::max(t1, t0 + 0.02f)),
                      pal.muted, e * 0.12f);
  }
  if (hs) {
    const float y = cm.y + e * 0.35f, w = cm.x - g.cells.x;
    const float t0 = static_cast<float>(g.first_col) / g.cols,
                t1 = static_cast<float>(g.first_col + g.shown_cols) / g.cols;
    dl->AddRectFilled(ImVec2(g.cells.x, y), ImVec2(cm.x, y + e * 0.25f), pal.panel_alt, e * 0.12f);
    dl->AddRectFilled(ImVec2(g.cells.x + w * t0, y), ImVec2(g.cells.x + w * std::max(t1, t0 + 0.02f), y + e * 0.25f),
                      pal.muted, e * 0.12f);
  }
  if (vs || hs) {
    char note[256];  // counts as everywhere on screen: "rows 50,240–50,256 of 50,257"
    if (vs && hs)
      std::snprintf(note, sizeof note, "rows %s–%s of %s · cols %s–%s of %s", Commas(g.first_row).s,
                    Commas(g.first_row + g.shown_rows - 1).s, Commas(g.rows).s, Commas(g.first_col).s,
                    Commas(g.first_col + g.shown_cols - 1).s, Commas(g.cols).s);
    else if (vs)
      std::snprintf(note, sizeof note, "rows %s–%s of %s · scroll", Commas(g.first_row).s,
                    Commas(g.first_row + g.shown_rows - 1).s, Commas(g.rows).s);
    else
      std::snprintf(note, sizeof note, "cols %s–%s of %s · Shift+scroll", Commas(g.first_col).s,
                    Commas(g.first_col + g.shown_cols - 1).s, Commas(g.cols).s);
    dl->AddText(ImVec2(g.cells.x, cm.y + (hs ? e * 0.8f : e * 0.25f)), pal.muted, note);
  }
}

bool grid_interact(const GridLayout& g, GridView& view, const char* id, int* row, int* col) {
  if (canvas_measuring()) return false;  // laid out off screen: nothing to hover
  ImGui::SetCursorScreenPos(g.pos);
  ImGui::InvisibleButton(id, ImVec2(std::max(g.size.x, 1.0f), std::max(g.size.y, 1.0f)));
  const bool hovered = ImGui::IsItemHovered();
  ImGuiIO& io = ImGui::GetIO();
  if (hovered && (g.rows > g.shown_rows || g.cols > g.shown_cols)) {
    ImGui::SetItemUsingMouseWheel();
    const int wheel = static_cast<int>(std::round(io.MouseWheel * 3.0f));
    const int hwheel = static_cast<int>(std::round(io.MouseWheelH * 3.0f));
    if (io.KeyShift || hwheel != 0) view.first_col -= (hwheel != 0 ? -hwheel : wheel);
    else view.first_row -= wheel;
    view.first_row = std::clamp(view.first_row, 0, std::max(0, g.rows - g.shown_rows));
    view.first_col = std::clamp(view.first_col, 0, std::max(0, g.cols - g.shown_cols));
  }
  if (!hovered) return false;
  const ImVec2 m = io.MousePos;
  const ImVec2 cm = g.cells_max();
  if (m.x < g.cells.x || m.y < g.cells.y || m.x >= cm.x || m.y >= cm.y) return false;
  *row = g.first_row + static_cast<int>((m.y - g.cells.y) / g.ch);
  *col = g.first_col + static_cast<int>((m.x - g.cells.x) / g.cw);
  return *row < g.rows && *col < g.cols;
}

}  // namespace lv::app
