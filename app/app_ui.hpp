// app_ui.hpp — the whole window as a function of the App state.
//   app_frame()      one frame of UI (call between ImGui::NewFrame and ImGui::Render)
//   app_animating()  true while something moves (the loop must keep drawing)
// The platform (main.cpp) owns the window, GL and fonts; everything here runs in a
// headless ImGui context too (tests/ui).
#pragma once
#include <string>
#include <vector>

#include "app/chrome/chrome.hpp"
#include "app/deck/slide_nav.hpp"
#include "app/state/app_state.hpp"

struct ImGuiIO;

namespace lv::app {

void app_frame(App& app);
// The smallest window the page is laid out for, in pixels at scale 1 (DESIGN.md: "from
// 1024 × 768 up", and 1280 × 720: the narration scrolls at 1024 wide): every size is in ems of the page's type,
// so at scale s (HiDPI, --scale, Ctrl+=) it is s times this. The window's size limits,
// --size and Ctrl+= keep above it; a window made smaller anyway (no window manager)
// keeps the page at this size and scrolls.
constexpr float kMinWindowW = 1024.0f, kMinWindowH = 720.0f;
// While presenting (F11) the menu, editor bar, transport and status line hide until
// the mouse moves, and stay kControlsLinger seconds after it stops.
constexpr double kControlsLinger = 2.5;
bool controls_shown(const App& app);
bool app_animating(const App& app);
// True when the only thing that moves is a worker's progress (a table being read or
// drawn, the logits, slide 7's table): the loop then draws at 10 frames a second, not
// as fast as it can — under a software GL a frame costs tens of ms of CPU, taken from
// the very worker being waited for. A finished worker wakes the loop at once.
bool app_progress_only(const App& app);

// The window's pieces (app/chrome/chrome.hpp), slide navigation (app/deck/slide_nav.hpp).

}  // namespace lv::app
