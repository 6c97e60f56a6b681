// slide_nav.hpp — moving through the deck (buttons, keys, the menu, the command line): the
// slide shown and its timeline, a slide's steps, and the code panels' text for the slide
// shown. Below the chrome and the frame, which both use it.
#pragma once
#include <string>

#include "app/state/app_state.hpp"

namespace lv::app {

void go_to_slide(App& app, int index);  // 0-based; shows the new slide from its first step
int current_slide_steps(const App& app);
// Slide `slide` frozen at step `step`, numbered as the transport shows it ("step 2 / 4"
// is 2; 0 is before the first step) and as the session stores it; -1: its last step.
// --slide/--step and --layout-report use it.
void show_slide_step(App& app, int slide, int step);
// "" when `step` (-1: the last) is one of slide `slide`'s steps, 0..its count, in the
// state shown (slides 2–4 have one step per ID), else the sentence that gives the range.
std::string slide_step_error(App& app, int slide, int step);
// "The real code" and torch's output for the slide shown now (rebuilt when the slide
// or the model changed since they were last built).
const CodePanelText& code_panel_text(App& app);

}  // namespace lv::app
