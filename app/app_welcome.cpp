// app_welcome.cpp — see the header.
#include "app/app_welcome.hpp"

#include <imgui.h>

#include <algorithm>

#include "app/app_learn.hpp"
#include "app/chrome/chrome.hpp"
#include "app/deck/slide_nav.hpp"
#include "app/ui_base/ui_landmarks.hpp"
#include "app/ui_base/ui_theme.hpp"

namespace lv::app {
namespace {

struct Option {
  WelcomeChoice choice;
  const char* key;       // the key that chooses it
  const char* title;     // its button
  const char* says;      // what it does, in a line
  const char* landmark;  // for the tests that click it
};

constexpr Option kOptions[] = {
    {WelcomeChoice::Learn, "1", "Learn",
     "Each slide asks you first, on its own canvas, then shows you. A turns it on or off.", "welcome-learn"},
    {WelcomeChoice::Present, "2", "Present",
     "Full screen and large type, for a room. F11 (or Esc) goes back to the window.", "welcome-present"},
    {WelcomeChoice::Explore, "3", "Explore", "Everything at once: edit the IDs and the table, and every slide follows.",
     "welcome-explore"},
};

}  // namespace

void welcome_choose(App& app, WelcomeChoice c) {
  app.ui.welcome = false;
  switch (c) {
    case WelcomeChoice::Learn:
      set_learn_mode(app, true);
      set_status(app, "Learn mode: each slide asks first (A turns it off)");
      break;
    case WelcomeChoice::Present: app.ui.present.toggle = true; break;
    case WelcomeChoice::Explore: break;
  }
}

bool welcome_keys(App& app) {
  if (!app.ui.welcome) return false;
  ImGuiIO& io = ImGui::GetIO();
  if (io.KeyCtrl) return false;  // Ctrl+Q, Ctrl+S: the app's
  auto pressed = [](ImGuiKey k) { return ImGui::IsKeyPressed(ImGui::GetKeyIndex(k), false); };
  if (pressed(ImGuiKey_Enter) || pressed(ImGuiKey_KeyPadEnter)) welcome_choose(app, WelcomeChoice::Learn);
  else if (pressed(ImGuiKey_Escape)) welcome_choose(app, WelcomeChoice::Explore);
  for (int i = 0; i < io.InputQueueCharacters.Size && app.ui.welcome; ++i) {
    const ImWchar c = io.InputQueueCharacters[i];
    if (c == '1' || c == 'l' || c == 'L') welcome_choose(app, WelcomeChoice::Learn);
    if (c == '2' || c == 'p' || c == 'P') welcome_choose(app, WelcomeChoice::Present);
    if (c == '3' || c == 'e' || c == 'E') welcome_choose(app, WelcomeChoice::Explore);
  }
  return true;  // this frame's keys were the choice's, whatever they were
}

void draw_welcome(App& app) {
  if (!app.ui.welcome) return;
  const float e = em();
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  // The page behind is dimmed and takes no clicks (a modal), the choice centred over it.
  if (!ImGui::IsPopupOpen("Welcome to lookupviz")) ImGui::OpenPopup("Welcome to lookupviz");
  ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.5f),
                          ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  const float w = std::min(e * 34.0f, vp->WorkSize.x - e * 2.0f);
  ImGui::SetNextWindowSizeConstraints(ImVec2(w, 0.0f), ImVec2(w, vp->WorkSize.y - e * 2.0f));
  if (!ImGui::BeginPopupModal(
          "Welcome to lookupviz", nullptr,
          ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings))
    return;
  const Palette& pal = palette(app.ui.theme);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::PushFont(fonts().title);
  ImGui::TextUnformatted("An embedding lookup is a matrix multiply.");
  ImGui::PopFont();
  ImGui::TextUnformatted("How would you like to see it?");
  ImGui::Spacing();
  const float bw = e * 7.5f;
  for (const Option& o : kOptions) {
    ImGui::Separator();
    ImGui::Spacing();
    char label[48];
    std::snprintf(label, sizeof label, "%s  %s", o.key, o.title);
    if (ImGui::Button(label, ImVec2(bw, ImGui::GetFrameHeight() * 1.4f))) {
      welcome_choose(app, o.choice);
      ImGui::CloseCurrentPopup();
    }
    landmark(o.landmark);
    ImGui::SameLine(0.0f, e * 0.8f);
    ImGui::BeginGroup();
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + std::max(e * 8.0f, w - bw - e * 3.0f));
    ImGui::TextUnformatted(o.says);
    ImGui::PopTextWrapPos();
    ImGui::EndGroup();
    ImGui::Spacing();
  }
  ImGui::Separator();
  ImGui::PushStyleColor(ImGuiCol_Text, pal.muted);
  ImGui::TextUnformatted(
      "Press 1, 2 or 3 (Enter: Learn, Esc: Explore). This shows once: A turns Learn mode on or off, F11 presents, "
      "and F1 lists every key.");
  ImGui::PopStyleColor();
  ImGui::PopTextWrapPos();
  if (!app.ui.welcome) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

}  // namespace lv::app
