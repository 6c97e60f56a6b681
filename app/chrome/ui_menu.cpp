// ui_menu.cpp — File / View / Slides / Help.
#include <imgui.h>

#include <cstdio>
#include <string>

#include "app/state/app_edits.hpp"
#include "app/chrome/chrome.hpp"
#include "app/deck/slide_host.hpp"
#include "app/deck/slide_nav.hpp"
#include "app/widgets/widget_data_text.hpp"
#include "app/widgets/widget_file_picker.hpp"
#include "app/ui_base/ui_landmarks.hpp"
#include "app/slides/slides.hpp"
#include "app/ui_base/ui_theme.hpp"
#include "core/settings/cli_options.hpp"

namespace lv::app {

void draw_menu_bar(App& app) {
  UiState& ui = app.ui;
  if (!ImGui::BeginMenuBar()) return;
  ImGui::PushFont(fonts().bold);
  ImGui::TextUnformatted("lookupviz");
  ImGui::PopFont();
  ImGui::TextDisabled("%s", "Lookup Is a Matrix Multiply");
  const bool file_menu = ImGui::BeginMenu("File");
  if (!file_menu) landmark("menu-file");  // (tests open it there)
  if (file_menu) {
    if (ImGui::MenuItem("Open table…", "Ctrl+O", false, !table_loading(app))) request_open_table(app);
    const bool recent_menu = ImGui::BeginMenu("Open recent", !app.loading.recent.empty() && !table_loading(app));
    if (!recent_menu) landmark("menu-open-recent");
    if (recent_menu) {
      for (size_t i = 0; i < app.loading.recent.size(); ++i) {
        const std::string& spec = app.loading.recent[i];
        // The file's name first (what the user recognises), the folder greyed after it;
        // both are text from a file, never a label: the row's ID is its index.
        const size_t slash = spec.find_last_of('/');
        const std::string_view name =
            slash == std::string::npos ? std::string_view(spec) : std::string_view(spec).substr(slash + 1);
        const std::string_view folder =
            slash == std::string::npos ? std::string_view() : std::string_view(spec).substr(0, slash);
        ImGui::PushID(static_cast<int>(i));
        const bool open = data_selectable(name, false, 0, folder, /*menu=*/true);
        ImGui::PopID();
        if (i == 0) landmark("recent-0");
        if (open) {
          start_table_load(app, spec);
          break;  // the list may change under the loop
        }
      }
      ImGui::EndMenu();
    }
    if (ImGui::MenuItem("Back to the seeded table", nullptr, false, app.inputs.file != nullptr)) close_table(app);
    ImGui::Separator();
    // A slide's own table (slide 9's trained one; the file is never written): a .safetensors of its own.
    const SlideDef* saver = nullptr;
    for (const SlideDef& s : slide_table())
      if (!saver && s.table_saveable && s.save_table && s.table_saveable(context_of(app, s))) saver = &s;
    if (ImGui::MenuItem("Save table as… (.safetensors)", nullptr, false, saver != nullptr))
      saver->save_table(context_of(app, *saver));
    if (ImGui::MenuItem("Save screenshot (PNG)", "Ctrl+S")) ui.screenshot_requested = true;
    if (ImGui::MenuItem("Export this slide's animation (GIF)")) ui.gif_requested = true;
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("Plays the slide from its first step to its last and saves it as a looping GIF\n"
                        "in your Pictures folder (or the working directory), at the window's size.");
    ImGui::Separator();
    if (ImGui::MenuItem("Quit", "Ctrl+Q")) ui.quit_requested = true;
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("View")) {
    if (ImGui::MenuItem("Dark theme", nullptr, ui.theme == Theme::Dark)) ui.theme = Theme::Dark;
    if (ImGui::MenuItem("Light theme", nullptr, ui.theme == Theme::Light)) ui.theme = Theme::Light;
    ImGui::Separator();
    ImGui::MenuItem("Reduced motion", nullptr, &ui.reduced_motion);
    if (ImGui::MenuItem("Present (full screen)", "F11", ui.present.on)) ui.present.toggle = true;
    if (ImGui::MenuItem("Tour: every slide, hands-free", "T")) ui.tour.requested = true;  // any key stops it
    if (ImGui::MenuItem("What a row means: nearest rows, norms", "N", app.nearest.open)) {
      if (app.nearest.open) app.nearest.open = false;
      else app.nearest.open_request = app.inputs.ids.empty() ? 0 : app.inputs.ids.back();
    }
    ImGui::Separator();
    if (ImGui::MenuItem("Larger text", "Ctrl+=")) ui.scale_request = ui.user_zoom * 1.1f;
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("The menus, the narration and the code grow (as far as the window holds them); the slide keeps "
                        "the largest type that fits its room");
    if (ImGui::MenuItem("Smaller text", "Ctrl+-")) ui.scale_request = ui.user_zoom / 1.1f;
    if (ImGui::MenuItem("Normal size", "Ctrl+0")) ui.scale_request = 1.0f;
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Slides")) {
    for (int i = 0; i < slide_count(); ++i) {
      char label[96], key[16];
      std::snprintf(label, sizeof label, "%02d  %s", i, slide_table()[static_cast<size_t>(i)].title);  // its number
      std::snprintf(key, sizeof key, "%d", i);
      if (ImGui::MenuItem(label, key, ui.slide == i)) go_to_slide(app, i);
    }
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Learn")) {
    bool ask = app.learn.ask;
    if (ImGui::MenuItem("Learn: ask me first", "A", &ask)) set_learn(app.learn, ask);
    if (!app.learn.quiz.active && ImGui::MenuItem("Quiz me (5 questions)", "Q")) app.learn.quiz_requested = true;
    if (app.learn.quiz.active && ImGui::MenuItem("End the quiz (back to my own state)"))
      app.learn.quiz_end_requested = true;
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Help")) {
    if (ImGui::MenuItem("Keyboard shortcuts", "F1")) ui.show_shortcuts = true;
    ImGui::Separator();
    ImGui::TextDisabled("%s", cli_version_text().c_str());
    ImGui::TextDisabled("%s", "Numbers are torch 1.13's, bit for bit.");
    ImGui::EndMenu();
  }
  // Learn mode's toggle and the theme's, always in reach.
  const char* learn = app.learn.ask ? "Learn: on" : "Learn: off";
  const float pad = ImGui::GetStyle().FramePadding.x * 4;
  const float w = ImGui::CalcTextSize("Light theme").x + pad;
  const float lw = ImGui::CalcTextSize("Learn: off").x + pad;
  ImGui::SetCursorPosX(ImGui::GetWindowWidth() - w - lw - ImGui::GetStyle().ItemSpacing.x -
                       ImGui::GetStyle().WindowPadding.x);
  if (ImGui::SmallButton(learn)) set_learn(app.learn, !app.learn.ask);
  landmark("learn-toggle");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Learn mode (A): each slide asks you a question before it shows the answer");
  ImGui::SameLine();
  ImGui::SetCursorPosX(ImGui::GetWindowWidth() - w - ImGui::GetStyle().WindowPadding.x);
  if (ImGui::SmallButton(ui.theme == Theme::Dark ? "Light theme" : "Dark theme"))
    ui.theme = ui.theme == Theme::Dark ? Theme::Light : Theme::Dark;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Switch between the dark and light themes");
  ImGui::EndMenuBar();
}

}  // namespace lv::app
