// slide_07_map.cpp — slide 7's map view (see the header).
//   the worker   the map of the slide's table, and the hovered row's nearest rows
//   the question Learn mode's map_nearest: row r, its five nearest on the map, the reveal
//   drawing      the controls, the plot, the hover and the click, the line under it
#include "app/slides/slide_07_map.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/ui_base/ui_draw.hpp"
#include "app/ui_base/ui_landmarks.hpp"
#include "app/ui_base/ui_theme.hpp"
#include "app/widgets/widget_answer_targets.hpp"
#include "core/quiz/map_question.hpp"
#include "core/text/text_format.hpp"

namespace lv::app {
namespace {

// ---------------------------------------------------------------- the worker

void take_answers(ScaleMapState& m) {
  if (auto a = m.job.take(); a && a->ok) m.map = std::move(a), m.view.scale = 0, m.near_row = -1, m.has_near = false;
  NearestResult r;
  if (m.near_job.take(&r)) m.near = std::move(r), m.has_near = true;
}

void hover_row(const SlideContext& cx, ScaleMapState& m, const ScaleWorker& w, int64_t row) {
  const ScaleSnapshot& s = w.snapshot();
  const float norm = static_cast<size_t>(row) < m.map->norms.size() ? m.map->norms[static_cast<size_t>(row)] : NAN;
  // A token is the vocabulary's: up to hundreds of bytes. Cut in the middle to half the window.
  const std::string token = cx.door.row_token(row, s.vocab);
  char shown[256];
  elide_text(ImGui::GetFont(), ImGui::GetFontSize(), token.c_str(), ImGui::GetMainViewport()->WorkSize.x * 0.5f,
             Elide::Middle, shown, sizeof shown);
  ImGui::SetTooltip("row %s%s%s%s   |row| %.4f", with_commas(row).c_str(), token.empty() ? "" : "   “", shown,
                    token.empty() ? "" : "”", static_cast<double>(norm));
  if (cx.model.inputs.file && row < cx.model.derived.vocab) cx.door.hover_row(row);  // the model's own table: N
  if (row == m.near_row) return;
  m.near_row = row;
  m.has_near = false;
  m.near_job.start({w.table_view(), row, kScaleMapNear, NearestMetric::kL2});
}

// ---------------------------------------------------------------- the question

struct Asked {
  bool on = false, asking = false;
  int64_t row = -1;
  IdList choices;
  int64_t answer = -1;
};

Asked asked_here(const SlideCanvas& c) {
  Asked a;
  if (!learn_asks(c, quiz::QuestionKind::MapNearest)) return a;
  const LearnState& L = c.cx.learn;
  a.on = true;
  a.asking = L.phase == LearnPhase::Asking;
  a.row = L.question.params.row.value_or(-1);
  if (L.question.params.choices) a.choices = *L.question.params.choices;
  if (const auto* v = std::get_if<int64_t>(&L.question.answer)) a.answer = *v;
  return a;
}

// Centres the view on row r with its five choices spread over the middle of the plot: at the
// whole map's scale they sit within a pixel or two of it.
void zoom_to(ScaleMapState& m, const MapGrid& g, const Asked& a, ImVec2 size) {
  auto x = [&](int64_t r) { return static_cast<double>(g.coords[r * g.k + g.ax]); };
  auto y = [&](int64_t r) { return static_cast<double>(g.coords[r * g.k + g.ay]); };
  if (a.row < 0 || a.row >= g.rows || !std::isfinite(x(a.row)) || !std::isfinite(y(a.row))) return;
  double reach = 0;
  for (int64_t r : a.choices)
    if (r >= 0 && r < g.rows && std::isfinite(x(r)) && std::isfinite(y(r)))
      reach = std::max({reach, std::abs(x(r) - x(a.row)), std::abs(y(r) - y(a.row))});
  m.view.cx = x(a.row), m.view.cy = y(a.row);
  if (reach > 0) m.view.scale = 0.3 * std::min(size.x, size.y) / reach;
}

// Row r ringed and named; each choice a target (click it, or its chip in the question panel);
// once revealed, r joined to every choice, the full-space nearest in the "ok" colour.
void draw_question(SlideCanvas& c, const MapGrid& g, const MapPlotView& v, const Asked& a, ImVec2 min, ImVec2 max) {
  const float e = em();
  auto at = [&](int64_t r) {
    return map_plot_to_screen(v, min, max, g.coords[r * g.k + g.ax], g.coords[r * g.k + g.ay]);
  };
  auto on = [&](int64_t r) {
    return r >= 0 && r < g.rows && std::isfinite(g.coords[r * g.k + g.ax]) && std::isfinite(g.coords[r * g.k + g.ay]);
  };
  if (!on(a.row)) return;
  ImDrawList* dl = c.dl;
  dl->PushClipRect(min, max, true);
  const ImVec2 p = at(a.row);
  if (!a.asking)
    for (int64_t r : a.choices)
      if (on(r))
        dl->AddLine(p, at(r), r == a.answer ? c.pal.ok : with_alpha(c.pal.muted, 0.8f), r == a.answer ? 3.0f : 1.5f);
  for (int64_t r : a.choices)
    if (on(r)) dl->AddCircle(at(r), e * 0.45f, c.pal.text, 16, 2.0f);
  dl->AddCircle(p, e * 0.7f, c.pal.accent, 20, 3.0f);
  char label[48];
  std::snprintf(label, sizeof label, "row %s", with_commas(a.row).c_str());
  // Right of the ring, level with the point: an ID's chip sits above the point.
  draw_text(dl, fonts().bold, ImVec2(p.x + e * 0.9f, p.y - e * 0.55f), c.pal.accent, label);
  landmark_rect("map-question-row", ImVec2(p.x - 2, p.y - 2), ImVec2(p.x + 2, p.y + 2));
  dl->PopClipRect();
  LearnState& L = c.cx.door.answers();
  for (int64_t r : a.choices)
    if (on(r)) {
      const ImVec2 q = at(r);
      if (q.x >= min.x && q.x < max.x && q.y >= min.y && q.y < max.y) answer_point(L, r, q, e * 0.55f, dl, c.pal);
    }
}

// ---------------------------------------------------------------- drawing

void draw_waiting(SlideCanvas& c, ScaleMapState& m, const ScaleSnapshot& s, ImVec2 pos, ImVec2 size) {
  const float e = em();
  const ImVec2 end(pos.x + size.x, pos.y + size.y);
  c.dl->AddRectFilled(pos, end, c.pal.panel_alt);
  c.dl->AddRect(pos, end, c.pal.border);
  const MapAnswer* last = m.job.last();
  const bool failed = !m.job.running() && last && !last->ok && !last->error.empty();
  char title[96], detail[160];
  if (failed) {
    std::snprintf(title, sizeof title, "No map of this table");
    std::snprintf(detail, sizeof detail, "%s", last->error.c_str());
  } else if (s.table != TablePhase::Ready) {
    std::snprintf(title, sizeof title, "Waiting for the table…");
    detail[0] = '\0';
  } else {
    std::snprintf(title, sizeof title, "Finding the principal components…");
    std::snprintf(detail, sizeof detail, "%s rows × %s numbers, 3 reads of the table on a worker",
                  with_commas(s.vocab).c_str(), with_commas(s.dim).c_str());
  }
  c.dl->PushClipRect(pos, end, true);
  float y = pos.y + size.y * 0.5f - e * 2.0f;
  draw_text_fit(c.dl, fonts().bold, ImVec2(pos.x + e * 0.5f, y), size.x - e, failed ? c.pal.bad : c.pal.text, title,
                Elide::End);
  y += e * 1.5f;
  draw_text_fit(c.dl, fonts().ui, ImVec2(pos.x + e * 0.5f, y), size.x - e, c.pal.muted, detail, Elide::End);
  c.dl->PopClipRect();
  if (failed || s.table != TablePhase::Ready || c.measuring) return;
  ImGui::SetCursorScreenPos(ImVec2(pos.x + e * 0.5f, y + e * 1.6f));
  char pct[16];
  std::snprintf(pct, sizeof pct, "%.0f%%", m.job.progress() * 100.0);
  ImGui::ProgressBar(m.job.progress(), ImVec2(std::min(size.x - e, e * 20.0f), 0.0f), pct);
  landmark("scale-map-progress");
}

// The axes, Fit, and how much of the variance the two shown components hold. Returns its height.
float draw_controls(SlideCanvas& c, ScaleMapState& m, ImVec2 pos, float width) {
  const float e = em();
  const std::vector<double>& evr = m.map->pca.explained_variance_ratio;
  const int k = static_cast<int>(m.map->pca.components);
  const int ax = kMapAxes[m.axes][0], ay = kMapAxes[m.axes][1];
  char variance[64];
  std::snprintf(variance, sizeof variance, "PC%d + PC%d: %.1f %% of the variance", ax + 1, ay + 1,
                100.0 * (evr[static_cast<size_t>(ax)] + evr[static_cast<size_t>(ay)]));
  // The pairs' names, or short ones where the chart beside the map leaves too little room
  // (1024 wide at the timing step): the controls never run under the chart.
  static const char* const kShort[3] = {"1/2", "1/3", "2/3"};
  const ImGuiStyle& st = ImGui::GetStyle();
  auto row_width = [&](const char* const* names) {
    float w = ImGui::CalcTextSize("Fit").x + st.FramePadding.x * 2.0f;
    for (int a = 0; a < 3; ++a)
      if (kMapAxes[a][1] < k)
        w += ImGui::GetFrameHeight() + st.ItemInnerSpacing.x + ImGui::CalcTextSize(names[a]).x + st.ItemSpacing.x;
    return w;
  };
  const char* const* names = row_width(kMapAxisNames) <= width ? kMapAxisNames : kShort;
  float x = pos.x;
  if (!c.measuring) {
    ImGui::SetCursorScreenPos(pos);
    for (int a = 0; a < 3; ++a) {
      if (kMapAxes[a][1] >= k) continue;
      if (a > 0) ImGui::SameLine();
      char label[48];
      std::snprintf(label, sizeof label, "%s##scale-map-axes%d", names[a], a);
      if (ImGui::RadioButton(label, m.axes == a)) m.axes = a, m.view.scale = 0;
    }
    landmark_rect("scale-map-axes", pos, ImVec2(ImGui::GetItemRectMax().x, ImGui::GetItemRectMax().y));
    ImGui::SameLine();
    if (ImGui::SmallButton("Fit##scale-map-fit")) m.view.scale = 0;
    landmark("scale-map-fit");
    x = ImGui::GetItemRectMax().x + e;
  }
  const float h = ImGui::GetFrameHeight();
  const float room = pos.x + width - x;
  const bool beside = text_size(fonts().ui, variance).x <= room;  // else on a line of its own
  const ImVec2 at = beside ? ImVec2(x, pos.y + (h - ImGui::GetTextLineHeight()) * 0.5f) : ImVec2(pos.x, pos.y + h);
  draw_text_fit(c.dl, fonts().ui, at, beside ? room : width, c.pal.text, variance, Elide::End);
  landmark_rect("scale-map-variance", at, ImVec2(at.x + text_size(fonts().ui, variance).x, at.y + e));
  return beside ? h + e * 0.3f : h + e * 1.5f;
}

}  // namespace

NearestTableKey scale_map_key(const ScaleSnapshot& s) {
  NearestTableKey k;
  k.base = s.data ? static_cast<const void*>(s.data) : static_cast<const void*>(s.file);
  k.rows = s.vocab, k.cols = s.dim;
  return k;
}

bool scale_map_ready(const ScaleMapState& m, const ScaleSnapshot& s) {
  return s.table == TablePhase::Ready && m.map && m.map->table == scale_map_key(s);
}

void scale_map_update(ScaleMapState& m, const ScaleWorker& w) {
  take_answers(m);
  const ScaleSnapshot& s = w.snapshot();
  if (s.table != TablePhase::Ready || w.busy() || m.job.running() || scale_map_ready(m, s)) return;
  const NearestTableKey key = scale_map_key(s);
  if (m.job.asked_once() && m.job.asked() == key) return;  // made, failed or cancelled for this table
  TableView t = w.table_view();
  if (!t.empty()) m.job.start(std::move(t), key);
}

std::shared_ptr<const quiz::ShownMap> scale_map_shown(const ScaleMapState& m, const ScaleWorker& w) {
  if (!scale_map_ready(m, w.snapshot())) return nullptr;
  auto shown = std::make_shared<quiz::ShownMap>();
  shown->table = w.table_view();
  shown->grid = &m.map->grids[0];
  const std::vector<double>& evr = m.map->pca.explained_variance_ratio;
  shown->variance = evr.size() >= 2 ? evr[0] + evr[1] : 0.0;
  shown->owner = m.map;
  return shown;
}

void scale_map_draw(SlideCanvas& c, ScaleMapState& m, const ScaleWorker& w, ImVec2 pos, ImVec2 size) {
  const SlideContext& cx = c.cx;
  const ScaleSnapshot& s = w.snapshot();
  if (!scale_map_ready(m, s)) {
    draw_waiting(c, m, s, pos, size);
    return;
  }
  const float e = em();
  const float top = draw_controls(c, m, pos, size.x);
  const ImVec2 plot_pos(pos.x, pos.y + top), plot_size(size.x, std::max(e * 4.0f, size.y - top));
  if (c.measuring) return;
  const Asked a = asked_here(c);
  // A question asked: the view zooms to its row once (the learner may zoom out again).
  if (!a.on) m.zoomed_for = -1;
  else if (a.row != m.zoomed_for) zoom_to(m, m.map->grids[m.axes], a, plot_size), m.zoomed_for = a.row;
  if (m.colours_for != m.map->serial || m.colours_theme != static_cast<int>(cx.ui.theme)) {
    map_plot_norm_colours(m.map->norms, static_cast<size_t>(m.map->pca.rows), c.pal, m.colours);
    m.colours_for = m.map->serial, m.colours_theme = static_cast<int>(cx.ui.theme);
    m.colours_changes = map_plot_next_colours();
  }
  MapPlotInput in;
  in.grid = &m.map->grids[m.axes];
  in.colours = m.colours.data();
  in.version = map_plot_version(in.grid, m.colours_changes);
  in.chips = cx.model.inputs.ids.data();
  in.chip_count = static_cast<int>(cx.model.inputs.ids.size());
  // While map_nearest is asked, a hovered row's nearest rows would answer it: no lines.
  const bool lines = m.has_near && m.near.ok && !hides_now(cx, Hidden::kResult);
  int64_t near[kScaleMapNear];
  int n = 0;
  if (lines)
    for (const Neighbour& nb : m.near.neighbours)
      if (n < kScaleMapNear) near[n++] = nb.row;
  in.line_from = lines ? m.near_row : -1;
  in.lines = near;
  in.line_count = n;
  in.line_colour = c.pal.text;
  ImGui::SetCursorScreenPos(plot_pos);
  const MapPlotHit hit = map_plot_draw("##scale-map-plot", plot_size, in, m.view, c.pal);
  landmark_rect("scale-map-plot", hit.min, hit.max);
  m.hover = hit.hovered;
  m.drawn = hit.drawn;
  if (a.on) draw_question(c, m.map->grids[m.axes], m.view, a, hit.min, hit.max);
  if (hit.hovered >= 0) hover_row(cx, m, w, hit.hovered);
  // A click adds the row as an ID — but not while a question is asked: a click answers it.
  if (hit.clicked >= 0 && !(a.on && a.asking)) cx.door.add_id(hit.clicked);
}

}  // namespace lv::app
