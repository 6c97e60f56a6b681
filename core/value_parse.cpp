// value_parse.cpp — see value_parse.hpp.
#include "core/value_parse.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>

namespace lv {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

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
    r.error = "Type a number, e.g. 0.5, -1e3, inf or nan.";
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
  if (ec != std::errc() || end != last || first == last || !(std::isdigit(static_cast<unsigned char>(*first)) || *first == '.')) {
    r.error.reserve(s.size() + 60);  // appended, not "+"-ed: GCC 12 warns falsely (-Wrestrict) on that
    r.error += '"';
    r.error.append(s.data(), s.size());
    r.error += "\" is not a number: type e.g. 0.5, -1e3, inf or nan.";
    return r;
  }
  r.ok = true;
  r.value = static_cast<float>(negative ? -v : v);
  return r;
}

}  // namespace lv
