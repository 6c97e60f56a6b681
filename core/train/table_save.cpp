// table_save.cpp — see the header.
#include "core/train/table_save.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "core/io/write_target.hpp"

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

}  // namespace

std::string save_trained_safetensors(const Trainer& trained, const std::string& path,
                                     const std::function<bool(double)>& progress) {
  const WriteTarget target = resolve_write_target(path);
  if (target.error != WriteTargetError::None) return target.reason;
  const std::string tmp = target.path + ".tmp-" + std::to_string(getpid());
  const int fd = open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return std::strerror(errno);
  auto failed = [&](const char* what) {
    const int e = errno;
    close(fd);
    unlink(tmp.c_str());
    return std::string(what) + ": " + std::strerror(e);
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
  if (fsync(fd) != 0) return failed("syncing");
  if (close(fd) != 0) {
    const int e = errno;
    unlink(tmp.c_str());
    return std::string("closing: ") + std::strerror(e);
  }
  if (std::rename(tmp.c_str(), target.path.c_str()) != 0) {
    const int e = errno;
    unlink(tmp.c_str());
    return std::string("renaming: ") + std::strerror(e);
  }
  return "";
}

}  // namespace lv
