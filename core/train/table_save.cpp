// table_save.cpp — see the header.
#include "core/train/table_save.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

namespace lv {
namespace {

// The header: {"weight":{"dtype":"F32","shape":[V,D],"data_offsets":[0,V*D*4]}}, padded
// with spaces to a multiple of 8 (the data then starts 8-aligned), after its length as
// a little-endian uint64.
std::string header_of(int64_t v, int64_t d) {
  std::string json = "{\"weight\":{\"dtype\":\"F32\",\"shape\":[" + std::to_string(v) + "," + std::to_string(d) +
                     "],\"data_offsets\":[0," + std::to_string(v * d * 4) + "]}}";
  while (json.size() % 8 != 0) json += ' ';
  std::string out(8, '\0');
  uint64_t n = json.size();
  for (int i = 0; i < 8; ++i) out[static_cast<size_t>(i)] = static_cast<char>((n >> (8 * i)) & 0xFF);
  return out + json;
}

bool write_all(int fd, const void* data, size_t n) {
  const char* p = static_cast<const char*>(data);
  while (n > 0) {
    const ssize_t w = write(fd, p, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) {
      if (w == 0) errno = ENOSPC;
      return false;
    }
    p += w;
    n -= static_cast<size_t>(w);
  }
  return true;
}

// The folder a path is in, as the user would read it ("." for a bare name).
std::string folder_of(const std::string& path) {
  const size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

// Why a file could not be made in the folder of `real` (errno e), naming the path asked
// for (`path`) and the folder.
std::string create_failure(const std::string& path, const std::string& real, int e) {
  const std::string dir = folder_of(real);
  struct stat st;
  if (e == ENOENT && stat(dir.c_str(), &st) != 0) return path + ": the folder " + dir + " does not exist";
  if (e == ENOTDIR || (stat(dir.c_str(), &st) == 0 && !S_ISDIR(st.st_mode)))
    return path + ": " + dir + " is not a folder";
  return path + ": a file cannot be made in " + dir + " (" + std::strerror(e) + ")";
}

}  // namespace

TableSavePlan plan_table_save(const std::string& path) {
  TableSavePlan p;
  if (path.empty()) {
    p.error = "no file name given";
    return p;
  }
  const WriteTarget target = resolve_write_target(path);
  if (target.error != WriteTargetError::None) {
    p.error = path + ": " + target.reason;
    return p;
  }
  p.replaced = replaced_file(target.path);
  if (!p.replaced.exists) {
    // Nothing there yet: its folder must be one (the worker would fail to create the file).
    const std::string dir = folder_of(target.path);
    struct stat st;
    if (stat(dir.c_str(), &st) != 0) p.error = create_failure(path, target.path, errno);
    else if (!S_ISDIR(st.st_mode)) p.error = path + ": " + dir + " is not a folder";
  }
  return p;
}

std::string save_trained_safetensors(const Trainer& trained, const std::string& path,
                                     const std::function<bool(double)>& progress) {
  const WriteTarget target = resolve_write_target(path);
  if (target.error != WriteTargetError::None) return path + ": " + target.reason;
  const ReplacedFile replaced = replaced_file(target.path);
  const std::string tmp = target.path + ".tmp-" + std::to_string(getpid());
  unlink(tmp.c_str());  // a crashed save's leftover of this pid (O_EXCL below never follows a link there)
  const int fd = create_save_temp(tmp, replaced);
  if (fd < 0) return create_failure(path, target.path, errno);
  auto failed = [&](const std::string& what) {
    const int e = errno;
    close(fd);
    unlink(tmp.c_str());
    return path + ": " + what + " failed (" + std::strerror(e) + ")";
  };
  const std::string header = header_of(trained.rows(), trained.cols());
  if (!write_all(fd, header.data(), header.size())) return failed("writing");
  // Rows in bands of about 1 MB: little-endian float32, as x86 holds them.
  const int64_t d = trained.cols();
  const int64_t band = std::max<int64_t>(1, (int64_t{1} << 18) / std::max<int64_t>(1, d));
  std::vector<float> buf(static_cast<size_t>(band * d));
  for (int64_t r0 = 0; r0 < trained.rows(); r0 += band) {
    const int64_t n = std::min(band, trained.rows() - r0);
    for (int64_t r = 0; r < n; ++r) trained.read_row(r0 + r, buf.data() + r * d);
    if (!write_all(fd, buf.data(), static_cast<size_t>(n * d) * sizeof(float))) return failed("writing");
    if (progress && !progress(static_cast<double>(r0 + n) / static_cast<double>(trained.rows()))) {
      close(fd);
      unlink(tmp.c_str());
      return "stopped";
    }
  }
  if (const std::string why = keep_mode_and_owner(fd, replaced); !why.empty()) {
    close(fd);
    unlink(tmp.c_str());
    return path + ": " + why;
  }
  if (fsync(fd) != 0) return failed("syncing");
  if (close(fd) != 0) {
    const int e = errno;
    unlink(tmp.c_str());
    return path + ": closing failed (" + std::strerror(e) + ")";
  }
  if (std::rename(tmp.c_str(), target.path.c_str()) != 0) {
    const int e = errno;
    unlink(tmp.c_str());
    return path + ": renaming the new file over it failed (" + std::strerror(e) + ")";
  }
  return "";
}

}  // namespace lv
