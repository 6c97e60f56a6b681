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
// One spec (a line of the file) is at most this long: PATH_MAX with its NUL, as a path
// can be; a longer line is skipped, not read as a path.
inline constexpr size_t kMaxRecentSpecBytes = 4095;
// The file is at most this large (ten lines of that length, with room for a CR each);
// a larger file is not ours and is not read (the list starts empty).
inline constexpr size_t kMaxRecentFilesBytes = 65'536;

// Puts spec (FILE or FILE:NAME) first, dropping an earlier copy of it and whatever
// falls past kMaxRecentFiles. A spec holding a line break or a NUL, or longer than
// kMaxRecentSpecBytes, cannot be stored and is ignored, as is an empty one.
void remember_recent(std::vector<std::string>& recent, const std::string& spec);

// The file's text -> the list (blank lines, repeats, lines longer than
// kMaxRecentSpecBytes and lines holding a NUL skipped; at most kMaxRecentFiles).
std::vector<std::string> parse_recent_files(std::string_view text);
std::string recent_files_text(const std::vector<std::string>& recent);

// Reads the list from path (empty when there is no file or it cannot be read, or is not
// a regular file of at most kMaxRecentFilesBytes: a FIFO, /dev/zero, a sparse giant).
std::vector<std::string> load_recent_files(const std::string& path);
// Writes it atomically (core/io/small_file.hpp: a temporary file renamed over path; a FIFO
// or device at path is refused, not replaced). "" or why not.
std::string save_recent_files(const std::string& path, const std::vector<std::string>& recent);

// Puts spec first in the list kept at path, merged with what other instances wrote
// there meanwhile (two started at once each add their table; neither is lost): under an
// exclusive flock on PATH.lock, the file is read, spec put first, and the list written
// to a temporary file renamed over path. *merged (if not null) gets the list as
// written (or, when it cannot be written, the list read with spec first). "" or why not.
std::string record_recent_file(const std::string& path, const std::string& spec, std::vector<std::string>* merged);

}  // namespace lv
