// table_rows.hpp — the table's rows as "What a row means" and its map read them: what a result
// was made for (the key), the table as a worker reads it, a row's token text, a typed query,
// a worker's progress line, and adding a row as an ID. The panel (app_nearest) and its map
// tab (app_map) both use these; neither includes the other's header for them.
#pragma once
#include <cstdint>
#include <string>

#include "app/state/app_state.hpp"

namespace lv::app {

// What a search, norms pass or map was made for (a new table, dtype or edit makes it stale),
// and the table as the panel's workers read it (the base shared, the edits copied).
NearestTableKey nearest_table_key(const App& app);
TableView nearest_snapshot(const App& app);
// Rows are tokens when the table brought its own tokenizer, or is GPT-2-sized with GPT-2's.
bool rows_are_tokens(const App& app);
// The text a row's token shows (␣ for a space), "" when rows are not tokens (rows_are_tokens).
std::string row_token_text(App& app, int64_t row);
// A typed query: a row number, or (rows that are tokens) a token's text. -1 and *why when
// it is neither.
int64_t nearest_query_row(App& app, const std::string& text, std::string* why);
// A worker's bar: its progress, what it does, and Cancel (which stops `job`, and `search`).
void nearest_progress_line(float fraction, const char* what, BackgroundJob* job, NearestJob* search = nullptr);
// Row `row` appended to the IDs (the same setter a typed ID goes through); false when
// the batch is full or the row is outside the table (the footer says why).
bool add_row_as_id(App& app, int64_t row);

}  // namespace lv::app
