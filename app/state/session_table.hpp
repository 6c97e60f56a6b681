// session_table.hpp — the session's table: how a loaded table is named in the session
// (weights_spec) and how a session's table, reopened on a worker, is taken back with the
// session's IDs and edits (finish_session_table). Below the slides and the chrome: File ▸
// Open's loading and the file watch use them; app_session.hpp writes and reads the rest.
#pragma once
#include <string>

#include "app/state/app_state.hpp"
#include "core/io/table_file.hpp"

namespace lv::app {

// The session's weights line for a loaded table: FILE or FILE:NAME, FILE made
// absolute (the app may be started from another folder next time).
std::string weights_spec(const TableFile& file);

// The session's table has been read (reopen_session_table in app/app_session.hpp started
// it): shown with the session's IDs and edits, and with its own tokenizer (`tok`, found by
// the same job; none: GPT-2's), which then tokenizes the session's sentence: in Text mode the
// sentence in the field makes the IDs; with typed IDs it is bound to them only when they are
// its tokens. A file that cannot be opened, or no longer holds the IDs, is reported (the
// seeded table stays) and kept in the session until the user opens another table. Returns
// whether the table was taken.
bool finish_session_table(App& app, TableLoad& r, const ModelTokenizerFind& tok);

}  // namespace lv::app
