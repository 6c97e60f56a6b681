// slide_nav.cpp — see the header.
#include "app/deck/slide_host.hpp"
#include "app/deck/slide_nav.hpp"

#include <algorithm>

#include "app/slides/slide_code.hpp"
#include "app/slides/slides.hpp"
#include "app/ui_base/anim_timeline.hpp"
#include "core/text/wide_text.hpp"

namespace lv::app {

const CodePanelText& code_panel_text(App& app) {
  CodePanelText& t = app.ui.code_panel;
  const bool asking = app.learn.phase == LearnPhase::Asking && app.learn.slide == app.ui.slide;
  const SlideDef& def = slide_table()[static_cast<size_t>(app.ui.slide)];
  // The kind asked keys it too: Try another asks another kind, which may withhold another value.
  const uint64_t asked_kind = asking ? 1 + static_cast<uint64_t>(app.learn.question.kind) : 0;
  const uint64_t slide_key = (def.code_depends ? def.code_depends(context_of(app, def)) : 0) * 31 + asked_kind;
  // (Slide 7's measured figures are its code_depends.)
  if (t.slide != app.ui.slide || t.generation != app.derived.generation || t.asking != asking ||
      t.slide_key != slide_key) {
    def.draw.code(context_of(app, def), t.code, t.output);
    // A question asked: what it asks about is printed after the learner answers (issue 36).
    if (asking) withhold_printed(t.output, hidden_now(app).printed);
    t.notes.clear();
    if (def.output_notes) def.output_notes(context_of(app, def), t.notes);
    // As ImGui draws them: the text's characters beyond U+FFFF as their slots (copied back
    // exact through the clipboard, wide_input.cpp).
    t.code = wide_to_edit(app.ui.editor.wide, t.code);
    t.output = wide_to_edit(app.ui.editor.wide, t.output);
    t.slide = app.ui.slide;  // the slide whose code the text really is
    t.generation = app.derived.generation;
    t.asking = asking;
    t.slide_key = slide_key;
  }
  return t;
}

int current_slide_steps(const App& app) {
  const SlideDef& s = slide_table()[static_cast<size_t>(app.ui.slide)];
  return s.draw.steps(context_of(app, s));
}

void show_slide_step(App& app, int slide, int step) {
  app.ui.slide = std::clamp(slide, 0, slide_count() - 1);
  const int steps = current_slide_steps(app);
  timeline_seek(app.ui.timeline, steps, static_cast<float>(step < 0 ? steps : std::min(step, steps)));
}

std::string slide_step_error(App& app, int slide, int step) {
  const int shown = app.ui.slide;
  app.ui.slide = std::clamp(slide, 0, slide_count() - 1);
  const int steps = current_slide_steps(app);
  app.ui.slide = shown;
  if (step <= steps) return "";
  return "--step " + std::to_string(step) + " is out of range: slide " +
         std::to_string(std::clamp(slide, 0, slide_count() - 1)) + " has steps 0–" + std::to_string(steps) +
         " (0 is before its first step)";
}

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

}  // namespace lv::app
