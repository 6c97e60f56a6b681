// python_literal.cpp — repr() of a str. Which characters are "printable" is Python's
// rule (unicodedata categories), asked of PCRE2's Unicode tables (the same library the
// tokenizer's pattern runs on) one code point at a time.
#define PCRE2_CODE_UNIT_WIDTH 8
#include "core/torch/python_literal.hpp"

#include <pcre2.h>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "core/text/utf8_text.hpp"

namespace lv {
namespace {

// str.isprintable()'s refusals: every category C and Z but the ASCII space.
class NotPrintable {
 public:
  NotPrintable() {
    static const char kPattern[] = "^[\\p{Cc}\\p{Cf}\\p{Cs}\\p{Co}\\p{Cn}\\p{Zl}\\p{Zp}\\p{Zs}]$";
    int err = 0;
    PCRE2_SIZE at = 0;
    code_ = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(kPattern), PCRE2_ZERO_TERMINATED, PCRE2_UTF | PCRE2_UCP, &err,
                          &at, nullptr);
    if (code_) match_ = pcre2_match_data_create_from_pattern(code_, nullptr);
  }
  ~NotPrintable() {
    pcre2_match_data_free(match_);
    pcre2_code_free(code_);
  }
  NotPrintable(const NotPrintable&) = delete;
  NotPrintable& operator=(const NotPrintable&) = delete;

  // One code point's UTF-8 bytes.
  bool operator()(std::string_view cp) const {
    if (!code_ || !match_) return false;  // never: the pattern is fixed (then nothing is escaped but ASCII)
    return pcre2_match(code_, reinterpret_cast<PCRE2_SPTR>(cp.data()), cp.size(), 0, PCRE2_NO_UTF_CHECK, match_,
                       nullptr) >= 0;
  }

 private:
  pcre2_code* code_ = nullptr;
  pcre2_match_data* match_ = nullptr;
};

char32_t decode_one(std::string_view cp) {
  const auto b = [&](size_t i) { return static_cast<char32_t>(static_cast<unsigned char>(cp[i])); };
  switch (cp.size()) {
    case 1: return b(0);
    case 2: return (b(0) & 0x1F) << 6 | (b(1) & 0x3F);
    case 3: return (b(0) & 0x0F) << 12 | (b(1) & 0x3F) << 6 | (b(2) & 0x3F);
    default: return (b(0) & 0x07) << 18 | (b(1) & 0x3F) << 12 | (b(2) & 0x3F) << 6 | (b(3) & 0x3F);
  }
}

}  // namespace

std::string python_str_repr(std::string_view text) {
  thread_local const NotPrintable not_printable;  // match data is per thread
  const bool dq = text.find('\'') != std::string_view::npos && text.find('"') == std::string_view::npos;
  const char q = dq ? '"' : '\'';
  std::string out(1, q);
  for (size_t i = 0; i < text.size();) {
    size_t bad = 0;
    size_t n = utf8_sequence_length(text, i, &bad);
    if (n == 0) n = bad;  // not UTF-8 (the caller's contract): passed through as it is
    const std::string_view cp = text.substr(i, n);
    i += n;
    const char c = cp[0];
    if (cp.size() == 1 && c == '\\') out += "\\\\";
    else if (cp.size() == 1 && c == q) {
      out += '\\';
      out += c;
    } else if (c == '\n') out += "\\n";
    else if (c == '\r') out += "\\r";
    else if (c == '\t') out += "\\t";
    else if (bad == 0 && c != ' ' && not_printable(cp)) {  // the ASCII space is the one printable Zs
      const char32_t u = decode_one(cp);
      char buf[16];
      if (u < 0x100) std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned>(u));
      else if (u < 0x10000) std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(u));
      else std::snprintf(buf, sizeof buf, "\\U%08x", static_cast<unsigned>(u));
      out += buf;
    } else {
      out += cp;
    }
  }
  return out + q;
}

namespace {

// Python writes a float with a '.' or an exponent: "1" is an int, "1.0" a float.
std::string as_python_float(std::string digits) {
  if (digits.find_first_of(".en") == std::string::npos) digits += ".0";
  return digits;
}

}  // namespace

std::string python_float_repr(float value) {
  if (std::isnan(value)) return "float('nan')";
  if (std::isinf(value)) return value > 0 ? "float('inf')" : "-float('inf')";
  char buf[64];
  const auto f = std::to_chars(buf, buf + sizeof buf, value);  // the shortest that reads back as this float
  std::string shortest(buf, f.ptr);
  // Python reads it as a double, torch rounds that to float32: the same float unless
  // the decimal sits within a double's error of a float32 rounding boundary.
  if (static_cast<float>(std::strtod(shortest.c_str(), nullptr)) == value) return as_python_float(shortest);
  const auto d = std::to_chars(buf, buf + sizeof buf, static_cast<double>(value));  // exact as a double
  return as_python_float(std::string(buf, d.ptr));
}

}  // namespace lv
