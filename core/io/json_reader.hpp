// json_reader.hpp — a strict, bounded reader for RFC 8259 JSON text, for the two JSON
// files lookupviz reads (a .safetensors header, GPT-2's encoder.json). The caller walks
// the structure it expects with peek/expect/string/uinteger and skips the rest.
// Strict: numbers without leading zeros ("01" is refused), strings of well-formed UTF-8
// with no raw control characters, \u escapes whose surrogates come in pairs, nesting at
// most kMaxDepth deep. The first error is kept, with the byte it was found at.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace lv {

struct JsonReader {
  explicit JsonReader(std::string_view text) : s(text) {}

  std::string_view s;
  size_t i = 0;       // the next byte to read
  std::string error;  // the first error: "expected ':' at byte 12"
  static constexpr int kMaxDepth = 64;

  // Records `why` at the current byte (only the first error is kept); returns false.
  bool err(const std::string& why);
  void ws();                                                    // skips JSON white space
  bool peek(char c);                                            // after white space, whether the next byte is c
  bool expect(char c);                                          // after white space, c, else an error
  bool string(std::string& out);                                // a string, decoded to UTF-8
  bool uinteger(uint64_t& v);                                   // a whole number from 0 to 2^62
  bool uint_array(std::vector<uint64_t>& out, size_t max_len);  // [n, n, …], at most max_len
  bool skip(int depth = 0);                                     // any value, checked and passed over
  bool at_end();  // after white space, the end of the text, else the error "text after the object"

  // The members of an object whose '{' has just been read, up to and with its '}':
  // for each, its key and ':' are read, then on_member(key) reads the value and
  // returns false on an error (recorded with err()). `{"a": 1,}` is refused.
  template <class OnMember>
  bool members(OnMember&& on_member) {
    std::string key;
    for (bool first = true;; first = false) {
      if (peek('}')) {
        ++i;
        return true;
      }
      if (!first && !expect(',')) return false;
      if (!string(key) || !expect(':') || !on_member(static_cast<const std::string&>(key))) return false;
    }
  }

 private:
  bool hex4(uint32_t& v);
  bool literal(std::string_view w);
  bool number();
};

}  // namespace lv
