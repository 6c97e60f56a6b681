// narrative_lines.cpp — the narratives' shared lines (narrative_lines.hpp).
#include "app/slides/narrative_lines.hpp"

#include <algorithm>
#include <cstdarg>
#include <cstdio>

#include "app/app_model.hpp"
#include "app/chrome/ui_landmarks.hpp"
#include "app/chrome/ui_theme.hpp"
#include "app/slides/anim_timeline.hpp"

namespace lv::app {

int narrative_step(const App& app, int steps) { return std::max(0, current_step(app.ui.timeline, steps)); }

void id_line(const App& app, int cur, const char* fmt, ...) {
  ImGui::PushStyleColor(ImGuiCol_Text, id_ink(palette(app.ui.theme), static_cast<size_t>(cur)));
  va_list args;
  va_start(args, fmt);
  ImGui::TextWrappedV(fmt, args);
  va_end(args);
  ImGui::PopStyleColor();
}

void repeat_line(App& app, const char* repeated) {
  const int64_t r = app.derived.distinct_ids < app.derived.batch ? first_repeated_id(app.inputs.ids) : -1;
  if (r >= 0) {
    ImGui::TextWrapped(repeated, static_cast<long long>(r));
    return;
  }
  if (app.inputs.ids.empty()) return;
  char label[64];
  std::snprintf(label, sizeof label, "Add a repeat: idx[%zu] = %lld##add-repeat", app.inputs.ids.size(),
                static_cast<long long>(app.inputs.ids.front()));
  if (ImGui::SmallButton(label)) add_repeat(app);
  landmark("add-repeat");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("No ID repeats in this batch: the first one added again at the end shows what a repeat does");
}

}  // namespace lv::app
