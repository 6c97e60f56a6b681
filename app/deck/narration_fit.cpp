// narration_fit.cpp — measuring a slide's narrative off screen and choosing its text size.
#include "app/deck/narration_fit.hpp"

#include <imgui_internal.h>  // the window's cursor and line state, restored after measuring

#include <algorithm>

#include "app/deck/slide_host.hpp"
#include "app/ui_base/measure_pass.hpp"
#include "app/ui_base/ui_theme.hpp"

namespace lv::app {
namespace {

// The window's cursor and line state (ImGuiWindowTempData holds vectors too: not copied).
struct Cursor {
  ImVec2 pos, prev_line_pos, max, ideal_max, line, prev_line;
  float line_base = 0.0f, prev_line_base = 0.0f;
};

Cursor cursor_of(const ImGuiWindow& w) {
  const ImGuiWindowTempData& d = w.DC;
  return {d.CursorPos,    d.CursorPosPrevLine, d.CursorMaxPos,           d.IdealMaxPos,
          d.CurrLineSize, d.PrevLineSize,      d.CurrLineTextBaseOffset, d.PrevLineTextBaseOffset};
}

void restore(ImGuiWindow& w, const Cursor& c) {
  ImGuiWindowTempData& d = w.DC;
  d.CursorPos = c.pos;
  d.CursorPosPrevLine = c.prev_line_pos;
  d.CursorMaxPos = c.max;
  d.IdealMaxPos = c.ideal_max;
  d.CurrLineSize = c.line;
  d.PrevLineSize = c.prev_line;
  d.CurrLineTextBaseOffset = c.line_base;
  d.PrevLineTextBaseOffset = c.prev_line_base;
}

}  // namespace

NarrationFit choose_narration_level(App& app, const SlideDef& slide, float height) {
  ImGuiWindow* win = ImGui::GetCurrentWindow();
  const Cursor start = cursor_of(*win);
  const float room = ImGui::GetContentRegionAvail().x;  // a word wider than it does not fit either
  const Timeline timeline = app.ui.timeline;
  const SlideContext cx = context_of(app, slide);
  const int steps = slide.draw.steps(cx);
  NarrationFit fit;
  // What the narrative submits lands outside every clip rectangle: its buttons cannot be
  // clicked and the layout report hears nothing (MeasureScope), as when a canvas is measured.
  ImGui::PushClipRect(ImVec2(-1e6f, -1e6f), ImVec2(-1e6f, -1e6f), false);
  {
    MeasurePass pass;
    const MeasureScope scope(pass);
    for (int level = narration_top_level(); level >= kNarrativeMinLevel; --level) {
      fit.level = level;
      fit.heights.assign(static_cast<size_t>(steps) + 1, 0.0f);
      begin_narration_zoom(level);
      ImGui::PushTextWrapPos(0.0f);
      float widest = 0.0f;
      for (int k = 0; k <= steps; ++k) {
        app.ui.timeline = Timeline{static_cast<float>(k), false, timeline.speed, -1.0f};
        restore(*win, start);
        win->DC.CursorMaxPos = start.pos;  // the extent of this step's text alone
        slide.draw.narrative(cx);
        fit.heights[static_cast<size_t>(k)] = win->DC.CursorMaxPos.y - start.pos.y;
        widest = std::max(widest, win->DC.CursorMaxPos.x - start.pos.x);
      }
      ImGui::PopTextWrapPos();
      end_canvas_zoom();
      fit.fits = *std::max_element(fit.heights.begin(), fit.heights.end()) <= height + 0.5f && widest <= room + 0.5f;
      if (fit.fits) break;
    }
  }
  ImGui::PopClipRect();
  app.ui.timeline = timeline;
  restore(*win, start);
  return fit;
}

float narration_drawn_height(float top) { return ImGui::GetCurrentWindow()->DC.CursorMaxPos.y - top; }

}  // namespace lv::app
