// app_map.cpp — the Map tab (see the header).
//   the worker   the components, the norms, a grid per pair of axes
//   colours      by norm, or the never-trained / unused rows marked
//   drawing      the controls, the variance line, the plot, hover and click
#include "app/app_map.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/table_rows.hpp"
#include "app/ui_base/ui_draw.hpp"
#include "app/ui_base/ui_landmarks.hpp"
#include "app/ui_base/ui_theme.hpp"
#include "core/nearest/unused_rows.hpp"
#include "core/text/text_format.hpp"

namespace lv::app {
namespace {

void start_map(App& app) { app.nearest.map.job.start(nearest_snapshot(app), nearest_table_key(app)); }

// ---------------------------------------------------------------- colours

// The rows marked in the "never trained" colouring: marked unused by the user, a GGUF's
// unused tokens, the lowest norms and the unused-row indicator's rows (the norms tab's).
std::vector<int64_t> marked_rows(const App& app, const MapAnswer& a) {
  const NearestPanel& p = app.nearest;
  std::vector<int64_t> rows = p.marked_unused;
  rows.insert(rows.end(), a.gguf_unused.begin(), a.gguf_unused.end());
  if (p.has_norms && p.norms.table == a.table) {
    for (const RowNorm& n : p.norms.summary.lowest) rows.push_back(n.row);
    for (const Neighbour& n : p.norms.indicator) rows.push_back(n.row);
  }
  return rows;
}

void update_colours(App& app) {
  MapTab& m = app.nearest.map;
  const MapAnswer& a = *m.map;
  const std::vector<int64_t> marks = m.colour == 1 ? marked_rows(app, a) : std::vector<int64_t>{};
  const int mode = m.colour * 16 + static_cast<int>(app.ui.theme);
  if (m.colours_for == a.serial && m.colours_mode == mode && m.colours_marks == marks.size()) return;
  const Palette& pal = palette(app.ui.theme);
  const size_t v = static_cast<size_t>(a.pca.rows);
  if (m.colour == 0) {
    map_plot_norm_colours(a.norms, v, pal, m.colours);
  } else {
    m.colours.assign(v, with_alpha(pal.muted, 0.3f));
    for (int64_t r : marks)
      if (r >= 0 && static_cast<size_t>(r) < v) m.colours[static_cast<size_t>(r)] = with_alpha(pal.bad, 1.0f);
  }
  m.colours_for = a.serial, m.colours_mode = mode, m.colours_marks = marks.size();
  m.colours_changes = map_plot_next_colours();
}

// ---------------------------------------------------------------- drawing

void draw_controls(App& app) {
  MapTab& m = app.nearest.map;
  const int k = static_cast<int>(m.map->pca.components);
  for (int a = 0; a < 3; ++a) {
    if (kMapAxes[a][1] >= k) continue;
    if (a > 0) ImGui::SameLine();
    if (ImGui::RadioButton(kMapAxisNames[a], m.axes == a)) m.axes = a, m.view.scale = 0;
  }
  landmark("map-axes");
  ImGui::SameLine();
  if (ImGui::SmallButton("Fit")) m.view.scale = 0;
  landmark("map-fit");
  ImGui::TextUnformatted("Colour:");
  ImGui::SameLine();
  ImGui::RadioButton("row norm", &m.colour, 0);
  ImGui::SameLine();
  ImGui::RadioButton("never trained / unused", &m.colour, 1);
  landmark("map-colour");
  const std::vector<double>& evr = m.map->pca.explained_variance_ratio;
  const int ax = kMapAxes[m.axes][0], ay = kMapAxes[m.axes][1];
  ImGui::Text("PC%d + PC%d: %.1f %% of the variance", ax + 1, ay + 1,
              100.0 * (evr[static_cast<size_t>(ax)] + evr[static_cast<size_t>(ay)]));
  landmark("map-variance");
}

// The hovered row: its line of text, and its nearest rows in the full space searched.
void hover_row(App& app, int64_t row) {
  MapTab& m = app.nearest.map;
  const NearestPanel& p = app.nearest;
  const float norm = static_cast<size_t>(row) < m.map->norms.size() ? m.map->norms[static_cast<size_t>(row)] : NAN;
  // A token is the vocabulary's: up to hundreds of bytes (a run of spaces shows as ␣ each).
  // Cut in the middle to half the window's width, so the tooltip always fits the window.
  const std::string token = row_token_text(app, row);
  char shown[256];
  elide_text(ImGui::GetFont(), ImGui::GetFontSize(), token.c_str(), ImGui::GetMainViewport()->WorkSize.x * 0.5f,
             Elide::Middle, shown, sizeof shown);
  ImGui::SetTooltip("ID %lld%s%s%s   |row| %.4f", static_cast<long long>(row), token.empty() ? "" : "   “", shown,
                    token.empty() ? "" : "”", static_cast<double>(norm));
  if (row == m.near_row) return;
  m.near_row = row;
  m.has_near = false;
  const int64_t k = std::clamp<int64_t>(p.k, 1, std::max<int64_t>(1, app.derived.vocab - 1));
  m.near_job.start({nearest_snapshot(app), row, k, p.metric});
}

void draw_plot(App& app) {
  MapTab& m = app.nearest.map;
  update_colours(app);
  MapPlotInput in;
  in.grid = &m.map->grids[m.axes];
  in.colours = m.colours.data();
  in.version = map_plot_version(in.grid, m.colours_changes);
  in.chips = app.inputs.ids.data();
  in.chip_count = static_cast<int>(app.inputs.ids.size());
  std::vector<int64_t> near;
  if (m.has_near && m.near.ok)
    for (const Neighbour& n : m.near.neighbours) near.push_back(n.row);
  in.line_from = m.has_near ? m.near_row : -1;
  in.lines = near.data();
  in.line_count = static_cast<int>(near.size());
  in.line_colour = palette(app.ui.theme).text;
  // The help under the plot, measured first at the panel's width: the plot takes the room it
  // leaves, so the last words are not cut at the panel's bottom (it wraps to 4 lines there).
  // Measured with every row drawn (the longest count); written with the rows drawn this frame.
  char help[512];
  const auto help_for = [&](int64_t drawn) {
    std::snprintf(help, sizeof help,
                  "%s on the map. Hover a point: lines join it to its %d nearest rows by %s in all %lld "
                  "dimensions — near in the picture is not always near. Click: add it as an ID. Wheel, drag, "
                  "double-click: zoom, pan, fit.",
                  counted(drawn, "row").c_str(), app.nearest.k, nearest_metric_name(app.nearest.metric),
                  static_cast<long long>(m.map->pca.cols));
  };
  help_for(m.map->pca.rows);
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float help_h = ImGui::CalcTextSize(help, nullptr, false, avail.x).y + ImGui::GetStyle().ItemSpacing.y * 2.0f;
  const float h = std::max(em() * 8.0f, avail.y - help_h);
  const MapPlotHit hit = map_plot_draw("##map-plot", ImVec2(avail.x, h), in, m.view, palette(app.ui.theme));
  landmark("map-plot");
  m.hover = hit.hovered;
  m.drawn = hit.drawn;
  if (hit.hovered >= 0) hover_row(app, hit.hovered);
  if (hit.clicked >= 0) add_row_as_id(app, hit.clicked);
  m.help_cut = ImGui::GetScrollMaxY() > 0.0f;  // the panel scrolls: something under the plot is out of view
  help_for(hit.drawn);
  ImGui::PushStyleColor(ImGuiCol_Text, palette(app.ui.theme).muted);
  ImGui::TextWrapped("%s", help);
  landmark("map-help");
  ImGui::PopStyleColor();
}

}  // namespace

void update_map(App& app) {
  NearestPanel& p = app.nearest;
  MapTab& m = p.map;
  if (auto a = m.job.take(); a && a->ok) m.map = std::move(a), m.view.scale = 0, m.near_row = -1, m.has_near = false;
  NearestResult r;
  if (m.near_job.take(&r)) m.near = std::move(r), m.has_near = true;
  if (!p.open || p.tab != 2 || m.job.running()) return;
  if (m.job.asked_once() && m.job.asked() == nearest_table_key(app)) return;  // made, failed or cancelled: its button
  start_map(app);
}

void draw_map_tab(App& app) {
  MapTab& m = app.nearest.map;
  if (m.job.running()) {
    char what[96];
    std::snprintf(what, sizeof what, "principal components of %s rows…", Commas(app.derived.vocab).s);
    nearest_progress_line(m.job.progress(), what, &m.job.job());
  }
  if (const MapAnswer* last = m.job.last(); !m.job.running() && last && !last->ok && !last->error.empty())
    ImGui::TextWrapped("%s", last->error.c_str());
  const bool current = m.map && m.map->table == nearest_table_key(app);
  if (!current && !m.job.running() && ImGui::Button("Compute the map")) start_map(app);
  if (!m.map) return;
  draw_controls(app);
  draw_plot(app);
}

bool map_busy(const App& app) { return app.nearest.map.job.running() || app.nearest.map.near_job.running(); }

}  // namespace lv::app
