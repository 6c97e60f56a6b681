// slide_07_scale.cpp — "At scale": GPT-2 small's token embedding, 50,257 × 768
// (38.6M weights, 154 MB), seeded exactly as torch would, built on a worker thread
// with a progress bar, and drawn whole as a heat map by a shader.
//   step 0  the whole table appears
//   step 1  the IDs' rows are highlighted and the map zooms into them
//   step 2  the two paths timed live on this machine: lookup vs one-hot matmul at
//           B = 1, 16, 256 (median of repeats; ms, GB/s, the ratio) as a bar chart
// The UI never waits for the worker (app/model/scale_worker.hpp): it draws the progress
// and picks results up as they land.
// Sections: helpers · per-frame update · narrative · the map · the chart · canvas · code
#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <string>

#include "app/ui_base/anim_timeline.hpp"
#include "app/model/model_jobs.hpp"
#include "app/slides/slide_07_scale.hpp"
#include "app/slides/slide_code.hpp"
#include "app/slides/narrative_lines.hpp"
#include "app/slides/slides.hpp"
#include "app/ui_base/ui_draw.hpp"
#include "app/ui_base/ui_landmarks.hpp"
#include "app/widgets/widget_heatmap.hpp"
#include "core/torch/notebook_transcript.hpp"
#include "core/text/number_text.hpp"
#include "core/io/table_view.hpp"
#include "core/text/text_format.hpp"
#include "core/torch/torch_format.hpp"
#include "core/kernels/work_budget.hpp"

namespace lv::app {
namespace {

// ---------------------------------------------------------------- helpers
constexpr int kSteps = 3;
constexpr int kStepMap = 0, kStepIds = 1, kStepTiming = 2;
constexpr int kMaxHighlights = kHeatmapMaxHighlights;  // the shader's limit (32)

int steps(const SlideContext&) { return kSteps; }

// A duration in ms with a unit that keeps 3 significant digits: "0.42 µs", "24.1 ms", "1.27 s".
void fmt_ms(char* buf, size_t n, double ms) {
  // The unit is picked after rounding to 3 digits: 999.7 µs prints as "1 ms".
  if (ms < 0.9995e-3) std::snprintf(buf, n, "%.0f ns", ms * 1e6);
  else if (ms < 0.9995) std::snprintf(buf, n, "%.3g µs", ms * 1e3);
  else if (ms < 999.5) std::snprintf(buf, n, "%.3g ms", ms);
  else std::snprintf(buf, n, "%.3g s", ms / 1e3);
}

// para (narrative_lines.hpp), but a word wider than the column (a file's or a tensor's
// name, the user's) is broken where the column ends instead of kept whole.
void para_any_word(const char* fmt, ...) IM_FMTARGS(1);
void para_any_word(const char* fmt, ...) {
  char text[1024];
  va_list args;
  va_start(args, fmt);
  std::vsnprintf(text, sizeof text, fmt, args);
  va_end(args);
  const float width = std::max(1.0f, ImGui::GetContentRegionAvail().x);
  const char* s = text;
  while (*s) {
    const char* end = nullptr;  // the last word end that fits
    for (const char* p = s;;) {
      const char* w = p;
      while (*w && *w != ' ') ++w;
      if (end && ImGui::CalcTextSize(s, w).x > width) break;
      end = w;
      if (!*w) break;
      p = w + 1;
    }
    if (ImGui::CalcTextSize(s, end).x > width) {  // one word, too wide: as much of it as fits
      const char* fit = s;
      ImGui::GetFont()->CalcTextSizeA(ImGui::GetFontSize(), width, 0.0f, s, end, &fit);
      while (fit > s && (static_cast<unsigned char>(*fit) & 0xC0) == 0x80) --fit;
      if (fit == s) fit = s + 1;
      while (fit < end && (static_cast<unsigned char>(*fit) & 0xC0) == 0x80) ++fit;
      ImGui::TextUnformatted(s, fit);
      s = fit;
      continue;
    }
    ImGui::TextUnformatted(s, end);
    s = *end ? end + 1 : end;
  }
}

// The table the slide shows: the one loaded from a file (--weights, File ▸ Open), else
// a seeded one of GPT-2 small's shape.
// Slide 7's state as read by what may not make it (the narrative, the caption, the code).
const ScaleState& scale_of(const SlideContext& cx) {
  static const ScaleState kNone;
  const ScaleState* s = find_scale_state(cx);
  return s ? *s : kNone;
}

int64_t table_rows(const SlideContext& cx) {
  return cx.model.inputs.file ? cx.model.inputs.file->rows : scale_of(cx).vocab;
}
int64_t table_cols(const SlideContext& cx) {
  return cx.model.inputs.file ? cx.model.inputs.file->cols : scale_of(cx).dim;
}

// "gpt2.safetensors:wte.weight", "table.npy": the loaded table by its file's name.
std::string file_label(const TableFile& f) {
  if (!f.folder.empty())  // a model folder: "llama:model.embed_tokens.weight"
    return f.folder.substr(f.folder.find_last_of('/') + 1) + ":" + f.name;
  const size_t slash = f.path.find_last_of('/');
  std::string s = slash == std::string::npos ? f.path : f.path.substr(slash + 1);
  if (f.named) s += ":" + f.name;
  return s;
}

const ScaleSnapshot* snapshot(const SlideContext& cx) {
  const ScaleState& sc = scale_of(cx);
  return sc.worker ? &sc.worker->snapshot() : nullptr;
}

// The IDs that are rows of the big table, with their batch positions' colours.
// (The first kMaxHighlights of them; *in_range counts them all.)
int collect_highlights(const SlideContext& cx, HeatmapHighlight* out, float alpha, int* out_of_range,
                       int* in_range = nullptr) {
  int n = 0, bad = 0, good = 0;
  for (size_t i = 0; i < cx.model.inputs.ids.size(); ++i) {
    const int64_t id = cx.model.inputs.ids[i];
    if (id < 0 || id >= table_rows(cx)) {
      ++bad;
      continue;
    }
    ++good;
    if (n < kMaxHighlights) out[n++] = HeatmapHighlight{id, id_color(i, alpha)};
  }
  if (out_of_range) *out_of_range = bad;
  if (in_range) *in_range = good;
  return n;
}

// A command-line picture waits for the timing it shows, so the dense matmul it times
// keeps within the work budget (core/kernels/work_budget.hpp kWorkLimit, in the logits' multiply-
// adds, about 1 ns each): Eigen's GEMM does about five of its multiply-adds in that time
// (GPT-2's B = 256, 9.9 billion, in 1.4 s on a loaded 2-core machine). GPT-2's figures
// are all timed; a Llama-sized table's B = 256 (134 billion) is not, and says so.
constexpr double kPictureMatmulLimit = 5.0 * kWorkLimit;

// ---------------------------------------------------------------- per-frame update
// Asks for the table, collects what the worker published, starts the timing when
// its step is reached, and refreshes the code panel when results land.
// Learn mode asks for an estimate of the ratio before the timing step shows it: the timing
// runs meanwhile (so the answer is judged as soon as it is given) and its figures stay out
// of the code panel until the reveal.
bool asks_estimate(const SlideContext& cx) {
  const LearnState& L = cx.learn;
  return L.phase != LearnPhase::Off && L.slide == cx.ui.slide &&
         (L.question.kind == quiz::QuestionKind::SpeedupEstimate ||
          L.question.kind == quiz::QuestionKind::SpeedupBatch);  // (or which B's advantage is larger)
}
// Its declaration (SlideDef::hides): asking for the estimate, the timings wait for the answer.
Hidden hides(const quiz::Question& q) {
  // Two of its questions are about the timings: the figures wait for the answer. The map's
  // result is the lines from a hovered point to its nearest rows (they would answer it).
  return q.kind == quiz::QuestionKind::SpeedupEstimate || q.kind == quiz::QuestionKind::SpeedupBatch ||
                 q.kind == quiz::QuestionKind::MapNearest
             ? Hidden{Hidden::kResult, {}}
             : Hidden{};
}
bool hides_timing(const SlideContext& cx) { return hides_now(cx, Hidden::kResult) && asks_estimate(cx); }

void update_shown(const SlideContext& cx, int cur) {
  ScaleState& sc = scale_state(cx);
  if (!sc.worker) sc.worker.reset(new ScaleWorker);
  ScaleWorker& w = *sc.worker;
  float facts_progress = 0.0f;  // a file's facts (range, overview) are the model's: one pass for every slide
  std::shared_ptr<const TableFacts> facts = table_facts(cx.model, &facts_progress);
  w.want_table(cx.model.inputs.seed, sc.vocab, sc.dim, cx.model.inputs.file, std::move(facts), facts_progress);
  w.set_matmul_limit(cx.model.interactive ? 0.0 : kPictureMatmulLimit);  // a picture waits for it: the work budget
  w.poll();
  const ScaleSnapshot& s = w.snapshot();
  const bool again = s.timing == TimingPhase::Cancelled;  // stopped because the slide was left: resume
  if ((cur >= kStepTiming || asks_estimate(cx)) && sc.auto_timing && s.table == TablePhase::Ready &&
      (sc.timed_version != s.version || again)) {
    w.start_timing();
    sc.timed_version = s.version;
  }
  // The code panel caches on it (code_panel_text): rebuilt with the new figures, and when a
  // question stops (or stops) hiding them.
  sc.seen_revision = s.revision * 2 + (hides_timing(cx) ? 1 : 0);
  if (sc.view == kScaleViewMap) scale_map_update(sc.map, w);  // its map, once the table is made
}

// ---------------------------------------------------------------- narrative
// Where the narration's measured figures begin, down to the column's end: they differ from
// run to run, and so may the lines below them (the real-window test leaves them out).
void mark_timed_text() {
  const ImVec2 at = ImGui::GetCursorScreenPos(), room = ImGui::GetContentRegionAvail();
  landmark_rect("scale-timed-text", at, ImVec2(at.x + room.x, at.y + room.y));
}

void narrative(const SlideContext& cx) {
  const ScaleState& sc = scale_of(cx);
  const int cur = current_step(cx.ui.timeline, kSteps);
  bool timed_marked = false;  // mark_timed_text: the first measured figure
  char v[32], d[32], vm1[32], bytes[32], row_bytes[32];
  fmt_count(v, sizeof v, table_rows(cx));
  fmt_count(d, sizeof d, table_cols(cx));
  fmt_count(vm1, sizeof vm1, table_rows(cx) - 1);
  // A quantized file's (GGUF's Q4_K, …) bytes are counted as stored: a row is its blocks.
  const TableFile* packed =
      cx.model.inputs.file && stored_quantized(cx.model.inputs.file->type) ? cx.model.inputs.file.get() : nullptr;
  const double f32_bytes = 4.0 * static_cast<double>(table_rows(cx) * table_cols(cx));
  std::snprintf(bytes, sizeof bytes, "%s",
                decimal_bytes(packed ? static_cast<double>(packed->stored_bytes()) : f32_bytes).c_str());
  std::snprintf(
      row_bytes, sizeof row_bytes, "%s",
      decimal_bytes(packed ? static_cast<double>(packed->row_bytes()) : 4.0 * static_cast<double>(table_cols(cx)))
          .c_str());
  char mw[32];
  std::snprintf(mw, sizeof mw, "%.1f million", static_cast<double>(table_rows(cx) * table_cols(cx)) / 1e6);
  if (packed)
    para_any_word("The table loaded from %s is %s × %s: %s weights, %s as stored in %s blocks (%s as float32).",
                  file_label(*packed).c_str(), v, d, mw, bytes, packed->dtype.c_str(),
                  decimal_bytes(f32_bytes).c_str());
  else if (cx.model.inputs.file)
    para_any_word("The table loaded from %s is %s × %s: %s weights, %s of float32.",
                  file_label(*cx.model.inputs.file).c_str(), v, d, mw, bytes);
  else para("GPT-2 small's token embedding is a %s × %s table: %s weights, %s of float32.", v, d, mw, bytes);
  ImGui::Spacing();
  para("A one-hot row for one token is %s, %s of them zero.", count_text(table_rows(cx), "number").c_str(), vm1);
  ImGui::Spacing();
  if (cur <= kStepMap && sc.view == kScaleViewMap) {
    // In the heat map's sentence's place, about as long (the narration fits the same room).
    para("On the map each row is a point at its first two principal components. Two of %s dimensions keep only "
         "part of the table: near in the picture is not always near in it.",
         d);
  } else if (cur <= kStepMap) {
    para("Every weight is a pixel (or less): blue below 0, red above. Zoom with the wheel, drag to "
         "pan, double-click to see it all again.");
  } else if (cur == kStepIds) {
    para("Your IDs are these rows. The lookup reads them and nothing else: %s per token.", row_bytes);
  } else {
    para("The lookup reads %s per token. The one-hot matmul reads the whole %s table for every batch "
         "and multiplies %s of its rows by zero.",
         row_bytes, bytes, vm1);
    const ScaleSnapshot* s = snapshot(cx);
    if (s) {
      const BatchTiming& r = s->results[kTimingBatchCount - 1];
      if (r.lookup.done && r.matmul.done && r.lookup.ms > 0.0) {
        char ratio[32];
        fmt_count(ratio, sizeof ratio, static_cast<long long>(std::llround(r.matmul.ms / r.lookup.ms)));
        ImGui::Spacing();
        mark_timed_text();
        timed_marked = true;
        para("On this machine, at B = %d: the lookup is %s× faster.", r.batch, ratio);
      } else if (r.matmul.skipped_work > 0.0) {
        ImGui::Spacing();
        para("A picture from the command line times the one-hot matmul only up to %s multiply-adds a call; at B = %d "
             "it takes %s (Run times it in the window).",
             count_words(kPictureMatmulLimit).c_str(), r.batch, count_words(r.matmul.skipped_work).c_str());
      }
    }
  }
  int bad = 0, good = 0;
  HeatmapHighlight hl[kMaxHighlights];
  collect_highlights(cx, hl, 1.0f, &bad, &good);
  if (cur >= kStepIds && good > kMaxHighlights) {
    ImGui::Spacing();
    para("The map highlights the first %d of your %d IDs.", kMaxHighlights, good);
  }
  if (bad > 0) {
    ImGui::Spacing();
    ImGui::PushStyleColor(ImGuiCol_Text, palette(cx.ui.theme).bad);
    para("%d of your IDs %s beyond this table's %s (IDs 0–%s) and %s not highlighted.", bad, bad == 1 ? "is" : "are",
         count_text(table_rows(cx), "row").c_str(), vm1, bad == 1 ? "is" : "are");
    ImGui::PopStyleColor();
  }
  // How it was made, in small print.
  if (const ScaleSnapshot* s = snapshot(cx)) {
    ImGui::Spacing();
    if (!timed_marked) mark_timed_text();
    ImGui::PushStyleColor(ImGuiCol_Text, palette(cx.ui.theme).muted);
    if (s->table == TablePhase::Ready && s->file)
      para("Read from the %s file and summarized for the map in %.1f s on a worker thread (shown as loaded, "
           "float32).",
           s->file->dtype.c_str(), s->build_seconds);
    else if (s->table == TablePhase::Ready)
      para("Drawn from the seed in %.1f s on a worker thread: the same numbers as "
           "torch.manual_seed(%s); torch.nn.Embedding(%lld, %lld).",
           s->build_seconds, cx.model.inputs.seed_text.c_str(), static_cast<long long>(table_rows(cx)),
           static_cast<long long>(table_cols(cx)));
    const HeatmapGpuStatus& g = sc.heatmap.gpu;
    if (g.active && !g.failed) {
      char mts[32];
      fmt_count(mts, sizeof mts, g.max_texture_size);
      para("A shader draws it from %s of one byte per weight (this GPU allows %s texels a side).",
           count_text(g.tiles, "texture").c_str(), mts);
    }
    ImGui::PopStyleColor();
  }
}

// ---------------------------------------------------------------- the map
struct MapLayout {
  ImVec2 pos, size;  // the map itself (axes outside it)
};

void draw_build_progress(SlideCanvas& c, const ScaleSnapshot& s, const MapLayout& m) {
  const float e = em();
  char title[128], detail[128], v[32], d[32];
  fmt_count(v, sizeof v, table_rows(c.cx));
  fmt_count(d, sizeof d, table_cols(c.cx));
  const ImVec2 end(m.pos.x + m.size.x, m.pos.y + m.size.y);
  c.dl->AddRectFilled(m.pos, end, c.pal.panel_alt);
  c.dl->AddRect(m.pos, end, c.pal.border);
  // Each line has a shorter form for a narrow map (1024 wide, the chart beside it), where
  // the long ones were cut mid-word.
  const bool narrow = [&] {
    const char* widest =
        s.table == TablePhase::Summarizing ? "Summarizing it for the heat map…" : "Drawing the table from the seed…";
    return text_size(fonts().bold, widest).x > m.size.x - e;
  }();
  if (s.table == TablePhase::Failed) {
    std::snprintf(title, sizeof title, "The table could not be built");
    std::snprintf(detail, sizeof detail, "%s", s.error);
  } else if (s.table == TablePhase::Summarizing) {
    std::snprintf(title, sizeof title, "%s", narrow ? "Summarizing…" : "Summarizing it for the heat map…");
    // A file's pass is the model's only read of it (its non-finite counts too); a seeded
    // table's follows its drawing.
    const char* pass = s.file ? (narrow ? "one pass" : "one pass over the table")
                              : (narrow ? "one more pass" : "one more pass over the table");
    std::snprintf(detail, sizeof detail, "%s · %.1f s", pass, s.build_seconds);
  } else {
    std::snprintf(title, sizeof title, "%s",
                  s.file ? "Reading the table…" : (narrow ? "Drawing the table…" : "Drawing the table from the seed…"));
    std::snprintf(detail, sizeof detail,
                  narrow ? "%s × %s numbers · %.1f s" : "%s × %s numbers on a worker thread · %.1f s", v, d,
                  s.build_seconds);
  }
  const float w = std::min(m.size.x - e * 2.0f, e * 20.0f);
  const float x = m.pos.x + (m.size.x - w) * 0.5f;
  float y = m.pos.y + m.size.y * 0.5f - e * 2.0f;
  c.dl->PushClipRect(m.pos, end, true);
  const ImVec2 ts = text_size(fonts().bold, title);
  draw_text(c.dl, fonts().bold, ImVec2(m.pos.x + std::max(e * 0.5f, (m.size.x - ts.x) * 0.5f), y),
            s.table == TablePhase::Failed ? c.pal.bad : c.pal.text, title);
  y += e * 1.5f;
  const ImVec2 ds = ImGui::CalcTextSize(detail);
  draw_text(c.dl, fonts().ui, ImVec2(m.pos.x + std::max(e * 0.5f, (m.size.x - ds.x) * 0.5f), y), c.pal.muted, detail);
  c.dl->PopClipRect();
  if (s.table == TablePhase::Failed) return;
  ImGui::SetCursorScreenPos(ImVec2(x, y + e * 1.6f));
  char pct[16];
  std::snprintf(pct, sizeof pct, "%.0f%%", s.build_progress * 100.0);
  ImGui::ProgressBar(s.build_progress, ImVec2(w, 0.0f), pct);
  landmark("scale-build-progress");
}

// Returns what the mouse is over.
HeatmapHover draw_map(SlideCanvas& c, const ScaleSnapshot& s, const MapLayout& m) {
  const SlideContext& cx = c.cx;
  ScaleState& sc = scale_state(cx);
  const int cur = c.current();
  const float ids_p = c.progress(kStepIds);
  HeatmapTable t;
  t.data = s.data;
  t.file = s.data ? nullptr : s.file;  // a file read where it lies
  t.rows = s.vocab;
  t.cols = s.dim;
  t.version = s.version;
  t.abs_max = s.range.abs_max > 0.0f ? s.range.abs_max : 1.0f;
  t.overview = s.overview;
  t.overview_rows = s.overview_rows;
  t.overview_cols = s.overview_cols;
  t.overview_norm = s.overview_norm;

  HeatmapStyle style;
  style.light = cx.ui.theme == Theme::Light;
  style.dim_others = 0.5f * ids_p;
  style.opacity = std::max(0.0f, c.progress(kStepMap));
  if (cur < 0) style.opacity = 0.0f;

  // The view follows the steps (whole table → the IDs' rows) until the user zooms or
  // pans; a new step takes over again.
  HeatmapState& hm = sc.heatmap;
  if (cur != sc.view_step) {
    sc.view_step = cur;
    hm.user_moved = false;
  }
  HeatmapHighlight hl[kMaxHighlights];
  const int n_hl = collect_highlights(cx, hl, ids_p, nullptr);
  if (!hm.user_moved) {
    HeatmapView target{};
    if (n_hl > 0) {
      int64_t lo = hl[0].row, hi = hl[0].row;
      for (int i = 1; i < n_hl; ++i) {
        lo = std::min(lo, hl[i].row);
        hi = std::max(hi, hl[i].row);
      }
      // All the IDs when they are near each other, else the first one.
      if (hi - lo > 48) lo = hi = hl[0].row;
      const double pad = std::max(4.0, (hi - lo + 1) * 0.8);
      target = heatmap_view_rows(static_cast<double>(lo) - pad, static_cast<double>(hi + 1) + pad, t.rows, t.cols,
                                 m.size.x, m.size.y, style.cell_aspect);
    }
    hm.view = heatmap_view_lerp(HeatmapView{}, target, n_hl > 0 ? ids_p : 0.0f, t.rows, t.cols, m.size.x, m.size.y,
                                style.cell_aspect);
  }
  const HeatmapHover hover =
      heatmap_draw(c.dl, "##scale-map", m.pos, m.size, t, hm, hl, ids_p > 0.0f ? n_hl : 0, style, c.pal);
  landmark("scale-map");
  const HeatmapRange r = heatmap_range(hm.view, t.rows, t.cols, m.size.x, m.size.y, style.cell_aspect);
  heatmap_draw_axes(c.dl, m.pos, m.size, r, c.pal);

  // ID tags at the right edge of the map, on their rows; tags that would overlap
  // stack downwards with a leader line to their row.
  if (ids_p > 0.0f) {
    const float e = em();
    int order[kMaxHighlights];
    for (int i = 0; i < n_hl; ++i) order[i] = i;
    for (int i = 1; i < n_hl; ++i)  // insertion sort by row (stable; std::stable_sort may allocate)
      for (int j = i; j > 0 && hl[order[j - 1]].row > hl[order[j]].row; --j) std::swap(order[j - 1], order[j]);
    float next_free = -1e9f;
    int64_t last_row = -1;
    const float tag_x = m.pos.x + m.size.x + e * 0.55f;
    for (int k = 0; k < n_hl; ++k) {
      const HeatmapHighlight& h = hl[order[k]];
      const double row = static_cast<double>(h.row);
      if (h.row == last_row || row + 1.0 <= r.row0 || row >= r.row0 + r.rows) continue;
      last_row = h.row;
      const ImVec2 cs = chip_size(h.row);
      const float y_row = m.pos.y + static_cast<float>((row + 0.5 - r.row0) / r.rows * m.size.y);
      const float y_tag = std::max(y_row, next_free + cs.y * 0.5f);
      if (y_tag > m.pos.y + m.size.y + e * 0.5f) break;  // no room left below
      if (y_tag - y_row > 1.0f) c.dl->AddLine(ImVec2(m.pos.x + m.size.x, y_row), ImVec2(tag_x, y_tag), h.color, 1.5f);
      draw_chip(c.dl, ImVec2(tag_x, y_tag - cs.y * 0.5f), h.row, h.color, ids_p, c.pal);
      next_free = y_tag + cs.y * 0.5f + e * 0.15f;
    }
  }
  return hover;
}

// ---------------------------------------------------------------- the chart
// Horizontal bars on a log scale: per batch size, the lookup's and the matmul's
// median time per call with GB/s, and the ratio. `height` is the room it has:
// a short canvas gets the compact layout.

// The chart's inks at its fade-in alpha.
struct ChartInk {
  ImU32 text, muted, lookup, matmul;
  ImU32 on_bar;  // text on a coloured bar
  float alpha;
};

ChartInk chart_ink(const Palette& pal, float alpha) {
  return ChartInk{with_alpha(pal.text, alpha),
                  with_alpha(pal.muted, alpha),
                  with_alpha(pal.ok, alpha),
                  with_alpha(pal.bad, alpha),
                  with_alpha(IM_COL32(15, 17, 21, 255), alpha),
                  alpha};
}

// Run / Run again / Cancel, the status beside it and the run's progress as a thin
// line under both. Returns the y under them.
float draw_chart_controls(SlideCanvas& c, const ScaleSnapshot& s, ImVec2 pos, float width, const ChartInk& ink) {
  const SlideContext& cx = c.cx;
  const float e = em();
  float y = pos.y;
  ScaleWorker* w = scale_state(cx).worker.get();
  const bool running = s.timing == TimingPhase::Running || (w && w->busy() && s.table == TablePhase::Ready);
  float sx = pos.x;
  if (ink.alpha > 0.5f && w) {
    ImGui::SetCursorScreenPos(ImVec2(pos.x, y));
    if (running) {
      if (ImGui::SmallButton("Cancel##scale-cancel")) {
        w->cancel_timing();
        scale_state(cx).auto_timing = false;
      }
      landmark("scale-cancel");
    } else {
      const bool ready = s.table == TablePhase::Ready;
      if (!ready) ImGui::BeginDisabled();
      if (ImGui::SmallButton(s.timing == TimingPhase::None ? "Run##scale-run" : "Run again##scale-run")) {
        scale_state(cx).auto_timing = true;
        scale_state(cx).timed_version = s.version;
        w->start_timing();
      }
      if (!ready) ImGui::EndDisabled();
      landmark("scale-run");
    }
    sx = ImGui::GetItemRectMax().x + e * 0.5f;
  }
  static const char* const kStage[6] = {"the lookup, B = 1", "the lookup, B = 16", "the lookup, B = 256",
                                        "the matmul, B = 1", "the matmul, B = 16", "the matmul, B = 256"};
  char status[128];
  if (s.table != TablePhase::Ready) std::snprintf(status, sizeof status, "waiting for the table…");
  else if (running && s.timing_stage < 0)
    std::snprintf(status, sizeof status, "reading the file as float32 to time it…");
  else if (running) std::snprintf(status, sizeof status, "timing %s…", kStage[std::clamp(s.timing_stage, 0, 5)]);
  else if (s.timing == TimingPhase::Done)
    std::snprintf(status, sizeof status, "done in %.1f s · 1 thread · %s", s.timing_seconds, s.isa);
  else if (s.timing == TimingPhase::Cancelled) std::snprintf(status, sizeof status, "cancelled");
  else if (s.timing == TimingPhase::Failed) std::snprintf(status, sizeof status, "not timed: %s", s.timing_error);
  else std::snprintf(status, sizeof status, "not run yet");
  // The instruction sets and the time depend on the machine: cut to the room, whole on hover.
  draw_text_fit(c.dl, fonts().ui, ImVec2(sx, y + e * 0.05f), pos.x + width - sx, ink.muted, status);
  y += e * 1.45f;
  c.dl->AddRectFilled(ImVec2(pos.x, y), ImVec2(pos.x + width, y + e * 0.2f), with_alpha(c.pal.panel_alt, ink.alpha));
  const float frac = running ? s.timing_progress : (s.timing == TimingPhase::Done ? 1.0f : 0.0f);
  c.dl->AddRectFilled(ImVec2(pos.x, y), ImVec2(pos.x + width * frac, y + e * 0.2f),
                      with_alpha(c.pal.accent, ink.alpha));
  return y + e * 0.6f;
}

// The log axis: whole decades around every time measured, mapped onto [x, x + w].
struct LogAxis {
  double l0 = -4.0, l1 = 3.0;  // log10 of ms at the ends
  float x = 0, w = 0;
  float at(double ms) const {
    const double f = (std::log10(std::max(ms, 1e-9)) - l0) / (l1 - l0);
    return x + static_cast<float>(std::clamp(f, 0.0, 1.0)) * w;
  }
};

LogAxis log_axis(const ScaleSnapshot& s, float x, float w) {
  double lo = 1e-4, hi = 1e3;  // ms, until something is measured
  bool any = false;
  for (const BatchTiming& b : s.results)
    for (const PathTiming* p : {&b.lookup, &b.matmul})
      if (p->done && p->ms > 0.0) {
        lo = any ? std::min(lo, p->ms) : p->ms;
        hi = any ? std::max(hi, p->ms) : p->ms;
        any = true;
      }
  LogAxis a;
  a.l0 = std::floor(std::log10(lo));
  a.l1 = std::max(a.l0 + 1.0, std::ceil(std::log10(hi)));
  a.x = x;
  a.w = w;
  return a;
}

// One timed bar: its time and GB/s after the bar if they fit there, else inside it;
// without the GB/s when neither has room for it.
void draw_timed_bar(SlideCanvas& c, const LogAxis& axis, float by, float bar_h, const PathTiming& p, ImU32 color,
                    const ChartInk& ink) {
  const float e = em();
  c.dl->AddRectFilled(ImVec2(axis.x, by), ImVec2(axis.x + axis.w, by + bar_h), with_alpha(c.pal.panel_alt, ink.alpha),
                      e * 0.15f);
  if (!p.done && p.skipped_work > 0.0) {  // a picture's budget: say so on the bar
    char why[96];
    std::snprintf(why, sizeof why, "not timed in a picture: %s multiply-adds", count_words(p.skipped_work).c_str());
    draw_text_fit(c.dl, fonts().ui, ImVec2(axis.x + e * 0.4f, by + (bar_h - ImGui::GetFontSize()) * 0.5f),
                  axis.w - e * 0.8f, ink.muted, why);
  }
  if (!p.done) return;
  const float x1 = std::max(axis.x + e * 0.3f, axis.at(p.ms));
  c.dl->AddRectFilled(ImVec2(axis.x, by), ImVec2(x1, by + bar_h), with_alpha(color, 0.85f * ink.alpha), e * 0.15f);
  char buf[96], t1[32];
  fmt_ms(t1, sizeof t1, p.ms);
  std::snprintf(buf, sizeof buf, "%s · %.1f GB/s", t1, p.gbs);
  const float room_after = axis.x + axis.w - x1 - e * 0.6f, room_inside = x1 - axis.x - e * 0.6f;
  const char* label = buf;
  float lw = ImGui::CalcTextSize(label).x;
  if (lw > room_after && lw > room_inside) {
    label = t1;
    lw = ImGui::CalcTextSize(label).x;
  }
  const bool after = lw <= room_after || room_after >= room_inside;
  const float tx = after ? x1 + e * 0.4f : x1 - lw - e * 0.4f;
  draw_text(c.dl, fonts().ui, ImVec2(tx, by + (bar_h - ImGui::GetFontSize()) * 0.5f), after ? ink.text : ink.on_bar,
            label);
}

// One batch size: its name, the lookup's and the matmul's bars, and the ratio at the right.
void draw_batch_group(SlideCanvas& c, const LogAxis& axis, const BatchTiming& b, ImVec2 pos, float width, float bar_h,
                      float gap, const ChartInk& ink) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "B = %d", b.batch);
  const float group_h = 2.0f * bar_h + gap;
  draw_text(c.dl, fonts().bold, ImVec2(pos.x, pos.y + (group_h - ImGui::GetFontSize()) * 0.5f), ink.text, buf);
  draw_timed_bar(c, axis, pos.y, bar_h, b.lookup, ink.lookup, ink);
  draw_timed_bar(c, axis, pos.y + bar_h + gap, bar_h, b.matmul, ink.matmul, ink);
  if (b.lookup.done && b.matmul.done && b.lookup.ms > 0.0) {
    char ratio[32];
    fmt_count(ratio, sizeof ratio, static_cast<long long>(std::llround(b.matmul.ms / b.lookup.ms)));
    std::snprintf(buf, sizeof buf, "×%s", ratio);
    const ImVec2 ts = text_size(fonts().bold, buf);
    draw_text(c.dl, fonts().bold, ImVec2(pos.x + width - ts.x, pos.y + (group_h - ts.y) * 0.5f),
              with_alpha(c.pal.accent, ink.alpha), buf);
  }
}

// Decade ticks under the bars, labelled as often as they fit.
void draw_decade_ticks(SlideCanvas& c, const LogAxis& axis, float y, const ChartInk& ink) {
  const float e = em();
  const float decade_px = axis.w / static_cast<float>(axis.l1 - axis.l0);
  const int every = std::max(1, static_cast<int>(std::ceil(ImGui::CalcTextSize("100 ms").x * 1.25f / decade_px)));
  char t1[32];
  for (double l = axis.l0; l <= axis.l1 + 1e-9; l += 1.0) {
    const float x = axis.at(std::pow(10.0, l));
    c.dl->AddLine(ImVec2(x, y - e * 0.25f), ImVec2(x, y), with_alpha(c.pal.faint, ink.alpha));
    if (static_cast<int>(std::lround(l - axis.l0)) % every != 0) continue;
    fmt_ms(t1, sizeof t1, std::pow(10.0, l));
    const ImVec2 ts = ImGui::CalcTextSize(t1);
    draw_text(c.dl, fonts().ui, ImVec2(x - ts.x * 0.5f, y + e * 0.05f), ink.muted, t1);
  }
}

// "timed on the first 524,288 of 2,147,483,648 rows (a float32 copy ≤ 2.1 GB)": a table
// whose float32 copy would pass the budget is timed on its first rows.
void timed_rows_text(char* buf, size_t n, const ScaleSnapshot& s) {
  char a[32], b[32];
  fmt_count(a, sizeof a, s.timed_rows);
  fmt_count(b, sizeof b, s.vocab);
  std::snprintf(buf, n, "timed on the first %s of %s rows (a float32 copy of %s)", a, b,
                decimal_bytes(4.0 * static_cast<double>(s.timed_rows) * static_cast<double>(s.dim)).c_str());
}

// The legend (and, with room, how to read it and whether the numbers matched).
// Returns the y under it.
float draw_chart_legend(SlideCanvas& c, const ScaleSnapshot& s, ImVec2 pos, float width, bool compact,
                        const ChartInk& ink) {
  const float e = em();
  bool all_same = s.timing == TimingPhase::Done, skipped = false;
  for (const BatchTiming& b : s.results) {
    skipped |= b.matmul.skipped_work > 0.0;
    all_same = all_same && (b.same || b.matmul.skipped_work > 0.0);  // a matmul not timed compared nothing
  }
  const ImU32 same_ink = with_alpha(all_same ? c.pal.ok : c.pal.bad, ink.alpha);
  float y = pos.y;
  const float sq = e * 0.7f;
  float lx = pos.x;
  const char* long_names[2] = {"lookup  emb(idx)", "one-hot matmul  onehot @ emb.weight"};
  const char* names[2] = {"lookup", "one-hot matmul"};
  if (!compact &&
      ImGui::CalcTextSize(long_names[0]).x + ImGui::CalcTextSize(long_names[1]).x + 2.0f * (sq + e * 1.35f) <= width)
    std::copy(long_names, long_names + 2, names);
  const ImU32 lc[2] = {ink.lookup, ink.matmul};
  for (int k = 0; k < 2; ++k) {
    c.dl->AddRectFilled(ImVec2(lx, y + e * 0.2f), ImVec2(lx + sq, y + e * 0.2f + sq), lc[k], e * 0.1f);
    draw_text(c.dl, fonts().ui, ImVec2(lx + sq + e * 0.35f, y), ink.muted, names[k]);
    lx += sq + e * 0.35f + ImGui::CalcTextSize(names[k]).x + e * 1.0f;
  }
  if (compact && s.timing == TimingPhase::Done)
    draw_text(c.dl, fonts().ui, ImVec2(lx, y), same_ink, all_same ? "same numbers" : "outputs differ");
  y += e * 1.3f;
  if (compact) return y;
  draw_text(c.dl, fonts().ui, ImVec2(pos.x, y), ink.muted, "median time per call, log scale");
  y += e * 1.3f;
  draw_text(c.dl, fonts().ui, ImVec2(pos.x, y), ink.muted, "×N: the lookup is N times faster");
  y += e * 1.3f;
  if (s.timing == TimingPhase::Done) {
    draw_text(c.dl, fonts().ui, ImVec2(pos.x, y), same_ink,
              !all_same ? "the outputs differ (NaN/inf in the table)"
              : skipped ? "same numbers at every B timed: torch.equal → True"
                        : "same numbers at every B: torch.equal → True");
    y += e * 1.3f;
  }
  if (s.timed_rows > 0 && s.timed_rows < s.vocab) {
    char line[160];
    timed_rows_text(line, sizeof line, s);
    draw_text(c.dl, fonts().ui, ImVec2(pos.x, y), ink.muted, line);
    y += e * 1.3f;
  }
  return y;
}

// The chart as a scene: the title; the controls; a group of bars per batch size on
// one log axis; its ticks; the legend.
ImVec2 draw_chart(SlideCanvas& c, const ScaleSnapshot& s, ImVec2 pos, float width, float height, float alpha) {
  const float e = em();
  const bool compact = height < e * 19.5f;
  const ChartInk ink = chart_ink(c.pal, alpha);
  float y = pos.y;
  draw_text(c.dl, fonts().bold, ImVec2(pos.x, y), ink.text, "Timed on this machine");
  const float tw = text_size(fonts().bold, "Timed on this machine").x;
  if (compact) draw_text(c.dl, fonts().ui, ImVec2(pos.x + tw, y), ink.muted, " · median, log scale");
  y = draw_chart_controls(c, s, ImVec2(pos.x, y + e * 1.5f), width, ink);

  const float label_w = e * 4.0f, ratio_w = e * 5.2f;
  const LogAxis axis = log_axis(s, pos.x + label_w, std::max(e * 4.0f, width - label_w - ratio_w));
  const float bar_h = compact ? e * 1.0f : e * 1.15f, gap = compact ? e * 0.12f : e * 0.2f;
  const float group_gap = compact ? e * 0.3f : e * 0.55f;
  for (const BatchTiming& b : s.results) {
    draw_batch_group(c, axis, b, ImVec2(pos.x, y), width, bar_h, gap, ink);
    y += 2.0f * bar_h + gap + group_gap;
  }
  draw_decade_ticks(c, axis, y, ink);
  y = draw_chart_legend(c, s, ImVec2(pos.x, y + e * 1.4f), width, compact, ink);
  landmark_rect("scale-chart", pos, ImVec2(pos.x + width, y));  // measured afresh each run (tests/render)
  return ImVec2(width, y - pos.y);
}

// ---------------------------------------------------------------- the toggle
// Heat map | Map at the header's right end. Returns the width it takes (with a gap).
float draw_view_toggle(SlideCanvas& c) {
  const float e = em();
  const ImGuiStyle& st = ImGui::GetStyle();
  const float box = ImGui::GetFrameHeight() + st.ItemInnerSpacing.x;
  const float w = box * 2.0f + ImGui::CalcTextSize("Heat map").x + ImGui::CalcTextSize("Map").x + st.ItemSpacing.x;
  if (c.measuring || !find_scale_state(c.cx)) return w + e;
  ScaleState& sc = scale_state(c.cx);
  ImGui::SetCursorScreenPos(ImVec2(c.origin.x + c.avail.x - w, c.origin.y - (ImGui::GetFrameHeight() - e) * 0.5f));
  if (ImGui::RadioButton("Heat map##scale-view", sc.view == kScaleViewHeatmap)) sc.view = kScaleViewHeatmap;
  landmark("scale-view-heatmap");
  ImGui::SameLine();
  if (ImGui::RadioButton("Map##scale-view", sc.view == kScaleViewMap)) sc.view = kScaleViewMap;
  landmark("scale-view-map");
  return w + e;
}

// Under the map: what a hover and a click do (a shorter line where the long one would wrap
// past the room under the plot).
void draw_map_help(SlideCanvas& c, const ScaleSnapshot& s, ImVec2 at, float width, float height) {
  char help[320];
  std::snprintf(help, sizeof help,
                "Each point is one of the %s rows, coloured by its norm. Hover a point: lines join it to its %d "
                "nearest rows in all %s dimensions. Click: add it as an ID. Wheel, drag, double-click: zoom, pan, "
                "fit.",
                with_commas(s.vocab).c_str(), kScaleMapNear, with_commas(s.dim).c_str());
  if (ImGui::CalcTextSize(help, nullptr, false, width).y > height)
    std::snprintf(help, sizeof help, "Hover: its %d nearest rows in all %s dimensions · click: add as an ID",
                  kScaleMapNear, with_commas(s.dim).c_str());
  c.dl->PushClipRect(at, ImVec2(at.x + width, at.y + height), true);
  c.dl->AddText(fonts().ui, ImGui::GetFontSize(), at, c.pal.muted, help, nullptr, width);
  c.dl->PopClipRect();
  landmark_rect("scale-map-help", at, ImVec2(at.x + width, at.y + ImGui::CalcTextSize(help, nullptr, false, width).y));
}

// The line above the map: the table's name, shape, bytes and where it came from, and the
// Heat map | Map toggle at its right end.
void draw_header(SlideCanvas& c) {
  const SlideContext& cx = c.cx;
  char v[32], d[32], bytes[32], head[640];
  fmt_count(v, sizeof v, table_rows(cx));
  fmt_count(d, sizeof d, table_cols(cx));
  const bool packed = cx.model.inputs.file && stored_quantized(cx.model.inputs.file->type);  // bytes as stored
  std::snprintf(bytes, sizeof bytes, "%s",
                decimal_bytes(packed ? static_cast<double>(cx.model.inputs.file->stored_bytes())
                                     : 4.0 * static_cast<double>(table_rows(cx) * table_cols(cx)))
                    .c_str());
  if (cx.model.inputs.file)
    std::snprintf(head, sizeof head, "%s · %s × %s · %s · from a %s file", file_label(*cx.model.inputs.file).c_str(), v,
                  d, bytes, cx.model.inputs.file->dtype.c_str());
  else
    std::snprintf(head, sizeof head, "emb.weight · %s × %s · %s · seed %s", v, d, bytes,
                  cx.model.inputs.seed_text.c_str());
  // A file's and a tensor's name are the user's: cut in the middle to the room the toggle leaves.
  const float toggle_w = draw_view_toggle(c);
  draw_text_fit(c.dl, fonts().bold, c.origin, c.avail.x - toggle_w, c.pal.muted, head, Elide::Middle);
}

// ---------------------------------------------------------------- canvas
ImVec2 canvas(SlideCanvas& c) {
  const SlideContext& cx = c.cx;
  static const ScaleSnapshot kNothingYet;  // drawn before its first update (never in the window)
  const ScaleSnapshot* snap = snapshot(cx);
  const ScaleSnapshot& s = snap ? *snap : kNothingYet;
  const float e = em();
  ImDrawList* dl = c.dl;

  draw_header(c);

  // The chart slides in from the right in the timing step; the map keeps >= 8 em.
  const float chart_p = c.progress(kStepTiming);
  const float axis_w = e * 3.6f, tag_w = e * 3.2f, top = e * 1.6f + e * 1.4f;
  const float chart_full =
      std::min(std::clamp(c.avail.x * 0.42f, e * 20.0f, e * 30.0f), c.avail.x - axis_w - tag_w - e * 9.0f);
  const float chart_full_w = std::max(e * 12.0f, chart_full);
  const float chart_w = chart_p > 0.0f ? chart_full_w * chart_p : 0.0f;
  MapLayout m;
  m.pos = ImVec2(c.origin.x + axis_w, c.origin.y + top);
  m.size.x = std::max(e * 8.0f, c.avail.x - axis_w - tag_w - (chart_w > 0 ? chart_w + e * 1.0f : 0.0f));
  // Under the map: the colour scale, and the readout beside it (or below it when narrow).
  const float legend_w = std::clamp(m.size.x * 0.4f, e * 7.0f, e * 11.0f);
  const float beside = m.size.x + tag_w - legend_w - e * 1.2f;
  const bool below = beside < e * 14.0f;
  const float foot = below ? e * 4.3f : e * 2.9f;
  m.size.y = std::max(e * 7.0f, c.avail.y - top - foot);

  HeatmapHover hover;
  const bool map_view = scale_of(cx).view == kScaleViewMap && scale_of(cx).worker;
  if (s.table != TablePhase::Ready) {
    draw_build_progress(c, s, m);
  } else if (map_view) {
    ScaleState& sc = scale_state(cx);
    // The map has no axes of rows and columns: it takes their room too.
    scale_map_draw(c, sc.map, *sc.worker, ImVec2(c.origin.x, m.pos.y), ImVec2(m.size.x + axis_w + tag_w, m.size.y));
  } else {
    hover = draw_map(c, s, m);
  }

  const float fy = m.pos.y + m.size.y + e * 0.5f;
  if (s.table == TablePhase::Ready && map_view) {
    draw_map_help(c, s, ImVec2(c.origin.x, fy), m.size.x + axis_w + tag_w, foot - e * 0.5f);
  } else if (s.table == TablePhase::Ready) {
    HeatmapStyle ls;
    ls.light = cx.ui.theme == Theme::Light;
    const ImVec2 lsz = heatmap_draw_legend(dl, ImVec2(m.pos.x, fy), legend_w, s.range.abs_max, ls, c.pal);
    const ImVec2 at =
        below ? ImVec2(m.pos.x, fy + lsz.y + e * 0.2f) : ImVec2(m.pos.x + legend_w + e * 1.2f, fy - e * 0.05f);
    const float room = below ? m.size.x + tag_w : beside;
    // The readout: what the mouse points at, else what is shown; optional parts only
    // when they fit.
    char line[192];
    const HeatmapState& hm = scale_of(cx).heatmap;
    auto append = [&](const char* more) {
      const size_t len = std::strlen(line);
      if (ImGui::CalcTextSize(line).x + ImGui::CalcTextSize(more).x <= room)
        std::snprintf(line + len, sizeof line - len, "%s", more);
    };
    if (hover.valid) {
      // The map shows the model's own table only when it came from a file (else GPT-2's seeded one).
      if (cx.model.inputs.file && hover.row < cx.model.derived.vocab) cx.door.hover_row(hover.row);
      char value[24];
      fit_number(value, sizeof value, static_cast<double>(hover.value), 4, 12);
      std::snprintf(line, sizeof line, "row %lld, col %lld = %s", static_cast<long long>(hover.row),
                    static_cast<long long>(hover.col), value);
      char tip[192];
      std::snprintf(tip, sizeof tip, "%s", line);
      for (size_t i = 0; i < cx.model.inputs.ids.size(); ++i)
        if (cx.model.inputs.ids[i] == hover.row) {
          char who[64];
          std::snprintf(who, sizeof who, "   (idx[%zu] = %lld)", i, static_cast<long long>(hover.row));
          append(who);
          const size_t len = std::strlen(tip);
          std::snprintf(tip + len, sizeof tip - len, "%s", who);
          break;
        }
      ImGui::SetTooltip("%s", tip);
    } else {
      const HeatmapRange r = heatmap_range(hm.view, s.vocab, s.dim, m.size.x, m.size.y, HeatmapStyle{}.cell_aspect);
      const double per_px = heatmap_row_axis(r, m.size.y).rows_per_pixel();
      char a[32], b[32], more[96];
      fmt_count(a, sizeof a, static_cast<long long>(r.row0));
      fmt_count(b, sizeof b, static_cast<long long>(std::ceil(r.row0 + r.rows - 1e-6)) - 1);
      if (per_px > 1.5) {
        std::snprintf(line, sizeof line, "rows %s–%s", a, b);
        std::snprintf(more, sizeof more, " · %.0f rows a pixel", per_px);
        append(more);
        if (hm.gpu.used_overview) append(" (each shows its largest |value|)");
      } else {
        std::snprintf(line, sizeof line, "rows %s–%s, cols %lld–%lld", a, b, static_cast<long long>(r.col0),
                      static_cast<long long>(std::ceil(r.col0 + r.cols - 1e-6)) - 1);
      }
      append(" · wheel: zoom · drag: pan");
    }
    dl->PushClipRect(at, ImVec2(at.x + room, at.y + e * 1.5f), true);
    draw_text(dl, fonts().ui, at, hover.valid ? c.pal.text : c.pal.muted, line);
    dl->PopClipRect();
  }

  // The chart.
  ImVec2 chart_size(0, 0);
  if (chart_w > 0.0f) {
    const float cx = m.pos.x + m.size.x + tag_w;
    chart_size =
        draw_chart(c, s, ImVec2(cx + e * 1.0f, c.origin.y + e * 1.6f), chart_full_w, c.avail.y - e * 1.6f, chart_p);
  }
  const float used_h = std::max(top + m.size.y + foot, e * 1.6f + chart_size.y);
  return ImVec2(c.avail.x, used_h);
}

void caption(const SlideContext& cx, char* buf, size_t n) {
  char v[32];
  fmt_count(v, sizeof v, table_rows(cx));
  std::snprintf(buf, n, "%s, every weight: the lookup reads the IDs' rows, the one-hot matmul all %s",
                cx.model.inputs.file ? "The loaded table" : "GPT-2 small's embedding", v);
}

// ---------------------------------------------------------------- code
void code(const SlideContext& cx, std::string& code, std::string& output) {
  char buf[256];
  const long long V = table_rows(cx), D = table_cols(cx);
  code = "import time\nimport torch\n";
  if (cx.model.inputs.file) {
    const TableFile& f = *cx.model.inputs.file;
    code += table_load_import(f) + "\n\n";
    code += table_load_code(f) + "\n";
    std::snprintf(buf, sizeof buf, "emb = torch.nn.Embedding.from_pretrained(weights)   # %lld × %lld, from the file\n",
                  V, D);
    code += buf;
  } else {
    code += "\n";
    std::snprintf(buf, sizeof buf, "_ = torch.manual_seed(%s)\n", cx.model.inputs.seed_text.c_str());
    code += buf;
    std::snprintf(buf, sizeof buf, "emb = torch.nn.Embedding(%lld, %lld)     # GPT-2 small's token embedding\n", V, D);
    code += buf;
  }
  code += "emb.weight\n\n";
  code += "def median_ms(f, repeats):\n"
          "    times = []\n"
          "    for _ in range(repeats):\n"
          "        t0 = time.perf_counter()\n"
          "        f()\n"
          "        times.append(time.perf_counter() - t0)\n"
          "    return 1000 * sorted(times)[len(times) // 2]\n\n";
  code += "torch.set_num_threads(1)\n"
          "with torch.no_grad():\n"
          "    for B in (1, 16, 256):\n";
  std::snprintf(buf, sizeof buf, "        idx = torch.randint(%lld, (B,))\n", V);
  code += buf;
  std::snprintf(buf, sizeof buf, "        onehot = torch.nn.functional.one_hot(idx, %lld).float()\n", V);
  code += buf;
  code += "        lookup = median_ms(lambda: emb(idx), 25)              # reads B rows\n"
          "        matmul = median_ms(lambda: onehot @ emb.weight, 5)    # reads the whole table\n"
          "        print(f\"B={B}: lookup {lookup:.4f} ms, matmul {matmul:.2f} ms, ×{matmul / lookup:.0f}\")\n";

  output.clear();
  const ScaleSnapshot* s = snapshot(cx);
  if (s && s->table == TablePhase::Ready) {
    // Printed from the few values torch's repr reads: the table may be a file read where it lies.
    const Matrix edges = edges_of<Matrix>(
        s->vocab, s->dim, [s](int64_t r, int64_t c) { return s->data ? s->data[r * s->dim + c] : s->file->at(r, c); });
    append_repl(
        output, "emb.weight",
        "Parameter containing:\n" + repr_edges(edges, s->vocab, s->dim, ReprSuffix{"", s->file == nullptr, ""}));
  } else {
    output += cx.model.inputs.file ? ">>> emb.weight\n# (the table is being summarized…)\n"
                                   : ">>> emb.weight\n# (the table is being drawn from the seed…)\n";
  }
  if (s && !hides_timing(cx)) {
    bool any = false;
    for (const BatchTiming& b : s->results) {
      if (!b.lookup.done || !b.matmul.done) continue;
      if (!any) output += "# timed by lookupviz on this machine (C++, 1 thread; torch prints its own figures):\n";
      if (!any && s->timed_rows > 0 && s->timed_rows < s->vocab) {
        char line[160];
        timed_rows_text(line, sizeof line, *s);
        output += std::string("# ") + line + "\n";
      }
      any = true;
      std::snprintf(buf, sizeof buf, "B=%d: lookup %.4f ms, matmul %.2f ms, ×%.0f\n", b.batch, b.lookup.ms, b.matmul.ms,
                    b.matmul.ms / std::max(b.lookup.ms, 1e-12));
      output += buf;
    }
  }
}

// ---------------------------------------------------------------- lifecycle
// Every frame before drawing: shown, it asks for its table and collects what the worker
// published; hidden, it lets go of a table it would no longer want (a file closed or
// replaced, another seed or shape), so a big table left behind is not held beside the next.
void update(const SlideContext& cx, bool shown) {
  if (shown) {
    update_shown(cx, current_step(cx.ui.timeline, kSteps));
    return;
  }
  if (find_scale_state(cx) && scale_of(cx).worker)
    scale_state(cx).worker->release_unwanted(cx.model.inputs.seed, scale_of(cx).vocab, scale_of(cx).dim,
                                             cx.model.inputs.file.get());
}

bool uploading(const ScaleState& sc) {  // the table goes up to the GPU in slices: every frame uploads one
  const HeatmapGpuStatus& gpu = sc.heatmap.gpu;
  return sc.worker->snapshot().table == TablePhase::Ready && gpu.active && !gpu.failed && !gpu.ready;
}

SlideActivity activity(const SlideContext& cx, bool shown) {
  const ScaleState& sc = scale_of(cx);
  if (!shown || !sc.worker) return SlideActivity::Idle;  // hidden, it starts nothing
  if (uploading(sc)) return SlideActivity::Animating;
  const bool mapping = sc.view == kScaleViewMap && (sc.map.job.running() || sc.map.near_job.running());
  return sc.worker->busy() || mapping ? SlideActivity::Working : SlideActivity::Idle;
}

// For --screenshot / --export-slides: its table (and, from the timing step on, its timing)
// is done, and on the GPU when there is one.
bool ready(const SlideContext& cx, bool shown) {
  if (!shown) return true;
  const ScaleState& sc = scale_of(cx);
  if (!sc.worker) return false;
  const ScaleSnapshot& s = sc.worker->snapshot();
  if (s.table == TablePhase::Failed) return true;
  if (s.table != TablePhase::Ready || sc.worker->busy()) return false;
  if (sc.view == kScaleViewMap) return !sc.map.job.running() && (scale_map_ready(sc.map, s) || sc.map.job.last());
  const HeatmapGpuStatus& gpu = sc.heatmap.gpu;
  return !(heatmap_renderer() && !gpu.failed && !gpu.ready);
}

// Its code panel prints the figures measured so far (and hides them while a question asks).
uint64_t code_depends(const SlideContext& cx) {
  const ScaleState* sc = find_scale_state(cx);
  return sc ? sc->seen_revision : 0;
}

void file_changed(const SlideContext& cx) {
  if (find_scale_state(cx) && scale_of(cx).worker) scale_state(cx).worker->table_changed();  // summarized again
}

// Learn mode asks about the view shown: the timings' questions over the heat map (at the
// timing step, from what this slide measured: measure below), the map's once its map of this
// table is made (with every step shown: nothing of the chart answers it). A worksheet does
// not ask them.
quiz::PictureStep before_timing(const quiz::Question&) { return {7, 0}; }
bool heatmap_shown(const SlideContext& cx) { return scale_of(cx).view == kScaleViewHeatmap; }
bool map_shown(const SlideContext& cx) {
  const ScaleState& sc = scale_of(cx);
  return sc.view == kScaleViewMap && sc.worker && scale_map_ready(sc.map, sc.worker->snapshot());
}
QuestionSteps steps_all(const quiz::Question&, int n) { return steps_at(n, n, n); }
constexpr SlideQuestion kQuestions[] = {
    // No anchor far from the truth (measured ratios run from tens to tens of thousands).
    {quiz::QuestionKind::SpeedupEstimate, steps_last,
     "Type your estimate, a number like 100 or 10000 (within 2× counts); Enter answers, S shows.", before_timing, false,
     true, heatmap_shown},
    {quiz::QuestionKind::SpeedupBatch, steps_last, "Type 1 or 256; Enter answers, S shows.", before_timing, false, true,
     heatmap_shown},
    {quiz::QuestionKind::MapNearest, steps_all,
     "Click one of the five circled points (wheel: zoom in), or its chip, or type its row; Enter answers, S shows.",
     before_timing, false, true, map_shown},
};

// The map's question reads the map this view shows (no PCA of its own on the UI thread).
void quiz_model(const SlideContext& cx, quiz::QuizModel& m) {
  const ScaleState& sc = scale_of(cx);
  if (sc.view == kScaleViewMap && sc.worker) m.shown_map = scale_map_shown(sc.map, *sc.worker);
}
// The view shown and its map asked about: toggling asks about the other view.
uint64_t quiz_key(const SlideContext& cx) {
  const ScaleState& sc = scale_of(cx);
  return static_cast<uint64_t>(sc.view) * 2 + (map_shown(cx) ? 1 : 0);
}

// The view in the session: "slide_value = scale.view map".
void save_values(const SlideContext& cx, std::vector<SettingsSlideValue>& out) {
  out.push_back({"scale.view", scale_of(cx).view == kScaleViewMap ? "map" : "heatmap"});
}
void restore_values(const SlideContext& cx, const std::vector<SettingsSlideValue>& in) {
  for (const SettingsSlideValue& v : in)
    if (v.name == "scale.view" && (v.value == "map" || v.value == "heatmap"))
      scale_state(cx).view = v.value == "map" ? kScaleViewMap : kScaleViewHeatmap;
}
uint64_t values_key(const SlideContext& cx) { return static_cast<uint64_t>(scale_of(cx).view); }

}  // namespace

const SlideDef kSlideAtScale = {
    .title = "At scale",
    .draw = {steps, narrative, canvas, caption, code},
    .fills_canvas = true,
    .table_work = kTableWorkFacts,  // a file's map is its whole-table facts (the model's pass)
    .update = update,
    .activity = activity,
    .ready = ready,
    .file_changed = file_changed,
    .code_depends = code_depends,
    .save_values = save_values,
    .restore_values = restore_values,
    .values_key = values_key,
    .holds_big_table = true,
    .questions = kQuestions,
    .measured_questions = true,
    .hides = hides,
    .quiz_model = quiz_model,
    .measure = measured_speedup,
    .measure_batches = {kTimingBatches[0], kTimingBatches[kTimingBatchCount - 1]},
    .quiz_key = quiz_key};

MeasuredSpeedup measured_speedup(const SlideContext& cx, int batch) {
  MeasuredSpeedup m;
  const ScaleSnapshot* s = snapshot(cx);
  if (!s) return m;
  if (s->table == TablePhase::Failed) {
    m.state = MeasuredSpeedup::State::Failed;
    m.why = s->error;
    return m;
  }
  if (s->timing == TimingPhase::Failed) {
    m.state = MeasuredSpeedup::State::Failed;
    m.why = s->timing_error;
    return m;
  }
  if (s->timing == TimingPhase::Cancelled && !scale_of(cx).auto_timing) {
    m.state = MeasuredSpeedup::State::Failed;
    m.why = "the timing was cancelled (Run times it again)";
    return m;
  }
  for (const BatchTiming& b : s->results) {
    if (b.batch != batch) continue;
    if (b.lookup.done && b.matmul.done && b.lookup.ms > 0.0) {
      m.state = MeasuredSpeedup::State::Ready;
      m.ratio = b.matmul.ms / b.lookup.ms;
    } else if (b.matmul.skipped_work > 0.0) {
      m.state = MeasuredSpeedup::State::Failed;
      m.why = "a picture from the command line does not time a matmul this large";
    }
  }
  return m;
}

ScaleState& scale_state(const SlideContext& cx) { return cx.own<ScaleState>(); }
const ScaleState* find_scale_state(const SlideContext& cx) { return cx.find_own<ScaleState>(); }

}  // namespace lv::app
