// write_target.hpp — where an atomic save may put its file. Every save in the app
// (PNG, GIF, session) writes a temporary file beside its target and renames it over
// the target; a rename replaces whatever is at the name. So before writing, the path
// is resolved here: a symlink is followed to the file it names (the link stays a link
// and its target gets the new contents, atomically), and anything that is not a
// regular file — a FIFO, a device such as /dev/full, a socket, a folder — is refused
// rather than replaced.
#pragma once
#include <sys/types.h>

#include <cstdint>
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

// What a file that is not a regular one is, for a reason: "a FIFO (named pipe)", "a folder"…
// (read_small_file refuses the same kinds: core/io/small_file.hpp).
const char* file_kind_of(mode_t mode);

// The regular file a save is about to replace, as it is now: the new file takes its
// permission bits and, where it can, its owner and group (a rename would otherwise give
// the target the temporary file's 0644 and the saver's owner: a 0600 file readable by all).
struct ReplacedFile {
  bool exists = false;  // a regular file is at the (resolved) path
  unsigned mode = 0;    // its permission bits (st_mode & 07777)
  unsigned uid = 0, gid = 0;
  uint64_t dev = 0, ino = 0;  // which file it is (is it the table open in the window?)
  int64_t size = 0;           // bytes
};
ReplacedFile replaced_file(const std::string& resolved_path);

// Creates the temporary file for a save beside the target: 0600 while written when a
// file is replaced (never wider than the target for a moment), 0666 less the umask for a
// new name (as any new file). O_EXCL: a file already at `tmp` is never reused. -1 and errno.
int create_save_temp(const std::string& tmp, const ReplacedFile& replaced);

// Gives fd (the new file, before its rename) the replaced file's owner and group — when
// the process may: as root, or as the file's owner for the group (EPERM is ignored: the
// file is then ours, with the group we may give) — then its mode. "" or why not (a clause
// naming the errno, e.g. "setting its mode: Read-only file system").
std::string keep_mode_and_owner(int fd, const ReplacedFile& replaced);

}  // namespace lv
