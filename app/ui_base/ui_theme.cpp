// ui_theme.cpp — colours, style and fonts.
#include "app/ui_base/ui_theme.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "core/io/small_file.hpp"
#include "core/text/utf8_text.hpp"

namespace lv::app {

namespace {

constexpr ImU32 rgb(unsigned r, unsigned g, unsigned b) { return IM_COL32(r, g, b, 255); }

const Palette kDark = {
    rgb(15, 17, 21),     // bg
    rgb(22, 26, 33),     // panel
    rgb(28, 33, 42),     // panel_alt
    rgb(44, 50, 62),     // border
    rgb(230, 232, 236),  // text
    rgb(150, 158, 172),  // muted
    rgb(78, 86, 100),    // faint
    rgb(245, 165, 36),   // accent (amber)
    rgb(74, 222, 128),   // ok
    rgb(248, 113, 113),  // bad
    rgb(64, 71, 84),     // zero
    rgb(255, 214, 102),  // glow
};

const Palette kLight = {
    rgb(247, 247, 245), rgb(255, 255, 255), rgb(240, 241, 243), rgb(214, 218, 224),
    rgb(31, 35, 40),    rgb(87, 96, 106),   rgb(170, 176, 186), rgb(196, 112, 0),
    rgb(22, 140, 70),   rgb(200, 40, 40),   rgb(190, 195, 203), rgb(220, 150, 0),
};

// Eight colours that stay distinct on both backgrounds; IDs past eight reuse them.
const ImU32 kIdColors[] = {
    rgb(245, 165, 36), rgb(45, 212, 191), rgb(167, 139, 250), rgb(251, 113, 133),
    rgb(56, 189, 248), rgb(163, 230, 53), rgb(251, 146, 60),  rgb(244, 114, 182),
};

bool file_exists(const char* path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

Fonts g_fonts;                      // the active set
Fonts g_levels[kCanvasZoomLevels];  // one set per canvas zoom level
Fonts g_narration;                  // presenting: the narration's larger set (else the page's)
bool g_narration_boosted = false;   // g_narration is a set of its own
Fonts g_page;                       // the page's set: the normal level's, or its own under Ctrl+=

}  // namespace

const Palette& palette(Theme theme) { return theme == Theme::Dark ? kDark : kLight; }

ImU32 with_alpha(ImU32 c, float alpha) {
  const unsigned a = static_cast<unsigned>(((c >> IM_COL32_A_SHIFT) & 0xFF) * std::clamp(alpha, 0.0f, 1.0f));
  return (c & ~IM_COL32_A_MASK) | (a << IM_COL32_A_SHIFT);
}

ImU32 mix(ImU32 a, ImU32 b, float t) {
  t = std::clamp(t, 0.0f, 1.0f);
  auto ch = [&](int shift) {
    const float x = static_cast<float>((a >> shift) & 0xFF), y = static_cast<float>((b >> shift) & 0xFF);
    return static_cast<ImU32>(x + (y - x) * t + 0.5f) << shift;
  };
  return ch(IM_COL32_R_SHIFT) | ch(IM_COL32_G_SHIFT) | ch(IM_COL32_B_SHIFT) | ch(IM_COL32_A_SHIFT);
}

ImU32 id_color(size_t i, float alpha) { return with_alpha(kIdColors[i % 8], alpha); }

ImU32 id_tint(const Palette& p, size_t i, float t) { return mix(p.panel_alt, id_color(i), t); }

namespace {
// WCAG 2's relative luminance: sRGB channels linearised, then weighted.
double luminance(ImU32 c) {
  auto lin = [&](int shift) {
    const double v = static_cast<double>((c >> shift) & 0xFF) / 255.0;
    return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
  };
  return 0.2126 * lin(IM_COL32_R_SHIFT) + 0.7152 * lin(IM_COL32_G_SHIFT) + 0.0722 * lin(IM_COL32_B_SHIFT);
}
}  // namespace

float contrast_ratio(ImU32 a, ImU32 b) {
  const double la = luminance(a), lb = luminance(b);
  return static_cast<float>((std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05));
}

ImU32 text_on(const Palette& p, ImU32 bg) {
  bg |= IM_COL32_A_MASK;
  if (contrast_ratio(p.text, bg) >= kMinTextContrast) return p.text;
  if (contrast_ratio(p.bg, bg) >= kMinTextContrast) return p.bg;
  const ImU32 black = IM_COL32(0, 0, 0, 255), white = IM_COL32(255, 255, 255, 255);
  return contrast_ratio(black, bg) >= contrast_ratio(white, bg) ? black : white;
}

ImU32 ink_on(const Palette& p, ImU32 c) {
  const ImU32 alpha = c & IM_COL32_A_MASK, opaque = c | IM_COL32_A_MASK;
  for (int k = 0; k <= 20; ++k) {
    const ImU32 m = mix(opaque, p.text, static_cast<float>(k) / 20.0f);
    if (contrast_ratio(m, p.bg) >= kMinTextContrast && contrast_ratio(m, p.panel) >= kMinTextContrast &&
        contrast_ratio(m, p.panel_alt) >= kMinTextContrast)
      return (m & ~IM_COL32_A_MASK) | alpha;
  }
  return (p.text & ~IM_COL32_A_MASK) | alpha;
}

std::vector<uint32_t> exact_colours(Theme theme) {
  const Palette& p = palette(theme);
  std::vector<ImU32> cols = {p.bg,    p.panel,  p.panel_alt, p.border, p.text, p.muted,
                             p.faint, p.accent, p.ok,        p.bad,    p.zero, p.glow};
  for (size_t i = 0; i < 8; ++i)
    for (float t : kIdTintLevels) {
      cols.push_back(id_tint(p, i, t));
      cols.push_back(text_on(p, id_tint(p, i, t)));
    }
  for (size_t i = 0; i < 8; ++i) cols.push_back(id_ink(p, i));
  std::vector<uint32_t> out;
  for (ImU32 c : cols) {
    const uint32_t rgb = ((c >> IM_COL32_R_SHIFT) & 0xFF) << 16 | ((c >> IM_COL32_G_SHIFT) & 0xFF) << 8 |
                         ((c >> IM_COL32_B_SHIFT) & 0xFF);
    if (std::find(out.begin(), out.end(), rgb) == out.end()) out.push_back(rgb);
  }
  return out;
}

bool checkbox(const char* label, bool* v) {
  ImGui::PushStyleVar(ImGuiStyleVar_FrameBorderSize, std::max(1.0f, std::round(em() / 17.0f)));
  ImGui::PushStyleColor(ImGuiCol_Border, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  const bool changed = ImGui::Checkbox(label, v);
  ImGui::PopStyleColor();
  ImGui::PopStyleVar();
  return changed;
}

void apply_style(Theme theme, float scale) {
  ImGuiStyle style;
  if (theme == Theme::Dark) ImGui::StyleColorsDark(&style);
  else ImGui::StyleColorsLight(&style);
  const Palette& p = palette(theme);
  auto v4 = [](ImU32 c, float a = 1.0f) {
    ImVec4 v = ImGui::ColorConvertU32ToFloat4(c);
    v.w *= a;
    return v;
  };
  ImVec4* c = style.Colors;
  c[ImGuiCol_WindowBg] = v4(p.bg);
  c[ImGuiCol_ChildBg] = v4(p.panel);
  c[ImGuiCol_PopupBg] = v4(p.panel_alt);
  c[ImGuiCol_MenuBarBg] = v4(p.panel);
  c[ImGuiCol_Border] = v4(p.border);
  c[ImGuiCol_Text] = v4(p.text);
  c[ImGuiCol_TextDisabled] = v4(p.muted);
  c[ImGuiCol_FrameBg] = v4(p.panel_alt);
  c[ImGuiCol_FrameBgHovered] = v4(p.border);
  c[ImGuiCol_FrameBgActive] = v4(p.border);
  c[ImGuiCol_Button] = v4(p.panel_alt);
  c[ImGuiCol_ButtonHovered] = v4(p.border);
  c[ImGuiCol_ButtonActive] = v4(p.accent, 0.6f);
  c[ImGuiCol_Header] = v4(p.panel_alt);
  c[ImGuiCol_HeaderHovered] = v4(p.border);
  c[ImGuiCol_HeaderActive] = v4(p.accent, 0.5f);
  c[ImGuiCol_SliderGrab] = v4(p.accent);
  c[ImGuiCol_SliderGrabActive] = v4(p.glow);
  c[ImGuiCol_CheckMark] = v4(p.accent);
  c[ImGuiCol_ScrollbarBg] = v4(p.bg, 0.0f);
  c[ImGuiCol_Separator] = v4(p.border);
  c[ImGuiCol_TextSelectedBg] = v4(p.accent, 0.35f);
  c[ImGuiCol_NavHighlight] = v4(p.accent);
  style.WindowRounding = 0.0f;
  style.ChildRounding = 8.0f;
  style.FrameRounding = 6.0f;
  style.PopupRounding = 6.0f;
  style.GrabRounding = 6.0f;
  style.ScrollbarRounding = 6.0f;
  style.FramePadding = ImVec2(8, 5);
  style.ItemSpacing = ImVec2(8, 7);
  style.WindowPadding = ImVec2(14, 12);
  style.WindowBorderSize = 0.0f;
  style.ChildBorderSize = 1.0f;
  style.ScaleAllSizes(scale);
  ImGui::GetStyle() = style;
}

namespace {

// Each font file is read once and shared by every size made from it (7 zoom levels ×
// up to 5 faces): AddFontFromFileTTF would hold a copy of the file per font, 6 MB of
// the same three files at the moment the atlas is built (the app's peak).
// Once the atlas is built they are let go (1 MB for the life of the app otherwise): a
// new scale reads them again.
constexpr size_t kMaxFontFileBytes = 64u << 20;  // Inter and JetBrains Mono are under 1 MB each
std::map<std::string, std::vector<unsigned char>>& font_files() {
  static std::map<std::string, std::vector<unsigned char>> files;
  return files;
}

ImFont* add_font(const char* path, float size, ImFontConfig cfg, const ImWchar* ranges) {
  std::vector<unsigned char>& data = font_files()[path];
  if (data.empty()) {
    // Bounded (core/io/small_file.hpp): a FIFO or a giant file at a font's path is skipped.
    const SmallFileRead f = read_small_file(path, kMaxFontFileBytes);
    if (!f.ok() || f.text.empty()) return nullptr;
    data.assign(f.text.begin(), f.text.end());
  }
  // Handed over as "owned" so ImGui takes the pointer instead of copying the file for
  // this font, then marked not owned so ImGui never frees it: font_files() keeps it
  // until the atlas is built.
  ImFontAtlas& atlas = *ImGui::GetIO().Fonts;
  cfg.FontDataOwnedByAtlas = true;
  ImFont* font = atlas.AddFontFromMemoryTTF(data.data(), static_cast<int>(data.size()), size, &cfg, ranges);
  if (!atlas.ConfigData.empty() && atlas.ConfigData.back().FontData == data.data())
    atlas.ConfigData.back().FontDataOwnedByAtlas = false;
  return font;
}

struct MappedFile {
  void* data = nullptr;
  size_t size = 0;
};
MappedFile map_file(const char* path) {
  MappedFile m;
  const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return m;
  struct stat st;
  if (::fstat(fd, &st) == 0 && st.st_size > 0) {
    void* p = ::mmap(nullptr, static_cast<size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
    if (p != MAP_FAILED) m = {p, static_cast<size_t>(st.st_size)};
  }
  ::close(fd);
  return m;
}
void unmap_file(MappedFile& m) {
  if (m.data) ::munmap(m.data, m.size);
  m = {};
}
// A font whose file is mapped: ImGui reads it in place. Handed over as "owned" (ImGui copies
// data it does not own: 4 MB a font), then marked not owned so ImGui never frees it (add_font).
void add_mapped_font(const MappedFile& m, float size, ImFontConfig cfg, const ImWchar* ranges) {
  ImFontAtlas& atlas = *ImGui::GetIO().Fonts;
  cfg.FontDataOwnedByAtlas = true;
  atlas.AddFontFromMemoryTTF(m.data, static_cast<int>(m.size), size, &cfg, ranges);
  if (!atlas.ConfigData.empty() && atlas.ConfigData.back().FontData == m.data)
    atlas.ConfigData.back().FontDataOwnedByAtlas = false;
}

// U+FFFD's glyph moves to kReplacementGlyphAt and becomes the fallback (ui_theme.hpp):
// the index is rebuilt to end at ✗ (U+2717) instead of U+FFFD.
void move_replacement_glyph(ImFont* font) {
  if (!font || font->FindGlyphNoFallback(kReplacementGlyphAt)) return;
  for (ImFontGlyph& g : font->Glyphs)
    if (g.Codepoint == 0xFFFD) {
      g.Codepoint = kReplacementGlyphAt;
      font->FallbackChar = kReplacementGlyphAt;
      font->BuildLookupTable();
      return;
    }
}

}  // namespace

namespace {

// Characters found in no font (Inter, JetBrains Mono, Droid Sans Fallback): drawn as a
// boxed code point too. Learned by the build that first met them (a second build then adds
// their boxes); font files do not change while the app runs.
std::vector<char32_t> g_fontless;

// The stand-in for a character no font draws (or one beyond U+FFFF, which a 16-bit ImWchar
// cannot name): its code point in hex, two rows in a thin box, as Firefox and GNU Unifont
// draw a missing glyph: 4E00 as 4E/00, 🐱 (U+1F431) as 01F/431. Its digits are copied
// from a small mono font built for the purpose (digits[] below) into the atlas's pixels.
struct BoxedGlyph {
  ImFont* font = nullptr;             // the font it is a glyph of
  ImFont* digits = nullptr;           // 0-9 A-F at about 0.42 of its size, one texel a pixel
  float px = 0.0f, digits_px = 0.0f;  // their sizes (an ImFont's FontSize is set only by the build)
  char32_t shown = 0;                 // the code point written in it
  int rect = -1;                      // its custom rectangle in the atlas
};
std::vector<BoxedGlyph> g_boxed;

void boxed_hex(char32_t cp, char* top, char* bottom) {
  char hex[16];
  if (cp <= 0xFFFF) {
    std::snprintf(hex, sizeof hex, "%04X", static_cast<unsigned>(cp));
    std::snprintf(top, 4, "%.2s", hex);
    std::snprintf(bottom, 4, "%.2s", hex + 2);
  } else {
    std::snprintf(hex, sizeof hex, "%06X", static_cast<unsigned>(cp));
    std::snprintf(top, 4, "%.3s", hex);
    std::snprintf(bottom, 4, "%.3s", hex + 3);
  }
}

// The box's size for a font of `px`: two rows of `cols` digits of the digit font.
struct BoxSize {
  int w, h, pad, row_h, digit_w;
};
BoxSize box_size(float px, float digits_px, int cols) {
  const int digit_w = std::max(3, static_cast<int>(std::ceil(digits_px * 0.62f)));
  const int row_h = std::max(5, static_cast<int>(std::ceil(digits_px * 0.78f)));
  const int pad = std::max(1, static_cast<int>(px / 14.0f));
  return {cols * digit_w + 2 * pad + 2, 2 * row_h + 2 * pad + 1, pad, row_h, digit_w};
}

void queue_boxed(ImFontAtlas& atlas, ImFont* font, float px, ImFont* digits, float digits_px, char32_t id,
                 char32_t shown) {
  const int cols = shown <= 0xFFFF ? 2 : 3;
  const BoxSize b = box_size(px, digits_px, cols);
  const float gap = std::max(1.0f, std::round(px * 0.08f));
  const float top = std::round((px - static_cast<float>(b.h)) * 0.5f + px * 0.06f);
  BoxedGlyph g{font, digits, px, digits_px, shown, -1};
  g.rect = atlas.AddCustomRectFontGlyph(font, static_cast<ImWchar>(id), b.w, b.h, static_cast<float>(b.w) + 2.0f * gap,
                                        ImVec2(gap, top));
  g_boxed.push_back(g);
}

// Draws every queued box into the built atlas's coverage texels.
void draw_boxed(ImFontAtlas& atlas) {
  unsigned char* px = nullptr;
  int tw = 0, th = 0;
  atlas.GetTexDataAsAlpha8(&px, &tw, &th);
  if (!px) return;
  for (const BoxedGlyph& g : g_boxed) {
    const ImFontAtlasCustomRect* r = atlas.GetCustomRectByIndex(g.rect);
    if (!r->IsPacked()) continue;
    char rows[2][4];
    boxed_hex(g.shown, rows[0], rows[1]);
    const int cols = g.shown <= 0xFFFF ? 2 : 3;
    const BoxSize b = box_size(g.px, g.digits_px, cols);
    auto put = [&](int x, int y, unsigned char a) {
      if (x < 0 || y < 0 || x >= r->Width || y >= r->Height) return;
      unsigned char& t = px[(r->Y + y) * tw + r->X + x];
      t = std::max(t, a);
    };
    for (int x = 0; x < r->Width; ++x) put(x, 0, 160), put(x, r->Height - 1, 160);
    for (int y = 0; y < r->Height; ++y) put(0, y, 160), put(r->Width - 1, y, 160);
    // Each digit's glyph texels, centred in its cell, its top at the row's top.
    float top_y0 = 1e9f;
    for (char d : {'0', 'A'})
      if (const ImFontGlyph* dg = g.digits->FindGlyphNoFallback(static_cast<ImWchar>(d)))
        top_y0 = std::min(top_y0, dg->Y0);
    for (int row = 0; row < 2; ++row) {
      const int n = static_cast<int>(std::strlen(rows[row]));
      const int x0 = 1 + b.pad + (cols - n) * b.digit_w / 2;
      const int y0 = 1 + b.pad + row * b.row_h;
      for (int k = 0; k < n; ++k) {
        const ImFontGlyph* dg = g.digits->FindGlyphNoFallback(static_cast<ImWchar>(rows[row][k]));
        if (!dg) continue;
        const int sx = static_cast<int>(dg->U0 * static_cast<float>(tw) + 0.5f);
        const int sy = static_cast<int>(dg->V0 * static_cast<float>(th) + 0.5f);
        const int gw = static_cast<int>((dg->U1 - dg->U0) * static_cast<float>(tw) + 0.5f);
        const int gh = static_cast<int>((dg->V1 - dg->V0) * static_cast<float>(th) + 0.5f);
        const int dx = x0 + k * b.digit_w +
                       static_cast<int>(std::round((static_cast<float>(b.digit_w) - (dg->X1 - dg->X0)) * 0.5f));
        const int dy = y0 + static_cast<int>(std::round(dg->Y0 - top_y0));
        for (int y = 0; y < gh; ++y)
          for (int x = 0; x < gw; ++x)  // small digits read faint: their coverage strengthened
            put(dx + x, dy + y, static_cast<unsigned char>(std::min(255, px[(sy + y) * tw + sx + x] * 3 / 2)));
      }
    }
  }
}

// The glyphs every font set holds (see load_fonts): `ranges`, and the same with U+FFFD.
void build_base_ranges(ImVector<ImWchar>& ranges, ImVector<ImWchar>& ranges_fffd) {
  ImGuiIO& io = ImGui::GetIO();
  auto add_common = [&io](ImFontGlyphRangesBuilder& b) {
    b.AddRanges(io.Fonts->GetGlyphRangesDefault());
    // (kWideBaseSymbols, core/text/wide_text.hpp, also ends with ␣ and ↵.) Slide 0 and the
    // Text mode: a token's space and newline shown as ␣ and ↵ (Inter has them), and
    // GPT-2's byte-level symbols (Ġ for a space, Ċ for a newline: U+0100..U+0143).
    for (char32_t c : kWideBaseSymbols) b.AddChar(static_cast<ImWchar>(c));
    static const ImWchar kByteSymbols[] = {0x0100, 0x0143, 0};
    b.AddRanges(kByteSymbols);
    // SentencePiece's word marker (Llama-2's, Gemma's "▁Hello"), in every such vocabulary's
    // tokens: the print panel drew it as a missing glyph. JetBrains Mono has it; Inter takes it
    // from there (load_fonts).
    b.AddChar(static_cast<ImWchar>(0x2581));
  };
  ImFontGlyphRangesBuilder b;
  add_common(b);
  b.BuildRanges(&ranges);
  ImFontGlyphRangesBuilder with;
  add_common(with);
  with.AddText("\xEF\xBF\xBD");
  with.BuildRanges(&ranges_fffd);
}

// The text's glyphs past the base set: those a font may have go to `extra`; those no
// font has, and the slots of characters beyond U+FFFF, to `boxed` as (id, shown) pairs.
void split_wide_glyphs(const WideText& wide, ImVector<ImWchar>& extra, std::vector<char32_t>& boxed) {
  ImFontGlyphRangesBuilder b;
  for (char32_t c : wide.glyphs) {
    if (std::binary_search(g_fontless.begin(), g_fontless.end(), c)) {
      boxed.push_back(c);
      boxed.push_back(c);
    } else {
      b.AddChar(static_cast<ImWchar>(c));
    }
  }
  b.BuildRanges(&extra);
  for (size_t i = 0; i < wide.slots.size(); ++i) {
    boxed.push_back(kWideSlotFirst + static_cast<char32_t>(i));
    boxed.push_back(wide.slots[i]);
  }
}

// The boxed code points of a font set at px (its mono face at 0.94 px), and the digits
// they are written with: JetBrains Mono (`mono`) at about 0.42 of the text's size, one
// texel a pixel (copied as they are, draw_boxed).
void queue_boxed_set(const Fonts& f, const ImFontConfig& cfg, const char* mono, float px,
                     const std::vector<char32_t>& boxed) {
  static const ImWchar kHex[] = {'0', '9', 'A', 'F', 0};
  ImFontConfig d = cfg;
  d.OversampleH = 1;
  d.PixelSnapH = true;
  const float digits_px = std::max(6.0f, std::round(px * 0.42f));
  ImFont* digits = add_font(mono, digits_px, d, kHex);
  for (ImFont* font : {f.ui, f.bold, f.mono})
    for (size_t k = 0; digits && k + 1 < boxed.size(); k += 2)
      queue_boxed(*ImGui::GetIO().Fonts, font, font == f.mono ? px * 0.94f : px, digits, digits_px, boxed[k],
                  boxed[k + 1]);
}

// Adds to g_fontless the text's characters the built fonts turned out not to have; true
// when there was one.
bool learn_fontless(const WideText& wide) {
  bool learned = false;
  for (char32_t c : wide.glyphs)
    if (!std::binary_search(g_fontless.begin(), g_fontless.end(), c) &&
        (!g_fonts.ui->FindGlyphNoFallback(static_cast<ImWchar>(c)) ||
         !g_fonts.mono->FindGlyphNoFallback(static_cast<ImWchar>(c)))) {
      g_fontless.insert(std::lower_bound(g_fontless.begin(), g_fontless.end(), c), c);
      learned = true;
    }
  return learned;
}

}  // namespace

namespace {

// ImGui's built-in font (ProggyClean) when Debian's fonts are absent, at `zoom` times its size.
Fonts default_fonts(float zoom, bool with_title) {
  ImGuiIO& io = ImGui::GetIO();
  Fonts f;
  ImFontConfig d;
  d.SizePixels = 13.0f * zoom;
  f.ui = f.bold = f.mono = io.Fonts->AddFontDefault(&d);
  ImFontConfig t;
  t.SizePixels = 20.0f * zoom;
  f.title = with_title ? io.Fonts->AddFontDefault(&t) : nullptr;
  return f;
}

}  // namespace

Fonts load_fonts(float scale, float base_px, float narration_boost, float canvas_scale, const WideText* wide) {
  if (canvas_scale <= 0.0f) canvas_scale = scale;
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  g_boxed.clear();
  // The atlas as tall as its glyphs need, not the next power of two (1024 × 2048 held
  // 1100 rows of glyphs; the texture is kept by the GL driver in the process).
  io.Fonts->Flags |= ImFontAtlasFlags_NoPowerOfTwoHeight;
  // Latin plus the few symbols the slides and messages use (×, −, →, ·, ✓, …, the curly
  // quotes around quoted input, � for bytes that are not UTF-8, ␣ ↵ and Ġ… for tokens; the fonts have no ᵀ, so the
  // text writes .T). ui_text_test checks every character of the sources against this.
  // U+FFFD only in the normal level's fonts (where typed input and messages are drawn),
  // and there moved below ✗ once built (kReplacementGlyphAt): a font's glyph index is as
  // long as its highest codepoint, 6 bytes each (ImFont::GrowIndex).
  static ImVector<ImWchar> ranges, ranges_fffd;
  if (ranges.empty()) build_base_ranges(ranges, ranges_fffd);
  const char* ui = "/usr/share/fonts/opentype/inter/Inter-Regular.otf";
  const char* ui_bold = "/usr/share/fonts/opentype/inter/Inter-SemiBold.otf";
  const char* mono = "/usr/share/fonts/truetype/jetbrains-mono/JetBrainsMono-Regular.ttf";
  // CJK (and more) for the characters the user's text holds: Debian's fonts-droid-fallback
  // (4 MB, read only while the atlas is built, and only when such characters appear).
  const char* cjk = "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf";
  // The glyphs the texts need past the base set (core/text/wide_text.hpp): only these are added,
  // not thousands of CJK glyphs, so the atlas stays small; characters no font has, and those
  // beyond U+FFFF (their slots), are drawn as boxed code points.
  static ImVector<ImWchar> extra;
  extra.clear();
  std::vector<char32_t> boxed;  // (id, shown) pairs
  if (wide) split_wide_glyphs(*wide, extra, boxed);
  const bool has_extra = extra.Size > 1;  // BuildRanges ends the list with a 0
  // Droid Sans Fallback is mapped, not read: the build touches its tables and the few
  // glyphs asked for, not its 4 MB.
  MappedFile cjk_map;
  if (has_extra) cjk_map = map_file(cjk);
  ImFontConfig cfg;
  cfg.OversampleH = 2;
  cfg.OversampleV = 1;
  const bool system = file_exists(ui) && file_exists(ui_bold) && file_exists(mono);
  // After the canvas's levels (at canvas_scale), presenting, the narration's set (larger by
  // narration_boost), and under Ctrl+= the page's own (the canvas's normal level is the page's
  // set otherwise).
  g_narration_boosted = narration_boost > 1.0f;
  const bool own_page = std::fabs(canvas_scale - scale) > 1e-4f;
  constexpr int kNarrationSet = kCanvasZoomLevels, kPageSet = kCanvasZoomLevels + 1;
  for (int level = 0; level <= kPageSet; ++level) {
    if ((level == kNarrationSet && !g_narration_boosted) || (level == kPageSet && !own_page)) continue;
    const bool narration = level == kNarrationSet, canvas = level < kCanvasZoomLevels;
    const float px =
        canvas ? base_px * canvas_scale * kCanvasZoom[level] : base_px * scale * (narration ? narration_boost : 1.0f);
    const bool normal = canvas ? level == kCanvasNormalLevel && !own_page : true;  // the page's, or the narration's
    const ImWchar* glyphs = normal ? ranges_fffd.Data : ranges.Data;
    Fonts f;
    if (system) {
      // Inter has no U+FFFD (what quoted input shows for bytes that are not UTF-8):
      // it is merged in from the mono face.
      static const ImWchar kFromMono[] = {0xFFFD, 0xFFFD, 0};
      ImFontConfig merge = cfg;
      merge.MergeMode = true;
      // The text's own characters: the face's, else Inter's, else Droid Sans Fallback's
      // (a merge adds only the glyphs a font has and the face still lacks).
      auto add_extra = [&](const char* own, float size) {
        if (!has_extra) return;
        add_font(own, size, merge, extra.Data);
        if (own != ui) add_font(ui, size, merge, extra.Data);
        if (cjk_map.data) add_mapped_font(cjk_map, size, merge, extra.Data);
      };
      static const ImWchar kWordMarker[] = {0x2581, 0x2581, 0};  // ▁: Inter has none
      auto add_ui = [&](const char* file, float size, bool text) {
        ImFont* font = add_font(file, size, cfg, glyphs);
        if (font && normal) add_font(mono, size * 0.94f, merge, kFromMono);
        if (font) add_font(mono, size * 0.94f, merge, kWordMarker);
        if (font && text) add_extra(file, size);
        return font;
      };
      f.ui = add_ui(ui, px, true);
      f.bold = add_ui(ui_bold, px, true);
      f.title = normal ? add_ui(ui_bold, px * 1.6f, false) : nullptr;
      f.mono = add_font(mono, px * 0.94f, cfg, glyphs);
      // JetBrains Mono has no ␣ or ↵ (a token's space and newline): merged in from Inter.
      static const ImWchar kFromUi[] = {0x21B5, 0x21B5, 0x2423, 0x2423, 0};
      if (f.mono) add_font(ui, px * 0.94f, merge, kFromUi);
      if (f.mono) add_extra(mono, px * 0.94f);
      f.from_system = f.ui && f.bold && f.mono && (f.title || !normal);
      if (f.from_system && !boxed.empty()) queue_boxed_set(f, cfg, mono, px, boxed);
    }
    if (!f.from_system) f = default_fonts(px / base_px, normal);
    (narration ? g_narration : canvas ? g_levels[level] : g_page) = f;
  }
  if (!own_page) g_page = g_levels[kCanvasNormalLevel];
  // Titles are never zoomed: every level shares the page's.
  for (Fonts& f : g_levels) f.title = g_page.title;
  if (!g_narration_boosted) g_narration = g_page;
  g_fonts = g_page;
  io.FontDefault = g_fonts.ui;  // not the first font added (the smallest level's)
  io.Fonts->Build();
  if (wide && system && has_extra) {
    // A character no font has: from now on a boxed code point, built again with its box.
    if (learn_fontless(*wide)) {
      io.Fonts->Clear();  // nothing may point into the mapping once it is gone
      unmap_file(cjk_map);
      return load_fonts(scale, base_px, narration_boost, canvas_scale, wide);
    }
  }
  draw_boxed(*io.Fonts);
  g_boxed.clear();
  for (ImFont* font : {g_fonts.ui, g_fonts.bold, g_fonts.title, g_fonts.mono}) move_replacement_glyph(font);
  if (g_narration_boosted)
    for (ImFont* font : {g_narration.ui, g_narration.bold, g_narration.title, g_narration.mono})
      move_replacement_glyph(font);
  // ImGui's copy of each font's settings and the files they point into: needed only to
  // build again, and a new scale loads the fonts afresh.
  io.Fonts->ClearInputData();
  font_files().clear();
  unmap_file(cjk_map);
  return g_fonts;
}

void begin_canvas_zoom(int level) {
  g_fonts = g_levels[std::clamp(level, 0, kCanvasZoomLevels - 1)];
  ImGui::PushFont(g_fonts.ui);
}

int narration_top_level() { return g_narration_boosted ? kCanvasNormalLevel + 1 : kCanvasNormalLevel; }

const Fonts& narration_fonts() { return g_narration; }

void begin_narration_zoom(int level) {
  g_fonts = level > kCanvasNormalLevel    ? g_narration
            : level == kCanvasNormalLevel ? g_page
                                          : g_levels[std::max(level, 0)];
  ImGui::PushFont(g_fonts.ui);
}

void end_canvas_zoom() {
  ImGui::PopFont();
  g_fonts = g_page;
}

Fonts& fonts() { return g_fonts; }

}  // namespace lv::app
