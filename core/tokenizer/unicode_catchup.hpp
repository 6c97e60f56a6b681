// unicode_catchup.hpp — the characters PCRE2's own tables do not know yet (issue 40 item 5).
// Debian 12's PCRE2 10.42 has Unicode 14.0's tables; the references lookupviz is checked
// against (tokenizers.js, Python's `regex`, the tokenizers crate) have Unicode 15.1. So
// `\p{L}` missed CJK Extension H (U+31350-U+323AF, 15.0) and I (U+2EBF0-U+2EE5D, 15.1),
// `\p{N}` the Kaktovik numerals (U+1D2C0-U+1D2D3), `\d` the Kawi digits (U+11F50-U+11F59),
// and so on: Llama-3's pattern cut `𮲂"A` (U+2EC82) as tokenizers.js does not.
//
// The missing characters come from ICU (Debian's libicu72: Unicode 15.0; its tables, not
// hand-written ones): those with the property that were assigned after PCRE2's Unicode
// version. Unicode 15.1's 627 new characters, which ICU 72 predates, are added by their
// ranges (the only hand-written part): CJK Extension I (U+2EBF0-U+2EE5D, Lo, Han) wherever
// ICU's set holds U+4E00 (an ideograph of the same category and script), and U+31EF and
// U+2FFC-U+2FFF (So, Common) wherever it holds U+2FF0 (an ideographic description
// character like them).
#pragma once
#include <string>
#include <string_view>

namespace lv {

// The missing characters of a property as a class's items ("\x{2EBF0}-\x{2EE5D}..."), ""
// when none (or ICU does not know the name). `property` as a pattern writes it inside
// \p{...}: "L", "Lu", "N", "Nd", "P", "Han", "Script=Han", ... Thread-safe; each answer is
// computed once per process.
std::string unicode_catchup(std::string_view property);

// The Unicode version of PCRE2's tables ("14.0"), and the one characters are brought up to
// ("15.1").
const char* pcre2_unicode_version();
inline constexpr char kUnicodeVersion[] = "15.1";

}  // namespace lv
