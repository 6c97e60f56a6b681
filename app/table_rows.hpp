// table_rows.hpp — the table's rows as "What a row means" and its map read them: what a result
// was made for (the key), the table as a worker reads it, a row's token text, a typed query,
// a worker's progress line, and adding a row as an ID. The panel (app_nearest) and its map
// tab (app_map) both use these; neither includes the other's header for them.
#pragma once
#include <cstdint>
#include <string>

#include "app/state/app_state.hpp"
#include "app/state/row_tokens.hpp"

namespace lv::app {

// What a search, norms pass or map was made for (a new table, dtype or edit makes it stale),
// and the table as the panel's workers read it (the base shared, the edits copied).
NearestTableKey nearest_table_key(const App& app);
TableView nearest_snapshot(const App& app);
// A typed query: a row number, or (rows that are tokens) a token's text. -1 and *why when
// it is neither.
int64_t nearest_query_row(App& app, const std::string& text, std::string* why);
// A worker's bar: its progress, what it does, and Cancel (which stops `job`, and `search`).
void nearest_progress_line(float fraction, const char* what, BackgroundJob* job, NearestJob* search = nullptr);

}  // namespace lv::app
