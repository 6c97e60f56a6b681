// file_dialog.hpp — File ▸ Open through the desktop's own file dialog, off the UI
// thread so the window keeps drawing: xdg-desktop-portal's FileChooser over D-Bus when
// the session has the portal (app/desktop/portal_dialog.hpp), else zenity (GNOME and most
// desktops) or kdialog (KDE) run as a child process. When none is there, or the one
// used fails (no display it can use), the next one, and last the in-app picker
// (widget_file_picker.hpp).
#pragma once
#include <future>
#include <string>
#include <vector>

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
  enum Outcome { Chosen, Cancelled, Failed } outcome = Failed;
  std::string path;   // when Chosen
  std::string error;  // when Failed: why (for the status line)
};

// Runs the command and waits for it (call on a worker thread): its standard output's
// first line is the chosen path; exit status 1 is a cancel (both tools), anything else
// without a path is a failure.
DialogResult run_dialog(const std::vector<std::string>& argv);

// A dialog in progress (owned by TableLoading).
struct ExternalDialog {
  DialogTool tool;                   // which one to run (None: always the in-app picker)
  DialogTool next;                   // the one to fall back to when tool fails (None: the in-app picker)
  std::future<DialogResult> job;     // valid while it is open
};

// The dialogs for this session, first choice and fallback: the portal when portal is
// true (it is on the bus) and choice allows it, then zenity / kdialog from PATH.
ExternalDialog choose_dialogs(const std::string& choice, bool portal, const std::string& path_env,
                              const std::string& desktop);

}  // namespace lv::app
