// recent_files.cpp — the recent-files list and its file.
#include "core/recent_files.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

namespace lv {

void remember_recent(std::vector<std::string>& recent, const std::string& spec) {
  if (spec.empty() || spec.find_first_of("\n\r") != std::string::npos) return;
  recent.erase(std::remove(recent.begin(), recent.end(), spec), recent.end());
  recent.insert(recent.begin(), spec);
  if (recent.size() > kMaxRecentFiles) recent.resize(kMaxRecentFiles);
}

std::vector<std::string> parse_recent_files(std::string_view text) {
  std::vector<std::string> out;
  while (!text.empty() && out.size() < kMaxRecentFiles) {
    const size_t nl = text.find('\n');
    std::string line(text.substr(0, nl));
    text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || std::find(out.begin(), out.end(), line) != out.end()) continue;
    out.push_back(std::move(line));
  }
  return out;
}

std::string recent_files_text(const std::vector<std::string>& recent) {
  std::string text;
  for (const std::string& r : recent) text += r + "\n";
  return text;
}

std::vector<std::string> load_recent_files(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return {};
  std::stringstream text;
  text << in.rdbuf();
  return parse_recent_files(text.str());
}

std::string save_recent_files(const std::string& path, const std::vector<std::string>& recent) {
  const std::string tmp = path + ".tmp";
  std::FILE* f = std::fopen(tmp.c_str(), "wb");
  if (!f) return "cannot write " + tmp + ": " + std::strerror(errno);
  const std::string text = recent_files_text(recent);
  const bool written = std::fwrite(text.data(), 1, text.size(), f) == text.size();
  if (std::fclose(f) != 0 || !written) {
    std::remove(tmp.c_str());
    return "cannot write " + tmp;
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    const std::string why = std::strerror(errno);
    std::remove(tmp.c_str());
    return "cannot replace " + path + ": " + why;
  }
  return "";
}

}  // namespace lv
