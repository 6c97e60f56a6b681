// slide_table.cpp — the slide registry's table, in LV_SLIDES' order.
#include <algorithm>
#include <string>

#include "app/ui_base/anim_timeline.hpp"
#include "app/model/model_jobs.hpp"
#include "app/slides/slides.hpp"
#include "core/settings/cli_options.hpp"

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

std::vector<std::string> slide_titles() {
  std::vector<std::string> out;
  for (const SlideDef& s : slide_table()) out.emplace_back(s.title);
  return out;
}

std::string slide_keys_label() { return "0 – " + std::to_string(std::min(slide_count(), 10) - 1); }

// ---------------------------------------------------------------- the lifecycle
void slides_frame(App& app, std::span<const SlideDef> table) {
  const int count = static_cast<int>(table.size());
  const int shown = app.ui.slide;
  int& entered = app.slide_states.entered;
  if (entered != shown) {
    if (entered >= 0 && entered < count && table[static_cast<size_t>(entered)].leave)
      table[static_cast<size_t>(entered)].leave(app);
    entered = shown;
    if (shown >= 0 && shown < count && table[static_cast<size_t>(shown)].enter)
      table[static_cast<size_t>(shown)].enter(app);
  }
  for (int i = 0; i < count; ++i)
    if (table[static_cast<size_t>(i)].update) table[static_cast<size_t>(i)].update(app, i == shown);
}

SlideActivity slides_activity(const App& app, std::span<const SlideDef> table) {
  SlideActivity most = SlideActivity::Idle;
  for (size_t i = 0; i < table.size(); ++i)
    if (table[i].activity) most = std::max(most, table[i].activity(app, static_cast<int>(i) == app.ui.slide));
  return most;
}

bool slides_ready(const App& app, std::span<const SlideDef> table) {
  if (model_busy(app)) return false;  // a table being drawn, a whole-table read, the logits
  for (size_t i = 0; i < table.size(); ++i)
    if (table[i].ready && !table[i].ready(app, static_cast<int>(i) == app.ui.slide)) return false;
  return true;
}

void slides_file_changed(App& app) {
  for (const SlideDef& s : slide_table())
    if (s.file_changed) s.file_changed(app);
}

uint64_t slide_fit_depends(const App& app) {
  if (app.ui.slide < 0 || app.ui.slide >= slide_count()) return 0;
  const SlideDef& s = slide_table()[static_cast<size_t>(app.ui.slide)];
  return s.fit_depends ? s.fit_depends(app) : 0;
}

Hidden hidden_now(const App& app) {
  const LearnState& L = app.learn;
  if (app.ui.slide < 0 || app.ui.slide >= slide_count()) return {};
  const SlideDef& s = slide_table()[static_cast<size_t>(app.ui.slide)];
  if (!s.hides) return {};
  // A worksheet's picture sets its question up without answering it, by the same rule.
  if (L.pictured && L.pictured->slide == app.ui.slide) return s.hides(*L.pictured);
  if (L.phase != LearnPhase::Asking || L.slide != app.ui.slide) return {};
  return s.hides(L.question);
}

float SlideCanvas::progress(int k) const { return step_progress(app.ui.timeline, k, app.ui.reduced_motion); }
int SlideCanvas::current() const { return current_step(app.ui.timeline, steps); }

}  // namespace lv::app
