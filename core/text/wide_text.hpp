// wide_text.hpp — text with characters beyond U+FFFF (emoji, rare CJK) carried through
// a UI whose characters are 16 bits (Debian's Dear ImGui 1.86 is built with a 16-bit
// ImWchar: it turns 🐱 into U+FFFD when typed, pasted or drawn).
//
// Each such character gets a slot, a BMP character the UI can hold, while the UI holds
// the text; the text goes back to the model and the session byte for byte
// (wide_from_edit). The slots are the Yi Syllables block, U+A000 + i: ImGui drops typed
// private-use characters (U+E000..U+F8FF: its GLFW backend on macOS sends arrow keys as
// such), and no font of the app draws Yi. Real characters of that block and of the
// private-use area get slots too (their boxed code point is drawn), so every byte comes
// back exactly. The map also collects the characters the fonts must draw beyond their base
// set (CJK, Cyrillic…): the UI adds just those glyphs to its atlas.
//   "I love 🐱"  ->  "I love \uA000" (slots = {U+1F431})  ->  "I love 🐱"
// Plain data, no ImGui: core knows nothing of the screen.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace lv {

constexpr char32_t kWideSlotFirst = 0xA000, kWideSlotLast = 0xA48F;  // Yi Syllables: 1,165 slots
constexpr size_t kWideMaxGlyphs = 4096;  // extra glyphs collected at most (each costs atlas space)

struct WideText {
  std::vector<char32_t> slots;                     // slots[i]: the character U+A000 + i stands for
  std::unordered_map<char32_t, char32_t> slot_of;  // a character -> its slot
  std::vector<char32_t> glyphs;                    // BMP characters past the fonts' base set seen in texts (sorted)
  uint64_t generation = 0;                         // bumped when slots or glyphs grow: the fonts need rebuilding
};

// The character as a 16-bit UI may hold it: c itself, or (beyond U+FFFF, in the private-use
// area, or itself in the slots' block) its slot, made on first use. When the 1,165 slots are
// spent (1,165 different such characters in one run; the 1 KB field holds at most 341), U+FFFD.
char32_t wide_to_edit(WideText& w, char32_t c);
// UTF-8 text as the UI may hold it (characters mapped as above; bytes that are not
// UTF-8 stay as they are). Also notes the glyphs it needs (wide_note_glyphs).
std::string wide_to_edit(WideText& w, std::string_view utf8);
// Back: each slot in use replaced by the character it stands for; every other byte as it is.
std::string wide_from_edit(const WideText& w, std::string_view edited);
// The character a slot stands for; c itself when it is not a slot in use.
char32_t wide_original(const WideText& w, char32_t c);

// The symbols the slides and messages draw beyond Latin-1, in every font set (the
// fonts' base ranges, app/ui_base/ui_theme.cpp, are built from this list too).
// (Characters, not a string: no font has them all, and tests/ui/ui_text_test.cpp holds every
// string literal of the sources to a glyph in every font.)
inline constexpr char32_t kWideBaseSymbols[] = {U'×', U'−', U'→', U'←', U'↑', U'↓', U'·', U'✓', U'✗', U'…',
                                                U'–', U'—', U'≈', U'≠', U'≤', U'≥', U'▸', U'Σ', U'∑', U'⁻',
                                                U'¹', U'²', U'³', U'⁰', U'‘', U'’', U'“', U'”', U'␣', U'↵'};

// True for the characters every font set of the app has (ASCII, Latin-1, GPT-2's byte
// symbols U+0100..U+0143 and the few symbols the slides draw): no glyph to add.
bool wide_base_glyph(char32_t c);
// Notes the BMP characters of utf8 past the base set (and the slots it uses) as glyphs
// the fonts must hold; bumps the generation when one is new.
void wide_note_glyphs(WideText& w, std::string_view utf8);
void wide_note_glyph(WideText& w, char32_t c);

}  // namespace lv
