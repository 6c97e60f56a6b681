// flat_index.cpp — see flat_index.hpp. Linear probing from the hash's slot.
#include "core/tokenizer/flat_index.hpp"

#include <cstring>

namespace lv {
namespace {

uint64_t mix(uint64_t h) {  // splitmix64's finalizer: every input bit moves every output bit
  h ^= h >> 30;
  h *= 0xBF58476D1CE4E5B9ull;
  h ^= h >> 27;
  h *= 0x94D049BB133111EBull;
  return h ^ (h >> 31);
}

constexpr size_t kAhead = 16;  // how far ahead a build fetches the slot it will write

size_t power_of_two_above(size_t n) {
  size_t p = 16;
  while (p < n) p <<= 1;
  return p;
}

}  // namespace

uint64_t hash_bytes(std::string_view bytes, uint64_t seed) {
  // Four lanes of eight bytes a step, independent of each other so the multiplies overlap
  // (the cache hashes a 9 MB tokenizer.json on every open: ~1 ms).
  // A token (a few bytes) costs two mixes.
  uint64_t h = mix(seed ^ bytes.size()), w[4];
  const char* p = bytes.data();
  size_t n = bytes.size();
  if (n >= 32) {
    uint64_t lane[4] = {h, h + 1, h + 2, h + 3};
    for (; n >= 32; p += 32, n -= 32) {
      std::memcpy(w, p, 32);
      for (int k = 0; k < 4; ++k) {
        lane[k] = (lane[k] ^ w[k]) * 0x9E3779B97F4A7C15ull;
        lane[k] ^= lane[k] >> 29;
      }
    }
    h = mix(lane[0] ^ mix(lane[1] ^ mix(lane[2] ^ mix(lane[3]))));
  }
  for (; n >= 8; p += 8, n -= 8) {
    std::memcpy(w, p, 8);
    h = mix(h ^ w[0]);
  }
  w[0] = 0;
  std::memcpy(w, p, n);
  return mix(h ^ w[0]);
}

void TokenIndex::build(const std::vector<std::string>& tokens) {
  slots_.assign(power_of_two_above(tokens.size() * 2), kEmpty);
  const size_t mask = slots_.size() - 1;
  // The hashes first, so each slot can be fetched from memory a few tokens ahead: the table's
  // cache misses, one a token, were most of building it.
  std::vector<uint64_t> hash(tokens.size());
  for (size_t id = 0; id < tokens.size(); ++id) hash[id] = hash_bytes(tokens[id]);
  for (uint32_t id = 0; id < tokens.size(); ++id) {
    if (id + kAhead < tokens.size()) __builtin_prefetch(&slots_[hash[id + kAhead] & mask], 1);
    if (tokens[id].empty()) continue;
    for (size_t s = hash[id] & mask;; s = (s + 1) & mask) {
      if (slots_[s] == kEmpty) {
        slots_[s] = id;
        break;
      }
      if (tokens[slots_[s]] == tokens[id]) break;  // the lower ID keeps the text
    }
  }
}

int64_t TokenIndex::find(std::string_view text, const std::vector<std::string>& tokens) const {
  if (slots_.empty() || text.empty()) return -1;
  const size_t mask = slots_.size() - 1;
  for (size_t s = hash_bytes(text) & mask;; s = (s + 1) & mask) {
    if (slots_[s] == kEmpty) return -1;
    if (tokens[slots_[s]] == text) return slots_[s];
  }
}

void MergeIndex::insert(uint32_t left, uint32_t right, Merge m, bool keep_first) {
  const uint64_t key = uint64_t{left} << 32 | right;
  const size_t mask = slots_.size() - 1;
  for (size_t s = mix(key) & mask;; s = (s + 1) & mask) {
    if (slots_[s].key == kEmptyKey) {
      slots_[s] = {key, m};
      return;
    }
    if (slots_[s].key == key) {
      if (!keep_first) slots_[s].m = m;
      return;
    }
  }
}

void MergeIndex::build(const std::vector<std::pair<uint32_t, uint32_t>>& merges, const std::vector<uint32_t>& merged,
                       bool keep_first) {
  slots_.assign(power_of_two_above(merges.size() + merges.size() / 3 + 1), Slot{kEmptyKey, {0, 0}});
  const size_t mask = slots_.size() - 1;
  for (uint32_t rank = 0; rank < merges.size(); ++rank) {
    if (rank + kAhead < merges.size()) {  // as TokenIndex::build: the slot fetched ahead
      const auto [l, r] = merges[rank + kAhead];
      __builtin_prefetch(&slots_[mix(uint64_t{l} << 32 | r) & mask], 1);
    }
    insert(merges[rank].first, merges[rank].second, {rank, merged[rank]}, keep_first);
  }
}

const MergeIndex::Merge* MergeIndex::find(uint32_t left, uint32_t right) const {
  if (slots_.empty()) return nullptr;
  const uint64_t key = uint64_t{left} << 32 | right;
  const size_t mask = slots_.size() - 1;
  for (size_t s = mix(key) & mask;; s = (s + 1) & mask) {
    if (slots_[s].key == key) return &slots_[s].m;
    if (slots_[s].key == kEmptyKey) return nullptr;
  }
}

}  // namespace lv
