// ui_wide_text_test.cpp — issue 25's items 5 and 6, driven like a user.
// 5: emoji and other characters beyond U+FFFF survive Debian's 16-bit ImGui: typed
// (the window's keyboard gives whole code points) or pasted into the Text field, they
// reach the tokenizer and the session byte for byte (the IDs are `lookupviz --tokenize`'s),
// the caret moves over them and Backspace deletes them, a copy gives the exact UTF-8; CJK
// gets its glyphs from Debian's fonts and an emoji a boxed code point, never U+FFFD.
// 6: slide 0 in IDs mode shows the IDs' own tokens (2, 3, 1 decode to "#$\"", which the
// tokenizer would encode as 29953, 1) and says that typed IDs skip the tokenizer.
#include <gtest/gtest.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "app/deck/slide_host.hpp"
#include "app/app_session.hpp"
#include "app/state/bpe_replay.hpp"
#include "app/ui_base/anim_timeline.hpp"
#include "core/settings/session_settings.hpp"
#include "core/text/wide_text.hpp"
#include "headless.hpp"
#include "screen_text.hpp"

namespace lv::app::test {
namespace {

const char* kCatSentence = "I love \xF0\x9F\x90\xB1 and "
                           "\xE7\x8C\xAB\xE5\x92\xAA\xE5\xBE\x88\xE5\x8F\xAF\xE7\x88\xB1\xEF\xBC\x81";  // I love 🐱 and
                                                                                                        // 猫咪很可爱！

// What `lookupviz --tokenize TEXT` prints, as a list of IDs ("[40, 1842, …]").
IdList cli_tokenize(const std::string& text) {
  const std::string cmd = std::string("'") + LOOKUPVIZ_BIN + "' --tokenize '" + text + "' 2>&1";
  std::FILE* p = popen(cmd.c_str(), "r");
  std::string out;
  char buf[4096];
  for (size_t n; p && (n = std::fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
  if (p) pclose(p);
  IdList ids;
  long long v = 0;
  bool in = false;
  for (char c : out) {
    if (c >= '0' && c <= '9') {
      v = v * 10 + (c - '0');
      in = true;
    } else if (in) {
      ids.push_back(v);
      v = 0;
      in = false;
    }
  }
  return ids;
}

std::string hex(const std::string& s) {
  std::string out;
  char b[4];
  for (unsigned char c : s) {
    std::snprintf(b, sizeof b, "%02X ", c);
    out += b;
  }
  return out;
}

class UiWideText : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(Headless::tokenizer()) << "the build tree's GPT-2 pack did not load";
    h.init();
    h.frames(3);
  }
  // Text mode, the field clicked, everything in it selected and deleted.
  void empty_text_field() {
    ASSERT_TRUE(h.click("mode-text"));
    h.frames(2);
    ASSERT_TRUE(h.click("text-field"));
    h.press(kA, /*ctrl=*/true);
    h.press(kBackspace);
  }
  // The session file's text as the app writes it.
  std::string session_text() { return write_settings(session_from_app(h.app, WindowGeometry{})); }
  Headless h;
};

TEST_F(UiWideText, TypedEmojiAndCjkReachTheTokenizerAndTheSessionExactly) {
  const IdList want = cli_tokenize(kCatSentence);
  ASSERT_FALSE(want.empty());
  EXPECT_EQ(want, h.app.tokenizer->encode(kCatSentence).ids);
  EXPECT_EQ(std::count(want.begin(), want.end(), 20543), 0) << "20543 is '�': the tokenizer itself lost the emoji";
  empty_text_field();
  h.type_keys(kCatSentence);
  finish_jobs(h.app);
  h.frames(2);
  EXPECT_TRUE(h.app.ui.editor.text_error.empty()) << h.app.ui.editor.text_error;
  EXPECT_EQ(text_field(h.app), kCatSentence) << hex(text_field(h.app));
  EXPECT_EQ(h.app.inputs.ids, want);
  EXPECT_EQ(h.app.inputs.text, kCatSentence);
  const std::string ini = session_text();
  EXPECT_NE(ini.find(kCatSentence), std::string::npos) << ini;
  EXPECT_EQ(ini.find("\xEF\xBF\xBD"), std::string::npos) << "the session holds U+FFFD:\n" << ini;
  // And back: a new App reads the same sentence and makes the same IDs from it.
  const SettingsParse parsed = parse_settings(ini);
  ASSERT_TRUE(parsed.error.empty()) << parsed.error;
  App other;
  use_tokenizer(other, Headless::tokenizer());
  apply_session(other, parsed.settings);
  EXPECT_EQ(text_field(other), kCatSentence);
  EXPECT_EQ(other.inputs.ids, want);
}

TEST_F(UiWideText, PastedEmojiAndCjkReachTheTokenizerExactly) {
  const std::string text = std::string("cats: ") + kCatSentence + " \xF0\x9F\x98\xBA\xF0\x9F\x98\xBA";  // 😺😺
  ImGui::SetClipboardText(text.c_str());  // as another program's copy
  empty_text_field();
  h.press(kV, /*ctrl=*/true);
  finish_jobs(h.app);
  h.frames(2);
  EXPECT_EQ(text_field(h.app), text) << hex(text_field(h.app));
  EXPECT_EQ(h.app.inputs.ids, cli_tokenize(text));
  EXPECT_NE(session_text().find(text), std::string::npos);
}

TEST_F(UiWideText, TheCaretMovesOverAnEmojiAndBackspaceDeletesIt) {
  empty_text_field();
  h.type_keys("a\xF0\x9F\x90\xB1"
              "b");  // a🐱b
  EXPECT_EQ(text_field(h.app), "a\xF0\x9F\x90\xB1"
                               "b");
  h.press(kLeft);       // before b
  h.press(kBackspace);  // the cat, whole
  EXPECT_EQ(text_field(h.app), "ab");
  h.type_keys("\xF0\x9F\x90\xB6");  // 🐶 where the cat was
  EXPECT_EQ(text_field(h.app), "a\xF0\x9F\x90\xB6"
                               "b");
  h.press(kLeft);  // over the dog, whole: after a
  h.press(kDelete);
  EXPECT_EQ(text_field(h.app), "ab");
  finish_jobs(h.app);
  EXPECT_EQ(h.app.inputs.ids, cli_tokenize("ab"));
}

TEST_F(UiWideText, CopyingGivesTheExactUtf8) {
  empty_text_field();
  h.type_keys(kCatSentence);
  h.press(kA, /*ctrl=*/true);
  h.press(kC, /*ctrl=*/true);
  // What the desktop's clipboard received (ImGui's own store in a headless context).
  const ImGuiContext& g = *ImGui::GetCurrentContext();
  ASSERT_FALSE(g.ClipboardHandlerData.empty());
  EXPECT_EQ(std::string(g.ClipboardHandlerData.Data), kCatSentence) << hex(g.ClipboardHandlerData.Data);
}

// Every character of the sentence has a glyph that is not the missing-glyph one: CJK from
// Debian's fonts-droid-fallback, the emoji a boxed code point, once the fonts are built for
// the text (the window builds them again between frames when new characters appear).
TEST_F(UiWideText, EveryCharacterOfTheTextHasAGlyph) {
  empty_text_field();
  h.type_keys(kCatSentence);
  finish_jobs(h.app);
  h.frames(2);
  const WideText& w = h.app.ui.editor.wide;
  ASSERT_EQ(w.slots.size(), 1u);  // the cat
  EXPECT_EQ(w.slots[0], U'\U0001F431');
  load_fonts(1.0f, 17.0f, 1.0f, 0.0f, &w);
  unsigned char* pixels;
  int tw, th;
  ImGui::GetIO().Fonts->GetTexDataAsRGBA32(&pixels, &tw, &th);
  std::FILE* f = std::fopen("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf", "rb");
  const bool cjk_font = f != nullptr;
  if (f) std::fclose(f);
  if (!fonts().from_system) GTEST_SKIP() << "Inter / JetBrains Mono not installed";
  for (int level = 0; level < kCanvasZoomLevels; ++level) {
    ImGui::NewFrame();
    begin_canvas_zoom(level);
    const Fonts fs = fonts();
    end_canvas_zoom();
    ImGui::EndFrame();
    for (ImFont* font : {fs.ui, fs.bold, fs.mono}) {
      const ImFontGlyph* cat = font->FindGlyphNoFallback(static_cast<ImWchar>(kWideSlotFirst));
      ASSERT_NE(cat, nullptr) << "no stand-in for 🐱 at zoom level " << level;
      EXPECT_GT(cat->X1 - cat->X0, font->FontSize * 0.6f) << "the box is too narrow to read";
      if (!cjk_font) continue;
      for (char32_t c : {U'猫', U'咪', U'很', U'可', U'爱', U'！'})
        EXPECT_NE(font->FindGlyphNoFallback(static_cast<ImWchar>(c)), nullptr)
            << "U+" << std::hex << static_cast<unsigned>(c) << " has no glyph at zoom level " << std::dec << level;
    }
  }
  // On screen: the field and the chips draw the slot's box, and no glyph of the text falls
  // back to the replacement glyph.
  h.frames(2);
  const ScreenText s = read_screen();
  bool boxed = false, replaced = false;
  for (const Glyph& g : s.glyphs) {
    boxed = boxed || g.c == kWideSlotFirst;
    replaced = replaced || g.c == 0xFFFD || g.c == kReplacementGlyphAt;
  }
  EXPECT_TRUE(boxed) << s.all();
  EXPECT_FALSE(replaced) << s.all();
  if (cjk_font) EXPECT_TRUE(s.contains("\xE7\x8C\xAB")) << s.all();  // 猫
}

// Item 6: IDs typed as numbers are shown as their own tokens on slide 0, not re-encoded.
TEST_F(UiWideText, SlideZeroShowsTypedIdsAsTheirOwnTokens) {
  go_to_slide(h.app, 0);
  const int steps = current_slide_steps(h.app);
  timeline_seek(h.app.ui.timeline, steps, static_cast<float>(steps));  // the last step: the IDs
  h.frames(3);
  const BpeReplay& r = bpe_replay(lv::app::context_of(h.app, lv::app::kSlideTokenizer));
  ASSERT_TRUE(r.decoded);
  EXPECT_EQ(r.text, "#$\"");
  EXPECT_EQ(r.reencoded, (IdList{29953, 1}));  // what the tokenizer makes of that text
  EXPECT_EQ(r.id_labels, (std::vector<std::string>{"#", "$", "\""}));
  const ScreenText s = read_screen();
  EXPECT_TRUE(s.contains("skip the tokenizer")) << s.all();
  EXPECT_TRUE(s.contains("your IDs, each its own token")) << s.all();
  // The boxes of step 3 are 2, 3, 1 (the rows the next slides look up); 29953 appears only
  // in the sentence that says what encoding the text would give.
  int boxes_29953 = 0;
  for (const std::string& l : s.lines)
    if (l == "29953" || l.find("29953 ") == 0) ++boxes_29953;
  EXPECT_EQ(boxes_29953, 0) << s.all();
  EXPECT_TRUE(s.contains("it would encode this text as [29953, 1]")) << s.all();
  // The code panel decodes the IDs instead of encoding the text.
  const CodePanelText& code = code_panel_text(h.app);
  EXPECT_NE(code.code.find("tokenizer.decode(idx)"), std::string::npos) << code.code;
  EXPECT_NE(code.output.find("['#', '$', '\"']"), std::string::npos) << code.output;
}

}  // namespace
}  // namespace lv::app::test
