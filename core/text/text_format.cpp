// text_format.cpp — see text_format.hpp.
#include "core/text/text_format.hpp"

#include <cmath>
#include <cstdio>

namespace lv {
namespace {

// A size in `base`'s units: below one unit the exact count of bytes, else one decimal
// unless it rounds to a whole number.
std::string scaled_bytes(double bytes, double base, const char* const (&units)[6]) {
  int u = 0;
  double v = bytes;
  while (v >= base && u < 5) {
    v /= base;
    ++u;
  }
  char buf[48];
  if (u == 0) std::snprintf(buf, sizeof buf, "%.0f bytes", bytes);
  else if (std::round(v * 10.0) == std::round(v) * 10.0) std::snprintf(buf, sizeof buf, "%.0f %s", v, units[u]);
  else std::snprintf(buf, sizeof buf, "%.1f %s", v, units[u]);
  return buf;
}

}  // namespace

std::string with_commas_unsigned(uint64_t v) {
  const std::string digits = std::to_string(v);
  std::string out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string with_commas_signed(int64_t v) {
  // The magnitude in unsigned arithmetic: -INT64_MIN does not fit an int64_t.
  const uint64_t magnitude = v < 0 ? 0ull - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  return (v < 0 ? "-" : "") + with_commas_unsigned(magnitude);
}

std::string noun(long long n, std::string_view one, std::string_view many) {
  if (n == 1 || n == -1) return std::string(one);
  return many.empty() ? std::string(one) + "s" : std::string(many);
}

CountText count_text(long long n, std::string_view one, std::string_view many) {
  CountText out;
  char digits[24];
  const uint64_t magnitude = n < 0 ? 0ull - static_cast<uint64_t>(n) : static_cast<uint64_t>(n);
  const int len = std::snprintf(digits, sizeof digits, "%llu", static_cast<unsigned long long>(magnitude));
  size_t at = 0;
  const size_t cap = sizeof out.text - 1;
  auto put = [&](char c) {
    if (at < cap) out.text[at++] = c;
  };
  if (n < 0) put('-');
  for (int i = 0; i < len; ++i) {
    if (i > 0 && (len - i) % 3 == 0) put(',');
    put(digits[i]);
  }
  put(' ');
  const bool single = n == 1 || n == -1;
  const std::string_view word = single || many.empty() ? one : many;
  for (char c : word) put(c);
  if (!single && many.empty()) put('s');
  out.text[at] = '\0';
  return out;
}

std::string counted(long long n, std::string_view one, std::string_view many) {
  return count_text(n, one, many).c_str();
}

std::string binary_bytes(uint64_t bytes) {
  static const char* const kUnits[6] = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB"};
  return scaled_bytes(static_cast<double>(bytes), 1024.0, kUnits);
}

std::string decimal_bytes(double bytes) {
  static const char* const kUnits[6] = {"bytes", "kB", "MB", "GB", "TB", "PB"};
  return scaled_bytes(bytes, 1000.0, kUnits);
}

std::string_view trim(std::string_view s) {
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; };
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  return s;
}

std::string capitalized(std::string_view s) {
  std::string out(s);
  if (!out.empty() && out[0] >= 'a' && out[0] <= 'z') out[0] = static_cast<char>(out[0] - 'a' + 'A');
  return out;
}

std::string shown_input(std::string_view v) {
  std::string s(v.substr(0, 40));
  for (char& c : s)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = '?';
  if (v.size() > 40) s += "…";
  return s;
}

std::string quoted_input(std::string_view v) { return "“" + shown_input(v) + "”"; }

std::string escaped(std::string_view s, char quote) {
  std::string out(1, quote);
  for (const char c : s) {
    if (c == '\\' || c == quote) out += {'\\', c};
    else if (c == '\n') out += "\\n";
    else if (c == '\r') out += "\\r";
    else if (c == '\t') out += "\\t";
    else append_byte_or_hex(out, c);
  }
  return out + quote;
}

void append_byte_or_hex(std::string& out, char c, bool upper_hex) {
  const unsigned char u = static_cast<unsigned char>(c);
  if (u >= 0x20 && u != 0x7F) {
    out += c;
    return;
  }
  char buf[8];
  std::snprintf(buf, sizeof buf, upper_hex ? "\\x%02X" : "\\x%02x", u);
  out += buf;
}

}  // namespace lv
