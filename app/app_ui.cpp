// app_ui.cpp — the page layout: menu bar; editor bar (IDs, V, D, seed); the demo
// canvas with its caption beside the narrative and the transport; "The real code"
// and torch's output at the bottom; a status line.
#include "app/app_ui.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "app/anim_timeline.hpp"
#include "app/scale_worker.hpp"
#include "app/slides.hpp"
#include "app/ui_draw.hpp"
#include "app/ui_theme.hpp"
#include "app/widget_code_panel.hpp"

namespace lv::app {
namespace {

void draw_canvas(App& app, const SlideDef& slide, ImVec2 size) {
  const Palette& pal = palette(app.ui.theme);
  const float e = em();
  ImGui::PushStyleColor(ImGuiCol_ChildBg, pal.panel);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(e * 1.2f, e * 1.0f));
  const float caption_h = e * 2.0f;
  ImGui::BeginChild("canvas", ImVec2(size.x, size.y - caption_h), true, ImGuiWindowFlags_HorizontalScrollbar);
  // A small table in a big window is drawn larger: the zoom level is chosen from
  // what this slide used at 1x in the last frame (with a margin, so it is stable).
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  float& base_w = app.ui.canvas_used_1x[app.ui.slide][0];
  float& base_h = app.ui.canvas_used_1x[app.ui.slide][1];
  int level = 0;
  for (int l = kCanvasZoomLevels - 1; l > 0 && base_w > 0.0f; --l) {
    if (base_w * kCanvasZoom[l] <= avail.x * 0.95f && base_h * kCanvasZoom[l] <= avail.y * 0.95f) {
      level = l;
      break;
    }
  }
  begin_canvas_zoom(level);
  SlideCanvas c{app, pal, ImGui::GetWindowDrawList(), ImGui::GetCursorScreenPos(), avail, slide.steps(app)};
  const ImVec2 used = slide.canvas(c);
  end_canvas_zoom();
  base_w = used.x / kCanvasZoom[level];
  base_h = used.y / kCanvasZoom[level];
  // Reserve the content so the child scrolls when the drawing is larger than it.
  ImGui::SetCursorScreenPos(c.origin);
  ImGui::Dummy(ImVec2(std::max(used.x, 1.0f), std::max(used.y, 1.0f)));
  ImGui::EndChild();
  ImGui::PopStyleVar();
  ImGui::PopStyleColor();
  char caption[256];
  slide.caption(app, caption, sizeof caption);
  ImGui::PushStyleColor(ImGuiCol_Text, pal.muted);
  const ImVec2 ts = ImGui::CalcTextSize(caption);
  ImGui::SetCursorPosX(ImGui::GetCursorPosX() + std::max(0.0f, (size.x - ts.x) * 0.5f));
  ImGui::SetCursorPosY(ImGui::GetCursorPosY() + e * 0.3f);
  ImGui::TextUnformatted(caption);
  ImGui::PopStyleColor();
}

void draw_narrative(App& app, const SlideDef& slide, ImVec2 size) {
  const Palette& pal = palette(app.ui.theme);
  const float e = em();
  ImGui::BeginChild("narrative", size, false);
  char counter[32];
  std::snprintf(counter, sizeof counter, "%02d / %02d", app.ui.slide + 1, slide_count());
  ImGui::PushFont(fonts().bold);
  ImGui::PushStyleColor(ImGuiCol_Text, pal.accent);
  ImGui::TextUnformatted(counter);
  ImGui::PopStyleColor();
  ImGui::PopFont();
  ImGui::PushFont(fonts().title);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(slide.title);
  ImGui::PopTextWrapPos();
  ImGui::PopFont();
  ImGui::Spacing();
  // The narrative scrolls on its own when the window is short; the transport stays.
  const float transport_h = controls_shown(app) ? e * 5.6f : 0.0f;
  ImGui::BeginChild("narrative-text", ImVec2(0, std::max(e * 3.0f, ImGui::GetContentRegionAvail().y - transport_h)),
                    false);
  ImGui::PushTextWrapPos(0.0f);
  slide.narrative(app);
  ImGui::PopTextWrapPos();
  ImGui::EndChild();
  if (controls_shown(app)) draw_transport(app);
  ImGui::EndChild();
}

// The slide is looked up here, not passed in: a click on Next > earlier in this frame
// has already changed it, and the panels show the slide that is current now.
void draw_code_panels(App& app, ImVec2 size) {
  const Palette& pal = palette(app.ui.theme);
  const float e = em();
  const CodePanelText& text = code_panel_text(app);
  const float w_code = std::floor(size.x * 0.5f - e * 0.3f);
  ImGui::PushStyleColor(ImGuiCol_ChildBg, pal.panel);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(e * 1.0f, e * 0.7f));
  ImGui::BeginChild("code", ImVec2(w_code, size.y), true, ImGuiWindowFlags_HorizontalScrollbar);
  ImGui::PushFont(fonts().bold);
  ImGui::TextUnformatted("The real code");
  ImGui::PopFont();
  ImGui::SameLine();
  ImGui::TextDisabled("%s", "· the notebook's Python with this state's values");
  ImGui::PushFont(fonts().mono);
  draw_python(text.code, pal, app.ui.theme);
  ImGui::PopFont();
  ImGui::EndChild();
  ImGui::SameLine(0.0f, e * 0.6f);
  ImGui::BeginChild("output", ImVec2(0, size.y), true, ImGuiWindowFlags_HorizontalScrollbar);
  ImGui::PushFont(fonts().bold);
  ImGui::TextUnformatted("What PyTorch prints");
  ImGui::PopFont();
  ImGui::SameLine();
  ImGui::TextDisabled("%s", "· torch 1.13, byte for byte");
  ImGui::PushFont(fonts().mono);
  draw_output(text.output, pal, app.ui.theme);
  ImGui::PopFont();
  ImGui::EndChild();
  ImGui::PopStyleVar();
  ImGui::PopStyleColor();
}

void draw_status_line(App& app) {
  const Palette& pal = palette(app.ui.theme);
  ImGui::PushStyleColor(ImGuiCol_Text, pal.muted);
  if (!app.ui.status.empty() && app.time < app.ui.status_until)
    ImGui::TextUnformatted(app.ui.status.c_str());
  else
    ImGui::TextUnformatted("←/→ slides · Space play/pause · , . step · Home/End · 1–8 jump · F11 present · Ctrl+S screenshot · F1 help");
  ImGui::PopStyleColor();
}

}  // namespace

void set_status(App& app, const char* text) {
  app.ui.status = text;
  app.ui.status_until = app.time + 4.0;
}

const CodePanelText& code_panel_text(App& app) {
  CodePanelText& t = app.ui.code_panel;
  if (t.slide != app.ui.slide || t.generation != app.derived.generation) {
    slide_table()[static_cast<size_t>(app.ui.slide)].code(app, t.code, t.output);
    t.slide = app.ui.slide;  // the slide whose code the text really is
    t.generation = app.derived.generation;
  }
  return t;
}

int current_slide_steps(const App& app) { return slide_table()[static_cast<size_t>(app.ui.slide)].steps(app); }

void go_to_slide(App& app, int index) {
  index = std::clamp(index, 0, slide_count() - 1);
  if (index == app.ui.slide) return;
  app.ui.slide = index;
  Timeline& t = app.ui.timeline;
  const bool was_playing = t.playing;
  t = Timeline{0.0f, false, t.speed, -1.0f};
  // A new slide plays its steps from the start (or shows its end state at once).
  if (app.ui.reduced_motion) timeline_finish(t, current_slide_steps(app));
  else if (was_playing) t.playing = true;
  else t.target = 1.0f;  // ease into the first step
}

bool controls_shown(const App& app) { return !app.ui.presenting || app.time < app.ui.controls_until; }

bool app_animating(const App& app) {
  const Timeline& t = app.ui.timeline;
  return t.playing || t.target >= 0.0f || table_loading(app) ||
         scale_needs_frames(app);  // slide 7: its worker runs or the GPU uploads its table
}

void app_frame(App& app) {
  ImGuiIO& io = ImGui::GetIO();
  app.time = ImGui::GetTime();
  if (app.ui.theme != app.ui.applied_theme || app.ui.scale != app.ui.applied_scale) {
    apply_style(app.ui.theme, app.ui.scale);
    app.ui.applied_theme = app.ui.theme;
    app.ui.applied_scale = app.ui.scale;
  }
  const SlideDef& slide = slide_table()[static_cast<size_t>(app.ui.slide)];
  timeline_advance(app.ui.timeline, slide.steps(app), io.DeltaTime, app.ui.reduced_motion);
  handle_shortcuts(app);
  poll_table_load(app);
  if (app.scale.worker && !scale_slide_shown(app))
    app.scale.worker->release_unwanted(app.inputs.seed, app.scale.vocab, app.scale.dim, app.inputs.file.get());

  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(vp->WorkPos);
  ImGui::SetNextWindowSize(vp->WorkSize);
  // Presenting (F11): the controls step aside until the mouse moves.
  if (app.ui.presenting && (io.MouseDelta.x != 0.0f || io.MouseDelta.y != 0.0f || io.MouseDown[0]))
    app.ui.controls_until = app.time + kControlsLinger;
  const bool controls = controls_shown(app);
  ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                           ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;
  if (controls) flags |= ImGuiWindowFlags_MenuBar;
  ImGui::Begin("lookupviz", nullptr, flags);
  if (controls) draw_menu_bar(app);
  const float e = em();
  if (controls) {
    draw_editor_bar(app);
    ImGui::Spacing();
  }

  // The main area and the code panel share the height left; the code panel gets
  // at least 8 em, the demo the rest (scrolling inside when it needs more).
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float status_h = controls ? ImGui::GetTextLineHeightWithSpacing() + e * 0.2f : 0.0f;
  const float body_h = avail.y - status_h;
  const float code_h = std::clamp(body_h * 0.34f, e * 8.0f, e * 20.0f);
  const float main_h = std::max(e * 12.0f, body_h - code_h - e * 0.6f);
  const float narrative_w = std::clamp(avail.x * 0.30f, e * 17.0f, e * 30.0f);
  const float canvas_w = avail.x - narrative_w - e * 1.0f;

  ImGui::BeginGroup();
  draw_canvas(app, slide, ImVec2(canvas_w, main_h));
  ImGui::EndGroup();
  ImGui::SameLine(0.0f, e * 1.0f);
  draw_narrative(app, slide, ImVec2(narrative_w, main_h));
  ImGui::SetCursorPosY(ImGui::GetCursorPosY() + e * 0.1f);
  draw_code_panels(app, ImVec2(avail.x, std::max(e * 6.0f, body_h - main_h - e * 0.6f)));
  if (controls) draw_status_line(app);
  ImGui::End();

  draw_shortcuts_overlay(app);
  draw_table_loading(app);
}

}  // namespace lv::app
