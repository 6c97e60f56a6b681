// text_format.hpp — the one place numbers and words become the UI's and the command
// line's text: counts with thousands separators, byte sizes, plurals, trimmed input.
//
//   with_commas(50257)               // "50,257"
//   counted(b, "ID")                 // "1 ID" / "2 IDs" / "50,257 IDs"
//   counted(n, "entry", "entries")   // irregular plurals are passed
//   noun(n, "row")                   // "row" / "rows", for "%s of them" sentences
//   binary_bytes(1536)               // "1.5 KiB": ÷1024, IEC names (memory, caches, files)
//   decimal_bytes(154'389'504)       // "154.4 MB": ÷1000, SI names (bandwidth, budgets)
//   trim(" 2, 3 \n")                 // "2, 3"
//   quoted_input("seven")            // "“seven”": what the user typed, safe in a message
//   escaped("a\"b", '"')             // "\"a\\\"b\"": Python's escapes, in the quote given
#pragma once
#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>

namespace lv {

std::string with_commas_unsigned(uint64_t v);
std::string with_commas_signed(int64_t v);

// v with a ',' between each group of three digits: 134217728 -> "134,217,728", -1234 -> "-1,234".
template <std::integral T>
std::string with_commas(T v) {
  if constexpr (std::is_signed_v<T>) return with_commas_signed(static_cast<int64_t>(v));
  else return with_commas_unsigned(static_cast<uint64_t>(v));
}

// The noun that goes with n: `one` for exactly 1 (or -1), else `many` ("" means one + "s").
std::string noun(long long n, std::string_view one, std::string_view many = {});

// n with thousands separators, a space and its noun.
std::string counted(long long n, std::string_view one, std::string_view many = {});

// The same text in a buffer of its own, for what is drawn every frame: an idle frame
// must not allocate, and "1,000,000 multiply-adds" is past std::string's inline 15.
// (A noun too long for the buffer is cut.)
struct CountText {
  char text[64] = {};
  const char* c_str() const { return text; }
};
CountText count_text(long long n, std::string_view one, std::string_view many = {});

// Bytes in binary units: "84 bytes", "32 KiB", "1.5 KiB", "147.2 MiB". A whole number
// of the unit has no decimals (cache sizes read "48 KiB"), anything else one.
std::string binary_bytes(uint64_t bytes);

// Bytes in decimal units: "512 bytes", "3 kB", "1.6 GB", "154.4 MB"; as binary_bytes,
// one decimal unless the number is whole in it.
std::string decimal_bytes(double bytes);

// s without ASCII white space (' ', \t, \n, \r, \f, \v) at either end.
std::string_view trim(std::string_view s);

// s with its first letter upper-cased (ASCII): a clause shown on its own, as a sentence.
std::string capitalized(std::string_view s);

// Text the user typed (or a file held), safe in a one-line message: at most 40 bytes
// then "…", control characters as '?'. (A cut UTF-8 sequence may be left at the end;
// terminals show it as one odd glyph.) quoted_input puts it in “curly quotes”.
std::string shown_input(std::string_view v);
std::string quoted_input(std::string_view v);

// s between two `quote`s with Python's escapes: \\, \<quote>, \n, \r, \t and \xNN for
// other control bytes; other bytes as they are. The settings file and Python's repr
// of a str both write strings this way.
std::string escaped(std::string_view s, char quote);

// Appends byte c as it is, or as \xNN (hex digits in upper or lower case) when it is a
// control byte (below 0x20, or DEL): the fallback of escaped() and of visible token text.
void append_byte_or_hex(std::string& out, char c, bool upper_hex = false);

}  // namespace lv
