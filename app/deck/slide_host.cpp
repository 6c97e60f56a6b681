// slide_host.cpp — the registry's lifecycle for the frame, the idle loop and the command line.
#include "app/deck/slide_host.hpp"

#include <algorithm>
#include <cstdlib>

#include "app/model/model_jobs.hpp"

namespace lv::app {

// Keyed by the title's address: the registry holds copies of each SlideDef (kSlideGpt and
// slide_table()[8] are two objects), and both must find the same state.
SlideContext context_of(App& app, const SlideDef& s) { return slide_context(app, s.title); }
// A const window's context: the hooks it is for only read; the door is never used (it is
// there because SlideContext is one type for every hook).
SlideContext context_of(const App& app, const SlideDef& s) { return context_of(const_cast<App&>(app), s); }

const SlideDef& shown_slide(const App& app) {
  const int i = std::clamp(app.ui.slide, 0, slide_count() - 1);
  return slide_table()[static_cast<size_t>(i)];
}

void slides_frame(App& app, std::span<const SlideDef> table) {
  const int shown = app.ui.slide;
  for (size_t i = 0; i < table.size(); ++i)
    if (table[i].update) table[i].update(context_of(app, table[i]), static_cast<int>(i) == shown);
}

SlideActivity slides_activity(const App& app, std::span<const SlideDef> table) {
  SlideActivity most = SlideActivity::Idle;
  for (size_t i = 0; i < table.size(); ++i)
    if (table[i].activity)
      most = std::max(most, table[i].activity(context_of(app, table[i]), static_cast<int>(i) == app.ui.slide));
  return most;
}

bool slides_ready(const App& app, std::span<const SlideDef> table) {
  if (model_busy(app)) return false;  // a table being drawn, a whole-table read, the logits
  for (size_t i = 0; i < table.size(); ++i)
    if (table[i].ready && !table[i].ready(context_of(app, table[i]), static_cast<int>(i) == app.ui.slide)) return false;
  return true;
}

void slides_file_changed(App& app) {
  for (const SlideDef& s : slide_table())
    if (s.file_changed) s.file_changed(context_of(app, s));
}

void save_slide_values(const App& app, std::vector<SettingsSlideValue>& out) {
  for (const SlideDef& s : slide_table())
    if (s.save_values) s.save_values(context_of(app, s), out);
}

void restore_slide_values(App& app, const std::vector<SettingsSlideValue>& in) {
  for (const SlideDef& s : slide_table())
    if (s.restore_values) s.restore_values(context_of(app, s), in);
}

std::string slide_values_error(const App& app, const std::vector<SettingsSlideValue>& given) {
  std::vector<SettingsSlideValue> now;
  save_slide_values(app, now);
  auto same = [](const std::string& a, const std::string& b) {
    if (a == b) return true;
    char *ea = nullptr, *eb = nullptr;
    const double x = std::strtod(a.c_str(), &ea), y = std::strtod(b.c_str(), &eb);
    return ea != a.c_str() && *ea == '\0' && eb != b.c_str() && *eb == '\0' && x == y;
  };
  for (const SettingsSlideValue& g : given) {
    const auto it = std::find_if(now.begin(), now.end(), [&](const SettingsSlideValue& v) { return v.name == g.name; });
    if (it != now.end() && same(it->value, g.value)) continue;
    std::string names;
    for (const SettingsSlideValue& v : now) names += (names.empty() ? "" : ", ") + v.name + "=" + v.value;
    return "--slide-value " + g.name + "=" + g.value +
           (it == now.end() ? ": no slide has a value of that name" : ": the slide cannot use that value") +
           " (the slides' values now: " + names + ")";
  }
  return "";
}

uint64_t slide_values_key(const App& app) {
  uint64_t h = 0;
  for (const SlideDef& s : slide_table())
    if (s.values_key) h = (h ^ s.values_key(context_of(app, s))) * 1099511628211ull;
  return h;
}

uint64_t slide_fit_depends(const App& app) {
  if (app.ui.slide < 0 || app.ui.slide >= slide_count()) return 0;
  const SlideDef& s = shown_slide(app);
  return s.fit_depends ? s.fit_depends(context_of(app, s)) : 0;
}

}  // namespace lv::app
