// widget_data_text.hpp — text that came from a file, the file system or the user
// (tensor names, paths, recent files, folder entries, tokens) in widgets ImGui would
// otherwise read as a label: "a##b" would show as "a", "##x" as nothing, "x###k" and
// "y###k" would share an ID, and "" would be an empty ID (an assertion: the app aborts).
// Here the widget's ID is the caller's (PushID(index) around it) and the text is drawn
// as it is, never parsed; a very long text is cut (with "…") so a frame stays cheap.
#pragma once
#include <imgui.h>

#include <string_view>

namespace lv::app {

inline constexpr size_t kMaxShownDataBytes = 512;  // drawn at most; the rest as "…"

// A selectable row showing text verbatim (Selectable's look and behaviour). note, when
// not empty, follows it greyed (a recent file's folder, say). With menu = true it acts
// as MenuItem does (selects on release, closes the menu).
bool data_selectable(std::string_view text, bool selected, ImGuiSelectableFlags flags = 0, std::string_view note = {},
                     bool menu = false);

// BeginCombo with preview text drawn verbatim (ImGui would hide what follows "##").
bool data_begin_combo(const char* id, std::string_view preview, ImGuiComboFlags flags = 0);

// The text as drawn: cut at kMaxShownDataBytes on a UTF-8 boundary, "…" after.
std::string_view shown_data_text(std::string_view text, bool* cut);

}  // namespace lv::app
