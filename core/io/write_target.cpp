// write_target.cpp — follow symlinks by hand (realpath refuses a dangling link, and a
// link to a file not yet written is a fine place to save), then look at what is there.
#include "core/io/write_target.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <vector>

namespace lv {
namespace {

constexpr int kMaxLinks = 40;  // as the kernel's MAXSYMLINKS

std::string folder_of(const std::string& path) {
  const size_t slash = path.rfind('/');
  if (slash == std::string::npos) return "";
  return path.substr(0, slash + 1);  // keeps the '/', so "" + name stays relative to the cwd
}

}  // namespace

const char* file_kind_of(mode_t m) {
  if (S_ISDIR(m)) return "a folder";
  if (S_ISFIFO(m)) return "a FIFO (named pipe)";
  if (S_ISCHR(m)) return "a character device";
  if (S_ISBLK(m)) return "a block device";
  if (S_ISSOCK(m)) return "a socket";
  return "not a plain file";
}

WriteTarget resolve_write_target(const std::string& path) {
  WriteTarget t;
  t.path = path;
  for (int links = 0;; ++links) {
    struct stat st;
    // Anything lstat cannot see (missing, a folder we may not read) is left to the
    // write itself, which reports it in its own words.
    if (lstat(t.path.c_str(), &st) != 0) return t;
    if (S_ISREG(st.st_mode)) return t;
    if (!S_ISLNK(st.st_mode)) {
      t.error = WriteTargetError::NotRegularFile;
      t.reason = std::string("it is ") + file_kind_of(st.st_mode) + ", not a regular file";
      return t;
    }
    if (links >= kMaxLinks) {
      t.error = WriteTargetError::LinkLoop;
      t.reason = "it is a symlink that leads to itself (too many levels of links)";
      return t;
    }
    std::vector<char> buf(static_cast<size_t>(st.st_size > 0 ? st.st_size : 255) + 1);
    const ssize_t n = readlink(t.path.c_str(), buf.data(), buf.size());
    if (n <= 0 || static_cast<size_t>(n) >= buf.size()) return t;  // changed under us: let the write decide
    const std::string to(buf.data(), static_cast<size_t>(n));
    t.path = to.front() == '/' ? to : folder_of(t.path) + to;
  }
}

ReplacedFile replaced_file(const std::string& resolved_path) {
  ReplacedFile r;
  struct stat st;
  if (stat(resolved_path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return r;
  r.exists = true;
  r.mode = static_cast<unsigned>(st.st_mode & 07777);
  r.uid = st.st_uid;
  r.gid = st.st_gid;
  r.dev = static_cast<uint64_t>(st.st_dev);
  r.ino = static_cast<uint64_t>(st.st_ino);
  r.size = static_cast<int64_t>(st.st_size);
  return r;
}

int create_save_temp(const std::string& tmp, const ReplacedFile& replaced) {
  return open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, replaced.exists ? 0600 : 0666);
}

std::string keep_mode_and_owner(int fd, const ReplacedFile& replaced) {
  if (!replaced.exists) return "";
  // The owner first: chown clears set-user-ID bits, which the mode then sets again.
  const uid_t me = geteuid();
  if (me == 0 || me == replaced.uid) {
    const uid_t uid = me == 0 ? static_cast<uid_t>(replaced.uid) : static_cast<uid_t>(-1);
    if (fchown(fd, uid, static_cast<gid_t>(replaced.gid)) != 0 && errno != EPERM)
      return std::string("setting its owner: ") + std::strerror(errno);
  }
  if (fchmod(fd, static_cast<mode_t>(replaced.mode)) != 0)
    return std::string("setting its mode: ") + std::strerror(errno);
  return "";
}

}  // namespace lv
