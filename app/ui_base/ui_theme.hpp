// ui_theme.hpp — the look of the page: a calm dark theme (and a light one), the
// per-ID colours, and the fonts (a proportional UI face and a monospace code face
// from Debian's font packages, ImGui's default font when they are absent).
// Sizes are in font units (em) so HiDPI scaling is one number.
#pragma once
#include <imgui.h>

#include <cstdint>
#include <vector>

#include "app/ui_base/theme_kind.hpp"
#include "core/text/wide_text.hpp"

namespace lv::app {

struct Palette {
  ImU32 bg, panel, panel_alt, border, text, muted, faint, accent, ok, bad, zero, glow;
};

struct Fonts {
  ImFont* ui = nullptr;      // body text
  ImFont* bold = nullptr;    // labels, counter
  ImFont* title = nullptr;   // slide titles
  ImFont* mono = nullptr;    // numbers, code, torch output
  bool from_system = false;  // true when Inter / JetBrains Mono were found
};

const Palette& palette(Theme theme);
// The colour of the i-th ID of the batch (chip, arrow, row glow, one-hot 1).
ImU32 id_color(size_t i, float alpha = 1.0f);
ImU32 with_alpha(ImU32 c, float alpha);
ImU32 mix(ImU32 a, ImU32 b, float t);

// A cell tinted with the i-th ID's colour at strength t (0: the plain cell, 1: the
// colour itself): lit rows, landed output rows, chips, the one-hot 1s.
ImU32 id_tint(const Palette& p, size_t i, float t);
// The strengths the slides tint cells with, from a faint wash to the full colour; the
// contrast test and the GIF export's exact colours go through this list.
constexpr float kIdTintLevels[] = {0.12f, 0.18f, 0.22f, 0.30f, 0.35f, 0.40f, 0.45f, 0.55f, 0.9f, 1.0f};
// The editor bar's ID chips are buttons labelled in the theme's text colour: tints
// where it still reads (AA) on every ID colour, at rest and hovered.
constexpr float kIdChipTint = 0.30f, kIdChipHoverTint = 0.40f;

// `c` as text or a thin line on the theme's panels: moved toward the theme's text
// colour until it reads (AA) on bg, panel and panel_alt; alpha kept. The ID colours are
// already readable in the dark theme and come out darker in the light one.
ImU32 ink_on(const Palette& p, ImU32 c);
inline ImU32 id_ink(const Palette& p, size_t i) { return ink_on(p, id_color(i)); }

// WCAG 2 contrast ratio of two opaque colours, 1 to 21; body text needs 4.5 (AA).
float contrast_ratio(ImU32 a, ImU32 b);
constexpr float kMinTextContrast = 4.5f;
// The colour to write on `bg` (opaque): the theme's text when it reads there (AA),
// else the theme's background tone (dark on a light tint in the dark theme), else
// black or white, whichever reads better — one of them always reaches 4.58:1.
ImU32 text_on(const Palette& p, ImU32 bg);

// The colours a GIF export keeps exactly (0xRRGGBB): the theme's palette, the ID
// colours and their tints at kIdTintLevels, and the text colours written on them.
std::vector<uint32_t> exact_colours(Theme theme);

// ImGui::Checkbox with its box outlined in the theme's muted colour: unchecked, the
// plain box (panel_alt on bg, 1.2:1) was nearly invisible in the dark theme.
bool checkbox(const char* label, bool* v);

// Sets ImGui's style colours and sizes for the theme at a scale.
void apply_style(Theme theme, float scale);

// Makes io.Fonts at `scale` and builds the atlas (its pixels wait for the GPU; the
// font files are let go): the normal set, plus the sets of the canvas zoom levels.
// base_px is the body size at scale 1. Presenting (F11), narration_boost > 1 adds a larger
// set for the narration (its title and text): the rest of the page, the canvas's levels
// included, keeps the window's sizes, so the slide, with more room, is never drawn smaller
// than in the window (issue 25, item 4: the whole page boosted by 1.15 left the canvas
// between two levels, its cells 29 px against the window's 33). canvas_scale (default:
// scale) sizes the canvas's levels: Ctrl+= grows the page's text (menus, narration, code)
// and leaves the slide's levels where they were, so the slide keeps the type that fits its
// room instead of falling between two larger levels (issue 25, item 10).
// With `wide`, the atlas also holds the glyphs its texts need (wide->glyphs, from Debian's
// fonts; a boxed code point where no font has one) and a boxed code point for each slot
// (a character beyond U+FFFF): built again when wide->generation moves.
Fonts load_fonts(float scale, float base_px = 17.0f, float narration_boost = 1.0f, float canvas_scale = 0.0f,
                 const WideText* wide = nullptr);

// Where the normal fonts keep U+FFFD's glyph (what bytes that are not UTF-8 show as):
// U+0080, a C1 control no font draws, made the font's fallback, so U+FFFD and any
// character the font lacks draw it. A font's glyph index is as long as its highest
// codepoint, 6 bytes each: at U+FFFD it cost 384 KB a font for one glyph.
constexpr ImWchar kReplacementGlyphAt = 0x0080;

// The font set being drawn with: the normal one, or a canvas zoom level's.
Fonts& fonts();
// The demo canvas is drawn at one of these sizes: smaller ones so a table that would
// not fit shrinks (to 0.66 em, 11 px: still legible) before anything scrolls, larger ones so
// a small table does not sit lost in a big window (app/deck/canvas_fit.hpp chooses).
constexpr int kCanvasZoomLevels = 7;
constexpr float kCanvasZoom[kCanvasZoomLevels] = {0.66f, 0.75f, 0.83f, 0.91f, 1.0f, 1.25f, 1.5f};
constexpr int kCanvasNormalLevel = 4;  // kCanvasZoom[4] == 1: the page's own size
// The narrative's text goes down to 0.75 em (12.75 px at 1×) and no further: at 0.66 em it
// read as 9–10 px on slides 4, 5 and 8 at 1024 × 768; there the column scrolls instead.
constexpr int kNarrativeMinLevel = 1;
// Selects a zoom level for what follows (fonts() and ImGui's current font);
// end_canvas_zoom() returns to the normal set.
void begin_canvas_zoom(int level);
void end_canvas_zoom();
// The narration's sizes: the canvas's levels up to the normal one, and above it
// (narration_top_level(), presenting) the boosted set. end_canvas_zoom() ends it too.
int narration_top_level();
const Fonts& narration_fonts();
void begin_narration_zoom(int level);
// One em: the current font size, the unit of every layout length.
inline float em() { return ImGui::GetFontSize(); }

}  // namespace lv::app
