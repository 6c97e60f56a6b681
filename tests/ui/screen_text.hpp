// screen_text.hpp — what the last headless frame put on the screen, read back from
// ImGui's draw data the way a user reads the screen: every glyph quad (which character,
// where, in what colour), the lines of text they form, and the opaque fill under a
// glyph. Nothing in the app is instrumented: a glyph is recognised by its atlas UVs.
//
//   h.frame();
//   ScreenText s = read_screen();
//   s.contains("1 IDs");              // text as drawn, words joined by spaces
//   for (const Glyph& g : s.glyphs) s.background(g);
#pragma once
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "app/ui_base/ui_theme.hpp"

namespace lv::app::test {

struct Glyph {
  unsigned int c = 0;  // the codepoint
  ImVec2 min, max;     // the quad on screen
  ImU32 col = 0;       // its vertex colour
  int list = 0;        // which draw list, and where in it (later draws cover earlier ones)
  int vtx = 0;
  float top = 0;  // the top of the line of text it was drawn in
};

struct ScreenText {
  std::vector<Glyph> glyphs;
  std::vector<std::string> lines;  // glyphs of one list on one baseline, left to right

  bool contains(const std::string& s) const {
    for (const std::string& l : lines)
      if (l.find(s) != std::string::npos) return true;
    return false;
  }
  std::string all() const {
    std::string out;
    for (const std::string& l : lines) out += l + "\n";
    return out;
  }

  // The colour of the last opaque, flat-coloured triangle drawn under the glyph's centre
  // before it, in the same draw list (0 when none): the fill the glyph is read against.
  ImU32 background(const Glyph& g) const {
    const ImDrawData* dd = ImGui::GetDrawData();
    if (!dd || g.list >= dd->CmdListsCount) return 0;
    const ImDrawList* dl = dd->CmdLists[g.list];
    const ImVec2 p((g.min.x + g.max.x) * 0.5f, (g.min.y + g.max.y) * 0.5f);
    const ImVec2 white = ImGui::GetIO().Fonts->TexUvWhitePixel;
    ImU32 found = 0;
    for (const ImDrawCmd& cmd : dl->CmdBuffer) {
      for (unsigned int i = cmd.IdxOffset; i + 2 < cmd.IdxOffset + cmd.ElemCount; i += 3) {
        const ImDrawVert* v[3];
        bool before = true;
        for (int k = 0; k < 3; ++k) {
          const unsigned int at = dl->IdxBuffer[static_cast<int>(i) + k] + cmd.VtxOffset;
          before = before && static_cast<int>(at) < g.vtx;
          v[k] = &dl->VtxBuffer[static_cast<int>(at)];
        }
        if (!before) continue;
        const ImU32 col = v[0]->col;
        if (((col >> IM_COL32_A_SHIFT) & 0xFF) != 255 || v[1]->col != col || v[2]->col != col) continue;
        bool flat = true;
        for (int k = 0; k < 3; ++k) flat = flat && v[k]->uv.x == white.x && v[k]->uv.y == white.y;
        if (flat && inside(p, v[0]->pos, v[1]->pos, v[2]->pos)) found = col;
      }
    }
    return found;
  }

  static bool inside(ImVec2 p, ImVec2 a, ImVec2 b, ImVec2 c) {
    auto side = [](ImVec2 p1, ImVec2 p2, ImVec2 p3) {
      return (p1.x - p3.x) * (p2.y - p3.y) - (p2.x - p3.x) * (p1.y - p3.y);
    };
    const float d1 = side(p, a, b), d2 = side(p, b, c), d3 = side(p, c, a);
    const bool neg = d1 < 0 || d2 < 0 || d3<0, pos = d1> 0 || d2 > 0 || d3 > 0;
    return !(neg && pos);
  }
};

inline void append_utf8(std::string& s, unsigned int c) {
  if (c < 0x80) {
    s += static_cast<char>(c);
  } else if (c < 0x800) {
    s += static_cast<char>(0xC0 | (c >> 6)), s += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    s += static_cast<char>(0xE0 | (c >> 12)), s += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    s += static_cast<char>(0x80 | (c & 0x3F));
  }
}

// Reads the draw data of the last ImGui::Render().
inline ScreenText read_screen() {
  ScreenText out;
  // Every glyph of every font, by the top-left UV of its atlas rectangle.
  std::map<std::pair<float, float>, const ImFontGlyph*> by_uv;
  ImFontAtlas* atlas = ImGui::GetIO().Fonts;
  for (ImFont* f : atlas->Fonts)
    for (const ImFontGlyph& g : f->Glyphs)
      if (g.Visible) by_uv[{g.U0, g.V0}] = &g;
  const ImDrawData* dd = ImGui::GetDrawData();
  if (!dd) return out;
  for (int l = 0; l < dd->CmdListsCount; ++l) {
    const ImDrawList* dl = dd->CmdLists[l];
    const int first = static_cast<int>(out.glyphs.size());
    for (int v = 0; v + 3 < dl->VtxBuffer.Size; ++v) {
      const ImDrawVert& a = dl->VtxBuffer[v];
      auto it = by_uv.find({a.uv.x, a.uv.y});
      if (it == by_uv.end()) continue;
      const ImFontGlyph* g = it->second;
      const ImDrawVert& c = dl->VtxBuffer[v + 2];
      if (c.uv.x != g->U1 || c.uv.y != g->V1) continue;
      const float scale = g->X1 > g->X0 ? (c.pos.x - a.pos.x) / (g->X1 - g->X0) : 1.0f;
      // U+FFFD's glyph is kept at kReplacementGlyphAt (app/ui_base/ui_theme.hpp).
      const unsigned int code = g->Codepoint == kReplacementGlyphAt ? 0xFFFDu : g->Codepoint;
      out.glyphs.push_back(Glyph{code, a.pos, c.pos, a.col, l, v, a.pos.y - g->Y0 * scale});
      v += 3;
    }
    // Lines: glyphs grouped by the top of their line, then ordered left to right; a gap
    // wider than a fifth of the line's tallest glyph is a space.
    std::vector<Glyph> gs(out.glyphs.begin() + first, out.glyphs.end());
    std::sort(gs.begin(), gs.end(), [](const Glyph& x, const Glyph& y) {
      const float tx = std::round(x.top), ty = std::round(y.top);
      return tx != ty ? tx < ty : x.min.x < y.min.x;
    });
    std::string line;
    float last_top = -1e9f, last_right = 0.0f, tallest = 0.0f;
    for (const Glyph& g : gs) {
      const float top = std::round(g.top);
      if (top != last_top) {
        if (!line.empty()) out.lines.push_back(line);
        line.clear();
        tallest = 0.0f;
      } else if (g.min.x - last_right > std::max(tallest, g.max.y - g.min.y) * 0.2f) {
        line += ' ';
      }
      tallest = std::max(tallest, g.max.y - g.min.y);
      append_utf8(line, g.c);
      last_top = top;
      last_right = g.max.x;
    }
    if (!line.empty()) out.lines.push_back(line);
  }
  return out;
}

}  // namespace lv::app::test
