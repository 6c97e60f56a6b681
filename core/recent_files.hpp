// recent_files.hpp — the tables opened lately (File ▸ Open recent, the picker's
// "Recent" place): a short list, newest first, kept in the settings folder as one
// path per line. No GL, no ImGui.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace lv {

inline constexpr size_t kMaxRecentFiles = 10;
inline constexpr const char* kRecentFilesName = "recent-files";  // beside session.ini

// Puts spec (FILE or FILE:NAME) first, dropping an earlier copy of it and whatever
// falls past kMaxRecentFiles. A spec holding a line break cannot be stored and is
// ignored, as is an empty one.
void remember_recent(std::vector<std::string>& recent, const std::string& spec);

// The file's text -> the list (blank lines and repeats skipped, at most kMaxRecentFiles).
std::vector<std::string> parse_recent_files(std::string_view text);
std::string recent_files_text(const std::vector<std::string>& recent);

// Reads the list from path (empty when there is no file or it cannot be read).
std::vector<std::string> load_recent_files(const std::string& path);
// Writes it (to a temporary file, then renamed over path). "" or why not.
std::string save_recent_files(const std::string& path, const std::vector<std::string>& recent);

// Puts spec first in the list kept at path, merged with what other instances wrote
// there meanwhile (two started at once each add their table; neither is lost): under an
// exclusive flock on PATH.lock, the file is read, spec put first, and the list written
// to a temporary file renamed over path. *merged (if not null) gets the list as
// written (or, when it cannot be written, the list read with spec first). "" or why not.
std::string record_recent_file(const std::string& path, const std::string& spec, std::vector<std::string>* merged);

}  // namespace lv
