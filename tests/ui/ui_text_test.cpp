// ui_text_test.cpp — the text the app shows can be read: every character it can print
// has a glyph in the loaded fonts (no "?" for a curly quote), numbers on ID-coloured
// cells reach WCAG AA contrast in both themes, and counts agree with their nouns
// ("1 ID", never "1 IDs"). The screen is read back from the draw data (screen_text.hpp).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "app/ui_base/anim_timeline.hpp"
#include "app/slides/slides.hpp"
#include "app/chrome/ui_keys.hpp"
#include "headless.hpp"
#include "screen_text.hpp"

namespace lv::app::test {
namespace {

namespace fs = std::filesystem;

// ---------------------------------------------------------------- helpers

// Every slide at the end of every step (the states a user stops on), then `check`.
template <class Fn>
void each_slide_step(Headless& h, Fn&& check) {
  for (int s = 0; s < slide_count(); ++s) {
    go_to_slide(h.app, s);
    const int steps = current_slide_steps(h.app);
    for (int step = 0; step < steps; ++step) {
      timeline_seek(h.app.ui.timeline, steps, static_cast<float>(step) + 0.999f);
      h.frames(2);
      check(s, step);
    }
  }
}

std::string where(int slide, int step) { return "slide " + std::to_string(slide) + " step " + std::to_string(step); }

// Decodes UTF-8; false (and nothing) for bytes that are not UTF-8, such as a file magic.
bool utf8_codepoints(const std::string& s, std::vector<unsigned int>* out) {
  std::vector<unsigned int> cps;
  for (size_t i = 0; i < s.size();) {
    const unsigned char b = static_cast<unsigned char>(s[i]);
    int n = b < 0x80 ? 0 : (b >> 5) == 6 ? 1 : (b >> 4) == 14 ? 2 : (b >> 3) == 30 ? 3 : -1;
    if (n < 0 || i + static_cast<size_t>(n) >= s.size() + (n == 0 ? 1 : 0)) return false;
    unsigned int c = n == 0 ? b : b & (0x3F >> n);
    for (int k = 1; k <= n; ++k) {
      if (i + static_cast<size_t>(k) >= s.size()) return false;
      const unsigned char x = static_cast<unsigned char>(s[i + static_cast<size_t>(k)]);
      if ((x >> 6) != 2) return false;
      c = (c << 6) | (x & 0x3F);
    }
    cps.push_back(c);
    i += static_cast<size_t>(n) + 1;
  }
  *out = std::move(cps);
  return true;
}

// The string literals of a C++ source, escapes decoded (comments and char literals skipped).
std::vector<std::string> string_literals(const std::string& s) {
  std::vector<std::string> out;
  const size_t n = s.size();
  for (size_t i = 0; i < n;) {
    if (s.compare(i, 2, "//") == 0) {
      i = s.find('\n', i);
      if (i == std::string::npos) break;
      continue;
    }
    if (s.compare(i, 2, "/*") == 0) {
      i = s.find("*/", i);
      if (i == std::string::npos) break;
      i += 2;
      continue;
    }
    if (s[i] == '\'' && !(i > 0 && std::isalnum(static_cast<unsigned char>(s[i - 1])))) {  // not 1'000 digit separators
      size_t j = i + 1;
      while (j < n && s[j] != '\'') j += s[j] == '\\' ? 2 : 1;
      i = j + 1;
      continue;
    }
    if (s[i] != '"') {
      ++i;
      continue;
    }
    std::string lit;
    if (i > 0 && s[i - 1] == 'R') {  // R"delim( ... )delim"
      const size_t open = s.find('(', i);
      const std::string close = ")" + s.substr(i + 1, open - i - 1) + "\"";
      const size_t end = s.find(close, open);
      lit = s.substr(open + 1, end - open - 1);
      i = end + close.size();
    } else {
      size_t j = i + 1;
      for (; j < n && s[j] != '"'; ++j) {
        if (s[j] != '\\') {
          lit += s[j];
          continue;
        }
        const char e = s[++j];
        if (e == 'x') {
          size_t k = j + 1;
          unsigned int v = 0;
          while (k < n && std::isxdigit(static_cast<unsigned char>(s[k])) && k < j + 3)
            v = v * 16 + static_cast<unsigned int>(std::stoi(std::string(1, s[k]), nullptr, 16)), ++k;
          lit += static_cast<char>(v);
          j = k - 1;
        } else if (e == 'n' || e == 't' || e == 'r' || e == '0') {
          lit += ' ';  // control characters are never drawn as glyphs
        } else {
          lit += e;
        }
      }
      i = j + 1;
    }
    out.push_back(lit);
  }
  return out;
}

// ---------------------------------------------------------------- glyphs

// Every character in a string literal of app/ and core/ (the messages, labels, slide
// texts and code the app can show are all built from them, plus numbers and the
// user's own input) has a glyph in each of the four fonts, at every canvas zoom level.
TEST(Glyphs, EveryCharacterTheSourceCanPrintIsInTheFonts) {
  Headless h;
  if (!fonts().from_system) GTEST_SKIP() << "Inter / JetBrains Mono not installed: ImGui's own font has no such glyphs";
  std::map<unsigned int, std::string> used;  // codepoint -> one file using it
  for (const char* dir : {"app", "core"}) {
    for (const auto& entry : fs::recursive_directory_iterator(fs::path(LOOKUPVIZ_SOURCE_DIR) / dir)) {
      const std::string ext = entry.path().extension().string();
      if (ext != ".cpp" && ext != ".hpp") continue;
      // ui_theme.cpp's literals are the atlas request itself (and font paths), not text shown.
      if (entry.path().filename() == "ui_theme.cpp") continue;
      std::ifstream in(entry.path());
      std::stringstream ss;
      ss << in.rdbuf();
      for (const std::string& lit : string_literals(ss.str())) {
        std::vector<unsigned int> cps;
        if (!utf8_codepoints(lit, &cps)) continue;  // bytes, not text (a file magic)
        for (unsigned int c : cps)
          if (c >= 0x20 && c != 0xFEFF)
            used.emplace(c, entry.path().filename().string());  // FEFF: a BOM, compared, never drawn
      }
    }
  }
  ASSERT_GT(used.size(), 95u) << "the literal scanner found too little";
  ASSERT_EQ(used.count(0x201C), 1u) << "the scanner should see core's curly quotes";
  std::string missing;
  for (int level = 0; level < kCanvasZoomLevels; ++level) {
    ImGui::NewFrame();  // zoom levels switch inside a frame
    begin_canvas_zoom(level);
    const Fonts f = fonts();
    end_canvas_zoom();
    ImGui::EndFrame();
    const std::pair<const char*, ImFont*> faces[] = {
        {"ui", f.ui}, {"bold", f.bold}, {"title", f.title}, {"mono", f.mono}};
    for (const auto& [c, file] : used)
      for (const auto& [name, font] : faces) {
        // U+FFFD (bytes that are not UTF-8) is drawn where typed input and messages are,
        // at the normal level, as the font's fallback (its glyph kept at kReplacementGlyphAt);
        // zoomed, a canvas shows the font's fallback glyph ('?') instead: U+FFFD in every
        // level's fonts cost 9 MB of glyph index (app/ui_base/ui_theme.cpp).
        if (c == 0xFFFD) {
          const ImFontGlyph* g = font->FindGlyph(static_cast<ImWchar>(c));
          EXPECT_TRUE(g && g->Visible) << name << " font, zoom level " << level << ": U+FFFD draws nothing";
          if (level == kCanvasNormalLevel)
            EXPECT_TRUE(g && g->Codepoint == kReplacementGlyphAt)
                << name << " font: U+FFFD does not draw its own glyph";
          continue;
        }
        if (!font->FindGlyphNoFallback(static_cast<ImWchar>(c))) {
          std::string ch;
          append_utf8(ch, c);
          char code[16];
          std::snprintf(code, sizeof code, "U+%04X", c);
          missing += std::string(code) + " '" + ch + "' (" + file + ") has no glyph in the " + name +
                     " font, zoom level " + std::to_string(level) + "\n";
        }
      }
  }
  EXPECT_EQ(missing, "");
}

// The normal fonts hold U+FFFD without a glyph index that runs to U+FFFD: each index
// ends at the highest symbol the slides use (✗, U+2717), so the 22 fonts' indices stay
// near 1.3 MB where U+FFFD's own slot made the normal level's 1.5 MB more.
TEST(Glyphs, GlyphIndicesEndBelowTheReplacementCharacter) {
  Headless h;
  if (!fonts().from_system) GTEST_SKIP() << "Inter / JetBrains Mono not installed";
  for (ImFont* font : ImGui::GetIO().Fonts->Fonts) {
    EXPECT_LE(font->IndexLookup.Size, 0x2800) << "a font indexes up to U+" << std::hex << font->IndexLookup.Size - 1;
    EXPECT_EQ(font->FindGlyphNoFallback(0xFFFD), nullptr);
  }
  const Fonts& f = fonts();
  for (ImFont* font : {f.ui, f.bold, f.title, f.mono}) {
    const ImFontGlyph* g = font->FindGlyph(0xFFFD);
    ASSERT_NE(g, nullptr);
    EXPECT_EQ(g->Codepoint, kReplacementGlyphAt);
    EXPECT_TRUE(g->Visible);
    EXPECT_NE(g, font->FindGlyph('?'));
    // A character the font lacks draws the same glyph, as with U+FFFD in the index.
    EXPECT_EQ(font->FindGlyph(0x4E00), g);
  }
}

// What is really drawn: every slide and step, the ID field's error and the help
// overlay, with each font's fallback glyph swapped for a sentinel (¤, which the app
// never prints) — any sentinel on screen is a character with no glyph.
TEST(Glyphs, NothingOnScreenFallsBackToTheMissingGlyph) {
  Headless h;
  if (!fonts().from_system) GTEST_SKIP() << "Inter / JetBrains Mono not installed";
  for (ImFont* font : ImGui::GetIO().Fonts->Fonts) {
    // U+FFFD draws through the fallback in the normal fonts: looked up directly here, so
    // that only a character with no glyph meets the sentinel.
    if (font->FallbackChar == kReplacementGlyphAt) font->AddRemapChar(0xFFFD, kReplacementGlyphAt);
    const ImFontGlyph* sentinel = font->FindGlyphNoFallback(0xA4);
    ASSERT_NE(sentinel, nullptr);
    font->FallbackGlyph = sentinel;
  }
  std::set<std::string> failures;
  auto check = [&](const std::string& what) {
    const ScreenText s = read_screen();
    for (const Glyph& g : s.glyphs)
      if (g.c == 0xA4) failures.insert(what + ": a character with no glyph in\n" + s.all());
  };
  h.init({"lookupviz"});
  each_slide_step(h, [&](int s, int step) { check(where(s, step)); });
  // Errors quote what was typed, in curly quotes: “abc” is not a whole number.
  go_to_slide(h.app, 0);
  ASSERT_TRUE(h.replace_text("ids-text", "2, abc"));
  h.frames(2);
  ASSERT_TRUE(read_screen().contains("abc")) << read_screen().all();
  check("an ID error");
  h.press(kKeyF1);  // the keyboard help
  h.frames(2);
  check("the help overlay");
  EXPECT_TRUE(failures.empty()) << *failures.begin();
}

// ---------------------------------------------------------------- contrast

// WCAG 2's formula on known pairs.
TEST(TextContrast, RatioMatchesWcag) {
  EXPECT_NEAR(contrast_ratio(IM_COL32(0, 0, 0, 255), IM_COL32(255, 255, 255, 255)), 21.0f, 1e-3f);
  EXPECT_NEAR(contrast_ratio(IM_COL32(80, 80, 80, 255), IM_COL32(80, 80, 80, 255)), 1.0f, 1e-6f);
  EXPECT_NEAR(contrast_ratio(IM_COL32(0x77, 0x77, 0x77, 255), IM_COL32(255, 255, 255, 255)), 4.48f, 0.01f);
}

// Every ID colour, at every strength a cell can be tinted with (chips, the one-hot 1s,
// lit and landed rows animate through all of them), under the text the app writes there.
TEST(TextContrast, TextOnEveryIdTintReadsInBothThemes) {
  Headless h;
  std::string low;
  for (Theme theme : {Theme::Dark, Theme::Light}) {
    const Palette& p = palette(theme);
    for (size_t i = 0; i < 8; ++i)
      for (int k = 0; k <= 100; ++k) {
        const ImU32 bg = id_tint(p, i, static_cast<float>(k) / 100.0f);
        const float r = contrast_ratio(text_on(p, bg), bg);
        if (r < kMinTextContrast)
          low += std::string(theme == Theme::Dark ? "dark" : "light") + " theme, ID colour " + std::to_string(i) +
                 " at " + std::to_string(k) + "%: " + std::to_string(r) + ":1\n";
      }
  }
  EXPECT_EQ(low, "");
}

// An ID's colour as text (a row label, "Now: idx[2] = 1" in the narrative) on the theme's
// page and panels: the light theme's pastels would be 1.4–2.5:1 on white.
TEST(TextContrast, IdColouredTextReadsOnThePanelsInBothThemes) {
  Headless h;
  std::string low;
  for (Theme theme : {Theme::Dark, Theme::Light}) {
    const Palette& p = palette(theme);
    for (size_t i = 0; i < 8; ++i)
      for (ImU32 bg : {p.bg, p.panel, p.panel_alt}) {
        const float r = contrast_ratio(id_ink(p, i), bg);
        if (r < kMinTextContrast)
          low += std::string(theme == Theme::Dark ? "dark" : "light") + " theme, ID colour " + std::to_string(i) +
                 ": " + std::to_string(r) + ":1\n";
      }
  }
  EXPECT_EQ(low, "");
}

// The ID chips of the editor bar are ImGui buttons: their label is the theme's text,
// so their resting and hovered tints must keep it readable on every ID colour.
TEST(TextContrast, EditorChipsKeepTheThemesTextReadable) {
  Headless h;
  std::string low;
  for (Theme theme : {Theme::Dark, Theme::Light}) {
    const Palette& p = palette(theme);
    for (size_t i = 0; i < 8; ++i)
      for (float t : {kIdChipTint, kIdChipHoverTint}) {
        const float r = contrast_ratio(p.text, id_tint(p, i, t));
        if (r < kMinTextContrast)
          low += std::string(theme == Theme::Dark ? "dark" : "light") + " theme, ID colour " + std::to_string(i) +
                 " at " + std::to_string(t) + ": " + std::to_string(r) + ":1\n";
      }
  }
  EXPECT_EQ(low, "");
}

// On screen: every opaque glyph whose fill is not one of the theme's own colours (so an
// ID tint, a lit row, a chip, a one-hot 1, an ok/bad cell) reaches 4.5:1 against it —
// every slide, every step, both themes, several IDs (each its own colour).
TEST(TextContrast, EveryGlyphOnATintedCellReadsOnEverySlide) {
  for (bool light : {false, true}) {
    Headless h(ImVec2(1440, 900));
    std::vector<std::string> args = {"lookupviz", "--ids", "0,1,2,3,4,5,6,7", "--dim", "4"};
    if (light) args.push_back("--light");
    h.init(args);
    const Palette& p = palette(h.app.ui.theme);
    const std::set<ImU32> plain = {p.bg, p.panel, p.panel_alt, p.border, p.zero};
    std::set<std::string> low;
    int checked = 0;
    each_slide_step(h, [&](int s, int step) {
      const ScreenText st = read_screen();
      for (const Glyph& g : st.glyphs) {
        if (((g.col >> IM_COL32_A_SHIFT) & 0xFF) != 255) continue;  // fading in or out
        const ImU32 bg = st.background(g);
        if (!bg || plain.count(bg)) continue;
        ++checked;
        const float r = contrast_ratio(g.col, bg);
        if (r < kMinTextContrast) {
          std::string ch;
          append_utf8(ch, g.c);
          char buf[160];
          std::snprintf(buf, sizeof buf, "%s theme, %s: '%s' %08X on %08X is %.2f:1", light ? "light" : "dark",
                        where(s, step).c_str(), ch.c_str(), g.col, bg, static_cast<double>(r));
          low.insert(buf);
        }
      }
    });
    EXPECT_GT(checked, 100) << "no text on tinted cells was found: the reader is broken";
    std::string all;
    for (const std::string& l : low) all += l + "\n";
    EXPECT_EQ(all, "");
  }
}

// ---------------------------------------------------------------- plurals

// One ID, a two-row table, one dimension: every count on every slide agrees with its noun.
TEST(Plurals, NoCountDisagreesWithItsNoun) {
  const std::regex wrong(R"((^|[^0-9.,])1 (IDs|rows|table rows|numbers|copies|entries|products|cells|values|additions|)"
                         R"(multiply-adds|times|textures|dimensions|columns))");
  for (const std::vector<std::string>& args : {std::vector<std::string>{"lookupviz", "--ids", "1", "--dim", "1"},
                                               std::vector<std::string>{"lookupviz", "--ids", "0,1", "--dim", "1"}}) {
    Headless h;
    h.init(args);
    std::set<std::string> bad;
    int lines = 0;
    each_slide_step(h, [&](int s, int step) {
      for (const std::string& l : read_screen().lines) {
        ++lines;
        if (std::regex_search(l, wrong)) bad.insert(where(s, step) + ": " + l);
      }
    });
    EXPECT_GT(lines, 100);
    std::string all;
    for (const std::string& l : bad) all += l + "\n";
    EXPECT_EQ(all, "") << "with " << args[2];
  }
}

// The reader itself: a sentence the editor bar always shows comes back as words.
TEST(Plurals, TheScreenReaderReadsWords) {
  Headless h;
  h.init({"lookupviz", "--ids", "2"});
  h.frames(2);
  EXPECT_TRUE(read_screen().contains("B = 1 ID into a 3 × 5 table")) << read_screen().all();
}

}  // namespace
}  // namespace lv::app::test
