// app_nearest.cpp — the "What a row means" panel (see the header).
//   the workers    the search (NearestJob), the norms and the unused-row indicator
//   drawing        the window, its tabs (the map's is app_map.cpp)
// (The table's key and snapshot, the rows' text and the typed query: app/table_rows.cpp,
// which the map uses too.)
#include "app/app_nearest.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <utility>

#include "app/app_map.hpp"
#include "app/table_rows.hpp"
#include "app/state/app_edits.hpp"
#include "app/model/app_model.hpp"
#include "app/ui_base/ui_draw.hpp"
#include "app/ui_base/ui_landmarks.hpp"
#include "app/ui_base/ui_theme.hpp"
#include "core/nearest/unused_rows.hpp"
#include "core/text/id_parse.hpp"
#include "core/text/text_format.hpp"
#include "core/text/token_text.hpp"
#include "core/text/wide_text.hpp"
#include "core/tokenizer/bpe_vocab.hpp"
#include "core/tokenizer/gpt2_tokenizer.hpp"

namespace lv::app {
namespace {

constexpr int kHistogramBins = 48;
constexpr int kListed = 12;  // lowest / highest / indicator rows listed
// Landmarks of the first listed rows (literals: the landmark table keeps the pointer).
constexpr const char* kNeighbourMarks[] = {"nearest-n0", "nearest-n1", "nearest-n2", "nearest-n3", "nearest-n4",
                                           "nearest-n5", "nearest-n6", "nearest-n7", "nearest-n8", "nearest-n9"};
constexpr const char* kLowestMarks[] = {"norms-low0", "norms-low1", "norms-low2", "norms-low3"};

// ---------------------------------------------------------------- the workers

void update_search(App& app) {
  NearestPanel& p = app.nearest;
  NearestResult r;
  if (p.job.take(&r)) {
    p.result = std::move(r);
    p.shown = p.asked;
    p.has_result = true;
  }
  if (!p.open || p.tab != 0 || p.row < 0 || p.row >= app.derived.vocab) return;
  NearestAsk want{nearest_table_key(app), p.row,
                  std::clamp<int64_t>(p.k, 1, std::max<int64_t>(1, app.derived.vocab - 1)), p.metric};
  if (want == p.asked && (p.job.running() || p.has_result)) return;
  p.asked = want;
  p.job.start({nearest_snapshot(app), want.row, want.k, want.metric});
}

void start_norms(App& app) {
  NearestPanel& p = app.nearest;
  p.norms_asked = nearest_table_key(app);
  auto out = std::make_shared<NormsAnswer>();
  p.norms_out = out;
  const bool tied = app.inputs.tie_weights;
  p.norms_job.start(
      [t = nearest_snapshot(app), key = p.norms_asked, marked = p.marked_unused, tied, out](JobControl& c) mutable {
    // A GGUF's unused tokens join the rows the user marked (its header read here, not on the UI thread).
    if (const TableFile* f = t.file())
      for (int64_t r : gguf_unused_rows(*f)) marked.push_back(r);
    std::sort(marked.begin(), marked.end());
    marked.erase(std::unique(marked.begin(), marked.end()), marked.end());
    NearestControl control;
    control.cancel = &c.cancel;
    control.fraction = &c.progress;  // the scan's share done is the job's progress
    const RowNorms n = row_norms(t, control);
    if (!n.ok || !n.norms) return;
    out->summary = summarize_norms(*n.norms, kListed, kHistogramBins);
    out->rows = t.rows();
    out->table = key;
    out->marked = marked;
    if (tied && !marked.empty()) {
      const UnusedIndicator u = unused_row_indicator(t, marked, kListed, control);
      if (u.cancelled) return;
      out->indicator = u.rows;
    }
    out->ok = true;
    c.progress.store(1.0f, std::memory_order_relaxed);
  });
}

void update_norms(App& app) {
  NearestPanel& p = app.nearest;
  if (p.norms_job.take() && p.norms_out && p.norms_out->ok) {
    p.norms = *p.norms_out;
    p.has_norms = true;
  }
  // Once per table (and edit) while the tab shows; a cancelled pass waits for its button.
  if (!p.open || p.tab != 1 || p.norms_job.running() || p.norms_asked == nearest_table_key(app)) return;
  start_norms(app);
}

// ---------------------------------------------------------------- drawing

// A listed row: "row  token  score" as one selectable line; a click adds it as an ID, a
// right-click asks for its own neighbours.
bool row_line(App& app, int64_t row, double score, const char* score_fmt, const char* mark, bool tagged) {
  char label[64];
  std::snprintf(label, sizeof label, "%s##r%lld", Commas(row).s, static_cast<long long>(row));
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(0);
  if (ImGui::Selectable(label, false, ImGuiSelectableFlags_SpanAllColumns)) add_row_as_id(app, row);
  if (mark) landmark(mark);
  bool right = false;
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "Click: add row %lld as an ID · right-click: %s", static_cast<long long>(row),
        app.nearest.tab == 1 && app.inputs.tie_weights ? "mark it unused (or not)" : "its own neighbours");
    right = ImGui::IsMouseClicked(ImGuiMouseButton_Right);
  }
  // The token's text (GPT-2-sized tables) and the mark of a row marked unused.
  if (ImGui::TableGetColumnCount() == 3) {
    ImGui::TableSetColumnIndex(1);
    const std::string text = row_token_text(app, row);
    ImGui::TextUnformatted(tagged ? (text + "  (unused)").c_str() : text.c_str());
  } else if (tagged) {
    ImGui::SameLine();
    ImGui::TextDisabled("(unused)");
  }
  ImGui::TableSetColumnIndex(ImGui::TableGetColumnCount() - 1);
  ImGui::Text(score_fmt, score);
  return right;
}

bool begin_rows_table(const App& app, const char* id, const char* score_name, float height) {
  const bool tokens = rows_are_tokens(app);
  if (!ImGui::BeginTable(id, tokens ? 3 : 2,
                         ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingStretchProp |
                             ImGuiTableFlags_PadOuterX,
                         ImVec2(0.0f, height)))
    return false;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("row", ImGuiTableColumnFlags_WidthStretch, 1.0f);
  if (tokens) ImGui::TableSetupColumn("token", ImGuiTableColumnFlags_WidthStretch, 1.4f);
  ImGui::TableSetupColumn(score_name, ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableHeadersRow();
  return true;
}

void draw_query(App& app) {
  NearestPanel& p = app.nearest;
  const float e = em();
  ImGui::SetNextItemWidth(std::min(e * 10.0f, ImGui::GetContentRegionAvail().x * 0.5f));
  const char* hint = rows_are_tokens(app) ? "row or token" : "row";
  if (ImGui::InputTextWithHint("##nearest-query", hint, p.query_buf, sizeof p.query_buf,
                               ImGuiInputTextFlags_EnterReturnsTrue)) {
    const int64_t r = nearest_query_row(app, p.query_buf, &p.query_error);
    if (r >= 0) p.row = r;
  }
  landmark("nearest-query");
  ImGui::SameLine();
  int k = p.k;
  ImGui::SetNextItemWidth(std::max(e * 4.0f, ImGui::GetContentRegionAvail().x));
  if (ImGui::SliderInt("##k", &k, 1, 50, "k = %d")) p.k = k;
  int m = static_cast<int>(p.metric);
  if (ImGui::RadioButton("cosine", &m, static_cast<int>(NearestMetric::kCosine))) p.metric = NearestMetric::kCosine;
  landmark("nearest-cosine");
  ImGui::SameLine();
  if (ImGui::RadioButton("dot", &m, static_cast<int>(NearestMetric::kDot))) p.metric = NearestMetric::kDot;
  landmark("nearest-dot");
  ImGui::SameLine();
  if (ImGui::RadioButton("L2", &m, static_cast<int>(NearestMetric::kL2))) p.metric = NearestMetric::kL2;
  landmark("nearest-l2");
  if (!p.query_error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette(app.ui.theme).bad);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(p.query_error.c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
  }
}

void draw_neighbours(App& app) {
  NearestPanel& p = app.nearest;
  draw_query(app);
  if (p.row < 0 || p.row >= app.derived.vocab) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("Hover a row of the table and press N (or right-click it), or type a row above.");
    ImGui::PopTextWrapPos();
    return;
  }
  const std::string text = row_token_text(app, p.row);
  ImGui::Text("Row %s%s%s", Commas(p.row).s, text.empty() ? "" : " · ", text.c_str());
  ImGui::SameLine();
  if (ImGui::SmallButton("Add as ID##nearest-self")) add_row_as_id(app, p.row);
  landmark("nearest-add-self");
  if (p.job.running()) {
    char what[96];
    std::snprintf(what, sizeof what, "reading %s rows…", Commas(app.derived.vocab).s);
    nearest_progress_line(p.job.progress(), what, nullptr, &p.job);
  }
  if (!p.has_result) return;
  if (!p.result.ok) {
    if (!p.result.error.empty()) ImGui::TextWrapped("%s", p.result.error.c_str());
    return;
  }
  // The last answer stays while another is computed (dimmed when it is not this query's).
  const bool current = p.shown.row == p.row && p.shown.table == nearest_table_key(app);
  if (!current) ImGui::PushStyleVar(ImGuiStyleVar_Alpha, 0.5f);
  ImGui::PushStyleColor(ImGuiCol_Text, palette(app.ui.theme).muted);
  ImGui::TextWrapped("%lld nearest by %s (row %lld left out) · click one to add it as an ID",
                     static_cast<long long>(p.result.neighbours.size()), nearest_metric_name(p.shown.metric),
                     static_cast<long long>(p.shown.row));
  // Rows whose score is not a number are never listed: say how many (all of them: the row
  // asked about itself holds NaN or inf).
  if (p.result.unscored > 0 && p.result.neighbours.empty())
    ImGui::TextWrapped("No row can be compared with row %lld: its score against every row is not a number (the "
                       "row holds NaN or inf).",
                       static_cast<long long>(p.shown.row));
  else if (p.result.unscored > 0)
    ImGui::TextWrapped("%s left out: not a finite score (NaN or inf in the row).",
                       counted(p.result.unscored, "row").c_str());
  ImGui::PopStyleColor();
  const char* score = p.shown.metric == NearestMetric::kL2    ? "distance"
                      : p.shown.metric == NearestMetric::kDot ? "dot"
                                                              : "cosine";
  if (begin_rows_table(app, "##neighbours", score, std::max(em() * 4.0f, ImGui::GetContentRegionAvail().y))) {
    for (size_t i = 0; i < p.result.neighbours.size(); ++i) {
      const Neighbour& n = p.result.neighbours[i];
      ImGui::PushID(static_cast<int>(i));
      if (row_line(app, n.row, n.score, "%.4f", i < std::size(kNeighbourMarks) ? kNeighbourMarks[i] : nullptr, false))
        p.open_request = n.row;
      ImGui::PopID();
    }
    ImGui::EndTable();
  }
  if (!current) ImGui::PopStyleVar();
}

// The histogram of the finite norms: bars over [min, max], drawn here (its own colours in
// both themes), the range under it.
void norms_histogram(const NormsAnswer& a, const Palette& pal) {
  const float e = em();
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const float w = std::max(e * 6.0f, ImGui::GetContentRegionAvail().x), h = e * 4.0f;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(at, ImVec2(at.x + w, at.y + h), pal.panel_alt, e * 0.2f);
  int64_t top = 1;
  for (int64_t b : a.summary.bins) top = std::max(top, b);
  const size_t n = a.summary.bins.size();
  for (size_t i = 0; i < n; ++i) {
    const float x0 = at.x + w * static_cast<float>(i) / static_cast<float>(n);
    const float x1 = at.x + w * static_cast<float>(i + 1) / static_cast<float>(n);
    const int64_t c = a.summary.bins[i];
    if (c == 0) continue;
    // At least a pixel for any row: a lone never-trained row must not vanish.
    const float bar = std::max(1.0f, (h - 2.0f) * std::sqrt(static_cast<float>(c) / static_cast<float>(top)));
    dl->AddRectFilled(ImVec2(x0 + 0.5f, at.y + h - bar), ImVec2(std::max(x0 + 1.5f, x1 - 0.5f), at.y + h), pal.accent);
  }
  ImGui::Dummy(ImVec2(w, h));
  landmark("norms-histogram");
  if (ImGui::IsItemHovered()) {
    const float f = (ImGui::GetIO().MousePos.x - at.x) / w;
    const size_t i = std::min(n - 1, static_cast<size_t>(std::max(0.0f, f) * static_cast<float>(n)));
    const double lo = a.summary.min + (a.summary.max - a.summary.min) * static_cast<double>(i) / static_cast<double>(n);
    const double hi =
        a.summary.min + (a.summary.max - a.summary.min) * static_cast<double>(i + 1) / static_cast<double>(n);
    if (n > 0)
      ImGui::SetTooltip("%lld rows with |row| in [%.4g, %.4g)", static_cast<long long>(a.summary.bins[i]), lo, hi);
  }
  ImGui::PushStyleColor(ImGuiCol_Text, pal.muted);
  ImGui::TextWrapped("|row| from %.3g to %.3g over %s (bar heights: the square root of the count)%s", a.summary.min,
                     a.summary.max, counted(a.rows, "row").c_str(),
                     a.summary.nonfinite ? "; some rows are not finite" : "");
  ImGui::PopStyleColor();
}

bool marked(const NearestPanel& p, int64_t row) {
  return std::find(p.marked_unused.begin(), p.marked_unused.end(), row) != p.marked_unused.end();
}

// A right-click on a listed row of the norms tab: marked unused (or no longer), and the
// indicator computed again (a tied table); an untied table's right-click asks its neighbours.
void toggle_unused(App& app, int64_t row) {
  NearestPanel& p = app.nearest;
  if (!app.inputs.tie_weights) {
    p.open_request = row;
    return;
  }
  const auto it = std::find(p.marked_unused.begin(), p.marked_unused.end(), row);
  if (it == p.marked_unused.end()) p.marked_unused.push_back(row);
  else p.marked_unused.erase(it);
  start_norms(app);
}

void draw_norms(App& app) {
  NearestPanel& p = app.nearest;
  const Palette& pal = palette(app.ui.theme);
  if (p.norms_job.running()) {
    char what[96];
    std::snprintf(what, sizeof what, "norms of %s rows…", Commas(app.derived.vocab).s);
    nearest_progress_line(p.norms_job.progress(), what, &p.norms_job, nullptr);
  }
  const bool stale = !p.has_norms || !(p.norms.table == nearest_table_key(app));
  if (stale && !p.norms_job.running() && ImGui::Button("Compute the row norms")) start_norms(app);
  if (!p.has_norms) return;
  const NormsAnswer& a = p.norms;
  norms_histogram(a, pal);
  ImGui::PushTextWrapPos(0.0f);
  if (app.inputs.tie_weights)
    ImGui::TextDisabled("Tied head: the output head pulls every row, so a low norm says little. Land & Bartolo's "
                        "indicator is the cosine to the mean of rows marked unused, first principal component "
                        "removed. Right-click a row to mark it unused.");
  else
    ImGui::TextDisabled("Untied table: a row training never reached keeps its small initial norm — the lowest "
                        "are the never-trained candidates. Click one to add it as an ID: slide 6 shows its "
                        "gradient.");
  ImGui::PopTextWrapPos();
  const float h = std::max(em() * 4.0f, ImGui::GetContentRegionAvail().y * (a.indicator.empty() ? 1.0f : 0.5f));
  if (begin_rows_table(app, "##lowest", "|row|", h)) {
    for (size_t i = 0; i < a.summary.lowest.size(); ++i) {
      const RowNorm& n = a.summary.lowest[i];
      ImGui::PushID(static_cast<int>(i));
      if (row_line(app, n.row, n.norm, "%.4f", i < std::size(kLowestMarks) ? kLowestMarks[i] : nullptr,
                   marked(p, n.row)))
        toggle_unused(app, n.row);
      ImGui::PopID();
    }
    ImGui::EndTable();
  }
  if (a.indicator.empty()) return;
  ImGui::Text("Closest to the %s marked unused", count_text(static_cast<long long>(a.marked.size()), "row").c_str());
  if (begin_rows_table(app, "##indicator", "cosine", std::max(em() * 4.0f, ImGui::GetContentRegionAvail().y))) {
    for (size_t i = 0; i < a.indicator.size(); ++i) {
      ImGui::PushID(static_cast<int>(1000 + i));
      if (row_line(app, a.indicator[i].row, a.indicator[i].score, "%.4f", nullptr, marked(p, a.indicator[i].row)))
        toggle_unused(app, a.indicator[i].row);
      ImGui::PopID();
    }
    ImGui::EndTable();
  }
}

// The window: beside the canvas's right edge, never larger than the screen.
void begin_window(App& app, bool* open) {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float e = em();
  const float w = std::min(e * 26.0f, vp->WorkSize.x * 0.45f);
  const float h = std::min(e * 30.0f, vp->WorkSize.y - e * 4.0f);
  ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x - w - e, vp->WorkPos.y + e * 3.0f),
                          ImGuiCond_Appearing);
  ImGui::SetNextWindowSize(ImVec2(w, h), ImGuiCond_Appearing);
  ImGui::SetNextWindowSizeConstraints(ImVec2(std::min(e * 14.0f, vp->WorkSize.x), std::min(e * 12.0f, vp->WorkSize.y)),
                                      vp->WorkSize);
  const Palette& pal = palette(app.ui.theme);
  ImGui::PushStyleColor(ImGuiCol_WindowBg, pal.panel);
  ImGui::Begin("What a row means###nearest", open, ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings);
  ImGui::PopStyleColor();
  // A window made smaller (or a move past the edge) brings the panel back inside.
  const ImVec2 pos = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
  const ImVec2 in(std::clamp(pos.x, vp->WorkPos.x, std::max(vp->WorkPos.x, vp->WorkPos.x + vp->WorkSize.x - size.x)),
                  std::clamp(pos.y, vp->WorkPos.y, std::max(vp->WorkPos.y, vp->WorkPos.y + vp->WorkSize.y - size.y)));
  if (in.x != pos.x || in.y != pos.y) ImGui::SetWindowPos(in);
  landmark_rect("nearest-window", in, ImVec2(in.x + size.x, in.y + size.y));  // the whole panel (the layout report)
}

}  // namespace

void open_nearest(App& app, int64_t row) {
  NearestPanel& p = app.nearest;
  p.open = true;
  p.tab = 0;
  p.want_tab = 0;
  p.row = row;
  p.query_error.clear();
  std::snprintf(p.query_buf, sizeof p.query_buf, "%lld", static_cast<long long>(row));
}

bool nearest_busy(const App& app) {
  return app.nearest.job.running() || app.nearest.norms_job.running() || map_busy(app);
}

void draw_nearest_panel(App& app) {
  NearestPanel& p = app.nearest;
  // A table row under the mouse this frame and a right-click: its neighbours.
  if (p.hover_frame == ImGui::GetFrameCount() && p.hover_row >= 0 && ImGui::IsMouseClicked(ImGuiMouseButton_Right))
    p.open_request = p.hover_row;
  if (p.open_request >= 0) {
    open_nearest(app, p.open_request);
    p.open_request = -1;
  }
  update_search(app);
  update_norms(app);
  update_map(app);
  if (!p.open) return;
  bool open = true;
  begin_window(app, &open);
  landmark("nearest-panel");
  if (ImGui::BeginTabBar("##nearest-tabs")) {
    const int want = std::exchange(p.want_tab, -1);
    if (ImGui::BeginTabItem("Nearest rows", nullptr, want == 0 ? ImGuiTabItemFlags_SetSelected : 0)) {
      p.tab = 0;
      ImGui::EndTabItem();
    }
    landmark("nearest-tab-rows");
    if (ImGui::BeginTabItem("Norms · never trained", nullptr, want == 1 ? ImGuiTabItemFlags_SetSelected : 0)) {
      p.tab = 1;
      ImGui::EndTabItem();
    }
    landmark("nearest-tab-norms");
    if (ImGui::BeginTabItem("Map", nullptr, want == 2 ? ImGuiTabItemFlags_SetSelected : 0)) {
      p.tab = 2;
      ImGui::EndTabItem();
    }
    landmark("nearest-tab-map");
    ImGui::EndTabBar();
  }
  if (p.tab == 0) draw_neighbours(app);
  else if (p.tab == 1) draw_norms(app);
  else draw_map_tab(app);
  ImGui::End();
  if (!open) {
    p.open = false;
    p.job.stop();
    p.norms_job.stop();
    p.map.job.stop();
    p.map.near_job.stop();
  }
}

}  // namespace lv::app
