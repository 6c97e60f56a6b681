// gguf_strings.hpp — a GGUF array of strings read from the file itself (its mapping), a window
// at a time under the SIGBUS guard, instead of from the header's copy (issue 39: a 500k-token
// vocabulary's metadata was copied whole, then its tokens copied again from that copy).
// parse_gguf_header walks such an array with it (checking every length against the file)
// without keeping its bytes; the tokenizer reads the strings with it once, into its own.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace lv {

class GgufStringWalk {
 public:
  // The strings from file offset `at` of the n bytes at base, or (fd >= 0) of the open file
  // fd, read with pread: the file's pages are then never mapped into the process.
  GgufStringWalk(const uint8_t* base, uint64_t n, uint64_t at, int fd = -1) : base_(base), n_(n), pos_(at), fd_(fd) {}
  // The next string into *out (nullptr: skipped). False when its length runs past the file
  // (*truncated) or the file changed under the read (*changed).
  bool next(std::string* out, bool* truncated, bool* changed, uint64_t* len_out = nullptr);
  uint64_t pos() const { return pos_; }

 private:
  bool window_at(uint64_t at, uint64_t k);  // [at, at + k) into the window; k <= kWindow
  static constexpr uint64_t kWindow = 1u << 20;
  const uint8_t* base_;
  uint64_t n_, pos_;
  int fd_;
  std::string window_;
  uint64_t from_ = 0;  // the window holds the file's [from_, from_ + window_.size())
};

// The `count` strings from file offset `at` of the open file fd (n bytes long); nullopt with
// *why (a clause) when they are not all there any more.
std::optional<std::vector<std::string>> read_gguf_strings(int fd, uint64_t n, uint64_t at, uint64_t count,
                                                          std::string* why);

}  // namespace lv
