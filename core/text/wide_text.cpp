// wide_text.cpp — characters beyond U+FFFF as BMP slots while a 16-bit UI holds them.
#include "core/text/wide_text.hpp"

#include <algorithm>
#include <iterator>

#include "core/text/utf8_text.hpp"

namespace lv {
namespace {

// The code point of the well-formed sequence of `len` bytes at s[i].
char32_t decode_at(std::string_view s, size_t i, size_t len) {
  const auto b = [&](size_t k) { return static_cast<char32_t>(static_cast<unsigned char>(s[i + k])); };
  switch (len) {
    case 1: return b(0);
    case 2: return (b(0) & 0x1F) << 6 | (b(1) & 0x3F);
    case 3: return (b(0) & 0x0F) << 12 | (b(1) & 0x3F) << 6 | (b(2) & 0x3F);
    default: return (b(0) & 0x07) << 18 | (b(1) & 0x3F) << 12 | (b(2) & 0x3F) << 6 | (b(3) & 0x3F);
  }
}

bool needs_slot(char32_t c) {
  return c > 0xFFFF || (c >= 0xE000 && c <= 0xF8FF) || (c >= kWideSlotFirst && c <= kWideSlotLast);
}

// Calls f(code point, bytes) for each well-formed character, f(U+FFFFFFFF, bytes) for
// each ill-formed part.
template <class F>
void each_char(std::string_view s, F f) {
  for (size_t i = 0; i < s.size();) {
    size_t bad = 0;
    const size_t len = utf8_sequence_length(s, i, &bad);
    if (len == 0) {
      f(char32_t(0xFFFFFFFF), s.substr(i, bad));
      i += bad;
    } else {
      f(decode_at(s, i, len), s.substr(i, len));
      i += len;
    }
  }
}

}  // namespace

char32_t wide_to_edit(WideText& w, char32_t c) {
  if (!needs_slot(c)) return c;
  if (const auto it = w.slot_of.find(c); it != w.slot_of.end()) return it->second;
  if (w.slots.size() > kWideSlotLast - kWideSlotFirst) return 0xFFFD;
  const char32_t slot = kWideSlotFirst + static_cast<char32_t>(w.slots.size());
  w.slots.push_back(c);
  w.slot_of.emplace(c, slot);
  ++w.generation;  // a new glyph: the character's stand-in
  return slot;
}

std::string wide_to_edit(WideText& w, std::string_view utf8) {
  std::string out;
  out.reserve(utf8.size());
  each_char(utf8, [&](char32_t c, std::string_view bytes) {
    if (c == 0xFFFFFFFF || !needs_slot(c)) {
      out.append(bytes);
      if (c != 0xFFFFFFFF) wide_note_glyph(w, c);
    } else {
      append_utf8(out, wide_to_edit(w, c));
    }
  });
  return out;
}

std::string wide_from_edit(const WideText& w, std::string_view edited) {
  std::string out;
  out.reserve(edited.size() + edited.size() / 3);
  each_char(edited, [&](char32_t c, std::string_view bytes) {
    const char32_t o = c == 0xFFFFFFFF ? c : wide_original(w, c);
    if (o == c || o == 0xFFFFFFFF) out.append(bytes);
    else append_utf8(out, o);
  });
  return out;
}

char32_t wide_original(const WideText& w, char32_t c) {
  if (c < kWideSlotFirst || c > kWideSlotLast) return c;
  const size_t i = c - kWideSlotFirst;
  return i < w.slots.size() ? w.slots[i] : c;
}

bool wide_base_glyph(char32_t c) {
  if (c < 0x144) return true;  // ASCII, Latin-1, GPT-2's byte symbols U+0100..U+0143
  static const std::vector<char32_t> symbols = [] {
    std::vector<char32_t> v(std::begin(kWideBaseSymbols), std::end(kWideBaseSymbols));
    v.push_back(0xFFFD);
    std::sort(v.begin(), v.end());
    return v;
  }();
  return std::binary_search(symbols.begin(), symbols.end(), c);
}

void wide_note_glyph(WideText& w, char32_t c) {
  if (c > 0xFFFF || wide_base_glyph(c) || (c >= 0xD800 && c <= 0xDFFF)) return;
  if (needs_slot(c)) return;  // a slot's stand-in (a boxed code point) is made for every slot
  const auto it = std::lower_bound(w.glyphs.begin(), w.glyphs.end(), c);
  if (it != w.glyphs.end() && *it == c) return;
  if (w.glyphs.size() >= kWideMaxGlyphs) return;  // drawn as the fallback past this
  w.glyphs.insert(it, c);
  ++w.generation;
}

void wide_note_glyphs(WideText& w, std::string_view utf8) {
  each_char(utf8, [&](char32_t c, std::string_view) {
    if (c != 0xFFFFFFFF) wide_note_glyph(w, c);
  });
}

}  // namespace lv
