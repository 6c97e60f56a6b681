// flat_index.cpp — see flat_index.hpp. Linear probing from the hash's slot.
#include "core/tokenizer/flat_index.hpp"

#include <cstring>
#include <cstdint>
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

size_t slots_for(size_t merges) { return power_of_two_above(merges + merges / 3 + 1); }

// The cache's layout: a count, then the slots from the next multiple of 8.
void put_u64(std::string& out, uint64_t v) { out.append(reinterpret_cast<const char*>(&v), sizeof v); }

template <typename T>
void put_run(std::string& out, const FlatSlots<T>& run) {
  put_u64(out, run.size());
  out.append((8 - out.size() % 8) % 8, '\0');
  out.append(run.bytes());
}

bool get_u64(std::string_view in, size_t& at, uint64_t& v) {
  if (in.size() < at || in.size() - at < sizeof v) return false;
  std::memcpy(&v, in.data() + at, sizeof v);
  at += sizeof v;
  return true;
}

// A run put_run wrote, in place: null when it is cut short, or not aligned for T in memory.
template <typename T>
const T* get_run(std::string_view in, size_t& at, uint64_t& count) {
  if (!get_u64(in, at, count)) return nullptr;
  at += (8 - at % 8) % 8;
  if (at > in.size() || count > (in.size() - at) / sizeof(T)) return nullptr;
  const char* p = in.data() + at;
  if (reinterpret_cast<uintptr_t>(p) % alignof(T) != 0) return nullptr;
  at += count * sizeof(T);
  return reinterpret_cast<const T*>(p);
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
  std::vector<uint32_t> slots(power_of_two_above(tokens.size() * 2), kEmpty);
  const size_t mask = slots.size() - 1;
  // The hashes first, so each slot can be fetched from memory a few tokens ahead: the table's
  // cache misses, one a token, were most of building it.
  std::vector<uint64_t> hash(tokens.size());
  for (size_t id = 0; id < tokens.size(); ++id) hash[id] = hash_bytes(tokens[id]);
  for (uint32_t id = 0; id < tokens.size(); ++id) {
    if (id + kAhead < tokens.size()) __builtin_prefetch(&slots[hash[id + kAhead] & mask], 1);
    if (tokens[id].empty()) continue;
    for (size_t s = hash[id] & mask;; s = (s + 1) & mask) {
      if (slots[s] == kEmpty) {
        slots[s] = id;
        break;
      }
      if (tokens[slots[s]] == tokens[id]) break;  // the lower ID keeps the text
    }
  }
  slots_.own(std::move(slots));
}

void TokenIndex::append_to(std::string& out) const { put_run(out, slots_); }

bool TokenIndex::view_from(std::string_view in, size_t& at, size_t n_tokens) {
  slots_ = {};
  uint64_t n = 0;
  const uint32_t* p = get_run<uint32_t>(in, at, n);
  if (!p || n != power_of_two_above(n_tokens * 2)) return false;
  size_t used = 0;
  for (size_t s = 0; s < n; ++s) {
    if (p[s] == kEmpty) continue;
    if (p[s] >= n_tokens) return false;
    ++used;
  }
  if (used > n_tokens) return false;  // so at least half the slots are free: every probe ends
  slots_.view(p, n);
  return true;
}

int64_t TokenIndex::find(std::string_view text, const TokenTexts& tokens) const {
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
template <typename Slot, typename Make>
std::vector<Slot> MergeIndex::fill(const std::vector<std::pair<uint32_t, uint32_t>>& merges, bool keep_first,
                                   Make make) {
  const auto key_of = [](const Slot& v) {
    if constexpr (std::is_same_v<Slot, uint64_t>) return v == kEmptyKey ? kEmptyKey : v >> 20;
    else return v.key;
  };
  const auto key_at = [&](size_t rank) {
    const auto [l, r] = merges[rank];
    return std::is_same_v<Slot, uint64_t> ? uint64_t{l} << 22 | r : pair_key(l, r);
  };
  std::vector<Slot> slots(slots_for(merges.size()), make(kEmptyKey, 0));
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
  return slots;
}

void MergeIndex::build(const std::vector<std::pair<uint32_t, uint32_t>>& merges, const std::vector<uint32_t>& merged,
                       bool keep_first) {
  narrow_ = {}, wide_ = {}, merged_ = {};
  merges_ = merges.size();
  if (merges.empty()) return;  // find() finds nothing
  if (merges.size() < kNarrowRanks) {
    merged_.own(merged);
    narrow_.own(fill<uint64_t>(merges, keep_first,
                               [](uint64_t key, uint32_t rank) { return key == kEmptyKey ? key : key << 20 | rank; }));
  } else {
    wide_.own(fill<Wide>(merges, keep_first, [&](uint64_t key, uint32_t rank) {
      return Wide{key, {rank, key == kEmptyKey ? 0 : merged[rank]}};
    }));
  }
}

void MergeIndex::append_to(std::string& out) const {
  put_u64(out, merges_);
  put_run(out, narrow_);
  put_run(out, merged_);
  put_run(out, wide_);
}

bool MergeIndex::view_from(std::string_view in, size_t& at, size_t n_tokens) {
  narrow_ = {}, wide_ = {}, merged_ = {};
  uint64_t m = 0, narrow = 0, merged = 0, wide = 0;
  if (!get_u64(in, at, m)) return false;
  const uint64_t* pn = get_run<uint64_t>(in, at, narrow);
  const uint32_t* pm = pn ? get_run<uint32_t>(in, at, merged) : nullptr;
  const Wide* pw = pm ? get_run<Wide>(in, at, wide) : nullptr;
  if (!pw || m > UINT32_MAX) return false;
  const bool is_narrow = m < kNarrowRanks;
  const size_t want = m == 0 ? 0 : slots_for(m);  // none built from no merges (a model not BPE)
  if (is_narrow ? (narrow != want || merged != m || wide != 0) : (wide != want || narrow != 0 || merged != 0))
    return false;
  for (size_t k = 0; k < merged; ++k)
    if (pm[k] >= n_tokens) return false;
  size_t used = 0;
  for (size_t s = 0; s < narrow; ++s) {
    if (pn[s] == kEmptyKey) continue;
    const uint64_t left = pn[s] >> 42, right = pn[s] >> 20 & ((1u << 22) - 1);
    if ((pn[s] & kNarrowRanks) >= m || left >= n_tokens || right >= n_tokens) return false;
    ++used;
  }
  for (size_t s = 0; s < wide; ++s) {
    if (pw[s].key == kEmptyKey) continue;
    if (pw[s].m.rank >= m || pw[s].m.merged >= n_tokens || pw[s].key >> 32 >= n_tokens ||
        (pw[s].key & UINT32_MAX) >= n_tokens)
      return false;
    ++used;
  }
  if (used > m) return false;  // fewer than 3/4 of the slots: every probe ends
  merges_ = m;
  narrow_.view(pn, narrow), merged_.view(pm, merged), wide_.view(pw, wide);
  return true;
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
