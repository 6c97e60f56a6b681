// write_target.cpp — follow symlinks by hand (realpath refuses a dangling link, and a
// link to a file not yet written is a fine place to save), then look at what is there.
#include "core/io/write_target.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <vector>

namespace lv {
namespace {

constexpr int kMaxLinks = 40;  // as the kernel's MAXSYMLINKS

const char* kind_of(mode_t m) {
  if (S_ISDIR(m)) return "a folder";
  if (S_ISFIFO(m)) return "a FIFO (named pipe)";
  if (S_ISCHR(m)) return "a character device";
  if (S_ISBLK(m)) return "a block device";
  if (S_ISSOCK(m)) return "a socket";
  return "not a plain file";
}

std::string folder_of(const std::string& path) {
  const size_t slash = path.rfind('/');
  if (slash == std::string::npos) return "";
  return path.substr(0, slash + 1);  // keeps the '/', so "" + name stays relative to the cwd
}

}  // namespace

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
      t.reason = std::string("it is ") + kind_of(st.st_mode) + ", not a regular file";
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

}  // namespace lv
