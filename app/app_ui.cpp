// app_ui.cpp — the page layout: menu bar; editor bar (IDs, V, D, seed); the demo
// canvas with its caption beside the narrative and the transport; "The real code"
// and torch's output at the bottom; a status line.
#include "app/deck/slide_host.hpp"
#include "app/app_ui.hpp"

#include "app/state/app_edits.hpp"
#include "app/app_learn.hpp"
#include "app/app_nearest.hpp"
#include "app/app_welcome.hpp"
#include "app/app_tour.hpp"
#include "app/model/model_jobs.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <string>

#include "app/ui_base/anim_timeline.hpp"
#include "app/deck/canvas_fit.hpp"
#include "app/deck/narration_fit.hpp"
#include "app/slides/narrative_lines.hpp"
#include "app/ui_base/layout_report.hpp"
#include "app/slides/slides.hpp"
#include "app/ui_base/ui_draw.hpp"
#include "app/ui_base/ui_landmarks.hpp"
#include "app/ui_base/ui_theme.hpp"
#include "app/widgets/widget_code_panel.hpp"

namespace lv::app {
namespace {

// The slide is looked up here, not passed in: a key or the menu earlier in this frame may
// have changed it, and the fit's key names the current slide (a canvas of the slide left
// behind, measured under the new slide's key, gave the new slide the old one's type size).
// Returns the canvas panel's bottom-right corner (where the tour's badge stands).
ImVec2 draw_canvas(App& app, ImVec2 size) {
  const SlideDef& slide = slide_table()[static_cast<size_t>(app.ui.slide)];
  const Palette& pal = palette(app.ui.theme);
  const float e = em();
  // The caption under the canvas wraps (centred when it is one line); the canvas
  // gets what it leaves, so the two never overlap.
  char caption[256];
  slide.draw.caption(context_of(app, slide), caption, sizeof caption);
  // Learn mode's question (or its verdict) takes the caption's place under the canvas.
  const bool question = learn_panel_shown(app);
  if (!question) report_text(caption);
  const float caption_w = size.x - e * 1.0f;
  wrap_at_spaces(caption, caption_w);  // never inside a number or a name
  const ImVec2 cs = ImGui::CalcTextSize(caption);
  const float caption_h = question ? learn_panel_height(app, size.x) + e * 0.3f : std::max(e * 2.0f, cs.y + e * 0.8f);
  ImGui::PushStyleColor(ImGuiCol_ChildBg, pal.panel);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(e * 0.9f, e * 0.8f));
  ImGui::BeginChild("canvas", ImVec2(size.x, size.y - caption_h), true, ImGuiWindowFlags_HorizontalScrollbar);
  // Measure, then draw: the zoom is chosen once per shape, size and slide, for all
  // of the slide's steps together (app/deck/canvas_fit.hpp).
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const ImVec2 top_left = ImGui::GetCursorScreenPos();
  const uint64_t key = canvas_fit_key(app, avail), view = canvas_view_key(app, avail);
  if (key != app.ui.fit.canvas_fit_key) {
    const bool model_only = view == app.ui.fit.canvas_view_key;
    app.ui.fit.canvas_level = choose_canvas_level(app, slide, top_left, avail,
                                                  model_only ? app.ui.fit.canvas_level : -1, &app.ui.fit.canvas_extent);
    app.ui.fit.canvas_fit_key = key;
    app.ui.fit.canvas_view_key = view;
  }
  // What is smaller than the room is centred across it and set a little above the middle
  // (presenting, slide 2's two tables sat in the top-left corner of an empty canvas); the
  // offset is whole pixels and the same at every step (the extent is all steps').
  const ImVec2 slack(std::max(0.0f, avail.x - app.ui.fit.canvas_extent.x),
                     std::max(0.0f, avail.y - app.ui.fit.canvas_extent.y));
  const ImVec2 origin(top_left.x + std::floor(slack.x * 0.5f), top_left.y + std::floor(slack.y * 0.4f));
  report_canvas_content(origin, ImVec2(origin.x + app.ui.fit.canvas_extent.x, origin.y + app.ui.fit.canvas_extent.y));
  begin_canvas_zoom(app.ui.fit.canvas_level);
  report_canvas_px(em());
  // The canvas's type size, for the real-window tests (an em square at its origin).
  // (from a whole pixel, so its height reads the same wherever the canvas sits)
  const ImVec2 o(std::floor(origin.x), std::floor(origin.y));
  landmark_rect("canvas-type", o, ImVec2(o.x + em(), o.y + em()));
  // The slide is laid out in the room it was measured in, moved by the offset: the same
  // layout (a narrower room would wrap its text taller than measured). What a slide lays
  // out to fill its room counts in its extent (slide 2's chips), so it leaves no slack.
  const ImVec2 room(avail.x - (origin.x - top_left.x), avail.y - (origin.y - top_left.y));
  const SlideContext cx = context_of(app, slide);
  SlideCanvas c{cx, pal, ImGui::GetWindowDrawList(), origin, avail, slide.draw.steps(cx)};
  const ImVec2 used = slide.draw.canvas(c);
  end_canvas_zoom();
  // Reserve the content so the child scrolls when the drawing is larger than it (the
  // canvas fit chose the largest type that avoids it: it happens only at the smallest).
  if (layout_report_enabled() && (used.x > room.x + 0.5f || used.y > room.y + 0.5f)) {
    char what[96];
    std::snprintf(what, sizeof what, "the canvas does not fit (it scrolls): %.0f × %.0f in %.0f × %.0f", used.x, used.y,
                  room.x, room.y);
    report_clipped(what);
  }
  ImGui::SetCursorScreenPos(c.origin);
  ImGui::Dummy(ImVec2(std::max(used.x, 1.0f), std::max(used.y, 1.0f)));
  ImGui::EndChild();
  report_last_item_panel("canvas");
  const ImVec2 corner = ImGui::GetItemRectMax();
  ImGui::PopStyleVar();
  ImGui::PopStyleColor();
  if (question) {
    ImGui::SetCursorPosY(ImGui::GetCursorPosY() + e * 0.3f);
    draw_learn_panel(app, size.x, caption_h - e * 0.3f);
    return corner;
  }
  ImGui::PushStyleColor(ImGuiCol_Text, pal.muted);
  const float x0 = ImGui::GetCursorPosX();
  ImGui::SetCursorPosX(x0 + std::max(e * 0.5f, (size.x - cs.x) * 0.5f));
  ImGui::SetCursorPosY(ImGui::GetCursorPosY() + e * 0.3f);
  ImGui::TextUnformatted(caption);
  ImGui::PopStyleColor();
  return corner;
}

void draw_narrative(App& app, ImVec2 size) {
  const SlideDef& slide = slide_table()[static_cast<size_t>(app.ui.slide)];  // the current one (see draw_canvas)
  const Palette& pal = palette(app.ui.theme);
  const float e = em();
  ImGui::BeginChild("narrative", size, false);
  char counter[32];
  // "01 of 00–09": the slides are numbered from 00 (their keys), so "01 / 08" read as one of eight.
  std::snprintf(counter, sizeof counter, "%02d of 00–%02d", app.ui.slide, slide_count() - 1);
  const Fonts& nf = narration_fonts();  // presenting: larger than the rest of the page
  ImGui::PushFont(nf.bold);
  ImGui::PushStyleColor(ImGuiCol_Text, pal.accent);
  ImGui::TextUnformatted(counter);
  ImGui::PopStyleColor();
  ImGui::PopFont();
  ImGui::PushFont(nf.title);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(slide.title);
  ImGui::PopTextWrapPos();
  ImGui::PopFont();
  ImGui::Spacing();
  // The narrative scrolls on its own when the window is short; the transport stays.
  // Presenting, the transport floats over the slide instead (draw_present_transport),
  // so the text never moves when the mouse does.
  const bool transport = !app.ui.present.on;
  // The transport: a separator and two rows of buttons (what draw_transport lays out).
  const ImGuiStyle& st = ImGui::GetStyle();
  const float rows = static_cast<float>(transport_rows(ImGui::GetContentRegionAvail().x));
  const float transport_h =
      transport ? ImGui::GetFrameHeightWithSpacing() * rows + st.ItemSpacing.y * 2.0f + 1.0f : 0.0f;
  // Its size, not the room inside it (a scroll bar coming and going must not count as a new view).
  const ImVec2 box(ImGui::GetContentRegionAvail().x,
                   std::max(e * 3.0f, ImGui::GetContentRegionAvail().y - transport_h));
  const uint64_t key = canvas_fit_key(app, box);
  // Its text size is measured for all of its steps before it is drawn (app/deck/narration_fit.hpp):
  // the largest at which every step fits, down to 0.75 em; below that the column scrolls. It
  // depends on the state alone, so Ctrl+S and the command line's picture lay it out alike.
  UiState& ui = app.ui;
  const bool fresh = key != ui.fit.narrative_fit_key;
  if (fresh) ui.fit.narrative_scrolls = false;  // measured at the column's full width: no scroll bar
  ImGui::BeginChild("narrative-text", ImVec2(0, box.y), false,
                    ui.fit.narrative_scrolls ? ImGuiWindowFlags_None : ImGuiWindowFlags_NoScrollbar);
  ui.fit.narrative_settling = false;
  if (fresh) {
    NarrationFit fit = choose_narration_level(app, slide, box.y);
    ui.fit.narrative_fit_key = key;
    ui.fit.narrative_level = fit.level;
    ui.fit.narrative_scrolls = ui.fit.narrative_settling = !fit.fits;  // its scroll bar shows from the next frame
    ui.fit.narrative_heights = std::move(fit.heights);
  }
  begin_narration_zoom(ui.fit.narrative_level);
  report_narration_px(em());
  const ImVec2 at(std::floor(ImGui::GetCursorScreenPos().x), std::floor(ImGui::GetCursorScreenPos().y));
  landmark_rect("narration-type", at, ImVec2(at.x + em(), at.y + em()));
  const float top = ImGui::GetCursorScreenPos().y;
  ImGui::PushTextWrapPos(0.0f);
  tour_narration_begin(app);  // the tour holds the step as long as its words take to read
  slide.draw.narrative(context_of(app, slide));
  tour_narration_end(app);
  ImGui::PopTextWrapPos();
  end_canvas_zoom();
  // Text that changed on screen after it was measured (slide 7's timings landed, a question
  // was answered) is measured again next frame: once for a height (a narrative that measured
  // otherwise than it draws would be measured every frame).
  const Timeline& t = ui.timeline;
  const float drawn = narration_drawn_height(top);
  const size_t step = static_cast<size_t>(std::max(0.0f, t.pos));
  if (!t.playing && t.target < 0.0f && t.pos == std::floor(t.pos) && step < ui.fit.narrative_heights.size()) {
    if (std::fabs(drawn - ui.fit.narrative_heights[step]) <= 0.5f) {
      ui.fit.narrative_stale_h = -1.0f;
    } else if (drawn != ui.fit.narrative_stale_h) {
      ui.fit.narrative_stale_h = drawn;
      ui.fit.narrative_fit_key = 0;
      ui.fit.narrative_settling = true;
    }
  }
  // (What was drawn is checked too, not only what was measured.)
  if (ui.fit.narrative_scrolls || drawn > box.y + 0.5f)
    report_clipped("narration does not fit its column (it scrolls)");
  if (ImGui::GetScrollMaxX() > 0.5f) report_clipped("narration is wider than its column");
  ImGui::EndChild();
  report_last_item_panel("narration");
  if (transport) {
    ImGui::BeginGroup();
    draw_transport(app);
    ImGui::EndGroup();
    report_last_item_panel("transport");
  }
  ImGui::EndChild();
}

// Presenting (F11), the transport shows over the bottom of the narrative column
// while the mouse moves; nothing underneath is laid out again.
void draw_present_transport(App& app, ImVec2 pos, float width) {
  if (!controls_shown(app)) return;
  const Palette& pal = palette(app.ui.theme);
  const float e = em();
  ImGui::SetNextWindowPos(pos, ImGuiCond_Always, ImVec2(0.0f, 1.0f));
  ImGui::SetNextWindowSize(ImVec2(width, 0.0f));
  ImGui::PushStyleColor(ImGuiCol_WindowBg, with_alpha(pal.panel, 0.96f));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(e * 0.8f, e * 0.6f));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, e * 0.5f);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 1.0f);
  ImGui::Begin("##present-transport", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoFocusOnAppearing);
  draw_transport(app);
  ImGui::End();
  ImGui::PopStyleVar(3);
  ImGui::PopStyleColor();
}

// A panel's heading, with its Select and Copy buttons at the right when they fit.
// Select swaps the coloured text for the same text in a read-only field, where the
// mouse (or Ctrl+A) selects and Ctrl+C copies part of it; Copy takes all of it.
void code_panel_heading(App& app, const char* title, const char* note, const std::string& text, const char* what,
                        const char* id, const char* copy_mark) {
  const ImGuiStyle& st = ImGui::GetStyle();
  const char* select = app.ui.code_select ? "Colours" : "Select";
  const float buttons =
      ImGui::CalcTextSize(select).x + ImGui::CalcTextSize("Copy").x + st.FramePadding.x * 4 + st.ItemSpacing.x;
  const float right = ImGui::GetWindowContentRegionMax().x - buttons;
  ImGui::PushFont(fonts().bold);
  ImGui::TextUnformatted(title);
  ImGui::PopFont();
  // The note only where it fits beside the buttons (a narrow panel keeps the title and the buttons).
  const float title_end = ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x + ImGui::GetScrollX();
  if (title_end + st.ItemSpacing.x * 2 + ImGui::CalcTextSize(note).x <= right) {
    ImGui::SameLine();
    ImGui::TextDisabled("%s", note);
  }
  const float after = ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x + ImGui::GetScrollX() + st.ItemSpacing.x;
  ImGui::SameLine(std::max(right, after));
  ImGui::PushID(id);
  if (ImGui::SmallButton(select)) app.ui.code_select = !app.ui.code_select;
  landmark(std::strcmp(id, "code") == 0 ? "select-code" : "select-output");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s", app.ui.code_select ? "Show the text in colour again"
                                               : "Show the text in a field where the mouse selects and Ctrl+C copies");
  ImGui::SameLine();
  if (ImGui::SmallButton("Copy")) {
    ImGui::SetClipboardText(text.c_str());
    set_status(app, (std::string("Copied ") + what + " to the clipboard.").c_str());
  }
  landmark(copy_mark);  // (landmarks keep the name's pointer: a literal)
  ImGui::PopID();
}

// The text itself: coloured, or (Select) in a read-only multi-line field filling the panel.
template <class Coloured>
void code_panel_body(App& app, const std::string& text, const char* id, Coloured&& coloured) {
  ImGui::PushFont(fonts().mono);
  if (app.ui.code_select) {
    // ReadOnly: ImGui never writes to the buffer, so the string's own bytes are shown.
    ImGui::InputTextMultiline(id, const_cast<char*>(text.c_str()), text.size() + 1, ImVec2(-1.0f, -1.0f),
                              ImGuiInputTextFlags_ReadOnly);
    landmark(id);
  } else {
    coloured(text, palette(app.ui.theme), app.ui.theme);
  }
  ImGui::PopFont();
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
  code_panel_heading(app, "The real code", "· the notebook's Python with this state's values", text.code, "the code",
                     "code", "copy-code");
  code_panel_body(app, text.code, "##code-text", draw_python);
  report_text(text.code);
  ImGui::EndChild();
  report_last_item_panel("code");
  ImGui::SameLine(0.0f, e * 0.6f);
  ImGui::BeginChild("output", ImVec2(0, size.y), true, ImGuiWindowFlags_HorizontalScrollbar);
  code_panel_heading(app, "What PyTorch prints", "· torch 1.13, byte for byte", text.output, "the output", "output",
                     "copy-output");
  code_panel_body(app, text.output, "##output-text", [&text](const std::string& s, const Palette& pal, Theme theme) {
    draw_output(s, pal, theme, &text.notes);
  });
  report_text(text.output);
  for (const auto& [expr, note] : text.notes) report_text(note);
  ImGui::EndChild();
  report_last_item_panel("output");
  ImGui::PopStyleVar();
  ImGui::PopStyleColor();
}

// The status line's key hint: made once (the slide keys come from the registry), so an
// idle frame allocates nothing.
const std::string& keys_hint() {
  static const std::string hint = "←/→ slides · Space play/pause · , . step · Home/End · " + slide_keys_label() +
                                  " jump · F11 present · Ctrl+S screenshot · F1 help";
  return hint;
}

// The chrome's lines hold the user's names (a file, a tensor) and this machine's: what
// the last item draws past the window's right edge is cut (for the layout report).
void report_wider_than_window(const char* what) {
  if (!layout_report_enabled()) return;
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  if (ImGui::GetItemRectMax().x > right + 0.5f) report_clipped(what);
}

void draw_status_line(App& app) {
  const Palette& pal = palette(app.ui.theme);
  // The model's work on the whole table, while it runs: what, how far, and Cancel where
  // the change can be dropped (the state shown stays).
  const ModelActivity act = model_activity(app);
  if (!act.what.empty()) {
    const float e = em();
    char pct[16];
    std::snprintf(pct, sizeof pct, "%d%%", static_cast<int>(act.progress * 100.0f + 0.5f));
    ImGui::ProgressBar(act.progress, ImVec2(e * 8.0f, ImGui::GetTextLineHeight()), pct);
    ImGui::SameLine();
    ImGui::PushStyleColor(ImGuiCol_Text, pal.muted);
    // What runs may name a file: cut to the room (Cancel's kept), the whole on hover.
    const float cancel_w = act.cancellable ? ImGui::CalcTextSize("Cancel").x + e * 1.5f : 0.0f;
    text_fit((act.what + "…").c_str(), ImGui::GetContentRegionAvail().x - cancel_w, Elide::Middle);
    ImGui::PopStyleColor();
    if (act.cancellable) {
      ImGui::SameLine();
      if (ImGui::SmallButton("Cancel")) cancel_pending_edit(app);
    }
    return;
  }
  ImGui::PushStyleColor(ImGuiCol_Text, pal.muted);
  // A status may name a file ("Loaded /a/long/path.npy: …"): cut in the middle to the line.
  if (!app.ui.status.empty() && app.time < app.ui.status_until)
    text_fit(app.ui.status.c_str(), ImGui::GetContentRegionAvail().x, Elide::Middle);
  else {
    // The table's own tokenizer, named while it is the one in use (Text mode, slide 0).
    if (app.model_tokenizer) {
      ImGui::TextUnformatted("Tokenizer:");
      ImGui::SameLine();
      text_fit(app.model_tokenizer->name().c_str(), ImGui::GetContentRegionAvail().x * 0.5f, Elide::Middle);
      ImGui::SameLine();
      ImGui::TextUnformatted("·");
      ImGui::SameLine();
    }
    text_fit(keys_hint().c_str(), ImGui::GetContentRegionAvail().x);
  }
  ImGui::PopStyleColor();
}

}  // namespace

bool app_progress_only(const App& app) {
  const Timeline& t = app.ui.timeline;
  const SlideActivity slides = slides_activity(app);
  if (t.playing || t.target >= 0.0f || app.ui.fit.narrative_settling || slides == SlideActivity::Animating)
    return false;
  return table_loading(app) || model_busy(app) || slides == SlideActivity::Working || nearest_busy(app);
}

bool controls_shown(const App& app) { return !app.ui.present.on || app.time < app.ui.present.controls_until; }

bool app_animating(const App& app) {
  const Timeline& t = app.ui.timeline;
  return t.playing || t.target >= 0.0f || table_loading(app) || model_busy(app) || app.ui.fit.narrative_settling ||
         nearest_busy(app) ||                            // the nearest-rows panel's worker: its progress bar
         slides_activity(app) != SlideActivity::Idle ||  // a slide's work runs (slide 7's worker, its GPU upload)
         tour_needs_frame(app);                          // the tour's new step: its narration is counted
}

void app_frame(App& app) {
  ImGuiIO& io = ImGui::GetIO();
  app.time = ImGui::GetTime();
  // What the model's workers finished (a big table drawn, a file read, the logits)
  // lands before anything is drawn.
  poll_jobs(app);
  hook_wide_clipboard(app);  // pastes and copies keep characters beyond U+FFFF (wide_input.cpp)
  layout_report_begin_frame();
  if (app.ui.theme != app.ui.applied_theme || app.ui.scale != app.ui.applied_scale) {
    apply_style(app.ui.theme, app.ui.scale);
    app.ui.applied_theme = app.ui.theme;
    app.ui.applied_scale = app.ui.scale;
  }
  const SlideDef& slide = slide_table()[static_cast<size_t>(app.ui.slide)];
  timeline_advance(app.ui.timeline, slide.draw.steps(context_of(app, slide)), io.DeltaTime, app.ui.reduced_motion);
  if (app.ui.welcome) {
    welcome_keys(app);                                  // the first launch's choice takes the keys until it is made,
    if (ImGui::GetIO().KeyCtrl) handle_shortcuts(app);  // but Ctrl+Q quits and Ctrl+S saves a screenshot
  } else if (!tour_frame(app)) {                        // a key that stops the tour does nothing else
    learn_keys(app);                                    // a question asked takes its keys first (app/app_learn.hpp)
    handle_shortcuts(app);
  }
  if (app.learn.quiz_end_requested) {
    app.learn.quiz_end_requested = false;
    end_quiz(app);
  }
  if (app.learn.quiz_requested) {
    app.learn.quiz_requested = false;
    const uint64_t seed = app.learn.quiz_seed ? *app.learn.quiz_seed : static_cast<uint64_t>(std::time(nullptr));
    app.learn.quiz_seed.reset();
    start_quiz(app, seed);
  }
  poll_open_dialog(app);
  poll_table_load(app);
  poll_table_file_change(app);
  slides_frame(app);  // leave / enter when the slide changed; every slide's update, before drawing
  learn_frame(app);   // Learn mode: a slide's question asked at its moment; the timeline held there

  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(vp->WorkPos);
  ImGui::SetNextWindowSize(vp->WorkSize);
  // Presenting (F11): the controls step aside until the mouse moves.
  if (app.ui.present.on && (io.MouseDelta.x != 0.0f || io.MouseDelta.y != 0.0f || io.MouseDown[0]))
    app.ui.present.controls_until = app.time + kControlsLinger;
  // Presenting, the menu, the editor bar and the status line step aside for good
  // (the slide never moves when they would come back); the transport floats.
  const bool controls = !app.ui.present.on;
  ImGuiWindowFlags flags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                           ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                           ImGuiWindowFlags_NoBringToFrontOnFocus;
  if (controls) flags |= ImGuiWindowFlags_MenuBar;
  // Below the smallest window the layout is made for (kMinWindowW × kMinWindowH at 1×), the
  // page keeps that size and the window scrolls: nothing is squeezed over anything else.
  const ImVec2 pad = ImGui::GetStyle().WindowPadding;
  const float page_scale = em() / 17.0f;  // the page's type against its size at scale 1
  const ImVec2 min_page(kMinWindowW * page_scale - pad.x * 2.0f, kMinWindowH * page_scale - pad.y * 2.0f);
  const ImVec2 page(std::max(vp->WorkSize.x - pad.x * 2.0f, min_page.x),
                    std::max(vp->WorkSize.y - pad.y * 2.0f, min_page.y));
  const bool small = vp->WorkSize.x < min_page.x + pad.x * 2.0f || vp->WorkSize.y < min_page.y + pad.y * 2.0f;
  if (small) {
    ImGui::SetNextWindowContentSize(page);
    flags |= ImGuiWindowFlags_HorizontalScrollbar;
  } else {
    flags |= ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse;
  }
  ImGui::Begin("lookupviz", nullptr, flags);
  if (controls) draw_menu_bar(app);
  const float e = em();
  if (controls) {
    ImGui::BeginGroup();
    draw_editor_bar(app);
    ImGui::EndGroup();
    report_last_item_panel("editor bar");
    if (!small) report_wider_than_window("the editor bar is wider than the window");
    ImGui::Spacing();
  }

  // The main area and the code panels share the height left: the code panels get a
  // fifth (6.5 to 20 em), the demo the rest (at 1024 × 768 the narration needs that
  // height to be whole at 0.75 em). Presenting, the code panels fold away unless C
  // brings them back.
  const bool code = !app.ui.present.on || app.ui.present.code;
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float status_h = controls ? ImGui::GetTextLineHeightWithSpacing() + e * 0.2f : 0.0f;
  const float body_h = avail.y - status_h;
  // (Below the smallest page the page is that page, scrolled: its code panels keep a quarter,
  // so their first lines stay in the window.)
  const float code_h = code ? std::clamp(body_h * (small ? 0.25f : 0.2f), e * 6.5f, e * 20.0f) : 0.0f;
  const float main_h = code ? std::max(e * 12.0f, body_h - code_h - e * 0.6f) : body_h;
  const float narrative_w = std::clamp(avail.x * 0.26f, e * 14.0f, e * 30.0f);
  const float canvas_w = avail.x - narrative_w - e * 1.0f;

  ImGui::BeginGroup();
  const ImVec2 canvas_corner = draw_canvas(app, ImVec2(canvas_w, main_h));
  ImGui::EndGroup();
  ImGui::SameLine(0.0f, e * 1.0f);
  const ImVec2 narrative_pos = ImGui::GetCursorScreenPos();
  draw_narrative(app, ImVec2(narrative_w, main_h));
  if (code) {
    ImGui::SetCursorPosY(ImGui::GetCursorPosY() + e * 0.1f);
    draw_code_panels(app, ImVec2(avail.x, std::max(e * 6.0f, body_h - main_h - e * 0.6f)));
  }
  if (controls) {
    draw_status_line(app);
    report_last_item_panel("status line");
    if (!small) report_wider_than_window("the status line is wider than the window");
  }
  ImGui::End();
  if (app.ui.present.on) draw_present_transport(app, ImVec2(narrative_pos.x, narrative_pos.y + main_h), narrative_w);
  draw_tour_badge(app, canvas_corner);  // the canvas's bottom right

  draw_nearest_panel(app);  // after the slides: they said which table row is under the mouse
  draw_shortcuts_overlay(app);
  draw_welcome(app);
  draw_quiz_score(app);
  draw_table_loading(app);
  draw_table_file_change(app);
}

}  // namespace lv::app
