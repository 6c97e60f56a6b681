// slide_05_same_numbers.cpp — "Same numbers": embedding(idx) and linear(onehot.float())
// side by side. Step 0 sweeps a check over every shown cell: equal cells get a green
// check, unequal ones (nan/inf typed into the table) a red cross and the reason;
// the verdict is torch.equal(...). Step 1 is the bill: the matmul's B·V·D
// multiply-adds (B·(V−1)·D of them by zero) against the lookup's B·D copies, as two
// bars, with a slider taking V and D from this table to GPT-2's 50,257 × 768.
// "Two things to remember" closes the narrative.
// Sections: helpers · narrative · the check · the bill · canvas · code
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "app/ui_base/anim_timeline.hpp"
#include "app/slides/scene.hpp"
#include "app/model/model_jobs.hpp"
#include "app/slides/narrative_lines.hpp"
#include "app/slides/same_numbers_state.hpp"
#include "app/slides/slide_code.hpp"
#include "app/slides/slides.hpp"
#include "app/widgets/widget_answer_targets.hpp"
#include "app/ui_base/layout_report.hpp"
#include "app/ui_base/measure_pass.hpp"
#include "app/ui_base/ui_draw.hpp"
#include "app/widgets/widget_matrix_grid.hpp"
#include "core/torch/embedding_ops.hpp"
#include "core/text/text_format.hpp"

namespace lv::app {
namespace {

// ---------------------------------------------------------------- helpers
// The two steps, as their named parts: step 0 sweeps the checks over the cells, then
// shows torch.equal's verdict; step 1 brings in the bill.
constexpr Phase kChecksSweep{0.0f, 0.85f};
constexpr Phase kVerdictShows{0.85f, 1.0f};
constexpr Phase kBillComesIn{0.0f, 0.7f};

int steps(const SlideContext&) { return 2; }

constexpr int64_t kGpt2Vocab = 50257, kGpt2Dim = 768;
constexpr const char* kEqualExpr = "torch.equal(linear(onehot.float()), embedding(idx))";

// A ratio for "N× the work": 4, 50,257, 1.5.
void fmt_ratio(char* buf, size_t n, double r) {
  if (r >= 100.0 || std::fabs(r - std::round(r)) < 0.05) fmt_count(buf, n, std::llround(r));
  else std::snprintf(buf, n, "%.1f", r);
}

void draw_check(ImDrawList* dl, ImVec2 c, float s, ImU32 col, float thickness) {
  const ImVec2 pts[3] = {ImVec2(c.x - s * 0.45f, c.y + s * 0.02f), ImVec2(c.x - s * 0.12f, c.y + s * 0.34f),
                         ImVec2(c.x + s * 0.48f, c.y - s * 0.36f)};
  dl->AddPolyline(pts, 3, col, 0, thickness);
}

void draw_cross(ImDrawList* dl, ImVec2 c, float s, ImU32 col, float thickness) {
  const float h = s * 0.36f;
  dl->AddLine(ImVec2(c.x - h, c.y - h), ImVec2(c.x + h, c.y + h), col, thickness);
  dl->AddLine(ImVec2(c.x - h, c.y + h), ImVec2(c.x + h, c.y - h), col, thickness);
}

// Why the outputs differ, counted once per model change (only when they do differ);
// kept in the slides' memory (app_state.hpp).
const DiffReasons& diff_reasons(const SlideContext& cx) {
  const Derived& d = cx.model.derived;
  DiffReasons& why = cx.own<SameNumbersState>().diff_reasons;
  if (why.generation == d.generation) return why;
  why = DiffReasons{};
  why.generation = d.generation;
  if (d.cells_differ == 0) return why;
  for (Eigen::Index i = 0; i < d.lookup_out.size(); ++i) {
    const float a = d.lookup_out.data()[i], b = d.matmul_out.data()[i];
    if (a == b) continue;
    if (std::isnan(a) && std::isnan(b)) ++why.nan_both;
    else if (!std::isnan(a) && std::isnan(b)) ++why.poisoned;
    else ++why.other;
  }
  return why;
}

// The bill at the slider's scale: V and D move from this table's shape to GPT-2's
// on a log scale; B stays the batch size.
struct BillScale {
  int64_t vocab, dim;
};
// The slider's position (0 until the slide's state is made).
int bill_scale_pos(const SlideContext& cx) {
  const SameNumbersState* st = cx.find_own<SameNumbersState>();
  return st ? st->bill_scale_pos : 0;
}

BillScale bill_scale(const SlideContext& cx) {
  const Derived& d = cx.model.derived;
  const double t = std::clamp(bill_scale_pos(cx), 0, 1000) / 1000.0;
  auto interp = [t](int64_t a, int64_t b) {
    if (t <= 0.0) return a;
    if (t >= 1.0) return b;
    const double la = std::log(static_cast<double>(std::max<int64_t>(1, a)));
    const double lb = std::log(static_cast<double>(b));
    return std::max<int64_t>(1, std::llround(std::exp(la + (lb - la) * t)));
  };
  return BillScale{interp(d.vocab, kGpt2Vocab), interp(d.dim, kGpt2Dim)};
}

// ---------------------------------------------------------------- narrative
// A numbered point with a bold lead, the way the page ends.
void remember_item(const Palette& pal, int n, const char* lead, const char* body) {
  char num[8];
  std::snprintf(num, sizeof num, "%d", n);
  ImGui::PushFont(fonts().bold);
  ImGui::PushStyleColor(ImGuiCol_Text, pal.accent);
  ImGui::TextUnformatted(num);
  ImGui::PopStyleColor();
  ImGui::PopFont();
  ImGui::SameLine(em() * 1.3f);
  ImGui::BeginGroup();
  ImGui::PushFont(fonts().bold);
  para("%s", lead);
  ImGui::PopFont();
  para("%s", body);
  ImGui::EndGroup();
  ImGui::Spacing();
}

void narrative(const SlideContext& cx) {
  const Derived& d = cx.model.derived;
  const Palette& pal = palette(cx.ui.theme);
  const int cur = current_step(cx.ui.timeline, 2);
  const long long cells = static_cast<long long>(d.batch * d.dim);
  // Learn mode asking whether the two outputs are equal: the narration does not answer it first.
  if (hides_now(cx, Hidden::kResult)) {
    para("The two paths, cell by cell: embedding(idx) on the left, linear(onehot.float()) on the right. Are they "
         "the same numbers? Answer under the slide first; then the check sweeps across them.");
    return;
  }
  if (cur <= 0) {
    if (d.matmul_ready && !hides_now(cx, Hidden::kCounts)) {  // (the count is B · D: the copies asked about)
      para("The two paths, cell by cell: %s of %s %s equal.", Commas(cells - d.cells_differ).s,
           count_text(cells, "cell").c_str(), cells - d.cells_differ == 1 ? "is" : "are");
      ImGui::Spacing();
    }
    if (!d.matmul_ready)
      para("The one-hot product's answer needs every row of the table read once (the lookup needs "
           "only B rows); that read is under way — see the status line.");
    else if (d.cells_differ == 0)
      para("Not just close: equal to the bit. Each output cell is 1 × w plus zeros, and adding an exact "
           "0 changes nothing, so no rounding creeps in.");
    else
      para("The table holds nan or inf, and 0 × inf = nan: rows the matmul does not pick still poison it; "
           "the lookup copies only the rows it needs.");
  } else {
    const BillScale s = bill_scale(cx);
    char v[32], dd[32];
    fmt_count(v, sizeof v, static_cast<long long>(s.vocab));
    fmt_count(dd, sizeof dd, static_cast<long long>(s.dim));
    para("Same numbers, different work: the matmul does B·V·D multiply-adds, B·(V−1)·D of them by zero; "
         "the lookup copies B·D numbers. At %s × %s that is %s times the work.",
         v, dd, v);
    para_muted("%s", "Drag the slider to GPT-2's 50,257 × 768.");
  }
  ImGui::Spacing();
  ImGui::Separator();
  ImGui::Spacing();
  ImGui::PushFont(fonts().bold);
  ImGui::TextUnformatted("Two things to remember");
  ImGui::PopFont();
  ImGui::Spacing();
  char body[256];
  if (!d.matmul_ready) std::snprintf(body, sizeof body, "Same numbers for any finite table.");
  else if (d.paths_equal && cx.model.inputs.file)
    std::snprintf(body, sizeof body, "Same numbers — here on the loaded %s × %s table: torch.equal → True.",
                  Commas(d.vocab).s, Commas(d.dim).s);
  else if (d.paths_equal)
    std::snprintf(body, sizeof body, "Same numbers — here on the seed-%s %s × %s table: torch.equal → True.",
                  cx.model.inputs.seed_text.c_str(), Commas(d.vocab).s, Commas(d.dim).s);
  else
    std::snprintf(body, sizeof body,
                  "Same numbers for any finite table; this one holds nan or inf, so torch.equal → False.");
  remember_item(pal, 1, "An embedding layer is a matrix multiply on a one-hot vector.", body);
  remember_item(pal, 2, "The lookup is the optimization.",
                "Indexing the row skips the multiplies by zero: real models index 50,257 rows with an "
                "Embedding layer, not a Linear one.");
}

// ---------------------------------------------------------------- the check
constexpr float kMidW = 2.8f;  // em: the "=" / check column between the two outputs

// The style both outputs share: room for the check mark left of the number, and the
// table's digits (the outputs are its rows).
GridStyle check_style(const Derived& d) {
  GridStyle gs;
  gs.cell_w = 3.5f;
  grid_use_scale(gs, d.table_scale);
  if (gs.cell_w > 3.5f) gs.cell_w += 0.2f;  // the check mark's room, on the wider cell
  return gs;
}

// How many rows and columns of the outputs show: half the width each, the rows that
// the bill, the verdict and the headings leave (rows_room).
GridStyle check_grid_style(const Scene& s, float rows_room) {
  const SlideCanvas& c = s.c;
  const float e = s.e;
  const int B = static_cast<int>(s.d.batch), D = static_cast<int>(s.d.dim);
  GridStyle gs = check_style(s.d);
  gs.max_cols = grid_fit_count(D, (c.avail.x - kMidW * e - e * 3.0f) * 0.5f, gs.cell_w * e, 12);
  gs.max_rows = window_rows(B, std::min(c.avail.y * 0.5f - e * 3.0f, rows_room), gs.cell_h * e, 16);
  return gs;
}

// A big output scrolls, but the cells that differ come into view when the model changes.
void follow_first_difference(const SlideContext& cx, const GridStyle& gs) {
  const Derived& d = cx.model.derived;
  uint64_t& followed = same_numbers_state(cx).diff_followed;
  if (d.cells_differ == 0 || followed == d.generation) return;
  followed = d.generation;
  const int B = static_cast<int>(d.batch), D = static_cast<int>(d.dim);
  for (int r = 0, found = 0; r < B && !found; ++r)
    for (int col = 0; col < D && !found; ++col)
      if (!(d.lookup_out(r, col) == d.matmul_out(r, col))) {
        grid_follow(cx.grids.out_view, gs, B, D, r, col);
        found = 1;
      }
}

// The two outputs side by side with their headings, the "=" column between them.
struct CheckGrids {
  GridStyle ls, rs;  // embedding(idx)'s and linear(onehot.float())'s styles, named for the layout report
  GridLayout lg, rg;
  char left_head[128], right_head[128];
  float top = 0, rx = 0;  // the headings' line; where the right grid and its heading start
  float bottom = 0, right = 0;
};

CheckGrids place_check_grids(const Scene& s, const GridStyle& gs, float top) {
  const SlideCanvas& c = s.c;
  const float e = s.e;
  const int B = static_cast<int>(s.d.batch), D = static_cast<int>(s.d.dim);
  CheckGrids g;
  g.top = top;
  s.cx.grids.out2_view = s.cx.grids.out_view;  // the two grids scroll together
  std::snprintf(g.left_head, sizeof g.left_head, "embedding(idx) · %s × %s", Commas(B).s, Commas(D).s);
  g.ls = gs;
  g.ls.name = "embedding(idx)";
  g.lg = grid_layout(ImVec2(c.origin.x, top + e * 1.6f), B, D, s.cx.grids.out_view, g.ls);
  g.rx = c.origin.x + std::max(g.lg.size.x, text_size(fonts().bold, g.left_head).x + e * 0.5f) + kMidW * e;
  std::snprintf(g.right_head, sizeof g.right_head, "linear(onehot.float()) · %s × %s", Commas(B).s, Commas(D).s);
  g.rs = gs;
  g.rs.name = "linear(onehot.float())";
  g.rg = grid_layout(ImVec2(g.rx, top + e * 1.6f), B, D, s.cx.grids.out2_view, g.rs);
  // Where the pair is a little wider than the canvas (two 8-column grids at 1024 × 768),
  // the right grid leaves out its row numbers: its rows are the left grid's, side by side.
  if (g.rg.pos.x + g.rg.size.x > c.origin.x + c.avail.x) {
    g.rs.row_labels = false;
    g.rg = grid_layout(ImVec2(g.rx, top + e * 1.6f), B, D, s.cx.grids.out2_view, g.rs);
  }
  g.bottom = std::max(g.lg.pos.y + g.lg.size.y, g.rg.pos.y + g.rg.size.y);
  g.right = std::max(g.rg.pos.x + g.rg.size.x, g.rx + text_size(fonts().bold, g.right_head).x);
  return g;
}

// The headings and the grids' frames; the row numbers in their IDs' colours.
void draw_check_frames(const Scene& s, const CheckGrids& g) {
  const float e = s.e;
  draw_text(s.dl, fonts().bold, ImVec2(s.c.origin.x, g.top), s.pal.muted, g.left_head);
  draw_text(s.dl, fonts().bold, ImVec2(g.rx, g.top), s.pal.muted, g.right_head);
  ImU32 labels[64] = {};
  for (int r = g.lg.first_row; r < g.lg.first_row + g.lg.shown_rows; ++r)
    labels[r - g.lg.first_row] = id_color(static_cast<size_t>(r));
  s.dl->PushClipRect(ImVec2(s.c.origin.x - e, g.lg.pos.y - e), ImVec2(g.rx - e * 0.5f, g.lg.pos.y + g.lg.size.y + e),
                     true);
  grid_draw_frame(s.dl, g.lg, g.ls, s.pal, labels);
  s.dl->PopClipRect();
  grid_draw_frame(s.dl, g.rg, g.rs, s.pal, labels);
}

// The sweep: the shown cells in reading order, `reveal` of them checked.
struct Sweep {
  const Derived& d;
  const GridLayout& lg;
  float checked;  // how many cells the sweep has reached (fractional: the last one is coming)
  // 0..1: how far cell (r, col)'s check has come.
  float at(int r, int col) const {
    const int order = (r - lg.first_row) * lg.shown_cols + (col - lg.first_col);
    return std::clamp(checked - static_cast<float>(order), 0.0f, 1.0f);
  }
  bool equal(int r, int col) const { return d.lookup_out(r, col) == d.matmul_out(r, col); }
};

Sweep sweep(const Scene& s, const CheckGrids& g, float reveal) {
  const int shown = g.lg.shown_rows * g.lg.shown_cols;
  // A file's product waits for the whole-table read (model_jobs.hpp): nothing is checked until then.
  return Sweep{s.d, g.lg, s.d.matmul_ready ? reveal * static_cast<float>(shown) : 0.0f};
}

// Both outputs' cells, tinted green (or red, outlined) as the sweep checks them.
void draw_check_cells(const Scene& s, const CheckGrids& g, const Sweep& sw) {
  const Palette& pal = s.pal;
  auto cell_style = [&](int r, int col) {
    CellStyle cs;
    const float k = sw.at(r, col);
    cs.bg = pal.panel_alt;
    if (k > 0.0f) cs.bg = mix(pal.panel_alt, sw.equal(r, col) ? pal.ok : pal.bad, 0.22f * k);
    if (k > 0.0f && !sw.equal(r, col)) cs.outline = with_alpha(pal.bad, k);
    return cs;
  };
  grid_draw_cells(s.dl, g.lg, s.d.lookup_out.data(), s.d.dim, g.ls, pal, cell_style);
  grid_draw_cells(s.dl, g.rg, s.d.matmul_out.data(), s.d.dim, g.ls, pal, [&](int r, int col) {
    CellStyle cs = cell_style(r, col);
    if (!s.d.matmul_ready) cs = CellStyle{pal.panel_alt, 0, 1.0f, 0, true};  // not read yet
    return cs;
  });
}

// A check (or a cross) in the free left part of each checked cell of the matmul's grid.
void draw_cell_marks(const Scene& s, const GridLayout& rg, const Sweep& sw) {
  const float e = s.e;
  for (int r = rg.first_row; r < rg.first_row + rg.shown_rows; ++r) {
    for (int col = rg.first_col; col < rg.first_col + rg.shown_cols; ++col) {
      const float k = sw.at(r, col);
      if (k <= 0.0f) continue;
      const ImVec2 a = rg.cell_min(r, col);
      const ImVec2 m(a.x + e * 0.55f, a.y + rg.ch * 0.5f);
      if (sw.equal(r, col)) draw_check(s.dl, m, e * 0.55f, with_alpha(s.pal.ok, k), 1.6f);
      else draw_cross(s.dl, m, e * 0.55f, with_alpha(s.pal.bad, k), 1.6f);
    }
  }
}

// Between the grids: "=" per row, turning into a check (or a cross) once the row is done.
void draw_row_verdicts(const Scene& s, const CheckGrids& g, const Sweep& sw) {
  const float e = s.e;
  const GridLayout& lg = g.lg;
  const int D = static_cast<int>(s.d.dim);
  for (int r = lg.first_row; r < lg.first_row + lg.shown_rows; ++r) {
    const float k = sw.at(r, lg.first_col + lg.shown_cols - 1);
    bool row_equal = true;
    for (int col = 0; col < D && row_equal; ++col) row_equal = sw.equal(r, col);
    const float y = lg.cell_min(r, lg.first_col).y + lg.ch * 0.5f;
    const float cx = g.rx - kMidW * e * 0.5f - e * 0.4f;
    const ImVec2 ts = text_size(fonts().bold, "=");
    if (!hides_now(s.cx, Hidden::kResult))  // asked whether they are equal: the signs wait for the answer
      draw_text(s.dl, fonts().bold, ImVec2(cx - ts.x - e * 0.35f, y - ts.y * 0.5f), s.pal.muted, "=");
    if (k >= 1.0f) {
      if (row_equal) draw_check(s.dl, ImVec2(cx + e * 0.45f, y), e * 0.8f, s.pal.ok, 2.2f);
      else draw_cross(s.dl, ImVec2(cx + e * 0.45f, y), e * 0.8f, s.pal.bad, 2.2f);
    }
  }
}

// A cell's two values compared, in words.
const char* check_verdict(float a, float b) {
  if (a == b) return "equal, bit for bit";
  if (std::isnan(a) && std::isnan(b)) return "both nan — and nan ≠ nan";
  return "0 × inf = nan: another row of the table poisons the sum";
}
// A cell's tooltip while Learn mode asks whether the outputs are equal (row, col twice).
constexpr const char* kComparedLater =
    "embedding(idx)[%d, %d] and linear(onehot.float())[%d, %d]: compared after you answer";

// Hover: both values, exact (the grids scroll together under the mouse).
void hover_checks(const Scene& s, const CheckGrids& g) {
  const Palette& pal = s.pal;
  int hr = -1, hc = -1;
  bool over = grid_interact(g.lg, s.cx.grids.out_view, "##same_l", &hr, &hc);
  s.cx.grids.out2_view = s.cx.grids.out_view;
  if (!over)
    over = grid_interact(g.rg, s.cx.grids.out2_view, "##same_r", &hr, &hc), s.cx.grids.out_view = s.cx.grids.out2_view;
  if (layout_report_enabled() && !canvas_measuring())  // every tooltip a hover could show, for the report
    for (int r = g.lg.first_row; r < g.lg.first_row + g.lg.shown_rows; ++r)
      for (int c = g.lg.first_col; c < g.lg.first_col + g.lg.shown_cols; ++c) {
        if (hides_now(s.cx, Hidden::kResult)) {
          report_tooltip(kComparedLater, r, c, r, c);
          continue;
        }
        const float a = s.d.lookup_out(r, c), b = s.d.matmul_out(r, c);
        report_tooltip("embedding(idx)[%d, %d]         = %.8g\nlinear(onehot.float())[%d, %d] = %.8g\n%s", r, c,
                       static_cast<double>(a), r, c, static_cast<double>(b), check_verdict(a, b));
      }
  if (!over) return;
  s.cx.door.hover_row(s.ids[static_cast<size_t>(hr)]);  // the ID's row: N asks its nearest rows
  // Asked whether the outputs are equal: a hover compares nothing before the answer.
  if (hides_now(s.cx, Hidden::kResult)) {
    ImGui::SetTooltip(kComparedLater, hr, hc, hr, hc);
    return;
  }
  const float a = s.d.lookup_out(hr, hc), b = s.d.matmul_out(hr, hc);
  ImGui::BeginTooltip();
  ImGui::PushFont(fonts().mono);
  ImGui::Text("embedding(idx)[%d, %d]         = %.8g", hr, hc, static_cast<double>(a));
  ImGui::Text("linear(onehot.float())[%d, %d] = %.8g", hr, hc, static_cast<double>(b));
  ImGui::PopFont();
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(a == b ? pal.ok : pal.bad), "%s", check_verdict(a, b));
  ImGui::EndTooltip();
}

// The verdict under the grids: torch.equal's answer, how many cells agree and, when
// they do not, why — or, while a file's product waits for its read, how far that is.
struct Verdict {
  bool waiting = false;   // the product's answer needs every row of the table read once (on a worker)
  char count[160] = {};   // "12 of 12 cells equal, bit for bit" / "3 of 20 cells differ"
  bool one_line = false;  // the count beside the answer, else under it
  bool poisoned = false, nan_unequal = false;  // the reasons shown under it
  float h = 0;
};

constexpr const char* kArrow = " → ";

const char* verdict_word(const Derived& d) { return d.paths_equal ? "True" : "False"; }

Verdict measure_verdict(const Scene& s) {
  const Derived& d = s.d;
  const float e = s.e;
  ImFont* mono = fonts().mono;
  Verdict v;
  if (!d.matmul_ready) {
    v.waiting = true;
    v.h = e * 1.5f;
    return v;
  }
  char n1[32];
  const long long cells = static_cast<long long>(d.batch * d.dim);
  if (d.cells_differ == 0) {
    fmt_count(n1, sizeof n1, cells);
    std::snprintf(v.count, sizeof v.count, "%s of %s equal, bit for bit", n1, count_text(cells, "cell").c_str());
  } else {
    fmt_count(n1, sizeof n1, d.cells_differ);
    std::snprintf(v.count, sizeof v.count, "%s of %s %s", n1, count_text(cells, "cell").c_str(),
                  d.cells_differ == 1 ? "differs" : "differ");
  }
  const float line_w =
      text_size(mono, kEqualExpr).x + text_size(mono, kArrow).x + text_size(fonts().bold, verdict_word(d)).x;
  const float count_w = text_size(d.cells_differ ? fonts().bold : nullptr, v.count).x;
  v.one_line = line_w + e * 1.5f + count_w <= std::max(s.c.avail.x, e * 20.0f);
  const DiffReasons& why = diff_reasons(s.cx);
  v.poisoned = d.cells_differ > 0 && why.poisoned > 0;
  v.nan_unequal = d.cells_differ > 0 && (why.nan_both > 0 || why.other > 0);
  const int notes = v.poisoned + v.nan_unequal;
  v.h = e * 1.5f + (v.one_line ? 0.0f : e * 1.4f) + static_cast<float>(notes) * e * 1.4f;
  return v;
}

// The verdict at pos, faded by alpha: "torch.equal(…) → True", the count, the reasons.
void draw_verdict(const Scene& s, const Verdict& v, ImVec2 pos, float alpha) {
  const Derived& d = s.d;
  const Palette& pal = s.pal;
  const float e = s.e;
  ImDrawList* dl = s.dl;
  ImFont* mono = fonts().mono;
  if (v.waiting) {
    char wait[160];
    std::snprintf(wait, sizeof wait, "linear(onehot.float()) reads all %s rows of the table first: %d%%…",
                  with_commas(static_cast<uint64_t>(d.vocab)).c_str(),
                  static_cast<int>(model_activity(s.cx.model).progress * 100.0f));
    draw_text(dl, fonts().ui, pos, with_alpha(pal.muted, alpha), wait);
    return;
  }
  const char* verdict = verdict_word(d);
  const ImU32 col = d.paths_equal ? pal.ok : pal.bad;
  float x = pos.x;
  draw_text(dl, mono, ImVec2(x, pos.y), with_alpha(pal.text, alpha), kEqualExpr);
  x += text_size(mono, kEqualExpr).x;
  draw_text(dl, mono, ImVec2(x, pos.y), with_alpha(pal.muted, alpha), kArrow);
  x += text_size(mono, kArrow).x;
  const ImVec2 vs = text_size(fonts().bold, verdict);
  dl->AddRectFilled(ImVec2(x - e * 0.3f, pos.y - e * 0.15f), ImVec2(x + vs.x + e * 0.3f, pos.y + vs.y + e * 0.1f),
                    with_alpha(col, 0.18f * alpha), e * 0.3f);
  draw_text(dl, fonts().bold, ImVec2(x, pos.y), with_alpha(col, alpha), verdict);
  x += vs.x;
  float y = pos.y;
  const ImVec2 cp = v.one_line ? ImVec2(x + e * 1.5f, y) : ImVec2(pos.x, y + e * 1.5f);
  if (hides_now(s.cx, Hidden::kCounts)) {  // the cells counted are the copies asked about: they wait
  } else if (d.cells_differ == 0) draw_text(dl, nullptr, cp, with_alpha(pal.muted, alpha), v.count);
  else draw_text(dl, fonts().bold, cp, with_alpha(pal.bad, alpha), v.count);
  y = cp.y + e * (v.one_line ? 1.5f : 1.4f);
  if (v.poisoned) {
    draw_text(dl, nullptr, ImVec2(pos.x, y), with_alpha(pal.bad, alpha),
              "0 × inf = nan: the matmul multiplies every row, the lookup only copies");
    y += e * 1.4f;
  }
  if (v.nan_unequal)
    draw_text(dl, nullptr, ImVec2(pos.x, y), with_alpha(pal.bad, alpha),
              "nan ≠ nan: the same nan in both outputs still makes torch.equal False");
}

// ---------------------------------------------------------------- the bill
// The card, measured at the slider's scale: a label column, two bars on one scale
// (the matmul's multiply-adds), the lookup's line beside its sliver of a bar when it
// fits, else under it.
struct Bill {
  BillScale scale;
  OpCounts mm, lk;               // the matmul's and the lookup's work at that scale
  const char* stored = nullptr;  // a quantized file's type ("Q4_K") when its bytes are counted as stored
  double total = 1;              // the bars' common scale: the matmul's multiply-adds (at least 1)
  float width = 0, pad = 0, label_w = 0, bar_w = 0, bar_h = 0;
  float lookup_w = 0;  // the lookup's bar
  char lookup_text[128];
  bool lookup_beside = false;
  float lookup_h = 0;  // the lookup's row: its bar and its two labels
  float h = 0;
  ImVec2 size() const { return ImVec2(width, h); }
};

Bill measure_bill(const Scene& s, float width) {
  const float e = s.e;
  Bill b;
  b.scale = bill_scale(s.cx);
  b.mm = matmul_cost(s.d.batch, b.scale.vocab, b.scale.dim);
  b.lk = lookup_cost(s.d.batch, b.scale.vocab, b.scale.dim);
  // A quantized table (a GGUF's Q4_K, …) at its own size is read as stored: a row is its
  // blocks (a Q4_K row of 4,096 is 2,304 bytes), the one-hot matrix is float32 still.
  if (const TableFile* f = s.cx.model.inputs.file.get();
      f && stored_quantized(f->type) && b.scale.vocab == f->rows && b.scale.dim == f->cols) {
    const int64_t row = static_cast<int64_t>(f->row_bytes());
    b.mm.bytes_read = s.d.batch * b.scale.vocab * 4 + b.scale.vocab * row;
    b.lk.bytes_read = s.d.batch * row + s.d.batch * 8;
    b.stored = f->dtype.c_str();
  }
  b.width = width;
  b.pad = e * 0.8f;
  b.label_w =
      std::max(text_size(fonts().mono, "linear(onehot.float())").x, text_size(fonts().bold, "The bill · B = 4,096").x) +
      e * 1.0f;
  b.bar_w = std::max(e * 6.0f, width - b.pad * 2 - b.label_w);
  b.bar_h = e * 1.2f;
  b.total = static_cast<double>(std::max<int64_t>(1, b.mm.multiply_adds));
  b.lookup_w = std::max(2.0f, b.bar_w * static_cast<float>(static_cast<double>(b.lk.copies) / b.total));
  std::snprintf(b.lookup_text, sizeof b.lookup_text, "%s · 0 multiplications · reads %s%s%s",
                count_text(b.lk.copies, "copy", "copies").c_str(),
                binary_bytes(static_cast<uint64_t>(b.lk.bytes_read)).c_str(), b.stored ? " of " : "",
                b.stored ? b.stored : "");
  b.lookup_beside = b.lookup_w + e * 0.6f + text_size(nullptr, b.lookup_text).x < b.bar_w;
  b.lookup_h = std::max(e * 2.9f, b.bar_h + (b.lookup_beside ? e * 0.9f : e * 2.2f));
  b.h = b.pad + e * 2.4f + (b.bar_h + e * 3.2f) + b.lookup_h + e * 2.4f + b.pad;
  return b;
}

// The card being drawn: its label column and bars' left edges, and its fade.
struct BillPen {
  const Scene& s;
  const Bill& b;
  float x0, bx;
  float alpha;
  ImU32 ink(ImU32 col) const { return with_alpha(col, alpha); }
};

// The title and the slider: this table … GPT-2 (V and D on a log scale, B fixed).
void bill_title(const BillPen& pen, float y) {
  const Scene& s = pen.s;
  const Bill& b = pen.b;
  const float e = s.e;
  char batch[32], v[32], dd[32], buf[256];
  fmt_count(batch, sizeof batch, static_cast<long long>(s.d.batch));
  fmt_count(v, sizeof v, static_cast<long long>(b.scale.vocab));
  fmt_count(dd, sizeof dd, static_cast<long long>(b.scale.dim));
  std::snprintf(buf, sizeof buf, "The bill · B = %s", batch);
  draw_text(s.dl, fonts().bold, ImVec2(pen.x0, y + e * 0.3f), pen.ink(s.pal.text), buf);
  if (pen.alpha <= 0.5f) return;
  const bool here = b.scale.vocab == s.d.vocab && b.scale.dim == s.d.dim;
  const bool gpt2 = b.scale.vocab == kGpt2Vocab && b.scale.dim == kGpt2Dim;
  std::snprintf(buf, sizeof buf, "V × D = %s × %s%s", v, dd, gpt2 ? " (GPT-2)" : here ? " (this table)" : "");
  ImGui::SetCursorScreenPos(ImVec2(pen.bx, y));
  ImGui::PushItemWidth(b.bar_w);
  ImGui::SliderInt("##bill_scale", &same_numbers_state(s.cx).bill_scale_pos, 0, 1000, buf,
                   ImGuiSliderFlags_AlwaysClamp);
  ImGui::PopItemWidth();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", "Drag from this table's shape to GPT-2's 50,257 × 768");
}

// matmul: the useful part (B·D multiply-adds by 1) and the hatched rest (by 0).
void bill_matmul_bar(const BillPen& pen, float y) {
  const Scene& s = pen.s;
  const Bill& b = pen.b;
  const Palette& pal = s.pal;
  const float e = s.e, bx = pen.bx, bar_w = b.bar_w, bar_h = b.bar_h;
  ImDrawList* dl = s.dl;
  const float useful_w =
      std::max(2.0f, bar_w * static_cast<float>(static_cast<double>(s.d.batch * b.scale.dim) / b.total));
  draw_text(dl, fonts().bold, ImVec2(pen.x0, y), pen.ink(pal.text), "matmul");
  draw_text(dl, fonts().mono, ImVec2(pen.x0, y + e * 1.2f), pen.ink(pal.muted), "linear(onehot.float())");
  dl->AddRectFilled(ImVec2(bx, y), ImVec2(bx + bar_w, y + bar_h), pen.ink(with_alpha(pal.bad, 0.30f)), e * 0.2f);
  dl->PushClipRect(ImVec2(bx + useful_w, y), ImVec2(bx + bar_w, y + bar_h), true);
  for (float hx = bx + useful_w - bar_h; hx < bx + bar_w; hx += e * 0.55f)
    dl->AddLine(ImVec2(hx, y + bar_h), ImVec2(hx + bar_h, y), pen.ink(with_alpha(pal.bad, 0.45f)), 1.0f);
  dl->PopClipRect();
  dl->AddRectFilled(ImVec2(bx, y), ImVec2(bx + useful_w, y + bar_h), pen.ink(pal.accent), e * 0.2f);
  char buf[256], zeros[32];
  std::snprintf(buf, sizeof buf, "%s · reads %s%s%s", count_text(b.mm.multiply_adds, "multiply-add").c_str(),
                binary_bytes(static_cast<uint64_t>(b.mm.bytes_read)).c_str(), b.stored ? ", the table as " : "",
                b.stored ? b.stored : "");
  draw_text(dl, nullptr, ImVec2(bx, y + bar_h + e * 0.2f), pen.ink(pal.text), buf);
  // The share by zero, floored so 99.998% never shows as 100%.
  fmt_count(zeros, sizeof zeros, static_cast<long long>(b.mm.multiplies_by_zero));
  const double zero_pct = 100.0 * static_cast<double>(b.mm.multiplies_by_zero) / b.total;
  const int digits = zero_pct > 99.0 ? 3 : 1;
  const double scale = digits == 3 ? 1000.0 : 10.0;
  std::snprintf(buf, sizeof buf, "%s of them by zero (%.*f%%)", zeros, digits, std::floor(zero_pct * scale) / scale);
  draw_text(dl, nullptr, ImVec2(bx, y + bar_h + e * 1.5f), pen.ink(pal.bad), buf);
}

// lookup: B·D copies on the same scale — a sliver.
void bill_lookup_bar(const BillPen& pen, float y) {
  const Scene& s = pen.s;
  const Bill& b = pen.b;
  const float e = s.e, bx = pen.bx;
  draw_text(s.dl, fonts().bold, ImVec2(pen.x0, y), pen.ink(s.pal.text), "lookup");
  draw_text(s.dl, fonts().mono, ImVec2(pen.x0, y + e * 1.2f), pen.ink(s.pal.muted), "embedding(idx)");
  s.dl->AddRectFilled(ImVec2(bx, y), ImVec2(bx + b.lookup_w, y + b.bar_h), pen.ink(s.pal.ok), e * 0.2f);
  if (b.lookup_beside)
    draw_text(s.dl, nullptr, ImVec2(bx + b.lookup_w + e * 0.6f, y + (b.bar_h - e) * 0.5f), pen.ink(s.pal.text),
              b.lookup_text);
  else draw_text(s.dl, nullptr, ImVec2(bx, y + b.bar_h + e * 0.2f), pen.ink(s.pal.text), b.lookup_text);
}

// The ratio, big, and the bytes read beside it when they fit the card.
void bill_ratio(const BillPen& pen, float y, float card_right) {
  const Scene& s = pen.s;
  const Bill& b = pen.b;
  const float e = s.e, x0 = pen.x0;
  const double ratio = static_cast<double>(b.mm.multiply_adds) / static_cast<double>(std::max<int64_t>(1, b.lk.copies));
  char r[32], buf[256], n1[32], n2[32];
  fmt_ratio(r, sizeof r, ratio);
  std::snprintf(buf, sizeof buf, "%s× the work", r);
  draw_text(s.dl, fonts().title, ImVec2(x0, y), pen.ink(s.pal.accent), buf);
  const float rw = text_size(fonts().title, buf).x;
  fmt_count(n1, sizeof n1, static_cast<long long>(b.mm.bytes_read));
  fmt_count(n2, sizeof n2, static_cast<long long>(b.lk.bytes_read));
  std::snprintf(buf, sizeof buf, "for the same numbers · bytes read %s vs %s", n1, n2);
  if (x0 + rw + e * 0.8f + text_size(nullptr, buf).x > card_right)
    std::snprintf(buf, sizeof buf, "for the same numbers");
  draw_text(s.dl, nullptr, ImVec2(x0 + rw + e * 0.8f, y + e * 0.45f), pen.ink(s.pal.muted), buf);
}

// The card at pos, faded by alpha: the panel, the title and slider, the two bars, the ratio.
void draw_bill(const Scene& s, const Bill& b, ImVec2 pos, float alpha) {
  const float e = s.e;
  const BillPen pen{s, b, pos.x + b.pad, pos.x + b.pad + b.label_w, alpha};
  const ImVec2 end(pos.x + b.width, pos.y + b.h);
  s.dl->AddRectFilled(pos, end, pen.ink(s.pal.panel), e * 0.6f);
  s.dl->AddRectFilled(pos, end, pen.ink(with_alpha(s.pal.panel_alt, 0.55f)), e * 0.6f);
  s.dl->AddRect(pos, end, pen.ink(s.pal.border), e * 0.6f);
  float y = pos.y + b.pad;
  bill_title(pen, y);
  y += e * 2.4f;
  bill_matmul_bar(pen, y);
  y += b.bar_h + e * 3.2f;
  bill_lookup_bar(pen, y);
  y += b.lookup_h;
  bill_ratio(pen, y, pos.x + b.width - b.pad);
}

// ---------------------------------------------------------------- canvas
// Where the parts go, top to bottom: the two outputs, the verdict, the bill. The bill
// goes under the grids and the verdict; the canvas fit (app/deck/canvas_fit.hpp) sizes
// the type so that all of it shows at once, on every step alike — so the bill and the
// verdict are measured first, and the grids' rows get what they and the headings leave.
struct SameLayout {
  Bill bill;
  Verdict verdict;
  GridStyle gs;  // both outputs: how many rows and columns show
};

SameLayout lay_out(const Scene& s) {
  const SlideCanvas& c = s.c;
  const float e = s.e;
  SameLayout l;
  l.bill = measure_bill(s, std::clamp(c.avail.x, e * 34.0f, e * 60.0f));
  l.verdict = measure_verdict(s);
  const float rows_room = c.avail.y - l.bill.h - l.verdict.h - e * 3.0f -
                          grid_chrome_h(static_cast<int>(s.d.batch), static_cast<int>(s.d.dim), check_style(s.d));
  l.gs = check_grid_style(s, rows_room);
  return l;
}

// The scene: lay out; the outputs scroll to the first cell that differs; the two grids
// and the sweep of checks, with the hover; the verdict; the bill comes in under it all.
ImVec2 canvas(SlideCanvas& c) {
  const Scene s(c);
  const float e = s.e;
  const float reveal = phase(c.progress(0), kChecksSweep), verdict_in = phase(c.progress(0), kVerdictShows);
  const float bill_in = phase(c.progress(1), kBillComesIn);
  const SameLayout l = lay_out(s);
  if (!c.measuring) follow_first_difference(s.cx, l.gs);
  const CheckGrids g = place_check_grids(s, l.gs, c.origin.y);
  if (!c.measuring) {
    const Sweep sw = sweep(s, g, reveal);
    draw_check_frames(s, g);
    draw_check_cells(s, g, sw);
    draw_cell_marks(s, g.rg, sw);
    draw_row_verdicts(s, g, sw);
    hover_checks(s, g);
    // Learn mode: which output cells change after an edit is answered on embedding(idx)'s cells.
    // (and which stop being equal after inf is typed into a table cell)
    if (learn_asks(c, quiz::QuestionKind::DifferingCells) || learn_asks(c, quiz::QuestionKind::InfCells))
      answer_cells(s.cx.door.answers(), g.lg, s.dl, s.pal);
  }

  const float verdict_y = g.bottom + e * 0.6f;
  if (!c.measuring && verdict_in > 0.0f) draw_verdict(s, l.verdict, ImVec2(c.origin.x, verdict_y), verdict_in);
  const float under_y = verdict_y + l.verdict.h + e * 0.8f;
  float bottom = under_y, right = std::max(g.right, c.origin.x + std::min(c.avail.x, e * 30.0f));
  if (bill_in > 0.0f) {
    const ImVec2 pos(c.origin.x, under_y + (1.0f - bill_in) * e * 1.5f);
    if (!c.measuring) draw_bill(s, l.bill, pos, bill_in);
    bottom = under_y + l.bill.h;
    right = std::max(right, pos.x + l.bill.width);
  }
  return ImVec2(right - c.origin.x, bottom - c.origin.y);
}

void caption(const SlideContext& cx, char* buf, size_t n) {
  const Derived& d = cx.model.derived;
  if (current_step(cx.ui.timeline, 2) < 1) {
    std::snprintf(buf, n, "same numbers, cell for cell — torch.equal → %s", d.paths_equal ? "True" : "False");
    return;
  }
  const BillScale s = bill_scale(cx);
  char v[32], dd[32], r[32];
  fmt_count(v, sizeof v, static_cast<long long>(s.vocab));
  fmt_count(dd, sizeof dd, static_cast<long long>(s.dim));
  fmt_count(r, sizeof r, static_cast<long long>(s.vocab));
  std::snprintf(buf, n, "at %s × %s the matmul does %s× the lookup's work for the same numbers", v, dd, r);
}

// ---------------------------------------------------------------- code
void code(const SlideContext& cx, std::string& code, std::string& output) {
  code = code_make_embedding(cx) + code_onehot(cx) +
         "linear = torch.nn.Linear(num_idx, out_dim, bias=False)\n"
         "linear.weight = torch.nn.Parameter(embedding.weight.T)   # tied: (W.T).T is W\n\n" +
         std::string(kEqualExpr) + "   # same shape, every element equal\n";
  output.clear();
  append_repl(output, kEqualExpr, cx.model.derived.print_equal);  // (withheld while its question is asked: hides)
}

// Asking whether the outputs are equal: torch.equal's answer, the "=" signs and the counts
// wait; asking how many numbers the lookup copies: the count of cells compared (B · D) waits.
Hidden hides(const quiz::Question& q) {
  if (q.kind == quiz::QuestionKind::OutputsEqual) return {Hidden::kResult | Hidden::kCounts, {"torch.equal("}};
  if (q.kind == quiz::QuestionKind::LookupCopies) return {Hidden::kCounts, {}};
  // Which cells an inf would make differ: the cell comparisons wait, as for outputs_equal.
  if (q.kind == quiz::QuestionKind::InfCells) return {Hidden::kResult | Hidden::kCounts, {}};
  return {};
}

}  // namespace

// The one-hot product needs a file's non-finite counts.
namespace {
// Its measuring depends on the bill's scale slider (this table … GPT-2).
uint64_t fit_depends(const SlideContext& cx) { return static_cast<uint64_t>(bill_scale_pos(cx)); }
// outputs_equal at its check (step 0), lookup_copies at the bill (step 1); all pictured on
// slide 1: the table's values (an inf or NaN shows there), which position holds which ID.
QuestionSteps at_the_check(const quiz::Question&, int n) { return steps_at(0, 1, n); }
QuestionSteps at_the_bill(const quiz::Question&, int n) { return steps_at(1, 2, n); }
constexpr SlideQuestion kQuestions[] = {
    {quiz::QuestionKind::OutputsEqual, at_the_check, kHowYesNo, picture_ids_and_table},
    {quiz::QuestionKind::LookupCopies, at_the_bill, kHowWholeNumber, picture_ids_and_table},
    {quiz::QuestionKind::DifferingCells, steps_whole, kHowCells, picture_ids_and_table},
    {quiz::QuestionKind::InfCells, steps_whole, kHowCells, picture_ids_and_table},
};

}  // namespace

const SlideDef kSlideSameNumbers = {.title = "Same numbers",
                                    .draw = {steps, narrative, canvas, caption, code},
                                    .table_work = kTableWorkFacts,
                                    .fit_depends = fit_depends,
                                    .questions = kQuestions,
                                    .hides = hides};

SameNumbersState& same_numbers_state(const SlideContext& cx) { return cx.own<SameNumbersState>(); }

}  // namespace lv::app
