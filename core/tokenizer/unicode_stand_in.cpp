// unicode_stand_in.cpp — see unicode_stand_in.hpp. ICU (libicu-dev) for each character's age
// and general category; PCRE2 (libpcre2-8) for the Unicode version of its own tables.
#define PCRE2_CODE_UNIT_WIDTH 8
#include "core/tokenizer/unicode_stand_in.hpp"

#include <pcre2.h>
#include <unicode/uchar.h>

#include <mutex>
#include <unordered_map>

#include "core/text/utf8_text.hpp"

namespace lv {
namespace {

// A Unicode version as major * 100 + minor (15.1 -> 1501).
int version_of(const UVersionInfo v) { return v[0] * 100 + v[1]; }

// The version of PCRE2's tables, as the library says (10.42: "14.0.0").
int pcre2_tables_version() {
  static const int version = [] {
    char buf[32] = {};
    if (pcre2_config(PCRE2_CONFIG_UNICODE_VERSION, buf) <= 0) return 0;
    int major = 0, minor = 0;
    const char* p = buf;
    while (*p >= '0' && *p <= '9') major = major * 10 + (*p++ - '0');
    if (*p == '.') ++p;
    while (*p >= '0' && *p <= '9') minor = minor * 10 + (*p++ - '0');
    return major * 100 + minor;
  }();
  return version;
}

// Unicode 15.1's characters (DerivedAge.txt, "Age=V15_1"), which ICU 72 does not know yet.
struct Added {
  char32_t first, last;
  UCharCategory category;
};
constexpr Added kUnicode151[] = {
    {0x2FFC, 0x2FFF, U_OTHER_SYMBOL},    // IDEOGRAPHIC DESCRIPTION CHARACTER … (So)
    {0x31EF, 0x31EF, U_OTHER_SYMBOL},    // CJK STROKE HXG (So)
    {0x2EBF0, 0x2EE5D, U_OTHER_LETTER},  // CJK Unified Ideographs Extension I (Lo)
};

// The character's general category and the Unicode version it was assigned in (0: ICU
// knows it as unassigned and it is none of Unicode 15.1's).
struct Age {
  UCharCategory category = U_UNASSIGNED;
  int version = 0;
};

Age age_of(char32_t c) {
  UVersionInfo v;
  u_charAge(static_cast<UChar32>(c), v);
  Age a;
  if (const int version = version_of(v); version > 0) {
    a.category = static_cast<UCharCategory>(u_charType(static_cast<UChar32>(c)));
    a.version = version;
    return a;
  }
  for (const Added& r : kUnicode151)
    if (c >= r.first && c <= r.last) return {r.category, 1501};
  return a;
}

bool newer_than_pcre2(const Age& a) { return a.version > pcre2_tables_version() && a.category != U_UNASSIGNED; }

bool known_to_pcre2(const Age& a) { return a.version > 0 && a.version <= pcre2_tables_version(); }

// The nearest character to `c` that PCRE2 knows, of c's category and UTF-8 length (c when
// there is none).
char32_t nearest_stand_in(char32_t c, UCharCategory category) {
  const char32_t lo = c < 0x800 ? 0x80 : c < 0x10000 ? 0x800 : 0x10000;
  const char32_t hi = c < 0x800 ? 0x7FF : c < 0x10000 ? 0xFFFF : 0x10FFFF;
  const auto fits = [&](char32_t k) {
    if (k >= 0xD800 && k <= 0xDFFF) return false;
    const Age a = age_of(k);
    return known_to_pcre2(a) && a.category == category;
  };
  for (char32_t d = 1; c - lo >= d || hi - c >= d; ++d) {
    if (c - lo >= d && fits(c - d)) return c - d;
    if (hi - c >= d && fits(c + d)) return c + d;
  }
  return c;
}

}  // namespace

char32_t pcre2_stand_in(char32_t c) {
  const Age a = age_of(c);
  if (!newer_than_pcre2(a)) return c;
  // Each newer character is searched for once (a few thousand exist); the map is shared by
  // every tokenizer and thread.
  static std::mutex mutex;
  static std::unordered_map<char32_t, char32_t> found;
  const std::lock_guard<std::mutex> lock(mutex);
  const auto it = found.find(c);
  if (it != found.end()) return it->second;
  return found[c] = nearest_stand_in(c, a.category);
}

bool stand_in_newer_characters(std::string_view text, std::string* copy) {
  bool any = false;
  for (size_t i = 0; i < text.size();) {
    // Every character Unicode assigned after 14.0 lies at U+0800 or above: three bytes or more.
    if (static_cast<unsigned char>(text[i]) < 0xE0) {
      ++i;
      continue;
    }
    size_t bad = 0;
    const size_t len = utf8_sequence_length(text, i, &bad);
    if (len == 0) {
      i += bad ? bad : 1;
      continue;
    }
    const char32_t c = utf8_code_point(text, i, len);
    if (const char32_t s = pcre2_stand_in(c); s != c) {
      if (!any) *copy = std::string(text);
      any = true;
      std::string bytes;
      append_utf8(bytes, s);
      copy->replace(i, len, bytes);  // the same length: the UTF-8 lengths are equal
    }
    i += len;
  }
  return any;
}

}  // namespace lv
