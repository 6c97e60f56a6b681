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

#include "app/slides/anim_timeline.hpp"
#include "app/slides/scene.hpp"
#include "app/model_jobs.hpp"
#include "app/slides/slide_code.hpp"
#include "app/slides/slides.hpp"
#include "app/widgets/ui_draw.hpp"
#include "app/widgets/widget_matrix_grid.hpp"
#include "core/embedding_ops.hpp"
#include "core/text_format.hpp"

namespace lv::app {
namespace {

// ---------------------------------------------------------------- helpers
// The two steps, as their named parts: step 0 sweeps the checks over the cells, then
// shows torch.equal's verdict; step 1 brings in the bill.
constexpr Phase kChecksSweep{0.0f, 0.85f};
constexpr Phase kVerdictShows{0.85f, 1.0f};
constexpr Phase kBillComesIn{0.0f, 0.7f};

int steps(const App&) { return 2; }

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
const DiffReasons& diff_reasons(App& app) {
  const Derived& d = app.derived;
  DiffReasons& why = app.ui.slides.diff_reasons;
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
BillScale bill_scale(const App& app) {
  const Derived& d = app.derived;
  const double t = std::clamp(app.ui.bill_scale_pos, 0, 1000) / 1000.0;
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
  ImGui::TextWrapped("%s", lead);
  ImGui::PopFont();
  ImGui::TextWrapped("%s", body);
  ImGui::EndGroup();
  ImGui::Spacing();
}

void narrative(App& app) {
  const Derived& d = app.derived;
  const Palette& pal = palette(app.ui.theme);
  const int cur = current_step(app.ui.timeline, 2);
  const long long cells = static_cast<long long>(d.batch * d.dim);
  if (cur <= 0) {
    if (d.matmul_ready) {
      ImGui::TextWrapped("The two paths, cell by cell: %lld of %s %s equal.", cells - d.cells_differ,
                         counted(cells, "cell").c_str(), cells - d.cells_differ == 1 ? "is" : "are");
      ImGui::Spacing();
    }
    if (!d.matmul_ready)
      ImGui::TextWrapped("The one-hot product's answer needs every row of the table read once (the lookup needs "
                         "only B rows); that read is under way — see the status line.");
    else if (d.cells_differ == 0)
      ImGui::TextWrapped("Not just close: equal to the bit. Each output cell is 1 × w plus zeros, and adding an exact "
                         "0 changes nothing, so no rounding creeps in.");
    else
      ImGui::TextWrapped("The table holds nan or inf. 0 × inf = nan, so the matmul is poisoned even by rows it does "
                         "not pick; the lookup only copies the rows it needs.");
  } else {
    const BillScale s = bill_scale(app);
    char v[32], dd[32];
    fmt_count(v, sizeof v, static_cast<long long>(s.vocab));
    fmt_count(dd, sizeof dd, static_cast<long long>(s.dim));
    ImGui::TextWrapped("Same numbers, different work. For each of the B IDs the matmul multiplies all V rows of D "
                       "numbers (B·V·D multiply-adds), B·(V−1)·D of them by zero; the lookup copies B·D numbers.");
    ImGui::Spacing();
    ImGui::TextWrapped("At %s × %s the matmul does %s times the work.", v, dd, v);
    ImGui::TextDisabled("%s", "Drag the slider to GPT-2's 50,257 × 768.");
  }
  ImGui::Spacing();
  ImGui::Separator();
  ImGui::Spacing();
  ImGui::PushFont(fonts().bold);
  ImGui::TextUnformatted("Two things to remember");
  ImGui::PopFont();
  ImGui::Spacing();
  char body[256];
  if (!d.matmul_ready)
    std::snprintf(body, sizeof body, "The two paths return the same numbers for any finite table.");
  else if (d.paths_equal && app.inputs.file)
    std::snprintf(body, sizeof body, "The two paths return the same numbers — here on the loaded %lld × %lld table: "
                  "torch.equal → True.", static_cast<long long>(d.vocab), static_cast<long long>(d.dim));
  else if (d.paths_equal)
    std::snprintf(body, sizeof body, "The two paths return the same numbers — here on the seed-%s %lld × %lld table: "
                  "torch.equal → True.", app.inputs.seed_text.c_str(), static_cast<long long>(d.vocab),
                  static_cast<long long>(d.dim));
  else
    std::snprintf(body, sizeof body, "The two paths return the same numbers for any finite table — here torch.equal "
                  "→ False only because the table holds nan or inf.");
  remember_item(pal, 1, "An embedding layer is a matrix multiply on a one-hot vector.", body);
  remember_item(pal, 2, "The lookup is the optimization.",
                "A one-hot times a big matrix is mostly multiply-by-zero; indexing the row skips all of it. That's "
                "why real models index 50,257 rows with an Embedding layer instead of a Linear one.");
}

// ---------------------------------------------------------------- the check
struct Grids {
  float bottom = 0, right = 0;
};

// Both outputs with the sweep of checks; returns where they end (measures only when !draw).
Grids draw_check_grids(SlideCanvas& c, float top, float rows_room, float reveal, bool draw, bool interact) {
  App& app = c.app;
  const Derived& d = app.derived;
  const Palette& pal = c.pal;
  const float e = em();
  ImDrawList* dl = c.dl;
  const int B = static_cast<int>(d.batch), D = static_cast<int>(d.dim);
  char buf[128];

  GridStyle gs;
  gs.cell_w = 3.5f;  // room for the check mark left of the number
  const float mid_w = e * 2.8f;  // the "=" / check column between the grids
  gs.max_cols = grid_fit_count(D, (c.avail.x - mid_w - e * 3.0f) * 0.5f, gs.cell_w * e, 12);
  gs.max_rows = window_rows(B, std::min(c.avail.y * 0.5f - e * 3.0f, rows_room), gs.cell_h * e, 16);
  // A big output scrolls, but the cells that differ come into view when the model changes.
  if (interact && d.cells_differ > 0 && app.ui.diff_followed != d.generation) {
    app.ui.diff_followed = d.generation;
    for (int r = 0, found = 0; r < B && !found; ++r)
      for (int col = 0; col < D && !found; ++col)
        if (!(d.lookup_out(r, col) == d.matmul_out(r, col))) {
          grid_follow(app.ui.out_view, gs, B, D, r, col);
          found = 1;
        }
  }
  // The two grids scroll together.
  app.ui.out2_view = app.ui.out_view;

  std::snprintf(buf, sizeof buf, "embedding(idx) · %d × %d", B, D);
  if (draw) draw_text(dl, fonts().bold, ImVec2(c.origin.x, top), pal.muted, buf);
  const float head1_w = text_size(fonts().bold, buf).x;
  gs.name = "embedding(idx)";
  const GridLayout lg = grid_layout(ImVec2(c.origin.x, top + e * 1.6f), B, D, app.ui.out_view, gs);
  const float rx = c.origin.x + std::max(lg.size.x, head1_w + e * 0.5f) + mid_w;
  std::snprintf(buf, sizeof buf, "linear(onehot.float()) · %d × %d", B, D);
  if (draw) draw_text(dl, fonts().bold, ImVec2(rx, top), pal.muted, buf);
  const float head2_w = text_size(fonts().bold, buf).x;
  GridStyle rs = gs;
  rs.name = "linear(onehot.float())";
  GridLayout rg = grid_layout(ImVec2(rx, top + e * 1.6f), B, D, app.ui.out2_view, rs);
  // Where the pair is a little wider than the canvas (two 8-column grids at 1024 × 768),
  // the right grid leaves out its row numbers: its rows are the left grid's, side by side.
  if (rg.pos.x + rg.size.x > c.origin.x + c.avail.x) {
    rs.row_labels = false;
    rg = grid_layout(ImVec2(rx, top + e * 1.6f), B, D, app.ui.out2_view, rs);
  }
  Grids g;
  g.bottom = std::max(lg.pos.y + lg.size.y, rg.pos.y + rg.size.y);
  g.right = std::max(rg.pos.x + rg.size.x, rx + head2_w);
  if (!draw) return g;

  ImU32 labels[64] = {};
  for (int r = lg.first_row; r < lg.first_row + lg.shown_rows; ++r) labels[r - lg.first_row] = id_color(static_cast<size_t>(r));
  dl->PushClipRect(ImVec2(c.origin.x - e, lg.pos.y - e), ImVec2(rx - e * 0.5f, lg.pos.y + lg.size.y + e), true);
  grid_draw_frame(dl, lg, gs, pal, labels);
  dl->PopClipRect();
  grid_draw_frame(dl, rg, rs, pal, labels);

  // The sweep: shown cells in reading order, `reveal` of them checked.
  const int shown = lg.shown_rows * lg.shown_cols;
  // A file's product waits for the whole-table read (model_jobs.hpp): nothing is checked until then.
  const float checked = d.matmul_ready ? reveal * static_cast<float>(shown) : 0.0f;
  auto order = [&](int r, int col) { return (r - lg.first_row) * lg.shown_cols + (col - lg.first_col); };
  auto cell_check = [&](int r, int col) {  // 0..1: how far this cell's check has come
    return std::clamp(checked - static_cast<float>(order(r, col)), 0.0f, 1.0f);
  };
  auto equal = [&](int r, int col) { return d.lookup_out(r, col) == d.matmul_out(r, col); };
  auto cell_style = [&](int r, int col) {
    CellStyle s;
    const float k = cell_check(r, col);
    s.bg = pal.panel_alt;
    if (k > 0.0f) s.bg = mix(pal.panel_alt, equal(r, col) ? pal.ok : pal.bad, 0.22f * k);
    if (k > 0.0f && !equal(r, col)) s.outline = with_alpha(pal.bad, k);
    return s;
  };
  grid_draw_cells(dl, lg, d.lookup_out.data(), d.dim, gs, pal, cell_style);
  grid_draw_cells(dl, rg, d.matmul_out.data(), d.dim, gs, pal, [&](int r, int col) {
    CellStyle s = cell_style(r, col);
    if (!d.matmul_ready) s = CellStyle{pal.panel_alt, 0, 1.0f, 0, true};  // not read yet
    return s;
  });
  // Marks in the free left part of each checked cell of the matmul's grid.
  for (int r = rg.first_row; r < rg.first_row + rg.shown_rows; ++r) {
    for (int col = rg.first_col; col < rg.first_col + rg.shown_cols; ++col) {
      const float k = cell_check(r, col);
      if (k <= 0.0f) continue;
      const ImVec2 a = rg.cell_min(r, col);
      const ImVec2 m(a.x + e * 0.55f, a.y + rg.ch * 0.5f);
      if (equal(r, col)) draw_check(dl, m, e * 0.55f, with_alpha(pal.ok, k), 1.6f);
      else draw_cross(dl, m, e * 0.55f, with_alpha(pal.bad, k), 1.6f);
    }
  }
  // Between the grids: "=" per row, turning into a check (or a cross) once the row is done.
  for (int r = lg.first_row; r < lg.first_row + lg.shown_rows; ++r) {
    const float k = cell_check(r, lg.first_col + lg.shown_cols - 1);
    bool row_equal = true;
    for (int col = 0; col < D && row_equal; ++col) row_equal = equal(r, col);
    const float y = lg.cell_min(r, lg.first_col).y + lg.ch * 0.5f;
    const float cx = rx - mid_w * 0.5f - e * 0.4f;
    const ImVec2 ts = text_size(fonts().bold, "=");
    draw_text(dl, fonts().bold, ImVec2(cx - ts.x - e * 0.35f, y - ts.y * 0.5f), pal.muted, "=");
    if (k >= 1.0f) {
      if (row_equal) draw_check(dl, ImVec2(cx + e * 0.45f, y), e * 0.8f, pal.ok, 2.2f);
      else draw_cross(dl, ImVec2(cx + e * 0.45f, y), e * 0.8f, pal.bad, 2.2f);
    }
  }

  // Hover: both values, exact.
  if (interact) {
    int hr = -1, hc = -1;
    bool over = grid_interact(lg, app.ui.out_view, "##same_l", &hr, &hc);
    app.ui.out2_view = app.ui.out_view;
    if (!over) over = grid_interact(rg, app.ui.out2_view, "##same_r", &hr, &hc), app.ui.out_view = app.ui.out2_view;
    if (over) {
      const float a = d.lookup_out(hr, hc), b = d.matmul_out(hr, hc);
      ImGui::BeginTooltip();
      ImGui::PushFont(fonts().mono);
      ImGui::Text("embedding(idx)[%d, %d]         = %.8g", hr, hc, static_cast<double>(a));
      ImGui::Text("linear(onehot.float())[%d, %d] = %.8g", hr, hc, static_cast<double>(b));
      ImGui::PopFont();
      if (a == b) ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(pal.ok), "equal, bit for bit");
      else if (std::isnan(a) && std::isnan(b))
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(pal.bad), "both nan — and nan ≠ nan");
      else
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(pal.bad), "0 × inf = nan: another row of the table poisons the sum");
      ImGui::EndTooltip();
    }
  }

  return g;
}

// The verdict under the grids: torch.equal's answer, how many cells agree and, when
// they do not, why. Returns its height; measures only when !draw.
float draw_verdict(SlideCanvas& c, ImVec2 pos, float alpha, bool draw) {
  const Derived& d = c.app.derived;
  const Palette& pal = c.pal;
  const float e = em();
  ImDrawList* dl = c.dl;
  ImFont* mono = fonts().mono;
  const char* arrow = " → ";
  if (!d.matmul_ready) {
    // A file's table: the product's answer needs every row read once (on a worker).
    char wait[160];
    std::snprintf(wait, sizeof wait, "linear(onehot.float()) reads all %s rows of the table first: %d%%…",
                  with_commas(static_cast<uint64_t>(d.vocab)).c_str(),
                  static_cast<int>(model_activity(c.app).progress * 100.0f));
    if (draw) draw_text(dl, fonts().ui, pos, with_alpha(pal.muted, alpha), wait);
    return e * 1.5f;
  }
  const char* verdict = d.paths_equal ? "True" : "False";
  const ImU32 col = d.paths_equal ? pal.ok : pal.bad;
  char count[160], n1[32];
  const long long cells = static_cast<long long>(d.batch * d.dim);
  if (d.cells_differ == 0) {
    fmt_count(n1, sizeof n1, cells);
    std::snprintf(count, sizeof count, "%s of %s equal, bit for bit", n1, counted(cells, "cell").c_str());
  } else {
    fmt_count(n1, sizeof n1, d.cells_differ);
    std::snprintf(count, sizeof count, "%s of %s %s", n1, counted(cells, "cell").c_str(),
                  d.cells_differ == 1 ? "differs" : "differ");
  }
  const float line_w = text_size(mono, kEqualExpr).x + text_size(mono, arrow).x + text_size(fonts().bold, verdict).x;
  const float count_w = text_size(d.cells_differ ? fonts().bold : nullptr, count).x;
  const bool one_line = line_w + e * 1.5f + count_w <= std::max(c.avail.x, e * 20.0f);
  const DiffReasons& why = diff_reasons(c.app);
  const int notes = d.cells_differ == 0 ? 0 : (why.poisoned > 0) + (why.nan_both > 0 || why.other > 0);
  const float h = e * 1.5f + (one_line ? 0.0f : e * 1.4f) + static_cast<float>(notes) * e * 1.4f;
  if (!draw) return h;

  float x = pos.x;
  draw_text(dl, mono, ImVec2(x, pos.y), with_alpha(pal.text, alpha), kEqualExpr);
  x += text_size(mono, kEqualExpr).x;
  draw_text(dl, mono, ImVec2(x, pos.y), with_alpha(pal.muted, alpha), arrow);
  x += text_size(mono, arrow).x;
  const ImVec2 vs = text_size(fonts().bold, verdict);
  dl->AddRectFilled(ImVec2(x - e * 0.3f, pos.y - e * 0.15f), ImVec2(x + vs.x + e * 0.3f, pos.y + vs.y + e * 0.1f),
                    with_alpha(col, 0.18f * alpha), e * 0.3f);
  draw_text(dl, fonts().bold, ImVec2(x, pos.y), with_alpha(col, alpha), verdict);
  x += vs.x;
  float y = pos.y;
  ImVec2 cp = one_line ? ImVec2(x + e * 1.5f, y) : ImVec2(pos.x, y + e * 1.5f);
  if (d.cells_differ == 0) draw_text(dl, nullptr, cp, with_alpha(pal.muted, alpha), count);
  else draw_text(dl, fonts().bold, cp, with_alpha(pal.bad, alpha), count);
  y = cp.y + e * (one_line ? 1.5f : 1.4f);
  if (d.cells_differ > 0 && why.poisoned > 0) {
    draw_text(dl, nullptr, ImVec2(pos.x, y), with_alpha(pal.bad, alpha),
              "0 × inf = nan: the matmul multiplies every row, the lookup only copies");
    y += e * 1.4f;
  }
  if (d.cells_differ > 0 && (why.nan_both > 0 || why.other > 0))
    draw_text(dl, nullptr, ImVec2(pos.x, y), with_alpha(pal.bad, alpha),
              "nan ≠ nan: the same nan in both outputs still makes torch.equal False");
  return h;
}

// ---------------------------------------------------------------- the bill
// The card: the slider, two bars on one scale, the numbers, the ratio. Returns its
// size; measures only (no drawing, no slider) when !draw.
ImVec2 draw_bill(SlideCanvas& c, ImVec2 pos, float width, float alpha, bool draw) {
  App& app = c.app;
  const Derived& d = app.derived;
  const Palette& pal = c.pal;
  const float e = em();
  ImDrawList* dl = c.dl;
  const BillScale s = bill_scale(app);
  const OpCounts mm = matmul_cost(d.batch, s.vocab, s.dim);
  const OpCounts lk = lookup_cost(d.batch, s.vocab, s.dim);
  ImFont* bold = fonts().bold;
  ImFont* mono = fonts().mono;
  const float pad = e * 0.8f;
  const float label_w = std::max(text_size(mono, "linear(onehot.float())").x, text_size(bold, "The bill · B = 4,096").x) +
                        e * 1.0f;
  const float bx = pos.x + pad + label_w;
  const float bar_w = std::max(e * 6.0f, width - pad * 2 - label_w);
  const float bar_h = e * 1.2f;
  char b[32], v[32], dd[32], buf[256], n1[32], n2[32], by[32];

  // The lookup's numbers go beside its (short) bar when they fit, else under it.
  const double total = static_cast<double>(std::max<int64_t>(1, mm.multiply_adds));
  const float lookup_w = std::max(2.0f, bar_w * static_cast<float>(static_cast<double>(lk.copies) / total));
  std::snprintf(by, sizeof by, "%s", binary_bytes(static_cast<uint64_t>(lk.bytes_read)).c_str());
  char lookup_text[128];
  std::snprintf(lookup_text, sizeof lookup_text, "%s · 0 multiplications · reads %s",
                counted(lk.copies, "copy", "copies").c_str(), by);
  const bool lookup_beside = lookup_w + e * 0.6f + text_size(nullptr, lookup_text).x < bar_w;
  const float lookup_h = std::max(e * 2.9f, bar_h + (lookup_beside ? e * 0.9f : e * 2.2f));  // its two labels
  const float h = pad + e * 2.4f + (bar_h + e * 3.2f) + lookup_h + e * 2.4f + pad;
  if (!draw) return ImVec2(width, h);

  app.ui.bill_vocab = static_cast<int>(std::min<int64_t>(s.vocab, 1'000'000'000));
  app.ui.bill_dim = static_cast<int>(std::min<int64_t>(s.dim, 1'000'000'000));
  auto A = [&](ImU32 col) { return with_alpha(col, alpha); };
  dl->AddRectFilled(pos, ImVec2(pos.x + width, pos.y + h), A(pal.panel), e * 0.6f);
  dl->AddRectFilled(pos, ImVec2(pos.x + width, pos.y + h), A(with_alpha(pal.panel_alt, 0.55f)), e * 0.6f);
  dl->AddRect(pos, ImVec2(pos.x + width, pos.y + h), A(pal.border), e * 0.6f);
  const float x0 = pos.x + pad;
  float y = pos.y + pad;
  fmt_count(b, sizeof b, static_cast<long long>(d.batch));
  fmt_count(v, sizeof v, static_cast<long long>(s.vocab));
  fmt_count(dd, sizeof dd, static_cast<long long>(s.dim));

  // Title and the slider: this table … GPT-2 (V and D on a log scale, B fixed).
  std::snprintf(buf, sizeof buf, "The bill · B = %s", b);
  draw_text(dl, bold, ImVec2(x0, y + e * 0.3f), A(pal.text), buf);
  if (alpha > 0.5f) {
    const bool here = s.vocab == d.vocab && s.dim == d.dim;
    const bool gpt2 = s.vocab == kGpt2Vocab && s.dim == kGpt2Dim;
    std::snprintf(buf, sizeof buf, "V × D = %s × %s%s", v, dd, gpt2 ? " (GPT-2)" : here ? " (this table)" : "");
    ImGui::SetCursorScreenPos(ImVec2(bx, y));
    ImGui::PushItemWidth(bar_w);
    ImGui::SliderInt("##bill_scale", &app.ui.bill_scale_pos, 0, 1000, buf, ImGuiSliderFlags_AlwaysClamp);
    ImGui::PopItemWidth();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", "Drag from this table's shape to GPT-2's 50,257 × 768");
  }
  y += e * 2.4f;

  // matmul: the useful part (B·D multiply-adds by 1) and the hatched rest (by 0).
  const float useful_w = std::max(2.0f, bar_w * static_cast<float>(static_cast<double>(d.batch * s.dim) / total));
  draw_text(dl, bold, ImVec2(x0, y), A(pal.text), "matmul");
  draw_text(dl, mono, ImVec2(x0, y + e * 1.2f), A(pal.muted), "linear(onehot.float())");
  dl->AddRectFilled(ImVec2(bx, y), ImVec2(bx + bar_w, y + bar_h), A(with_alpha(pal.bad, 0.30f)), e * 0.2f);
  dl->PushClipRect(ImVec2(bx + useful_w, y), ImVec2(bx + bar_w, y + bar_h), true);
  for (float hx = bx + useful_w - bar_h; hx < bx + bar_w; hx += e * 0.55f)
    dl->AddLine(ImVec2(hx, y + bar_h), ImVec2(hx + bar_h, y), A(with_alpha(pal.bad, 0.45f)), 1.0f);
  dl->PopClipRect();
  dl->AddRectFilled(ImVec2(bx, y), ImVec2(bx + useful_w, y + bar_h), A(pal.accent), e * 0.2f);
  fmt_count(n2, sizeof n2, static_cast<long long>(mm.multiplies_by_zero));
  std::snprintf(by, sizeof by, "%s", binary_bytes(static_cast<uint64_t>(mm.bytes_read)).c_str());
  std::snprintf(buf, sizeof buf, "%s · reads %s", counted(mm.multiply_adds, "multiply-add").c_str(), by);
  draw_text(dl, nullptr, ImVec2(bx, y + bar_h + e * 0.2f), A(pal.text), buf);
  // The share by zero, floored so 99.998% never shows as 100%.
  const double zero_pct = 100.0 * static_cast<double>(mm.multiplies_by_zero) / total;
  const int digits = zero_pct > 99.0 ? 3 : 1;
  const double scale = digits == 3 ? 1000.0 : 10.0;
  std::snprintf(buf, sizeof buf, "%s of them by zero (%.*f%%)", n2, digits, std::floor(zero_pct * scale) / scale);
  draw_text(dl, nullptr, ImVec2(bx, y + bar_h + e * 1.5f), A(pal.bad), buf);
  y += bar_h + e * 3.2f;

  // lookup: B·D copies on the same scale — a sliver.
  draw_text(dl, bold, ImVec2(x0, y), A(pal.text), "lookup");
  draw_text(dl, mono, ImVec2(x0, y + e * 1.2f), A(pal.muted), "embedding(idx)");
  dl->AddRectFilled(ImVec2(bx, y), ImVec2(bx + lookup_w, y + bar_h), A(pal.ok), e * 0.2f);
  if (lookup_beside)
    draw_text(dl, nullptr, ImVec2(bx + lookup_w + e * 0.6f, y + (bar_h - e) * 0.5f), A(pal.text), lookup_text);
  else
    draw_text(dl, nullptr, ImVec2(bx, y + bar_h + e * 0.2f), A(pal.text), lookup_text);
  y += lookup_h;

  // The ratio, big.
  const double ratio = static_cast<double>(mm.multiply_adds) / static_cast<double>(std::max<int64_t>(1, lk.copies));
  char r[32];
  fmt_ratio(r, sizeof r, ratio);
  std::snprintf(buf, sizeof buf, "%s× the work", r);
  draw_text(dl, fonts().title, ImVec2(x0, y), A(pal.accent), buf);
  const float rw = text_size(fonts().title, buf).x;
  fmt_count(n1, sizeof n1, static_cast<long long>(mm.bytes_read));
  fmt_count(n2, sizeof n2, static_cast<long long>(lk.bytes_read));
  std::snprintf(buf, sizeof buf, "for the same numbers · bytes read %s vs %s", n1, n2);
  if (x0 + rw + e * 0.8f + text_size(nullptr, buf).x > pos.x + width - pad)
    std::snprintf(buf, sizeof buf, "for the same numbers");
  draw_text(dl, nullptr, ImVec2(x0 + rw + e * 0.8f, y + e * 0.45f), A(pal.muted), buf);
  return ImVec2(width, h);
}

// ---------------------------------------------------------------- canvas
ImVec2 canvas(SlideCanvas& c) {
  const float e = em();
  const float p0 = c.progress(0), p1 = c.progress(1);
  const float reveal = phase(p0, kChecksSweep);
  const float verdict_in = phase(p0, kVerdictShows);
  const float bill_in = phase(p1, kBillComesIn);
  const float top = c.origin.y;

  // The bill goes under the grids and the verdict; the canvas fit (app/slides/canvas_fit.hpp)
  // sizes the type so that all of it shows at once, on every step alike.
  const float bill_w = std::clamp(c.avail.x, e * 34.0f, e * 60.0f);
  const ImVec2 bill_size = draw_bill(c, ImVec2(c.origin.x, top), bill_w, 0.0f, false);
  // The grids' rows get what the bill, the verdict and the headings leave them.
  const float verdict_max = draw_verdict(c, ImVec2(c.origin.x, top), 1.0f, false);
  GridStyle probe;
  probe.cell_w = 3.5f;
  const float rows_room = c.avail.y - bill_size.y - verdict_max - e * 3.0f -
                          grid_chrome_h(static_cast<int>(c.app.derived.batch), static_cast<int>(c.app.derived.dim), probe);
  const Grids g = draw_check_grids(c, top, rows_room, reveal, !c.measuring, !c.measuring);
  const float verdict_y = g.bottom + e * 0.6f;
  const float verdict_h = draw_verdict(c, ImVec2(c.origin.x, verdict_y), verdict_in, !c.measuring && verdict_in > 0.0f);
  const float under_y = verdict_y + verdict_h + e * 0.8f;
  float bottom = under_y, right = std::max(g.right, c.origin.x + std::min(c.avail.x, e * 30.0f));
  if (bill_in > 0.0f) {
    const ImVec2 pos(c.origin.x, under_y + (1.0f - bill_in) * e * 1.5f);
    if (!c.measuring) draw_bill(c, pos, bill_w, bill_in, true);
    bottom = under_y + bill_size.y;
    right = std::max(right, pos.x + bill_w);
  }
  return ImVec2(right - c.origin.x, bottom - c.origin.y);
}

void caption(const App& app, char* buf, size_t n) {
  const Derived& d = app.derived;
  if (current_step(app.ui.timeline, 2) < 1) {
    std::snprintf(buf, n, "same numbers, cell for cell — torch.equal → %s", d.paths_equal ? "True" : "False");
    return;
  }
  const BillScale s = bill_scale(app);
  char v[32], dd[32], r[32];
  fmt_count(v, sizeof v, static_cast<long long>(s.vocab));
  fmt_count(dd, sizeof dd, static_cast<long long>(s.dim));
  fmt_count(r, sizeof r, static_cast<long long>(s.vocab));
  std::snprintf(buf, n, "at %s × %s the matmul does %s× the lookup's work for the same numbers", v, dd, r);
}

// ---------------------------------------------------------------- code
void code(const App& app, std::string& code, std::string& output) {
  code = code_make_embedding(app) + code_onehot(app) +
         "linear = torch.nn.Linear(num_idx, out_dim, bias=False)\n"
         "linear.weight = torch.nn.Parameter(embedding.weight.T)   # tied: X Wᵀᵀ = X W\n\n" +
         std::string(kEqualExpr) + "   # same shape, every element equal\n";
  output.clear();
  append_repl(output, kEqualExpr, app.derived.print_equal);
}

}  // namespace

const SlideDef kSlideSameNumbers = {"Same numbers", steps, narrative, canvas, caption, code};

}  // namespace lv::app
