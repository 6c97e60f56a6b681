// small_file.cpp — bounded reads and atomic writes of the app's own small files.
#include "core/io/small_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

#include "core/text/text_format.hpp"
#include "core/io/write_target.hpp"

namespace lv {
namespace {

struct Fd {  // closed on every path out
  int fd = -1;
  ~Fd() {
    if (fd >= 0) close(fd);
  }
};

// The file opened and checked (regular, within the cap or of the size expected): its fd, or
// -1 with r's status and reason set. r.size is fstat's.
int open_small_file(const std::string& path, size_t max_bytes, std::optional<uint64_t> exact_size, SmallFileRead& r) {
  // O_NONBLOCK: opening a FIFO for reading would wait for a writer.
  Fd f{open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)};
  if (f.fd < 0) {
    const int e = errno;
    r.status = e == ENOENT ? SmallFileRead::Missing : SmallFileRead::Failed;
    r.reason = e == ENOENT ? "it does not exist" : std::strerror(e);
    if (e == EISDIR) {  // (open refuses a folder only when asked to write: kept for safety)
      r.status = SmallFileRead::NotRegular;
      r.reason = "it is a folder, not a regular file";
    }
    return -1;
  }
  struct stat st;
  if (fstat(f.fd, &st) != 0) {
    r.reason = std::strerror(errno);
    return -1;
  }
  if (!S_ISREG(st.st_mode)) {
    r.status = SmallFileRead::NotRegular;
    r.reason = std::string("it is ") + file_kind_of(st.st_mode) + ", not a regular file";
    return -1;
  }
  const uint64_t size = static_cast<uint64_t>(st.st_size);
  r.size = size;
  if (exact_size && size != *exact_size) {
    r.status = SmallFileRead::TooLarge;
    r.reason = "it is " + with_commas(size) + " bytes, not " + with_commas(*exact_size);
    return -1;
  }
  if (size > max_bytes) {
    r.status = SmallFileRead::TooLarge;
    r.reason = "it is " + with_commas(size) + " bytes, more than the " + with_commas(static_cast<uint64_t>(max_bytes)) +
               " such a file can be";
    return -1;
  }
  const int fd = f.fd;
  f.fd = -1;
  return fd;
}

struct Mapping {  // unmapped when the last holder lets go
  void* addr = nullptr;
  size_t size = 0;
  ~Mapping() {
    if (addr) munmap(addr, size);
  }
};

}  // namespace

SmallFileMap map_small_file(const std::string& path, size_t max_bytes) {
  SmallFileRead r;
  Fd f{open_small_file(path, max_bytes, std::nullopt, r)};
  SmallFileMap m;
  m.status = r.status, m.size = r.size, m.reason = std::move(r.reason);
  if (f.fd < 0) return m;
  m.status = SmallFileRead::Ok;
  if (r.size == 0) return m;  // nothing to map
  auto map = std::make_shared<Mapping>();
  map->addr = mmap(nullptr, static_cast<size_t>(r.size), PROT_READ, MAP_PRIVATE, f.fd, 0);
  if (map->addr == MAP_FAILED) {
    map->addr = nullptr;
    m.status = SmallFileRead::Failed;
    m.reason = std::strerror(errno);
    return m;
  }
  map->size = static_cast<size_t>(r.size);
  m.bytes = std::string_view(static_cast<const char*>(map->addr), map->size);
  m.keep = std::move(map);
  return m;
}

SmallFileRead read_small_file(const std::string& path, size_t max_bytes, std::optional<uint64_t> exact_size) {
  SmallFileRead r;
  Fd f{open_small_file(path, max_bytes, exact_size, r)};
  if (f.fd < 0) return r;
  const uint64_t size = r.size;
  // The size fstat gave, plus one byte to see whether it grew: never more than the cap + 1.
  r.text.resize(static_cast<size_t>(size) + 1);
  size_t got = 0;
  while (got < r.text.size()) {
    const ssize_t n = read(f.fd, r.text.data() + got, r.text.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      r.status = SmallFileRead::Failed;
      r.reason = std::strerror(errno);
      r.text.clear();
      return r;
    }
    if (n == 0) break;  // the end (it may have shrunk while read: what is there is the file)
    got += static_cast<size_t>(n);
  }
  if (got > size) {  // it grows as it is read (a log, a pipe behind a bind mount): not ours
    r.status = SmallFileRead::TooLarge;
    r.reason = "it grew while it was read";
    r.text.clear();
    return r;
  }
  r.text.resize(got);
  r.status = SmallFileRead::Ok;
  return r;
}

std::string write_small_file(const std::string& path, std::string_view text) {
  const WriteTarget target = resolve_write_target(path);
  if (target.error != WriteTargetError::None) return target.reason;
  const std::string tmp = target.path + ".tmp-" + std::to_string(getpid());
  auto failed = [&](const char* what, int e, int fd) {
    if (fd >= 0) close(fd);
    unlink(tmp.c_str());
    return std::string(what) + ": " + std::strerror(e);
  };
  // A file replaced keeps its mode and, where it may, its owner (a 0600 session stays 0600).
  const ReplacedFile replaced = replaced_file(target.path);
  unlink(tmp.c_str());  // a crashed save's leftover of this pid
  const int fd = create_save_temp(tmp, replaced);
  if (fd < 0) return std::strerror(errno);
  size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return failed("writing", n < 0 ? errno : ENOSPC, fd);
    done += static_cast<size_t>(n);
  }
  if (const std::string why = keep_mode_and_owner(fd, replaced); !why.empty()) {
    close(fd);
    unlink(tmp.c_str());
    return why;
  }
  if (fsync(fd) != 0) return failed("syncing", errno, fd);
  if (close(fd) != 0) return failed("closing", errno, -1);
  if (std::rename(tmp.c_str(), target.path.c_str()) != 0) return failed("renaming", errno, -1);
  // The rename itself is durable only once the folder is synced; not every file system can.
  const size_t slash = target.path.rfind('/');
  const std::string dir = slash == std::string::npos ? "." : slash == 0 ? "/" : target.path.substr(0, slash);
  const int dfd = open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    fsync(dfd);
    close(dfd);
  }
  return "";
}

}  // namespace lv
