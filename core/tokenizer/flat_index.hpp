// flat_index.hpp — a model tokenizer's two look-ups as open-addressing tables in one
// allocation each: token text -> ID, and (left, right) -> the merge's rank and the token it
// makes. They replaced std::unordered_map, whose node per entry (128k tokens and 280k
// merges for Llama-3) made building them most of opening a tokenizer (issue 40 item 6: the
// parsed tokenizer, read from the cache, must be ready in a few ms).
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lv {

// A 64-bit hash of bytes (the same on every run and build: the cache's key uses it too).
uint64_t hash_bytes(std::string_view bytes, uint64_t seed = 0);

// Token text -> the lowest ID with that text; the texts are the caller's (`tokens`, by ID).
class TokenIndex {
 public:
  void build(const std::vector<std::string>& tokens);  // "" (a hole) is never found
  int64_t find(std::string_view text, const std::vector<std::string>& tokens) const;

 private:
  static constexpr uint32_t kEmpty = UINT32_MAX;
  std::vector<uint32_t> slots_;  // IDs; a power of two, at most half full
};

// (left, right) -> (rank, merged). A slot is 8 bytes (left and right in 22 bits each, as
// every ID is, the rank in 20) while there are fewer than 2^20 - 1 merges (Llama-3 has 280k):
// half the table, and half its page faults, of 16-byte slots, which larger lists get.
class MergeIndex {
 public:
  struct Merge {
    uint32_t rank, merged;
  };
  // merges[rank] makes merged[rank]. A pair listed again: `keep_first` keeps the rank
  // already there (llama.cpp), else the later one replaces it (the tokenizers crate).
  void build(const std::vector<std::pair<uint32_t, uint32_t>>& merges, const std::vector<uint32_t>& merged,
             bool keep_first);
  std::optional<Merge> find(uint32_t left, uint32_t right) const;

 private:
  struct Wide {
    uint64_t key;  // left << 32 | right; kEmptyKey when free
    Merge m;
  };
  static constexpr uint64_t kEmptyKey = UINT64_MAX;  // no pair (IDs are below 2^22) and no narrow slot
  static constexpr uint32_t kNarrowRanks = (1u << 20) - 1;
  template <typename Slots, typename Make>
  static void fill(Slots& slots, const std::vector<std::pair<uint32_t, uint32_t>>& merges, bool keep_first, Make make);
  std::vector<uint64_t> narrow_;  // left << 42 | right << 20 | rank
  std::vector<uint32_t> merged_;  // by rank, for the narrow slots
  std::vector<Wide> wide_;        // a power of two, at most 3/4 full
};

}  // namespace lv
