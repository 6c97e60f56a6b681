// narrative_lines.cpp — the narratives' shared lines (narrative_lines.hpp).
#include "app/slides/narrative_lines.hpp"

#include <algorithm>
#include <cstdarg>

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

}  // namespace lv::app
