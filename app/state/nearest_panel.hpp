// nearest_panel.hpp — what the "What a row means" panel keeps (app/app_nearest.cpp
// draws it): the row asked about, its k nearest rows from NearestJob (a worker, with
// progress), and the table's row norms with the rows that look never trained (a second
// worker). Slides that draw the table say which row is under the mouse
// (hover_table_row); N or a right-click then opens the panel for that row. Its third tab,
// the map (app/app_map.hpp), keeps MapTab: every row at two principal coordinates.
#pragma once
#include <imgui.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "app/model/background_job.hpp"
#include "app/model/map_job.hpp"
#include "app/model/nearest_job.hpp"
#include "app/widgets/widget_map_plot.hpp"
#include "core/nearest/map_grid.hpp"
#include "core/nearest/nearest.hpp"
#include "core/nearest/table_pca.hpp"

namespace lv::app {

struct NearestAsk {
  NearestTableKey table;
  int64_t row = -1;
  int64_t k = 10;
  NearestMetric metric = NearestMetric::kCosine;
  bool operator==(const NearestAsk&) const = default;
};

// The norms tab's answer: every row's norm summarized, and (for a tied table with rows
// marked unused) Land & Bartolo's cosine indicator.
struct NormsAnswer {
  NearestTableKey table;
  NormsSummary summary;
  int64_t rows = 0;
  bool ok = false;
  // Rows by cosine to the mean of the unused rows after the first principal component
  // is removed (highest first); empty when no row is marked.
  std::vector<Neighbour> indicator;
  std::vector<int64_t> marked;  // the unused rows it was computed from
};

// The map tab: its worker, the answer shown, the axes, the colouring, the view, the
// hovered row and its nearest rows in the full space (a search of its own).
struct MapTab {
  MapJob job;
  std::shared_ptr<const MapAnswer> map;  // the last one taken
  int axes = 0;                          // 0: PC1/PC2, 1: PC1/PC3, 2: PC2/PC3
  int colour = 0;                        // 0: by row norm, 1: never-trained / unused rows marked
  std::vector<ImU32> colours;            // a colour a row, for (map, colour, marks)
  uint64_t colours_for = 0;              // the map's serial
  int colours_mode = -1;
  size_t colours_marks = 0;
  uint64_t colours_changes = 0;  // map_plot_next_colours() when they were made (the GL buffers' version)
  MapPlotView view;
  int64_t hover = -1;     // the row under the cursor this frame
  int64_t drawn = 0;      // points the plot drew this frame
  bool help_cut = false;  // the panel scrolls (the layout report says so: --layout-report's "map")
  NearestJob near_job;
  int64_t near_row = -1;  // the row near_job ran (or runs) for
  NearestResult near;
  bool has_near = false;
};

struct NearestPanel {
  // ---- settings
  bool open = false;                              // = false  // the panel shows
  int tab = 0;                                    // = 0      // 0 neighbours, 1 norms and never-trained rows, 2 map
  int want_tab = -1;                              // = -1     // the tab to select at the next frame (-1: the user's)
  NearestMetric metric = NearestMetric::kCosine;  // = cosine // the chooser
  int k = 10;                                     // = 10     // how many neighbours (1..50)
  int64_t row = -1;                               // = -1     // the row asked about (-1: none yet)
  char query_buf[128] = "";                       // a row number or a token typed
  std::string query_error;                        // why the typed query was not a row
  // ---- the row under the mouse, from the slides (this frame's)
  int64_t hover_row = -1;
  int hover_frame = -1;
  int64_t open_request = -1;  // a slide or a key asked to open the panel for this row
  // ---- the search
  NearestJob job;
  NearestAsk asked;  // what job runs (or ran) for
  NearestAsk shown;  // what `result` answers
  NearestResult result;
  bool has_result = false;
  // ---- the norms
  BackgroundJob norms_job;
  std::shared_ptr<NormsAnswer> norms_out;  // filled by norms_job (its progress: the job's own)
  NearestTableKey norms_asked;
  NormsAnswer norms;  // the last one taken
  bool has_norms = false;
  std::vector<int64_t> marked_unused;  // rows the user marked unused (plus a GGUF's token_type 5)
  // ---- the map
  MapTab map;
};

// The row of the model's table that a slide's grid has under the mouse this frame.
inline void hover_table_row(NearestPanel& p, int64_t row) {
  p.hover_row = row;
  p.hover_frame = ImGui::GetFrameCount();
}

}  // namespace lv::app
