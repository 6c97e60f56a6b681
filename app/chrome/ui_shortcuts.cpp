// ui_shortcuts.cpp — the keyboard (when no text field has focus) and the F1 / ?
// overlay that lists it.
#include <imgui.h>
#include <imgui_internal.h>  // the active item: is a text field being edited

#include <algorithm>

#include "app/ui_base/anim_timeline.hpp"
#include "app/chrome/chrome.hpp"
#include "app/deck/slide_nav.hpp"
#include "app/slides/slides.hpp"
#include "app/chrome/ui_keys.hpp"
#include "app/ui_base/ui_theme.hpp"
#include "app/widgets/widget_file_picker.hpp"

namespace lv::app {
namespace {

bool pressed(ImGuiKey key) { return ImGui::IsKeyPressed(ImGui::GetKeyIndex(key)); }

// A text field is being edited now. io.WantTextInput says so a frame late: the key
// pressed right after Enter left a field went nowhere (neither to the field nor to
// the deck). ImGui's active item is current: it is the field while it is edited.
bool editing_text() {
  const ImGuiContext& g = *GImGui;
  return g.ActiveId != 0 && g.ActiveId == g.InputTextState.ID;
}

// The slide keys' row names its range from the registry (slide_keys_label).
constexpr const char* kSlideKeysMark = "slide keys";

const char* const kShortcuts[][2] = {
    {"← / →, PgUp / PgDn", "previous / next slide"},
    {kSlideKeysMark, "jump to a slide (0: text → token IDs)"},
    {"Space", "play / pause the slide's animation"},
    {", / .", "step back / forward"},
    {"Home / End", "first / last step of the slide"},
    {"T", "tour: every slide from 0, hands-free (any key or click stops it)"},
    {"N (or right-click a row)", "what a row means: its nearest rows (cosine, dot, L2), the row norms"},
    {"Tab", "next text field (Enter applies, Esc goes back)"},
    {"Ctrl+O", "open a table (.npy, .safetensors, .gguf)"},
    {"Ctrl+S", "save a screenshot (PNG)"},
    {"Ctrl+= / Ctrl+- / Ctrl+0",
     "larger / smaller / normal text (menus, narration, code: the slide fits its type to its room)"},
    {"A", "Learn mode: each slide asks you first, then shows you (on / off)"},
    {"Q", "quiz me: five questions from fresh states, then a score"},
    {"Learn / Present / Explore", "the first launch's choice, changed any time: A (Learn mode), F11 (present)"},
    {"Asked a question", "click or ↑ ↓ ← → to pick, type a number, Enter answers, S shows; PgUp / PgDn leave"},
    {"After a miss", "N tries another (a practice state); B gives your own state back"},
    {"F1 or ?", "show or hide this help"},
    {"F11 (Esc leaves)", "present: full screen, larger type, the code panels folded"},
    {"C (presenting)", "show or hide the code panels"},
    {"Esc", "close this help; presenting: leave full screen (always, a question asked too)"},
    {"Ctrl+Q", "quit"},
};

// N: the nearest rows of the table row under the mouse (a slide said so last frame: the
// keys come before the slides draw), else the last ID's; N again with nothing under the
// mouse closes the panel (app/app_nearest.hpp draws it).
void nearest_key(App& app) {
  NearestPanel& p = app.nearest;
  if (p.hover_frame >= ImGui::GetFrameCount() - 1 && p.hover_row >= 0) p.open_request = p.hover_row;
  else if (p.open) p.open = false;
  else if (!app.inputs.ids.empty()) p.open_request = app.inputs.ids.back();
}

}  // namespace

void configure_keyboard(ImGuiIO& io) {
  // No ImGui keyboard navigation: with it, ←/→, Home/End moved a focus ring over the
  // controls (tooltips and all), Space activated the focused one as well as playing,
  // and `.` or a digit was then typed into the field it opened. The slide keys are
  // the app's; Tab still moves between the text fields (ImGui's tab stops work
  // without navigation), Enter / Esc still end an edit, and clicks do the rest.
  io.ConfigFlags &= ~(ImGuiConfigFlags_NavEnableKeyboard | ImGuiConfigFlags_NavEnableGamepad);
}

void handle_shortcuts(App& app) {
  ImGuiIO& io = ImGui::GetIO();
  UiState& ui = app.ui;
  if (ImGui::IsKeyPressed(kKeyF1, false)) ui.show_shortcuts = !ui.show_shortcuts;
  if (ImGui::IsKeyPressed(kKeyF11, false)) ui.present.toggle = true;
  // Esc in a field reverts the field; only outside one does it leave full screen (or close
  // this help). It means that in every mode: a question asked shows its answer with S, not Esc.
  const bool question_keys = app.learn.keys_frame == ImGui::GetFrameCount();
  if (ui.present.on && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false) && !ui.show_shortcuts &&
      !editing_text())
    ui.present.toggle = true;
  if (io.KeyCtrl && ImGui::IsKeyPressed(kKeyS, false)) ui.screenshot_requested = true;
  if (io.KeyCtrl && ImGui::IsKeyPressed(kKeyQ, false)) ui.quit_requested = true;
  if (io.KeyCtrl && ImGui::IsKeyPressed(kKeyO, false) && !table_loading(app)) request_open_table(app);
  if (io.KeyCtrl && ImGui::IsKeyPressed(kKeyEqual)) ui.scale_request = std::min(3.0f, ui.user_zoom * 1.1f);
  if (io.KeyCtrl && ImGui::IsKeyPressed(kKeyMinus)) ui.scale_request = std::max(0.6f, ui.user_zoom / 1.1f);
  if (io.KeyCtrl && ImGui::IsKeyPressed(kKey0, false)) ui.scale_request = 1.0f;
  // Everything else belongs to a text field while one is being edited.
  if (editing_text() || io.KeyCtrl) return;
  if (ui.show_shortcuts && pressed(ImGuiKey_Escape)) ui.show_shortcuts = false;
  // A question asked (Learn mode) has the arrows, digits, Space, Home / End and the step
  // keys (app/app_learn.cpp learn_keys): the slide does not pass it until it is answered.
  // PgUp / PgDn still leave the slide.
  const bool asked = (app.learn.phase == LearnPhase::Asking && app.learn.slide == ui.slide) || question_keys;
  const int steps = current_slide_steps(app);
  if (asked) {
    if (pressed(ImGuiKey_PageUp)) go_to_slide(app, ui.slide - 1);
    if (pressed(ImGuiKey_PageDown)) go_to_slide(app, ui.slide + 1);
    return;
  }
  if (pressed(ImGuiKey_LeftArrow) || pressed(ImGuiKey_PageUp)) go_to_slide(app, ui.slide - 1);
  if (pressed(ImGuiKey_RightArrow) || pressed(ImGuiKey_PageDown)) go_to_slide(app, ui.slide + 1);
  if (pressed(ImGuiKey_Space)) timeline_play_pause(ui.timeline, steps);
  if (pressed(ImGuiKey_Home)) timeline_seek(ui.timeline, steps, 0.0f);
  if (pressed(ImGuiKey_End)) timeline_finish(ui.timeline, steps);
  for (int i = 0; i < io.InputQueueCharacters.Size; ++i) {
    const ImWchar c = io.InputQueueCharacters[i];
    if (c >= '0' && c <= '9' && c - '0' < slide_count()) go_to_slide(app, c - '0');  // a slide's key is its number
    if (c == '?') ui.show_shortcuts = !ui.show_shortcuts;
    if (c == ',') timeline_step(ui.timeline, steps, -1, ui.reduced_motion);
    if (c == '.') timeline_step(ui.timeline, steps, +1, ui.reduced_motion);
    if ((c == 'c' || c == 'C') && ui.present.on) ui.present.code = !ui.present.code;
    if (c == 't' || c == 'T') ui.tour.requested = true;  // app/app_tour.hpp starts it
    if (c == 'n' || c == 'N') nearest_key(app);
  }
}

void draw_shortcuts_overlay(App& app) {
  if (!app.ui.show_shortcuts) return;
  const float e = em();
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.5f),
                          ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  // A fixed width (auto height): with the width left to AlwaysAutoResize the long rows
  // ran off the right edge instead of wrapping. The height always fits: no scroll bar
  // (wrapped rows left a useless one).
  const float w = std::min(e * 30.0f, vp->WorkSize.x - e * 2);
  ImGui::SetNextWindowSizeConstraints(ImVec2(w, 0.0f), ImVec2(w, FLT_MAX));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(e * 1.4f, e * 1.2f));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, e * 0.6f);
  bool open = true;
  if (ImGui::Begin("Keyboard shortcuts", &open,
                   ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoResize |
                       ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoScrollbar)) {
    if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_PadOuterX)) {
      ImGui::TableSetupColumn("key", ImGuiTableColumnFlags_WidthFixed, e * 12.0f);
      ImGui::TableSetupColumn("does", ImGuiTableColumnFlags_WidthStretch);
      for (const auto& row : kShortcuts) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::PushFont(fonts().bold);
        ImGui::TextWrapped("%s", row[0] == kSlideKeysMark ? slide_keys_label().c_str() : row[0]);
        ImGui::PopFont();
        ImGui::TableNextColumn();
        ImGui::TextWrapped("%s", row[1]);
      }
      ImGui::EndTable();
    }
    ImGui::Spacing();
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("%s", "Hover any control for a tip. Cells of the table can be dragged to edit weights.");
    ImGui::PopStyleColor();
  }
  ImGui::End();
  ImGui::PopStyleVar(2);
  if (!open) app.ui.show_shortcuts = false;
}

}  // namespace lv::app
