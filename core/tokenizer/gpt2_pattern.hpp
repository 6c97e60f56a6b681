// gpt2_pattern.hpp — GPT-2's pre-tokenizer: the regular expression that cuts text into
// pieces before BPE merges bytes inside each piece (tiktoken's "gpt2" pat_str):
//
//   's|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+
//
// run by PCRE2 in UTF + UCP mode. \s is written out as Unicode's White_Space (25 code
// points), as tiktoken's Rust regex and Python's `regex` read it: PCRE2's own \s is
// not quite that set.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace lv {

// The pattern as given to PCRE2 (with \s spelled out).
std::string gpt2_pattern_text();

class Gpt2Pattern {
 public:
  Gpt2Pattern();  // compiles (and JIT-compiles when it can) once
  ~Gpt2Pattern();
  Gpt2Pattern(const Gpt2Pattern&) = delete;
  Gpt2Pattern& operator=(const Gpt2Pattern&) = delete;

  bool ok() const { return code_ != nullptr; }
  const std::string& error() const { return error_; }

  // Appends the pieces of `text` (well-formed UTF-8: the caller checks) in order; they
  // cover the text exactly. False with *why when PCRE2 fails (e.g. a resource limit).
  bool split(std::string_view text, std::vector<std::string_view>& pieces, std::string* why) const;
  // The same, each piece handed to `piece` as it is found (none are kept).
  bool for_each_piece(std::string_view text, const std::function<void(std::string_view)>& piece,
                      std::string* why) const;

 private:
  void* code_ = nullptr;  // pcre2_code_8, kept out of the header
  std::string error_;
};

}  // namespace lv
