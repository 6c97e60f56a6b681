// flat_index.hpp — a model tokenizer's two look-ups as open-addressing tables in one
// allocation each: token text -> ID, and (left, right) -> the merge's rank and the token it
// makes. They replaced std::unordered_map, whose node per entry (128k tokens and 280k
// merges for Llama-3) made building them most of opening a tokenizer (issue 40 item 6: the
// parsed tokenizer, read from the cache, must be ready in a few ms). The tokenizer cache keeps
// them as built (append_to) and opens them in place (view_from): on a machine where a page of
// fresh memory costs ~10 us, 5 MB of tables built again cost 15 ms of each `--tokenize`.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/tokenizer/token_texts.hpp"

namespace lv {

// A run of T that is the index's own, or that lies in bytes someone else keeps alive (the
// tokenizer cache's payload: the tokenizer holds it). Move-only: a copy would point into the
// run it was copied from.
template <typename T>
class FlatSlots {
 public:
  FlatSlots() = default;
  FlatSlots(FlatSlots&& o) noexcept { *this = std::move(o); }
  FlatSlots& operator=(FlatSlots&& o) noexcept {
    const bool owned = o.p_ != nullptr && o.p_ == o.own_.data();
    own_ = std::move(o.own_);  // a vector's move keeps its buffer
    p_ = owned ? own_.data() : o.p_;
    n_ = o.n_;
    o.own_ = {}, o.p_ = nullptr, o.n_ = 0;
    return *this;
  }
  FlatSlots(const FlatSlots&) = delete;
  FlatSlots& operator=(const FlatSlots&) = delete;
  void own(std::vector<T> v) {
    own_ = std::move(v);
    p_ = own_.data(), n_ = own_.size();
  }
  void view(const T* p, size_t n) {
    own_ = {};
    p_ = p, n_ = n;
  }
  const T& operator[](size_t i) const { return p_[i]; }
  size_t size() const { return n_; }
  bool empty() const { return n_ == 0; }
  const T* data() const { return p_; }
  std::string_view bytes() const { return {reinterpret_cast<const char*>(p_), n_ * sizeof(T)}; }

 private:
  std::vector<T> own_;
  const T* p_ = nullptr;
  size_t n_ = 0;
};

// A 64-bit hash of bytes (the same on every run and build: the cache's key uses it too).
uint64_t hash_bytes(std::string_view bytes, uint64_t seed = 0);

// Token text -> the lowest ID with that text; the texts are the caller's (`tokens`, by ID).
class TokenIndex {
 public:
  void build(const std::vector<std::string>& tokens);  // "" (a hole) is never found
  int64_t find(std::string_view text, const TokenTexts& tokens) const;
  // The table as bytes appended to `out` (8-aligned within it, for the tokenizer cache), and
  // read back in place from `in` at `at` (moved past it; `in` must outlive the index, and
  // start 8-aligned). False, the index empty, when they are not a table build() could have
  // made for n_tokens: a damaged or hostile cache is refused, never read out of bounds.
  void append_to(std::string& out) const;
  bool view_from(std::string_view in, size_t& at, size_t n_tokens);

 private:
  static constexpr uint32_t kEmpty = UINT32_MAX;
  FlatSlots<uint32_t> slots_;  // IDs; a power of two, at most half full
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
  // As TokenIndex's: every rank below the count of merges it was built from, every ID below
  // n_tokens, a slot free at least.
  void append_to(std::string& out) const;
  bool view_from(std::string_view in, size_t& at, size_t n_tokens);

 private:
  struct Wide {
    uint64_t key;  // left << 32 | right; kEmptyKey when free
    Merge m;
  };
  static constexpr uint64_t kEmptyKey = UINT64_MAX;  // no pair (IDs are below 2^22) and no narrow slot
  static constexpr uint32_t kNarrowRanks = (1u << 20) - 1;
  template <typename Slot, typename Make>
  static std::vector<Slot> fill(const std::vector<std::pair<uint32_t, uint32_t>>& merges, bool keep_first, Make make);
  FlatSlots<uint64_t> narrow_;  // left << 42 | right << 20 | rank
  FlatSlots<uint32_t> merged_;  // by rank, for the narrow slots
  FlatSlots<Wide> wide_;        // a power of two, at most 3/4 full
  uint64_t merges_ = 0;         // how many it was built from
};

}  // namespace lv
