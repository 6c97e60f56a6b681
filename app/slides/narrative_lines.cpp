// narrative_lines.cpp — the narratives' shared lines (narrative_lines.hpp).
#include "app/slides/narrative_lines.hpp"

#include <imgui_internal.h>  // the cursor, for the wrap width

#include <algorithm>
#include <cstdarg>
#include <cstdio>

#include "app/state/app_edits.hpp"
#include "app/ui_base/layout_report.hpp"
#include "app/ui_base/ui_landmarks.hpp"
#include "app/ui_base/ui_theme.hpp"
#include "app/ui_base/anim_timeline.hpp"

namespace lv::app {

int narrative_step(const SlideContext& cx, int steps) { return std::max(0, current_step(cx.ui.timeline, steps)); }

void id_line(const SlideContext& cx, int cur, const char* fmt, ...) {
  ImGui::PushStyleColor(ImGuiCol_Text, id_ink(palette(cx.ui.theme), static_cast<size_t>(cur)));
  va_list args;
  va_start(args, fmt);
  para_v(fmt, args);
  va_end(args);
  ImGui::PopStyleColor();
}

char* wrap_at_spaces(char* text, float width, const ImFont* font) {
  auto text_w = [font](const char* b, const char* e) {
    return font ? font->CalcTextSizeA(font->FontSize, 1e9f, 0.0f, b, e).x : ImGui::CalcTextSize(b, e).x;
  };
  char* line = text;  // the start of the line being filled
  while (*line) {
    char* end = nullptr;  // the end of the last word that fits on this line
    for (char* p = line;;) {
      char* w = p;
      while (*w && *w != ' ' && *w != '\n') ++w;
      if (end && text_w(line, w) > width) break;
      end = w;
      if (*w != ' ') break;  // the text's end or its own line break
      p = w + 1;
    }
    if (!*end) break;
    *end = '\n';  // a space (or a '\n' already) ends the line
    line = end + 1;
  }
  return text;
}

void para_v(const char* fmt, va_list args) {
  char text[1024];
  std::vsnprintf(text, sizeof text, fmt, args);
  report_text(text);  // as written, before its spaces become line breaks
  // Wrapped where TextWrapped wraps (the window's content edge); nothing allocated.
  const float width = ImGui::CalcWrapWidthForPos(ImGui::GetCurrentWindow()->DC.CursorPos, 0.0f);
  ImGui::TextUnformatted(wrap_at_spaces(text, width));
}

void para(const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  para_v(fmt, args);
  va_end(args);
}

void para_muted(const char* fmt, ...) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
  va_list args;
  va_start(args, fmt);
  para_v(fmt, args);
  va_end(args);
  ImGui::PopStyleColor();
}

void repeat_line(const SlideContext& cx, const char* repeated) {
  const int64_t r =
      cx.model.derived.distinct_ids < cx.model.derived.batch ? first_repeated_id(cx.model.inputs.ids) : -1;
  if (r >= 0) {
    ImGui::TextWrapped(repeated, static_cast<long long>(r));
    if (layout_report_enabled()) {
      char text[512];
      std::snprintf(text, sizeof text, repeated, static_cast<long long>(r));
      report_text(text);
    }
    return;
  }
  if (cx.model.inputs.ids.empty()) return;
  char label[64];
  std::snprintf(label, sizeof label, "Add a repeat: idx[%zu] = %lld##add-repeat", cx.model.inputs.ids.size(),
                static_cast<long long>(cx.model.inputs.ids.front()));
  if (ImGui::SmallButton(label)) cx.door.add_repeat();
  landmark("add-repeat");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("No ID repeats in this batch: the first one added again at the end shows what a repeat does");
}

}  // namespace lv::app
