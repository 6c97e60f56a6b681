// file_dialog.hpp — File ▸ Open through the desktop's own file dialog: zenity (GNOME
// and most desktops) or kdialog (KDE), run as a child process off the UI thread so
// the window keeps drawing. When neither is installed, or the one found fails to
// start (no display it can use), the in-app picker (widget_file_picker.hpp) is used.
// xdg-desktop-portal's FileChooser (which sandboxed and Wayland-only desktops prefer)
// is not called: that needs a D-Bus client the app does not link yet.
#pragma once
#include <future>
#include <string>
#include <vector>

namespace lv::app {

enum class DialogKind { None, Zenity, KDialog };

struct DialogTool {
  DialogKind kind = DialogKind::None;  // None: the in-app picker
  std::string program;                 // the executable to run (absolute, from PATH)
};

// The dialog this desktop offers. choice is $LOOKUPVIZ_FILE_DIALOG ("builtin",
// "zenity", "kdialog", or "" for automatic: kdialog first on KDE, else zenity first);
// path_env is $PATH and desktop $XDG_CURRENT_DESKTOP.
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
  std::future<DialogResult> job;     // valid while it is open
};

}  // namespace lv::app
