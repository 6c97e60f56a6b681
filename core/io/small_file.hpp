// small_file.hpp — the files lookupviz reads and writes for itself (recent-files,
// imgui.ini, user-dirs.dirs, the tokenizer pack, a --text-file): read whole, but never
// unbounded. The path is opened with O_NONBLOCK (a FIFO planted there never blocks),
// fstat must say a regular file (not a FIFO, a device such as /dev/zero or a folder),
// its size must be within a cap (or exactly the size expected, where it is known), and
// no more than that is ever read, even from a file that grows while it is read.
// Writes go through a temporary file renamed over the target (core/io/write_target.hpp),
// as the session's do. No GL, no ImGui.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace lv {

struct SmallFileRead {
  enum Status {
    Ok,          // text holds the whole file
    Missing,     // there is no file (ENOENT): often just the first launch
    NotRegular,  // a FIFO, a device, a socket or a folder
    TooLarge,    // larger than the cap, or not the exact size expected
    Failed,      // open or read failed otherwise (permissions, I/O)
  } status = Failed;
  std::string text;    // when Ok
  uint64_t size = 0;   // the size fstat gave (a regular file's), also when TooLarge
  std::string reason;  // when not Ok: a clause, e.g. "it is a FIFO (named pipe), not a regular file"
  bool ok() const { return status == Ok; }
};

// Reads path whole when it is a regular file of at most max_bytes bytes (exactly
// exact_size bytes when given).
SmallFileRead read_small_file(const std::string& path, size_t max_bytes,
                              std::optional<uint64_t> exact_size = std::nullopt);

// The same checks, and the file mapped read-only rather than read: nothing copied, and only the
// pages touched are ever read. `bytes` stays valid while anyone holds `keep`. A file cut short
// while it is mapped raises SIGBUS where its lost pages are read: only for files replaced by
// renaming, never rewritten in place (the tokenizer cache), in a process that soon exits.
struct SmallFileMap {
  SmallFileRead::Status status = SmallFileRead::Failed;
  std::string_view bytes;
  std::shared_ptr<const void> keep;
  uint64_t size = 0;
  std::string reason;  // as SmallFileRead's
  bool ok() const { return status == SmallFileRead::Ok; }
};
SmallFileMap map_small_file(const std::string& path, size_t max_bytes);

// Writes text to path atomically (a temporary file beside it, synced, renamed over
// it); a symlink's target is written, a FIFO or device at the path is refused; a file
// replaced keeps its mode (and owner where it may: core/io/write_target.hpp).
// "" or why not (a clause).
std::string write_small_file(const std::string& path, std::string_view text);

}  // namespace lv
