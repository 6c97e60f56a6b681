// added_tokens.cpp — see added_tokens.hpp.
#include "core/tokenizer/added_tokens.hpp"

#include <algorithm>
#include <tuple>

#include "core/text/text_format.hpp"
#include "core/text/utf8_text.hpp"

namespace lv {
namespace {

constexpr size_t kCandidatesPerByte = 16;  // LongestFirst's bound on the places it weighs
// The trie steps allowed per byte of text (plus a fixed allowance): real vocabularies take
// one or two (most bytes start no token); a hostile one with a long token that the text
// almost matches at every place would take its length at each.
constexpr size_t kStepsPerByte = 64, kStepsSlack = size_t{1} << 20;

uint64_t edge(uint32_t node, uint8_t byte) { return uint64_t{node} << 8 | byte; }

// Where the run of white space that ends at text[i] begins (not before `floor`).
size_t white_space_start(std::string_view text, size_t i, size_t floor) {
  while (i > floor) {
    size_t start = i - 1;
    while (start > floor && (static_cast<uint8_t>(text[start]) & 0xC0) == 0x80) --start;
    size_t bad = 0;
    const size_t len = utf8_sequence_length(text, start, &bad);
    if (len == 0 || start + len != i || !is_white_space(utf8_code_point(text, start, len))) break;
    i = start;
  }
  return i;
}

// Where the run of white space that starts at text[i] ends.
size_t white_space_end(std::string_view text, size_t i) {
  while (i < text.size()) {
    size_t bad = 0;
    const size_t len = utf8_sequence_length(text, i, &bad);
    if (len == 0 || !is_white_space(utf8_code_point(text, i, len))) break;
    i += len;
  }
  return i;
}

}  // namespace

void AddedTokenMatcher::build(const std::vector<AddedToken>& tokens, Rule rule) {
  rule_ = rule;
  tokens_ = tokens;
  child_.clear();
  terminal_.assign(1, -1);
  std::fill(std::begin(first_byte_), std::end(first_byte_), false);
  for (uint32_t k = 0; k < tokens_.size(); ++k) {
    const std::string& t = tokens_[k].content;
    if (t.empty()) continue;
    first_byte_[static_cast<uint8_t>(t[0])] = true;
    uint32_t node = 0;
    for (char c : t) {
      const auto [it, fresh] = child_.emplace(edge(node, static_cast<uint8_t>(c)), terminal_.size());
      if (fresh) terminal_.push_back(-1);
      node = it->second;
    }
    if (terminal_[node] < 0) terminal_[node] = k;
  }
}

template <typename F>
size_t AddedTokenMatcher::walk(std::string_view text, size_t at, F&& f) const {
  if (!first_byte_[static_cast<uint8_t>(text[at])]) return 0;
  uint32_t node = 0;
  for (size_t i = at; i < text.size(); ++i) {
    const auto it = child_.find(edge(node, static_cast<uint8_t>(text[i])));
    if (it == child_.end()) return i - at;
    node = it->second;
    if (terminal_[node] >= 0) f(i + 1 - at, static_cast<uint32_t>(terminal_[node]));
  }
  return text.size() - at;
}

bool AddedTokenMatcher::find(std::string_view text, std::vector<AddedSpan>& out, std::string* why) const {
  if (empty()) return true;
  const size_t most = kStepsPerByte * text.size() + kStepsSlack;
  size_t steps = 0;
  if (rule_ == LeftmostLongest ? leftmost_longest(text, out, most, steps) : longest_first(text, out, most, steps, why))
    return true;
  if (steps > most)
    *why =
        "its added tokens are too long and too alike to be matched in this text (over " + with_commas(most) + " steps)";
  return false;
}

bool AddedTokenMatcher::leftmost_longest(std::string_view text, std::vector<AddedSpan>& out, size_t most,
                                         size_t& steps) const {
  size_t done = 0;  // the end of the last span: lstrip takes no white space before it
  for (size_t i = 0; i < text.size();) {
    size_t len = 0;
    uint32_t index = 0;
    steps += walk(text, i, [&](size_t n, uint32_t k) { len = n, index = k; });
    if (steps > most) return false;
    if (len == 0) {
      ++i;
      continue;
    }
    const AddedToken& t = tokens_[index];
    const size_t begin = t.lstrip ? white_space_start(text, i, done) : i;
    const size_t end = t.rstrip ? white_space_end(text, i + len) : i + len;
    out.push_back({begin, end, index});
    i = done = end;
  }
  return true;
}

bool AddedTokenMatcher::longest_first(std::string_view text, std::vector<AddedSpan>& out, size_t most_steps,
                                      size_t& steps, std::string* why) const {
  using Candidate = std::tuple<size_t, uint32_t, size_t>;  // (−length as a key, id, at)
  std::vector<Candidate> candidates;
  const size_t most = kCandidatesPerByte * text.size() + 4096;
  for (size_t i = 0; i < text.size(); ++i) {
    steps += walk(text, i, [&](size_t n, uint32_t k) { candidates.emplace_back(~n, tokens_[k].id, i); });
    if (steps > most_steps) return false;
    if (candidates.size() > most) {
      *why = "its special tokens nest too deeply to be matched in this text (over " + with_commas(most) +
             " candidate places)";
      return false;
    }
  }
  std::sort(candidates.begin(), candidates.end());
  // Kept spans never overlap, and each kept one is at least as long as any later
  // candidate, so a candidate that overlaps one covers one of its own two ends.
  std::vector<bool> covered(text.size(), false);
  std::unordered_map<uint32_t, uint32_t> index_of;
  for (uint32_t k = 0; k < tokens_.size(); ++k) index_of.emplace(tokens_[k].id, k);
  for (const auto& [key, id, at] : candidates) {
    const size_t len = ~key;
    if (covered[at] || covered[at + len - 1]) continue;
    std::fill(covered.begin() + static_cast<std::ptrdiff_t>(at),
              covered.begin() + static_cast<std::ptrdiff_t>(at + len), true);
    out.push_back({at, at + len, index_of[id]});
  }
  std::sort(out.begin(), out.end(), [](const AddedSpan& a, const AddedSpan& b) { return a.begin < b.begin; });
  return true;
}

}  // namespace lv
