// unicode_stand_in.hpp — characters newer than PCRE2's Unicode tables, given to PCRE2 as older
// ones of the same kind (issue 40 item 5).
//
// Debian's PCRE2 10.42 knows Unicode 14.0: to it a letter assigned since (𮲂 U+2EC82, CJK
// Extension I, Unicode 15.1) is unassigned, so Llama-3's `\p{L}+` does not take it and
// `𮲂"A` was cut `𮲂"` + `A` where tokenizers.js (JavaScript's Unicode 17) cuts `𮲂` + `"A`.
// Before a pattern runs, each such character in the subject is swapped for the nearest
// character PCRE2 knows with the same general category (ICU's u_charType, libicu-dev: Unicode
// 15.0 on Debian 12) and the same UTF-8 length, so every match has the same byte offsets and
// the pieces are cut from the text as it was. ICU 72 predates Unicode 15.1, whose 627
// characters (CJK Extension I, four ideographic description characters, one CJK stroke) are
// named here by hand from Unicode 15.1's DerivedAge.txt. Characters of Unicode 16.0 and later
// stay unknown (docs/manual.md names them).
#pragma once
#include <string>
#include <string_view>

namespace lv {

// True, with `*copy` the text as PCRE2 should see it, when well-formed UTF-8 `text` holds a
// character newer than PCRE2's tables that lookupviz can stand in for; false (and `*copy`
// untouched) otherwise — the common case costs one pass over the bytes of 0xE0 and above.
bool stand_in_newer_characters(std::string_view text, std::string* copy);

// The character PCRE2 is given for `c` (c itself when PCRE2 knows it or nothing stands in).
char32_t pcre2_stand_in(char32_t c);

}  // namespace lv
