// slide_04_matmul.cpp — "The matmul": linear(onehot.float()) with linear.weight tied
// to embedding.weight.T. One step per ID k: one-hot row k (a strip on top, its
// columns = the table's rows) is laid against the table — each entry flies down to
// sit beside table row j as its multiplier "×0"/"×1"; rows × 0 fade out, the row × 1
// glows and its values fly into output row k. Hovering an output cell shows its
// full dot product. A small figure shows that nn.Linear stores the transpose, with the shapes.
// Sections: helpers · narrative · the dot-product tooltip · the shapes figure · canvas · code
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "app/ui_base/anim_timeline.hpp"
#include "app/slides/narrative_lines.hpp"
#include "app/slides/scene.hpp"
#include "app/slides/slide_code.hpp"
#include "app/slides/slides.hpp"
#include "app/slides/slide_04_matmul.hpp"
#include "app/widgets/widget_answer_targets.hpp"
#include "app/ui_base/layout_report.hpp"
#include "app/ui_base/measure_pass.hpp"
#include "app/ui_base/ui_draw.hpp"
#include "app/ui_base/ui_landmarks.hpp"
#include "app/widgets/widget_matrix_grid.hpp"
#include "core/text/text_format.hpp"

namespace lv::app {
namespace {

// ---------------------------------------------------------------- helpers
int steps(const SlideContext& cx) { return std::max<int>(1, static_cast<int>(cx.model.inputs.ids.size())); }

constexpr const char* kMinus = "\xE2\x88\x92";  // U+2212, the typographic minus

// A value as a term of a written-out sum: 0.6957, (−2.8400), nan, inf, (−inf).
void fmt_term(char* buf, size_t n, float v, bool parens) {
  if (std::isnan(v)) std::snprintf(buf, n, "nan");
  else if (std::isinf(v)) std::snprintf(buf, n, v > 0 ? "inf" : (parens ? "(%sinf)" : "%sinf"), kMinus);
  else if (v < 0) std::snprintf(buf, n, parens ? "(%s%.4f)" : "%s%.4f", kMinus, -static_cast<double>(v));
  else std::snprintf(buf, n, "%.4f", static_cast<double>(v));
}

// Appends printf-style text to a fixed buffer (truncates, never overflows).
struct TextBuf {
  char* buf;
  size_t cap, len = 0;
  template <class... A>
  void add(const char* fmt, A... a) {
    if (len + 1 >= cap) return;
    const int w = std::snprintf(buf + len, cap - len, fmt, a...);
    if (w > 0) len = std::min(cap - 1, len + static_cast<size_t>(w));
  }
};

// Text with "^X" drawn as a small raised X (the fonts have no "ᵀ"): "out = X · W^T".
// Draws when dl is not null; returns the size either way.
ImVec2 sup_text(ImDrawList* dl, ImFont* font, ImVec2 pos, ImU32 col, const char* text) {
  if (!font) font = ImGui::GetFont();
  const float size = font->FontSize, small = size * 0.72f;
  float x = pos.x;
  const char* s = text;
  while (*s) {
    if (*s == '^' && s[1]) {
      const ImVec2 ts = font->CalcTextSizeA(small, 1e9f, 0.0f, s + 1, s + 2);
      if (dl) dl->AddText(font, small, ImVec2(x + 1.0f, pos.y - size * 0.12f), col, s + 1, s + 2);
      x += ts.x + 1.0f;
      s += 2;
      continue;
    }
    const char* end = s;
    while (*end && *end != '^') ++end;
    const ImVec2 ts = font->CalcTextSizeA(size, 1e9f, 0.0f, s, end);
    if (dl) dl->AddText(font, size, ImVec2(x, pos.y), col, s, end);
    x += ts.x;
    s = end;
  }
  return ImVec2(x - pos.x, size);
}

// One formula line in the narrative (ImGui text cannot raise a letter).
void formula_line(const char* text, ImU32 col) {
  ImFont* f = fonts().mono ? fonts().mono : ImGui::GetFont();
  const ImVec2 pos = ImGui::GetCursorScreenPos();
  const ImVec2 sz = sup_text(ImGui::GetWindowDrawList(), f, ImVec2(pos.x + em() * 1.0f, pos.y), col, text);
  ImGui::Dummy(ImVec2(sz.x + em(), sz.y));
  ImGui::LogText("\n%s\n", text);  // drawn by hand: the tour counts its words (app/app_tour.hpp; off: nothing)
}

// ---------------------------------------------------------------- narrative
void narrative(const SlideContext& cx) {
  const Derived& d = cx.model.derived;
  const IdList& ids = cx.model.inputs.ids;
  const Palette& pal = palette(cx.ui.theme);
  const long long v = static_cast<long long>(d.vocab), dim = static_cast<long long>(d.dim);
  // No dotted names in wrapped text: ImGui may break a line after a '.'.
  para("A Linear layer keeps its weight W as out_features × in_features — here D × V = %s × %s — "
       "and multiplies by its transpose:",
       Commas(dim).s, Commas(v).s);
  formula_line("out = X · W^T", pal.text);
  para("Tie the weights, and the transpose is the embedding table itself:");
  formula_line("linear.weight = embedding.weight.T", pal.text);
  formula_line("W^T = embedding.weight", pal.text);
  ImGui::Spacing();
  para("Row k of the product sums every table row j times onehot[k][j]: hover an output cell to see its %s.",
       count_text(v, "product").c_str());
  ImGui::Spacing();
  const int cur = narrative_step(cx, steps(cx));
  // Learn mode asking which table row survives: the lines about the step's row wait for the answer.
  if (!ids.empty() && !hides_now(cx, Hidden::kNowLine)) {
    const long long id = static_cast<long long>(ids[static_cast<size_t>(cur)]);
    id_line(cx, cur, "Now: onehot[%d] has its 1 at column %lld.", cur, id);
    if (v > 1)
      para("%s × 0 %s; row %lld × 1 survives, so output row %d = table row %lld.",
           count_text(v - 1, "table row").c_str(), v - 1 == 1 ? "vanishes" : "vanish", id, cur, id);
    else para("The only row is multiplied by 1: output row %d = table row 0.", cur);
  }
}

// ---------------------------------------------------------------- the dot-product tooltip
// out[r, col] = Σⱼ onehot[r][j] · table[j, col], written out. For V > 8 the middle
// ×0 terms are elided; the ×1 term is always shown.
// `show`: as the hovered cell's tooltip; else (and also) only into the layout report's texts.
void dot_product_tooltip(const Derived& d, const IdList& ids, const Palette& pal, int r, int col, bool show) {
  const int64_t v = d.vocab;
  const int64_t one = ids[static_cast<size_t>(r)];
  int64_t keep[8];  // V ≤ 8: every term; else at most 4 (0, 1, the ID, V − 1)
  int nk = 0;
  auto keep_add = [&](int64_t j) {
    if (j < 0 || j >= v) return;
    for (int i = 0; i < nk; ++i)
      if (keep[i] == j) return;
    keep[nk++] = j;
  };
  if (v <= 8) {
    for (int64_t j = 0; j < v; ++j) keep[nk++] = j;
  } else {
    keep_add(0);
    keep_add(1);
    keep_add(one);
    keep_add(v - 1);
    for (int i = 1; i < nk; ++i)  // at most 4: an insertion sort (std::sort here trips g++ 12's -Warray-bounds)
      for (int k = i; k > 0 && keep[k - 1] > keep[k]; --k) std::swap(keep[k - 1], keep[k]);
  }
  char text[1024], val[48], cnt[32];
  TextBuf t{text, sizeof text};
  bool first = true;
  auto sep = [&] {
    if (!first) t.add("%s", " + ");
    first = false;
  };
  int64_t prev = -1;
  for (int i = 0; i < nk; ++i) {
    const int64_t j = keep[i];
    if (j - prev > 1) {  // the elided ×0 terms between two shown ones
      fmt_count(cnt, sizeof cnt, static_cast<long long>(j - prev - 1));
      sep();
      t.add("… (%s more ×0 term%s) …", cnt, j - prev - 1 == 1 ? "" : "s");
    }
    fmt_term(val, sizeof val, d.table.at(j, col), true);
    sep();
    t.add("%d×%s", j == one ? 1 : 0, val);
    prev = j;
  }
  fmt_term(val, sizeof val, d.matmul_out(r, col), false);
  t.add(" = %s", val);
  const bool survives = std::isfinite(d.matmul_out(r, col)) || !std::isfinite(d.table.at(one, col));
  report_tooltip("linear(onehot.float())[%d, %d]\nrow %d of onehot · column %d of the table\n%s\n%s", r, col, r, col,
                 text, survives ? "Only the ×1 term survives." : "0 × inf = nan: the matmul multiplies every row.");
  if (!show) return;
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(em() * 34.0f);
  ImGui::PushFont(fonts().bold);
  ImGui::Text("linear(onehot.float())[%d, %d]", r, col);
  ImGui::PopFont();
  ImGui::TextDisabled("row %d of onehot · column %d of the table", r, col);
  ImGui::PushFont(fonts().mono);
  ImGui::TextUnformatted(text);
  ImGui::PopFont();
  if (std::isfinite(d.matmul_out(r, col)) || !std::isfinite(d.table.at(one, col)))
    ImGui::TextDisabled("Only the ×1 term survives: table[%lld, %d].", static_cast<long long>(one), col);
  else
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(pal.bad),
                       "A row multiplied by 0 holds nan or inf, and 0 × inf = nan: the matmul multiplies every row.");
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

// ---------------------------------------------------------------- the shapes figure
// Side of a matrix icon for n rows or columns: grows with log2(n), so 4 and 50,257 both fit.
float icon_side(int64_t n) {
  const float e = em();
  return std::clamp(e * (0.7f + 0.45f * std::log2(static_cast<float>(std::max<int64_t>(1, n)) + 1.0f)), e * 0.8f,
                    e * 4.2f);
}

struct Figure {
  float w = 0, h = 0;
};

// "nn.Linear stores the transpose": X · Wᵀ = out as three icons with live shapes
// (W = linear.weight, D × V; tied, Wᵀ is the table), the formula with the shapes
// and the stored weight's shape. Measures only when dl is null.
Figure shapes_figure(ImDrawList* dl, ImVec2 pos, const Derived& d, const IdList& ids, const Palette& pal, int cur) {
  const float e = em();
  char l1[192], l3[256], b[32], v[32], dd[32];
  fmt_count(b, sizeof b, static_cast<long long>(d.batch));
  fmt_count(v, sizeof v, static_cast<long long>(d.vocab));
  fmt_count(dd, sizeof dd, static_cast<long long>(d.dim));
  std::snprintf(l1, sizeof l1, "W = linear.weight · %s × %s (D × V)", dd, v);
  const char* l2 = "out = X · W^T";
  const char* l4 = "tied: W = embedding.weight.T";
  std::snprintf(l3, sizeof l3, "(%s × %s) · (%s × %s) → %s × %s", b, v, v, dd, b, dd);
  ImFont* bold = fonts().bold;
  ImFont* mono = fonts().mono;
  const char* title = "nn.Linear stores the transpose";
  // Icons: X (B × V) · Wᵀ (V × D) = out (B × D).
  const float xw = icon_side(d.vocab), xh = icon_side(d.batch);
  const float ww = icon_side(d.dim), wh = icon_side(d.vocab);
  const float ow = icon_side(d.dim), oh = icon_side(d.batch);
  const float op_w = e * 1.4f;
  const float icons_w = xw + op_w + ww + op_w + ow;
  const float icons_h = std::max({xh, wh, oh});
  const float label_h = e * 1.3f;
  const float l2w = sup_text(nullptr, mono, ImVec2(), 0, l2).x;
  const float text_w = std::max(
      {text_size(bold, title).x, text_size(mono, l1).x, text_size(mono, l4).x, l2w + e * 1.2f + text_size(mono, l3).x});
  Figure f;
  f.w = std::max(icons_w, text_w) + e * 1.6f;
  f.h = e * 1.5f + icons_h + label_h + e * 0.4f + e * 1.3f * 3 + e * 0.6f;
  if (!dl) return f;

  const ImVec2 end(pos.x + f.w, pos.y + f.h);
  dl->AddRectFilled(pos, end, with_alpha(pal.panel_alt, 0.6f), e * 0.5f);
  dl->AddRect(pos, end, pal.border, e * 0.5f);
  const float x0 = pos.x + e * 0.8f;
  float y = pos.y + e * 0.5f;
  draw_text(dl, bold, ImVec2(x0, y), pal.muted, title);
  y += e * 1.5f;
  const float mid = y + icons_h * 0.5f;
  const float label_y = mid + icons_h * 0.5f + e * 0.2f;
  auto label = [&](float cx, const char* t) {
    const float w = sup_text(nullptr, mono, ImVec2(), 0, t).x;
    sup_text(dl, mono, ImVec2(cx - w * 0.5f, label_y), pal.text, t);
  };
  // An icon's label under it and the operator after it; returns where the next icon starts.
  auto label_then_operator = [&](float at, float w, const char* name, const char* op) {
    label(at + w * 0.5f, name);
    at += w;
    draw_text(dl, bold, ImVec2(at + op_w * 0.5f - text_size(bold, op).x * 0.5f, mid - e * 0.5f), pal.muted, op);
    return at + op_w;
  };
  // X: a tick per row at its 1's column.
  float x = x0;
  const ImVec2 xa(x, mid - xh * 0.5f), xb(x + xw, mid + xh * 0.5f);
  dl->AddRectFilled(xa, xb, pal.panel, e * 0.15f);
  dl->AddRect(xa, xb, pal.faint, e * 0.15f);
  const int rows_drawn = static_cast<int>(std::min<int64_t>(d.batch, 24));
  const float rows_f = static_cast<float>(rows_drawn);
  for (int i = 0; i < rows_drawn; ++i) {
    const float ry0 = xa.y + xh * static_cast<float>(i) / rows_f, ry1 = xa.y + xh * static_cast<float>(i + 1) / rows_f;
    const float cx = xa.x + xw * (static_cast<float>(ids[static_cast<size_t>(i)]) + 0.5f) / static_cast<float>(d.vocab);
    const float hw = std::max(1.5f, xw / static_cast<float>(d.vocab) * 0.5f);
    dl->AddRectFilled(ImVec2(cx - hw, ry0 + 1), ImVec2(cx + hw, ry1 - 1),
                      id_color(static_cast<size_t>(i), i <= cur ? 1.0f : 0.35f));
  }
  x = label_then_operator(x, xw, "X", "·");
  // Wᵀ (= the table): its picked rows marked.
  const ImVec2 wa(x, mid - wh * 0.5f), wb(x + ww, mid + wh * 0.5f);
  dl->AddRectFilled(wa, wb, pal.panel, e * 0.15f);
  dl->AddRect(wa, wb, pal.faint, e * 0.15f);
  for (int i = 0; i < rows_drawn && i <= cur; ++i) {
    const float cy = wa.y + wh * (static_cast<float>(ids[static_cast<size_t>(i)]) + 0.5f) / static_cast<float>(d.vocab);
    const float hh = std::max(1.0f, wh / static_cast<float>(d.vocab) * 0.5f);
    dl->AddRectFilled(ImVec2(wa.x + 1, cy - hh), ImVec2(wb.x - 1, cy + hh), id_color(static_cast<size_t>(i), 0.8f));
  }
  x = label_then_operator(x, ww, "W^T", "=");
  // out: its rows in the IDs' colours once computed.
  const ImVec2 oa(x, mid - oh * 0.5f), ob(x + ow, mid + oh * 0.5f);
  dl->AddRectFilled(oa, ob, pal.panel, e * 0.15f);
  for (int i = 0; i < rows_drawn && i <= cur; ++i) {
    const float ry0 = oa.y + oh * static_cast<float>(i) / rows_f, ry1 = oa.y + oh * static_cast<float>(i + 1) / rows_f;
    dl->AddRectFilled(ImVec2(oa.x + 1, ry0 + 1), ImVec2(ob.x - 1, ry1), id_color(static_cast<size_t>(i), 0.45f));
  }
  dl->AddRect(oa, ob, pal.faint, e * 0.15f);
  label(x + ow * 0.5f, "out");
  y += icons_h + label_h + e * 0.4f;
  sup_text(dl, mono, ImVec2(x0, y), pal.text, l2);
  draw_text(dl, mono, ImVec2(x0 + l2w + e * 1.2f, y), pal.muted, l3);
  y += e * 1.3f;
  draw_text(dl, mono, ImVec2(x0, y), pal.text, l1);
  y += e * 1.3f;
  draw_text(dl, mono, ImVec2(x0, y), pal.muted, l4);
  return f;
}

// ---------------------------------------------------------------- layout
// Where the output and the shapes figure go, decided before the rows are counted (the
// figure under the grids takes height from them): the output beside the table or,
// when the canvas is too narrow for both, under it; the figure right of the output
// when there is room, else under everything.
struct Placement {
  bool stacked = false, figure_beside = false;
};

Placement place_grids(const SlideCanvas& c, const GridStyle& gs, float table_x, const Figure& fm) {
  const Derived& d = c.cx.model.derived;
  const float e = em(), right = c.origin.x + c.avail.x;
  const int V = static_cast<int>(d.vocab), B = static_cast<int>(d.batch), D = static_cast<int>(d.dim);
  GridStyle ps = gs;  // the widths do not depend on the rows shown; cut ones are the widest
  ps.max_rows = std::min(kWholeUpTo, std::max(V, B));
  GridView probe;
  const GridLayout t = grid_layout(ImVec2(table_x, 0), V, D, probe, ps);
  Placement pl;
  pl.stacked = t.pos.x + t.size.x * 2.0f + e * 2.9f > right;
  const float out_x = pl.stacked ? table_x : t.pos.x + t.size.x + e * 2.9f;
  char head[96];
  std::snprintf(head, sizeof head, "linear(onehot.float()) · %s × %s", Commas(B).s, Commas(D).s);
  const float out_w = std::max(grid_layout(ImVec2(out_x, 0), B, D, probe, ps).size.x, text_size(fonts().bold, head).x);
  pl.figure_beside = out_x + out_w + e * 2.0f + fm.w <= right;
  return pl;
}

// How many of the table's `rows_shown` row numbers the strip shows as columns: those
// that fit between strip_x and the canvas's right edge with its label beside them.
int strip_columns(const SlideCanvas& c, const GridStyle& ss, float strip_x, int V, int rows_shown) {
  const float e = em();
  char name[96], cols[96];
  std::snprintf(name, sizeof name, "onehot[%d] · 1 × %s",
                std::max(0, static_cast<int>(c.cx.model.inputs.ids.size()) - 1), Commas(V).s);
  std::snprintf(cols, sizeof cols, "columns %s–%s shown", Commas(std::max(0, V - 2)).s, Commas(std::max(0, V - 1)).s);
  const float label_w = std::max(text_size(fonts().bold, name).x, text_size(fonts().ui, cols).x) + e * 0.8f;
  const float room = c.origin.x + c.avail.x - strip_x - label_w;
  const int fit = static_cast<int>(room / (ss.cell_w * e));
  return std::clamp(fit, std::min(rows_shown, 3), rows_shown);
}

// The strip's first column: the table's first shown row, or, when the strip shows
// fewer columns than the table rows, a window of them holding the current row.
int strip_first_col(const GridLayout& tg, int cur_row, int strip_cols) {
  if (strip_cols >= tg.shown_rows || cur_row < 0) return tg.first_row;
  const int last_first = tg.first_row + tg.shown_rows - strip_cols;
  return std::clamp(cur_row - strip_cols / 2, tg.first_row, last_first);
}

// ---------------------------------------------------------------- canvas
// A step, as its named parts: the chip and the one-hot strip come in; the strip's
// entries fly down beside the table rows as their multipliers; the rows × 0 fade; the
// row × 1 flies into output row k.
constexpr Phase kChipShows{0.0f, 0.2f};
constexpr Phase kStripIn{0.0f, 0.15f};
constexpr Phase kEntriesFly{0.12f, 0.42f};
constexpr Phase kZerosFade{0.42f, 0.60f};
constexpr Phase kRowFlies{0.60f, 1.0f};

// Where things go: the strip on top, the table (after its multiplier column) and the
// output beside or under it, the shapes figure right of them or under everything.
struct MatmulLayout {
  GridStyle gs;  // table and output
  GridStyle ss;  // the one-hot strip (1 × V, columns = table rows)
  float mult_w = 0, chip_w = 0;
  float strip_x = 0, strip_y = 0, head_y = 0, grid_y = 0, table_x = 0;
  Figure fm;
  Placement place;
};

MatmulLayout lay_out(const Scene& s) {
  const SlideCanvas& c = s.c;
  const float e = s.e;
  const int B = static_cast<int>(s.d.batch), V = static_cast<int>(s.d.vocab), D = static_cast<int>(s.d.dim);
  MatmulLayout l;
  char buf[32];
  // Sizes: the multiplier column, the strip's cells, the table/output cells.
  GridStyle& ss = l.ss;
  ss.number_format = "%.0f";
  ss.integers = true;
  ss.col_labels = true;
  ss.row_labels = false;
  ss.max_rows = 1;
  std::snprintf(buf, sizeof buf, "%d", std::max(0, V - 1));
  ss.cell_w = std::max(2.3f, (ImGui::CalcTextSize(buf).x + e * 0.9f) / e);
  l.mult_w = text_size(nullptr, "×0").x + e * 1.0f;
  l.chip_w = s.cur >= 0 ? chip_size(s.cur_id).x : chip_size(0).x;

  // Vertical budget: strip (labels + cells), headers, grids, scroll notes.
  l.strip_y = c.origin.y;
  l.head_y = l.strip_y + ss.cell_h * e * 2.0f + e * 1.2f;
  l.grid_y = l.head_y + e * 1.6f;
  l.table_x = c.origin.x + l.mult_w + e * 0.3f;
  GridStyle& gs = l.gs;
  grid_use_scale(gs, s.d.table_scale);  // the table's numbers and the product's: its digits
  gs.max_cols = grid_fit_count(D, c.avail.x * 0.5f - l.mult_w - e * 4.0f, gs.cell_w * e, 12);
  // A small table is shown whole (the canvas fit shrinks its type); a big one fills the
  // height the shapes figure and, when stacked, the output leave it.
  l.fm = shapes_figure(nullptr, ImVec2(), s.d, s.ids, s.pal, s.cur);
  l.place = place_grids(c, gs, l.table_x, l.fm);
  float rows_room = c.avail.y - (l.grid_y - c.origin.y) - e * 2.2f;
  if (!l.place.figure_beside) rows_room -= l.fm.h + e * 0.8f;
  if (l.place.stacked) rows_room = (rows_room - e * 3.4f) * 0.5f;
  gs.max_rows = grid_fit_count(std::max(V, B), rows_room, gs.cell_h * e, 24);
  // The strip shows the table's window of indices, or as much of it around the current
  // row as fits the width beside its label (GPT-2's five-digit column numbers are wide).
  l.strip_x = c.origin.x + l.chip_w + e * 2.4f;
  ss.max_cols = strip_columns(c, ss, l.strip_x, V, std::min(gs.max_rows, V));
  return l;
}

// The two grids with their headings, placed; `right` is where the output's heading ends.
struct MatmulGrids {
  GridLayout tg, og;
  GridStyle ts, os;  // the grids' styles, named for the layout report
  float out_x = 0, right = 0;
};

MatmulGrids draw_headings(const Scene& s, const MatmulLayout& l) {
  const SlideCanvas& c = s.c;
  const float e = s.e;
  const int B = static_cast<int>(s.d.batch), V = static_cast<int>(s.d.vocab), D = static_cast<int>(s.d.dim);
  MatmulGrids g;
  char buf[96];
  std::snprintf(buf, sizeof buf, "linear.weight.T · %s × %s", Commas(V).s, Commas(D).s);
  draw_text(s.dl, fonts().bold, ImVec2(c.origin.x, l.head_y), s.pal.muted, buf);
  const float head_w = text_size(fonts().bold, buf).x;
  g.ts = l.gs;
  g.ts.name = "linear.weight.T";
  g.tg = grid_layout(ImVec2(l.table_x, l.grid_y), V, D, s.cx.grids.table_view, g.ts);
  // The output beside the table, or under it when the canvas is too narrow for both.
  const bool stacked = l.place.stacked;
  g.out_x = stacked ? l.table_x : g.tg.pos.x + g.tg.size.x + e * 2.9f;
  const float out_head_y = stacked ? g.tg.pos.y + g.tg.size.y + e * 0.9f : l.head_y;
  if (stacked || c.origin.x + head_w + text_size(nullptr, "  = embedding.weight").x < g.out_x - e)
    draw_text(s.dl, nullptr, ImVec2(c.origin.x + head_w, l.head_y), s.pal.faint, "  = embedding.weight");
  std::snprintf(buf, sizeof buf, "linear(onehot.float()) · %s × %s", Commas(B).s, Commas(D).s);
  draw_text(s.dl, fonts().bold, ImVec2(g.out_x, out_head_y), s.pal.muted, buf);
  g.os = l.gs;
  g.os.name = "linear(onehot.float())";
  g.og = grid_layout(ImVec2(g.out_x, out_head_y + (l.grid_y - l.head_y)), B, D, s.cx.grids.out_view, g.os);
  g.right = std::max(g.og.pos.x + g.og.size.x, g.out_x + text_size(fonts().bold, buf).x);
  return g;
}

// The strip: the chip, an arrow, one-hot row `cur` with its columns aligned with the
// table's shown rows, and its name. Returns the strip's layout and where it ends.
struct Strip {
  GridLayout sg;
  float right = 0;
};

Strip draw_strip(const Scene& s, const MatmulLayout& l, const GridLayout& tg) {
  const SlideCanvas& c = s.c;
  const Palette& pal = s.pal;
  const float e = s.e;
  ImDrawList* dl = s.dl;
  const int V = static_cast<int>(s.d.vocab), cur = s.cur, cur_row = static_cast<int>(s.cur_id);
  Strip st;
  GridView strip_view{0, strip_first_col(tg, cur_row, l.ss.max_cols)};
  st.sg = grid_layout(ImVec2(l.strip_x, l.strip_y), 1, V, strip_view, l.ss);
  const GridLayout& sg = st.sg;
  if (cur < 0) {
    const char* hint = "Each one-hot row will be laid against the table, one ID at a time.";
    draw_text(dl, nullptr, ImVec2(c.origin.x, l.strip_y + e * 0.6f), pal.muted, hint);
    st.right = c.origin.x + text_size(nullptr, hint).x;
    return st;
  }
  const float strip_in = phase(s.p, kStripIn);
  const ImVec2 cs = chip_size(cur_row);
  const ImVec2 cpos(c.origin.x + l.chip_w - cs.x, sg.cells.y + (sg.ch - cs.y) * 0.5f);
  draw_chip(dl, cpos, cur_row, s.cur_color, phase(s.p, kChipShows), pal);
  draw_arrow(dl, ImVec2(c.origin.x + l.chip_w + e * 0.25f, sg.cells.y + sg.ch * 0.5f),
             ImVec2(sg.cells.x - e * 0.2f, sg.cells.y + sg.ch * 0.5f), s.cur_color, phase(s.p, kChipShows), 1.6f, true);
  // Column labels (= the table's row numbers) and a hairline; the table's note tells the scroll.
  char buf[96];
  for (int col = sg.first_col; col < sg.first_col + sg.shown_cols; ++col) {
    std::snprintf(buf, sizeof buf, "%d", col);
    const ImVec2 ts = ImGui::CalcTextSize(buf);
    const ImVec2 m = sg.cell_min(0, col);
    dl->AddText(ImVec2(m.x + (sg.cw - ts.x) * 0.5f, sg.pos.y + (sg.ch - ts.y) * 0.5f),
                col == cur_row ? s.cur_color : pal.muted, buf);
  }
  const ImVec2 sm = sg.cells_max();
  dl->AddRect(ImVec2(sg.cells.x - 1, sg.cells.y - 1), ImVec2(sm.x + 1, sm.y + 1), pal.border, sg.ch * 0.22f);
  grid_draw_cells_at(
      dl, sg, l.ss, pal, [&](int, int col) { return col == cur_row ? 1.0f : 0.0f; },
      [&](int, int col) {
    CellStyle cst;
    cst.alpha = strip_in;
    const bool one = col == cur_row;
    cst.bg = one ? mix(pal.panel_alt, s.cur_color, 0.9f) : pal.panel_alt;
    cst.text = one ? text_on(pal, cst.bg) : pal.faint;
    return cst;
      });
  // The name, and under it which columns a wide row shows (one line was too wide for
  // GPT-2's 50,257 columns beside a 16-column strip).
  std::snprintf(buf, sizeof buf, "onehot[%d] · 1 × %s", cur, Commas(V).s);
  const bool cut = sg.shown_cols < V;
  const float label_y = sg.cells.y + (sg.ch - e * (cut ? 2.0f : 1.0f)) * 0.5f;
  draw_text(dl, fonts().bold, ImVec2(sm.x + e * 0.8f, label_y), with_alpha(pal.muted, strip_in), buf);
  st.right = sm.x + e * 0.8f + text_size(fonts().bold, buf).x;
  if (cut) {
    std::snprintf(buf, sizeof buf, "columns %s–%s shown", Commas(sg.first_col).s,
                  Commas(sg.first_col + sg.shown_cols - 1).s);
    draw_text(dl, fonts().ui, ImVec2(sm.x + e * 0.8f, label_y + e), with_alpha(pal.muted, strip_in), buf);
    st.right = std::max(st.right, sm.x + e * 0.8f + text_size(fonts().ui, buf).x);
  }
  return st;
}

// The table: rows × 0 fade, the row × 1 glows. The scroll note under it may be wider
// than the table: it is kept out of the output's.
void draw_table(const Scene& s, const MatmulLayout& l, const MatmulGrids& g, float fade) {
  const GridLayout& tg = g.tg;
  const Palette& pal = s.pal;
  const float e = s.e;
  const int cur = s.cur, cur_row = static_cast<int>(s.cur_id);
  ImU32 labels[64] = {};
  if (cur >= 0 && tg.row_shown(cur_row) && fade > 0.0f) labels[cur_row - tg.first_row] = s.cur_color;
  const float clip_right = l.place.stacked ? s.c.origin.x + s.c.avail.x + e : g.out_x - e * 0.8f;
  s.dl->PushClipRect(ImVec2(s.c.origin.x - e, tg.pos.y - e), ImVec2(clip_right, tg.pos.y + tg.size.y + e), true);
  grid_draw_frame(s.dl, tg, g.ts, pal, labels);
  s.dl->PopClipRect();
  if (cur >= 0 && tg.row_shown(cur_row)) draw_glow(s.dl, tg.row_min(cur_row), tg.row_max(cur_row), s.cur_color, fade);
  grid_draw_cells_at(
      s.dl, tg, g.ts, pal, [&](int r, int col) { return s.d.table.at(r, col); },
      [&](int r, int) {
    CellStyle cst;
    cst.bg = pal.panel_alt;
    if (cur < 0) return cst;
    if (r == cur_row) cst.bg = mix(pal.panel_alt, s.cur_color, 0.45f * fade);
    else cst.alpha = 1.0f - 0.75f * fade;
    return cst;
      });
}

// The multiplier column: each strip entry flies down beside its table row (a little
// after the one before it) and, landed, reads "×0" / "×1".
void fly_multipliers(const Scene& s, const MatmulLayout& l, const GridLayout& tg, const GridLayout& sg, float fly_in,
                     float fade) {
  if (s.cur < 0) return;
  const Palette& pal = s.pal;
  ImDrawList* dl = s.dl;
  const float mult_w = l.mult_w;
  const int cur_row = static_cast<int>(s.cur_id);
  for (int r = tg.first_row; r < tg.first_row + tg.shown_rows; ++r) {
    const bool one = r == cur_row;
    const float stagger =
        tg.shown_rows > 1 ? 0.35f * static_cast<float>(r - tg.first_row) / static_cast<float>(tg.shown_rows - 1) : 0.0f;
    const float t = std::clamp((fly_in - stagger) / 0.65f, 0.0f, 1.0f);
    if (t <= 0.0f) continue;
    const ImVec2 to(s.c.origin.x, tg.cell_min(r, tg.first_col).y);
    const ImVec2 a0 = to, a1(to.x + mult_w, to.y + tg.ch);
    const ImU32 text_col = one ? text_on(pal, s.cur_color) : pal.faint;
    if (t < 1.0f && sg.col_shown(r)) {  // in flight: the strip's cell moving down
      const ImVec2 from = sg.cell_min(0, r);
      ImVec2 at = lerp(from, to, ease_in_out(t));
      const float w = lerpf(sg.cw, mult_w, t), h = lerpf(sg.ch, tg.ch, t);
      dl->AddRectFilled(ImVec2(at.x + 1.5f, at.y + 1.5f), ImVec2(at.x + w - 1.5f, at.y + h - 1.5f),
                        one ? s.cur_color : with_alpha(pal.border, 0.9f), tg.ch * 0.18f);
      // The digit shows where the entry leaves and where it lands, not on the way over
      // the entries that landed before it.
      const char* txt = one ? "1" : "0";
      const ImVec2 ts = ImGui::CalcTextSize(txt);
      const float shown = std::clamp(std::max(1.0f - t / 0.2f, (t - 0.8f) / 0.2f), 0.0f, 1.0f);
      dl->AddText(ImVec2(at.x + (w - ts.x) * 0.5f, at.y + (h - ts.y) * 0.5f), with_alpha(text_col, shown), txt);
      continue;
    }
    const float a = one ? 1.0f : 1.0f - 0.5f * fade;
    dl->AddRectFilled(ImVec2(a0.x + 1.5f, a0.y + 1.5f), ImVec2(a1.x - 1.5f, a1.y - 1.5f),
                      one ? s.cur_color : with_alpha(pal.panel_alt, a), tg.ch * 0.18f);
    if (!one)
      dl->AddRect(ImVec2(a0.x + 1.5f, a0.y + 1.5f), ImVec2(a1.x - 1.5f, a1.y - 1.5f), with_alpha(pal.border, a),
                  tg.ch * 0.18f);
    const char* txt = one ? "×1" : "×0";
    const ImVec2 ts = ImGui::CalcTextSize(txt);
    dl->AddText(ImVec2(a0.x + (mult_w - ts.x) * 0.5f, a0.y + (tg.ch - ts.y) * 0.5f), with_alpha(text_col, a), txt);
  }
}

// The output: rows land as their step completes; the picked row's values fly in, and
// "Σ" between the table and the output says the rows are summed into one.
void draw_output(const Scene& s, const MatmulLayout& l, const MatmulGrids& g, float fade, float fly_out) {
  const GridLayout &tg = g.tg, &og = g.og;
  const Palette& pal = s.pal;
  const float e = s.e;
  const int cur = s.cur, cur_row = static_cast<int>(s.cur_id);
  ImU32 out_labels[64] = {};
  for (int i = og.first_row; i < og.first_row + og.shown_rows; ++i)
    if (i <= cur) out_labels[i - og.first_row] = id_color(static_cast<size_t>(i));
  grid_draw_frame(s.dl, og, g.os, pal, out_labels);
  grid_draw_cells(s.dl, og, s.d.matmul_out.data(), s.d.dim, g.ts, pal, [&](int r, int) {
    CellStyle cst;
    const bool landed = r < cur || (r == cur && fly_out >= 1.0f);
    cst.bg = landed ? mix(pal.panel_alt, id_color(static_cast<size_t>(r)), 0.22f) : with_alpha(pal.panel_alt, 0.45f);
    cst.hide = !landed || !s.d.matmul_ready;
    return cst;
  });
  // Learn mode: "which table row survives for output row i?" is answered on the table.
  if (learn_asks(s.c, quiz::QuestionKind::LookupRow)) answer_rows(s.cx.door.answers(), tg, s.dl, pal);
  if (cur < 0) return;
  grid_draw_flight(s.dl, tg, cur_row, og, cur, table_row(s.cx, cur_row), fly_out, id_color(s.cur_i, 0.35f), g.ts, pal);
  // (Asked which table row survives, the rows' ✓ / ✗ take the room right of the table where Σ stands.)
  if (!og.row_shown(cur) || learn_asks(s.c, quiz::QuestionKind::LookupRow)) return;
  const float sy = og.cell_min(cur, og.first_col).y + og.ch * 0.5f;
  const char* sum = l.place.stacked ? "Σ" : "Σ →";  // stacked: in the multiplier column, left of the output row
  const float sx = l.place.stacked ? s.c.origin.x + e * 0.3f : tg.pos.x + tg.size.x + e * 0.8f;
  const ImVec2 ts = text_size(fonts().bold, sum);
  draw_text(s.dl, fonts().bold, ImVec2(sx, sy - ts.y * 0.5f), with_alpha(s.cur_color, std::max(fade, 0.25f)), sum);
}

// Hover: the full dot product behind an output cell (the table scrolls under the mouse).
void hover(const Scene& s, const MatmulGrids& g) {
  MatmulMemory& m = s.cx.own<MatmulMemory>();
  int hr = -1, hc = -1;
  const bool over_out = grid_interact(g.og, s.cx.grids.out_view, "##mm_out", &hr, &hc);
  landmark("mm-out");
  if (over_out && hr <= s.cur) {
    m.hover_row = hr;
    m.hover_col = hc;
    dot_product_tooltip(s.d, s.ids, s.pal, hr, hc, true);
  } else {
    if (!s.c.measuring) m.hover_row = m.hover_col = -1;  // (measuring sees no mouse)
  }
  if (layout_report_enabled() && !canvas_measuring())  // every tooltip a hover could show, for the report
    for (int r = g.og.first_row; r < g.og.first_row + g.og.shown_rows && r <= s.cur; ++r)
      for (int c = g.og.first_col; c < g.og.first_col + g.og.shown_cols; ++c)
        dot_product_tooltip(s.d, s.ids, s.pal, r, c, false);
  if (over_out) s.cx.door.hover_row(s.ids[static_cast<size_t>(hr)]);
  if (grid_interact(g.tg, s.cx.grids.table_view, "##mm_table", &hr, &hc)) s.cx.door.hover_row(hr);
}

// The scene: lay out; follow the current row; the headings and grids; the strip; the
// table; the multipliers fly; the output fills; the shapes figure; the hover.
ImVec2 canvas(SlideCanvas& c) {
  const Scene s(c);
  const int B = static_cast<int>(s.d.batch), V = static_cast<int>(s.d.vocab), D = static_cast<int>(s.d.dim);
  const MatmulLayout l = lay_out(s);
  if (follow_now(s.cx.own<MatmulMemory>().followed, FollowKey{s.cur, batch_key(c.cx), l.gs.max_rows, l.gs.max_cols},
                 c.measuring)) {
    grid_follow(s.cx.grids.table_view, l.gs, V, D, static_cast<int>(s.cur_id));
    grid_follow(s.cx.grids.out_view, l.gs, B, D, s.cur);
  }
  s.cx.grids.out_view.first_col = s.cx.grids.table_view.first_col;

  const MatmulGrids g = draw_headings(s, l);
  const Strip strip = draw_strip(s, l, g.tg);
  const bool on = s.cur >= 0;
  const float fly_in = on ? phase(s.p, kEntriesFly) : 0.0f, fade = on ? phase(s.p, kZerosFade) : 0.0f;
  const float fly_out = on ? phase(s.p, kRowFlies) : 0.0f;
  draw_table(s, l, g, fade);
  fly_multipliers(s, l, g.tg, strip.sg, fly_in, fade);
  draw_output(s, l, g, fade, fly_out);

  // The shapes figure: right of the output when there is room, else below.
  const float e = s.e;
  const float grids_bottom = std::max(g.tg.pos.y + g.tg.size.y, g.og.pos.y + g.og.size.y);
  ImVec2 fpos(g.right + e * 2.0f, l.grid_y);
  if (!l.place.figure_beside || fpos.x + l.fm.w > c.origin.x + c.avail.x)
    fpos = ImVec2(c.origin.x, grids_bottom + e * 0.8f);
  shapes_figure(s.dl, fpos, s.d, s.ids, s.pal, s.cur);
  hover(s, g);

  const float right = std::max({g.right, fpos.x + l.fm.w, strip.right});
  const float bottom = std::max(grids_bottom, fpos.y + l.fm.h);
  return ImVec2(right - c.origin.x, bottom - c.origin.y);
}

void caption(const SlideContext& cx, char* buf, size_t n) {
  char mads[32], zeros[32];
  fmt_count(mads, sizeof mads, static_cast<long long>(cx.model.derived.matmul_bill.multiply_adds));
  fmt_count(zeros, sizeof zeros, static_cast<long long>(cx.model.derived.matmul_bill.multiplies_by_zero));
  std::snprintf(buf, n, "a one-hot row × the table keeps exactly one row — %s multiply-adds, %s of them by zero", mads,
                zeros);
}

// ---------------------------------------------------------------- code
void code(const SlideContext& cx, std::string& code, std::string& output) {
  char buf[256];
  code = code_make_embedding(cx) + code_onehot(cx) + "\n";
  std::snprintf(buf, sizeof buf, "_ = torch.manual_seed(%s)\n", cx.model.inputs.seed_text.c_str());
  code += buf;
  code += "linear = torch.nn.Linear(num_idx, out_dim, bias=False)\n";
  code += "linear.weight                      # its own fresh init (Kaiming uniform)\n\n";
  std::snprintf(buf, sizeof buf,
                "linear.weight = torch.nn.Parameter(embedding.weight.T)   # tie: %lld × %lld (D × V)\n",
                static_cast<long long>(cx.model.derived.dim), static_cast<long long>(cx.model.derived.vocab));
  code += buf;
  code += "linear(onehot.float())             # = onehot.float() @ linear.weight.T\n";
  output.clear();
  append_repl(output, "linear.weight", cx.model.derived.print_linear_init);
  append_repl(output, "linear(onehot.float())", cx.model.derived.print_matmul);
}

// The printed linear.weight is nn.Linear's own init, printed before the tie: beside a
// canvas that says linear.weight.T = embedding.weight, the panel says so.
void output_notes(const SlideContext&, OutputNotes& notes) {
  notes.push_back({"linear.weight", "before the assignment: the fresh Linear's random init"});
}

// Asking which table row survives in an output row: the "Now:" lines ("row 2 × 1
// survives") and the product's printed rows wait for the answer. Asking how many
// multiply-adds are by zero: the "Now:" lines count a row's zeros ("3 table rows × 0
// vanish"), so they wait too.
Hidden hides(const quiz::Question& q) {
  if (q.kind == quiz::QuestionKind::LookupRow) return {Hidden::kNowLine, {"linear(onehot.float())"}};
  if (q.kind == quiz::QuestionKind::ZeroMadds || q.kind == quiz::QuestionKind::DoubleDMadds)
    return {Hidden::kNowLine | Hidden::kCounts, {}};
  return {};
}

// Pictured on slide 3 at its last step, the one-hot rows (this slide's caption counts the
// zeros); double_d_madds on slide 1 (the prompt has the counts).
quiz::PictureStep onehot_rows(const quiz::Question&) { return {3, -1}; }
constexpr SlideQuestion kQuestions[] = {
    {quiz::QuestionKind::LookupRow, steps_of_id, kHowTableRow, onehot_rows, true},
    {quiz::QuestionKind::ZeroMadds, steps_whole, kHowWholeNumber, onehot_rows},
    {quiz::QuestionKind::DoubleDMadds, steps_whole, kHowWholeNumber, picture_ids_and_table},
};

}  // namespace

// The one-hot product needs a file's non-finite counts; the output prints the fresh Linear.
const SlideDef kSlideMatmul = {.title = "The matmul",
                               .draw = {steps, narrative, canvas, caption, code},
                               .fills_canvas = false,
                               .table_work = kTableWorkFacts | kTableWorkLinear,
                               .output_notes = output_notes,
                               .questions = kQuestions,
                               .hides = hides};

}  // namespace lv::app
