// measure_pass.hpp — a slide measured off screen before it is drawn (app/deck/canvas_fit.hpp
// chooses the canvas's zoom by it). The widgets the slide calls hear of the pass here: they
// skip interaction and reports while measuring, and note a grid that shows only part of itself.
#pragma once
#include <imgui.h>

struct ImGuiWindow;  // imgui_internal.h: the window whose storage holds the pass

namespace lv::app {

// What one measuring pass hears from the widgets the slide calls. It lives on the stack of
// the pass; the canvas window's ImGui storage points at it meanwhile (so widgets, which are
// not handed the SlideCanvas, can find it), and nothing remembers it after.
struct MeasurePass {
  bool cut = false;  // canvas_note_cut() was called
};

// Points the current window at `pass` for the scope's lifetime.
class MeasureScope {
 public:
  explicit MeasureScope(MeasurePass& pass);
  ~MeasureScope();
  MeasureScope(const MeasureScope&) = delete;
  MeasureScope& operator=(const MeasureScope&) = delete;

 private:
  ImGuiWindow* win_;
};

// True while a slide is being measured in the current window (widgets skip interaction and
// reports). The pass's state lives with the measuring call, found through the window's
// ImGui storage: there is no global.
bool canvas_measuring();
// A grid that shows fewer rows or columns than it has calls this (noted only while measuring).
void canvas_note_cut();

}  // namespace lv::app
