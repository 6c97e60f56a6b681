// slide_01_table.cpp — "An embedding table is a learned weight matrix": V rows (one
// per ID) × D columns of the seed's real values, the ID chips above. Step 0 fills
// the table row by row; step 1 points each ID at its row. Cells can be dragged
// (← →) or double-clicked to type a value.
#include <algorithm>
#include <cstdio>

#include "app/state/app_edits.hpp"
#include "app/slides/narrative_lines.hpp"
#include "app/slides/slide_code.hpp"
#include "app/slides/scene.hpp"
#include "app/slides/slides.hpp"
#include "app/ui_base/ui_draw.hpp"
#include "app/ui_base/ui_landmarks.hpp"
#include "app/widgets/widget_matrix_grid.hpp"
#include "core/text/text_format.hpp"
#include "core/text/value_parse.hpp"

namespace lv::app {
namespace {

int steps(const SlideContext&) { return 2; }

// The first row of the `rows`-tall window that holds the most distinct IDs, centred
// on them.
int busiest_window(const IdList& ids, int rows, int64_t vocab) {
  IdList sorted = ids;
  std::sort(sorted.begin(), sorted.end());
  sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
  size_t best = 0, best_n = 0;
  for (size_t i = 0, j = 0; i < sorted.size(); ++i) {
    while (j < sorted.size() && sorted[j] < sorted[i] + rows) ++j;
    if (j - i > best_n) {
      best_n = j - i;
      best = i;
    }
  }
  const int64_t lo = sorted[best], hi = sorted[best + best_n - 1];
  return static_cast<int>(std::clamp<int64_t>(lo - (rows - (hi - lo + 1)) / 2, 0, std::max<int64_t>(0, vocab - rows)));
}

void narrative(const SlideContext& cx) {
  const Derived& d = cx.model.derived;
  para("An embedding table is a learned weight matrix — %s (one per ID in a %s-word vocabulary) × %s, trained "
       "like any other weight.",
       count_text(d.vocab, "row").c_str(), Commas(d.vocab).s, count_text(d.dim, "dimension").c_str());
  ImGui::Spacing();
  para("That's the clue: a weight matrix can be reached by a matrix multiply.");
  ImGui::Spacing();
  if (cx.model.inputs.vocab_mode == VocabMode::FromIds)
    para_muted("%s", "V = max(ids) + 1, as in the notebook: change the largest ID and the table is re-drawn "
                     "from the seed.");
  else para_muted("%s", "A fixed vocabulary: IDs must stay below V.");
  para_muted("%s", "Drag a cell sideways or double-click it to change a weight.");
}

// Dragging or typing into a cell edits the weight (and everything downstream).
// cell_shown(r): row r's values are drawn (the table fills in at step 1).
template <class ShownFn>
void edit_cells(const SlideContext& cx, const GridLayout& g, ShownFn&& cell_shown) {
  int r = -1, c = -1;
  const bool over = grid_interact(g, cx.grids.table_view, "##table", &r, &c);
  if (over) cx.door.hover_row(r);  // N or a right-click: its nearest rows
  // The first cell shown (row first_row, column first_col): tests double-click it.
  landmark_rect("table-cell", g.cells, ImVec2(g.cells.x + g.cw, g.cells.y + g.ch));
  const Derived& d = cx.model.derived;
  if (over && ImGui::IsItemActivated()) {
    cx.grids.edit_row = r;
    cx.grids.edit_col = c;
    cx.grids.edit_value = d.table.at(r, c);
  }
  if (ImGui::IsItemActive() && cx.grids.edit_row >= 0) {
    const float dx = ImGui::GetMouseDragDelta(ImGuiMouseButton_Left, 2.0f).x;
    if (dx != 0.0f) {
      const float v = cx.grids.edit_value + dx / em() * 0.05f;
      if (v != d.table.at(cx.grids.edit_row, cx.grids.edit_col))
        cx.door.edit_cell(cx.grids.edit_row, cx.grids.edit_col, v);
    }
  }
  if (over && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
    cx.grids.edit_row = r;
    cx.grids.edit_col = c;
    cx.grids.edit_value = d.table.at(r, c);
    // The value as Python would read it back: inf, -inf and nan included.
    std::snprintf(cx.grids.cell_buf, sizeof cx.grids.cell_buf, "%.9g", static_cast<double>(cx.grids.edit_value));
    cx.grids.cell_error.clear();
    ImGui::OpenPopup("edit-cell");
  }
  // A cell not yet filled in (step 0, or a question asked before it) says nothing of its value.
  grid_tooltips(g, over && !ImGui::IsItemActive(), r, c, [&](int tr, int tc, char* buf, size_t n) {
    if (!cell_shown(tr))
      std::snprintf(buf, n, "embedding.weight[%d, %d]\nits value shows once the table fills in", tr, tc);
    else
      std::snprintf(buf, n,
                    "embedding.weight[%d, %d] = %.6g\ndrag ← → to change · double-click to type · N or "
                    "right-click: nearest rows",
                    tr, tc, static_cast<double>(d.table.at(tr, tc)));
  });
  if (ImGui::BeginPopup("edit-cell")) {
    ImGui::Text("embedding.weight[%d, %d]", cx.grids.edit_row, cx.grids.edit_col);
    if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
    ImGui::SetNextItemWidth(em() * 9);
    // A text field, not InputFloat: ImGui's number filter refuses the letters of
    // inf and nan, which the hint (and torch) allow.
    if (ImGui::InputText("##value", cx.grids.cell_buf, sizeof cx.grids.cell_buf,
                         ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll)) {
      const ValueParse v = parse_weight_value(cx.grids.cell_buf);
      if (v.ok) {
        cx.door.edit_cell(cx.grids.edit_row, cx.grids.edit_col, v.value);
        cx.grids.cell_error.clear();
        ImGui::CloseCurrentPopup();
      } else {
        cx.grids.cell_error = v.error.message;
        ImGui::SetKeyboardFocusHere(-1);  // stay in the field to correct it
      }
    }
    landmark("cell-value");
    if (!cx.grids.cell_error.empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, palette(cx.ui.theme).bad);
      ImGui::TextUnformatted(cx.grids.cell_error.c_str());
      ImGui::PopStyleColor();
    }
    ImGui::TextDisabled("Enter to apply · inf and nan are allowed");
    ImGui::EndPopup();
  }
}

ImVec2 canvas(SlideCanvas& c) {
  const Scene sc(c);
  const float fill = c.progress(0), point = c.progress(1);

  // The ID chips.
  draw_text(sc.dl, fonts().bold, ImVec2(c.origin.x, c.origin.y + sc.e * 0.25f), c.pal.muted, "ids");
  // A long batch (the book's 20 tokens) wraps onto more lines: all of it stays in view.
  const ImVec2 chips = draw_chip_row(
      sc.dl, ImVec2(c.origin.x + sc.e * 2.2f, c.origin.y), sc.ids, c.pal, [&](size_t) { return 0.25f * point; },
      nullptr, 64, c.avail.x - sc.e * 2.2f);

  // The table.
  char head[96];
  std::snprintf(head, sizeof head, "weight table · %s × %s", Commas(sc.d.vocab).s, Commas(sc.d.dim).s);
  const float head_y = c.origin.y + chips.y + sc.e * 1.4f;
  draw_text(sc.dl, fonts().bold, ImVec2(c.origin.x, head_y), c.pal.muted, head);
  GridStyle gs;
  gs.name = "weight table";
  grid_use_scale(gs, sc.d.table_scale);  // a table of small values shows their digits, not 0.00
  gs.max_rows = grid_fit_count(static_cast<int>(sc.d.vocab), c.avail.y - (head_y - c.origin.y) - sc.e * 4.0f,
                               gs.cell_h * sc.e, 24);
  const FollowKey key{c.current(), batch_key(sc.cx), gs.max_rows};
  if (follow_now(sc.cx.own<FollowMemory>().followed, key, c.measuring) && c.current() >= 1 && !sc.ids.empty() &&
      sc.d.vocab > gs.max_rows)
    sc.cx.grids.table_view.first_row = busiest_window(sc.ids, gs.max_rows, sc.d.vocab);
  const GridLayout g = grid_layout(ImVec2(c.origin.x, head_y + sc.e * 1.6f), static_cast<int>(sc.d.vocab),
                                   static_cast<int>(sc.d.dim), sc.cx.grids.table_view, gs);
  // Row labels of the batch's IDs take their chip's colour once pointed at.
  ImU32 label_colors[64] = {};
  for (size_t i = 0; i < sc.ids.size() && i < 64; ++i)
    if (g.row_shown(static_cast<int>(sc.ids[i])) && point > 0.0f)
      label_colors[sc.ids[i] - g.first_row] = id_color(i, 0.4f + 0.6f * point);
  grid_draw_frame(sc.dl, g, gs, c.pal, label_colors);
  const float shown = static_cast<float>(g.shown_rows);
  const bool edited_any = !sc.cx.model.inputs.edits->empty();
  grid_draw_cells_at(
      sc.dl, g, gs, c.pal, [&](int r, int col) { return sc.d.table.at(r, col); },
      [&](int r, int col) {
    CellStyle s;
    s.alpha = std::clamp(fill * (shown + 1.0f) - static_cast<float>(r - g.first_row), 0.0f, 1.0f);
    s.bg = c.pal.panel_alt;
    if (edited_any && sc.d.table.edited(r, col)) s.outline = c.pal.accent;
    if (r == sc.cx.grids.edit_row && col == sc.cx.grids.edit_col && ImGui::IsPopupOpen("edit-cell"))
      s.outline = c.pal.glow;
    return s;
      });
  // Step 1: each row that an ID picks gets that ID's chip at its right end
  // ("this row belongs to idx[i]"); repeated IDs stack their chips.
  float row_x[24] = {};
  float right = g.pos.x + g.size.x;
  for (size_t i = 0; i < sc.ids.size() && i < 64 && point > 0.0f; ++i) {
    const int r = static_cast<int>(sc.ids[i]);
    if (!g.row_shown(r)) continue;
    float& x = row_x[r - g.first_row];
    if (x == 0.0f) {
      x = g.row_max(r).x + sc.e * 0.8f;
      sc.dl->AddRectFilled(g.row_min(r), g.row_max(r), id_color(i, 0.10f * point), g.ch * 0.18f);
      draw_text(sc.dl, fonts().ui, ImVec2(x, g.row_min(r).y + (g.ch - ImGui::GetTextLineHeight()) * 0.5f),
                with_alpha(c.pal.muted, point), "\xe2\x86\x90");  // ←
      x += sc.e * 1.4f;
    }
    const ImVec2 cs = chip_size(sc.ids[i]);
    draw_chip(sc.dl, ImVec2(x, g.row_min(r).y + (g.ch - cs.y) * 0.5f), sc.ids[i], id_color(i, point), 0.35f * point,
              c.pal);
    x += cs.x + sc.e * 0.3f;
    right = std::max(right, x);
  }
  if (!c.measuring)
    edit_cells(sc.cx, g, [&](int r) { return fill * (shown + 1.0f) - static_cast<float>(r - g.first_row) > 0.0f; });
  return ImVec2(std::max(right - c.origin.x, chips.x + sc.e * 2.2f), (g.pos.y - c.origin.y) + g.size.y);
}

void caption(const SlideContext&, char* buf, size_t n) {
  std::snprintf(buf, n, "a learned weight matrix — one row per ID");
}

void code(const SlideContext& cx, std::string& code, std::string& output) {
  code = code_make_embedding(cx) + "embedding.weight\n";
  output.clear();
  append_repl(output, "embedding.weight", cx.model.derived.print_weight);
}

// The table's V × D cells and the IDs, pictured as shown (the count is not written).
constexpr SlideQuestion kQuestions[] = {
    {quiz::QuestionKind::TableNumbers, steps_whole, kHowWholeNumber, picture_ids_and_table},
    {quiz::QuestionKind::RowsRead, steps_whole, kHowWholeNumber, picture_ids_and_table},
};

}  // namespace

const SlideDef kSlideTable = {
    .title = "The table", .draw = {steps, narrative, canvas, caption, code}, .questions = kQuestions};

}  // namespace lv::app
