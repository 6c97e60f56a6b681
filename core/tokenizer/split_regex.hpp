// split_regex.hpp — a pre-tokenizer's regular expression (a tokenizer.json's `Split`
// pattern, GPT-2's, Llama-3's, Qwen2's), written for the Rust `tokenizers` crate
// (Oniguruma) and run here by PCRE2 in UTF + UCP mode. \s and \S are rewritten as
// Unicode's White_Space (as Oniguruma reads them; PCRE2's own \s lacks U+0085).
#pragma once
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lv {

class SplitRegex {
 public:
  // A pattern (`literal`: a plain string to find, as a Split's {"String": …}).
  SplitRegex(std::string_view pattern, bool literal);
  ~SplitRegex();
  SplitRegex(const SplitRegex&) = delete;
  SplitRegex& operator=(const SplitRegex&) = delete;

  bool ok() const { return code_ != nullptr; }
  const std::string& error() const { return error_; }  // why it did not compile

  // The matches in `text`, left to right, not overlapping, as byte ranges [first,
  // second); an empty match (first == second) is reported and moves on by one character.
  // Bytes that are not well-formed UTF-8 are never given to PCRE2 and match nothing.
  // False with *why when PCRE2 fails (a resource limit).
  bool matches(std::string_view text, std::vector<std::pair<size_t, size_t>>& out, std::string* why) const;

 private:
  bool match_run(std::string_view run, size_t base, void* match_data, std::vector<std::pair<size_t, size_t>>& out,
                 std::string* why) const;
  void* code_ = nullptr;  // pcre2_code_8
  std::string error_;
};

// The pattern as given to PCRE2 (\s, \S spelled out; a literal escaped).
std::string pcre2_pattern_of(std::string_view pattern, bool literal);

}  // namespace lv
