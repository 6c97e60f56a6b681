// app_nearest.hpp — "What a row means": a pop-over window, opened from any slide that
// draws the table, that lists a row's k nearest rows of the whole table (cosine, dot
// product or L2; NearestJob on a worker, with progress) with their tokens' text, and
// (its second tab) the table's row norms as a histogram with the lowest rows — the
// never-trained ones — and, for a tied table, Land & Bartolo's indicator. Clicking a
// listed row adds it as an ID, as a typed ID would be (app/model set_ids).
//
//   open it: a slide's table row under the mouse and N or a right-click (hover_table_row
//   in app/state/nearest_panel.hpp), N with nothing under the mouse (the last ID), the
//   View menu, or a row number / a token typed into its field.
#pragma once
#include <cstdint>
#include <string>

#include "app/state/app_state.hpp"
#include "app/table_rows.hpp"  // the rows' services the panel's callers use too

namespace lv::app {

// Once a frame, after the slides drew (they say which row is under the mouse): opens the
// panel when asked, starts and takes its workers, draws it.
void draw_nearest_panel(App& app);
// Opens the panel on row `row` of the model's table (its neighbours tab).
void open_nearest(App& app, int64_t row);
// A worker of the panel runs: the loop draws frames for its progress.
bool nearest_busy(const App& app);

}  // namespace lv::app
