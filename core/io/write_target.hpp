// write_target.hpp — where an atomic save may put its file. Every save in the app
// (PNG, GIF, session) writes a temporary file beside its target and renames it over
// the target; a rename replaces whatever is at the name. So before writing, the path
// is resolved here: a symlink is followed to the file it names (the link stays a link
// and its target gets the new contents, atomically), and anything that is not a
// regular file — a FIFO, a device such as /dev/full, a socket, a folder — is refused
// rather than replaced.
#pragma once
#include <string>

namespace lv {

enum class WriteTargetError {
  None,
  NotRegularFile,  // the path (or where its links lead) is a FIFO, device, socket or folder
  LinkLoop,        // too many symlinks (a loop), as ELOOP
};

struct WriteTarget {
  WriteTargetError error = WriteTargetError::None;
  std::string path;    // the file to replace: the path itself, or where its links lead
  std::string reason;  // when error: e.g. "it is a FIFO, not a regular file"
};

// Follows symlinks (relative ones from their own folder) to the final name; a name
// that does not exist yet (also the end of a dangling link) is fine: it will be created.
WriteTarget resolve_write_target(const std::string& path);

}  // namespace lv
