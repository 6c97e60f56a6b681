// app_welcome.hpp — the first launch's one choice (issue 28): Learn (each slide asks before
// it shows), Present (full screen, large type) or Explore (everything at once). Shown once,
// when plain `lookupviz` starts with no session yet; the session written afterwards means it
// never shows again. F1 and the choice itself say how to change it later (A, F11).
//   welcome_keys   the frame's keys while it is shown (the deck gets none of them)
//   draw_welcome   the choice, centred over the page
#pragma once
#include "app/state/app_state.hpp"

namespace lv::app {

enum class WelcomeChoice { Learn, Present, Explore };

// The choice made: Learn turns Learn mode on, Present goes full screen; the screen goes.
void welcome_choose(App& app, WelcomeChoice c);
// While it is shown: 1 / L, 2 / P, 3 / E choose; Enter takes Learn, Esc Explore. True when
// it took this frame's keys.
bool welcome_keys(App& app);
void draw_welcome(App& app);

}  // namespace lv::app
