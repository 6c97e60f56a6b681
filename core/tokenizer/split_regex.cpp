// split_regex.cpp — see split_regex.hpp. PCRE2 (Debian's libpcre2-8), as gpt2_pattern.cpp.
#define PCRE2_CODE_UNIT_WIDTH 8
#include "core/tokenizer/split_regex.hpp"

#include <pcre2.h>

#include <algorithm>
#include <cstdint>

#include "core/text/utf8_text.hpp"
#include "core/tokenizer/unicode_stand_in.hpp"

namespace lv {
namespace {

pcre2_code* as_code(void* p) { return static_cast<pcre2_code*>(p); }

}  // namespace

std::string pcre2_pattern_of(std::string_view pattern, bool literal) {
  std::string out;
  if (literal) {
    out = "\\Q";
    for (size_t i = 0; i < pattern.size(); ++i) {
      if (pattern.substr(i, 2) == "\\E") {  // \E ends \Q: write it outside
        out += "\\E\\\\E\\Q";
        ++i;
        continue;
      }
      out += pattern[i];
    }
    return out + "\\E";
  }
  bool in_class = false;
  for (size_t i = 0; i < pattern.size(); ++i) {
    const char c = pattern[i];
    if (c == '\\' && i + 1 < pattern.size()) {
      const char e = pattern[i + 1];
      ++i;
      if (e == 's') out += in_class ? std::string(kUnicodeWhiteSpace) : "[" + std::string(kUnicodeWhiteSpace) + "]";
      else if (e == 'S' && !in_class) out += "[^" + std::string(kUnicodeWhiteSpace) + "]";
      else {
        out += '\\';
        out += e;
      }
      continue;
    }
    if (!in_class && c == '[') {
      in_class = true;
      out += c;
      // A ']' first in the class (after an optional '^') is a literal.
      if (i + 1 < pattern.size() && pattern[i + 1] == '^') out += pattern[++i];
      if (i + 1 < pattern.size() && pattern[i + 1] == ']') out += pattern[++i];
      continue;
    }
    if (in_class && c == ']') in_class = false;
    out += c;
  }
  return out;
}

void* compile_pcre2(std::string_view pattern, std::string* why) {
  int code = 0;
  PCRE2_SIZE offset = 0;
  pcre2_code* re = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(pattern.data()), pattern.size(), PCRE2_UTF | PCRE2_UCP,
                                 &code, &offset, nullptr);
  if (!re) {
    PCRE2_UCHAR buf[256];
    pcre2_get_error_message(code, buf, sizeof buf);
    *why = reinterpret_cast<char*>(buf);
    return nullptr;
  }
  pcre2_jit_compile(re, PCRE2_JIT_COMPLETE);  // faster when available; the interpreter otherwise
  return re;
}

SplitRegex::SplitRegex(std::string_view pattern, bool literal) : pattern_(pattern), literal_(literal) {
  std::string why;
  code_ = compile_pcre2(pcre2_pattern_of(pattern, literal), &why);
  if (!code_) error_ = "its pattern does not compile (" + why + ")";
}

SplitRegex::~SplitRegex() { pcre2_code_free(as_code(code_)); }

uint64_t RegexBudget::charge(uint64_t limit) {
  charged_ += limit;
  if (charged_ >= total_) return 0;
  return std::min(2 * limit, total_ - charged_);
}

// One matches() call's PCRE2 state: its match data, a match context whose limit is set per
// run, and the budget it charges.
struct SplitRegex::Run {
  pcre2_match_data* data = nullptr;
  pcre2_match_context* context = nullptr;
  RegexBudget* budget = nullptr;
};

// PCRE2 runs with PCRE2_NO_UTF_CHECK (checking the rest of the subject at each of n
// matches would be quadratic), so it must never see ill-formed UTF-8: a special token cut
// out of the text can split a character (issue 39: a control token "\x96\x81", the tail of
// U+2581, leaves a lone 0xE2, and PCRE2's JIT read past the buffer). The text is cut into
// well-formed runs, each searched alone in one linear pass; the ill-formed bytes between
// them match nothing, so a Split keeps them as pieces of their own (their bytes survive,
// unlike llama.cpp's U+FFFD, so the IDs still decode to the text).
bool SplitRegex::matches(std::string_view text, std::vector<std::pair<size_t, size_t>>& out, std::string* why,
                         RegexBudget* budget) const {
  return for_each_match(
      text,
      [&](size_t a, size_t b) {
    out.emplace_back(a, b);
    return true;
      },
      why, budget);
}

bool SplitRegex::for_each_match(std::string_view text, const Hit& hit, std::string* why, RegexBudget* budget) const {
  if (!code_) {
    *why = error_;
    return false;
  }
  RegexBudget own(text.size());
  Run r;
  r.budget = budget ? budget : &own;
  r.data = pcre2_match_data_create_from_pattern(as_code(code_), nullptr);
  r.context = pcre2_match_context_create(nullptr);
  bool ok = r.data && r.context;
  if (!ok) *why = "out of memory for a pre-tokenizer's pattern";
  for (size_t run = 0; ok && run < text.size();) {
    size_t end = run, bad = 0;
    for (size_t len; end < text.size() && (len = utf8_sequence_length(text, end, &bad)) > 0;) end += len;
    if (end > run) {
      // PCRE2 sees characters newer than its tables as older ones of their kind, at the same
      // offsets (unicode_stand_in.hpp); the pieces are still cut from `text`.
      const std::string_view part = text.substr(run, end - run);
      std::string seen;
      ok = match_run(stand_in_newer_characters(part, &seen) ? std::string_view(seen) : part, run, r, hit, why);
    }
    if (end < text.size()) utf8_sequence_length(text, end, &bad);
    run = end + (end < text.size() ? bad : 0);
  }
  pcre2_match_context_free(r.context);
  pcre2_match_data_free(r.data);
  return ok;
}

// One well-formed run at byte `base` of the text: its matches, empty ones included (an
// empty match is a place to cut, as the tokenizers crate's Pattern reports it). Each
// search starts with RegexBudget::kFirstTry as PCRE2's match (and depth) limit and runs
// again with the budget's next limit while it reaches it.
bool SplitRegex::match_run(std::string_view run, size_t base, Run& r, const Hit& hit, std::string* why) const {
  const auto* subject = reinterpret_cast<PCRE2_SPTR>(run.data());
  for (size_t at = 0; at <= run.size();) {
    int rc = 0;
    for (uint64_t limit = RegexBudget::kFirstTry;;) {
      const auto l = static_cast<uint32_t>(std::min<uint64_t>(limit, UINT32_MAX));
      pcre2_set_match_limit(r.context, l);
      pcre2_set_depth_limit(r.context, l);
      r.budget->count_call();
      rc = pcre2_match(as_code(code_), subject, run.size(), at, PCRE2_NO_UTF_CHECK, r.data, r.context);
      if (rc != PCRE2_ERROR_MATCHLIMIT && rc != PCRE2_ERROR_DEPTHLIMIT) break;
      limit = r.budget->charge(limit);
      if (limit == 0) {
        *why = kRegexBudgetSpent;
        return false;
      }
    }
    if (rc == PCRE2_ERROR_NOMATCH) break;
    if (rc < 0) {
      PCRE2_UCHAR buf[256];
      pcre2_get_error_message(rc, buf, sizeof buf);
      *why =
          "a pre-tokenizer's pattern failed at byte " + std::to_string(base + at) + ": " + reinterpret_cast<char*>(buf);
      return false;
    }
    const PCRE2_SIZE* ov = pcre2_get_ovector_pointer(r.data);
    const size_t first = ov[0], second = ov[1];           // read before `hit` runs: it may match again
    if (!hit(base + first, base + second)) return false;  // it said why
    if (second > first) {
      at = second;
      continue;
    }
    // An empty match: the next search starts one character further.
    if (first >= run.size()) break;
    size_t bad = 0;
    const size_t len = utf8_sequence_length(run, first, &bad);
    at = first + (len ? len : 1);
  }
  return true;
}

}  // namespace lv
