// unicode_catchup.cpp — see unicode_catchup.hpp.
#define PCRE2_CODE_UNIT_WIDTH 8
#include "core/tokenizer/unicode_catchup.hpp"

#include <pcre2.h>
#include <unicode/uset.h>
#include <unicode/ustring.h>
#include <unicode/uversion.h>

#include <cctype>
#include <cstdio>
#include <map>
#include <mutex>

namespace lv {

const char* pcre2_unicode_version() {
  // From PCRE2's ChangeLog: 10.40 moved to Unicode 14.0.0, 10.43 to 15.0.0, 10.45 to 16.0.0.
#if PCRE2_MAJOR == 10 && PCRE2_MINOR < 43
  return "14.0";
#elif PCRE2_MAJOR == 10 && PCRE2_MINOR < 45
  return "15.0";
#else
  return "16.0";
#endif
}

namespace {

void add_range(std::string& out, UChar32 first, UChar32 last) {
  char buf[40];
  if (first == last) std::snprintf(buf, sizeof buf, "\\x{%X}", static_cast<unsigned>(first));
  else std::snprintf(buf, sizeof buf, "\\x{%X}-\\x{%X}", static_cast<unsigned>(first), static_cast<unsigned>(last));
  out += buf;
}

// ICU's set for a UnicodeSet pattern, or null.
USet* icu_set(const std::string& pattern) {
  UChar text[256];
  int32_t n = 0;
  UErrorCode e = U_ZERO_ERROR;
  u_strFromUTF8(text, 256, &n, pattern.data(), static_cast<int32_t>(pattern.size()), &e);
  if (U_FAILURE(e)) return nullptr;
  USet* s = uset_openPattern(text, n, &e);
  if (U_FAILURE(e)) {
    if (s) uset_close(s);
    return nullptr;
  }
  return s;
}

std::string compute(std::string_view property) {
  // Names as a pattern may write them; anything else (a bracket, a colon) is no property.
  for (char c : property)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '=' || c == ' ' || c == '-' || c == '&'))
      return "";
  if (property == "Any") return "";  // every code point already
  // PCRE2's L& is ICU's LC (cased letters).
  const std::string name = "[:" + std::string(property == "L&" ? "LC" : property) + ":]";
  USet* newer = icu_set("[" + name + "-[:Age=" + pcre2_unicode_version() + ":]]");
  if (!newer) return "";
  std::string out;
  UErrorCode e = U_ZERO_ERROR;
  UChar32 first = 0, last = 0;
  for (int32_t k = 0; k < uset_getItemCount(newer); ++k)
    if (uset_getItem(newer, k, &first, &last, nullptr, 0, &e) == 0 && U_SUCCESS(e)) add_range(out, first, last);
  uset_close(newer);
  // Unicode 15.1's additions, when ICU predates them (see the header).
  UVersionInfo icu{};
  u_getUnicodeVersion(icu);
  const bool before_15_1 = icu[0] < 15 || (icu[0] == 15 && icu[1] < 1);
  if (USet* all = before_15_1 ? icu_set(name) : nullptr) {
    if (uset_contains(all, 0x4E00)) add_range(out, 0x2EBF0, 0x2EE5D);
    if (uset_contains(all, 0x2FF0)) {
      add_range(out, 0x2FFC, 0x2FFF);
      add_range(out, 0x31EF, 0x31EF);
    }
    uset_close(all);
  }
  return out;
}

}  // namespace

std::string unicode_catchup(std::string_view property) {
  static std::mutex mutex;
  static std::map<std::string, std::string, std::less<>> known;
  const std::lock_guard<std::mutex> lock(mutex);
  if (const auto it = known.find(property); it != known.end()) return it->second;
  return known.emplace(std::string(property), compute(property)).first->second;
}

}  // namespace lv
