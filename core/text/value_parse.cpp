// value_parse.cpp — see value_parse.hpp.
#include "core/text/value_parse.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>

#include "core/text/text_format.hpp"

namespace lv {
namespace {

bool equals_lower(std::string_view s, std::string_view word) {
  if (s.size() != word.size()) return false;
  for (size_t i = 0; i < s.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(s[i])) != word[i]) return false;
  return true;
}

}  // namespace

ValueParse parse_weight_value(std::string_view text) {
  ValueParse r;
  std::string_view s = trim(text);
  if (s.empty()) {
    r.error = {ParseCode::Empty, "Type a number, e.g. 0.5, -1e3, inf or nan."};
    return r;
  }
  bool negative = false;
  std::string_view body = s;
  if (body.front() == '+' || body.front() == '-') {
    negative = body.front() == '-';
    body.remove_prefix(1);
  }
  if (equals_lower(body, "inf") || equals_lower(body, "infinity")) {
    r.ok = true;
    r.value = negative ? -std::numeric_limits<float>::infinity() : std::numeric_limits<float>::infinity();
    return r;
  }
  if (equals_lower(body, "nan")) {
    r.ok = true;
    r.value = std::numeric_limits<float>::quiet_NaN();
    return r;
  }
  // A decimal: parsed as a double (Python's float), then rounded to float32, as
  // torch.tensor(x) stores it; beyond float32's range that is ±inf.
  double v = 0.0;
  const char* first = body.data();
  const char* last = body.data() + body.size();
  auto [end, ec] = std::from_chars(first, last, v, std::chars_format::general);
  if (ec == std::errc::result_out_of_range) {
    // Beyond even a double: huge rounds to inf, tiny to zero.
    bool tiny = false;
    for (const char* c = first; c < last; ++c)
      if (*c == 'e' || *c == 'E') tiny = c + 1 < last && c[1] == '-';
    v = tiny ? 0.0 : std::numeric_limits<double>::infinity();
    end = last;
    ec = std::errc();
  }
  if (ec != std::errc() || end != last || first == last ||
      !(std::isdigit(static_cast<unsigned char>(*first)) || *first == '.')) {
    std::string& m = r.error.message;
    r.error.code = ParseCode::NotANumber;
    m.reserve(s.size() + 60);  // appended, not "+"-ed: GCC 12 warns falsely (-Wrestrict) on that
    m += '"';
    m.append(s.data(), s.size());
    m += "\" is not a number: type e.g. 0.5, -1e3, inf or nan.";
    return r;
  }
  r.ok = true;
  r.value = static_cast<float>(negative ? -v : v);
  return r;
}

PyInt parse_py_int(std::string_view text) {
  PyInt r;
  std::string_view s = trim(text);
  if (!s.empty() && (s.front() == '+' || s.front() == '-')) {
    r.negative = s.front() == '-';
    s.remove_prefix(1);
  }
  if (s.empty()) return r;
  bool prev_digit = false;
  for (char c : s) {
    if (c == '_') {
      if (!prev_digit) return r;  // "_1", "1__0"
      prev_digit = false;
      continue;
    }
    if (c < '0' || c > '9') return r;
    int d = c - '0';
    if (!r.huge && r.magnitude > (UINT64_MAX - d) / 10) r.huge = true;
    if (!r.huge) r.magnitude = r.magnitude * 10 + d;
    prev_digit = true;
  }
  if (!prev_digit) return r;                            // "1_"
  if (r.magnitude == 0 && !r.huge) r.negative = false;  // -0 is 0
  r.ok = true;
  return r;
}

SeedParse parse_seed(std::string_view text, TypedIn where) {
  SeedParse r;
  const PyInt p = parse_py_int(text);
  constexpr uint64_t kMinMagnitude = uint64_t{1} << 63;  // -2^63
  if (!p.ok || p.huge || (p.negative && p.magnitude > kMinMagnitude)) {
    constexpr const char* kRule = "must be a whole number from -9223372036854775808 to 18446744073709551615";
    r.error.code = p.ok ? ParseCode::OutOfRange : trim(text).empty() ? ParseCode::Empty : ParseCode::NotANumber;
    r.error.message = where == TypedIn::CommandLine
                          ? "--seed " + std::string(kRule) + " (got " + quoted_input(text) + ")"
                          : "The seed " + std::string(kRule) + ".";
    return r;
  }
  r.ok = true;
  r.seed = p.negative ? 0 - p.magnitude : p.magnitude;
  // Built in two steps: GCC 12's -Wrestrict misfires on ("-" or "") + to_string(...) here.
  r.seed_text = std::to_string(p.magnitude);
  if (p.negative) r.seed_text.insert(0, 1, '-');
  return r;
}

}  // namespace lv
