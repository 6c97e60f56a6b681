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

namespace lv::app {

// Once a frame, after the slides drew (they say which row is under the mouse): opens the
// panel when asked, starts and takes its workers, draws it.
void draw_nearest_panel(App& app);
// Opens the panel on row `row` of the model's table (its neighbours tab).
void open_nearest(App& app, int64_t row);
// A worker of the panel runs: the loop draws frames for its progress.
bool nearest_busy(const App& app);
// Row `row` appended to the IDs (the same setter a typed ID goes through); false when
// the batch is full or the row is outside the table (the footer says why).
bool add_row_as_id(App& app, int64_t row);
// The text a row's token shows (␣ for a space): the GPT-2 token for a table of GPT-2's
// 50,257 rows when the tokenizer is loaded, else "".
std::string row_token_text(App& app, int64_t row);
// What a search, norms pass or map was made for (a new table, dtype or edit makes it stale),
// and the table as the panel's workers read it (the base shared, the edits copied).
NearestTableKey nearest_table_key(const App& app);
TableView nearest_snapshot(const App& app);
// A worker's bar: its progress, what it does, and Cancel (which stops `job`).
void nearest_progress_line(float fraction, const char* what, BackgroundJob* job);
// A typed query: a row number, or (GPT-2-sized table) a token's text. -1 and *why when
// it is neither.
int64_t nearest_query_row(App& app, const std::string& text, std::string* why);

}  // namespace lv::app
