// slide_10_attention.cpp — "Attention: a soft lookup" (issue 42). Slide 4 multiplied a
// one-hot row by the table to pick one row; causal self-attention multiplies a row of
// softmax weights by the value rows to mix all of them. The steps: x's three dense
// projections (queries, keys, values, every multiply-add counted); the scores
// queries @ keys.T × β; the causal mask and the softmax (each weight row drawn like slide
// 3's one-hot row, its cells sized and lit by weight); then one step per query t, where
// the weight row meets the value rows as the one-hot row met the table (every value row
// lit by its weight, all of them landing in context row t); the backward; the bill.
// The numbers are core/torch/attention.hpp's, byte for byte what PyTorch 1.13 prints.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "app/slides/narrative_lines.hpp"
#include "app/slides/scene.hpp"
#include "app/slides/slide_code.hpp"
#include "app/slides/slides.hpp"
#include "app/ui_base/ui_draw.hpp"
#include "app/widgets/widget_answer_targets.hpp"
#include "app/widgets/widget_matrix_grid.hpp"
#include "core/text/text_format.hpp"
#include "core/quiz/attention_questions.hpp"
#include "core/torch/attention.hpp"
#include "core/torch/attention_cli.hpp"
#include "core/torch/python_literal.hpp"
#include "core/torch/torch_format.hpp"

namespace lv::app {
namespace {

using quiz::QuestionKind;

// ---------------------------------------------------------------- what it reads of the model
// What the slide reads of the model (through its context).
const Derived& model_of(const SlideContext& cx) { return cx.model.derived; }
const IdList& ids_of(const SlideContext& cx) { return cx.model.inputs.ids; }
// A table from a file: its projections are drawn from the seed, not the model's own.
bool table_loaded(const SlideContext& cx) { return cx.model.inputs.file != nullptr; }
const std::string& seed_text(const SlideContext& cx) { return cx.model.inputs.seed_text; }
// W_query, W_key, W_value are drawn next from this generator (after the seeded table's
// init; a fresh manual_seed(seed) for a loaded table, as Embedding.from_pretrained draws nothing).
const TorchGenerator& gen_after_table(const SlideContext& cx) { return cx.model.derived.gen_after_table; }
// What the numbers depend on besides the controls: the model's outputs and their version.
uint64_t model_version(const SlideContext& cx) {
  return cx.model.derived.outputs_version * 1000003ull + cx.model.derived.generation;
}

// ---------------------------------------------------------------- its own state
// What the attention computed for one state (model version, d_out, β, mask).
struct AttnView {
  uint64_t key = 0;
  int64_t tokens = 0;  // T: the IDs attended over (at most kMaxAttentionTokens)
  Matrix x;            // T x D: embedding(idx)[:T] (+ pos_emb(arange(B))[:T] with positions)
  Attention a;
  AttentionValueGrad grad;
  AttentionCost cost;
  std::vector<int64_t> one_hot;  // per query: the position its weight row is one-hot at (float32), or -1
  std::string print_queries, print_weights, print_context, print_values_grad;
};

struct AttnSlide {
  AttentionSpec spec;  // the controls: d_out, β, the mask
  GridView views[7];   // x, queries, keys, values; weights, values (mixed), context
  AttnView view;
};

uint64_t mix_key(uint64_t h, uint64_t v) { return (h ^ v) * 0x100000001b3ull; }

uint64_t spec_key(const AttentionSpec& s) {
  uint64_t bits = 0;
  std::memcpy(&bits, &s.beta, sizeof bits);
  return mix_key(mix_key(mix_key(0xcbf29ce484222325ull, static_cast<uint64_t>(s.d_out)), bits),
                 (s.causal ? 1 : 2) + (s.positions ? 4 : 0));
}

int64_t tokens_of(const SlideContext& cx) {
  return std::min<int64_t>(static_cast<int64_t>(ids_of(cx).size()), kMaxAttentionTokens);
}

uint64_t view_key(const SlideContext& cx, const AttentionSpec& spec) {
  return mix_key(mix_key(spec_key(spec), model_version(cx)), static_cast<uint64_t>(tokens_of(cx)));
}

// The attention for this state: O(T·D·d_out + T·T·d_out), cheap at T ≤ 64.
AttnView compute(const SlideContext& cx, const AttentionSpec& spec) {
  AttnView v;
  v.key = view_key(cx, spec);
  const Derived& d = model_of(cx);
  v.tokens = tokens_of(cx);
  if (v.tokens < 1 || d.lookup_out.rows() < v.tokens) return v;
  TorchGenerator gen = gen_after_table(cx);
  // With positions: slide 8's pos_emb over the whole batch (its T), drawn before the projections.
  v.x = attention_input(d.lookup_out.topRows(v.tokens), d.batch, spec, gen);
  v.a = attention_forward(v.x, spec, gen);
  v.grad = attention_value_backward(v.a, v.x);
  v.cost = attention_cost(v.tokens, d.dim, spec.d_out);
  for (int64_t t = 0; t < v.tokens; ++t) v.one_hot.push_back(one_hot_position(v.a, t));
  ReprSuffix mm, softmax;
  mm.grad_fn = "MmBackward0";
  softmax.grad_fn = "SoftmaxBackward0";
  v.print_queries = repr_tensor(v.a.queries, mm);
  v.print_weights = repr_tensor(v.a.weights, softmax);
  v.print_context = repr_tensor(v.a.context, mm);
  v.print_values_grad = repr_tensor(v.grad.values_grad);
  return v;
}

AttentionSpec spec_of(const SlideContext& cx) {
  const AttnSlide* s = cx.find_own<AttnSlide>();
  return s ? s->spec : AttentionSpec{};
}

// The view for this state, kept with the slide and made again only when its inputs change
// (a copy per frame would allocate: the idle frame allocates nothing).
const AttnView& view_of(const SlideContext& cx) {
  AttnSlide& s = cx.own<AttnSlide>();
  if (s.view.key != view_key(cx, s.spec)) s.view = compute(cx, s.spec);
  return s.view;
}

void update(const SlideContext& cx, bool shown) {
  if (shown) view_of(cx);
}

// ---------------------------------------------------------------- steps
// 0 the projections · 1 the scores · 2 the mask and softmax · 3 .. 3+T-1 one query each ·
// then the backward · the bill.
constexpr int kStepProject = 0, kStepScores = 1, kStepWeights = 2, kStepMix = 3;
int step_backward(int64_t t) { return kStepMix + static_cast<int>(t); }
int step_bill(int64_t t) { return step_backward(t) + 1; }

int steps(const SlideContext& cx) { return step_bill(std::max<int64_t>(1, tokens_of(cx))) + 1; }

// ---------------------------------------------------------------- narrative
void now_line(const SlideContext& cx, const AttnView& v, int cur) {
  const long long t = v.tokens, dim = model_of(cx).dim, dout = v.a.values.cols();
  if (cur <= kStepProject) {
    if (spec_of(cx).positions)  // two lookups (tok_emb, pos_emb) and their sum, as on slide 8
      para("Now: queries, keys, values = x @ W.T — three dense matmuls, %s (two lookups made x with %s each, "
           "then %s).",
           count_text(v.cost.projection_madds, "multiply-add").c_str(), count_text(t * dim, "copy", "copies").c_str(),
           count_text(t * dim, "add").c_str());
    else
      para("Now: queries, keys, values = x @ W.T — three dense matmuls, %s (the lookup made x with %s).",
           count_text(v.cost.projection_madds, "multiply-add").c_str(), count_text(t * dim, "copy", "copies").c_str());
  } else if (cur == kStepScores) {
    para("Now: attn_scores = (queries @ keys.T) × beta: %s.", count_text(v.cost.score_madds, "multiply-add").c_str());
  } else if (cur == kStepWeights) {
    para("Now: the mask puts -inf after each query's position; softmax turns each row into weights that add up to 1.");
  } else if (cur < step_backward(t)) {
    const int q = cur - kStepMix;
    id_line(cx, q,
            "Now: context row %d = Σ weights[%d, p] · values[p]: %s multiplied in, where the one-hot row kept one.", q,
            q, count_text(t, "value row").c_str());
    if (v.one_hot[static_cast<size_t>(q)] >= 0)
      para("Row %d is one-hot (float32): context row %d is value row %lld — a lookup.", q, q,
           static_cast<long long>(v.one_hot[static_cast<size_t>(q)]));
  } else if (cur == step_backward(t)) {
    if (!hides_now(cx, Hidden::kCounts))
      para("Now: context_vec.sum().backward() — %s of %lld value rows get a gradient (slide 6's lookup: only the "
           "looked-up rows).",
           with_commas(v.grad.rows_with_gradient).c_str(), t);
  } else {
    para("Now: scores %s + mix %s multiply-adds (T·T·d_out each, d_out = %lld), against the lookup's %s.",
         with_commas(v.cost.score_madds).c_str(), with_commas(v.cost.mix_madds).c_str(), dout,
         count_text(v.cost.lookup_copies, "copy", "copies").c_str());
  }
}

// What β does now: the mean of the visible rows (β = 0), the book's (1), or how many rows are one-hot.
void beta_line(const AttnView& v, const AttentionSpec& spec) {
  int64_t hot = 0;
  for (int64_t p : v.one_hot) hot += p >= 0 ? 1 : 0;
  if (spec.beta == 0.0)
    para_muted("beta = 0: every visible position gets the same weight — context row t is the mean of value rows %s.",
               spec.causal ? "0..t" : "0..T-1");
  else if (hot == v.tokens)
    para_muted("beta = %g: every weight row is one-hot to float32 precision — each context row copies one value row.",
               spec.beta);
  else
    para_muted("beta = %g%s: %s of %lld weight rows one-hot (float32). Larger beta → one-hot: the lookup again.",
               spec.beta, spec.beta == 1.0 ? " (the book's)" : "", with_commas(hot).c_str(),
               static_cast<long long>(v.tokens));
}

// The controls: β (log slider and three presets), d_out, the mask, slide 8's positions.
void controls(const SlideContext& cx) {
  AttnSlide& s = cx.own<AttnSlide>();
  const float e = em();
  // β's value and its presets on a line, the slider under them as wide as the column (the
  // value is not written on the slider: ImGui centres it over the grab, on the accent colour).
  ImGui::Text("beta = %g", s.spec.beta);
  const double presets[] = {0.0, 1.0, 1000.0};
  const char* names[] = {"0##attn-b0", "1##attn-b1", "1000##attn-b1000"};
  for (int k = 0; k < 3; ++k) {
    ImGui::SameLine();
    if (ImGui::SmallButton(names[k])) s.spec.beta = presets[k];
  }
  ImGui::SetNextItemWidth(-1.0f);
  float beta = static_cast<float>(s.spec.beta);
  if (ImGui::SliderFloat("##attn-beta", &beta, 0.0f, static_cast<float>(kMaxAttentionBeta), "",
                         ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp))
    s.spec.beta = static_cast<double>(beta);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("The scores × beta before the mask and softmax: 0 gives the mean, "
                      "1 is the book's, large gives one-hot weights");
  int dout = static_cast<int>(s.spec.d_out);
  ImGui::SetNextItemWidth(e * 6.0f);
  if (ImGui::InputInt("d_out##attn-dout", &dout) && dout >= 1 && dout <= kMaxAttentionDOut) s.spec.d_out = dout;
  ImGui::SameLine();
  ImGui::Checkbox("causal mask##attn-mask", &s.spec.causal);
  ImGui::Checkbox("+ positions##attn-pos", &s.spec.positions);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("x = embedding(idx) + pos_emb(arange(T)): slide 8's positions, drawn after the table and "
                      "before the three projections, as a GPT makes them");
}

void narrative(const SlideContext& cx) {
  const AttnView& v = view_of(cx);
  para("Attention is the lookup made soft: each query weighs every value row it sees and sums them.");
  ImGui::Spacing();
  if (v.tokens < 1) return;
  const int cur = narrative_step(cx, steps(cx));
  if (!hides_now(cx, Hidden::kNowLine)) now_line(cx, v, cur);
  ImGui::Spacing();
  controls(cx);
  beta_line(v, spec_of(cx));
  if (static_cast<int64_t>(ids_of(cx).size()) > v.tokens)
    para_muted("Over the first %lld IDs (at most %lld).", static_cast<long long>(v.tokens),
               static_cast<long long>(kMaxAttentionTokens));
  // (A loaded table's seeded projections are said under the canvas: draw_notes.)
}

// ---------------------------------------------------------------- canvas
// A query's step: its weight row lights, the multipliers land beside the value rows,
// the rows flow into the context row, the row lands.
constexpr Phase kRowLights{0.0f, 0.25f};
constexpr Phase kMultipliers{0.15f, 0.45f};
constexpr Phase kRowsFlow{0.40f, 0.85f};
constexpr Phase kRowLands{0.80f, 1.0f};
// The scores' step fills them in; the weights' step masks, then softmaxes.
constexpr Phase kMaskFalls{0.0f, 0.40f};
constexpr Phase kSoftmax{0.45f, 1.0f};

struct Grids {
  GridStyle gs, ws, vs;          // the numbers; the weights and the middle band (with column labels)
  GridLayout x, q, k, v;         // the top band: x and its three projections
  GridLayout w, vals, ctx;       // the middle band: weights, values, context
  float mult_x = 0, mult_w = 0;  // the multiplier column, left of `vals`
  float top_head = 0, mid_head = 0, right = 0, bottom = 0;
};

float max_abs(const Matrix& m) {
  float a = 0.0f;
  for (Eigen::Index i = 0; i < m.size(); ++i)
    if (std::isfinite(m.data()[i])) a = std::max(a, std::fabs(m.data()[i]));
  return a;
}

// One heading and its grid; returns the grid.
GridLayout headed_grid(const Scene& s, ImVec2 at, const char* head, int rows, int cols, GridStyle gs, GridView& view) {
  draw_text(s.dl, fonts().bold, at, s.pal.muted, head);
  const GridLayout g = grid_layout(ImVec2(at.x, at.y + s.e * 1.6f), rows, cols, view, gs);
  return g;
}

Grids lay_out(const Scene& s, const AttnView& v, AttnSlide& st) {
  const SlideCanvas& c = s.c;
  const float e = s.e;
  const int T = static_cast<int>(v.tokens), D = static_cast<int>(s.d.dim), O = static_cast<int>(v.a.values.cols());
  Grids g;
  GridStyle& gs = g.gs;
  // (Not the scores: β up to 1,000 would widen every cell for the one step that shows them.)
  grid_use_scale(gs, std::max({static_cast<double>(s.d.table_scale), static_cast<double>(max_abs(v.x)),
                               static_cast<double>(max_abs(v.a.queries)), static_cast<double>(max_abs(v.a.keys)),
                               static_cast<double>(max_abs(v.a.values))}));
  // Two bands of rows share the height with their headings, the column labels, Learn mode's
  // marks under the weights and the notes line: a long T shows a window of rows in each.
  const float band = (c.avail.y - e * 8.5f - gs.cell_h * e - answer_cols_band()) * 0.5f;
  gs.max_rows = window_rows(T, band, gs.cell_h * e, 16);
  gs.max_cols = grid_fit_count(D, c.avail.x * 0.3f, gs.cell_w * e, 8);
  char head[96];
  g.top_head = c.origin.y;
  std::snprintf(head, sizeof head,
                st.spec.positions ? "x = embedding(idx) + pos_emb · %d × %d" : "x = embedding(idx) · %d × %d", T, D);
  g.x = headed_grid(s, ImVec2(c.origin.x, g.top_head), head, T, D, named(gs, "x"), st.views[0]);
  GridStyle ps = gs;
  ps.max_cols = grid_fit_count(O, c.avail.x * 0.18f, gs.cell_w * e, 8);
  const char* names[] = {"queries", "keys", "values"};
  GridLayout* outs[] = {&g.q, &g.k, &g.v};
  float x = g.x.pos.x + std::max(g.x.size.x, text_size(fonts().bold, head).x) + e * 1.5f;
  for (int k = 0; k < 3; ++k) {
    std::snprintf(head, sizeof head, "%s · %d × %d", names[k], T, O);
    *outs[k] = headed_grid(s, ImVec2(x, g.top_head), head, T, O, named(ps, names[k]), st.views[1 + k]);
    x = outs[k]->pos.x + std::max(outs[k]->size.x, text_size(fonts().bold, head).x) + e * 1.2f;
  }
  g.right = x - e * 1.2f;
  const float top_bottom = std::max({g.x.pos.y + g.x.size.y, g.q.pos.y + g.q.size.y});
  g.mid_head = top_bottom + e * 1.2f;
  GridStyle& ws = g.ws;
  ws = gs;
  ws.max_cols = grid_fit_count(T, c.avail.x * 0.35f, gs.cell_w * e, 12);
  ws.col_labels = true;
  std::snprintf(head, sizeof head, "attn_weights · %d × %d", T, T);
  g.w = headed_grid(s, ImVec2(c.origin.x, g.mid_head), head, T, T, named(ws, "attn_weights"), st.views[4]);
  g.mult_w = e * 4.2f;
  g.mult_x = g.w.pos.x + std::max(g.w.size.x, text_size(fonts().bold, head).x) + e * 1.2f;
  std::snprintf(head, sizeof head, "weighted values · %d × %d", T, O);
  GridStyle& vs = g.vs;
  vs = ps;
  vs.col_labels = true;  // the rows line up with the weights' (both have a column-label row)
  g.vals =
      headed_grid(s, ImVec2(g.mult_x + g.mult_w, g.mid_head), head, T, O, named(vs, "values (mixed)"), st.views[5]);
  const float ctx_x = g.vals.pos.x + std::max(g.vals.size.x, text_size(fonts().bold, head).x) + e * 3.0f;
  std::snprintf(head, sizeof head, "context_vec · %d × %d", T, O);
  g.ctx = headed_grid(s, ImVec2(ctx_x, g.mid_head), head, T, O, named(vs, "context_vec"), st.views[6]);
  g.right = std::max(g.right, g.ctx.pos.x + std::max(g.ctx.size.x, text_size(fonts().bold, head).x));
  g.bottom =
      std::max({g.w.pos.y + g.w.size.y + answer_cols_band(), g.vals.pos.y + g.vals.size.y, g.ctx.pos.y + g.ctx.size.y});
  return g;
}

// Row labels in the IDs' colours (the rows are positions 0..T-1, each ID's).
void frames(const Scene& s, const Grids& g, float proj_in) {
  ImU32 labels[64] = {};
  for (int r = g.x.first_row; r < g.x.first_row + g.x.shown_rows; ++r)
    labels[r - g.x.first_row] = id_color(static_cast<size_t>(r));
  grid_draw_frame(s.dl, g.x, named(g.gs, "x"), s.pal, labels);
  const GridLayout* proj[] = {&g.q, &g.k, &g.v};
  const char* names[] = {"queries", "keys", "values"};
  for (int k = 0; k < 3; ++k)
    grid_draw_frame(s.dl, *proj[k], named(g.gs, names[k]), s.pal, proj_in > 0 ? labels : nullptr);
  grid_draw_frame(s.dl, g.w, named(g.ws, "attn_weights"), s.pal, labels);
  grid_draw_frame(s.dl, g.vals, named(g.vs, "values (mixed)"), s.pal, labels);
  grid_draw_frame(s.dl, g.ctx, named(g.vs, "context_vec"), s.pal, labels);
}

// The top band: x, and its projections filling in as step 0 plays (queries, keys, values in turn).
void draw_top(const Scene& s, const Grids& g, const AttnView& v, int cur, float p) {
  grid_draw_cells(s.dl, g.x, v.x.data(), v.x.cols(), g.gs, s.pal, [&](int, int) {
    CellStyle cs;
    cs.bg = s.pal.panel_alt;
    return cs;
  });
  const Matrix* m[] = {&v.a.queries, &v.a.keys, &v.a.values};
  const GridLayout* gl[] = {&g.q, &g.k, &g.v};
  for (int k = 0; k < 3; ++k) {
    const float in = cur > kStepProject ? 1.0f : cur < kStepProject ? 0.0f : phase(p, Phase{0.3f * k, 0.3f * k + 0.4f});
    grid_draw_cells(s.dl, *gl[k], m[k]->data(), m[k]->cols(), g.gs, s.pal, [&](int, int) {
      CellStyle cs;
      cs.bg = in > 0 ? s.pal.panel_alt : with_alpha(s.pal.panel_alt, 0.45f);
      cs.alpha = std::max(in, 0.3f);
      cs.hide = in <= 0.0f;
      return cs;
    });
  }
}

// A weight cell drawn like slide 3's one-hot cell: a square sized and lit by the weight, in the query's colour.
void weight_square(const Scene& s, const GridLayout& g, int r, int c, float w, float alpha) {
  if (!(w > 0.0f)) return;
  const ImVec2 a = g.cell_min(r, c), b = g.cell_max(r, c);
  const float side = std::min(g.cw, g.ch) * (0.25f + 0.75f * std::sqrt(std::min(w, 1.0f)));
  const ImVec2 m((a.x + b.x) * 0.5f, (a.y + b.y) * 0.5f);
  const float half_w = (g.cw - 3.0f) * 0.5f * (0.25f + 0.75f * std::min(w, 1.0f)), half_h = side * 0.5f - 1.5f;
  // Tints from the contrast-checked levels (ui_theme.hpp kIdTintLevels): the number on top stays readable.
  const float level = w >= 0.75f ? 0.45f : w >= 0.4f ? 0.35f : w >= 0.15f ? 0.22f : 0.12f;
  s.dl->AddRectFilled(ImVec2(m.x - half_w, m.y - half_h), ImVec2(m.x + half_w, m.y + half_h),
                      with_alpha(id_tint(s.pal, static_cast<size_t>(r), level), alpha), g.ch * 0.18f);
}

// The scores (step 1), the mask falling and the softmax (step 2), then the weights; the
// current query's row glows; rows one-hot to float32 precision are outlined.
void draw_weights(const Scene& s, const Grids& g, const AttnView& v, int cur, float p, bool hide_result) {
  const int q = cur >= kStepMix && cur < step_backward(v.tokens) ? cur - kStepMix : -1;
  const float beta = static_cast<float>(spec_of(s.cx).beta);
  const float mask = cur > kStepWeights ? 1.0f : cur == kStepWeights ? phase(p, kMaskFalls) : 0.0f;
  const float soft = cur > kStepWeights ? 1.0f : cur == kStepWeights ? phase(p, kSoftmax) : 0.0f;
  const bool scores_in = cur >= kStepScores;
  const float scores_alpha = cur == kStepScores ? phase(p, Phase{0.0f, 0.6f}) : 1.0f;
  if (q >= 0 && g.w.row_shown(q))
    draw_glow(s.dl, g.w.row_min(q), g.w.row_max(q), id_color(static_cast<size_t>(q)), phase(p, kRowLights));
  if (soft >= 0.5f && !canvas_measuring())
    for (int r = g.w.first_row; r < g.w.first_row + g.w.shown_rows; ++r)
      for (int c = g.w.first_col; c < g.w.first_col + g.w.shown_cols; ++c)
        weight_square(s, g.w, r, c, v.a.weights(r, c), (soft - 0.5f) * 2.0f * (q < 0 || q == r ? 1.0f : 0.55f));
  grid_draw_cells_at(
      s.dl, g.w, g.gs, s.pal,
      [&](int r, int c) {
    if (soft >= 0.5f) return v.a.weights(r, c);
    if (mask >= 0.5f && v.a.scores(r, c) == -INFINITY) return v.a.scores(r, c);
    return v.a.raw_scores(r, c) * beta;
      },
      [&](int r, int c) {
    CellStyle cs;
    cs.hide = !scores_in;
    cs.alpha = scores_alpha;
    const bool masked = std::isinf(v.a.scores(r, c)) && v.a.scores(r, c) < 0;
    if (masked && mask > 0.0f) cs.text = s.pal.faint;
    if (soft >= 0.5f && v.a.weights(r, c) == 0.0f) cs.text = s.pal.faint;
    if (!hide_result && soft >= 1.0f && v.one_hot[static_cast<size_t>(r)] == c) cs.outline = s.pal.ok;
    return cs;
  });
}

// The multipliers beside the value rows (query q's weights), or their gradients on the backward step.
void draw_multipliers(const Scene& s, const Grids& g, const AttnView& v, int q, float in, bool grads) {
  char buf[32];
  for (int r = g.vals.first_row; r < g.vals.first_row + g.vals.shown_rows; ++r) {
    const float w = grads ? v.grad.values_grad(r, 0) : v.a.weights(q, r);
    if (grads) std::snprintf(buf, sizeof buf, "grad %.2f", static_cast<double>(w));
    else std::snprintf(buf, sizeof buf, "×%.2f", static_cast<double>(w));
    const ImVec2 m = g.vals.cell_min(r, g.vals.first_col);
    const ImVec2 ts = ImGui::CalcTextSize(buf);
    const ImU32 col = w != 0.0f ? (grads ? s.pal.ok : id_color(static_cast<size_t>(q))) : s.pal.faint;
    s.dl->AddText(ImVec2(g.mult_x + g.mult_w - ts.x - s.e * 0.3f, m.y + (g.vals.ch - ts.y) * 0.5f), with_alpha(col, in),
                  buf);
  }
}

// The middle band's right half: the value rows lit by query q's weights, flowing into
// context row q; the context rows landed so far; on the backward step, the rows that learn.
void draw_mix(const Scene& s, const Grids& g, const AttnView& v, int cur, float p, bool hide_counts) {
  const int64_t T = v.tokens;
  const int q = cur >= kStepMix && cur < step_backward(T) ? cur - kStepMix : -1;
  const bool back = cur == step_backward(T);
  const float lit = q >= 0 ? phase(p, kMultipliers) : 0.0f;
  grid_draw_cells(s.dl, g.vals, v.a.values.data(), v.a.values.cols(), g.gs, s.pal, [&](int r, int) {
    CellStyle cs;
    cs.bg = s.pal.panel_alt;
    if (cur < kStepMix) cs.alpha = cur >= kStepProject ? 1.0f : 0.4f;
    if (q >= 0) cs.bg = mix(s.pal.panel_alt, id_color(static_cast<size_t>(q)), 0.6f * lit * v.a.weights(q, r));
    if (back && !hide_counts && v.grad.values_grad(r, 0) != 0.0f) cs.outline = s.pal.ok;
    cs.hide = cur < kStepProject;
    return cs;
  });
  if (q >= 0) draw_multipliers(s, g, v, q, lit, false);
  if (back && !hide_counts) draw_multipliers(s, g, v, 0, phase(p, Phase{0.2f, 0.7f}), true);
  const float land = q >= 0 ? phase(p, kRowLands) : 0.0f;
  grid_draw_cells(s.dl, g.ctx, v.a.context.data(), v.a.context.cols(), g.gs, s.pal, [&](int r, int) {
    CellStyle cs;
    const bool landed = cur >= step_backward(T) || r < q || (r == q && land > 0.0f);
    cs.bg = landed ? mix(s.pal.panel_alt, id_color(static_cast<size_t>(r)), 0.22f) : with_alpha(s.pal.panel_alt, 0.45f);
    cs.alpha = r == q ? std::max(land, 0.0f) : 1.0f;
    cs.hide = !landed;
    return cs;
  });
  if (q < 0 || !g.ctx.row_shown(q)) return;
  // Every value row with a weight flows into context row q (the lookup sent one row).
  const float flow = phase(p, kRowsFlow);
  const ImVec2 to(g.ctx.pos.x - s.e * 0.3f, g.ctx.row_min(q).y + g.ctx.ch * 0.5f);
  for (int r = g.vals.first_row; r < g.vals.first_row + g.vals.shown_rows; ++r) {
    const float w = v.a.weights(q, r);
    if (!(w > 0.0f) || flow <= 0.0f) continue;
    const ImVec2 from(g.vals.row_max(r).x + s.e * 0.3f, g.vals.row_min(r).y + g.vals.ch * 0.5f);
    draw_arrow(s.dl, from, to, id_color(static_cast<size_t>(q), 0.25f + 0.75f * w), flow, 1.0f + 3.0f * w, true);
  }
}

// The lines under the bands: what the step computed, counted. Returns the bottom and widens *right.
float draw_notes(const Scene& s, const Grids& g, const AttnView& v, int cur, bool hide_counts, float* right) {
  const int64_t T = v.tokens;
  char buf[256];
  float y = g.bottom + s.e * 0.6f;
  auto line = [&](ImU32 color, const char* text) {
    draw_text(s.dl, fonts().ui, ImVec2(s.c.origin.x, y), color, text);
    *right = std::max(*right, s.c.origin.x + text_size(fonts().ui, text).x);
    y += s.e * 1.35f;
  };
  const std::string proj = with_commas(v.cost.projection_madds), sc = with_commas(v.cost.score_madds),
                    mixed = with_commas(v.cost.mix_madds);
  // One line at every step (the canvas keeps its height: nothing jumps between steps).
  if (cur >= step_bill(T)) {
    std::snprintf(buf, sizeof buf,
                  "multiply-adds: projections %s + scores %s + mix %s · the lookup: %s, 0 multiply-adds", proj.c_str(),
                  sc.c_str(), mixed.c_str(), count_text(v.cost.lookup_copies, "copy", "copies").c_str());
    line(s.pal.text, buf);
  } else if (cur == step_backward(T)) {
    if (hide_counts) std::snprintf(buf, sizeof buf, "context_vec.sum().backward(): which value rows get a gradient?");
    else
      std::snprintf(buf, sizeof buf,
                    "context_vec.sum().backward(): %s of %lld value rows get a gradient (grad = their weights summed)",
                    with_commas(v.grad.rows_with_gradient).c_str(), static_cast<long long>(T));
    line(s.pal.text, buf);
  } else if (cur >= kStepProject) {
    std::snprintf(buf, sizeof buf, "%s multiply-adds for queries, keys, values%s%s", proj.c_str(),
                  cur >= kStepScores ? ", " : "", cur >= kStepScores ? (sc + " for the scores").c_str() : "");
    line(s.pal.muted, buf);
  }
  // A loaded table: its projections are the seed's, not the model's (said at every step, under
  // the canvas, where the narration's column has no room for it at 1024 × 768).
  if (table_loaded(s.cx)) {
    std::snprintf(buf, sizeof buf, "W_query, W_key, W_value are drawn from seed %s: not the model's own",
                  seed_text(s.cx).c_str());
    line(s.pal.muted, buf);
  }
  return y;
}

// Hover: what a weight is, and a context cell's sum (a withheld weight says nothing of its value).
void hover(const Scene& s, const Grids& g, const AttnView& v, int cur, bool hide_values) {
  AttnSlide& st = s.cx.own<AttnSlide>();
  int hr = -1, hc = -1;
  const bool over_w = grid_interact(g.w, st.views[4], "##attn_w", &hr, &hc);
  grid_tooltips(g.w, over_w, hr, hc, [&](int r, int c, char* buf, size_t n) {
    if (cur < kStepWeights || hide_values) return;
    if (v.a.scores(r, c) == -INFINITY)
      std::snprintf(buf, n, "attn_weights[%d, %d] = 0: position %d comes after query %d (masked: -inf)", r, c, c, r);
    else
      std::snprintf(buf, n, "attn_weights[%d, %d] = %.4f = softmax(scores[%d] / sqrt(d_out))[%d]", r, c,
                    static_cast<double>(v.a.weights(r, c)), r, c);
  });
  const bool over_c = grid_interact(g.ctx, st.views[6], "##attn_ctx", &hr, &hc);
  grid_tooltips(g.ctx, over_c, hr, hc, [&](int r, int c, char* buf, size_t n) {
    if (cur < kStepMix + r || hide_values) return;
    std::snprintf(buf, n, "context_vec[%d, %d] = Σ_p attn_weights[%d, p] · values[p, %d] = %.4f", r, c, r, c,
                  static_cast<double>(v.a.context(r, c)));
  });
  if (grid_interact(g.x, st.views[0], "##attn_x", &hr, &hc)) s.cx.door.hover_row(ids_of(s.cx)[static_cast<size_t>(hr)]);
  grid_interact(g.q, st.views[1], "##attn_q", &hr, &hc);
  grid_interact(g.k, st.views[2], "##attn_k", &hr, &hc);
  grid_interact(g.v, st.views[3], "##attn_v", &hr, &hc);
  grid_interact(g.vals, st.views[5], "##attn_vals", &hr, &hc);
}

ImVec2 canvas(SlideCanvas& c) {
  const Scene s(c);
  AttnSlide& st = c.cx.own<AttnSlide>();
  if (st.view.key != view_key(c.cx, st.spec)) st.view = compute(c.cx, st.spec);
  const AttnView& v = st.view;
  if (v.tokens < 1) {
    const char* none = "Type some IDs: attention mixes the rows they look up.";
    draw_text(s.dl, nullptr, c.origin, s.pal.muted, none);
    return text_size(nullptr, none);
  }
  const int cur = c.current();
  const float p = cur >= 0 ? c.progress(cur) : 0.0f;
  const Grids g = lay_out(s, v, st);
  // The current query's rows stay in view.
  const int q = cur >= kStepMix && cur < step_backward(v.tokens) ? cur - kStepMix : -1;
  if (q >= 0 && !c.measuring)
    for (int k : {4, 5, 6})
      grid_follow(st.views[k], g.gs, static_cast<int>(v.tokens), k == 4 ? static_cast<int>(v.tokens) : 1, q);
  const bool hide_result = hides_now(c.cx, Hidden::kResult), hide_counts = hides_now(c.cx, Hidden::kCounts);
  frames(s, g, cur >= kStepProject ? 1.0f : 0.0f);
  draw_top(s, g, v, cur, p);
  draw_weights(s, g, v, cur, p, hide_result);
  draw_mix(s, g, v, cur, p, hide_counts);
  float right = g.right;
  const float bottom = draw_notes(s, g, v, cur, hide_counts, &right);
  // Asked which value row a context row copies, the ✓ / ✗ stand right of the top values:
  // the room is part of the scene (measured too, so the fit leaves it).
  const LearnState& L = c.cx.learn;
  if (L.phase != LearnPhase::Off && L.slide == c.cx.ui.slide && L.question.kind == quiz::kAttnHardLimit)
    right = std::max(right, g.v.pos.x + g.v.size.x + s.e * 6.0f);
  hover(s, g, v, cur, hides_now(c.cx, Hidden::kValues));
  // Learn mode: positions are the weights' columns; the value row a context row copies, the top values' rows.
  if (learn_asks(c, quiz::kAttnTopKey) || learn_asks(c, quiz::kAttnMasked))
    answer_cols(c.cx.door.answers(), g.w, s.dl, s.pal);
  if (learn_asks(c, quiz::kAttnHardLimit)) answer_rows(c.cx.door.answers(), g.v, s.dl, s.pal);
  return ImVec2(right - c.origin.x, bottom - c.origin.y);
}

void caption(const SlideContext&, char* buf, size_t n) {
  std::snprintf(buf, n, "attention is a soft lookup: softmax weights mix every value row where a one-hot row kept one");
}

// ---------------------------------------------------------------- code
// The book's CausalAttention (ch03), on one sequence (x is T × D: the batch dimension
// dropped, keys.T for keys.transpose(1, 2)), dropout 0, with β on the scores and the
// tensors kept on the module to print them.
std::string causal_attention_class(bool causal) {
  std::string s =
      "class CausalAttention(torch.nn.Module):   # the book's (ch03), one sequence, beta added\n"
      "    def __init__(self, d_in, d_out, context_length, dropout, qkv_bias=False, beta=1.0):\n"
      "        super().__init__()\n"
      "        self.d_out = d_out\n"
      "        self.W_query = torch.nn.Linear(d_in, d_out, bias=qkv_bias)\n"
      "        self.W_key = torch.nn.Linear(d_in, d_out, bias=qkv_bias)\n"
      "        self.W_value = torch.nn.Linear(d_in, d_out, bias=qkv_bias)\n"
      "        self.dropout = torch.nn.Dropout(dropout)\n"
      "        self.register_buffer(\"mask\", torch.triu(torch.ones(context_length, context_length), diagonal=1))\n"
      "        self.beta = beta\n"
      "\n"
      "    def forward(self, x):\n"
      "        num_tokens, d_in = x.shape\n"
      "        keys = self.W_key(x)\n"
      "        queries = self.W_query(x)\n"
      "        values = self.W_value(x)\n"
      "        attn_scores = (queries @ keys.T) * self.beta\n";
  if (causal) s += "        attn_scores.masked_fill_(self.mask.bool()[:num_tokens, :num_tokens], -torch.inf)\n";
  else s += "        # (the mask is off)\n";
  s += "        attn_weights = torch.softmax(attn_scores / keys.shape[-1]**0.5, dim=-1)\n"
       "        attn_weights = self.dropout(attn_weights)\n"
       "        self.queries, self.attn_weights, self.values = queries, attn_weights, values   # to print\n"
       "        context_vec = attn_weights @ values\n"
       "        return context_vec\n\n";
  return s;
}

void code(const SlideContext& cx, std::string& code, std::string& output) {
  const AttnView& v = view_of(cx);
  const AttentionSpec spec = spec_of(cx);
  code = code_make_embedding(cx) + "\n" + causal_attention_class(spec.causal);
  if (table_loaded(cx)) code += "_ = torch.manual_seed(" + seed_text(cx) + ")   # the projections: not the model's\n";
  if (spec.positions)  // slide 8's, drawn before the projections (CausalAttention's __init__ draws them)
    code += "pos_emb = torch.nn.Embedding(len(idx), out_dim)   # slide 8's positions\n";
  const bool cut = static_cast<int64_t>(ids_of(cx).size()) > v.tokens;
  char buf[256];
  std::snprintf(buf, sizeof buf, "ca = CausalAttention(out_dim, %lld, context_length=%lld, dropout=0.0, beta=%s)\n",
                static_cast<long long>(spec.d_out), static_cast<long long>(v.tokens),
                python_float_repr(static_cast<double>(spec.beta)).c_str());
  code += buf;
  if (spec.positions)
    code += cut ? "x = (embedding(idx) + pos_emb(torch.arange(len(idx))))[:" + std::to_string(v.tokens) + "]\n"
                : std::string("x = embedding(idx) + pos_emb(torch.arange(len(idx)))\n");
  else code += cut ? "x = embedding(idx[:" + std::to_string(v.tokens) + "])\n" : std::string("x = embedding(idx)\n");
  code += "context_vec = ca(x)\nca.queries\nca.attn_weights\ncontext_vec\n"
          "ca.values.retain_grad()\ncontext_vec.sum().backward()\nca.values.grad\n";
  output.clear();
  append_repl(output, "ca.queries", v.print_queries);
  append_repl(output, "ca.attn_weights", v.print_weights);
  append_repl(output, "context_vec", v.print_context);
  append_repl(output, "ca.values.grad", v.print_values_grad);
}

uint64_t code_depends(const SlideContext& cx) { return spec_key(spec_of(cx)); }

// d_out sets three grids' widths: the canvas is fitted again (β and the mask change numbers only).
uint64_t fit_depends(const SlideContext& cx) { return static_cast<uint64_t>(spec_of(cx).d_out); }

// ---------------------------------------------------------------- Learn mode
// Asked where query t's largest weight is, what its row adds up to, or which of its
// weights are 0: the weights and the context printed wait, and so do the Now lines and
// the weights' tooltips. Asked which row context row t copies as β grows: the printed
// context and the one-hot marks wait. Asked how many value rows learn: the count and values.grad wait.
Hidden hides(const quiz::Question& q) {
  const quiz::QuestionKind k = q.kind;  // the slide's own kinds (not enumerators: no switch)
  if (k == quiz::kAttnTopKey || k == quiz::kAttnRowSum || k == quiz::kAttnMasked)
    return {Hidden::kNowLine | Hidden::kCounts | Hidden::kValues | Hidden::kResult,
            {"ca.attn_weights", "context_vec", "ca.values.grad"}};
  if (k == quiz::kAttnHardLimit)
    return {Hidden::kNowLine | Hidden::kResult | Hidden::kValues, {"context_vec", "ca.values.grad"}};
  if (k == quiz::kAttnGradRows) return {Hidden::kNowLine | Hidden::kCounts, {"ca.values.grad"}};
  return {};
}

// What its questions read of its controls: its slide values (core/quiz/attention_questions.hpp).
void quiz_model(const SlideContext& cx, quiz::QuizModel& m) { attention_values(spec_of(cx), m.slide_values); }

// Its controls in the session and on the command line (--slide-value, and its own --d-out,
// --beta, --no-mask, --positions: core/torch/attention_cli.hpp): "slide_value = attention.beta
// 1000", ".d_out 4", ".mask false"; a value out of range leaves the control as it was.
void save_values(const SlideContext& cx, std::vector<SettingsSlideValue>& out) { attention_values(spec_of(cx), out); }

void restore_values(const SlideContext& cx, const std::vector<SettingsSlideValue>& in) {
  AttentionSpec& spec = cx.own<AttnSlide>().spec;
  spec = attention_spec_from(in, spec);
}

uint64_t values_key(const SlideContext& cx) { return spec_key(spec_of(cx)); }

// Asked with the scores shown (step 2 masks and softmaxes them); the hard limit at query t's
// own step (3 + t); the value rows' gradients before the backward step. Pictured at step 2:
// x, queries, keys, values and the scores; no mask, weights or context yet.
QuestionSteps with_scores(const quiz::Question&, int n) { return steps_at(2, 3, n); }
QuestionSteps at_query_t(const quiz::Question& q, int n) {
  const int t = static_cast<int>(q.params.t.value_or(0));
  return steps_at(3 + t, 4 + t, n);
}
QuestionSteps before_backward(const quiz::Question&, int n) { return steps_at(n - 2, n - 1, n); }
quiz::PictureStep scores_shown(const quiz::Question&) { return {10, 2}; }
constexpr SlideQuestion kQuestions[] = {
    {quiz::kAttnTopKey, with_scores,
     "Click the position's column of weights, or ← → to it, or type its number; Enter answers, S shows.", scores_shown},
    {quiz::kAttnRowSum, with_scores, kHowNumber, scores_shown},
    {quiz::kAttnHardLimit, at_query_t, "Click the value row, or ↑ ↓ to it, or type its number; Enter answers, S shows.",
     scores_shown},
    {quiz::kAttnMasked, with_scores,
     "Click each position's column (or ← → and Space), or type them: 1, 2 (none: leave it empty); Enter answers, "
     "S shows.",
     scores_shown},
    {quiz::kAttnGradRows, before_backward, kHowWholeNumber, scores_shown},
};

}  // namespace

const SlideDef kSlideAttention = {.title = "Attention: a soft lookup",
                                  .draw = {steps, narrative, canvas, caption, code},
                                  .update = update,
                                  .fit_depends = fit_depends,
                                  .code_depends = code_depends,
                                  .save_values = save_values,
                                  .restore_values = restore_values,
                                  .values_key = values_key,
                                  .questions = kQuestions,
                                  .kinds = &quiz::kAttentionKinds,
                                  .cli = &kAttentionCli,
                                  .hides = hides,
                                  .quiz_model = quiz_model};

}  // namespace lv::app
