// ui_motion_test.cpp — what moves never makes text unreadable: through the whole
// animation of the slides where a row flies into the output (2, 4, 6), no number is
// drawn over another one, and slide 2's arrow from a chip to its row crosses no text.
// Frames are read back from the draw data (screen_text.hpp).
#include <gtest/gtest.h>

#include <set>

#include "app/ui_base/anim_timeline.hpp"
#include "app/slides/slides.hpp"
#include "headless.hpp"
#include "screen_text.hpp"

namespace lv::app::test {
namespace {

constexpr int kFramesPerStep = 40;

// The glyph's box, shrunk so neighbours in one word (kerning) never count as overlapping.
ImVec4 core_box(const Glyph& g) {
  const float sx = (g.max.x - g.min.x) * 0.2f, sy = (g.max.y - g.min.y) * 0.2f;
  return ImVec4(g.min.x + sx, g.min.y + sy, g.max.x - sx, g.max.y - sy);
}

bool boxes_overlap(const ImVec4& a, const ImVec4& b) { return a.x < b.z && b.x < a.z && a.y < b.w && b.y < a.w; }

bool visible(const Glyph& g) { return ((g.col >> IM_COL32_A_SHIFT) & 0xFF) >= 64; }

// Does segment p–q cross the box?
bool segment_hits_box(ImVec2 p, ImVec2 q, const ImVec4& b) {
  for (int k = 0; k <= 16; ++k) {  // the arrows' segments are short: sampling is enough
    const float t = static_cast<float>(k) / 16.0f;
    const ImVec2 s(p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t);
    if (s.x > b.x && s.x < b.z && s.y > b.y && s.y < b.w) return true;
  }
  return false;
}

// Every frame of slide `slide`'s animation, kFramesPerStep per step.
template <class Fn>
void each_frame(Headless& h, int slide, Fn&& check) {
  go_to_slide(h.app, slide);
  const int steps = current_slide_steps(h.app);
  for (int f = 0; f <= steps * kFramesPerStep; ++f) {
    const float pos = static_cast<float>(f) / kFramesPerStep;
    timeline_seek(h.app.ui.timeline, steps, pos);
    h.frame();
    check(pos);
  }
}

TEST(Motion, NoNumberIsDrawnOverAnotherWhileARowFlies) {
  Headless h(ImVec2(1024, 768));
  h.init();
  for (int slide : {1, 3, 5}) {
    std::set<std::string> bad;
    each_frame(h, slide, [&](float pos) {
      const ScreenText s = read_screen();
      for (size_t i = 0; i < s.glyphs.size(); ++i) {
        const Glyph& a = s.glyphs[i];
        if (!visible(a)) continue;
        for (size_t j = i + 1; j < s.glyphs.size(); ++j) {
          const Glyph& b = s.glyphs[j];
          if (!visible(b) || a.list != b.list) continue;
          // The same character drawn twice in place (a tile on its own cell) reads fine.
          if (a.c == b.c && std::fabs(a.min.x - b.min.x) < 1.0f && std::fabs(a.min.y - b.min.y) < 1.0f) continue;
          if (!boxes_overlap(core_box(a), core_box(b))) continue;
          std::string pair;
          append_utf8(pair, a.c);
          pair += " over ";
          append_utf8(pair, b.c);
          char where[96];
          std::snprintf(where, sizeof where, "slide %d at step %.2f: ", slide, static_cast<double>(pos));
          bad.insert(where + pair);
        }
      }
    });
    std::string all;
    for (const std::string& b : bad) all += b + "\n";
    EXPECT_EQ(all, "");
  }
}

TEST(Motion, SlideTwosArrowCrossesNoText) {
  for (const char* ids : {"2,3,1", "0,1,2,3,4,5,6,7"}) {
    Headless h(ImVec2(1024, 768));
    h.init({"lookupviz", "--ids", ids});
    const ImVec2 white = ImGui::GetIO().Fonts->TexUvWhitePixel;
    int arrow_frames = 0;
    std::set<std::string> bad;
    each_frame(h, 2, [&](float pos) {  // the lookup
      const int cur = std::min(static_cast<int>(pos), current_slide_steps(h.app) - 1);
      const ImU32 arrow = id_color(static_cast<size_t>(cur));
      const ScreenText s = read_screen();
      const ImDrawData* dd = ImGui::GetDrawData();
      bool seen = false;
      for (int l = 0; l < dd->CmdListsCount; ++l) {
        const ImDrawList* dl = dd->CmdLists[l];
        for (const ImDrawCmd& cmd : dl->CmdBuffer)
          for (unsigned int i = cmd.IdxOffset; i + 2 < cmd.IdxOffset + cmd.ElemCount; i += 3) {
            const ImDrawVert* v[3];
            bool flat = true;
            int first_vtx = 1 << 30;
            for (int k = 0; k < 3; ++k) {
              const int at = static_cast<int>(dl->IdxBuffer[static_cast<int>(i) + k] + cmd.VtxOffset);
              first_vtx = std::min(first_vtx, at);
              v[k] = &dl->VtxBuffer[at];
              flat = flat && v[k]->col == arrow && v[k]->uv.x == white.x && v[k]->uv.y == white.y;
            }
            if (!flat) continue;  // not the arrow (its line and head are the ID's colour, opaque)
            seen = true;
            for (const Glyph& g : s.glyphs) {
              // Only what is drawn over the glyph: a lit chip's fill is the ID's colour too, under its number.
              if (!visible(g) || g.list != l || first_vtx < g.vtx) continue;
              const ImVec4 b = core_box(g);
              for (int k = 0; k < 3; ++k)
                if (segment_hits_box(v[k]->pos, v[(k + 1) % 3]->pos, b)) {
                  std::string ch;
                  append_utf8(ch, g.c);
                  char where[96];
                  std::snprintf(where, sizeof where, "ids %s, at step %.2f the arrow crosses '", ids,
                                static_cast<double>(pos));
                  bad.insert(where + ch + "'");
                }
            }
          }
      }
      arrow_frames += seen;
    });
    EXPECT_GT(arrow_frames, 20) << "the arrow was never found: the test no longer sees it";
    std::string all;
    for (const std::string& b : bad) all += b + "\n";
    EXPECT_EQ(all, "");
  }
}

}  // namespace
}  // namespace lv::app::test
