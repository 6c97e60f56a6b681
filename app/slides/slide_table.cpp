// slide_table.cpp — the order of the slides.
#include "app/slides/anim_timeline.hpp"
#include "app/slides/slides.hpp"
#include "core/cli_options.hpp"

namespace lv::app {

std::span<const SlideDef> slide_table() {
  static const SlideDef table[] = {kSlideTokenizer, kSlideTable, kSlideLookup, kSlideOneHot, kSlideMatmul, kSlideSameNumbers,
                                   kSlideBackward, kSlideAtScale, kSlideGpt};
  // --slide is validated against kSlideCount before the window opens.
  static_assert(sizeof table / sizeof table[0] == kSlideCount, "update kSlideCount in core/cli_options.hpp");
  return table;
}

float SlideCanvas::progress(int k) const { return step_progress(app.ui.timeline, k, app.ui.reduced_motion); }
int SlideCanvas::current() const { return current_step(app.ui.timeline, steps); }

}  // namespace lv::app
