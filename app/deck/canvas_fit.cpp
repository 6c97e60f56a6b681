// canvas_fit.cpp — measuring a slide's scene off screen and choosing its zoom level.
#include "app/deck/slide_host.hpp"
#include "app/deck/canvas_fit.hpp"

#include <imgui_internal.h>  // the window's cursor extents, restored after measuring

#include <algorithm>
#include <vector>

#include "app/slides/slides.hpp"
#include "app/ui_base/measure_pass.hpp"
#include "app/ui_base/ui_theme.hpp"

namespace lv::app {
namespace {

uint64_t fnv(uint64_t h, uint64_t v) {
  for (int i = 0; i < 8; ++i) {
    h ^= (v >> (i * 8)) & 0xFF;
    h *= 1099511628211ull;
  }
  return h;
}

// The timeline positions whose end states are measured: the start, and the end of
// every step (of the first and last few when a batch is long: the scene's size
// depends on the shapes, not on which ID is lit).
std::vector<float> measured_positions(int steps) {
  std::vector<float> pos{0.0f};
  for (int k = 0; k < steps; ++k)
    if (steps <= 12 || k < 6 || k >= steps - 6) pos.push_back(static_cast<float>(k + 1));
  return pos;
}

struct Measure {
  ImVec2 size;       // the largest extent over the measured steps
  bool cut = false;  // some grid showed fewer rows or columns than it has
};

}  // namespace

uint64_t canvas_view_key(const App& app, ImVec2 avail) {
  uint64_t h = 1469598103934665603ull;
  h = fnv(h, static_cast<uint64_t>(app.ui.slide));
  h = fnv(h, static_cast<uint64_t>(static_cast<int64_t>(avail.x)));
  h = fnv(h, static_cast<uint64_t>(static_cast<int64_t>(avail.y)));
  return fnv(h, static_cast<uint64_t>(static_cast<int64_t>(ImGui::GetFontSize() * 64.0f)));
}

uint64_t canvas_fit_key(const App& app, ImVec2 avail) {
  uint64_t h = canvas_view_key(app, avail);
  h = fnv(h, static_cast<uint64_t>(app.derived.vocab));
  h = fnv(h, static_cast<uint64_t>(app.derived.dim));
  h = fnv(h, reinterpret_cast<uintptr_t>(app.inputs.file.get()));
  h = fnv(h, slide_fit_depends(app));  // what the slide's own measuring depends on (SlideDef::fit_depends)
  for (const char c : app.inputs.text) h = fnv(h, static_cast<unsigned char>(c));  // the text behind the IDs
  for (int64_t id : app.inputs.ids) h = fnv(h, static_cast<uint64_t>(id));
  return fnv(h, app.inputs.ids.size());
}

int choose_canvas_level(App& app, const SlideDef& slide, ImVec2 origin, ImVec2 avail, int keep, ImVec2* extent) {
  if (extent) *extent = avail;                        // (a slide that fills the canvas is never moved)
  if (slide.fills_canvas) return kCanvasNormalLevel;  // it sizes itself to the room it gets
  ImGuiWindow* win = ImGui::GetCurrentWindow();
  const ImVec2 cursor = win->DC.CursorPos, cursor_max = win->DC.CursorMaxPos, ideal_max = win->DC.IdealMaxPos;
  const Timeline timeline = app.ui.timeline;
  const GridView views[4] = {app.ui.grids.table_view, app.ui.grids.out_view, app.ui.grids.out2_view,
                             app.ui.grids.onehot_view};

  // Whatever the slide submits to ImGui while measuring lands outside every clip
  // rectangle (so it is inert), and its drawing goes to a list nobody renders.
  ImGui::PushClipRect(ImVec2(-1e6f, -1e6f), ImVec2(-1e6f, -1e6f), false);
  ImDrawList scratch(ImGui::GetDrawListSharedData());
  const Palette& pal = palette(app.ui.theme);
  const SlideContext cx = context_of(app, slide);
  const int steps = slide.draw.steps(cx);
  const std::vector<float> positions = measured_positions(steps);
  auto measure = [&](int level) {
    Measure m;
    MeasurePass pass;
    const MeasureScope scope(pass);
    begin_canvas_zoom(level);
    for (float pos : positions) {
      app.ui.timeline = Timeline{pos, false, timeline.speed, -1.0f};
      scratch._ResetForNewFrame();
      scratch.PushClipRectFullScreen();
      scratch.PushTextureID(ImGui::GetIO().Fonts->TexID);
      SlideCanvas c{cx, pal, &scratch, origin, avail, steps};
      c.measuring = true;
      const ImVec2 used = slide.draw.canvas(c);
      m.size = ImVec2(std::max(m.size.x, used.x), std::max(m.size.y, used.y));
    }
    end_canvas_zoom();
    m.cut = pass.cut;
    return m;
  };
  auto fits = [&](const Measure& m) { return m.size.x <= avail.x + 0.5f && m.size.y <= avail.y + 0.5f; };

  int level = keep >= 0 ? keep : kCanvasNormalLevel;
  const Measure normal = measure(level);
  ImVec2 size = normal.size;  // at `level`
  if (keep >= 0 && fits(normal)) {
    // Only the model changed and it still fits: the type stays as it is.
  } else if (fits(normal)) {
    // Larger only while every matrix stays whole (a big table fills the room at 1 em).
    for (int l = level + 1; !normal.cut && l < kCanvasZoomLevels; ++l) {
      const Measure m = measure(l);
      if (!fits(m) || m.cut) break;
      level = l;
      size = m.size;
    }
  } else {
    while (level > 0) {  // smaller until it fits; at the smallest, the canvas scrolls
      --level;
      const Measure m = measure(level);
      size = m.size;
      if (fits(m)) break;
    }
  }
  if (extent) *extent = size;
  ImGui::PopClipRect();
  app.ui.timeline = timeline;
  app.ui.grids.table_view = views[0];
  app.ui.grids.out_view = views[1];
  app.ui.grids.out2_view = views[2];
  app.ui.grids.onehot_view = views[3];
  win->DC.CursorPos = cursor;
  win->DC.CursorMaxPos = cursor_max;
  win->DC.IdealMaxPos = ideal_max;
  return level;
}

}  // namespace lv::app
