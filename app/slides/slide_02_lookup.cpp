// slide_02_lookup.cpp — "The lookup": each ID in turn lights its chip, an arrow runs
// to its row, the row glows, and its values fly into output row i. One step per ID.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/slides/narrative_lines.hpp"
#include "app/slides/scene.hpp"
#include "app/slides/slide_code.hpp"
#include "app/slides/slides.hpp"
#include "app/widgets/widget_answer_targets.hpp"
#include "app/ui_base/ui_draw.hpp"
#include "app/widgets/widget_matrix_grid.hpp"
#include "core/text/text_format.hpp"

namespace lv::app {
namespace {

// A step, as its named parts: the chip lights, the arrow runs to its row, the row
// glows, then its values fly into output row i.
constexpr Phase kChipLights{0.0f, 0.25f};
constexpr Phase kArrowRuns{0.08f, 0.40f};
constexpr Phase kRowGlows{0.30f, 0.50f};
constexpr Phase kValuesFly{0.50f, 1.0f};

int steps(const SlideContext& cx) { return std::max<int>(1, static_cast<int>(cx.model.inputs.ids.size())); }

void narrative(const SlideContext& cx) {
  const Derived& d = cx.model.derived;
  const IdList& ids = cx.model.inputs.ids;
  para("embedding(idx) does not compute anything: row i of the result is row idx[i] of the table.");
  ImGui::Spacing();
  const int cur = narrative_step(cx, steps(cx));
  // Learn mode asking which table row lands in an output row: the line that says it waits.
  if (!ids.empty() && !hides_now(cx, Hidden::kNowLine))
    para("Now: idx[%d] = %lld, so output row %d is a copy of table row %lld.", cur,
         static_cast<long long>(ids[static_cast<size_t>(cur)]), cur,
         static_cast<long long>(ids[static_cast<size_t>(cur)]));
  ImGui::Spacing();
  para("%s × %s = %s. No multiplications at all.", count_text(d.batch, "ID").c_str(),
       count_text(d.dim, "number").c_str(), count_text(d.lookup_bill.copies, "copy", "copies").c_str());
  ImGui::Spacing();
  // (Asked which row lands in an output row: "Row 4 is looked up more than once" may name it.)
  if (!hides_now(cx, Hidden::kNowLine))
    repeat_line(cx, "Row %lld is looked up more than once: each of its output rows is the same copy.");
}

// A batch wider than the canvas (the book's 20 tokens at V = 50,257) shows a window of
// chips that holds the current one: [*first, *last) of the first n, within `room` wide.
void chip_window(const IdList& ids, size_t n, int cur, float gap, float room, size_t* first, size_t* last) {
  float total = 0.0f;
  for (size_t i = 0; i < n; ++i) total += chip_size(ids[i]).x + gap;
  if (total <= room) return;
  const size_t at = cur >= 0 ? std::min<size_t>(static_cast<size_t>(cur), n - 1) : 0;
  *first = at;
  *last = at + 1;
  float w = chip_size(ids[at]).x + gap;
  for (bool grew = true; grew;) {
    grew = false;
    if (*last < n && w + chip_size(ids[*last]).x + gap <= room) w += chip_size(ids[(*last)++]).x + gap, grew = true;
    if (*first > 0 && w + chip_size(ids[*first - 1]).x + gap <= room)
      w += chip_size(ids[--*first]).x + gap, grew = true;
  }
}

// The row of ID chips: the current one lit, the ones already looked up half lit; "…" marks
// the chips left out on either side. Each drawn chip's bottom centre goes to chip_bottoms
// (the arrow starts there), and [*first, *last) are the chips drawn. Returns the row's size
// from its first chip.
ImVec2 draw_chips(SlideCanvas& c, const Scene& sc, int cur, size_t n_chips, ImVec2* chip_bottoms, size_t* first,
                  size_t* last) {
  draw_text(sc.dl, fonts().bold, ImVec2(c.origin.x, c.origin.y + sc.e * 0.25f), c.pal.muted, "ids");
  const float gap = sc.e * 0.4f, room = c.avail.x - sc.e * 2.2f - sc.e * 3.0f;
  *first = 0;
  *last = n_chips;
  chip_window(sc.ids, n_chips, cur, gap, room, first, last);
  float chip_x = c.origin.x + sc.e * 2.2f, chip_h = 0.0f;
  if (*first > 0) {
    draw_text(sc.dl, fonts().bold, ImVec2(chip_x, c.origin.y + sc.e * 0.25f), c.pal.muted, "…");
    chip_x += sc.e * 1.4f;
  }
  for (size_t i = *first; i < *last; ++i) {
    const float p = c.progress(static_cast<int>(i));
    const float lit = static_cast<int>(i) == cur ? phase(p, kChipLights) : p > 0.0f ? 0.35f : 0.0f;
    const ImVec2 cs = chip_size(sc.ids[i]);
    draw_chip(sc.dl, ImVec2(chip_x, c.origin.y), sc.ids[i], id_color(i), lit, c.pal);
    chip_bottoms[i] = ImVec2(chip_x + cs.x * 0.5f, c.origin.y + cs.y);
    chip_x += cs.x + gap;
    chip_h = cs.y;
  }
  if (*last < n_chips) {
    draw_text(sc.dl, fonts().bold, ImVec2(chip_x, c.origin.y + sc.e * 0.25f), c.pal.muted, "…");
    chip_x += sc.e * 1.4f;
  }
  // A row cut to a window of chips takes its whole room at every step (the window moves
  // with the current chip, and its width with it): the canvas centres by that room.
  const float drawn = chip_x - gap - (c.origin.x + sc.e * 2.2f);
  const bool windowed = *first > 0 || *last < n_chips;
  return ImVec2(windowed ? std::max(drawn, room + sc.e * 3.0f) : drawn, chip_h);
}

ImVec2 canvas(SlideCanvas& c) {
  const Scene sc(c);
  const int cur = c.current();
  const size_t n_chips = std::min<size_t>(sc.ids.size(), 64);
  ImVec2 chip_bottoms[64];
  size_t first = 0, last = 0;  // [first, last): the chips drawn
  const ImVec2 chips = draw_chips(c, sc, cur, n_chips, chip_bottoms, &first, &last);

  // The table (left) and the output (right).
  GridStyle gs;
  grid_use_scale(gs, sc.d.table_scale);  // the table's numbers and their copies: its digits
  const float top = c.origin.y + chips.y + sc.e * 1.4f;
  gs.max_rows = grid_fit_count(std::max(static_cast<int>(sc.d.vocab), static_cast<int>(sc.d.batch)),
                               c.avail.y - (top - c.origin.y) - sc.e * 4.0f, gs.cell_h * sc.e, 24);
  // Both grids side by side share the canvas's width.
  gs.max_cols = grid_fit_count(static_cast<int>(sc.d.dim), (c.avail.x - sc.e * 8.0f) * 0.5f, gs.cell_w * sc.e, 12);
  if (cur >= 0) {
    grid_follow(sc.cx.grids.table_view, gs, static_cast<int>(sc.d.vocab), static_cast<int>(sc.d.dim),
                static_cast<int>(sc.ids[static_cast<size_t>(cur)]));
    grid_follow(sc.cx.grids.out_view, gs, static_cast<int>(sc.d.batch), static_cast<int>(sc.d.dim), cur);
  }
  // Keep the output's columns in step with the table's so a row lands where it came from.
  sc.cx.grids.out_view.first_col = sc.cx.grids.table_view.first_col;
  char head[96];
  std::snprintf(head, sizeof head, "weight table · %s × %s", Commas(sc.d.vocab).s, Commas(sc.d.dim).s);
  draw_text(sc.dl, fonts().bold, ImVec2(c.origin.x, top), c.pal.muted, head);
  const GridLayout tg = grid_layout(ImVec2(c.origin.x, top + sc.e * 1.6f), static_cast<int>(sc.d.vocab),
                                    static_cast<int>(sc.d.dim), sc.cx.grids.table_view, gs);
  const float out_x = tg.pos.x + tg.size.x + sc.e * 3.5f;
  std::snprintf(head, sizeof head, "embedding(idx) · %s × %s", Commas(sc.d.batch).s, Commas(sc.d.dim).s);
  draw_text(sc.dl, fonts().bold, ImVec2(out_x, top), c.pal.muted, head);
  const float out_head_right = out_x + text_size(fonts().bold, head).x;
  gs.name = "embedding(idx)";
  const GridLayout og = grid_layout(ImVec2(out_x, top + sc.e * 1.6f), static_cast<int>(sc.d.batch),
                                    static_cast<int>(sc.d.dim), sc.cx.grids.out_view, gs);

  // Which batch entry (if any) last wrote each table row, for the row tint.
  ImU32 labels[64] = {};
  for (size_t i = 0; i < n_chips; ++i) {
    const int r = static_cast<int>(sc.ids[i]);
    if (tg.row_shown(r) && c.progress(static_cast<int>(i)) > 0.0f && static_cast<int>(i) <= cur)
      labels[r - tg.first_row] = id_color(i);
  }
  grid_draw_frame(sc.dl, tg, named(gs, "weight table"), c.pal, labels);
  ImU32 out_labels[64] = {};
  for (int i = og.first_row; i < og.first_row + og.shown_rows; ++i)
    out_labels[i - og.first_row] = id_color(static_cast<size_t>(i));
  grid_draw_frame(sc.dl, og, gs, c.pal, out_labels);

  const float p = cur >= 0 ? c.progress(cur) : 0.0f;
  const int cur_row = cur >= 0 ? static_cast<int>(sc.ids[static_cast<size_t>(cur)]) : -1;
  const float glow = phase(p, kRowGlows);
  if (cur_row >= 0 && tg.row_shown(cur_row))
    draw_glow(sc.dl, tg.row_min(cur_row), tg.row_max(cur_row), id_color(static_cast<size_t>(cur)), glow);
  grid_draw_cells_at(
      sc.dl, tg, gs, c.pal, [&](int r, int col) { return sc.d.table.at(r, col); },
      [&](int r, int) {
    CellStyle s;
    s.bg = c.pal.panel_alt;
    if (r == cur_row) s.bg = mix(c.pal.panel_alt, id_color(static_cast<size_t>(cur)), 0.45f * glow);
    return s;
      });
  // Output rows appear as their step lands; the current one waits for its flight.
  const float fly = phase(p, kValuesFly);
  grid_draw_cells(sc.dl, og, sc.d.lookup_out.data(), sc.d.dim, gs, c.pal, [&](int r, int) {
    CellStyle s;
    const float pr = c.progress(r);
    s.bg =
        mix(c.pal.panel_alt, id_color(static_cast<size_t>(r)), pr >= 1.0f || (r == cur && fly >= 1.0f) ? 0.22f : 0.0f);
    s.hide = r > cur || (r == cur && fly < 1.0f);
    return s;
  });

  // The arrow from the current chip to its row, then the values in flight. The arrow goes
  // around the table rather than over it: left in the gap above the table's heading,
  // down the canvas's left margin, into the row's label (a straight curve cut through
  // the heading and the other rows' labels, and swung out past the canvas edge).
  if (cur >= 0 && static_cast<size_t>(cur) >= first && static_cast<size_t>(cur) < last && tg.row_shown(cur_row)) {
    const ImVec2 chip = chip_bottoms[cur];
    const float above = (chip.y + top) * 0.5f;      // between the chips and the heading
    const float margin = c.origin.x - sc.e * 0.3f;  // inside the canvas's padding
    const float row_y = tg.row_label_center(cur_row).y;
    const ImVec2 route[] = {chip, ImVec2(chip.x, above), ImVec2(margin, above), ImVec2(margin, row_y),
                            ImVec2(tg.pos.x + sc.e * 0.05f, row_y)};
    draw_route_arrow(sc.dl, route, 5, id_color(static_cast<size_t>(cur)), phase(p, kArrowRuns), 2.2f);
  }
  if (cur >= 0)
    grid_draw_flight(sc.dl, tg, cur_row, og, cur, table_row(sc.cx, cur_row), fly,
                     id_color(static_cast<size_t>(cur), 0.35f), gs, c.pal);
  // Learn mode: "which table row lands in output row i?" is answered on the table.
  if (learn_asks(c, quiz::QuestionKind::LookupRow)) answer_rows(sc.cx.door.answers(), tg, sc.dl, c.pal);
  // "table row r is edited: which output rows change?" is answered on the output's rows.
  if (learn_asks(c, quiz::QuestionKind::EditedRowOutputs)) answer_rows(sc.cx.door.answers(), og, sc.dl, c.pal, true);
  // Hover: say where a value came from.
  int r = -1, col = -1;
  const bool over_out = grid_interact(og, sc.cx.grids.out_view, "##out", &r, &col);
  if (over_out) sc.cx.door.hover_row(sc.ids[static_cast<size_t>(r)]);  // the ID's row: N, right-click
  grid_tooltips(og, over_out, r, col, [&](int tr, int tc, char* buf, size_t n) {
    if (tr <= cur)  // a row not yet looked up has no tooltip
      std::snprintf(buf, n, "embedding(idx)[%d, %d] = weight[%lld, %d] = %.4f", tr, tc,
                    static_cast<long long>(sc.ids[static_cast<size_t>(tr)]), tc,
                    static_cast<double>(sc.d.lookup_out(tr, tc)));
  });
  if (grid_interact(tg, sc.cx.grids.table_view, "##table", &r, &col)) sc.cx.door.hover_row(r);
  // (the chips count: the canvas centres the slide by this extent)
  const float chips_right = c.origin.x + sc.e * 2.2f + chips.x;
  return ImVec2(std::max({og.pos.x + og.size.x, out_head_right, chips_right}) - c.origin.x,
                std::max(tg.pos.y + tg.size.y, og.pos.y + og.size.y) - c.origin.y);
}

void caption(const SlideContext& cx, char* buf, size_t n) {
  std::snprintf(buf, n, "a lookup: row i of the output is row idx[i] of the table — %s, 0 multiplications",
                count_text(cx.model.derived.lookup_bill.copies, "copy", "copies").c_str());
}

void code(const SlideContext& cx, std::string& code, std::string& output) {
  code = code_make_embedding(cx) + "\nembedding(idx)";
  // "grabs rows 2, 3, 1" answers "which row lands in output row i?": it waits for the answer.
  if (!hides_now(cx, Hidden::kNowLine)) {
    code += "                     # grabs rows ";
    for (size_t i = 0; i < cx.model.inputs.ids.size() && i < 8; ++i) {
      if (i) code += ", ";
      code += std::to_string(cx.model.inputs.ids[i]);
    }
    if (cx.model.inputs.ids.size() > 8) code += ", …";
  }
  code += "\n";
  output.clear();
  append_repl(output, "embedding(idx)", cx.model.derived.print_lookup);
}

// Asking which table row lands in output row i: the "Now:" line, the code's "grabs rows"
// and what PyTorch prints for embedding(idx) wait for the answer.
Hidden hides(const quiz::Question& q) {
  if (q.kind == quiz::QuestionKind::LookupRow) return {Hidden::kNowLine, {"embedding(idx)"}};
  // Which output rows an edit of table row r reaches: the Now line names the row a step copies.
  if (q.kind == quiz::QuestionKind::EditedRowOutputs) return {Hidden::kNowLine, {}};
  return {};
}

// lookup_row at its ID's step; edited_row_outputs before the first (which positions hold
// ID r). Pictured on slide 1: this slide counts the copies.
constexpr SlideQuestion kQuestions[] = {
    {quiz::QuestionKind::LookupRow, steps_of_id, kHowTableRow, picture_ids_and_table},
    {quiz::QuestionKind::EditedRowOutputs, steps_whole,
     "Click each output row (or ↑ ↓ and Space), or type them: 0, 2 (none: leave it empty); Enter answers, S shows.",
     picture_ids_and_table},
};

}  // namespace

const SlideDef kSlideLookup = {
    .title = "The lookup", .draw = {steps, narrative, canvas, caption, code}, .questions = kQuestions, .hides = hides};

}  // namespace lv::app
