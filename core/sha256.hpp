// sha256.hpp — SHA-256 (FIPS 180-4), small and dependency-free, to check that the
// tokenizer's data files are the ones the tests were written against (a different
// encoder.json would give different IDs without any error).
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace lv {

using Sha256Digest = std::array<uint8_t, 32>;

// Incremental: update() any number of times, then digest() once.
class Sha256 {
 public:
  Sha256();
  void update(const void* data, size_t n);
  Sha256Digest digest();

 private:
  void block(const uint8_t* p);  // one 64-byte block into state_
  uint32_t state_[8];
  uint8_t buffer_[64];
  size_t buffered_ = 0;
  uint64_t total_bytes_ = 0;
};

Sha256Digest sha256(const void* data, size_t n);
inline Sha256Digest sha256(std::string_view s) { return sha256(s.data(), s.size()); }

// Lower-case hex, 64 characters, as sha256sum prints it.
std::string to_hex(const Sha256Digest& d);

}  // namespace lv
