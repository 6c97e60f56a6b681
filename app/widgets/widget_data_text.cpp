// widget_data_text.cpp — data as text in Selectable and BeginCombo (widget_data_text.hpp):
// the widget gets a fixed hidden label ("##data"), the text is drawn after it with
// RenderTextClippedEx, which (unlike RenderTextClipped) never looks for "##".
#include "app/widgets/widget_data_text.hpp"

#include <imgui_internal.h>  // RenderTextClippedEx, the internal Selectable flags, the window's cursor

#include <algorithm>
#include <string>

namespace lv::app {
namespace {

constexpr std::string_view kEllipsis = "…";

bool is_control(char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7F; }

// The text on one line: control characters (a name may hold "\n" through a JSON escape)
// as '?', as error messages show them; buf holds the copy when one is needed.
std::string_view one_line(std::string_view text, std::string& buf) {
  if (std::none_of(text.begin(), text.end(), is_control)) return text;
  buf.assign(text);
  for (char& c : buf)
    if (is_control(c)) c = '?';
  return buf;
}

// Draws text (one line, see one_line) and its "…" when cut, from pos, clipped to clip.
void draw_text(ImDrawList* dl, ImVec2 pos, std::string_view text, bool cut, ImGuiCol col, const ImRect& clip) {
  const ImVec2 max(clip.Max.x, pos.y + ImGui::GetTextLineHeight());
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(col));  // (the disabled alpha applies once, when drawn)
  ImGui::RenderTextClippedEx(dl, pos, max, text.data(), text.data() + text.size(), nullptr, ImVec2(0, 0), &clip);
  if (cut) {
    const float w = ImGui::CalcTextSize(text.data(), text.data() + text.size()).x;
    ImGui::RenderTextClippedEx(dl, ImVec2(pos.x + w, pos.y), max, kEllipsis.data(), kEllipsis.data() + kEllipsis.size(),
                               nullptr, ImVec2(0, 0), &clip);
  }
  ImGui::PopStyleColor();
}

float text_width(std::string_view text, bool cut) {
  float w = text.empty() ? 0.0f : ImGui::CalcTextSize(text.data(), text.data() + text.size()).x;
  if (cut) w += ImGui::CalcTextSize(kEllipsis.data(), kEllipsis.data() + kEllipsis.size()).x;
  return w;
}

}  // namespace

std::string_view shown_data_text(std::string_view text, bool* cut) {
  *cut = text.size() > kMaxShownDataBytes;
  if (!*cut) return text;
  size_t n = kMaxShownDataBytes;
  while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80) --n;  // not inside a UTF-8 sequence
  return text.substr(0, n);
}

bool data_selectable(std::string_view text, bool selected, ImGuiSelectableFlags flags, std::string_view note,
                     bool menu) {
  bool cut = false, note_cut = false;
  std::string buf, note_buf;
  const std::string_view shown = one_line(shown_data_text(text, &cut), buf);
  const std::string_view shown_note = one_line(shown_data_text(note, &note_cut), note_buf);
  const ImGuiStyle& st = ImGui::GetStyle();
  const float gap = note.empty() ? 0.0f : st.ItemSpacing.x * 2.0f;
  const float text_w = text_width(shown, cut);
  const float w = std::max(1.0f, text_w + gap + (note.empty() ? 0.0f : text_width(shown_note, note_cut)));
  ImGuiWindow* window = ImGui::GetCurrentWindow();
  const ImVec2 pos(window->DC.CursorPos.x, window->DC.CursorPos.y + window->DC.CurrLineTextBaseOffset);
  // The layout gets the text's width; the highlight spans the row, as a labelled Selectable's.
  flags |= ImGuiSelectableFlags_SpanAvailWidth;
  if (menu) flags |= ImGuiSelectableFlags_SelectOnRelease | ImGuiSelectableFlags_SetNavIdOnHover;
  const bool pressed = ImGui::Selectable("##data", selected, flags, ImVec2(w, 0.0f));
  if (!ImGui::IsItemVisible()) return pressed;
  const ImRect bb(ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
  const bool disabled = (flags & ImGuiSelectableFlags_Disabled) != 0;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  draw_text(dl, pos, shown, cut, disabled ? ImGuiCol_TextDisabled : ImGuiCol_Text, bb);
  if (!note.empty())
    draw_text(dl, ImVec2(pos.x + text_w + gap, pos.y), shown_note, note_cut, ImGuiCol_TextDisabled, bb);
  return pressed;
}

bool data_begin_combo(const char* id, std::string_view preview, ImGuiComboFlags flags) {
  // The frame is drawn into this window's list by BeginCombo; the preview goes on top
  // of it afterwards (BeginCombo may already have moved on to its popup by then).
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 pos = ImGui::GetCursorScreenPos();
  const float w = ImGui::CalcItemWidth();
  const bool open = ImGui::BeginCombo(id, "", flags);
  if (!(flags & ImGuiComboFlags_NoPreview) && !preview.empty()) {
    const ImGuiStyle& st = ImGui::GetStyle();
    const float h = ImGui::GetFrameHeight();
    const float arrow = (flags & ImGuiComboFlags_NoArrowButton) ? 0.0f : h;
    const ImRect clip(pos, ImVec2(pos.x + w - arrow, pos.y + h));
    bool cut = false;
    std::string buf;
    const std::string_view shown = one_line(shown_data_text(preview, &cut), buf);
    draw_text(dl, ImVec2(pos.x + st.FramePadding.x, pos.y + st.FramePadding.y), shown, cut, ImGuiCol_Text, clip);
  }
  return open;
}

}  // namespace lv::app
