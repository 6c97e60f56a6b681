// ui_transport.cpp — moving through the deck and through a slide's steps:
// Prev / Next slide, step back / play-pause / step forward, the scrubber, speed.
#include <imgui.h>

#include <cmath>
#include <cstdio>

#include "app/slides/anim_timeline.hpp"
#include "app/app_ui.hpp"
#include "app/slides/slides.hpp"
#include "app/chrome/ui_landmarks.hpp"
#include "app/chrome/ui_theme.hpp"

namespace lv::app {
namespace {

void tooltip(const char* text) {
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text);
}

}  // namespace

void draw_transport(App& app) {
  const float e = em();
  UiState& ui = app.ui;
  Timeline& t = ui.timeline;
  const int steps = current_slide_steps(app);
  const float w = ImGui::GetContentRegionAvail().x;
  ImGui::Separator();

  // Step controls and the scrubber.
  const float bw = e * 2.6f;
  if (ImGui::Button("|<##step-back", ImVec2(bw, 0))) timeline_step(t, steps, -1, ui.reduced_motion);
  landmark("step-back");
  tooltip("Step back (,)");
  ImGui::SameLine();
  const bool at_end = t.pos >= static_cast<float>(steps) && !t.playing;
  if (ImGui::Button(t.playing ? "Pause##play" : (at_end ? "Replay##play" : "Play##play"), ImVec2(e * 4.6f, 0)))
    timeline_play_pause(t, steps);
  landmark("play");
  tooltip("Play or pause this slide's animation (Space)");
  ImGui::SameLine();
  if (ImGui::Button(">|##step-fwd", ImVec2(bw, 0))) timeline_step(t, steps, +1, ui.reduced_motion);
  landmark("step-fwd");
  tooltip("Step forward (.)");
  ImGui::SameLine();
  // "step 2 / 3" sits beside the scrubber, not inside it: inside, the handle covered
  // "step" whenever the scrubber was narrow (1024 wide). Its slot fits the widest label,
  // so the scrubber does not move as the steps go by; where "step 2 / 3" would leave the
  // scrubber too short to use, the label is just "2 / 3".
  const int cur = current_step(t, steps);
  const char* formats[] = {"step %d / %d", "%d / %d"};
  char label[48], widest[48];
  float slot = 0.0f;
  for (const char* f : formats) {
    std::snprintf(label, sizeof label, f, cur + 1, steps);
    std::snprintf(widest, sizeof widest, f, steps, steps);
    slot = ImGui::CalcTextSize(widest).x + ImGui::GetStyle().ItemSpacing.x;
    if (ImGui::GetContentRegionAvail().x - slot >= e * 6.0f) break;
  }
  const float label_x = ImGui::GetCursorPosX();
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(label);
  ImGui::SameLine(label_x + slot);
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x);
  float pos = t.pos;
  if (ImGui::SliderFloat("##scrub", &pos, 0.0f, static_cast<float>(steps), "")) timeline_seek(t, steps, pos);
  landmark("scrubber");
  tooltip("Scrub through the steps; every in-between state can be paused on");

  // Slides and speed.
  if (ImGui::Button("< Prev", ImVec2(e * 5.0f, 0))) go_to_slide(app, ui.slide - 1);
  landmark("prev-slide");
  tooltip("Previous slide (← or PgUp)");
  ImGui::SameLine();
  if (ImGui::Button("Next >", ImVec2(e * 5.0f, 0))) go_to_slide(app, ui.slide + 1);
  landmark("next-slide");
  tooltip("Next slide (→ or PgDn)");
  ImGui::SameLine();
  static const float kSpeeds[] = {0.25f, 0.5f, 1.0f, 2.0f, 4.0f};
  static const char* kSpeedNames[] = {"0.25×", "0.5×", "1×", "2×", "4×"};
  int si = 2;
  for (int i = 0; i < 5; ++i)
    if (std::fabs(kSpeeds[i] - t.speed) < 1e-3f) si = i;
  ImGui::SetNextItemWidth(std::max(e * 4.5f, ImGui::GetContentRegionAvail().x - e * 0.2f - (w > e * 24 ? e * 9.5f : 0)));
  if (ImGui::Combo("##speed", &si, kSpeedNames, 5)) t.speed = kSpeeds[si];
  tooltip("Animation speed");
  if (w > e * 24) {
    ImGui::SameLine();
    checkbox("Reduced motion", &ui.reduced_motion);
    tooltip("Show each step's end state at once, without movement");
  }
}

}  // namespace lv::app
