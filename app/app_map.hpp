// app_map.hpp — the Map tab of "What a row means": every row of the table at its first
// two principal components (PC1/PC3 and PC2/PC3 one click away), computed on a worker
// (core/nearest/table_pca.hpp: a few streaming reads, progress and Cancel), coloured by
// row norm or with the never-trained and unused rows marked; the IDs' rows as their
// chips; hovering a point shows its row, token and norm and joins it by lines to its
// nearest rows in the full space (the panel's search, its metric and k); a click adds
// the row as an ID (add_row_as_id, as the editor bar's IDs). How much variance the two
// components hold is said above the plot.
#pragma once
#include "app/state/app_state.hpp"

namespace lv::app {

// Once a frame (draw_nearest_panel calls it): takes the map's workers' answers and starts
// the map when its tab shows a table it was not made for.
void update_map(App& app);
// The tab's content (inside the panel's window).
void draw_map_tab(App& app);
// A worker of the map runs (the loop draws frames for its progress).
bool map_busy(const App& app);

}  // namespace lv::app
