// utf8_text.cpp — UTF-8 well-formedness by Unicode's Table 3-7 (the byte ranges that
// may follow each lead byte), which is also what makes Python's "replace" error
// handler emit one U+FFFD per maximal ill-formed subpart.
#include "core/text/utf8_text.hpp"

#include <cstdint>
#include <cstdio>

namespace lv {

size_t utf8_sequence_length(std::string_view s, size_t i, size_t* bad_len) {
  const uint8_t lead = static_cast<uint8_t>(s[i]);
  if (lead < 0x80) return 1;
  size_t len = 0;
  uint8_t lo = 0x80, hi = 0xBF;  // the range of the second byte; later ones are 80..BF
  if (lead >= 0xC2 && lead <= 0xDF) len = 2;
  else if (lead == 0xE0) len = 3, lo = 0xA0;
  else if ((lead >= 0xE1 && lead <= 0xEC) || lead == 0xEE || lead == 0xEF) len = 3;
  else if (lead == 0xED) len = 3, hi = 0x9F;  // no UTF-16 surrogates
  else if (lead == 0xF0) len = 4, lo = 0x90;
  else if (lead >= 0xF1 && lead <= 0xF3) len = 4;
  else if (lead == 0xF4) len = 4, hi = 0x8F;  // nothing above U+10FFFF
  if (len == 0) {
    *bad_len = 1;
    return 0;
  }
  for (size_t k = 1; k < len; ++k) {
    const bool in_range = i + k < s.size() && static_cast<uint8_t>(s[i + k]) >= (k == 1 ? lo : 0x80) &&
                          static_cast<uint8_t>(s[i + k]) <= (k == 1 ? hi : 0xBF);
    if (!in_range) {
      *bad_len = k;  // the lead and the continuation bytes that fit: one subpart
      return 0;
    }
  }
  return len;
}

std::optional<size_t> utf8_error_offset(std::string_view s) {
  for (size_t i = 0; i < s.size();) {
    size_t bad = 0;
    const size_t len = utf8_sequence_length(s, i, &bad);
    if (len == 0) return i;
    i += len;
  }
  return std::nullopt;
}

std::string utf8_replace_invalid(std::string_view bytes) {
  std::string out;
  out.reserve(bytes.size());
  for (size_t i = 0; i < bytes.size();) {
    size_t bad = 0;
    const size_t len = utf8_sequence_length(bytes, i, &bad);
    if (len > 0) {
      out.append(bytes.substr(i, len));
      i += len;
    } else {
      out += "\xEF\xBF\xBD";  // U+FFFD REPLACEMENT CHARACTER
      i += bad;
    }
  }
  return out;
}

std::string utf8_problem(std::string_view subject, std::string_view s) {
  const auto bad = utf8_error_offset(s);
  if (!bad) return "";
  char buf[96];
  std::snprintf(buf, sizeof buf, " is not valid UTF-8 (byte 0x%02X at offset %zu)",
                static_cast<unsigned>(static_cast<unsigned char>(s[*bad])), *bad);
  return std::string(subject) + buf;
}

char32_t utf8_code_point(std::string_view s, size_t i, size_t len) {
  char32_t c = static_cast<uint8_t>(s[i]);
  if (len > 1) c &= 0x7Fu >> len;
  for (size_t k = 1; k < len; ++k) c = c << 6 | (static_cast<uint8_t>(s[i + k]) & 0x3F);
  return c;
}

bool is_white_space(char32_t c) {
  return (c >= 0x09 && c <= 0x0D) || c == 0x20 || c == 0x85 || c == 0xA0 || c == 0x1680 ||
         (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

void append_utf8(std::string& out, char32_t c) {
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
}

}  // namespace lv
