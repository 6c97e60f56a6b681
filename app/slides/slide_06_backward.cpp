// slide_06_backward.cpp — "Backward: which rows learn". An upstream gradient G
// (B × D: all ones for out.sum().backward(), or torch.randn(B, D)) flows back through
// both paths. One step per ID: G's row k flies into row idx[k] of
// embedding.weight.grad and adds up there (repeated IDs accumulate). The last step
// shows the one-hot path's onehotᵀ · G: the full V × D product, zeros included —
// the same numbers, after far more work.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>

#include "app/ui_base/anim_timeline.hpp"
#include "app/state/app_edits.hpp"
#include "app/model/model_jobs.hpp"
#include "app/slides/narrative_lines.hpp"
#include "app/slides/slide_code.hpp"
#include "app/slides/scene.hpp"
#include "app/slides/slides.hpp"
#include "app/widgets/widget_answer_targets.hpp"
#include "app/ui_base/layout_report.hpp"
#include "app/ui_base/ui_draw.hpp"
#include "app/ui_base/ui_landmarks.hpp"
#include "app/widgets/widget_matrix_grid.hpp"
#include "core/text/text_format.hpp"

namespace lv::app {
namespace {

// A scatter step, as its named parts: row i of G lights, the table's row idx[i] glows,
// and G's row arrives in it (added to what earlier steps put there).
constexpr Phase kGRowLights{0.0f, 0.3f};
constexpr Phase kTargetGlows{0.5f, 0.9f};
constexpr Phase kRowArrives{0.55f, 1.0f};

// "0.8 µs", "12.4 ms", "1.82 s": a duration people read at a glance.
std::string time_text(double ms) {
  char buf[32];
  if (ms < 1.0) std::snprintf(buf, sizeof buf, "%.3g µs", ms * 1000.0);
  else if (ms < 1000.0) std::snprintf(buf, sizeof buf, "%.3g ms", ms);
  else std::snprintf(buf, sizeof buf, "%.3g s", ms / 1000.0);
  return buf;
}

int steps(const SlideContext& cx) { return std::max<int>(1, static_cast<int>(cx.model.inputs.ids.size())) + 1; }

void narrative(const SlideContext& cx) {
  const Derived& d = cx.model.derived;
  para("Backward, the lookup adds row i of the gradient G into row idx[i] of the table's gradient.");
  ImGui::Spacing();
  para("Repeated IDs add up: the same row learns from every position that used it.");
  // Asking which rows learn, or a row's gradient: the row used twice (and its count) waits.
  if (!hides_now(cx, Hidden::kNowLine))
    repeat_line(cx, "Here row %lld is used twice or more: its gradient is the sum of G's rows (with G all ones, the "
                    "count).");
  ImGui::Spacing();
  para("Other rows stay untouched (0 in torch's dense grad); the matmul computes those zeros.");
  ImGui::Spacing();
  para("The one-hot path computes onehot.T · G: all %s × %s = %s, %s (%s by zero), for the same numbers.",
       with_commas(static_cast<uint64_t>(d.vocab)).c_str(), with_commas(static_cast<uint64_t>(d.dim)).c_str(),
       count_text(d.vocab * d.dim, "entry", "entries").c_str(),
       count_text(d.matmul_bwd_bill.multiply_adds, "multiply-add").c_str(),
       with_commas(static_cast<uint64_t>(d.matmul_bwd_bill.multiplies_by_zero)).c_str());
  ImGui::Spacing();
  ImGui::TextUnformatted("Upstream gradient G");
  int mode = cx.model.inputs.grad_mode == GradMode::SumOfOutputs ? 0 : 1;
  ImGui::SetNextItemWidth(-1);
  if (ImGui::Combo("##grad-mode", &mode, "ones: out.sum().backward()\0torch.randn(B, D)\0"))
    cx.door.set_grad_mode(mode == 0 ? GradMode::SumOfOutputs : GradMode::Seeded, cx.model.inputs.grad_seed);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("What flows back into the output: all ones, or seeded random numbers");
  if (cx.model.inputs.grad_mode == GradMode::Seeded) {
    int s = static_cast<int>(cx.model.inputs.grad_seed);
    ImGui::SetNextItemWidth(-1);
    if (ImGui::InputInt("##grad-seed", &s) && s >= 0) cx.door.set_grad_mode(GradMode::Seeded, static_cast<uint64_t>(s));
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("torch.manual_seed(this) before G = torch.randn(B, D)");
  }
}

// Timed on this machine, on a worker when asked (core/torch/backward_timing.hpp): the
// one-hot path's V × D gradient is written band by band, never held.
// Below the bill at *ly (wrapped to `wrap`, 0: cut to the canvas); moves *ly and *right.
void draw_backward_timing(SlideCanvas& c, const Scene& sc, float matmul, float wrap, float& ly, float& right) {
  const BackwardTiming* bt = backward_timing(sc.cx.model);
  ImFont* f = fonts().ui;
  char timed[256] = "";
  if (bt) {
    const std::string a = time_text(bt->lookup_ms), b = time_text(bt->onehot_ms);
    std::snprintf(
        timed, sizeof timed, "timed here, 1 thread: lookup backward %s · one-hot backward %s (×%s)%s", a.c_str(),
        b.c_str(),
        with_commas(static_cast<uint64_t>(std::llround(bt->onehot_ms / std::max(bt->lookup_ms, 1e-9)))).c_str(),
        bt->same ? "" : " — the sums differ in order");
  } else if (backward_timing_running(sc.cx.model)) {
    std::snprintf(timed, sizeof timed, "timing both backward passes… %d%%",
                  static_cast<int>(std::lround(100.0f * sc.cx.model.jobs.backward.progress())));
  }
  if (*timed && wrap <= 0.0f) {  // the timings are this machine's: cut to the canvas, whole on hover
    const ImVec2 ts =
        draw_text_fit(sc.dl, f, ImVec2(c.origin.x, ly), c.avail.x, with_alpha(c.pal.muted, matmul), timed);
    right = std::max(right, c.origin.x + ts.x);
    ly += ts.y + sc.e * 0.35f;
  } else if (*timed) {
    wrap_at_spaces(timed, wrap, f);
    const ImVec2 ts = f->CalcTextSizeA(f->FontSize, 1e9f, 0.0f, timed);
    sc.dl->AddText(f, f->FontSize, ImVec2(c.origin.x, ly), with_alpha(c.pal.muted, matmul), timed);
    report_text(timed);
    right = std::max(right, c.origin.x + ts.x);
    ly += ts.y + sc.e * 0.35f;
  } else {
    const char* label = "Time both backward passes";
    const ImGuiStyle& st = ImGui::GetStyle();
    const ImVec2 bs(ImGui::CalcTextSize(label).x + st.FramePadding.x * 2.0f, ImGui::GetFontSize());
    if (!c.measuring) {
      ImGui::SetCursorScreenPos(ImVec2(c.origin.x, ly));
      if (ImGui::SmallButton("Time both backward passes##bwd-time")) sc.cx.door.start_backward_timing();
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("On a worker: the lookup's backward (B rows added) and the one-hot path's onehot.T @ G "
                          "(all %s values, in bands) — each the median of several runs",
                          with_commas(static_cast<uint64_t>(sc.d.vocab * sc.d.dim)).c_str());
      landmark("bwd-time");
    }
    right = std::max(right, c.origin.x + bs.x);
    ly += bs.y + sc.e * 0.35f;
  }
}

// The bill and the verdict under the grids: under G (wrapped to its column, x2 − the
// canvas's left) when the grads' column is the taller one, else across the canvas under
// everything; then the timings. Returns the y below them; widens *right.
float draw_bill(SlideCanvas& c, const Scene& sc, float matmul, float x2, const GridLayout& gg, const GridLayout& mg,
                float& right) {
  char lines[3][256];
  const int distinct = static_cast<int>(sc.d.distinct_ids);
  const long long others = static_cast<long long>(sc.d.vocab) - distinct;
  char untouched[96];
  std::snprintf(untouched, sizeof untouched, "the other %s are never touched", count_text(others, "row").c_str());
  // While asked (or pictured on a worksheet) the counts wait: how many rows learn is what is
  // asked, and B·D or V·D would answer another question of the same sheet.
  const bool counts_wait = hides_now(sc.cx, Hidden::kCounts);
  if (counts_wait)
    std::snprintf(lines[0], sizeof lines[0],
                  "lookup backward: one addition per value of G, into the rows the IDs pick");
  else
    std::snprintf(lines[0], sizeof lines[0], "lookup backward: %s into %s; %s",
                  count_text(sc.d.lookup_bwd_bill.copies, "addition").c_str(), count_text(distinct, "row").c_str(),
                  others == 0   ? "every row learns"
                  : others == 1 ? "the other row is never touched"
                                : untouched);
  if (counts_wait)
    std::snprintf(lines[1], sizeof lines[1],
                  "matmul backward: B multiply-adds for every value of the table, most by zero");
  else
    std::snprintf(lines[1], sizeof lines[1], "matmul backward: %s (%s by zero) to write all %s",
                  count_text(sc.d.matmul_bwd_bill.multiply_adds, "multiply-add").c_str(),
                  with_commas(static_cast<uint64_t>(sc.d.matmul_bwd_bill.multiplies_by_zero)).c_str(),
                  count_text(sc.d.vocab * sc.d.dim, "value").c_str());
  std::snprintf(lines[2], sizeof lines[2], "%s",
                sc.d.grads_equal ? "same numbers: torch.equal(embedding.weight.grad, linear.weight.grad.T) → True"
                                 : "the gradients differ (NaN/inf in G or the table)");
  ImFont* const line_fonts[3] = {fonts().ui, fonts().ui, fonts().bold};
  const ImU32 line_colors[3] = {c.pal.text, with_alpha(c.pal.text, 0.4f + 0.6f * matmul),
                                with_alpha(sc.d.grads_equal ? c.pal.ok : c.pal.bad, matmul)};
  const float column_w = x2 - c.origin.x - sc.e * 1.2f;
  // Wrapped at spaces only (narrative_lines.hpp): "embedding.weight.⏎grad" broke at the dot.
  char wrapped[3][256];
  auto wrap_lines = [&](float wrap) {
    for (int i = 0; i < 3; ++i) {
      std::memcpy(wrapped[i], lines[i], sizeof wrapped[i]);
      if (wrap > 0.0f) wrap_at_spaces(wrapped[i], wrap, line_fonts[i]);
    }
  };
  auto lines_height = [&](float wrap) {
    wrap_lines(wrap);
    float h = 0.0f;
    for (int i = 0; i < 3; ++i)
      h += line_fonts[i]->CalcTextSizeA(line_fonts[i]->FontSize, 1e9f, 0.0f, wrapped[i]).y + sc.e * 0.35f;
    return h;
  };
  const float under_g = gg.pos.y + gg.size.y + sc.e * 0.8f;
  const bool in_column = under_g + lines_height(column_w) <= mg.pos.y + mg.size.y;
  const float wrap = in_column ? column_w : 0.0f;
  const float by = in_column ? under_g : std::max(gg.pos.y + gg.size.y, mg.pos.y + mg.size.y) + sc.e * 0.8f;
  float ly = by;
  wrap_lines(wrap);
  for (int i = 0; i < 3; ++i) {
    ImFont* f = line_fonts[i];
    const ImVec2 ts = f->CalcTextSizeA(f->FontSize, 1e9f, 0.0f, wrapped[i]);
    if (i < 2 || matmul > 0.0f) {
      sc.dl->AddText(f, f->FontSize, ImVec2(c.origin.x, ly), line_colors[i], wrapped[i]);
      report_text(lines[i]);
    }
    right = std::max(right, c.origin.x + ts.x);
    ly += ts.y + sc.e * 0.35f;
  }
  if (matmul > 0.0f) draw_backward_timing(c, sc, matmul, wrap, ly, right);
  return ly;
}

// Hover and scroll on the three grids: G, the lookup's gradient (how often its row was
// looked up), the matmul's.
// reached[r - lg.first_row]: a row of the lookup's gradient drawn with its sum (else its cells
// are absent, and while a question hides them their tooltip says nothing of what lands there).
void interact(const Scene& sc, const GridLayout& gg, const GridLayout& lg, const GridLayout& mg, const ImU32* reached) {
  int r = -1, col = -1;
  const bool over = grid_interact(lg, sc.cx.grids.table_view, "##dw", &r, &col);
  if (over) sc.cx.door.hover_row(r);
  grid_tooltips(lg, over, r, col, [&](int tr, int tc, char* buf, size_t n) {
    // Asked which rows learn (or a cell's gradient): a row not yet drawn says nothing of it.
    const bool drawn = tr - lg.first_row < 24 && reached[tr - lg.first_row];
    if (!drawn && hides_now(sc.cx, Hidden::kValues)) {
      std::snprintf(buf, n, "embedding.weight.grad[%d, %d]\nits value shows after you answer", tr, tc);
      return;
    }
    int hits = 0;
    for (int64_t id : sc.ids) hits += id == tr;
    std::snprintf(buf, n, "embedding.weight.grad[%d, %d] = %.4f\nrow %d was looked up %s", tr, tc,
                  static_cast<double>(sc.d.grads.at(tr, tc)), tr, count_text(hits, "time").c_str());
  });
  grid_interact(gg, sc.cx.grids.out_view, "##g", &r, &col);
  grid_interact(mg, sc.cx.grids.out2_view, "##dwm", &r, &col);
}

ImVec2 canvas(SlideCanvas& c) {
  const Scene sc(c);
  const int nb = static_cast<int>(sc.ids.size());
  const int cur = c.current();  // 0..B-1: scatter steps; B: the matmul
  const float p = cur >= 0 ? c.progress(cur) : 0.0f;
  const float matmul = c.progress(nb);

  // G on the left; the lookup's gradient top right, the matmul's below it.
  GridStyle gs;
  gs.max_cols = grid_fit_count(static_cast<int>(sc.d.dim), (c.avail.x - sc.e * 9.0f) * 0.5f, gs.cell_w * sc.e, 10);
  // The two gradients stack on the right: each gets half the height their headings and
  // labels leave.
  const int tall = std::max(nb, static_cast<int>(sc.d.vocab));
  const float chrome = sc.e * 4.6f + 2.0f * grid_chrome_h(tall, static_cast<int>(sc.d.dim), gs);
  gs.max_rows = window_rows(tall, (c.avail.y - chrome) * 0.5f, gs.cell_h * sc.e, 16);
  const int scatter_row = cur >= 0 && cur < nb ? static_cast<int>(sc.ids[static_cast<size_t>(cur)]) : -1;
  if (scatter_row >= 0) {
    grid_follow(sc.cx.grids.out_view, gs, nb, static_cast<int>(sc.d.dim), cur);
    grid_follow(sc.cx.grids.table_view, gs, static_cast<int>(sc.d.vocab), static_cast<int>(sc.d.dim), scatter_row);
  } else if (cur >= nb && nb > 0) {
    // The matmul step of a tall table (GPT-2's 50,257 rows): show the last ID's row, which
    // holds a gradient, once when the step is reached (then the user scrolls freely).
    if (!c.measuring && follow_now(sc.cx.own<FollowMemory>().followed, FollowKey{cur, batch_key(sc.cx)}, c.measuring))
      grid_follow(sc.cx.grids.table_view, gs, static_cast<int>(sc.d.vocab), static_cast<int>(sc.d.dim),
                  static_cast<int>(sc.ids.back()));
  }
  sc.cx.grids.table_view.first_col = sc.cx.grids.out_view.first_col;
  sc.cx.grids.out2_view = sc.cx.grids.table_view;

  char head[160];
  const float head_h = sc.e * 1.6f;
  std::snprintf(head, sizeof head, "G · %s × %s", Commas(nb).s, Commas(sc.d.dim).s);
  draw_text(sc.dl, fonts().bold, ImVec2(c.origin.x, c.origin.y), c.pal.muted, head);
  const GridLayout gg =
      grid_layout(ImVec2(c.origin.x, c.origin.y + head_h), nb, static_cast<int>(sc.d.dim), sc.cx.grids.out_view, gs);
  const float x2 = gg.pos.x + gg.size.x + sc.e * 3.0f;
  std::snprintf(head, sizeof head, "embedding.weight.grad · %s × %s   (the lookup's backward)", Commas(sc.d.vocab).s,
                Commas(sc.d.dim).s);
  draw_text(sc.dl, fonts().bold, ImVec2(x2, c.origin.y), c.pal.muted, head);
  float right = x2 + text_size(fonts().bold, head).x;  // what the scene spans, headers included
  const GridLayout lg = grid_layout(ImVec2(x2, c.origin.y + head_h), static_cast<int>(sc.d.vocab),
                                    static_cast<int>(sc.d.dim), sc.cx.grids.table_view, gs);
  const float y3 = lg.pos.y + lg.size.y + sc.e * 1.0f;
  std::snprintf(head, sizeof head, "onehot.T · G · %s × %s   (the matmul's backward)", Commas(sc.d.vocab).s,
                Commas(sc.d.dim).s);
  draw_text(sc.dl, fonts().bold, ImVec2(x2, y3), with_alpha(c.pal.muted, 0.4f + 0.6f * matmul), head);
  right = std::max(right, x2 + text_size(fonts().bold, head).x);
  const GridLayout mg = grid_layout(ImVec2(x2, y3 + head_h), static_cast<int>(sc.d.vocab), static_cast<int>(sc.d.dim),
                                    sc.cx.grids.out2_view, gs);

  ImU32 g_labels[24] = {};
  for (int r = gg.first_row; r < gg.first_row + gg.shown_rows; ++r)
    g_labels[r - gg.first_row] = id_color(static_cast<size_t>(r));
  grid_draw_frame(sc.dl, gg, named(gs, "G (grad_out)"), c.pal, g_labels);
  grid_draw_frame(sc.dl, lg, named(gs, "embedding.weight.grad"), c.pal);
  grid_draw_frame(sc.dl, mg, named(gs, "linear.weight.grad.T"), c.pal);

  grid_draw_cells(sc.dl, gg, sc.d.grad_out.data(), sc.d.dim, gs, c.pal, [&](int r, int) {
    CellStyle s;
    s.bg = mix(c.pal.panel_alt, id_color(static_cast<size_t>(r)), r == cur ? 0.45f * phase(p, kGRowLights) : 0.12f);
    return s;
  });

  // The lookup's gradient as it accumulates: only rows that some ID points at
  // (and only the steps done so far) hold anything; the rest stay exactly 0.
  const float arrived = phase(p, kRowArrives);
  Matrix& partial = sc.cx.grids.scratch;  // reused: no allocation once the shape is stable
  partial.setZero(lg.shown_rows, sc.d.dim);
  ImU32 row_color[24] = {};
  for (int i = 0; i < nb; ++i) {
    const int r = static_cast<int>(sc.ids[static_cast<size_t>(i)]);
    if (!lg.row_shown(r)) continue;
    const bool done = i < cur || (i == cur && arrived >= 1.0f) || (cur >= nb);
    if (!done) continue;
    partial.row(r - lg.first_row) += sc.d.grad_out.row(i);
    row_color[r - lg.first_row] = id_color(static_cast<size_t>(i));
  }
  if (scatter_row >= 0 && lg.row_shown(scatter_row))
    draw_glow(sc.dl, lg.row_min(scatter_row), lg.row_max(scatter_row), id_color(static_cast<size_t>(cur)),
              phase(p, kTargetGlows));
  // grid_draw_cells reads data[r * stride + c]; point it so row first_row maps to partial's row 0.
  const float* base = partial.data() - static_cast<int64_t>(lg.first_row) * sc.d.dim;
  grid_draw_cells(sc.dl, lg, base, sc.d.dim, gs, c.pal, [&](int r, int) {
    CellStyle s;
    const ImU32 col = row_color[r - lg.first_row];
    s.bg = col ? mix(c.pal.panel_alt, col, 0.30f) : 0;
    // A row no ID has reached is absent, not 0.00: the lookup never writes it (the matmul's
    // gradient below computes its zeros).
    s.hide = !col || (r == scatter_row && grid_flight_landing(arrived));  // (or G's row is landing on it)
    return s;
  });

  // Learn mode: "which rows get a gradient?" is answered on embedding.weight.grad's rows.
  if (learn_asks(c, quiz::QuestionKind::GradRows) || learn_asks(c, quiz::QuestionKind::GradRowsRandn))
    answer_rows(sc.cx.door.answers(), lg, sc.dl, c.pal);
  // The matmul's gradient appears whole in the last step: every entry computed.
  // Drawn from the rows on screen: the one-hot path's V × D gradient is never held.
  grid_draw_cells_at(
      sc.dl, mg, gs, c.pal, [&](int r, int col) { return sc.d.grads.at(r, col); },
      [&](int r, int col) {
    CellStyle s;
    s.alpha = matmul;
    const bool zero = sc.d.grads.at(r, col) == 0.0f;
    s.bg = c.pal.panel_alt;
    s.text = zero ? c.pal.faint : c.pal.text;
    s.hide = matmul <= 0.0f;
    return s;
      });

  // G's row k flying into its row of the gradient.
  if (scatter_row >= 0)
    grid_draw_flight(sc.dl, gg, cur, lg, scatter_row, sc.d.grad_out.row(cur).data(), arrived,
                     id_color(static_cast<size_t>(cur), 0.35f), gs, c.pal);

  // The bill and the verdict under the grids, then the timings.
  const float ly = draw_bill(c, sc, matmul, x2, gg, mg, right);
  const float bottom = std::max({ly, gg.pos.y + gg.size.y, mg.pos.y + mg.size.y}) + sc.e * 0.6f;
  interact(sc, gg, lg, mg, row_color);
  return ImVec2(std::max(mg.pos.x + mg.size.x, right) - c.origin.x, bottom - c.origin.y);
}

void caption(const SlideContext& cx, char* buf, size_t n) {
  std::snprintf(buf, n, "which rows learn: only the rows of the IDs — the lookup never even reads the others");
}

void code(const SlideContext& cx, std::string& code, std::string& output) {
  char buf[160];
  const Derived& d = cx.model.derived;
  code = code_make_embedding(cx) + code_onehot(cx) + "\nout = embedding(idx)\n";
  if (cx.model.inputs.grad_mode == GradMode::SumOfOutputs) {
    code += "out.sum().backward()               # G = all ones\n";
  } else {
    std::snprintf(buf, sizeof buf, "_ = torch.manual_seed(%llu)\nG = torch.randn(%lld, %lld)\n",
                  static_cast<unsigned long long>(cx.model.inputs.grad_seed), static_cast<long long>(d.batch),
                  static_cast<long long>(d.dim));
    code += buf;
    code += "G\n";
    code += "out.backward(G)\n";
  }
  code += "embedding.weight.grad              # non-zero only in the IDs' rows\n\n";
  code += "linear = torch.nn.Linear(num_idx, out_dim, bias=False)\n";
  code += "linear.weight = torch.nn.Parameter(embedding.weight.T)\n";
  code += "out2 = linear(onehot.float())\n";
  code += cx.model.inputs.grad_mode == GradMode::SumOfOutputs ? "out2.sum().backward()\n" : "out2.backward(G)\n";
  code += "linear.weight.grad                 # (onehot.T @ G).T: the same numbers\n";
  output.clear();
  if (cx.model.inputs.grad_mode == GradMode::Seeded) append_repl(output, "G", d.print_grad_out);
  append_repl(output, "embedding.weight.grad", d.print_dw_lookup);
  append_repl(output, "linear.weight.grad", d.print_dw_matmul);
  if (const BackwardTiming* bt = backward_timing(cx.model)) {
    char line[200];
    std::snprintf(line, sizeof line,
                  "# timed by lookupviz on this machine (C++, 1 thread): lookup backward %s, onehot.T @ G %s\n",
                  time_text(bt->lookup_ms).c_str(), time_text(bt->onehot_ms).c_str());
    output += line;
  }
}

// Asking which rows get a gradient, or a cell's: the row count, the repeated row, the
// tooltips of rows not yet reached and both printed gradients wait for the answer.
Hidden hides(const quiz::Question& q) {
  if (q.kind != quiz::QuestionKind::GradRows && q.kind != quiz::QuestionKind::GradValue &&
      q.kind != quiz::QuestionKind::GradRowsRandn)
    return {};
  return {Hidden::kNowLine | Hidden::kCounts | Hidden::kValues, {"embedding.weight.grad", "linear.weight.grad"}};
}

// Asked before the scatter steps. Pictured on slide 1 (this slide's bill counts the rows);
// grad_value with G = randn on this slide before its first scatter: G must be seen to be summed,
// and the bill's counts then answer no question of a sheet whose G is randn but lookup_copies' B·D.
QuestionSteps scatter_steps(const quiz::Question&, int n) { return steps_at(0, n - 1, n); }
quiz::PictureStep g_seen_when_randn(const quiz::Question& q) {
  return q.prompt.find("G = randn") != std::string::npos ? quiz::PictureStep{6, 0} : quiz::PictureStep{1, 1};
}
constexpr SlideQuestion kQuestions[] = {
    {quiz::QuestionKind::GradRows, scatter_steps, kHowRows, picture_ids_and_table},
    {quiz::QuestionKind::GradValue, scatter_steps, kHowNumber, g_seen_when_randn},
    {quiz::QuestionKind::GradRowsRandn, scatter_steps, kHowRows, picture_ids_and_table},
};

}  // namespace

const SlideDef kSlideBackward = {.title = "Backward: which rows learn",
                                 .draw = {steps, narrative, canvas, caption, code},
                                 .questions = kQuestions,
                                 .hides = hides};

}  // namespace lv::app
