// slide_table.cpp — the slide registry's table, in LV_SLIDES' order.
#include <algorithm>
#include <string>

#include "app/slides/anim_timeline.hpp"
#include "app/slides/slides.hpp"
#include "core/cli_options.hpp"

namespace lv::app {

std::span<const SlideDef> slide_table() {
#define LV_SLIDE_ENTRY(name) name,
  static const SlideDef table[] = {LV_SLIDES(LV_SLIDE_ENTRY)};
#undef LV_SLIDE_ENTRY
  // --slide and the session are checked against kSlideCount before the window opens.
  static_assert(sizeof table / sizeof table[0] == kSlideCount,
                "each app/slides/slide_NN_*.cpp needs its line in LV_SLIDES (app/slides/slides.hpp)");
  return table;
}

std::string slide_keys_label() { return "0 – " + std::to_string(std::min(slide_count(), 10) - 1); }

float SlideCanvas::progress(int k) const { return step_progress(app.ui.timeline, k, app.ui.reduced_motion); }
int SlideCanvas::current() const { return current_step(app.ui.timeline, steps); }

}  // namespace lv::app
