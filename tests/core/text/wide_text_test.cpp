// wide_text_test.cpp — characters beyond U+FFFF as slots while a 16-bit UI holds them
// (core/text/wide_text.hpp): every byte comes back, whatever the text holds.
#include <gtest/gtest.h>

#include "core/text/utf8_text.hpp"
#include "core/text/wide_text.hpp"

namespace lv {
namespace {

std::string utf8(char32_t c) {
  std::string s;
  append_utf8(s, c);
  return s;
}

TEST(WideText, EmojiBecomeSlotsAndComeBackExactly) {
  WideText w;
  const std::string text = "I love \xF0\x9F\x90\xB1 and \xE7\x8C\xAB \xF0\x9F\x90\xB1\xF0\x9F\x98\xBA";  // 🐱, 猫, 🐱😺
  const std::string edit = wide_to_edit(w, text);
  ASSERT_EQ(w.slots.size(), 2u);  // one slot a character, however often it appears
  EXPECT_EQ(w.slots[0], U'\U0001F431');
  EXPECT_EQ(w.slots[1], U'\U0001F63A');
  EXPECT_EQ(edit,
            "I love " + utf8(kWideSlotFirst) + " and \xE7\x8C\xAB " + utf8(kWideSlotFirst) + utf8(kWideSlotFirst + 1));
  for (unsigned char c : edit) EXPECT_NE(c, 0xF0) << "a 4-byte sequence left for the 16-bit UI";
  EXPECT_EQ(wide_from_edit(w, edit), text);
  EXPECT_EQ(wide_original(w, kWideSlotFirst), U'\U0001F431');
  EXPECT_EQ(wide_original(w, U'a'), U'a');
}

TEST(WideText, RealCharactersOfTheSlotsBlockAndThePrivateUseAreaSurvive) {
  WideText w;
  const std::string cat = utf8(U'\U0001F431');
  const std::string text = utf8(kWideSlotFirst) + cat + utf8(0xE000) + utf8(kWideSlotFirst + 1);
  const std::string edit = wide_to_edit(w, text);
  EXPECT_EQ(w.slots.size(), 4u);
  EXPECT_EQ(wide_from_edit(w, edit), text);
  // A slot the map never made stands for itself.
  EXPECT_EQ(wide_from_edit(w, utf8(kWideSlotFirst + 100)), utf8(kWideSlotFirst + 100));
}

TEST(WideText, BytesThatAreNotUtf8PassThrough) {
  WideText w;
  const std::string text = std::string("a\xFF") + "\xF0\x9F" + "b" + utf8(U'\U0001F431');
  const std::string edit = wide_to_edit(w, text);
  EXPECT_EQ(wide_from_edit(w, edit), text);
}

TEST(WideText, TypedCharactersGetTheSameSlots) {
  WideText w;
  const char32_t slot = wide_to_edit(w, U'\U0001F431');
  EXPECT_EQ(slot, kWideSlotFirst);
  EXPECT_EQ(wide_to_edit(w, U'\U0001F431'), slot);
  EXPECT_EQ(wide_to_edit(w, U'x'), U'x');
  EXPECT_EQ(wide_to_edit(w, U'猫'), U'猫');  // in the BMP: ImGui holds it as it is
}

TEST(WideText, GlyphsPastTheBaseSetAreNotedOnce) {
  WideText w;
  const uint64_t g0 = w.generation;
  wide_note_glyphs(w, "Hello, \xC3\xA9\xE2\x86\x92 ");  // é →: in every font set already
  EXPECT_TRUE(w.glyphs.empty());
  EXPECT_EQ(w.generation, g0);
  wide_note_glyphs(w, "\xE7\x8C\xAB\xE5\x92\xAA \xD0\x96");  // 猫咪 Ж
  EXPECT_EQ(w.glyphs, (std::vector<char32_t>{U'Ж', U'咪', U'猫'}));
  const uint64_t g1 = w.generation;
  EXPECT_GT(g1, g0);
  wide_note_glyphs(w, "\xE7\x8C\xAB");
  EXPECT_EQ(w.generation, g1);  // nothing new: the fonts need no rebuild
  EXPECT_TRUE(wide_base_glyph(U'✓'));
  EXPECT_FALSE(wide_base_glyph(U'猫'));
}

}  // namespace
}  // namespace lv
