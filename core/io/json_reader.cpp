// json_reader.cpp — see json_reader.hpp.
#include "core/io/json_reader.hpp"

#include "core/text/utf8_text.hpp"

namespace lv {

bool JsonReader::err(const std::string& why) {
  if (error.empty()) error = why + " at byte " + std::to_string(i);
  return false;
}

void JsonReader::ws() {
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) ++i;
}

bool JsonReader::at_end() {
  ws();
  return i == s.size() || err("text after the object");
}

bool JsonReader::peek(char c) {
  ws();
  return i < s.size() && s[i] == c;
}

bool JsonReader::expect(char c) {
  if (peek(c)) {
    ++i;
    return true;
  }
  return err(std::string("expected '") + c + "'");
}

bool JsonReader::hex4(uint32_t& v) {
  if (s.size() - i < 4) return err("a short \\u escape");
  v = 0;
  for (int k = 0; k < 4; ++k) {
    const char c = s[i++];
    v <<= 4;
    if (c >= '0' && c <= '9') v |= static_cast<uint32_t>(c - '0');
    else if (c >= 'a' && c <= 'f') v |= static_cast<uint32_t>(c - 'a' + 10);
    else if (c >= 'A' && c <= 'F') v |= static_cast<uint32_t>(c - 'A' + 10);
    else return err("a bad \\u escape");
  }
  return true;
}

bool JsonReader::string(std::string& out) {
  if (!peek('"')) return err("expected a string");
  ++i;
  out.clear();
  while (true) {
    if (i >= s.size()) return err("an unterminated string");
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c == '"') {
      ++i;
      return true;
    }
    if (c < 0x20) return err("a control character in a string");
    if (c != '\\') {
      // A run of plain characters in one append (a header may hold millions of names).
      // A multi-byte UTF-8 sequence holds no byte below 0x80, so no run cuts one.
      const size_t start = i;
      while (i < s.size() && s[i] != '"' && s[i] != '\\' && static_cast<unsigned char>(s[i]) >= 0x20) ++i;
      const std::string_view run = s.substr(start, i - start);
      if (const auto bad = utf8_error_offset(run)) {
        i = start + *bad;
        return err("a string that is not UTF-8");
      }
      out.append(run);
      continue;
    }
    if (++i >= s.size()) return err("an unterminated string");
    const char e = s[i++];
    switch (e) {
      case '"': out += '"'; break;
      case '\\': out += '\\'; break;
      case '/': out += '/'; break;
      case 'b': out += '\b'; break;
      case 'f': out += '\f'; break;
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 't': out += '\t'; break;
      case 'u': {
        uint32_t cp = 0;
        if (!hex4(cp)) return false;
        if (cp >= 0xdc00 && cp <= 0xdfff) return err("a lone low surrogate");
        if (cp >= 0xd800 && cp <= 0xdbff) {
          uint32_t lo = 0;
          if (s.size() - i < 2 || s[i] != '\\' || s[i + 1] != 'u') return err("a lone high surrogate");
          i += 2;
          if (!hex4(lo)) return false;
          if (lo < 0xdc00 || lo > 0xdfff) return err("a bad surrogate pair");
          cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
        }
        append_utf8(out, cp);
        break;
      }
      default: return err("a bad escape");
    }
  }
}

bool JsonReader::uinteger(uint64_t& v) {
  ws();
  const size_t start = i;
  if (i < s.size() && s[i] == '-') return err("a negative number");
  v = 0;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
    if (v > (uint64_t{1} << 62) / 10) {
      i = start;  // point at the number, not into it
      return err("a number too large");
    }
    v = v * 10 + static_cast<uint64_t>(s[i++] - '0');
  }
  if (i == start) return err("expected a number");
  if (i - start > 1 && s[start] == '0') {
    i = start;
    return err("a number with a leading zero");
  }
  if (i < s.size() && (s[i] == '.' || s[i] == 'e' || s[i] == 'E')) return err("expected a whole number");
  return true;
}

bool JsonReader::uint_array(std::vector<uint64_t>& out, size_t max_len) {
  if (!expect('[')) return false;
  out.clear();
  if (peek(']')) {
    ++i;
    return true;
  }
  while (true) {
    uint64_t v = 0;
    if (!uinteger(v)) return false;
    if (out.size() >= max_len) return err("too many numbers in a list");
    out.push_back(v);
    if (peek(']')) {
      ++i;
      return true;
    }
    if (!expect(',')) return false;
  }
}

bool JsonReader::literal(std::string_view w) {
  if (s.substr(i, w.size()) != w) return err("an unexpected value");
  i += w.size();
  return true;
}

// Any JSON number, only passed over: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
bool JsonReader::number() {
  if (i < s.size() && s[i] == '-') ++i;
  auto digits = [&] {
    const size_t d = i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
    return i - d;
  };
  const size_t int_start = i;
  const size_t whole = digits();
  if (whole == 0) return err("a bad number");
  if (whole > 1 && s[int_start] == '0') {
    i = int_start;
    return err("a number with a leading zero");
  }
  if (i < s.size() && s[i] == '.') {
    ++i;
    if (digits() == 0) return err("a bad number");
  }
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    if (digits() == 0) return err("a bad number");
  }
  return true;
}

bool JsonReader::skip(int depth) {
  if (depth > kMaxDepth) return err("nesting deeper than 64 levels");
  ws();
  if (i >= s.size()) return err("the JSON ends early");
  std::string tmp;
  switch (s[i]) {
    case '"': return string(tmp);
    case '{': ++i; return members([&](const std::string&) { return skip(depth + 1); });
    case '[': {
      ++i;
      if (peek(']')) {
        ++i;
        return true;
      }
      while (true) {
        if (!skip(depth + 1)) return false;
        if (peek(']')) {
          ++i;
          return true;
        }
        if (!expect(',')) return false;
      }
    }
    case 't': return literal("true");
    case 'f': return literal("false");
    case 'n': return literal("null");
    default: return number();
  }
}

}  // namespace lv
