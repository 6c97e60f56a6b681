// slide_08_gpt.cpp — "Inside a GPT": where the two layers sit in a real model.
// Token IDs go through tok_emb (a lookup), positions 0..T−1 through pos_emb (another
// lookup), and the two are summed; at the other end the output head
// Linear(emb_dim, vocab_size) maps back to one logit per vocabulary entry, x · Wᵀ —
// with weight tying, the same table read the other way.
// Steps: 0 tok_emb(idx) · 1 pos_emb(arange(T)) · 2 the sum · 3 the output head.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <memory>

#include "app/ui_base/anim_timeline.hpp"
#include "app/state/app_edits.hpp"
#include "app/model/model_jobs.hpp"
#include "app/slides/narrative_lines.hpp"
#include "app/slides/slide_code.hpp"
#include "app/slides/slides.hpp"
#include "app/widgets/widget_answer_targets.hpp"
#include "app/ui_base/ui_draw.hpp"
#include "app/widgets/widget_matrix_grid.hpp"
#include "core/nearest/nearest.hpp"
#include "core/tokenizer/bpe_vocab.hpp"
#include "core/tokenizer/gpt2_tokenizer.hpp"
#include "core/torch/notebook_transcript.hpp"
#include "core/torch/python_literal.hpp"
#include "core/text/token_text.hpp"
#include "core/text/wide_text.hpp"
#include "core/text/utf8_text.hpp"

namespace lv::app {
namespace {

int steps(const SlideContext&) { return 4; }

// The argmax IDs are GPT-2 tokens only in a table of GPT-2's 50,257 rows.
bool gpt2_vocab(const SlideContext& cx) {
  return cx.model.tokenizer && cx.model.derived.vocab == static_cast<int64_t>(cx.model.tokenizer->vocab_size()) &&
         cx.model.derived.logits_ready;
}

// ---- the head as a nearest-row search (issue 31): with tied weights, logits = x · Wᵀ are
// x's dot products with every row of the table, so each position's argmax is the top
// row of a dot-product search; cosine divides by each row's norm and may pick another.
// Both searches run on a worker (the whole table, each position), once per output.
struct HeadSearch {
  BackgroundJob job;
  std::shared_ptr<std::vector<std::array<int64_t, 2>>> out;  // what job fills: per position, {dot, cosine}
  uint64_t asked = 0;                                        // the Derived::outputs_version it runs for
  uint64_t done_for = 0;                                     // and the one `tops` answers
  std::vector<std::array<int64_t, 2>> tops;
  Matrix logits_buf;                   // the logits on screen
  std::vector<float> logits_row;       // and the head row they read
  std::vector<std::string> next_text;  // each position's argmax decoded (V = 50,257)
  uint64_t next_text_for = 0;          // the Derived::outputs_version next_text is for (0: none)
};

// Each position's predicted token as a label (␣ for a space), made once per output.
const std::vector<std::string>& next_text(const SlideContext& cx) {
  HeadSearch& h = cx.own<HeadSearch>();
  if (h.next_text_for != cx.model.derived.outputs_version) {
    h.next_text.clear();
    for (int64_t id : cx.model.derived.next_ids)
      h.next_text.push_back(cx.door.display(visible_token_text(cx.model.tokenizer->token_bytes(id))));
    h.next_text_for = cx.model.derived.outputs_version;
  }
  return h.next_text;
}

void update(const SlideContext& cx, bool shown) {
  HeadSearch& h = cx.own<HeadSearch>();
  if (h.job.take() && h.out) {
    h.tops = *h.out;
    h.done_for = h.asked;
  }
  const Derived& d = cx.model.derived;
  if (!shown || !cx.model.inputs.tie_weights || !d.logits_ready || h.asked == d.outputs_version) return;
  h.asked = d.outputs_version;
  auto out = std::make_shared<std::vector<std::array<int64_t, 2>>>();
  h.out = out;
  const TableView t(d.seeded ? d.seeded->values : nullptr, d.seeded ? nullptr : cx.model.inputs.file, d.table.dtype(),
                    std::make_shared<const EditMap>(d.table.edits()));
  h.job.start([t, x = d.x, out](JobControl& c) {
    NearestControl control;
    control.cancel = &c.cancel;
    std::vector<float> q(static_cast<size_t>(x.cols()));
    for (int64_t p = 0; p < x.rows(); ++p) {
      for (int64_t k = 0; k < x.cols(); ++k) q[static_cast<size_t>(k)] = x(p, k);
      const NearestResult dot = nearest_to(t, q.data(), -1, 1, NearestMetric::kDot, control);
      const NearestResult cos = nearest_to(t, q.data(), -1, 1, NearestMetric::kCosine, control);
      if (!dot.ok || !cos.ok || dot.neighbours.empty() || cos.neighbours.empty()) return;
      out->push_back({dot.neighbours[0].row, cos.neighbours[0].row});
      c.progress.store(static_cast<float>(p + 1) / static_cast<float>(x.rows()), std::memory_order_relaxed);
    }
  });
}

SlideActivity activity(const SlideContext& cx, bool) {
  const HeadSearch* h = cx.find_own<HeadSearch>();
  return h && h->job.running() ? SlideActivity::Working : SlideActivity::Idle;
}

// The narrative's line: each position's argmax against the two searches' top rows (one
// paragraph: the column has little room left at this step).
void head_search_lines(const SlideContext& cx) {
  const HeadSearch* h = cx.find_own<HeadSearch>();
  const Derived& d = cx.model.derived;
  if (!cx.model.inputs.tie_weights) return;  // the head's own rows: not the table's search
  if (!h || h->done_for != d.outputs_version || h->tops.size() != d.next_ids.size()) {
    para_muted("%s", "argmax = a dot search's top row (N) · searching…");
    return;
  }
  size_t same = 0;
  char differ[160] = "";
  int n = 0, listed = 0;  // at most 3 positions where cosine differs, then "…"
  for (size_t p = 0; p < h->tops.size(); ++p) {
    same += h->tops[p][0] == d.next_ids[p];
    const int64_t cos = h->tops[p][1];
    if (cos == h->tops[p][0] || n < 0 || n >= static_cast<int>(sizeof differ) - 40) continue;
    if (++listed > 3) {
      if (listed == 4) n += std::snprintf(differ + n, sizeof differ - static_cast<size_t>(n), ", …");
      continue;
    }
    n += std::snprintf(differ + n, sizeof differ - static_cast<size_t>(n), "%sx[%zu] → %lld", n ? ", " : "", p,
                       static_cast<long long>(cos));
  }
  para_muted("argmax = a dot search's top row (N) at %zu/%zu · cosine: %s", same, h->tops.size(),
             n ? differ : "the same rows");
}

void narrative(const SlideContext& cx) {
  const Derived& d = cx.model.derived;
  para("A GPT starts with two lookups: each token ID picks its row of tok_emb (%s × %s), each "
       "position 0..%lld picks its row of pos_emb, and the two are added.",
       Commas(d.vocab).s, Commas(d.dim).s, static_cast<long long>(d.batch - 1));
  ImGui::Spacing();
  para("At the other end the output head, Linear(emb_dim, vocab_size), is a real matrix multiply, x @ W.T: "
       "one logit per vocabulary entry — the lookup run backwards. (The transformer blocks in between are "
       "left out.)");
  ImGui::Spacing();
  bool tie = cx.model.inputs.tie_weights;
  if (checkbox("Weight tying##tie", &tie)) cx.door.set_tie_weights(tie);
  const TableFile* own_head = cx.model.inputs.file ? cx.model.inputs.file->head.get() : nullptr;
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("GPT-2 shares one table between the input lookup and the output head.\n%s",
                      own_head ? "Off: the model's own output head (its folder's lm_head.weight)."
                               : "Off: the head gets its own Linear init (drawn after pos_emb).");
  if (own_head && !cx.model.inputs.tie_weights)
    para_muted("out_head.weight = %s (the model's own, %s)", own_head->name.c_str(), own_head->shard.c_str());
  else para_muted("%s", "out_head.weight = tok_emb.weight");
  if (cx.model.inputs.file && !cx.model.inputs.file->head_note.empty())
    para_muted("(%s)", cx.model.inputs.file->head_note.c_str());
  ImGui::Spacing();
  if (cx.model.inputs.tie_weights && step_progress(cx.ui.timeline, 3, cx.ui.reduced_motion) > 0.0f) {
    head_search_lines(cx);
  }
  if (gpt2_vocab(cx))
    para("Each position's largest logit, decoded (tokenizer.decode): what this untrained model would write "
         "next.");
  else
    para_muted("%s", "The argmax is shown as IDs: only with GPT-2's 50,257 rows (Text mode) are they tokens "
                     "with a text.");
}

// GPT-2's IDs get their text beside each row of logits: room kept for it.
float decoded_text_room(const SlideContext& cx) { return gpt2_vocab(cx) ? em() * 9.0f : 0.0f; }

constexpr int64_t kAllLogitsUpTo = 16;

// Learn mode asks the argmax question on this slide now — measuring too (learn_asks is not
// true while the canvas is measured: the fit must make room for the labels it will draw).
bool asks_argmax(const SlideContext& cx) {
  const LearnState& L = cx.learn;
  return L.phase != LearnPhase::Off && L.slide == cx.ui.slide && L.question.kind == quiz::QuestionKind::ArgmaxToken;
}

// The logits' columns: what fits between `left` and the canvas's right edge beside
// the decoded text (less an em: a window further down has wider row numbers).
int logits_cols(const SlideContext& cx, const SlideCanvas& c, const GridStyle& gs, float left) {
  const float e = em();
  // Asking the argmax question of up to 16 tokens: every column (each labelled with its ID),
  // since a learner compares them all (the canvas's fit makes them room). Otherwise the
  // columns that fit, as the slide always drew them.
  if (asks_argmax(cx) && cx.model.derived.vocab <= kAllLogitsUpTo) return static_cast<int>(cx.model.derived.vocab);
  return grid_fit_count(static_cast<int>(cx.model.derived.vocab),
                        c.origin.x + c.avail.x - left - e * 4.0f - decoded_text_room(cx) - (gpt2_vocab(cx) ? e : 0.0f),
                        gs.cell_w * e, 16);
}

// The logits beside x (when x has a band of its own) if a window of their columns
// fits there, else under everything at the canvas's width.
struct LogitsPlace {
  bool beside = false;
  int cols = 0;
};

LogitsPlace place_logits(const SlideContext& cx, const SlideCanvas& c, const GridStyle& ls, bool x_alone,
                         float beside_x) {
  LogitsPlace pl;
  GridStyle bs = ls;
  const int t = static_cast<int>(cx.model.derived.batch), v = static_cast<int>(cx.model.derived.vocab);
  const float room = c.origin.x + c.avail.x - beside_x - decoded_text_room(cx) - em();  // as logits_cols
  char head[160];  // the heading beside: the decoded text starts right of it too
  std::snprintf(head, sizeof head, "logits = x · %s.T · %s × %s",
                cx.model.inputs.tie_weights ? "tok_emb.weight" : "out_head.weight", Commas(t).s, Commas(v).s);
  const float head_w = text_size(fonts().bold, head).x + em() * 0.8f;
  auto width = [&] {
    GridView probe;
    return std::max(grid_layout(ImVec2(), t, v, probe, bs).size.x, head_w);
  };
  // As many columns as fit with the grid's labels and scroll bar (at least 4 of a wide
  // vocabulary; up to kWholeUpTo columns are shown whole or not beside at all).
  bs.max_cols = logits_cols(cx, c, ls, beside_x);
  const bool all = asks_argmax(cx) && v <= kAllLogitsUpTo;
  while (!all && v > kWholeUpTo && bs.max_cols > 4 && width() > room) --bs.max_cols;
  pl.beside = x_alone && width() <= room;
  pl.cols = pl.beside ? bs.max_cols : logits_cols(cx, c, ls, c.origin.x);
  return pl;
}

// How many bands the scene stacks, as the canvas below lays them out: tok_emb(idx),
// then pos_emb and x each on a band of its own when the width runs out, then the
// logits unless they fit beside x. (The grids' widths do not depend on their rows.)
int stacked_bands(const SlideContext& cx, const SlideCanvas& c, const GridStyle& gs) {
  const float e = em(), gap = e * 1.9f, right = c.origin.x + c.avail.x;
  const int t = static_cast<int>(cx.model.derived.batch), dim = static_cast<int>(cx.model.derived.dim);
  GridView probe;
  GridStyle ps = gs;  // cut to kWholeUpTo rows when longer: as wide as the grids will be, or wider
  ps.max_rows = std::min(t, kWholeUpTo);
  const float w = grid_layout(ImVec2(), t, dim, probe, ps).size.x;
  int bands = 1;
  const float slack = t > kWholeUpTo ? e : 0.0f;  // a window further down has wider row numbers
  const bool wrap_pos = c.origin.x + w * 2.0f + gap + slack > right;
  const float x2 = wrap_pos ? c.origin.x + gap : c.origin.x + w + gap;
  float x3 = x2 + w + gap;
  const bool wrap_x = x3 + w + slack > right;
  if (wrap_x) x3 = c.origin.x + gap;
  bands += wrap_pos + wrap_x;
  return bands + (place_logits(cx, c, ps, wrap_pos || wrap_x, x3 + w + gap).beside ? 0 : 1);
}

// The three T × D grids' cells: tok_emb(idx), pos_emb's rows, and their sum x, each
// appearing with its step.
void draw_sum_cells(SlideCanvas& c, const GridLayout& tg, const GridLayout& pg, const GridLayout& xg,
                    const GridStyle& gs) {
  const Derived& d = c.cx.model.derived;
  ImDrawList* dl = c.dl;
  const int dim = static_cast<int>(d.dim);
  const float s_tok = c.progress(0), s_pos = c.progress(1), s_sum = c.progress(2);
  grid_draw_cells(dl, tg, d.tok_out.data(), dim, gs, c.pal, [&](int r, int) {
    CellStyle s;
    s.bg = mix(c.pal.panel_alt, id_color(static_cast<size_t>(r)), 0.22f * s_tok);
    s.alpha = std::clamp(s_tok * 1.5f, 0.0f, 1.0f);
    s.hide = s_tok <= 0.0f;
    return s;
  });
  grid_draw_cells(dl, pg, d.pos_table.data(), dim, gs, c.pal, [&](int, int) {
    CellStyle s;
    s.bg = mix(c.pal.panel_alt, c.pal.accent, 0.12f * s_pos);
    s.alpha = s_pos;
    s.hide = s_pos <= 0.0f;
    return s;
  });
  grid_draw_cells(dl, xg, d.x.data(), dim, gs, c.pal, [&](int r, int) {
    CellStyle s;
    s.bg = mix(c.pal.panel_alt, id_color(static_cast<size_t>(r)), 0.12f);
    s.alpha = s_sum;
    s.hide = s_sum <= 0.0f;
    return s;
  });
}

// The note under the logits (at *under_out, below them and the sum): returns its width.
float draw_logits_note(SlideCanvas& c, const GridLayout& lg, const GridLayout& xg, float s_head, ImVec2* under_out) {
  const SlideContext& cx = c.cx;
  const Derived& d = cx.model.derived;
  const float e = em();
  ImDrawList* dl = c.dl;
  // The note under the logits, on two short lines (it must fit a narrow canvas). When a
  // shown row's largest logit is in a column off screen (V = 50,257 shows a few dozen),
  // the note lists every argmax instead of pointing at outlines that cannot be seen.
  bool argmax_off_screen = false;
  if (d.logits_ready)
    for (int r = lg.first_row; r < lg.first_row + lg.shown_rows; ++r) {
      const int64_t col = d.next_ids[static_cast<size_t>(r)];
      argmax_off_screen |= col < lg.first_col || col >= lg.first_col + lg.shown_cols;
    }
  char listed[512];
  const char* note1 = "outlined: each position's largest logit, logits.argmax(-1)";
  if (argmax_off_screen) {
    int n = std::snprintf(listed, sizeof listed, "largest logits, outlined where on screen: logits.argmax(-1) = [");
    for (size_t i = 0; i < d.next_ids.size() && n > 0 && n < static_cast<int>(sizeof listed) - 24; ++i)
      n += std::snprintf(listed + n, sizeof listed - static_cast<size_t>(n), "%s%lld", i ? ", " : "",
                         static_cast<long long>(d.next_ids[i]));
    if (n > 0 && n < static_cast<int>(sizeof listed) - 2)
      std::snprintf(listed + n, sizeof listed - static_cast<size_t>(n), "]");
    note1 = listed;
  }
  const char* note2 = cx.model.inputs.tie_weights  ? "with tied weights a row's own token often wins (x · its own row)"
                      : file_head(cx.model.inputs) ? "the model's own head, without the blocks between: a rough guess"
                                                   : "an untrained head: any token";
  // Asked which token wins, the note starts below the band where the ✓ / ✗ mark a column.
  const float band = asks_argmax(c.cx) && lg.shown_rows > 0
                         ? lg.cell_max(lg.first_row + lg.shown_rows - 1, lg.first_col).y + answer_cols_band()
                         : 0.0f;
  const ImVec2 under(c.origin.x, std::max({lg.pos.y + lg.size.y + e * 0.3f, xg.pos.y + xg.size.y + e * 0.3f, band}));
  *under_out = under;
  float note1_w = text_size(fonts().ui, note1).x;
  // The list can be long (20 positions): cut to the canvas, less the margin the canvas's
  // size adds after it (e), so it never makes the canvas scroll; whole on hover.
  const float note1_room = std::max(e, c.avail.x - e);
  if (s_head > 0.0f)
    note1_w = draw_text_fit(dl, fonts().ui, under, note1_room, with_alpha(c.pal.muted, s_head), note1).x;
  if (s_head > 0.0f)
    draw_text(dl, fonts().ui, ImVec2(under.x, under.y + e * 1.3f), with_alpha(c.pal.muted, s_head), note2);
  return std::max(std::min(note1_w, note1_room), text_size(fonts().ui, note2).x);
}

// Returns the right edge of what it drew (0: nothing), the logits' heading at y2 being
// logits_head_w wide.
float draw_decoded_tokens(SlideCanvas& c, const GridLayout& lg, float y2, float logits_head_w, float s_head) {
  // Beside each row of logits, its argmax read back as the token's text when the IDs are
  // GPT-2's (V = 50,257: what this untrained model would write next). Other IDs have no
  // text: the outlined cells are the argmax, and the narrative says why.
  float decoded_right = 0.0f;
  const SlideContext& cx = c.cx;
  const Derived& d = cx.model.derived;
  const float e = em();
  ImDrawList* dl = c.dl;
  if (s_head > 0.0f && d.logits_ready && gpt2_vocab(cx)) {
    const float dx = std::max(lg.pos.x + lg.size.x, c.origin.x + logits_head_w) + e * 0.8f;  // clear of both
    const char* head_text = "argmax → token";
    draw_text(dl, fonts().bold, ImVec2(dx, y2), with_alpha(c.pal.muted, s_head), head_text);
    decoded_right = dx + text_size(fonts().bold, head_text).x;
    const std::vector<std::string>& next = next_text(cx);
    for (int r = lg.first_row; r < lg.first_row + lg.shown_rows; ++r) {
      char label[160];
      std::snprintf(label, sizeof label, "→ %s", next[static_cast<size_t>(r)].c_str());
      const float y = lg.cell_min(r, lg.first_col).y + (lg.ch - ImGui::GetTextLineHeight()) * 0.5f;
      draw_text(dl, fonts().ui, ImVec2(dx, y), with_alpha(id_ink(c.pal, static_cast<size_t>(r)), s_head), label);
      decoded_right = std::max(decoded_right, dx + text_size(fonts().ui, label).x);
    }
  }
  return decoded_right;
}

// Hover and scroll on the four grids; `shown` holds the logits on screen.
void interact(SlideCanvas& c, const GridLayout& tg, const GridLayout& pg, const GridLayout& xg, const GridLayout& lg,
              const Matrix& shown, float s_head) {
  const SlideContext& cx = c.cx;
  const Derived& d = cx.model.derived;
  int r = -1, col = -1;
  const bool over_logits = grid_interact(lg, cx.grids.onehot_view, "##logits", &r, &col);
  if (over_logits) cx.door.hover_row(col);  // a logit's column is a row of the head
  // A logit is said once the head has run (before, its cell is empty and says nothing).
  grid_tooltips(lg, over_logits, r, col, [&](int tr, int tc, char* buf, size_t n) {
    if (s_head <= 0.0f || tr - lg.first_row >= shown.rows() || tc - lg.first_col >= shown.cols()) return;
    std::snprintf(buf, n, "logits[%d, %d] = x[%d] · %s[%d] = %.4f", tr, tc, tr,
                  cx.model.inputs.tie_weights ? "tok_emb.weight" : "out_head.weight", tc,
                  static_cast<double>(shown(tr - lg.first_row, tc - lg.first_col)));
  });
  const bool over_pos = grid_interact(pg, cx.grids.table_view, "##pos", &r, &col);
  grid_tooltips(pg, over_pos, r, col, [&](int tr, int tc, char* buf, size_t n) {
    std::snprintf(buf, n, "pos_emb.weight[%d, %d] = %.4f — position %d", tr, tc,
                  static_cast<double>(d.pos_table(tr, tc)), tr);
  });
  const bool over_tok = grid_interact(tg, cx.grids.out_view, "##tok", &r, &col);
  if (over_tok) cx.door.hover_row(cx.model.inputs.ids[static_cast<size_t>(r)]);
  grid_tooltips(tg, over_tok, r, col, [&](int tr, int, char* buf, size_t n) {
    std::snprintf(buf, n, "tok_emb(idx)[%d] = tok_emb.weight[%lld]", tr,
                  static_cast<long long>(cx.model.inputs.ids[static_cast<size_t>(tr)]));
  });
  grid_interact(xg, cx.grids.out2_view, "##x", &r, &col);
}

// The logits' grid: while the argmax question is asked a column is a token ID, labelled, so
// the answer can be named (the labels' row is room the slide needs only then).
GridStyle logits_style(const SlideCanvas& c, const GridStyle& gs) {
  GridStyle ls = named(gs, "logits");
  ls.col_labels = asks_argmax(c.cx);
  return ls;
}

// Learn mode's argmax question on a wide vocabulary: a window of the logits' columns that
// holds the answer and its neighbours (at a place in the window that does not give it away).
void show_answer_window(SlideCanvas& c, const GridStyle& ls, int v) {
  const SlideContext& cx = c.cx;
  if (!asks_argmax(c.cx) || v <= ls.max_cols || ls.max_cols <= 0) return;
  if (const auto* want = std::get_if<int64_t>(&cx.learn.question.answer)) {
    const int at = static_cast<int>((*want * 7 + cx.learn.question.params.t.value_or(0)) % ls.max_cols);
    cx.grids.onehot_view.first_col = std::clamp(static_cast<int>(*want) - at, 0, v - ls.max_cols);
  }
}

ImVec2 canvas(SlideCanvas& c) {
  const SlideContext& cx = c.cx;
  const Derived& d = cx.model.derived;
  const float e = em();
  ImDrawList* dl = c.dl;
  const int t = static_cast<int>(d.batch), dim = static_cast<int>(d.dim), v = static_cast<int>(d.vocab);
  const float s_tok = c.progress(0), s_pos = c.progress(1), s_sum = c.progress(2), s_head = c.progress(3);

  GridStyle gs;
  gs.max_cols = grid_fit_count(dim, (c.avail.x - e * 9.0f) / 3.0f, gs.cell_w * e, 8);
  // The bands share the height: the headings, the grids' labels and scroll notes, the
  // gaps and the note under the logits come off first.
  const int bands = stacked_bands(cx, c, gs);
  GridStyle ps = gs;
  ps.max_rows = std::min(t, kWholeUpTo);
  GridView band_probe;
  const GridLayout pl = grid_layout(ImVec2(), t, dim, band_probe, ps);
  const float grid_fixed = pl.size.y - pl.ch * static_cast<float>(pl.shown_rows);  // its labels and scroll note
  const float fixed =
      e * 1.7f + static_cast<float>(bands - 1) * e * (1.7f + 1.2f) + e * 2.9f + static_cast<float>(bands) * grid_fixed;
  // Up to kWholeUpTo positions whole (the fit shrinks the type), else a window of what fits.
  const int fit_rows = static_cast<int>((c.avail.y - fixed) / static_cast<float>(bands) / (gs.cell_h * e));
  gs.max_rows = t <= kWholeUpTo ? t : std::clamp(fit_rows, 4, 12);
  // The three T × D grids share one scroll position.
  cx.grids.table_view.first_col = cx.grids.out_view.first_col;
  cx.grids.out2_view.first_col = cx.grids.out_view.first_col;
  cx.grids.table_view.first_row = cx.grids.out2_view.first_row = cx.grids.out_view.first_row;

  // Token chips over the first grid, positions over the second.
  const float head_y = c.origin.y, grid_y = c.origin.y + e * 1.7f;
  char head[160];
  std::snprintf(head, sizeof head, "tok_emb(idx) · %s × %s", Commas(t).s, Commas(dim).s);
  draw_text(dl, fonts().bold, ImVec2(c.origin.x, head_y), with_alpha(c.pal.muted, 0.4f + 0.6f * s_tok), head);
  const GridLayout tg = grid_layout(ImVec2(c.origin.x, grid_y), t, dim, cx.grids.out_view, gs);
  // The three grids flow left to right and wrap to a new row when the canvas is narrow;
  // between two grids, room for a "+" or "=".
  const float kGap = e * 1.9f;
  const float row2_y = tg.pos.y + tg.size.y + e * 0.9f;
  // (with an em to spare when the rows scroll: a window further down has wider row numbers)
  const float slack = t > kWholeUpTo ? e : 0.0f;
  const bool wrap_pos = tg.pos.x + tg.size.x * 2.0f + kGap + slack > c.origin.x + c.avail.x;
  const float x2 = wrap_pos ? c.origin.x + kGap : tg.pos.x + tg.size.x + kGap;
  const float pos_head_y = wrap_pos ? row2_y : head_y;
  std::snprintf(head, sizeof head, "pos_emb(arange(%d)) · %s × %s", t, Commas(t).s, Commas(dim).s);
  draw_text(dl, fonts().bold, ImVec2(x2, pos_head_y), with_alpha(c.pal.muted, 0.4f + 0.6f * s_pos), head);
  const GridLayout pg = grid_layout(ImVec2(x2, pos_head_y + (grid_y - head_y)), t, dim, cx.grids.table_view, gs);
  float x3 = pg.pos.x + pg.size.x + kGap, x_head_y = pos_head_y;
  if (x3 + pg.size.x + slack > c.origin.x + c.avail.x) {
    x3 = c.origin.x + kGap;
    x_head_y = pg.pos.y + pg.size.y + e * 0.9f;
  }
  const float x_grid_y = x_head_y + (grid_y - head_y);
  std::snprintf(head, sizeof head, "x = sum · %s × %s", Commas(t).s, Commas(dim).s);
  draw_text(dl, fonts().bold, ImVec2(x3, x_head_y), with_alpha(c.pal.muted, 0.4f + 0.6f * s_sum), head);
  const GridLayout xg = grid_layout(ImVec2(x3, x_grid_y), t, dim, cx.grids.out2_view, gs);

  // "+" and "=" between the grids.
  const float mid = grid_y + std::min(tg.size.y, tg.ch * tg.shown_rows) * 0.5f - e * 0.5f;
  const float x_mid = mid + (x_grid_y - grid_y), pos_mid = mid + (pg.pos.y - grid_y);
  draw_text(dl, fonts().bold, ImVec2(x2 - e * 1.4f, pos_mid), with_alpha(c.pal.text, s_pos), "+", 1.3f);
  draw_text(dl, fonts().bold, ImVec2(x3 - e * 1.4f, x_mid), with_alpha(c.pal.text, s_sum), "=", 1.3f);

  ImU32 token_labels[16] = {};
  for (int r = tg.first_row; r < tg.first_row + tg.shown_rows; ++r)
    token_labels[r - tg.first_row] = id_color(static_cast<size_t>(r));
  grid_draw_frame(dl, tg, named(gs, "tok_emb(idx)"), c.pal, token_labels);
  grid_draw_frame(dl, pg, named(gs, "pos_emb.weight"), c.pal);
  grid_draw_frame(dl, xg, named(gs, "x"), c.pal, token_labels);
  draw_sum_cells(c, tg, pg, xg, gs);
  // Row labels of the positional grid are the positions themselves: 0..T-1.

  // The output head: logits = x · Wᵀ, T × V, the largest per row outlined.
  // Beside the sum when the sum sits on a row of its own and there is room; else below all.
  GridStyle ls = logits_style(c, gs);
  const float beside_x = xg.pos.x + xg.size.x + kGap;
  const LogitsPlace lp = place_logits(cx, c, ls, x_head_y > head_y, beside_x);
  ls.max_cols = lp.cols;
  const bool beside = lp.beside;
  const float lx = beside ? beside_x : c.origin.x;
  const float y2 =
      beside ? x_head_y : std::max({tg.pos.y + tg.size.y, pg.pos.y + pg.size.y, xg.pos.y + xg.size.y}) + e * 1.2f;
  const char* head_name = cx.model.inputs.tie_weights ? "tok_emb.weight" : "out_head.weight";
  if (beside) std::snprintf(head, sizeof head, "logits = x · %s.T · %s × %s", head_name, Commas(t).s, Commas(v).s);
  else
    std::snprintf(head, sizeof head, "out_head(x) = x · %s.T · %s × %s logits   (one per vocabulary entry)", head_name,
                  Commas(t).s, Commas(v).s);
  draw_text(dl, fonts().bold, ImVec2(lx, y2), with_alpha(c.pal.muted, 0.4f + 0.6f * s_head), head);
  const float logits_head_w = lx - c.origin.x + text_size(fonts().bold, head).x;
  show_answer_window(c, ls, v);
  const GridLayout lg = grid_layout(ImVec2(lx, y2 + e * 1.7f), t, v, cx.grids.onehot_view, ls);
  grid_draw_frame(dl, lg, ls, c.pal, token_labels);
  // Only the logits on screen are computed here (x · the head's rows shown); the argmax
  // over every row comes from the model (a worker for a big vocabulary).
  Matrix& shown = cx.own<HeadSearch>().logits_buf;
  logits_window(cx.model, lg.first_row, lg.first_row + lg.shown_rows, lg.first_col, lg.first_col + lg.shown_cols, shown,
                cx.own<HeadSearch>().logits_row);
  auto logit_at = [&](int r, int col) { return shown(r - lg.first_row, col - lg.first_col); };
  grid_draw_cells_at(dl, lg, ls, c.pal, logit_at, [&](int r, int col) {
    CellStyle s;
    s.bg = c.pal.panel_alt;
    s.alpha = s_head;
    s.hide = s_head <= 0.0f || (!cx.model.inputs.tie_weights && d.logits.size() == 0);  // an untied head's, until held
    if (d.logits_ready && d.next_ids[static_cast<size_t>(r)] == col) {
      s.outline = id_color(static_cast<size_t>(r));
      s.bg = mix(c.pal.panel_alt, id_color(static_cast<size_t>(r)), 0.35f);
    }
    return s;
  });
  ImVec2 under;
  const float note_w = draw_logits_note(c, lg, xg, s_head, &under);

  const float decoded_right = draw_decoded_tokens(c, lg, y2, logits_head_w, s_head);
  interact(c, tg, pg, xg, lg, shown, s_head);
  if (learn_asks(c, quiz::QuestionKind::ArgmaxToken))
    answer_cols(cx.door.answers(), lg, dl, c.pal);  // a token: a column
  return ImVec2(std::max({xg.pos.x + xg.size.x, lg.pos.x + lg.size.x, under.x + note_w, c.origin.x + logits_head_w,
                          decoded_right}) -
                    c.origin.x + e,
                under.y + e * 2.6f - c.origin.y);
}

void caption(const SlideContext&, char* buf, size_t n) {
  std::snprintf(buf, n, "lookups at the input (tokens, positions), a matmul at the output — the same table, both ways");
}

void code(const SlideContext& cx, std::string& code, std::string& output) {
  const Derived& d = cx.model.derived;
  char buf[256];
  // The token table is slides 1–6's: when it is not the seed's own (cells edited, a file,
  // rounded to another dtype) it is made as there. A seeded one is copied into tok_emb
  // after the model is made (pos_emb and an untied head are drawn after tok_emb's own
  // init); a loaded one is handed to nn.Embedding as from_pretrained does (_weight: no
  // draw, so pos_emb is the seed's first draw, as the app computes it).
  const bool file = cx.model.inputs.file != nullptr;
  const bool own_table = has_edits(cx.model) || file || cx.model.inputs.dtype != TableDtype::Float32;
  code = own_table ? code_make_embedding(cx) + "from torch import nn\n\n" : "import torch\nfrom torch import nn\n\n";
  code +=
      "class GPTModel(nn.Module):            # ch04.py, the ends only\n"
      "    def __init__(self, cfg):\n"
      "        super().__init__()\n" +
      std::string(
          file
              ? "        self.tok_emb = nn.Embedding(cfg[\"vocab_size\"], cfg[\"emb_dim\"], _weight=cfg[\"weights\"])\n"
              : "        self.tok_emb = nn.Embedding(cfg[\"vocab_size\"], cfg[\"emb_dim\"])\n") +
      "        self.pos_emb = nn.Embedding(cfg[\"context_length\"], cfg[\"emb_dim\"])\n"
      "        self.out_head = nn.Linear(cfg[\"emb_dim\"], cfg[\"vocab_size\"], bias=False)\n\n"
      "    def forward(self, in_idx):\n"
      "        tok_embeds = self.tok_emb(in_idx)\n"
      "        pos_embeds = self.pos_emb(torch.arange(in_idx.shape[-1]))\n"
      "        x = tok_embeds + pos_embeds        # (transformer blocks go here)\n"
      "        return self.out_head(x)            # logits: x @ out_head.weight.T\n\n";
  std::snprintf(buf, sizeof buf,
                "_ = torch.manual_seed(%s)\n"
                "model = GPTModel({\"vocab_size\": %lld, \"context_length\": %lld, \"emb_dim\": %lld%s})\n",
                cx.model.inputs.seed_text.c_str(), static_cast<long long>(d.vocab), static_cast<long long>(d.batch),
                static_cast<long long>(d.dim), file ? ", \"weights\": embedding.weight.detach()" : "");
  code += buf;
  if (own_table && !file) {
    code += "with torch.no_grad():                # the table of slides 1–6\n";
    code += "    model.tok_emb.weight.copy_(embedding.weight)\n";
  }
  if (cx.model.inputs.tie_weights) code += "model.out_head.weight = model.tok_emb.weight   # weight tying\n";
  if (const TableFile* h = file_head(cx.model.inputs)) {  // a model folder's own head, loaded as the table was
    code += table_load_code(*h, "head") + "\n";
    code += "with torch.no_grad():                # the model's own output head\n";
    code += "    model.out_head.weight.copy_(head)\n";
  }
  if (!own_table) code += code_idx(cx);  // (code_make_embedding made idx)
  code += "x = model.tok_emb(idx) + model.pos_emb(torch.arange(len(idx)))\n";
  code += "x\n";
  code += "logits = model.out_head(x)\n";
  code += "logits\n";
  code += "logits.argmax(dim=-1)\n";
  output.clear();
  append_repl(output, "x", d.print_x);
  append_repl(output, "logits", d.print_logits);
  append_repl(output, "logits.argmax(dim=-1)", d.print_next);
  if (gpt2_vocab(cx) && cx.model.model_tokenizer) {
    // The model's own IDs: each position's argmax as its vocabulary writes the token.
    if (!ids_from_text(cx.model.inputs))  // typed IDs: the tokenizer, for its tokens
      for (const std::string& line : tokenizer_code(code_tokenizer(cx))) code += line + "\n";
    std::string setup;
    const std::string expr = code_token_strings(cx, "logits.argmax(dim=-1).tolist()", setup);
    code += setup + expr + "\n";
    append_repl(output, expr.c_str(), printed_token_strings(cx, d.next_ids));
  } else if (gpt2_vocab(cx)) {
    // GPT-2's IDs: each position's argmax read back as text.
    if (!ids_from_text(cx.model.inputs)) {  // IDs typed into a GPT-2-sized vocabulary: the tokenizer, for decode
      code += "import tiktoken\n";
      code += "tokenizer = tiktoken.get_encoding(\"gpt2\")\n";
    }
    code += "[tokenizer.decode([i]) for i in logits.argmax(dim=-1).tolist()]\n";
    std::string list;
    for (int64_t id : d.next_ids)
      list += (list.empty() ? "" : ", ") + python_str_repr(utf8_replace_invalid(cx.model.tokenizer->token_bytes(id)));
    append_repl(output, "[tokenizer.decode([i]) for i in logits.argmax(dim=-1).tolist()]", "[" + list + "]");
  }
}

}  // namespace

// The logits over every row of the table (the argmax, the printed edges).
namespace {
// Its measuring depends on weight tying (the head's name and what it shows).
// Weight tying, and the argmax question's labelled columns (room the canvas makes only then).
uint64_t fit_depends(const SlideContext& cx) {
  return static_cast<uint64_t>(cx.model.inputs.tie_weights) | (asks_argmax(cx) ? 2u : 0u);
}
}  // namespace

namespace {
// Asking which token the tied head picks: the logits and their argmax (and its text) are
// printed after the answer.
Hidden hides(const quiz::Question& q) {
  if (q.kind == quiz::QuestionKind::ArgmaxToken) return {0, {"logits"}};
  // Whether a repeated ID's two rows of x are equal: the printed x answers it (">>> x" alone,
  // as a whole line: "x" is in other expressions too).
  if (q.kind == quiz::QuestionKind::SameTokenX) return {Hidden::kNowLine, {">>> x\n"}};
  return {};
}
// argmax_token at the output head (step 3), same_token_x at x (step 2: tok_emb and pos_emb
// shown, x not yet summed). Pictured at step 2; argmax_token with the whole table beside it
// (every row is a logit; this slide shows only the IDs' rows).
QuestionSteps at_the_head(const quiz::Question&, int n) { return steps_at(3, 4, n); }
QuestionSteps at_x(const quiz::Question&, int n) { return steps_at(2, 3, n); }
quiz::PictureStep x_not_summed(const quiz::Question&) { return {8, 2}; }
quiz::PictureStep x_and_the_table(const quiz::Question&) { return {8, 2, false, true}; }
constexpr SlideQuestion kQuestions[] = {
    {quiz::QuestionKind::ArgmaxToken, at_the_head,
     "Click the token's column of logits, or ← → to it, or type its ID; Enter answers, S shows.", x_and_the_table},
    {quiz::QuestionKind::SameTokenX, at_x, kHowYesNo, x_not_summed},
};

}  // namespace

const SlideDef kSlideGpt = {.title = "Inside a GPT",
                            .draw = {steps, narrative, canvas, caption, code},
                            .table_work = kTableWorkLogits,
                            .update = update,
                            .activity = activity,
                            .fit_depends = fit_depends,
                            .questions = kQuestions,
                            .hides = hides};

}  // namespace lv::app
