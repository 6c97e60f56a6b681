// file_dialog.cpp — finding zenity / kdialog on PATH and running one with posix_spawn,
// reading the chosen path from a pipe.
#include "app/desktop/file_dialog.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstring>
#include <utility>

extern char** environ;

namespace lv::app {
namespace {

std::string find_on_path(const std::string& name, const std::string& path_env) {
  size_t start = 0;
  while (start <= path_env.size()) {
    size_t end = path_env.find(':', start);
    if (end == std::string::npos) end = path_env.size();
    const std::string dir = path_env.substr(start, end - start);
    if (!dir.empty()) {
      const std::string candidate = dir + "/" + name;
      struct stat st;
      if (stat(candidate.c_str(), &st) == 0 && S_ISREG(st.st_mode) && access(candidate.c_str(), X_OK) == 0)
        return candidate;
    }
    start = end + 1;
  }
  return "";
}

bool contains_kde(std::string desktop) {
  for (char& c : desktop) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return desktop.find("KDE") != std::string::npos;
}

}  // namespace

DialogTool find_dialog_tool(const std::string& choice, const std::string& path_env, const std::string& desktop) {
  if (choice == "builtin" || choice == "portal") return {};
  std::vector<std::pair<DialogKind, const char*>> order = {{DialogKind::Zenity, "zenity"}, {DialogKind::KDialog, "kdialog"}};
  if (choice == "kdialog" || (choice != "zenity" && contains_kde(desktop))) std::swap(order[0], order[1]);
  if (choice == "zenity" || choice == "kdialog") order.resize(1);  // only the one asked for
  for (const auto& [kind, name] : order) {
    const std::string program = find_on_path(name, path_env);
    if (!program.empty()) return {kind, program};
  }
  return {};
}

ExternalDialog choose_dialogs(const std::string& choice, bool portal, const std::string& path_env,
                              const std::string& desktop) {
  ExternalDialog d;
  const DialogTool program = find_dialog_tool(choice, path_env, desktop);
  if (portal && (choice.empty() || choice == "portal")) {
    d.tool = {DialogKind::Portal, ""};
    d.next = program;
  } else {
    d.tool = program;
  }
  return d;
}

std::vector<std::string> dialog_command(const DialogTool& tool, const std::string& start_dir) {
  std::string dir = start_dir.empty() ? "." : start_dir;
  if (dir.back() != '/') dir += '/';
  switch (tool.kind) {
    case DialogKind::Zenity:
      return {tool.program, "--file-selection", "--title=Open a table — lookupviz", "--filename=" + dir,
              "--file-filter=Tables (.npy, .safetensors) | *.npy *.safetensors", "--file-filter=All files | *"};
    case DialogKind::KDialog:
      return {tool.program, "--title", "Open a table — lookupviz", "--getopenfilename", dir,
              "Tables (*.npy *.safetensors)\nAll files (*)"};
    case DialogKind::None:
    case DialogKind::Portal:  // not a program: portal_dialog.cpp
      break;
  }
  return {};
}

DialogResult run_dialog(const std::vector<std::string>& argv) {
  DialogResult r;
  if (argv.empty()) {
    r.error = "no file dialog";
    return r;
  }
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) {
    r.error = std::string("cannot start ") + argv[0] + ": " + std::strerror(errno);
    return r;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, argv[0].c_str(), &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(fds[1]);
  if (spawned != 0) {
    close(fds[0]);
    r.error = "cannot start " + argv[0] + ": " + std::strerror(spawned);
    return r;
  }
  std::string out;
  char buf[4096];
  for (;;) {
    const ssize_t n = read(fds[0], buf, sizeof buf);
    if (n > 0) out.append(buf, static_cast<size_t>(n));
    else if (n == 0 || errno != EINTR) break;
  }
  close(fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  const std::string path = out.substr(0, out.find('\n'));
  const int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  if (code == 0 && !path.empty()) {
    r.outcome = DialogResult::Chosen;
    r.path = path;
  } else if (code == 1) {
    r.outcome = DialogResult::Cancelled;
  } else {
    const std::string name = argv[0].substr(argv[0].find_last_of('/') + 1);
    r.error = code < 0 ? name + " stopped by a signal" : name + " failed (exit status " + std::to_string(code) + ")";
  }
  return r;
}

}  // namespace lv::app
