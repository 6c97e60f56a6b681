// slide_table.cpp — the slide registry's table, in LV_SLIDES' order.
#include <algorithm>
#include <string>

#include "app/ui_base/anim_timeline.hpp"
#include "app/slides/slides.hpp"
#include "core/settings/cli_options.hpp"

namespace lv::app {

std::span<const SlideDef> slide_table() {
#define LV_SLIDE_ENTRY(name) name,
  static const SlideDef table[] = {LV_SLIDES(LV_SLIDE_ENTRY)};
#undef LV_SLIDE_ENTRY
  // The count core checks --slide and the session against (lv::set_deck_size, given at start).
  return table;
}

std::vector<std::string> slide_titles() {
  std::vector<std::string> out;
  for (const SlideDef& s : slide_table()) out.emplace_back(s.title);
  return out;
}

std::string slide_keys_label() { return "0 – " + std::to_string(std::min(slide_count(), 10) - 1); }

Hidden hidden_now(const UiState& ui, const LearnState& L) {
  if (ui.slide < 0 || ui.slide >= slide_count()) return {};
  const SlideDef& s = slide_table()[static_cast<size_t>(ui.slide)];
  if (!s.hides) return {};
  // A worksheet's picture sets its question up without answering it, by the same rule.
  if (L.pictured && L.pictured->slide == ui.slide) return s.hides(*L.pictured);
  if (L.phase != LearnPhase::Asking || L.slide != ui.slide) return {};
  return s.hides(L.question);
}

float SlideCanvas::progress(int k) const { return step_progress(cx.ui.timeline, k, cx.ui.reduced_motion); }
int SlideCanvas::current() const { return current_step(cx.ui.timeline, steps); }

}  // namespace lv::app
