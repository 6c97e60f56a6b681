// slide_03_onehot.cpp — "One-hot": each ID becomes a row of V numbers, all 0 but a
// single 1 at column ID (in the ID's colour). One step per ID: its chip lights, a
// row of faint zeros sweeps in, then the 1 lights at column ids[k]. The chips stand
// in a column at the left, one per one-hot row; column labels 0..V-1 on top. A big
// V scrolls (the grid follows the 1 when the step changes).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "app/slides/anim_timeline.hpp"
#include "app/slides/slide_code.hpp"
#include "app/slides/slides.hpp"
#include "app/widgets/ui_draw.hpp"
#include "app/widgets/widget_matrix_grid.hpp"
#include "core/text_format.hpp"

namespace lv::app {
namespace {

// The sub-phase [a, b] of a step's progress p.
float phase(float p, float a, float b) { return std::clamp((p - a) / (b - a), 0.0f, 1.0f); }

int steps(const App& app) { return std::max<int>(1, static_cast<int>(app.inputs.ids.size())); }

// What the grid last scrolled to: it follows the 1 only when the step, the model
// or the window changes, so the user can scroll freely while a step holds.
struct FollowKey {
  int step = -2;
  uint64_t generation = 0;
  int max_rows = 0, max_cols = 0;
  bool operator==(const FollowKey&) const = default;
};
FollowKey g_followed;

void narrative(App& app) {
  const Derived& d = app.derived;
  const IdList& ids = app.inputs.ids;
  const long long v = static_cast<long long>(d.vocab), b = static_cast<long long>(d.batch);
  ImGui::TextWrapped("one_hot turns each ID into a row of %s: all 0, except a single 1 in the column "
                     "whose number is the ID.", counted(v, "number").c_str());
  ImGui::Spacing();
  const int cur = std::max(0, current_step(app.ui.timeline, steps(app)));
  if (!ids.empty()) {
    const long long id = static_cast<long long>(ids[static_cast<size_t>(cur)]);
    ImGui::PushStyleColor(ImGuiCol_Text, id_ink(palette(app.ui.theme), static_cast<size_t>(cur)));
    ImGui::TextWrapped("Now: idx[%d] = %lld", cur, id);
    ImGui::PopStyleColor();
    char others[32];
    fmt_count(others, sizeof others, v - 1);
    if (v == 1)
      ImGui::TextWrapped("Row %d is just [1]: with V = 1 there is no other column.", cur);
    else if (v == 2)
      ImGui::TextWrapped("Row %d has a single 1 at column %lld; the other entry is 0.", cur, id);
    else
      ImGui::TextWrapped("Row %d has a single 1 at column %lld; the other %s entries are 0.", cur, id, others);
    // A repeated ID gives the very same row.
    for (size_t j = 0; j < ids.size(); ++j) {
      if (j != static_cast<size_t>(cur) && ids[j] == ids[static_cast<size_t>(cur)]) {
        ImGui::TextWrapped("idx[%zu] is %lld too: rows %zu and %zu are the same row.", j, id,
                           std::min(j, static_cast<size_t>(cur)), std::max(j, static_cast<size_t>(cur)));
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
  ImGui::TextWrapped("%s ID%s → a %s × %s matrix: %s one%s and %s zero%s (%.*f%% zeros).", nb, b == 1 ? "" : "s", nb,
                     nv, nb, b == 1 ? "" : "s", nz, zeros == 1 ? "" : "s", digits, floored);
  ImGui::Spacing();
  if (app.inputs.vocab_mode == VocabMode::FromIds)
    ImGui::TextDisabled("num_classes defaults to max(idx) + 1 = %lld: one column per row of the table.", v);
  else
    ImGui::TextDisabled("num_classes = %lld: one column per row of the table.", v);
  ImGui::TextDisabled("%s", "Next: a one-hot row times the table keeps exactly one row.");
}

ImVec2 canvas(SlideCanvas& c) {
  App& app = c.app;
  const Derived& d = app.derived;
  const IdList& ids = app.inputs.ids;
  const float e = em();
  ImDrawList* dl = c.dl;
  const int cur = c.current();
  const int rows = static_cast<int>(d.batch), cols = static_cast<int>(d.vocab);
  char buf[128];

  // Cells only as wide as the widest column label; tall enough for a chip.
  GridStyle gs;
  gs.number_format = "%.0f";
  gs.integers = true;
  gs.col_labels = true;
  std::snprintf(buf, sizeof buf, "%d", std::max(0, cols - 1));
  gs.cell_w = std::max(2.6f, (ImGui::CalcTextSize(buf).x + e * 0.9f) / e);
  gs.cell_h = 2.1f;

  // The chip column: as wide as the widest chip (measured over every ID, cheap at <= kMaxIds).
  float chip_w = chip_size(0).x;
  int64_t max_id = 0;
  for (int64_t id : ids) max_id = std::max(max_id, id);
  chip_w = std::max(chip_w, chip_size(max_id).x);
  const float grid_x = c.origin.x + chip_w + e * 2.2f;
  std::snprintf(buf, sizeof buf, "%d", std::max(0, rows - 1));
  const float label_w = ImGui::CalcTextSize(buf).x + e * 0.9f;

  const float head_y = c.origin.y;
  const float grid_y = head_y + e * 1.7f;
  const float legend_h = e * 3.6f;
  // A small one-hot matrix is shown whole (the canvas fit shrinks or grows its type);
  // a big one shows what fits around the current ID.
  gs.name = "one_hot(idx)";
  gs.max_rows = grid_fit_count(rows, c.avail.y - (grid_y - c.origin.y) - gs.cell_h * e - legend_h, gs.cell_h * e, 24);
  gs.max_cols = grid_fit_count(cols, c.avail.x - (grid_x - c.origin.x) - label_w - e * 1.5f, gs.cell_w * e, 48);

  const FollowKey key{cur, d.generation, gs.max_rows, gs.max_cols};
  if (cur >= 0 && !(key == g_followed))
    grid_follow(app.ui.onehot_view, gs, rows, cols, cur, static_cast<int>(ids[static_cast<size_t>(cur)]));
  g_followed = key;

  // Headers.
  draw_text(dl, fonts().bold, ImVec2(c.origin.x, head_y), c.pal.muted, "idx");
  std::snprintf(buf, sizeof buf, "one_hot(idx, num_classes=%d) · %d × %d", cols, rows, cols);
  draw_text(dl, fonts().bold, ImVec2(grid_x, head_y), c.pal.muted, buf);

  const GridLayout g = grid_layout(ImVec2(grid_x, grid_y), rows, cols, app.ui.onehot_view, gs);
  ImU32 label_colors[64] = {};
  for (int r = g.first_row; r < g.first_row + g.shown_rows; ++r)
    if (c.progress(r) > 0.0f) label_colors[r - g.first_row] = id_color(static_cast<size_t>(r));
  grid_draw_frame(dl, g, gs, c.pal, label_colors);

  const float p = cur >= 0 ? c.progress(cur) : 0.0f;
  const int cur_col = cur >= 0 ? static_cast<int>(ids[static_cast<size_t>(cur)]) : -1;
  const float lit_cur = phase(p, 0.55f, 0.90f);

  // The current 1's column: a tinted band from its label down to its row, the label as a badge.
  if (cur >= 0 && g.col_shown(cur_col) && lit_cur > 0.0f) {
    const ImVec2 top = g.cell_min(g.first_row, cur_col);
    const float x0 = top.x, x1 = top.x + g.cw;
    const float y1 = g.row_shown(cur) ? g.cell_max(cur, cur_col).y : (cur < g.first_row ? g.cells.y : g.cells_max().y);
    dl->AddRectFilled(ImVec2(x0 + 1, g.pos.y + 1), ImVec2(x1 - 1, y1), id_color(static_cast<size_t>(cur), 0.10f * lit_cur),
                      g.ch * 0.2f);
    std::snprintf(buf, sizeof buf, "%d", cur_col);
    const ImVec2 ts = ImGui::CalcTextSize(buf);
    const ImVec2 lc(x0 + g.cw * 0.5f, g.pos.y + g.ch * 0.5f);
    const float hw = std::max(ts.x * 0.5f + e * 0.35f, e * 0.7f);
    dl->AddRectFilled(ImVec2(lc.x - hw, lc.y - e * 0.55f), ImVec2(lc.x + hw, lc.y + e * 0.55f),
                      id_color(static_cast<size_t>(cur), lit_cur), e * 0.55f);
    const ImU32 badge_text = text_on(c.pal, id_color(static_cast<size_t>(cur)));
    dl->AddText(ImVec2(lc.x - ts.x * 0.5f, lc.y - ts.y * 0.5f), with_alpha(badge_text, lit_cur), buf);
  }
  if (cur >= 0 && g.row_shown(cur) && g.col_shown(cur_col))
    draw_glow(dl, g.cell_min(cur, cur_col), g.cell_max(cur, cur_col), id_color(static_cast<size_t>(cur)), lit_cur);

  const float ncols = static_cast<float>(g.shown_cols);
  grid_draw_cells_at(dl, g, gs, c.pal, [&](int r, int col) { return ids[static_cast<size_t>(r)] == col ? 1.0f : 0.0f; }, [&](int r, int col) {
    CellStyle s;
    const float pr = c.progress(r);
    if (pr <= 0.0f) {  // not reached: an empty slot keeps the B × V shape visible
      s.bg = with_alpha(c.pal.panel_alt, 0.45f);
      s.hide = true;
      return s;
    }
    // Zeros sweep in left to right, faint.
    const float appear = std::clamp(phase(pr, 0.15f, 0.50f) * (ncols + 1.0f) - static_cast<float>(col - g.first_col),
                                    0.0f, 1.0f);
    s.alpha = appear;
    s.bg = c.pal.panel_alt;
    s.text = c.pal.faint;
    if (col == static_cast<int>(ids[static_cast<size_t>(r)])) {
      const float lit = phase(pr, 0.55f, 0.90f);
      s.bg = id_tint(c.pal, static_cast<size_t>(r), 0.9f * lit);
      // Until it lights, the 1 reads as one more 0 (drawn below); then it turns into a 1.
      s.hide = lit < 0.5f;
      s.text = with_alpha(text_on(c.pal, s.bg), std::clamp(lit * 2.0f - 1.0f, 0.0f, 1.0f));
    }
    return s;
  });
  // The faint 0 that the current 1 replaces.
  if (cur >= 0 && g.row_shown(cur) && g.col_shown(cur_col) && lit_cur < 0.5f) {
    const float appear = std::clamp(phase(p, 0.15f, 0.50f) * (ncols + 1.0f) - static_cast<float>(cur_col - g.first_col),
                                    0.0f, 1.0f);
    const ImVec2 a = g.cell_min(cur, cur_col), b = g.cell_max(cur, cur_col);
    const ImVec2 ts = ImGui::CalcTextSize("0");
    dl->AddText(ImVec2(b.x - ts.x - g.cw * 0.12f, a.y + (g.ch - ts.y) * 0.5f),
                with_alpha(c.pal.faint, appear * (1.0f - lit_cur * 2.0f)), "0");
  }

  // The chip column: each ID at the left of its one-hot row, an arrow into the row.
  for (int r = g.first_row; r < g.first_row + g.shown_rows; ++r) {
    const int64_t id = ids[static_cast<size_t>(r)];
    const ImVec2 s = chip_size(id);
    const ImVec2 rm = g.cell_min(r, g.first_col);
    const ImVec2 pos(c.origin.x + chip_w - s.x, rm.y + (g.ch - s.y) * 0.5f);
    const float pr = c.progress(r);
    const float lit = r == cur ? phase(pr, 0.0f, 0.25f) : (pr > 0.0f ? 0.35f : 0.0f);
    draw_chip(dl, pos, id, id_color(static_cast<size_t>(r)), lit, c.pal);
    const float reach = r == cur ? phase(pr, 0.05f, 0.35f) : (pr > 0.0f ? 1.0f : 0.0f);
    const ImVec2 from(c.origin.x + chip_w + e * 0.25f, rm.y + g.ch * 0.5f);
    draw_arrow(dl, from, ImVec2(g.pos.x - e * 0.15f, from.y), id_color(static_cast<size_t>(r), r == cur ? 0.9f : 0.45f),
               reach, 1.6f, true);
  }

  // Legend under the grid: what the colours mean.
  const float ly = g.pos.y + g.size.y + e * 0.6f;
  const float sw = e * 0.9f;
  float lx = grid_x;
  const size_t lc = cur >= 0 ? static_cast<size_t>(cur) : 0;
  dl->AddRectFilled(ImVec2(lx, ly + e * 0.1f), ImVec2(lx + sw, ly + e * 0.1f + sw), id_color(lc), e * 0.2f);
  lx += sw + e * 0.4f;
  const char* one_text = "1 — at the column whose number is the ID";
  draw_text(dl, nullptr, ImVec2(lx, ly), c.pal.text, one_text);
  lx += text_size(nullptr, one_text).x + e * 1.2f;
  const char* zero_text = "0 — everywhere else";
  const float zero_w = sw + e * 0.4f + text_size(nullptr, zero_text).x;
  float zy = ly;
  if (lx + zero_w > c.origin.x + std::max(c.avail.x, g.size.x + (grid_x - c.origin.x))) {  // wrap when narrow
    lx = grid_x;
    zy = ly + e * 1.4f;
  }
  dl->AddRectFilled(ImVec2(lx, zy + e * 0.1f), ImVec2(lx + sw, zy + e * 0.1f + sw), c.pal.panel_alt, e * 0.2f);
  dl->AddRect(ImVec2(lx, zy + e * 0.1f), ImVec2(lx + sw, zy + e * 0.1f + sw), c.pal.faint, e * 0.2f);
  draw_text(dl, nullptr, ImVec2(lx + sw + e * 0.4f, zy), c.pal.muted, zero_text);
  const float legend_right = std::max(lx + zero_w, grid_x + text_size(nullptr, one_text).x + sw + e * 0.4f);

  // Hover: say why a cell is 0 or 1.
  int hr = -1, hc = -1;
  if (grid_interact(g, app.ui.onehot_view, "##onehot", &hr, &hc) && c.progress(hr) > 0.0f) {
    const long long id = static_cast<long long>(ids[static_cast<size_t>(hr)]);
    if (id == hc)
      ImGui::SetTooltip("onehot[%d, %d] = 1: idx[%d] = %lld", hr, hc, hr, id);
    else
      ImGui::SetTooltip("onehot[%d, %d] = 0: idx[%d] = %lld, not %d", hr, hc, hr, id, hc);
  }
  const float right = std::max(g.pos.x + g.size.x, legend_right);
  std::snprintf(buf, sizeof buf, "one_hot(idx, num_classes=%d) · %d × %d", cols, rows, cols);
  const float head_right = grid_x + text_size(fonts().bold, buf).x;
  const ImVec2 used(std::max(right, head_right) - c.origin.x, zy + e * 1.4f - c.origin.y);
  return used;
}

void caption(const App& app, char* buf, size_t n) {
  std::snprintf(buf, n, "each ID → a row of %s: all 0, except one 1 at column ID",
                counted(app.derived.vocab, "number").c_str());
}

void code(const App& app, std::string& code, std::string& output) {
  code = "import torch\n\n" + code_idx(app) + code_num_idx(app) + code_onehot(app) + "onehot\n";
  output.clear();
  append_repl(output, "onehot", app.derived.print_onehot);
}

}  // namespace

const SlideDef kSlideOneHot = {"One-hot", steps, narrative, canvas, caption, code};

}  // namespace lv::app
