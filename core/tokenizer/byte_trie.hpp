// byte_trie.hpp — a vocabulary's pieces in a trie over their bytes, for the models that look
// pieces up by prefix (WordPiece's longest match, Unigram's common-prefix search): from one
// place in a word, every piece that starts there, shortest first, in one walk as deep as
// the longest of them.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace lv {

class ByteTrie {
 public:
  // `value` is kept for `key`; a key inserted again takes the later value (the tokenizers
  // crate's maps from piece to ID keep the last).
  void insert(std::string_view key, uint32_t value) {
    uint32_t node = 0;
    for (char c : key) {
      const auto [it, fresh] =
          child_.emplace(edge(node, static_cast<uint8_t>(c)), static_cast<uint32_t>(value_.size()));
      if (fresh) value_.push_back(-1);
      node = it->second;
    }
    value_[node] = value;
  }

  // f(length, value) for each key that starts text[at], shortest first. Returns the steps
  // taken (bytes walked), for the caller's work budget.
  template <typename F>
  size_t walk(std::string_view text, size_t at, F&& f) const {
    uint32_t node = 0;
    for (size_t i = at; i < text.size(); ++i) {
      const auto it = child_.find(edge(node, static_cast<uint8_t>(text[i])));
      if (it == child_.end()) return i + 1 - at;
      node = it->second;
      if (value_[node] >= 0) f(i + 1 - at, static_cast<uint32_t>(value_[node]));
    }
    return text.size() - at;
  }

 private:
  static uint64_t edge(uint32_t node, uint8_t byte) { return uint64_t{node} << 8 | byte; }
  std::unordered_map<uint64_t, uint32_t> child_;  // (node << 8 | byte) -> node; node 0 is the root
  std::vector<int64_t> value_{-1};                // by node: the value of the key ending there, or -1
};

}  // namespace lv
