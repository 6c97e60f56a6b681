// app_session.hpp — the user's session survives restarts: the App's state to and
// from core/settings/session_settings (slide, step, IDs, seed, D, V mode, edited weights,
// theme, zoom, window), restored at launch and saved atomically a moment after each
// change (so a crash or SIGKILL loses at most the last couple of seconds) and at exit.
#pragma once
#include <string>

#include "app/state/app_state.hpp"
#include "app/state/session_table.hpp"
#include "core/settings/session_settings.hpp"

namespace lv::app {

struct WindowGeometry {
  int width = 1440, height = 900;
  bool has_pos = false;
  int x = 0, y = 0;
  bool maximized = false;
};

SessionSettings session_from_app(const App& app, const WindowGeometry& window);

// Applies a saved session to a freshly initialised App. A table file is not opened
// here (the window comes first): it waits in ModelInputs::unopened, the seeded table
// standing in, until reopen_session_table. Edits are applied only to a table of the
// shape they were made on.
void apply_session(App& app, const SessionSettings& s);

// Once the window is up: opens the session's table on a worker (File ▸ Open's load).
// When it lands, finish_session_table (app/state/session_table.hpp, called by
// poll_table_load) shows it with the session's IDs and edits.
void reopen_session_table(App& app);

struct SessionSaver {
  std::string path;           // "" : saving is off (--reset without a home, headless modes)
  std::string last_written;   // the text on disk
  uint64_t fingerprint = 0;   // of the state last looked at
  double dirty_since = -1.0;  // app time of the first unsaved change (-1: clean)
  std::string error;          // the last save's failure (shown once in the status line)
};

constexpr double kAutosaveDelay = 1.5;  // seconds after a change before it is written

// Call once per frame: notices changes cheaply (no allocation unless something
// changed) and writes the file kAutosaveDelay after the first unsaved change.
void session_autosave(SessionSaver& saver, App& app, const WindowGeometry& window);
// Writes now if anything is unsaved (an autosave that came due while idle).
void session_flush(SessionSaver& saver, App& app, const WindowGeometry& window);
// At quit: writes the state even when this instance wrote the same text before. Another
// instance sharing the settings folder may have written its own since (A and B open, B
// quits, then A): the last to quit wins.
void session_save_at_quit(SessionSaver& saver, App& app, const WindowGeometry& window);
// Seconds until the next autosave is due (for the idle loop's wait); < 0: none.
double session_due_in(const SessionSaver& saver, const App& app);

}  // namespace lv::app
