// ui_draw.hpp — small drawing primitives shared by the slides: ID chips, curved
// arrows, labels, interpolation. All draw into an ImDrawList in screen pixels.
#pragma once
#include <imgui.h>

#include <algorithm>

#include <cstdint>

#include "app/ui_base/ui_theme.hpp"
#include "core/torch/tensor.hpp"

namespace lv::app {

inline ImVec2 lerp(ImVec2 a, ImVec2 b, float t) { return ImVec2(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t); }
inline float lerpf(float a, float b, float t) { return a + (b - a) * t; }

// A rounded chip with a number; lit chips are filled with their colour.
// Returns the chip's size. `lit` in [0, 1] blends from outline to filled.
ImVec2 chip_size(int64_t id);
void draw_chip(ImDrawList* dl, ImVec2 pos, int64_t id, ImU32 color, float lit, const Palette& pal);

// The batch's chips in a row from `pos`; fills centers[i] (bottom-centre of chip i)
// when centers is not null. lit(i) gives each chip's highlight. A row wider than
// `wrap_width` goes on over more lines. Returns the size of what was drawn.
template <class LitFn>
ImVec2 draw_chip_row(ImDrawList* dl, ImVec2 pos, const IdList& ids, const Palette& pal, LitFn&& lit,
                     ImVec2* bottom_centers = nullptr, size_t max_chips = 64, float wrap_width = 1e30f) {
  const float gap = em() * 0.4f;
  float x = pos.x, y = pos.y, h = 0.0f, w = 0.0f;
  for (size_t i = 0; i < ids.size() && i < max_chips; ++i) {
    const ImVec2 s = chip_size(ids[i]);
    if (x > pos.x && x + s.x > pos.x + wrap_width) {  // the next line
      x = pos.x;
      y += h + gap;
    }
    draw_chip(dl, ImVec2(x, y), ids[i], id_color(i), lit(i), pal);
    if (bottom_centers) bottom_centers[i] = ImVec2(x + s.x * 0.5f, y + s.y);
    w = std::max(w, x + s.x - pos.x);
    x += s.x + gap;
    h = s.y;
  }
  return ImVec2(w, y + h - pos.y);
}

// A smooth arrow from a to b (a cubic curve leaving a vertically), drawn up to
// fraction t of its length (for the "arrow runs to its row" animation).
void draw_arrow(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 color, float t = 1.0f, float thickness = 2.0f,
                bool horizontal = false);

// An arrow along the polyline pts[0..n) with rounded corners, drawn up to fraction t of
// its length: for a route that goes around what it must not cross (labels, a heading).
void draw_route_arrow(ImDrawList* dl, const ImVec2* pts, int n, ImU32 color, float t = 1.0f, float thickness = 2.0f);

// A soft glow around a rect (a few expanding translucent rounded rects).
void draw_glow(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 color, float strength);

// with_commas (core/text/text_format) into a fixed buffer, for the draw lists: 1234567 -> "1,234,567".
void fmt_count(char* buf, size_t n, long long v);
// The same as a value to pass to printf: snprintf(buf, n, "%s × %s", Commas(v).s, Commas(d).s).
// Every count and shape on screen is written this way (one format: "50,257", never "50257").
struct Commas {
  char s[32];
  explicit Commas(long long v) { fmt_count(s, sizeof s, v); }
};

// Text helpers at an absolute position.
void draw_text(ImDrawList* dl, ImFont* font, ImVec2 pos, ImU32 color, const char* text, float size_scale = 1.0f);
ImVec2 text_size(ImFont* font, const char* text, float size_scale = 1.0f);

// Text whose length depends on the machine or the user — a CPU's extensions, a path, a
// file's or a tensor's name, a timing, a thread count — fits by construction: drawn
// whole when it fits `max_w` pixels, else cut with "…" (at the end, or in the middle so
// a path keeps its file name) and shown whole in a tooltip while the mouse is over it.
// What is drawn fits, so the layout report has nothing to call clipped. No allocation.
enum class Elide { End, Middle };
// `text` cut to fit max_w at `size` px of `font`, into buf (n bytes; UTF-8 kept whole).
// Returns whether it was cut (buf then holds the shorter text; else buf holds text,
// as far as n allows).
bool elide_text(ImFont* font, float size, const char* text, float max_w, Elide where, char* buf, size_t n);
// On a draw list (the canvas). Returns the size drawn.
ImVec2 draw_text_fit(ImDrawList* dl, ImFont* font, ImVec2 pos, float max_w, ImU32 color, const char* text,
                     Elide where = Elide::End, float size_scale = 1.0f);
// As an ImGui item (the chrome's labels), in the current font and text colour.
void text_fit(const char* text, float max_w, Elide where = Elide::End);

// A tooltip a hover on the canvas could show (printf-style), recorded into the layout report
// while one is made (nothing otherwise): a slide reports every cell's, hovered or not, so the
// report lists what any hover would say (grid_tooltips does it for a grid's one-line tips).
void report_tooltip(const char* fmt, ...) IM_FMTARGS(1);

}  // namespace lv::app
