// widget_heatmap.cpp — the heat map widget's UI side (see the header): view maths,
// mouse handling, the request for the GL renderer, overlays, and the CPU fallback.
// Sections: view · colours · renderer hook · widget · axes and legend
#include "app/widgets/widget_heatmap.hpp"

#include <imgui_internal.h>  // SetItemUsingMouseWheel

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/ui_base/ui_draw.hpp"
#include "app/ui_base/ui_theme.hpp"
#include "core/text/number_text.hpp"

namespace lv::app {

// ---------------------------------------------------------------- view
namespace {

double min_span(int64_t rows, int64_t cols, float w, float h, float a) {
  const double r = std::min<double>(static_cast<double>(rows), 4.0);
  const double c = std::min<double>(static_cast<double>(cols), 2.0) * a * h / std::max(1.0f, w);
  return std::max(r, c);
}

}  // namespace

double heatmap_full_span(int64_t rows, int64_t cols, float w, float h, float a) {
  return std::max(static_cast<double>(rows), static_cast<double>(cols) * a * h / std::max(1.0f, w));
}

HeatmapRange heatmap_range(const HeatmapView& v, int64_t rows, int64_t cols, float w, float h, float a) {
  HeatmapRange r;
  if (rows <= 0 || cols <= 0) return r;
  const double full = heatmap_full_span(rows, cols, w, h, a);
  const double s = v.span <= 0.0 ? full : std::clamp(v.span, min_span(rows, cols, w, h, a), full);
  r.rows = std::min(static_cast<double>(rows), s);
  r.cols = std::min(static_cast<double>(cols), s * std::max(1.0f, w) / (a * std::max(1.0f, h)));
  r.row0 = std::clamp(v.row0, 0.0, static_cast<double>(rows) - r.rows);
  r.col0 = std::clamp(v.col0, 0.0, static_cast<double>(cols) - r.cols);
  return r;
}

HeatmapView heatmap_view_rows(double r0, double r1, int64_t rows, int64_t cols, float w, float h, float a) {
  HeatmapView v;
  v.span = std::max(1.0, r1 - r0);
  const HeatmapRange r = heatmap_range(v, rows, cols, w, h, a);
  v.row0 = std::clamp((r0 + r1) * 0.5 - r.rows * 0.5, 0.0, static_cast<double>(rows) - r.rows);
  v.col0 = 0.0;
  return v;
}

HeatmapView heatmap_view_lerp(const HeatmapView& a, const HeatmapView& b, float t, int64_t rows, int64_t cols, float w,
                              float h, float aspect) {
  t = std::clamp(t, 0.0f, 1.0f);
  const HeatmapRange ra = heatmap_range(a, rows, cols, w, h, aspect), rb = heatmap_range(b, rows, cols, w, h, aspect);
  const double full = heatmap_full_span(rows, cols, w, h, aspect);
  const double sa = a.span <= 0.0 ? full : a.span, sb = b.span <= 0.0 ? full : b.span;
  HeatmapView v;
  v.span = std::exp(std::log(sa) + (std::log(sb) - std::log(sa)) * t);
  const HeatmapRange rv = heatmap_range(v, rows, cols, w, h, aspect);
  // The map zooms *into* the target: the target's centre keeps to the screen, from
  // where it stood in the first view to the middle, in step with t; every view on the
  // way shows it. (Moving the centre in step with 1/visible instead left the target
  // hundreds of screens away mid-zoom, and the views crossed the middle of the table,
  // so the renderer had to hold the table's cells from the middle to the target.)
  // (Zooming out, the target's centre may start off screen: s0 outside [0, 1].)
  auto place = [t](double a0, double va, double cb, double vt) {
    const double s0 = va > 0.0 ? (cb - a0) / va : 0.5;
    return cb - (s0 + (0.5 - s0) * static_cast<double>(t)) * vt;
  };
  v.row0 = place(ra.row0, ra.rows, rb.row0 + rb.rows * 0.5, rv.rows);
  v.col0 = place(ra.col0, ra.cols, rb.col0 + rb.cols * 0.5, rv.cols);
  return v;
}

// ---------------------------------------------------------------- colours
const HeatmapColors& heatmap_colors(bool light) {
  // Dark: blue − · near-black 0 · + red/orange (a "berlin"-like map that sits on the
  // dark panels); light: ColorBrewer's RdBu (white centre).
  static const HeatmapColors kDark = {{0.105f, 0.118f, 0.150f}, {0.180f, 0.380f, 0.640f}, {0.560f, 0.800f, 1.000f},
                                      {0.640f, 0.220f, 0.180f}, {1.000f, 0.700f, 0.470f}, {0.950f, 0.200f, 0.950f}};
  static const HeatmapColors kLight = {{0.969f, 0.969f, 0.969f}, {0.573f, 0.773f, 0.871f}, {0.129f, 0.400f, 0.675f},
                                       {0.957f, 0.647f, 0.510f}, {0.698f, 0.094f, 0.169f}, {0.800f, 0.100f, 0.800f}};
  return light ? kLight : kDark;
}

ImU32 heatmap_color(float v, float scale, float gamma, const HeatmapColors& c) {
  const float* rgb_mid = c.mid;
  float out[3];
  if (std::isnan(v)) {
    return IM_COL32(static_cast<int>(c.nan[0] * 255), static_cast<int>(c.nan[1] * 255),
                    static_cast<int>(c.nan[2] * 255), 255);
  }
  const float t = std::clamp(v * scale, -1.0f, 1.0f);  // ±inf clamps to the ends
  const float a = std::pow(std::fabs(t), gamma);
  const float* half = t < 0 ? c.neg_mid : c.pos_mid;
  const float* end = t < 0 ? c.neg : c.pos;
  for (int k = 0; k < 3; ++k)
    out[k] =
        a < 0.5f ? rgb_mid[k] + (half[k] - rgb_mid[k]) * (a * 2.0f) : half[k] + (end[k] - half[k]) * (a * 2.0f - 1.0f);
  return IM_COL32(static_cast<int>(out[0] * 255 + 0.5f), static_cast<int>(out[1] * 255 + 0.5f),
                  static_cast<int>(out[2] * 255 + 0.5f), 255);
}

// ---------------------------------------------------------------- renderer hook
namespace {
ImDrawCallback g_renderer = nullptr;
}
void heatmap_set_renderer(ImDrawCallback renderer) { g_renderer = renderer; }
ImDrawCallback heatmap_renderer() { return g_renderer; }

// ---------------------------------------------------------------- widget
namespace {

void color3(ImU32 c, float out[3]) {
  const ImVec4 v = ImGui::ColorConvertU32ToFloat4(c);
  out[0] = v.x;
  out[1] = v.y;
  out[2] = v.z;
}

// Mouse: wheel zooms at the cursor, Shift+wheel pans sideways, drag pans,
// double-click returns to the whole table.
void interact(HeatmapState& st, const HeatmapTable& t, ImVec2 pos, ImVec2 size, const HeatmapStyle& style, bool hovered,
              bool active) {
  ImGuiIO& io = ImGui::GetIO();
  const float w = size.x, h = size.y, a = style.cell_aspect;
  HeatmapView& v = st.view;
  auto take_over = [&] {
    if (!st.user_moved) {
      const HeatmapRange r = heatmap_range(v, t.rows, t.cols, w, h, a);
      if (v.span <= 0.0) v.span = heatmap_full_span(t.rows, t.cols, w, h, a);
      v.row0 = r.row0;
      v.col0 = r.col0;
    }
    st.user_moved = true;
  };
  if (hovered) {
    ImGui::SetItemUsingMouseWheel();
    if (ImGui::IsMouseDoubleClicked(0)) {
      v = HeatmapView{};
      st.user_moved = false;
      return;
    }
    const float wheel = io.MouseWheel, hwheel = io.MouseWheelH;
    if (hwheel != 0.0f || (io.KeyShift && wheel != 0.0f)) {
      take_over();
      const HeatmapRange r = heatmap_range(v, t.rows, t.cols, w, h, a);
      v.col0 -= (hwheel != 0.0f ? -hwheel : wheel) * r.cols * 0.1;
    } else if (wheel != 0.0f) {
      take_over();
      const HeatmapRange r0 = heatmap_range(v, t.rows, t.cols, w, h, a);
      const double ox = std::clamp(io.MousePos.x - pos.x, 0.0f, w), oy = std::clamp(io.MousePos.y - pos.y, 0.0f, h);
      const double at_row = heatmap_row_axis(r0, h).row_at(oy), at_col = heatmap_col_axis(r0, w).row_at(ox);
      const double full = heatmap_full_span(t.rows, t.cols, w, h, a);
      v.span =
          std::clamp(v.span * std::pow(1.25, -static_cast<double>(wheel)), min_span(t.rows, t.cols, w, h, a), full);
      const HeatmapRange r1 = heatmap_range(v, t.rows, t.cols, w, h, a);
      v.row0 = heatmap_row_axis(r1, h).first_keeping(at_row, oy);  // the point under the cursor stays put
      v.col0 = heatmap_col_axis(r1, w).first_keeping(at_col, ox);
    }
  }
  if (active && ImGui::IsMouseDragging(0, 1.0f) && (io.MouseDelta.x != 0.0f || io.MouseDelta.y != 0.0f)) {
    take_over();
    const HeatmapRange r = heatmap_range(v, t.rows, t.cols, w, h, a);
    v.row0 -= heatmap_row_axis(r, h).rows_in(io.MouseDelta.y);
    v.col0 -= heatmap_col_axis(r, w).rows_in(io.MouseDelta.x);
  }
  // Keep the stored view inside the table.
  if (st.user_moved) {
    const HeatmapRange r = heatmap_range(v, t.rows, t.cols, w, h, a);
    v.row0 = r.row0;
    v.col0 = r.col0;
  }
}

// Without a GPU renderer: a coarse grid of rectangles, each coloured by the value at
// its centre (a sample, not an average: the numbers are real ones).
void draw_fallback(ImDrawList* dl, ImVec2 pos, ImVec2 size, const HeatmapTable& t, const HeatmapRange& r,
                   const HeatmapStyle& style) {
  const HeatmapColors& colors = heatmap_colors(style.light);
  const float scale = 1.0f / std::max(t.abs_max, 1e-30f);
  const int nx = static_cast<int>(std::clamp(std::ceil(r.cols), 1.0, 96.0));
  const int ny = static_cast<int>(std::clamp(std::ceil(r.rows), 1.0, 64.0));
  const float cw = size.x / nx, ch = size.y / ny;
  const HeatmapAxis rows = heatmap_row_axis(r, static_cast<float>(ny)),
                    cols = heatmap_col_axis(r, static_cast<float>(nx));
  for (int y = 0; y < ny; ++y) {
    const int64_t row = rows.row_index_at(y + 0.5, t.rows);  // the value at the rectangle's centre
    for (int x = 0; x < nx; ++x) {
      const int64_t col = cols.row_index_at(x + 0.5, t.cols);
      const ImU32 c = with_alpha(heatmap_color(heatmap_value(t, row, col), scale, style.gamma, colors), style.opacity);
      dl->AddRectFilled(ImVec2(pos.x + x * cw, pos.y + y * ch), ImVec2(pos.x + (x + 1) * cw, pos.y + (y + 1) * ch), c);
    }
  }
}

float luminance(ImU32 c) {
  const ImVec4 v = ImGui::ColorConvertU32ToFloat4(c);
  return 0.2126f * v.x + 0.7152f * v.y + 0.0722f * v.z;
}

}  // namespace

HeatmapHover heatmap_draw(ImDrawList* dl, const char* id, ImVec2 pos, ImVec2 size, const HeatmapTable& t,
                          HeatmapState& st, const HeatmapHighlight* highlights, int n_highlights,
                          const HeatmapStyle& style, const Palette& pal) {
  HeatmapHover hover;
  size.x = std::max(size.x, 8.0f);
  size.y = std::max(size.y, 8.0f);
  const ImVec2 end(pos.x + size.x, pos.y + size.y);
  bool hovered = false, active = false;
  if (style.interactive) {
    ImGui::SetCursorScreenPos(pos);
    ImGui::InvisibleButton(id, size);
    hovered = ImGui::IsItemHovered();
    active = ImGui::IsItemActive();
  }
  st.last_w = size.x;
  st.last_h = size.y;
  dl->AddRectFilled(pos, end, pal.panel_alt);
  if (!heatmap_source(t) || t.rows <= 0 || t.cols <= 0) {
    dl->AddRect(pos, end, pal.border);
    return hover;
  }
  if (style.interactive) interact(st, t, pos, size, style, hovered, active);
  const HeatmapRange r = heatmap_range(st.view, t.rows, t.cols, size.x, size.y, style.cell_aspect);
  const HeatmapAxis rows = heatmap_row_axis(r, size.y), cols = heatmap_col_axis(r, size.x);
  const float cell_w = static_cast<float>(cols.pixels_per_row()), cell_h = static_cast<float>(rows.pixels_per_row());
  const float e = em();

  dl->PushClipRect(pos, end, true);
  const ImDrawCallback renderer = heatmap_renderer();
  if (renderer && !st.gpu.failed) {
    HeatmapRequest& q = st.request;
    q.table = t;
    q.min = pos;
    q.max = end;
    q.range = r;
    q.scale = 1.0f / std::max(t.abs_max, 1e-30f);
    q.gamma = style.gamma;
    q.dim_others = style.dim_others;
    q.opacity = style.opacity;
    const ImGuiIO& io = ImGui::GetIO();
    const float cell_px = std::min(cell_w, cell_h) * io.DisplayFramebufferScale.x;
    q.grid = std::clamp((cell_px - 7.0f) / 12.0f, 0.0f, 1.0f);
    q.colors = heatmap_colors(style.light);
    color3(pal.panel_alt, q.background);
    q.highlights = std::min(n_highlights, kHeatmapMaxHighlights);
    for (int i = 0; i < q.highlights; ++i) {
      q.hl_row[i] = static_cast<float>(highlights[i].row);
      const ImVec4 c = ImGui::ColorConvertU32ToFloat4(highlights[i].color);
      q.hl_color[i][0] = c.x;
      q.hl_color[i][1] = c.y;
      q.hl_color[i][2] = c.z;
      q.hl_color[i][3] = c.w;
    }
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    q.display_pos = vp->Pos;
    q.display_size = vp->Size;
    q.framebuffer_scale = io.DisplayFramebufferScale;
    q.status = &st.gpu;
    // Until the renderer draws this view (a table just loaded, a zoom into rows not yet
    // uploaded), the cells sampled on the CPU show under it — never a stretched overview.
    if (!st.gpu.drew) draw_fallback(dl, pos, size, t, r, style);
    dl->AddCallback(renderer, &q);
    dl->AddCallback(ImDrawCallback_ResetRenderState, nullptr);
  } else {
    draw_fallback(dl, pos, size, t, r, style);
  }

  // The values themselves once a cell can hold one.
  if (style.numbers && cell_w >= e * 3.3f && cell_h >= e * 1.15f) {
    const HeatmapColors& colors = heatmap_colors(style.light);
    const float scale = 1.0f / std::max(t.abs_max, 1e-30f);
    char buf[24];
    const int64_t r0 = static_cast<int64_t>(r.row0), c0 = static_cast<int64_t>(r.col0);
    for (int64_t row = r0; row < t.rows && row < r.row0 + r.rows; ++row) {
      for (int64_t col = c0; col < t.cols && col < r.col0 + r.cols; ++col) {
        const float v = heatmap_value(t, row, col);
        fit_number(buf, sizeof buf, static_cast<double>(v), 2, 6);  // the cell holds ~6 characters
        const ImVec2 ts = ImGui::CalcTextSize(buf);
        const float x = pos.x + static_cast<float>(cols.offset_of(col + 0.5)) - ts.x * 0.5f;
        const float y = pos.y + static_cast<float>(rows.offset_of(row + 0.5)) - ts.y * 0.5f;
        const ImU32 bg = heatmap_color(v, scale, style.gamma, colors);
        dl->AddText(
            ImVec2(x, y),
            with_alpha(luminance(bg) > 0.45f ? IM_COL32(20, 22, 28, 230) : IM_COL32(240, 242, 246, 230), style.opacity),
            buf);
      }
    }
  }

  // The highlighted rows: an outline in the ID's colour, at least a few pixels tall
  // so a single row of 50,257 still shows.
  for (int i = 0; i < n_highlights; ++i) {
    const double row = static_cast<double>(highlights[i].row);
    if (row + 1.0 <= r.row0 || row >= r.row0 + r.rows) continue;
    float y0 = pos.y + static_cast<float>(rows.offset_of(row)),
          y1 = pos.y + static_cast<float>(rows.offset_of(row + 1.0));
    const float min_h = e * 0.3f;
    if (y1 - y0 < min_h) {
      const float c = (y0 + y1) * 0.5f;
      y0 = c - min_h * 0.5f;
      y1 = c + min_h * 0.5f;
    }
    const float th = std::max(1.5f, e * 0.12f);
    dl->AddRect(ImVec2(pos.x + 1.0f, y0 - th * 0.5f), ImVec2(end.x - 1.0f, y1 + th * 0.5f),
                with_alpha(highlights[i].color, style.opacity), 0.0f, 0, th);
  }
  dl->PopClipRect();
  dl->AddRect(pos, end, pal.border);

  if (hovered) {
    const ImVec2 m = ImGui::GetIO().MousePos;
    if (m.x >= pos.x && m.y >= pos.y && m.x < end.x && m.y < end.y) {
      hover.row = rows.row_index_at(m.y - pos.y, t.rows);
      hover.col = cols.row_index_at(m.x - pos.x, t.cols);
      hover.value = heatmap_value(t, hover.row, hover.col);
      hover.valid = true;
    }
  }
  return hover;
}

// ---------------------------------------------------------------- axes and legend
namespace {

// 1, 2, 5 × 10^k: the smallest at least x.
double nice_step(double x) {
  if (x <= 1.0) return 1.0;
  const double p = std::pow(10.0, std::floor(std::log10(x)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * p >= x) return m * p;
  return 10.0 * p;
}

}  // namespace

void heatmap_draw_axes(ImDrawList* dl, ImVec2 pos, ImVec2 size, const HeatmapRange& r, const Palette& pal) {
  const float e = em();
  char buf[32];
  // Rows: labels at the left, one per ~2.2 em.
  // A label names a row (at its centre) once rows are tall enough to point at, else
  // a boundary (the tick is where that row starts).
  const HeatmapAxis rows = heatmap_row_axis(r, size.y), cols = heatmap_col_axis(r, size.x);
  const bool row_centres = rows.pixels_per_row() >= e * 0.9;
  const double rstep = nice_step(r.rows / std::max(1.0, size.y / (e * 2.2)));
  for (double row = std::ceil(r.row0 / rstep - 1e-6) * rstep; row < r.row0 + r.rows; row += rstep) {
    const double centre = row_centres ? row + 0.5 : row;
    const float y = pos.y + static_cast<float>(rows.offset_of(centre));
    if (y < pos.y - 1.0f || y > pos.y + size.y + 1.0f) continue;
    fmt_count(buf, sizeof buf, static_cast<long long>(row));
    const ImVec2 ts = ImGui::CalcTextSize(buf);
    dl->AddLine(ImVec2(pos.x - e * 0.25f, y), ImVec2(pos.x, y), pal.faint);
    dl->AddText(ImVec2(pos.x - e * 0.4f - ts.x, y - ts.y * 0.5f), pal.muted, buf);
  }
  // Columns: labels on top, one per ~4 em.
  const bool col_centres = cols.pixels_per_row() >= e * 2.0;
  const double cstep = nice_step(r.cols / std::max(1.0, size.x / (e * 4.0)));
  for (double col = std::ceil(r.col0 / cstep - 1e-6) * cstep; col < r.col0 + r.cols; col += cstep) {
    const double centre = col_centres ? col + 0.5 : col;
    const float x = pos.x + static_cast<float>(cols.offset_of(centre));
    fmt_count(buf, sizeof buf, static_cast<long long>(col));
    const ImVec2 ts = ImGui::CalcTextSize(buf);
    dl->AddLine(ImVec2(x, pos.y - e * 0.25f), ImVec2(x, pos.y), pal.faint);
    dl->AddText(ImVec2(x - ts.x * 0.5f, pos.y - e * 0.3f - ts.y), pal.muted, buf);
  }
}

ImVec2 heatmap_draw_legend(ImDrawList* dl, ImVec2 pos, float width, float abs_max, const HeatmapStyle& style,
                           const Palette& pal) {
  const float e = em();
  const HeatmapColors& colors = heatmap_colors(style.light);
  const int n = 64;
  const float bar_h = e * 0.55f, seg = width / n;
  for (int i = 0; i < n; ++i) {
    const float v = (static_cast<float>(i) + 0.5f) / n * 2.0f - 1.0f;
    dl->AddRectFilled(ImVec2(pos.x + i * seg, pos.y), ImVec2(pos.x + (i + 1) * seg + 0.5f, pos.y + bar_h),
                      heatmap_color(v, 1.0f, style.gamma, colors));
  }
  dl->AddRect(pos, ImVec2(pos.x + width, pos.y + bar_h), pal.border);
  char lo[24], hi[24];
  fit_number(lo, sizeof lo, -static_cast<double>(abs_max), 2, 7);
  fit_number(hi, sizeof hi, static_cast<double>(abs_max), 2, 7, true);
  const float ty = pos.y + bar_h + e * 0.15f;
  dl->AddText(ImVec2(pos.x, ty), pal.muted, lo);
  const ImVec2 zs = ImGui::CalcTextSize("0");
  dl->AddText(ImVec2(pos.x + width * 0.5f - zs.x * 0.5f, ty), pal.muted, "0");
  const ImVec2 hs = ImGui::CalcTextSize(hi);
  dl->AddText(ImVec2(pos.x + width - hs.x, ty), pal.muted, hi);
  return ImVec2(width, bar_h + e * 0.15f + ImGui::GetTextLineHeight());
}

}  // namespace lv::app
