// xdg_dirs.cpp — user-dirs.dirs parsing (the freedesktop.org xdg-user-dirs format:
// shell-style NAME="value" lines, '#' comments, only $HOME expanded).
#include "core/settings/xdg_dirs.hpp"

#include <sys/stat.h>

#include <cstdlib>

#include "core/io/small_file.hpp"
#include "core/text/text_format.hpp"

namespace lv {
namespace {

constexpr size_t kMaxUserDirsBytes = 64u << 10;  // user-dirs.dirs is a few hundred bytes

bool is_dir(const std::string& path) {
  struct stat st;
  return !path.empty() && stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

std::string without_trailing_slashes(std::string s) {
  while (s.size() > 1 && s.back() == '/') s.pop_back();
  return s;
}

}  // namespace

XdgEnv xdg_env_from_process() {
  XdgEnv env;
  if (const char* h = std::getenv("HOME")) env.home = h;
  if (const char* c = std::getenv("XDG_CONFIG_HOME")) env.xdg_config_home = c;
  return env;
}

std::optional<std::string> parse_user_dir(std::string_view text, std::string_view name, const std::string& home) {
  std::optional<std::string> found;
  while (!text.empty()) {
    const size_t nl = text.find('\n');
    std::string_view line = trim(text.substr(0, nl));
    text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
    if (line.empty() || line.front() == '#') continue;
    const size_t eq = line.find('=');
    if (eq == std::string_view::npos || trim(line.substr(0, eq)) != name) continue;
    std::string_view v = trim(line.substr(eq + 1));
    if (v.size() < 2 || v.front() != '"' || v.back() != '"') continue;
    v = v.substr(1, v.size() - 2);
    std::string path;
    for (size_t i = 0; i < v.size(); ++i) {  // \" and \\ are the only escapes the tool writes
      if (v[i] == '\\' && i + 1 < v.size()) ++i;
      path += v[i];
    }
    if (path.rfind("$HOME", 0) == 0 && (path.size() == 5 || path[5] == '/')) {
      if (home.empty()) continue;
      path = home + path.substr(5);
    } else if (path.empty() || path.front() != '/') {
      continue;  // relative or another variable: not allowed by the spec
    }
    path = without_trailing_slashes(path);
    // The last assignment wins, as when the shell sources the file.
    if (!home.empty() && path == without_trailing_slashes(home)) found.reset();  // "switched off"
    else found = path;
  }
  return found;
}

std::optional<std::string> xdg_user_dir(const XdgEnv& env, std::string_view name) {
  const std::string config = !env.xdg_config_home.empty() && env.xdg_config_home.front() == '/'
                                 ? env.xdg_config_home
                                 : (env.home.empty() ? "" : env.home + "/.config");
  if (config.empty()) return std::nullopt;
  // Bounded (core/io/small_file.hpp): a FIFO or a giant file there is not read.
  const SmallFileRead in = read_small_file(config + "/user-dirs.dirs", kMaxUserDirsBytes);
  if (!in.ok()) return std::nullopt;
  const std::string key = "XDG_" + std::string(name) + "_DIR";
  std::optional<std::string> dir = parse_user_dir(in.text, key, env.home);
  if (dir && !is_dir(*dir)) return std::nullopt;
  return dir;
}

std::string pictures_dir(const XdgEnv& env) {
  if (auto d = xdg_user_dir(env, "PICTURES")) return *d;
  if (!env.home.empty() && is_dir(env.home + "/Pictures")) return without_trailing_slashes(env.home) + "/Pictures";
  return ".";
}

}  // namespace lv
