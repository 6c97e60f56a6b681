// slide_07_map.hpp — slide 7's second view (issue 41): every row of the table it shows at
// its first principal components, beside the heat map (the canvas's toggle: Heat map | Map).
// The map is made on a worker (app/model/map_job.hpp, as the Map tab's) from the slide's own
// table: its GPT-2-sized seeded one, shared with the worker and never copied, or the loaded
// file's where it lies. Hovering a point names its row and token and joins it by lines to its
// kScaleMapNear nearest rows in all D dimensions; a click adds the row as an ID. Learn mode's
// map_nearest is asked here: row r and the five points nearest to it on the map are circled,
// and the learner clicks the one nearest in the full table (the lines wait for the answer).
// For slide 7 and its tests; nothing else in app/ includes it.
#pragma once
#include <imgui.h>

#include <cstdint>
#include <memory>
#include <vector>

#include "app/model/map_job.hpp"
#include "app/model/nearest_job.hpp"
#include "app/model/scale_worker.hpp"
#include "app/slides/slides.hpp"
#include "app/widgets/widget_map_plot.hpp"
#include "core/quiz/question_kinds.hpp"

namespace lv::app {

inline constexpr int kScaleMapNear = 5;  // the hovered row's nearest rows joined by lines (L2, all D)

struct ScaleMapState {
  MapJob job;
  std::shared_ptr<const MapAnswer> map;  // the last one made (map->table says of what)
  int axes = 0;                          // 0: PC1/PC2, 1: PC1/PC3, 2: PC2/PC3
  MapPlotView view;
  std::vector<ImU32> colours;  // a colour a row (by its norm), for (colours_for, colours_theme)
  uint64_t colours_for = 0;    // the map's serial
  int colours_theme = -1;
  uint64_t colours_changes = 0;  // map_plot_next_colours() when they were made (the GL buffers' version)
  NearestJob near_job;
  int64_t near_row = -1;  // the row near_job ran (or runs) for
  NearestResult near;
  bool has_near = false;
  int64_t hover = -1;       // the row under the cursor this frame
  int64_t drawn = 0;        // points drawn this frame
  int64_t zoomed_for = -1;  // the row of map_nearest's question the view was zoomed to (-1: none asked)
};

// What a map of the table shown now is made for: the seeded values or the file, and the shape.
NearestTableKey scale_map_key(const ScaleSnapshot& s);
// Whether m holds the map of the table shown now.
bool scale_map_ready(const ScaleMapState& m, const ScaleSnapshot& s);
// Each frame the slide is shown in its map view: takes the workers' answers, and starts the
// map of the worker's table when it has none of it (never while the table is being made).
void scale_map_update(ScaleMapState& m, const ScaleWorker& w);
// Draws the map view in [pos, pos + size]: the axes and Fit, the variance the two components
// hold, the plot, and under it what a hover and a click do.
void scale_map_draw(SlideCanvas& c, ScaleMapState& m, const ScaleWorker& w, ImVec2 pos, ImVec2 size);
// The map as Learn mode's map_nearest reads it (null: none of the table shown now).
std::shared_ptr<const quiz::ShownMap> scale_map_shown(const ScaleMapState& m, const ScaleWorker& w);

}  // namespace lv::app
