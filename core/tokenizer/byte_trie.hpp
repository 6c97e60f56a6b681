// byte_trie.hpp — a vocabulary's pieces in a trie over their bytes, for the models that look
// pieces up by prefix (WordPiece's longest match, Unigram's common-prefix search): from one
// place in a word, every piece that starts there, shortest first, in one walk as deep as
// the longest of them. The edges live in one open-addressed table (no allocation per node:
// bert-base-uncased's 30,522 pieces, ~190,000 edges, built in a few ms, not ~80 ms).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace lv {

class ByteTrie {
 public:
  // `value` is kept for `key`; a key inserted again takes the later value (the tokenizers
  // crate's maps from piece to ID keep the last).
  void insert(std::string_view key, uint32_t value) {
    uint32_t node = 0;
    for (char c : key) {
      const uint64_t e = edge(node, static_cast<uint8_t>(c));
      uint32_t next = find(e);
      if (next == kNone) {
        next = static_cast<uint32_t>(value_.size());
        value_.push_back(-1);
        put(e, next);
      }
      node = next;
    }
    value_[node] = value;
  }

  // f(length, value) for each key that starts text[at], shortest first. Returns the steps
  // taken (bytes walked), for the caller's work budget.
  template <typename F>
  size_t walk(std::string_view text, size_t at, F&& f) const {
    uint32_t node = 0;
    for (size_t i = at; i < text.size(); ++i) {
      node = find(edge(node, static_cast<uint8_t>(text[i])));
      if (node == kNone) return i + 1 - at;
      if (value_[node] >= 0) f(i + 1 - at, static_cast<uint32_t>(value_[node]));
    }
    return text.size() - at;
  }

 private:
  static constexpr uint32_t kNone = UINT32_MAX;
  struct Slot {
    uint64_t key = 0;  // edge + 1; 0: empty
    uint32_t node = kNone;
  };
  static uint64_t edge(uint32_t node, uint8_t byte) { return (uint64_t{node} << 8 | byte) + 1; }
  size_t home(uint64_t key) const { return (key * 0x9E3779B97F4A7C15ull >> 32) & (slots_.size() - 1); }

  uint32_t find(uint64_t key) const {
    if (slots_.empty()) return kNone;
    for (size_t s = home(key);; s = (s + 1) & (slots_.size() - 1)) {
      if (slots_[s].key == key) return slots_[s].node;
      if (slots_[s].key == 0) return kNone;
    }
  }
  void put(uint64_t key, uint32_t node) {
    if (2 * (used_ + 1) > slots_.size()) grow();
    size_t s = home(key);
    while (slots_[s].key != 0) s = (s + 1) & (slots_.size() - 1);
    slots_[s] = {key, node};
    ++used_;
  }
  void grow() {  // twice the slots, every edge placed again
    std::vector<Slot> old(slots_.empty() ? 64 : 2 * slots_.size());
    old.swap(slots_);
    used_ = 0;
    for (const Slot& s : old)
      if (s.key != 0) put(s.key, s.node);
  }

  std::vector<Slot> slots_;  // (node << 8 | byte) + 1 -> child node; node 0 is the root
  size_t used_ = 0;
  std::vector<int64_t> value_{-1};  // by node: the value of the key ending there, or -1
};

}  // namespace lv
