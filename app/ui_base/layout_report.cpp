// layout_report.cpp — the frame's recorded layout and its JSON form.
#include "app/ui_base/layout_report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/ui_base/measure_pass.hpp"
#include "core/text/json_text.hpp"

namespace lv::app {
namespace {

bool g_enabled = false;
LayoutReport g_report;

// How many of n cells starting at `start` (each `size` long) lie wholly in [lo, hi].
int cells_inside(float start, float size, int n, float lo, float hi) {
  int k = 0;
  for (int i = 0; i < n; ++i) {
    const float a = start + size * static_cast<float>(i), b = a + size;
    if (a >= lo - 0.5f && b <= hi + 0.5f) ++k;
  }
  return k;
}

}  // namespace

void layout_report_enable(bool on) { g_enabled = on; }
bool layout_report_enabled() { return g_enabled; }

void layout_report_begin_frame() {
  if (!g_enabled) return;
  g_report.matrices.clear();
  g_report.panels.clear();
  g_report.clipped.clear();
  g_report.texts.clear();
  g_report.text_rects.clear();
  g_report.marks.clear();
  g_report.canvas_px = g_report.narration_px = g_report.question_px = 0.0f;
  g_report.content_min = g_report.content_max = ImVec2(0.0f, 0.0f);
}

const LayoutReport& layout_report() { return g_report; }

void report_matrix(const char* name, int rows_total, int cols_total, int first_row, int first_col, int shown_rows,
                   int shown_cols, ImVec2 cells_min, float cell_w, float cell_h, ImVec4 visible) {
  if (!g_enabled) return;
  (void)first_row;
  (void)first_col;
  ReportedMatrix m;
  m.name = name ? name : "matrix";
  m.rows_total = rows_total;
  m.cols_total = cols_total;
  m.rows_shown = cells_inside(cells_min.y, cell_h, shown_rows, visible.y, visible.w);
  m.cols_shown = cells_inside(cells_min.x, cell_w, shown_cols, visible.x, visible.z);
  m.cell_w = cell_w;
  m.cell_h = cell_h;
  // A matrix whose rows are all off screen shows none of its columns either.
  if (m.rows_shown == 0 || m.cols_shown == 0) m.rows_shown = m.cols_shown = 0;
  g_report.matrices.push_back(std::move(m));
}

void report_panel(const char* name, ImVec2 min, ImVec2 max) {
  if (!g_enabled) return;
  g_report.panels.push_back(ReportedPanel{name, min, max});
}

void report_last_item_panel(const char* name) {
  if (!g_enabled) return;
  report_panel(name, ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
}

void report_clipped(const char* text) {
  if (!g_enabled) return;
  for (const std::string& s : g_report.clipped)
    if (s == text) return;
  g_report.clipped.emplace_back(text);
}

void report_text(std::string_view text) {
  if (!g_enabled || canvas_measuring() || text.empty()) return;
  for (const std::string& s : g_report.texts)
    if (s == text) return;
  g_report.texts.emplace_back(text);
}

void report_canvas_px(float px) {
  if (g_enabled) g_report.canvas_px = px;
}

void report_narration_px(float px) {
  if (g_enabled) g_report.narration_px = px;
}

void report_question_px(float px) {
  if (g_enabled) g_report.question_px = px;
}

void report_canvas_content(ImVec2 min, ImVec2 max) {
  if (!g_enabled) return;
  g_report.content_min = min;
  g_report.content_max = max;
}

void report_text_rect(const char* text, ImVec2 min, ImVec2 max, ImVec4 visible) {
  if (!g_enabled) return;
  if (min.x < visible.x - 0.5f || min.y < visible.y - 0.5f || max.x > visible.z + 0.5f || max.y > visible.w + 0.5f)
    report_clipped(text);
  if (!canvas_measuring()) g_report.text_rects.push_back(ReportedPanel{text, min, max});
}

void report_mark(const char* mark, ImVec2 min, ImVec2 max) {
  if (!g_enabled || canvas_measuring()) return;
  g_report.marks.push_back(ReportedPanel{mark, min, max});
}

namespace {
// Rectangles as JSON objects {"name", "x", "y", "w", "h"} (whole pixels), comma-separated.
void append_rects(std::string& out, const std::vector<ReportedPanel>& rects) {
  char buf[160];
  for (size_t i = 0; i < rects.size(); ++i) {
    const ReportedPanel& p = rects[i];
    out += i ? ", {\"name\": " : "{\"name\": ";
    append_json_string(out, p.name);
    const float x0 = std::round(p.min.x), y0 = std::round(p.min.y);
    std::snprintf(buf, sizeof buf, ", \"x\": %.0f, \"y\": %.0f, \"w\": %.0f, \"h\": %.0f}", x0, y0,
                  std::round(p.max.x) - x0, std::round(p.max.y) - y0);
    out += buf;
  }
}

// Each mark over a text the canvas drew (more than a pixel each way) is clipped text.
void report_marks_over_texts() {
  for (const ReportedPanel& m : g_report.marks)
    for (const ReportedPanel& t : g_report.text_rects) {
      if (t.name == "✓" || t.name == "✗") continue;
      const float w = std::min(m.max.x, t.max.x) - std::max(m.min.x, t.min.x);
      const float h = std::min(m.max.y, t.max.y) - std::max(m.min.y, t.min.y);
      if (w <= 1.0f || h <= 1.0f) continue;
      const std::string what = "the " + m.name + " mark covers “" + t.name + "”";
      report_clipped(what.c_str());
    }
}
}  // namespace

void layout_report_json(std::string& out, int slide, int step, const char* learn, std::string_view question) {
  char buf[256];
  std::snprintf(buf, sizeof buf, "{\"slide\": %d, \"step\": %d, \"canvas_px\": %.2f, \"narration_px\": %.2f, ", slide,
                step, static_cast<double>(g_report.canvas_px), static_cast<double>(g_report.narration_px));
  out += buf;
  if (learn && *learn) {
    std::snprintf(buf, sizeof buf, "\"learn\": \"%s\", \"question_px\": %.2f, ", learn,
                  static_cast<double>(g_report.question_px));
    out += buf;
    if (!question.empty()) {
      out += question;
      out += ", ";
    }
  }
  const float cx = std::round(g_report.content_min.x), cy = std::round(g_report.content_min.y);
  std::snprintf(buf, sizeof buf, "\"content\": {\"x\": %.0f, \"y\": %.0f, \"w\": %.0f, \"h\": %.0f}, \"matrices\": [",
                cx, cy, std::round(g_report.content_max.x) - cx, std::round(g_report.content_max.y) - cy);
  out += buf;
  for (size_t i = 0; i < g_report.matrices.size(); ++i) {
    const ReportedMatrix& m = g_report.matrices[i];
    out += i ? ", {\"name\": " : "{\"name\": ";
    append_json_string(out, m.name);
    std::snprintf(buf, sizeof buf,
                  ", \"rows_shown\": %d, \"rows_total\": %d, \"cols_shown\": %d, \"cols_total\": %d, \"cell_w\": %.2f, "
                  "\"cell_h\": %.2f}",
                  m.rows_shown, m.rows_total, m.cols_shown, m.cols_total, static_cast<double>(m.cell_w),
                  static_cast<double>(m.cell_h));
    out += buf;
  }
  out += "], \"panels\": [";
  append_rects(out, g_report.panels);
  out += "], \"marks\": [";
  append_rects(out, g_report.marks);
  report_marks_over_texts();
  out += "], \"clipped\": [";
  for (size_t i = 0; i < g_report.clipped.size(); ++i) {
    if (i) out += ", ";
    append_json_string(out, g_report.clipped[i]);
  }
  out += "], \"texts\": [";
  for (size_t i = 0; i < g_report.texts.size(); ++i) {
    if (i) out += ", ";
    append_json_string(out, g_report.texts[i]);
  }
  out += "]}";
}

}  // namespace lv::app
