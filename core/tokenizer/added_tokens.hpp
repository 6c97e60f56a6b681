// added_tokens.hpp — finding a tokenizer's added (special) tokens in a text in one pass: a
// trie over the tokens' bytes, walked from each position, so the work is the text's length
// times the depth walked (at most the longest token, and bounded: find()), whatever the
// number of tokens
// (issue 39: scanning every token at every position took 14 s for 5,000 tokens on 1 MB).
// Two rules, as the two references cut them:
//   LeftmostLongest  Hugging Face's (tokenizers' AddedVocabulary, aho-corasick leftmost-
//                    longest): from the left, the longest token at the first place one
//                    starts; `lstrip` / `rstrip` take the white space beside it too
//   LongestFirst     llama.cpp's (tokenizer_st_partition over cache_special_tokens, sorted
//                    by length): the longest tokens are cut out first, every occurrence from
//                    the left, then the shorter ones in the text left between them (equal
//                    lengths: the lower ID first)
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace lv {

struct AddedToken {
  std::string content;
  uint32_t id = 0;
  bool lstrip = false;  // the white space before it is part of it (dropped)
  bool rstrip = false;  // the white space after it is part of it (dropped)
};

// One added token found: text[begin, end) (stripped white space included) is token
// `index` of the list the matcher was built from.
struct AddedSpan {
  size_t begin, end;
  uint32_t index;
};

class AddedTokenMatcher {
 public:
  enum Rule { LeftmostLongest, LongestFirst };

  // Tokens with the same content: the first one counts.
  void build(const std::vector<AddedToken>& tokens, Rule rule);
  bool empty() const { return terminal_.size() <= 1; }

  // The added tokens in `text` (well-formed UTF-8), left to right, not overlapping. False
  // with *why (one sentence) past the work budget a hostile vocabulary could need: at most
  // 64 trie steps per byte of text (plus 1 M), and for LongestFirst at most 16 candidate
  // places per byte (nested tokens).
  bool find(std::string_view text, std::vector<AddedSpan>& out, std::string* why) const;

 private:
  // The tokens that start at text[at], shortest first: f(length, index) for each. Returns
  // the trie steps taken.
  template <typename F>
  size_t walk(std::string_view text, size_t at, F&& f) const;
  bool leftmost_longest(std::string_view text, std::vector<AddedSpan>& out, size_t most, size_t& steps) const;
  bool longest_first(std::string_view text, std::vector<AddedSpan>& out, size_t most_steps, size_t& steps,
                     std::string* why) const;

  Rule rule_ = LeftmostLongest;
  std::vector<AddedToken> tokens_;
  std::unordered_map<uint64_t, uint32_t> child_;  // (node << 8 | byte) -> node; node 0 is the root
  std::vector<int64_t> terminal_{-1};             // by node: the token ending there, or -1
  bool first_byte_[256] = {};                     // a byte some token starts with
};

}  // namespace lv
