// ui_open_file.cpp — the ways a table file reaches the app besides the command line:
// File ▸ Open (the desktop's dialog, run off the UI thread, or the in-app picker),
// a drop on the window, the recent files. All end in start_table_load, the one load
// path (ui_table_loading.cpp), which remembers the file when it opens.
#include <filesystem>
#include <chrono>
#include <string>
#include <vector>

#include "app/chrome/chrome.hpp"
#include "app/deck/slide_nav.hpp"
#include "app/desktop/portal_dialog.hpp"
#include "core/settings/recent_files.hpp"
#include "core/text/text_format.hpp"

namespace lv::app {

void request_open_table(App& app) {
  TableLoading& l = app.loading;
  if (table_loading(app) || l.dialog.job.active()) return;  // one at a time
  if (l.dialog.tool.kind == DialogKind::None) {
    open_file_picker(l.picker);
    return;
  }
  std::error_code ec;
  const std::string start = l.picker.dir.empty() ? std::filesystem::current_path(ec).string() : l.picker.dir;
  const bool portal = l.dialog.tool.kind == DialogKind::Portal;
  std::vector<std::string> argv = dialog_command(l.dialog.tool, start);
  auto answer = std::make_shared<DialogResult>();
  l.dialog.answer = answer;
  // Detached: the dialog may stay open as long as the user likes and must not block
  // quitting (end_dialogs() ends it then); a wake-up tells the idle window to look.
  JobOptions detached;
  detached.detached = true;
  detached.priority = JobPriority::Normal;  // the dialog's process inherits it: it is the UI now
  l.dialog.job.start(
      [portal, start, argv = std::move(argv), answer](JobControl&) {
    *answer = portal ? run_portal_open_file("Open a table — lookupviz", start) : run_dialog(argv);
      },
      detached);
}

void poll_open_dialog(App& app) {
  ExternalDialog& d = app.loading.dialog;
  if (!d.job.take()) return;
  const DialogResult r = std::move(*d.answer);
  d.answer.reset();
  app.frames_since_input = 0;  // an answer is like input: draw what it changes
  switch (r.outcome) {
    case DialogResult::Chosen:
      start_table_load(app, r.path);
      app.loading.picker.dir = std::filesystem::path(r.path).parent_path().string();  // the next dialog starts there
      break;
    case DialogResult::Cancelled: break;
    case DialogResult::Refused:
      // It ran, but its answer is not a path that can be opened (two lines, too long) or
      // it never answered: say so; nothing is opened or remembered, the dialog stays.
      app.loading.error = r.error;
      break;
    case DialogResult::Failed:
      // The dialog could not run here (no portal after all, a display zenity cannot
      // open): the next one, else the in-app picker, now and for the rest of the session.
      d.tool = d.next;
      d.next = {};
      set_status(app, (r.error + (d.tool.kind == DialogKind::None ? "; using the built-in file picker" : "")).c_str());
      request_open_table(app);
      break;
  }
}

void open_dropped_files(App& app, const std::vector<std::string>& paths) {
  if (paths.empty()) return;
  if (table_loading(app)) {
    set_status(app, "A table is still loading: drop the file again when it is done.");
    return;
  }
  start_table_load(app, paths.front());
  if (paths.size() > 1)
    set_status(app, ("Opening " + paths.front() + " (the first of " +
                     counted(static_cast<long long>(paths.size()), "file") + " dropped; one table at a time)")
                        .c_str());
}

void remember_opened(App& app, const std::string& spec) {
  std::error_code ec;
  // Stored absolute, so the list works from any working directory.
  const std::filesystem::path abs = std::filesystem::absolute(spec, ec);
  const std::string stored = ec ? spec : abs.lexically_normal().string();
  if (app.loading.recent_path.empty()) {
    remember_recent(app.loading.recent, stored);
    return;
  }
  // Merged with the list on disk under its lock: another instance may have added its
  // tables since this one read the list (two started at once each keep theirs).
  std::vector<std::string> merged;
  if (record_recent_file(app.loading.recent_path, stored, &merged).empty()) app.loading.recent = std::move(merged);
  else remember_recent(app.loading.recent, stored);  // not written: this instance still lists it
}

}  // namespace lv::app
