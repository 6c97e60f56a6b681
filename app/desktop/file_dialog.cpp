// file_dialog.cpp — finding zenity / kdialog on PATH and running one with posix_spawn,
// reading the chosen path from a pipe.
#include "app/desktop/file_dialog.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <poll.h>
#include <signal.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <mutex>
#include <set>
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
  std::vector<std::pair<DialogKind, const char*>> order = {{DialogKind::Zenity, "zenity"},
                                                           {DialogKind::KDialog, "kdialog"}};
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
      return {tool.program,
              "--file-selection",
              "--title=Open a table — lookupviz",
              "--filename=" + dir,
              "--file-filter=Tables (.npy, .safetensors, .gguf, a model folder's config.json) | *.npy *.safetensors "
              "*.gguf config.json",
              "--file-filter=All files | *"};
    case DialogKind::KDialog:
      return {tool.program,        "--title", "Open a table — lookupviz",
              "--getopenfilename", dir,       "Tables (*.npy *.safetensors *.gguf config.json)\nAll files (*)"};
    case DialogKind::None:
    case DialogKind::Portal:  // not a program: portal_dialog.cpp
      break;
  }
  return {};
}

namespace {

// The dialogs running now, by process group (their leader's pid): end_dialogs() ends them.
// Never destroyed: a dialog's detached thread may still take itself off the list while
// the app exits.
struct Running {
  std::mutex mutex;
  std::set<pid_t> groups;
};
Running& running() {
  static Running* r = new Running;
  return *r;
}

void end_group(pid_t pgid) {
  kill(-pgid, SIGTERM);
  kill(-pgid, SIGCONT);  // a stopped one must wake to die
}

// SIGKILL for what is left of a group a moment after SIGTERM (a program that ignores
// it). The leader's exit (not reaped: a zombie) ends the wait early; the rest of the
// group gets SIGKILL then.
void kill_group_after(pid_t pgid, int ms) {
  for (int waited = 0; waited < ms; waited += 10) {
    siginfo_t info{};
    if (kill(-pgid, 0) != 0) return;  // no process left in it
    if (waitid(P_PID, static_cast<id_t>(pgid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pgid) break;
    usleep(10'000);
  }
  kill(-pgid, SIGKILL);
}

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

}  // namespace

void end_dialogs() {
  std::vector<pid_t> groups;
  {
    std::lock_guard<std::mutex> lock(running().mutex);
    groups.assign(running().groups.begin(), running().groups.end());
  }
  for (pid_t g : groups) end_group(g);
  for (pid_t g : groups) kill_group_after(g, 500);
}

namespace {

// The dialog's answer when it exited in time with `code` having printed `out`: one line,
// the path, then (usually) its line end.
void read_answer(const std::string& out, int code, const std::string& name, DialogResult& r) {
  std::string path = out;
  if (!path.empty() && path.back() == '\n') path.pop_back();
  if (code == 0 && !path.empty()) {
    if (path.find('\n') != std::string::npos || path.find('\0') != std::string::npos) {
      // zenity and kdialog print one path per line: a path holding a line break comes out
      // as two lines, and the first is another file. Nothing is opened.
      const std::string first = path.substr(0, path.find_first_of(std::string_view("\n\0", 2)));
      r.outcome = DialogResult::Refused;
      r.error = "The chosen file cannot be opened: its path holds a line break (it starts " + first +
                "), and the file dialog cannot pass such a path on. Rename it and open it again.";
      return;
    }
    r.outcome = DialogResult::Chosen;
    r.path = path;
  } else if (code == 1) {
    r.outcome = DialogResult::Cancelled;
  } else {
    r.error = code < 0 ? name + " stopped by a signal" : name + " failed (exit status " + std::to_string(code) + ")";
  }
}

}  // namespace

DialogResult run_dialog(const std::vector<std::string>& argv, double timeout_seconds) {
  DialogResult r;
  if (argv.empty()) {
    r.error = "no file dialog";
    return r;
  }
  const std::string name = argv[0].substr(argv[0].find_last_of('/') + 1);
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) {
    r.error = "cannot start " + name + ": " + std::strerror(errno);
    return r;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
  // A process group of its own: the dialog and whatever it starts end together.
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attr, 0);
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, argv[0].c_str(), &actions, &attr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  close(fds[1]);
  if (spawned != 0) {
    close(fds[0]);
    r.error = "cannot start " + argv[0] + ": " + std::strerror(spawned);
    return r;
  }
  {
    std::lock_guard<std::mutex> lock(running().mutex);
    running().groups.insert(pid);
  }
  fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK);

  // Read the answer while the dialog runs: never more than kMaxDialogAnswerBytes (+1 to
  // see that it is longer), never past the program's exit (a child of it may hold the
  // pipe open for ever), never past the timeout.
  std::string out;
  bool too_long = false, timed_out = false, exited = false, eof = false;
  const auto started = std::chrono::steady_clock::now();
  auto drain = [&] {
    char buf[4096];
    while (!eof && !too_long) {
      const size_t room = kMaxDialogAnswerBytes + 1 - out.size();
      const ssize_t n = read(fds[0], buf, std::min(sizeof buf, room));
      if (n > 0) {
        out.append(buf, static_cast<size_t>(n));
        too_long = out.size() > kMaxDialogAnswerBytes;
      } else if (n == 0) {
        eof = true;
      } else if (errno != EINTR) {
        break;  // EAGAIN: nothing more for now
      }
    }
  };
  while (!exited && !too_long) {
    pollfd p{fds[0], POLLIN, 0};
    if (!eof) poll(&p, 1, 100);
    else usleep(20'000);  // the pipe is closed: only the exit is awaited
    drain();
    siginfo_t info{};
    // WNOWAIT: the leader stays a zombie, so its group ID cannot be reused before the
    // group is ended below.
    exited = waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid;
    if (exited) drain();  // what it wrote before it exited
    if (!exited && seconds_since(started) > timeout_seconds) {
      timed_out = true;
      break;
    }
  }
  close(fds[0]);
  if (exited) {
    kill(-pid, SIGKILL);  // whatever it left in its group (a child holding the pipe); the leader is a zombie
  } else {
    end_group(pid);  // still up: an answer too long, or the timeout
    kill_group_after(pid, 500);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  {
    std::lock_guard<std::mutex> lock(running().mutex);
    running().groups.erase(pid);
  }
  const int code = exited && WIFEXITED(status) ? WEXITSTATUS(status) : -1;

  if (timed_out) {
    r.outcome = DialogResult::Refused;
    r.error = "The file dialog (" + name + ") gave no answer in " +
              std::to_string(static_cast<long long>(timeout_seconds)) + " s, so it was closed and nothing was opened.";
    return r;
  }
  if (too_long) {
    r.outcome = DialogResult::Refused;
    r.error = "The file dialog (" + name + ") answered with more than " + std::to_string(kMaxDialogAnswerBytes) +
              " bytes, longer than any path, so nothing was opened.";
    return r;
  }
  read_answer(out, code, name, r);
  return r;
}

}  // namespace lv::app
