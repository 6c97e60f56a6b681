// id_parse.cpp — typed token IDs -> IdList, or one sentence saying what is wrong.
// Accepted: "2, 3, 1", "[2,3,1]", "2 3 1", "(2, 3, 1)", "tensor([2, 3, 1])",
// "torch.tensor([2, 3, 1])", any whitespace, empty items (a trailing comma).
// Every input is untrusted: no exceptions, no overflow, no out-of-bounds reads.
#include "core/text/id_parse.hpp"

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/text/text_format.hpp"

namespace lv {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

// The user's token, safe to show: valid UTF-8 only (anything else becomes U+FFFD),
// no control characters, at most 24 code points.
std::string quote_token(std::string_view t) {
  std::string out;
  size_t shown = 0, i = 0;
  while (i < t.size()) {
    if (shown == 24) {
      out += "…";
      break;
    }
    unsigned char c = static_cast<unsigned char>(t[i]);
    size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >= 0xF0 && c <= 0xF4) ? 4 : 0;
    bool valid = len > 0 && i + len <= t.size();
    for (size_t k = 1; valid && k < len; ++k) valid = (static_cast<unsigned char>(t[i + k]) & 0xC0) == 0x80;
    if (valid && len == 2 && c < 0xC2) valid = false;  // overlong
    if (valid && len == 1 && (c < 0x20 || c == 0x7F)) {
      out += "\xEF\xBF\xBD";
    } else if (valid) {
      out.append(t.substr(i, len));
    } else {
      out += "\xEF\xBF\xBD";
      len = 1;
    }
    i += len;
    ++shown;
  }
  return out;
}

// A token of digits only -> value, saturating at INT64_MAX (anything that large is
// rejected anyway, so saturation never changes the outcome).
int64_t parse_digits(std::string_view digits) {
  int64_t v = 0;
  for (char c : digits) {
    int d = c - '0';
    if (v > (INT64_MAX - d) / 10) return INT64_MAX;
    v = v * 10 + d;
  }
  return v;
}

bool all_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!is_digit(c)) return false;
  return true;
}

// Strips one pair of outer brackets: "tensor( ... )", "torch.tensor( ... )",
// "[ ... ]" or "( ... )". Returns false when a bracket is left unmatched.
bool strip_wrappers(std::string_view& s) {
  s = trim(s);
  for (std::string_view prefix : {"torch.tensor(", "tensor("}) {
    if (s.substr(0, prefix.size()) == prefix) {
      if (s.back() != ')') return false;
      s = trim(s.substr(prefix.size(), s.size() - prefix.size() - 1));
      break;
    }
  }
  if (!s.empty() && (s.front() == '[' || s.front() == '(')) {
    char close = s.front() == '[' ? ']' : ')';
    if (s.size() < 2 || s.back() != close) return false;
    s = trim(s.substr(1, s.size() - 2));
  }
  return true;
}

// One item that is not a plain non-negative integer: say why.
ParseError explain_bad_token(std::string_view t) {
  std::string_view body = t;
  bool negative = false;
  if (!body.empty() && (body.front() == '-' || body.front() == '+')) {
    negative = body.front() == '-';
    body.remove_prefix(1);
  }
  size_t dot = body.find('.');
  if (dot != std::string_view::npos) {
    std::string_view whole = body.substr(0, dot), frac = body.substr(dot + 1);
    bool numeric =
        (all_digits(whole) || whole.empty()) && (all_digits(frac) || frac.empty()) && !(whole.empty() && frac.empty());
    if (numeric) {
      if (frac.find_first_not_of('0') == std::string_view::npos && !whole.empty() && !negative && whole.size() <= 18)
        return {ParseCode::NotWhole,
                quote_token(t) + " has a decimal point: write it as " + std::to_string(parse_digits(whole)) + "."};
      return {ParseCode::NotWhole, quote_token(t) + " is not a whole number."};
    }
  }
  if (negative && all_digits(body)) {
    return {ParseCode::Negative, quote_token(t) + " is negative: IDs count rows from 0."};
  }
  return {ParseCode::NotANumber, "“" + quote_token(t) + "” is not a whole number."};
}

std::string out_of_range(std::string_view token, int64_t vocab) {
  std::string rows = vocab == 1 ? "1 row, ID 0 only" : with_commas(vocab) + " rows, IDs 0–" + with_commas(vocab - 1);
  return quote_token(token) + " is out of range: this table has " + rows + ".";
}

constexpr std::string_view kBracketsError = "The brackets don't match: write the IDs as 2, 3, 1 or [2, 3, 1].";

IdParse parse_ids_unchecked(std::string_view text, const IdRules& rules) {
  IdParse r;
  std::string_view s = text;
  if (!strip_wrappers(s)) {
    r.error = {ParseCode::Brackets, std::string(kBracketsError)};
    return r;
  }
  size_t i = 0;
  while (i < s.size()) {
    if (is_space(s[i]) || s[i] == ',') {
      ++i;
      continue;
    }
    size_t start = i;
    while (i < s.size() && !is_space(s[i]) && s[i] != ',') ++i;
    std::string_view tok = s.substr(start, i - start);
    if (tok.find_first_of("[]()") != std::string_view::npos) {
      r.error = {ParseCode::Brackets, std::string(kBracketsError)};
      return r;
    }
    // An optional sign: "+2" is 2 and "-0" is 0, as in Python; other negatives are errors.
    std::string_view digits = tok.front() == '+' || tok.front() == '-' ? tok.substr(1) : tok;
    if (tok.front() == '-' && digits.find_first_not_of('0') != std::string_view::npos) digits = {};
    if (!all_digits(digits)) {
      r.error = explain_bad_token(tok);
      return r;
    }
    // Drop leading zeros so that "0000000000000000000000007" is just 7.
    size_t nz = digits.find_first_not_of('0');
    digits = nz == std::string_view::npos ? digits.substr(digits.size() - 1) : digits.substr(nz);
    int64_t id = parse_digits(digits);
    if (rules.vocab >= 0 && id >= rules.vocab) {
      r.error = {ParseCode::OutOfRange, out_of_range(digits, rules.vocab)};
      return r;
    }
    if (rules.vocab < 0 && id > rules.max_id) {
      r.error = {ParseCode::OutOfRange,
                 quote_token(digits) + (rules.too_large.empty()
                                            ? " is too large: IDs go up to " + with_commas(rules.max_id) + "."
                                            : " " + std::string(rules.too_large))};
      return r;
    }
    if (r.ids.size() >= rules.max_count) {
      r.error = {ParseCode::TooMany, "Too many IDs: at most " + with_commas(rules.max_count) + " at a time."};
      return r;
    }
    r.ids.push_back(id);
  }
  if (r.ids.empty()) {
    r.error = {ParseCode::Empty, "Type at least one ID, e.g. 2, 3, 1."};
    return r;
  }
  r.ok = true;
  return r;
}

}  // namespace

IdParse parse_ids(std::string_view text, const IdRules& rules) {
  IdParse r = parse_ids_unchecked(text, rules);
  if (!r.ok) r.ids.clear();  // on error: the sentence only, no partial list
  return r;
}

int64_t vocab_for_ids(const IdList& ids) {
  int64_t m = -1;
  for (int64_t id : ids) m = std::max(m, id);
  return m + 1;
}

std::string format_ids(const IdList& ids) {
  std::string out;
  for (size_t i = 0; i < ids.size(); ++i) {
    if (i > 0) out += ", ";
    out += std::to_string(ids[i]);
  }
  return out;
}

}  // namespace lv
