// file_dialog.hpp — File ▸ Open through the desktop's own file dialog, off the UI
// thread so the window keeps drawing: xdg-desktop-portal's FileChooser over D-Bus when
// the session has the portal (app/desktop/portal_dialog.hpp), else zenity (GNOME and most
// desktops) or kdialog (KDE) run as a child process. When none is there, or the one
// used fails (no display it can use), the next one, and last the in-app picker
// (widget_file_picker.hpp).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "app/model/background_job.hpp"  // the one way to run work off the UI thread (a sibling layer)

namespace lv::app {

enum class DialogKind { None, Portal, Zenity, KDialog };

struct DialogTool {
  DialogKind kind = DialogKind::None;  // None: the in-app picker
  std::string program;                 // the executable to run (absolute, from PATH)
};

// The dialog program this desktop offers. choice is $LOOKUPVIZ_FILE_DIALOG ("builtin",
// "portal", "zenity", "kdialog", or "" for automatic: kdialog first on KDE, else zenity
// first); path_env is $PATH and desktop $XDG_CURRENT_DESKTOP. (The portal is chosen
// by choose_dialogs, which is told whether the bus has it.)
DialogTool find_dialog_tool(const std::string& choice, const std::string& path_env, const std::string& desktop);

// The command line that asks the tool for one .npy or .safetensors file, starting in
// start_dir (e.g. {"zenity", "--file-selection", "--title=…", "--filename=DIR/", …}).
std::vector<std::string> dialog_command(const DialogTool& tool, const std::string& start_dir);

struct DialogResult {
  // Refused: the dialog ran but its answer is not one path that can be opened (two
  // lines — a path holding a line break —, more than kMaxDialogAnswerBytes, a NUL), or
  // it did not answer within the time allowed. Nothing is opened; the dialog stays the
  // one used, and error says why.
  enum Outcome { Chosen, Cancelled, Failed, Refused } outcome = Failed;
  std::string path;   // when Chosen
  std::string error;  // when Failed or Refused: why (for the status line or the error popup)
};

// The answer a dialog may give: one path of at most PATH_MAX - 1 bytes and its line end.
inline constexpr size_t kMaxDialogAnswerBytes = 4096;
// How long a dialog may stay open before it is closed and nothing opened.
inline constexpr double kDialogTimeoutSeconds = 600.0;

// Runs the command in a process group of its own and waits for it (call on a worker
// thread): its standard output is one line, the chosen path; exit status 1 is a cancel
// (both tools), anything else without a path is a failure. At most
// kMaxDialogAnswerBytes are read; the answer is taken when the program exits, even if a
// child of it keeps the pipe open; after timeout_seconds the dialog is ended. Whatever
// is left of its process group is ended when it returns.
DialogResult run_dialog(const std::vector<std::string>& argv, double timeout_seconds = kDialogTimeoutSeconds);

// Ends every dialog still running (SIGTERM to its process group, then SIGKILL to what
// is left after a moment): called when the app quits, so no dialog outlives it.
void end_dialogs();

// A dialog in progress (owned by TableLoading).
struct ExternalDialog {
  DialogTool tool;                       // which one to run (None: always the in-app picker)
  DialogTool next;                       // the one to fall back to when tool fails (None: the in-app picker)
  BackgroundJob job;                     // active while it is open (detached: it never blocks quitting)
  std::shared_ptr<DialogResult> answer;  // what job fills (read once take() says so)
};

// The dialogs for this session, first choice and fallback: the portal when portal is
// true (it is on the bus) and choice allows it, then zenity / kdialog from PATH.
ExternalDialog choose_dialogs(const std::string& choice, bool portal, const std::string& path_env,
                              const std::string& desktop);

}  // namespace lv::app
