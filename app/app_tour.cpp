// app_tour.cpp — the narrated tour in the App (app_tour.hpp): it starts at slide 0's first
// step, holds each step for tour_hold_seconds of the words its narration showed, steps
// and turns slides as the transport's buttons do, and gives control back at any input.
#include "app/app_tour.hpp"

#include <imgui.h>
#include <imgui_internal.h>  // ImGui's log: the narration's text as drawn

#include <algorithm>
#include <cstdlib>

#include "app/app_learn.hpp"
#include "app/chrome/chrome.hpp"
#include "app/deck/slide_nav.hpp"
#include "app/chrome/ui_keys.hpp"
#include "app/slides/slides.hpp"
#include "app/ui_base/anim_timeline.hpp"
#include "app/ui_base/ui_landmarks.hpp"
#include "app/ui_base/ui_theme.hpp"

namespace lv::app {
namespace {

// Slide `slide` from its first step: eased into, or shown at once in reduced motion (the
// transport's Next > shows a slide's last step at once in reduced motion; the tour reads
// the steps one by one).
void tour_show_slide(App& app, int slide) {
  go_to_slide(app, slide);
  Timeline& t = app.ui.timeline;
  t = Timeline{0.0f, false, t.speed, -1.0f};
  if (app.ui.reduced_motion) timeline_seek(t, current_slide_steps(app), 1.0f);
  else t.target = 1.0f;
}

// A key pressed, a character typed or a button clicked in this frame.
bool any_input(const ImGuiIO& io) {
  for (int k = 0; k < IM_ARRAYSIZE(io.KeysDown); ++k)
    if (io.KeysDown[k] && io.KeysDownDuration[k] == 0.0f) return true;
  for (int b = 0; b < IM_ARRAYSIZE(io.MouseDown); ++b)
    if (io.MouseClicked[b]) return true;
  return io.InputQueueCharacters.Size > 0;
}

// The click that stopped the tour presses nothing (the app stays where it is).
void swallow_clicks(ImGuiIO& io) {
  for (int b = 0; b < IM_ARRAYSIZE(io.MouseDown); ++b) io.MouseClicked[b] = io.MouseDoubleClicked[b] = false;
  io.InputQueueCharacters.resize(0);
}

// Input the verdict of Learn mode's question takes (its panel is shown): Enter (Continue), N
// (Try another), B (back to the learner's own state), a click inside the panel. The tour goes on.
bool verdict_input(const App& app) {
  const LearnState& L = app.learn;
  if (L.phase != LearnPhase::Revealed || L.slide != app.ui.slide) return false;
  const ImGuiIO& io = ImGui::GetIO();
  for (int k = 0; k < IM_ARRAYSIZE(io.KeysDown); ++k)
    if (io.KeysDown[k] && io.KeysDownDuration[k] == 0.0f && k != ImGui::GetKeyIndex(ImGuiKey_Enter) &&
        k != ImGui::GetKeyIndex(ImGuiKey_KeyPadEnter) && k != kKeyN && k != kKeyB && k != kKeyLeftShift &&
        k != kKeyRightShift)
      return false;
  for (int i = 0; i < io.InputQueueCharacters.Size; ++i) {
    const ImWchar c = io.InputQueueCharacters[i];
    if (c != 'n' && c != 'N' && c != 'b' && c != 'B') return false;
  }
  for (int b = 0; b < IM_ARRAYSIZE(io.MouseDown); ++b) {
    if (!io.MouseClicked[b]) continue;
    const ImVec2 m = io.MouseClickedPos[b];
    if (m.x < L.panel_min.x || m.x >= L.panel_max.x || m.y < L.panel_min.y || m.y >= L.panel_max.y) return false;
  }
  return true;
}

TourView tour_view(const App& app) {
  const Timeline& t = app.ui.timeline;
  const int steps = current_slide_steps(app);
  return TourView{app.ui.slide, current_step(t, steps), steps, slide_count(), !t.playing && t.target < 0.0f};
}

}  // namespace

double tour_speed_from_env() {
  const char* s = std::getenv("LOOKUPVIZ_TOUR_SPEED");
  if (!s || !*s) return 1.0;
  char* end = nullptr;
  const double v = std::strtod(s, &end);
  return (end && *end == '\0' && v > 0.0) ? std::clamp(v, 0.01, 1000.0) : 1.0;
}

bool tour_frame(App& app) {
  TourState& tour = app.ui.tour;
  // While Learn mode's question waits (tour.waits), keys and clicks are its answer, not a stop;
  // its verdict's keys and buttons go on (Enter, N, B, a click in the question panel).
  if (tour.running && !tour.waits && any_input(ImGui::GetIO()) && !verdict_input(app)) {
    tour_end(tour);  // the slide and the step stay as they are
    swallow_clicks(ImGui::GetIO());
    set_status(app, "Tour stopped: the slides are yours again (T plays it again).");
    return !ImGui::GetIO().KeyCtrl;  // a chord (Ctrl+Q, Ctrl+S) still does what it says
  }
  if (tour.requested) {
    const bool here = tour.from_here;
    tour_begin(tour, tour_speed_from_env() * tour.speed);  // (a test may set the speed before asking)
    if (!here) tour_show_slide(app, 0);
  }
  switch (tour_tick(tour, app.time, tour_view(app))) {
    case TourMove::NextStep: timeline_step(app.ui.timeline, current_slide_steps(app), +1, app.ui.reduced_motion); break;
    case TourMove::NextSlide: tour_show_slide(app, app.ui.slide + 1); break;
    case TourMove::Finished: set_status(app, "Tour ended at the last slide."); break;
    case TourMove::None: break;
  }
  return false;
}

bool tour_needs_frame(const App& app) { return app.ui.tour.running && !app.ui.tour.waits && app.ui.tour.words < 0; }

double tour_wake_in(const App& app) { return tour_due_in(app.ui.tour, app.time); }

void tour_narration_begin(App& app) {
  if (!app.ui.tour.running || GImGui->LogEnabled) return;
  ImGui::LogToBuffer();
}

void tour_narration_end(App& app) {
  ImGuiContext& g = *GImGui;
  if (!app.ui.tour.running || !g.LogEnabled || g.LogType != ImGuiLogType_Buffer) return;
  const int steps = current_slide_steps(app);
  tour_narration_drawn(app.ui.tour, app.ui.slide, current_step(app.ui.timeline, steps), g.LogBuffer.begin(),
                       g.LogBuffer.end());
  ImGui::LogFinish();
}

void draw_tour_badge(App& app, ImVec2 corner) {
  if (!app.ui.tour.running) return;
  // A question holds the tour: the question panel says "answer to go on (S shows it)"
  // where the learner reads (app/app_learn.cpp), not a corner's "any key stops".
  if (app.ui.tour.waits && learn_panel_shown(app)) return;
  const Palette& pal = palette(app.ui.theme);
  const float e = em();
  // Inside the canvas's bottom-right corner: a slide's scene sits a little above the middle,
  // so more room is left below it than above (a heat map filling the canvas loses a corner of
  // pixels, no text; a scene as wide as the canvas reached the top-right corner at 1024 × 768).
  ImGui::SetNextWindowPos(ImVec2(corner.x - e * 0.5f, corner.y - e * 0.4f), ImGuiCond_Always, ImVec2(1.0f, 1.0f));
  ImGui::SetNextWindowBgAlpha(0.92f);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(e * 0.6f, e * 0.3f));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, e * 0.4f);
  ImGui::PushStyleColor(ImGuiCol_Border, pal.accent);
  ImGui::Begin("##tour-badge", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoInputs | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav);
  ImGui::PushStyleColor(ImGuiCol_Text, pal.accent);
  ImGui::TextUnformatted("Tour — any key stops");
  ImGui::PopStyleColor();
  landmark("tour-badge");
  ImGui::End();
  ImGui::PopStyleColor();
  ImGui::PopStyleVar(2);
}

}  // namespace lv::app
