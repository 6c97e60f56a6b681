// slide_03_onehot.cpp — "One-hot": each ID becomes a row of V numbers, all 0 but a
// single 1 at column ID (in the ID's colour). One step per ID: its chip lights, a
// row of faint zeros sweeps in, then the 1 lights at column ids[k]. The chips stand
// in a column at the left, one per one-hot row; column labels 0..V-1 on top. A big
// V scrolls (the grid follows the 1 when the step changes).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

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

int steps(const SlideContext& cx) { return std::max<int>(1, static_cast<int>(cx.model.inputs.ids.size())); }

void narrative(const SlideContext& cx) {
  const Derived& d = cx.model.derived;
  const IdList& ids = cx.model.inputs.ids;
  const long long v = static_cast<long long>(d.vocab), b = static_cast<long long>(d.batch);
  para("one_hot turns each ID into a row of %s: all 0, except a single 1 in the column "
       "whose number is the ID.",
       count_text(v, "number").c_str());
  ImGui::Spacing();
  const int cur = narrative_step(cx, steps(cx));
  // Learn mode asking where a row's 1 is: the lines about the step's row wait for the answer.
  if (!ids.empty() && !hides_now(cx, Hidden::kNowLine)) {
    const long long id = static_cast<long long>(ids[static_cast<size_t>(cur)]);
    id_line(cx, cur, "Now: idx[%d] = %lld", cur, id);
    char others[32];
    fmt_count(others, sizeof others, v - 1);
    if (v == 1) para("Row %d is just [1]: with V = 1 there is no other column.", cur);
    else if (v == 2) para("Row %d has a single 1 at column %lld; the other entry is 0.", cur, id);
    else para("Row %d has a single 1 at column %lld; the other %s entries are 0.", cur, id, others);
    // A repeated ID gives the very same row.
    for (size_t j = 0; j < ids.size(); ++j) {
      if (j != static_cast<size_t>(cur) && ids[j] == ids[static_cast<size_t>(cur)]) {
        para("idx[%zu] is %lld too: rows %zu and %zu are the same row.", j, id, std::min(j, static_cast<size_t>(cur)),
             std::max(j, static_cast<size_t>(cur)));
        break;
      }
    }
  }
  ImGui::Spacing();
  const long long zeros = b * (v - 1);
  // The share of zeros, floored so 99.95% never reads as 100%.
  const double pct = v > 0 ? 100.0 * static_cast<double>(v - 1) / static_cast<double>(v) : 0.0;
  const int digits = pct > 99.0 ? 2 : 1;
  const double floored = std::floor(pct * (digits == 2 ? 100.0 : 10.0)) / (digits == 2 ? 100.0 : 10.0);
  char nb[32], nv[32], nz[32];
  fmt_count(nb, sizeof nb, b);
  fmt_count(nv, sizeof nv, v);
  fmt_count(nz, sizeof nz, zeros);
  para("%s ID%s → a %s × %s matrix: %s one%s and %s zero%s (%.*f%% zeros).", nb, b == 1 ? "" : "s", nb, nv, nb,
       b == 1 ? "" : "s", nz, zeros == 1 ? "" : "s", digits, floored);
  ImGui::Spacing();
  if (cx.model.inputs.vocab_mode == VocabMode::FromIds)
    para_muted("num_classes defaults to max(idx) + 1 = %s: one column per row of the table.", nv);
  else para_muted("num_classes = %s: one column per row of the table.", nv);
  para_muted("%s", "Next: a one-hot row times the table keeps exactly one row.");
}

// ---------------------------------------------------------------- canvas
// A step, as its named parts: the chip lights and its arrow reaches into the row,
// a row of faint zeros sweeps in left to right, then the 1 lights at column ID.
constexpr Phase kChipLights{0.0f, 0.25f};
constexpr Phase kArrowReaches{0.05f, 0.35f};
constexpr Phase kZerosSweep{0.15f, 0.50f};
constexpr Phase kOneLights{0.55f, 0.90f};

// Where things go: the chip column at the left, the grid right of it, the legend under it.
struct OneHotLayout {
  GridStyle gs;
  float chip_w = 0;  // the chip column: as wide as the widest chip
  float grid_x = 0, head_y = 0, grid_y = 0;
};

OneHotLayout lay_out(const Scene& s) {
  const float e = s.e;
  const SlideCanvas& c = s.c;
  const int rows = static_cast<int>(s.d.batch), cols = static_cast<int>(s.d.vocab);
  char buf[32];
  OneHotLayout l;
  // Cells only as wide as the widest column label; tall enough for a chip.
  GridStyle& gs = l.gs;
  gs.number_format = "%.0f";
  gs.integers = true;
  gs.col_labels = true;
  std::snprintf(buf, sizeof buf, "%d", std::max(0, cols - 1));
  gs.cell_w = std::max(2.6f, (ImGui::CalcTextSize(buf).x + e * 0.9f) / e);
  gs.cell_h = 2.1f;
  // The chip column: as wide as the widest chip (measured over every ID, cheap at <= kMaxIds).
  int64_t max_id = 0;
  for (int64_t id : s.ids) max_id = std::max(max_id, id);
  l.chip_w = std::max(chip_size(0).x, chip_size(max_id).x);
  l.grid_x = c.origin.x + l.chip_w + e * 2.2f;
  std::snprintf(buf, sizeof buf, "%d", std::max(0, rows - 1));
  const float label_w = ImGui::CalcTextSize(buf).x + e * 0.9f;
  l.head_y = c.origin.y;
  l.grid_y = l.head_y + e * 1.7f;
  const float legend_h = e * 3.6f;
  // A small one-hot matrix is shown whole (the canvas fit shrinks or grows its type);
  // a big one shows what fits around the current ID.
  gs.name = "one_hot(idx)";
  gs.max_rows = grid_fit_count(rows, c.avail.y - (l.grid_y - c.origin.y) - gs.cell_h * e - legend_h, gs.cell_h * e, 24);
  gs.max_cols = grid_fit_count(cols, c.avail.x - (l.grid_x - c.origin.x) - label_w - e * 1.5f, gs.cell_w * e, 48);
  return l;
}

// The current 1's column: a tinted band from its label down to its row, the label as a badge.
void draw_current_column(const Scene& s, const GridLayout& g, float lit) {
  const int cur = s.cur, col = static_cast<int>(s.cur_id);
  if (cur < 0 || !g.col_shown(col) || lit <= 0.0f) return;
  const float e = s.e;
  const ImVec2 top = g.cell_min(g.first_row, col);
  const float x0 = top.x, x1 = top.x + g.cw;
  const float y1 = g.row_shown(cur) ? g.cell_max(cur, col).y : (cur < g.first_row ? g.cells.y : g.cells_max().y);
  s.dl->AddRectFilled(ImVec2(x0 + 1, g.pos.y + 1), ImVec2(x1 - 1, y1), id_color(s.cur_i, 0.10f * lit), g.ch * 0.2f);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%d", col);
  const ImVec2 ts = ImGui::CalcTextSize(buf);
  const ImVec2 lc(x0 + g.cw * 0.5f, g.pos.y + g.ch * 0.5f);
  const float hw = std::max(ts.x * 0.5f + e * 0.35f, e * 0.7f);
  s.dl->AddRectFilled(ImVec2(lc.x - hw, lc.y - e * 0.55f), ImVec2(lc.x + hw, lc.y + e * 0.55f), id_color(s.cur_i, lit),
                      e * 0.55f);
  s.dl->AddText(ImVec2(lc.x - ts.x * 0.5f, lc.y - ts.y * 0.5f), with_alpha(text_on(s.pal, s.cur_color), lit), buf);
}

// How far the sweep of zeros has come at column `col` of a row at progress pr.
float zero_appears(float pr, const GridLayout& g, int col) {
  const float ncols = static_cast<float>(g.shown_cols);
  return std::clamp(phase(pr, kZerosSweep) * (ncols + 1.0f) - static_cast<float>(col - g.first_col), 0.0f, 1.0f);
}

// The cells: rows not reached are empty slots; a reached row's zeros sweep in, then its 1 lights.
void draw_cells(const Scene& s, const GridLayout& g, const GridStyle& gs) {
  const SlideCanvas& c = s.c;
  const Palette& pal = s.pal;
  const IdList& ids = s.ids;
  grid_draw_cells_at(
      s.dl, g, gs, pal, [&](int r, int col) { return ids[static_cast<size_t>(r)] == col ? 1.0f : 0.0f; },
      [&](int r, int col) {
    CellStyle cs;
    const float pr = c.progress(r);
    if (pr <= 0.0f) {  // not reached: an empty slot keeps the B × V shape visible
      cs.bg = with_alpha(pal.panel_alt, 0.45f);
      cs.hide = true;
      return cs;
    }
    cs.alpha = zero_appears(pr, g, col);
    cs.bg = pal.panel_alt;
    cs.text = pal.faint;
    if (col == static_cast<int>(ids[static_cast<size_t>(r)])) {
      const float lit = phase(pr, kOneLights);
      cs.bg = id_tint(pal, static_cast<size_t>(r), 0.9f * lit);
      // Until it lights, the 1 reads as one more 0 (drawn below); then it turns into a 1.
      cs.hide = lit < 0.5f;
      cs.text = with_alpha(text_on(pal, cs.bg), std::clamp(lit * 2.0f - 1.0f, 0.0f, 1.0f));
    }
    return cs;
      });
}

// The faint 0 that the current 1 replaces, fading as the 1 lights.
void draw_replaced_zero(const Scene& s, const GridLayout& g, float lit) {
  const int cur = s.cur, col = static_cast<int>(s.cur_id);
  if (cur < 0 || !g.row_shown(cur) || !g.col_shown(col) || lit >= 0.5f) return;
  const ImVec2 a = g.cell_min(cur, col), b = g.cell_max(cur, col);
  const ImVec2 ts = ImGui::CalcTextSize("0");
  s.dl->AddText(ImVec2(b.x - ts.x - g.cw * 0.12f, a.y + (g.ch - ts.y) * 0.5f),
                with_alpha(s.pal.faint, zero_appears(s.p, g, col) * (1.0f - lit * 2.0f)), "0");
}

// The chip column: each ID at the left of its one-hot row, an arrow into the row.
void draw_chips(const Scene& s, const GridLayout& g, float chip_w) {
  const float e = s.e;
  for (int r = g.first_row; r < g.first_row + g.shown_rows; ++r) {
    const int64_t id = s.ids[static_cast<size_t>(r)];
    const ImVec2 cs = chip_size(id);
    const ImVec2 rm = g.cell_min(r, g.first_col);
    const ImVec2 pos(s.c.origin.x + chip_w - cs.x, rm.y + (g.ch - cs.y) * 0.5f);
    const float pr = s.c.progress(r);
    const float lit = r == s.cur ? phase(pr, kChipLights) : (pr > 0.0f ? 0.35f : 0.0f);
    draw_chip(s.dl, pos, id, id_color(static_cast<size_t>(r)), lit, s.pal);
    const float reach = r == s.cur ? phase(pr, kArrowReaches) : (pr > 0.0f ? 1.0f : 0.0f);
    const ImVec2 from(s.c.origin.x + chip_w + e * 0.25f, rm.y + g.ch * 0.5f);
    draw_arrow(s.dl, from, ImVec2(g.pos.x - e * 0.15f, from.y),
               id_color(static_cast<size_t>(r), r == s.cur ? 0.9f : 0.45f), reach, 1.6f, true);
  }
}

// Legend under the grid: what the colours mean (wraps when narrow). Returns its right
// edge and bottom.
ImVec2 draw_legend(const Scene& s, const GridLayout& g, float grid_x) {
  const float e = s.e;
  const Palette& pal = s.pal;
  ImDrawList* dl = s.dl;
  // Below the band where Learn mode's ✓ / ✗ mark a column (always kept: nothing moves when asked).
  const float band =
      g.shown_rows > 0 ? g.cell_max(g.first_row + g.shown_rows - 1, g.first_col).y + answer_cols_band() : 0;
  const float ly = std::max(g.pos.y + g.size.y + e * 0.6f, band);
  const float sw = e * 0.9f;
  float lx = grid_x;
  dl->AddRectFilled(ImVec2(lx, ly + e * 0.1f), ImVec2(lx + sw, ly + e * 0.1f + sw), s.cur_color, e * 0.2f);
  lx += sw + e * 0.4f;
  const char* one_text = "1 — at the column whose number is the ID";
  draw_text(dl, nullptr, ImVec2(lx, ly), pal.text, one_text);
  lx += text_size(nullptr, one_text).x + e * 1.2f;
  const char* zero_text = "0 — everywhere else";
  const float zero_w = sw + e * 0.4f + text_size(nullptr, zero_text).x;
  float zy = ly;
  if (lx + zero_w > s.c.origin.x + std::max(s.c.avail.x, g.size.x + (grid_x - s.c.origin.x))) {  // wrap when narrow
    lx = grid_x;
    zy = ly + e * 1.4f;
  }
  dl->AddRectFilled(ImVec2(lx, zy + e * 0.1f), ImVec2(lx + sw, zy + e * 0.1f + sw), pal.panel_alt, e * 0.2f);
  dl->AddRect(ImVec2(lx, zy + e * 0.1f), ImVec2(lx + sw, zy + e * 0.1f + sw), pal.faint, e * 0.2f);
  draw_text(dl, nullptr, ImVec2(lx + sw + e * 0.4f, zy), pal.muted, zero_text);
  return ImVec2(std::max(lx + zero_w, grid_x + text_size(nullptr, one_text).x + sw + e * 0.4f), zy + e * 1.4f);
}

// Hover: say why a cell is 0 or 1.
void hover(const Scene& s, const GridLayout& g) {
  int hr = -1, hc = -1;
  const bool over = grid_interact(g, s.cx.grids.onehot_view, "##onehot", &hr, &hc);
  if (over) s.cx.door.hover_row(hc);  // column hc picks table row hc: N asks its nearest rows
  grid_tooltips(g, over, hr, hc, [&](int r, int c, char* buf, size_t n) {
    if (s.c.progress(r) <= 0.0f) return;  // a row not yet made has no tooltip
    const long long id = static_cast<long long>(s.ids[static_cast<size_t>(r)]);
    if (id == c) std::snprintf(buf, n, "onehot[%d, %d] = 1: idx[%d] = %lld", r, c, r, id);
    else std::snprintf(buf, n, "onehot[%d, %d] = 0: idx[%d] = %lld, not %d", r, c, r, id, c);
  });
}

ImVec2 canvas(SlideCanvas& c) {
  const Scene s(c);
  const int rows = static_cast<int>(s.d.batch), cols = static_cast<int>(s.d.vocab);
  const OneHotLayout l = lay_out(s);
  if (follow_now(s.cx.own<FollowMemory>().followed, FollowKey{s.cur, batch_key(c.cx), l.gs.max_rows, l.gs.max_cols},
                 c.measuring))
    grid_follow(s.cx.grids.onehot_view, l.gs, rows, cols, s.cur, static_cast<int>(s.cur_id));

  // Headers.
  char head[128];
  std::snprintf(head, sizeof head, "one_hot(idx, num_classes=%d) · %s × %s", cols, Commas(rows).s, Commas(cols).s);
  draw_text(s.dl, fonts().bold, ImVec2(c.origin.x, l.head_y), s.pal.muted, "idx");
  draw_text(s.dl, fonts().bold, ImVec2(l.grid_x, l.head_y), s.pal.muted, head);

  // The grid, its rows' labels in their ID's colour once reached.
  const GridLayout g = grid_layout(ImVec2(l.grid_x, l.grid_y), rows, cols, s.cx.grids.onehot_view, l.gs);
  ImU32 label_colors[64] = {};
  for (int r = g.first_row; r < g.first_row + g.shown_rows; ++r)
    if (c.progress(r) > 0.0f) label_colors[r - g.first_row] = id_color(static_cast<size_t>(r));
  grid_draw_frame(s.dl, g, l.gs, s.pal, label_colors);

  const float one_lit = phase(s.p, kOneLights);
  draw_current_column(s, g, one_lit);
  if (s.cur >= 0 && g.row_shown(s.cur) && g.col_shown(static_cast<int>(s.cur_id)))
    draw_glow(s.dl, g.cell_min(s.cur, static_cast<int>(s.cur_id)), g.cell_max(s.cur, static_cast<int>(s.cur_id)),
              s.cur_color, one_lit);
  draw_cells(s, g, l.gs);
  draw_replaced_zero(s, g, one_lit);
  draw_chips(s, g, l.chip_w);
  const ImVec2 legend_end = draw_legend(s, g, l.grid_x);
  hover(s, g);
  // Learn mode: "where is the 1 in one-hot row i?" is answered on the grid's columns.
  if (learn_asks(c, quiz::QuestionKind::OnehotCol)) answer_cols(s.cx.door.answers(), g, s.dl, s.pal);

  const float right = std::max({g.pos.x + g.size.x, legend_end.x, l.grid_x + text_size(fonts().bold, head).x});
  return ImVec2(right - c.origin.x, legend_end.y - c.origin.y);
}

void caption(const SlideContext& cx, char* buf, size_t n) {
  std::snprintf(buf, n, "each ID → a row of %s: all 0, except one 1 at column ID",
                count_text(cx.model.derived.vocab, "number").c_str());
}

void code(const SlideContext& cx, std::string& code, std::string& output) {
  code = "import torch\n\n" + code_idx(cx) + code_num_idx(cx) + code_onehot(cx) + "onehot\n";
  output.clear();
  append_repl(output, "onehot", cx.model.derived.print_onehot);
}

// Asking which column holds a row's 1: the "Now:" lines and what PyTorch prints for onehot wait.
Hidden hides(const quiz::Question& q) {
  // Where the 1 goes, or how many 1s the whole one-hot matrix holds: the printed matrix and
  // the Now line give either away.
  if (q.kind != quiz::QuestionKind::OnehotCol && q.kind != quiz::QuestionKind::OnehotOnes) return {};
  return {Hidden::kNowLine | Hidden::kCounts, {"onehot"}};
}

// onehot_col at its ID's step, pictured with rows 0..i−1 drawn and row i not yet (i = 0:
// slide 1); onehot_ones pictured on slide 1 (this slide draws every 1).
quiz::PictureStep rows_before(const quiz::Question& q) {
  const int i = static_cast<int>(q.params.i.value_or(0));
  return i > 0 ? quiz::PictureStep{3, i} : quiz::PictureStep{1, 1};
}
constexpr SlideQuestion kQuestions[] = {
    {quiz::QuestionKind::OnehotCol, steps_of_id,
     "Click the column, or ← → to it, or type its number; Enter answers, S shows.", rows_before},
    {quiz::QuestionKind::OnehotOnes, steps_whole, kHowWholeNumber, picture_ids_and_table},
};

}  // namespace

const SlideDef kSlideOneHot = {
    .title = "One-hot", .draw = {steps, narrative, canvas, caption, code}, .questions = kQuestions, .hides = hides};

}  // namespace lv::app
