// flat_index.cpp — see flat_index.hpp. Linear probing from the hash's slot.
#include "core/tokenizer/flat_index.hpp"

#include <cstring>
#include <type_traits>

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

uint64_t pair_key(uint32_t left, uint32_t right) { return uint64_t{left} << 32 | right; }

// Either table, filled rank by rank with the slot fetched kAhead ranks ahead. make(rank) is a
// slot's value; key_of(slot) its pair.
template <typename Slots, typename Make>
void MergeIndex::fill(Slots& slots, const std::vector<std::pair<uint32_t, uint32_t>>& merges, bool keep_first,
                      Make make) {
  using Slot = typename Slots::value_type;
  const auto key_of = [](const Slot& v) {
    if constexpr (std::is_same_v<Slot, uint64_t>) return v == kEmptyKey ? kEmptyKey : v >> 20;
    else return v.key;
  };
  const auto key_at = [&](size_t rank) {
    const auto [l, r] = merges[rank];
    return std::is_same_v<Slot, uint64_t> ? uint64_t{l} << 22 | r : pair_key(l, r);
  };
  slots.assign(power_of_two_above(merges.size() + merges.size() / 3 + 1), make(kEmptyKey, 0));
  const size_t mask = slots.size() - 1;
  for (uint32_t rank = 0; rank < merges.size(); ++rank) {
    if (rank + kAhead < merges.size()) __builtin_prefetch(&slots[mix(key_at(rank + kAhead)) & mask], 1);
    const uint64_t key = key_at(rank);
    for (size_t s = mix(key) & mask;; s = (s + 1) & mask) {
      if (key_of(slots[s]) == kEmptyKey || (key_of(slots[s]) == key && !keep_first)) {
        slots[s] = make(key, rank);
        break;
      }
      if (key_of(slots[s]) == key) break;  // keep_first: the earlier rank stays
    }
  }
}

void MergeIndex::build(const std::vector<std::pair<uint32_t, uint32_t>>& merges, const std::vector<uint32_t>& merged,
                       bool keep_first) {
  narrow_.clear(), wide_.clear(), merged_.clear();
  if (merges.size() < kNarrowRanks) {
    merged_ = merged;
    fill(narrow_, merges, keep_first,
         [](uint64_t key, uint32_t rank) { return key == kEmptyKey ? key : key << 20 | rank; });
  } else {
    fill(wide_, merges, keep_first, [&](uint64_t key, uint32_t rank) {
      return Wide{key, {rank, key == kEmptyKey ? 0 : merged[rank]}};
    });
  }
}

std::optional<MergeIndex::Merge> MergeIndex::find(uint32_t left, uint32_t right) const {
  if (!narrow_.empty()) {
    const uint64_t key = uint64_t{left} << 22 | right;
    const size_t mask = narrow_.size() - 1;
    for (size_t s = mix(key) & mask;; s = (s + 1) & mask) {
      if (narrow_[s] == kEmptyKey) return std::nullopt;
      if (narrow_[s] >> 20 == key) {
        const auto rank = static_cast<uint32_t>(narrow_[s] & kNarrowRanks);
        return Merge{rank, merged_[rank]};
      }
    }
  }
  if (wide_.empty()) return std::nullopt;
  const uint64_t key = pair_key(left, right);
  const size_t mask = wide_.size() - 1;
  for (size_t s = mix(key) & mask;; s = (s + 1) & mask) {
    if (wide_[s].key == key) return wide_[s].m;
    if (wide_[s].key == kEmptyKey) return std::nullopt;
  }
}

}  // namespace lv
