// recent_files.cpp — the recent-files list and its file.
#include "core/settings/recent_files.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "core/io/small_file.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

namespace lv {

void remember_recent(std::vector<std::string>& recent, const std::string& spec) {
  if (spec.empty() || spec.size() > kMaxRecentSpecBytes ||
      spec.find_first_of(std::string_view("\n\r\0", 3)) != std::string::npos)
    return;
  recent.erase(std::remove(recent.begin(), recent.end(), spec), recent.end());
  recent.insert(recent.begin(), spec);
  if (recent.size() > kMaxRecentFiles) recent.resize(kMaxRecentFiles);
}

std::vector<std::string> parse_recent_files(std::string_view text) {
  std::vector<std::string> out;
  while (!text.empty() && out.size() < kMaxRecentFiles) {
    const size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty() || line.size() > kMaxRecentSpecBytes ||
        line.find_first_of(std::string_view("\r\0", 2)) != std::string_view::npos)
      continue;
    if (std::find(out.begin(), out.end(), line) != out.end()) continue;
    out.emplace_back(line);
  }
  return out;
}

std::string recent_files_text(const std::vector<std::string>& recent) {
  std::string text;
  for (const std::string& r : recent) text += r + "\n";
  return text;
}

std::vector<std::string> load_recent_files(const std::string& path) {
  const SmallFileRead r = read_small_file(path, kMaxRecentFilesBytes);
  return r.ok() ? parse_recent_files(r.text) : std::vector<std::string>{};
}

std::string save_recent_files(const std::string& path, const std::vector<std::string>& recent) {
  // Atomically, through the write path every save shares: a FIFO or device planted at
  // the path is refused, never replaced; a symlink's target is written.
  const std::string why = write_small_file(path, recent_files_text(recent));
  return why.empty() ? "" : "cannot write " + path + ": " + why;
}

std::string record_recent_file(const std::string& path, const std::string& spec, std::vector<std::string>* merged) {
  // The lock file stays beside the list (removing it would let a third instance lock a
  // new inode while the second still holds the old one). flock is released when the
  // descriptor closes, also when the process dies holding it.
  const std::string lock_path = path + ".lock";
  const int lock = open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
  std::string why;
  if (lock < 0) {
    why = "cannot open " + lock_path + ": " + std::strerror(errno);
  } else {
    while (flock(lock, LOCK_EX) != 0 && errno == EINTR) {
    }
  }
  // Without the lock (a read-only folder, say) the merge is still made, only not atomically.
  std::vector<std::string> recent = load_recent_files(path);
  remember_recent(recent, spec);
  const std::string err = save_recent_files(path, recent);
  if (lock >= 0) close(lock);  // unlocks
  if (merged) *merged = std::move(recent);
  return err.empty() ? why : err;
}

}  // namespace lv
