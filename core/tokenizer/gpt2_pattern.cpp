// gpt2_pattern.cpp — the pre-tokenizer on PCRE2 (Debian's libpcre2-8).
// The text is checked as UTF-8 once by the caller, so every match runs with
// PCRE2_NO_UTF_CHECK: otherwise PCRE2 would re-check the whole rest of the subject at
// each of the n matches (quadratic on long text).
#define PCRE2_CODE_UNIT_WIDTH 8
#include "core/tokenizer/gpt2_pattern.hpp"

#include <pcre2.h>

#include <string>

#include "core/tokenizer/split_regex.hpp"
#include "core/tokenizer/unicode_stand_in.hpp"

namespace lv {
namespace {

pcre2_code* as_code(void* p) { return static_cast<pcre2_code*>(p); }

}  // namespace

std::string gpt2_pattern_text() {
  const std::string ws(kUnicodeWhiteSpace);
  return "'s|'t|'re|'ve|'m|'ll|'d| ?\\p{L}+| ?\\p{N}+| ?[^" + ws + "\\p{L}\\p{N}]+|[" + ws + "]+(?![^" + ws + "])|[" +
         ws + "]+";
}

Gpt2Pattern::Gpt2Pattern() {
  std::string why;
  code_ = compile_pcre2(gpt2_pattern_text(), &why);
  if (!code_) error_ = "the GPT-2 pattern does not compile: " + why;
}

Gpt2Pattern::~Gpt2Pattern() { pcre2_code_free(as_code(code_)); }

bool Gpt2Pattern::split(std::string_view text, std::vector<std::string_view>& pieces, std::string* why) const {
  return for_each_piece(
      text, [&](std::string_view p) { pieces.push_back(p); }, why);
}

bool Gpt2Pattern::for_each_piece(std::string_view text, const std::function<void(std::string_view)>& piece,
                                 std::string* why) const {
  if (!code_) {
    *why = error_;
    return false;
  }
  pcre2_match_data* md = pcre2_match_data_create_from_pattern(as_code(code_), nullptr);
  if (!md) {
    *why = "out of memory for the GPT-2 pattern";
    return false;
  }
  // Characters newer than PCRE2's tables are seen as older ones of their kind, at the same
  // offsets (unicode_stand_in.hpp), as the Split patterns see them.
  std::string seen;
  const bool stood_in = stand_in_newer_characters(text, &seen);
  const auto* subject = reinterpret_cast<PCRE2_SPTR>(stood_in ? seen.data() : text.data());
  size_t at = 0;
  bool ok = true;
  while (at < text.size()) {
    const int rc = pcre2_match(as_code(code_), subject, text.size(), at, PCRE2_NO_UTF_CHECK, md, nullptr);
    if (rc < 0) {
      // Every position starts some alternative (\s+, or [^\s\p{L}\p{N}]+ for anything
      // else), so "no match" cannot happen on well-formed text; report it if it does.
      PCRE2_UCHAR buf[256];
      pcre2_get_error_message(rc, buf, sizeof buf);
      *why = "the GPT-2 pattern failed at byte " + std::to_string(at) + ": " + reinterpret_cast<char*>(buf);
      ok = false;
      break;
    }
    const PCRE2_SIZE* ov = pcre2_get_ovector_pointer(md);
    if (ov[0] != at || ov[1] <= ov[0]) {  // the alternatives cover every character, so no gap
      *why = "the GPT-2 pattern skipped text at byte " + std::to_string(at);
      ok = false;
      break;
    }
    const size_t end = ov[1];
    piece(text.substr(ov[0], end - ov[0]));
    at = end;
  }
  pcre2_match_data_free(md);
  return ok;
}

}  // namespace lv
