// token_texts.hpp — a tokenizer's token texts by ID, as BpeTokenizer reads them: the spec's own
// strings, or views into the tokenizer cache's bytes, where each token is written as its
// length (4 bytes) and its bytes (spec_codec.hpp). Opening Llama-3's from the cache made 128k
// strings in 4 MB of fresh memory (~1,000 page faults, 10 ms of each `--tokenize`); the views
// need the 512 KB of their offsets (issue 40 item 6).
#pragma once
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace lv {

class TokenTexts {
 public:
  // The strings are the caller's, and must outlive this (and not move).
  void view_strings(const std::vector<std::string>* strings) { strings_ = strings, base_ = nullptr, at_ = {}; }
  // Token i's length is the 4 bytes at base + at[i], its bytes the ones after them; the caller
  // checked each lies within the bytes it keeps alive.
  void view_bytes(const char* base, std::vector<uint32_t> at) { strings_ = nullptr, base_ = base, at_ = std::move(at); }
  size_t size() const { return strings_ ? strings_->size() : at_.size(); }
  std::string_view operator[](size_t id) const {
    if (strings_) return (*strings_)[id];
    uint32_t n;
    std::memcpy(&n, base_ + at_[id], sizeof n);
    return {base_ + at_[id] + sizeof n, n};
  }
  // Where token `id` starts, to fetch it ahead.
  const void* address(size_t id) const {
    return strings_ ? static_cast<const void*>(&(*strings_)[id]) : static_cast<const void*>(base_ + at_[id]);
  }
  std::vector<std::string> copies() const {  // for the models that index them their own way
    std::vector<std::string> v(size());
    for (size_t id = 0; id < v.size(); ++id) v[id] = std::string((*this)[id]);
    return v;
  }

 private:
  const std::vector<std::string>* strings_ = nullptr;
  const char* base_ = nullptr;
  std::vector<uint32_t> at_;
};

}  // namespace lv
