// gguf_strings.cpp — see gguf_strings.hpp.
#include "core/io/gguf_strings.hpp"

#include <unistd.h>

#include <cerrno>

#include <algorithm>
#include <cstring>

#include "core/io/sigbus_guard.hpp"

namespace lv {

bool GgufStringWalk::window_at(uint64_t at, uint64_t k) {
  if (at >= from_ && at + k <= from_ + window_.size()) return true;
  const uint64_t len = std::min(kWindow, n_ - at);
  window_.resize(static_cast<size_t>(len));
  from_ = at;
  if (fd_ < 0) return guarded_memcpy(window_.data(), base_ + at, static_cast<size_t>(len));
  for (uint64_t done = 0; done < len;) {
    const ssize_t r = pread(fd_, window_.data() + done, static_cast<size_t>(len - done), static_cast<off_t>(at + done));
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) return false;  // the file is shorter than it was
    done += static_cast<uint64_t>(r);
  }
  return true;
}

bool GgufStringWalk::next(std::string* out, bool* truncated, bool* changed, uint64_t* len_out) {
  uint64_t len = 0;
  if (pos_ > n_ || n_ - pos_ < 8) return *truncated = true, false;
  if (!window_at(pos_, 8)) return *changed = true, false;
  std::memcpy(&len, window_.data() + (pos_ - from_), 8);
  if (len_out) *len_out = len;
  if (len > n_ - pos_ - 8) return *truncated = true, false;
  const uint64_t at = pos_ + 8;
  pos_ = at + len;
  if (!out) return true;
  if (len <= kWindow) {
    if (!window_at(at, len)) return *changed = true, false;
    out->assign(window_.data() + (at - from_), static_cast<size_t>(len));
    return true;
  }
  out->clear();  // longer than a window: a window at a time
  for (uint64_t done = 0; done < len; done += std::min(kWindow, len - done)) {
    if (!window_at(at + done, std::min(kWindow, len - done))) return *changed = true, false;
    out->append(window_.data() + (at + done - from_), static_cast<size_t>(std::min(kWindow, len - done)));
  }
  return true;
}

std::optional<std::vector<std::string>> read_gguf_strings(int fd, uint64_t n, uint64_t at, uint64_t count,
                                                          std::string* why) {
  if (count > n / 8) return *why = "its array claims more strings than the file holds", std::nullopt;
  std::vector<std::string> out(static_cast<size_t>(count));
  GgufStringWalk walk(nullptr, n, at, fd);
  bool truncated = false, changed = false;
  for (std::string& s : out)
    if (!walk.next(&s, &truncated, &changed))
      return *why = changed ? "the file changed while it was being read" : "the file ends inside its array",
             std::nullopt;
  return out;
}

}  // namespace lv
