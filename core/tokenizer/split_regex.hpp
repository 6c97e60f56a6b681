// split_regex.hpp — a pre-tokenizer's regular expression (a tokenizer.json's `Split`
// pattern, GPT-2's, Llama-3's, Qwen2's), written for the Rust `tokenizers` crate
// (Oniguruma) and run here by PCRE2 in UTF + UCP mode. \s and \S are rewritten as
// Unicode's White_Space (as Oniguruma reads them; PCRE2's own \s lacks U+0085).
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lv {

// The work PCRE2 may do on one whole text, shared by every match on it, over every Split
// step (issue 39: `(?:a|aa){1,22}c|.` stays just under PCRE2's own limit of 10 M on each
// call, and 1,000 "a" took 24 s). PCRE2 reports no work done, so each call first runs with
// a small match limit (kFirstTry); a call that reaches it runs again with twice the limit,
// and so on, and the limits of the runs that failed are charged to the text's budget of
// kPerByte × its bytes + kBase. A call that would need more than the budget has left fails
// the whole text. The work done is then at most kFirstTry per call (a call that succeeds
// first time is free) plus twice the budget. Ordinary patterns (GPT-2's, Llama-3's) on
// prose never reach kFirstTry, so they are never charged.
class RegexBudget {
 public:
  static constexpr uint64_t kFirstTry = 1'000;  // PCRE2's match limit on a call's first run
  static constexpr uint64_t kPerByte = 100, kBase = 1'000'000;

  explicit RegexBudget(size_t text_bytes) : total_(kPerByte * text_bytes + kBase) {}

  uint64_t total() const { return total_; }
  uint64_t charged() const { return charged_; }  // the failed runs' limits so far
  uint64_t calls() const { return calls_; }      // pcre2_match calls, runs again included
  // The limit of a call's next run after one that failed at `limit` (0: the budget is spent).
  uint64_t charge(uint64_t limit);
  void count_call() { ++calls_; }

 private:
  uint64_t total_, charged_ = 0, calls_ = 0;
};

// What a text that runs out of its budget is told (one sentence).
inline constexpr char kRegexBudgetSpent[] =
    "this tokenizer's pre-tokenizer pattern needs too much work on this text (PCRE2's match limit); lookupviz stops "
    "rather than hang";

// Unicode's White_Space property (PropList.txt: 25 code points) as a PCRE2 class's contents:
// what Oniguruma's \s means, and the white space of GPT-2's pattern (gpt2_pattern.cpp).
inline constexpr std::string_view kUnicodeWhiteSpace =
    "\\x{09}-\\x{0D}\\x{20}\\x{85}\\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}";

// `pattern` compiled by PCRE2 in UTF + UCP mode, then by its JIT where there is one (the
// interpreter otherwise): a pcre2_code_8* (kept out of headers; pcre2_code_free frees it),
// or null with PCRE2's message in *why. GPT-2's pattern and SplitRegex both compile here.
void* compile_pcre2(std::string_view pattern, std::string* why);

class SplitRegex {
 public:
  // A pattern (`literal`: a plain string to find, as a Split's {"String": …}).
  SplitRegex(std::string_view pattern, bool literal);
  ~SplitRegex();
  SplitRegex(const SplitRegex&) = delete;
  SplitRegex& operator=(const SplitRegex&) = delete;

  bool ok() const { return code_ != nullptr; }
  const std::string& error() const { return error_; }  // why it did not compile
  // As given (what the tokenizer cache stores to compile it again).
  const std::string& pattern() const { return pattern_; }
  bool literal() const { return literal_; }

  // The matches in `text`, left to right, not overlapping, as byte ranges [first,
  // second); an empty match (first == second) is reported and moves on by one character.
  // Bytes that are not well-formed UTF-8 are never given to PCRE2 and match nothing.
  // False with *why when PCRE2 fails: `budget` (the whole text's, shared by every call on
  // it) spent gives kRegexBudgetSpent. Without one, `text` has a budget of its own.
  bool matches(std::string_view text, std::vector<std::pair<size_t, size_t>>& out, std::string* why,
               RegexBudget* budget = nullptr) const;
  // The same, each match handed to `hit` as it is found (none are kept); `hit` returning
  // false stops the search, and for_each_match returns false (`hit` says why).
  using Hit = std::function<bool(size_t first, size_t second)>;
  bool for_each_match(std::string_view text, const Hit& hit, std::string* why, RegexBudget* budget = nullptr) const;

 private:
  struct Run;
  bool match_run(std::string_view run, size_t base, Run& r, const Hit& hit, std::string* why) const;
  void* code_ = nullptr;  // pcre2_code_8
  std::string error_, pattern_;
  bool literal_ = false;
};

// The pattern as given to PCRE2 (\s, \S spelled out; a literal escaped).
std::string pcre2_pattern_of(std::string_view pattern, bool literal);

}  // namespace lv
