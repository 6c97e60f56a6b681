// layout_report.hpp — what the last frame laid out, as the user sees it: each
// matrix's rows and columns actually visible, the rectangles of the panels that
// must not overlap, and every text that was cut or hidden. The widgets record into
// it while they draw; `--layout-report` prints it as JSON and the tests assert on it.
//
//   layout_report_begin_frame();            // app_frame, before anything is drawn
//   report_matrix("weight table", g, clip);  // the matrix grid, when it draws
//   report_panel("narration", min, max);    // each card / panel
//   report_clipped("Two things to remember");
//   report_text("Now: idx[0] = 3");          // every text drawn (narration, canvas, panels, tooltips)
//   layout_report_json(out);                // after the frame
#pragma once
#include <imgui.h>

#include <string>
#include <string_view>
#include <vector>

namespace lv::app {

struct ReportedMatrix {
  std::string name;
  int rows_shown = 0, rows_total = 0, cols_shown = 0, cols_total = 0;
  float cell_w = 0.0f, cell_h = 0.0f;  // one cell's size in pixels (the type size the reader sees)
};

struct ReportedPanel {
  std::string name;
  ImVec2 min, max;
};

struct LayoutReport {
  std::vector<ReportedMatrix> matrices;
  std::vector<ReportedPanel> panels;
  std::vector<std::string> clipped;
  // Every text the frame drew, once each, in order: the narration's lines, the canvas's
  // labels and captions, the panels (the code, what PyTorch prints, the question), the
  // status line, and each tooltip a hover on the canvas can show (a slide reports its
  // cells' tooltips whether or not the mouse is over them). What a test reads to check that
  // a question's answer is nowhere on screen while it is asked.
  std::vector<std::string> texts;
  // Where the frame drew the canvas's texts (draw_text) and Learn mode's ✓ / ✗ marks: a
  // mark is part of the picture, and one over a text is reported as clipped (issue 38).
  std::vector<ReportedPanel> text_rects, marks;
  float canvas_px = 0.0f, narration_px = 0.0f;  // the canvas's and the narration's font size in pixels
  float question_px = 0.0f;                     // Learn mode's question panel's (0: none shown)
  ImVec2 content_min, content_max;              // where the canvas placed the slide (all its steps' extent)
};

// Recording is off (and costs nothing) unless a report was asked for.
void layout_report_enable(bool on);
bool layout_report_enabled();
void layout_report_begin_frame();
const LayoutReport& layout_report();

// A matrix of rows_total × cols_total of which the given rows/columns are drawn.
// Only cells inside `visible` (the canvas's clip rectangle) count as shown.
void report_matrix(const char* name, int rows_total, int cols_total, int first_row, int first_col, int shown_rows,
                   int shown_cols, ImVec2 cells_min, float cell_w, float cell_h, ImVec4 visible);
void report_panel(const char* name, ImVec2 min, ImVec2 max);
// The last ImGui item (a child window, a group) as a panel.
void report_last_item_panel(const char* name);
void report_clipped(const char* text);
// A text drawn this frame (not while the canvas is measured off screen); repeats are kept once.
void report_text(std::string_view text);
// The type sizes the frame drew the canvas and the narration at (pixels).
void report_canvas_px(float px);
void report_narration_px(float px);
void report_question_px(float px);
// The rectangle the canvas placed the slide in (centred in its room when smaller).
void report_canvas_content(ImVec2 min, ImVec2 max);
// Reports `text` as clipped when its rectangle is not wholly inside `visible`; it is also
// kept as a text a mark must not cover.
void report_text_rect(const char* text, ImVec2 min, ImVec2 max, ImVec4 visible);
// A ✓ / ✗ mark (with its backing) drawn at [min, max]: the JSON lists it under "marks",
// and a mark over any reported text rectangle is clipped ("the ✓ mark covers “…”").
void report_mark(const char* mark, ImVec2 min, ImVec2 max);

// Appends the frame's report as one JSON object of one slide/step:
// {"slide": 1, "step": 1, "canvas_px": 25.5, "narration_px": 17, ["learn": "asking", "question_px": 17,]
//  "content": {"x", "y", "w", "h"},
//  "matrices": [...], "panels": [...], "marks": [...], "clipped": [...], "texts": [...]}
// `learn`: "" (no question), "asking" or "revealed" (Learn mode's states, with --ask);
// `question`: what was asked, as JSON members put after it ("\"kind\": …, \"answer\": …"; "" : none).
void layout_report_json(std::string& out, int slide, int step, const char* learn = "", std::string_view question = {});

}  // namespace lv::app
