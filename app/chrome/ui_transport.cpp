// ui_transport.cpp — moving through the deck and through a slide's steps:
// Prev / Next slide, step back / play-pause / step forward, the scrubber, speed.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/ui_base/anim_timeline.hpp"
#include "app/chrome/chrome.hpp"
#include "app/deck/slide_nav.hpp"
#include "app/slides/slides.hpp"
#include "app/ui_base/layout_report.hpp"
#include "app/ui_base/ui_landmarks.hpp"
#include "app/ui_base/ui_theme.hpp"

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
  const ImGuiStyle& st = ImGui::GetStyle();
  // A narrow column (1024 wide, presenting's floating box) gives the scrubber a row of its
  // own: beside the buttons it was too short to use, and the speed control read "1".
  const bool narrow = transport_rows(w) == 3;
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
    if (narrow ? ImGui::GetContentRegionAvail().x >= slot : ImGui::GetContentRegionAvail().x - slot >= e * 6.0f) break;
  }
  const float label_x = ImGui::GetCursorPosX();
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(label);
  if (!narrow) ImGui::SameLine(label_x + slot);
  const float scrub_w = ImGui::GetContentRegionAvail().x;
  if (scrub_w < e * 4.0f) report_clipped("the transport's scrubber is too short to use");
  ImGui::SetNextItemWidth(scrub_w);
  float pos = t.pos;
  if (ImGui::SliderFloat("##scrub", &pos, 0.0f, static_cast<float>(steps), "")) timeline_seek(t, steps, pos);
  landmark("scrubber");
  tooltip("Scrub through the steps; every in-between state can be paused on");

  // Slides and speed (narrow, the two buttons give up room down to their labels').
  const float text_w =
      std::max(ImGui::CalcTextSize("< Prev").x, ImGui::CalcTextSize("Next >").x) + st.FramePadding.x * 2.0f;
  const float nav_w = std::clamp((w - e * 4.7f - st.ItemSpacing.x * 2.0f) * 0.5f, text_w, e * 5.0f);
  if (ImGui::Button("< Prev", ImVec2(nav_w, 0))) go_to_slide(app, ui.slide - 1);
  landmark("prev-slide");
  tooltip("Previous slide (← or PgUp)");
  ImGui::SameLine();
  if (ImGui::Button("Next >", ImVec2(nav_w, 0))) go_to_slide(app, ui.slide + 1);
  landmark("next-slide");
  tooltip("Next slide (→ or PgDn)");
  ImGui::SameLine();
  static const float kSpeeds[] = {0.25f, 0.5f, 1.0f, 2.0f, 4.0f};
  static const char* kSpeedNames[] = {"0.25×", "0.5×", "1×", "2×", "4×"};
  int si = 2;
  for (int i = 0; i < 5; ++i)
    if (std::fabs(kSpeeds[i] - t.speed) < 1e-3f) si = i;
  ImGui::SetNextItemWidth(
      std::max(e * 4.5f, ImGui::GetContentRegionAvail().x - e * 0.2f - (w > e * 24 ? e * 9.5f : 0)));
  if (ImGui::Combo("##speed", &si, kSpeedNames, 5)) t.speed = kSpeeds[si];
  tooltip("Animation speed");
  if (w > e * 24) {
    ImGui::SameLine();
    checkbox("Reduced motion", &ui.reduced_motion);
    tooltip("Show each step's end state at once, without movement");
  }
  // The speed control is the row's last item: past the column's edge it reads "1" or nothing.
  if (ImGui::GetItemRectMax().x > ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x + 0.5f)
    report_clipped("the transport is wider than its column");
}

int transport_rows(float width) {
  // Row 1: |< Play >| and "2 / 3" beside a scrubber of at least 4 em; else the scrubber on a row of its own.
  const float e = em(), gap = ImGui::GetStyle().ItemSpacing.x;
  const float row1 = e * (2.6f + 4.6f + 2.6f + 4.0f) + ImGui::CalcTextSize("88 / 88").x + gap * 4.0f;
  return width >= row1 ? 2 : 3;
}

}  // namespace lv::app
