// utf8_text.hpp — strict UTF-8, as Python reads it: what text may be tokenized, and
// how bytes that are not UTF-8 print (a token's bytes can be half a character).
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace lv {

// The offset of the first byte that is not part of well-formed UTF-8 (Unicode 3.9,
// Table 3-7: no overlong forms, no surrogates, nothing above U+10FFFF), or nullopt.
std::optional<size_t> utf8_error_offset(std::string_view s);

// bytes.decode("utf-8", errors="replace"): each maximal ill-formed subpart becomes one
// U+FFFD, exactly as Python (and so tiktoken's decode) does.
std::string utf8_replace_invalid(std::string_view bytes);

// One code point: its length in bytes at s[i] when well-formed, else 0 (with *bad_len
// the length of the maximal ill-formed subpart, at least 1).
size_t utf8_sequence_length(std::string_view s, size_t i, size_t* bad_len);

// "" when s is well-formed UTF-8, else `subject` + " is not valid UTF-8 (byte 0xFF at
// offset 2)": text for GPT-2's tokenizer must be UTF-8 (a Python str is), and where it
// was typed names the subject ("--text", "This text").
std::string utf8_problem(std::string_view subject, std::string_view s);

// The code point of the well-formed sequence of `len` bytes at s[i] (len from
// utf8_sequence_length).
char32_t utf8_code_point(std::string_view s, size_t i, size_t len);

// Unicode's White_Space property (PropList.txt, 25 code points): Rust's char::is_whitespace,
// which the tokenizers crate strips beside added tokens.
bool is_white_space(char32_t c);

// Appends code point c (at most U+10FFFF, not a surrogate) as UTF-8.
void append_utf8(std::string& out, char32_t c);

}  // namespace lv
