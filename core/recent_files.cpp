// recent_files.cpp — the recent-files list and its file.
#include "core/recent_files.hpp"

#include <algorithm>

#include "core/small_file.hpp"

namespace lv {

void remember_recent(std::vector<std::string>& recent, const std::string& spec) {
  if (spec.empty() || spec.size() > kMaxRecentSpecBytes || spec.find_first_of(std::string_view("\n\r\0", 3)) != std::string::npos)
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
    if (line.empty() || line.size() > kMaxRecentSpecBytes || line.find_first_of(std::string_view("\r\0", 2)) != std::string_view::npos)
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

}  // namespace lv
