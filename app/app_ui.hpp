// app_ui.hpp — the whole window as a function of the App state.
//   app_frame()      one frame of UI (call between ImGui::NewFrame and ImGui::Render)
//   app_animating()  true while something moves (the loop must keep drawing)
// The platform (main.cpp) owns the window, GL and fonts; everything here runs in a
// headless ImGui context too (tests/ui).
#pragma once
#include <string>
#include <vector>

#include "app/app_state.hpp"

struct ImGuiIO;

namespace lv::app {

void app_frame(App& app);
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

// Pieces of the frame (one file each).
void draw_menu_bar(App& app);          // ui_menu.cpp
void draw_editor_bar(App& app);        // ui_editor_bar.cpp: IDs (chips + text), V, D, seed, reset
void draw_transport(App& app);         // ui_transport.cpp: counter, prev/play/next, scrubber, speed
void handle_shortcuts(App& app);       // ui_shortcuts.cpp: keyboard
void configure_keyboard(ImGuiIO& io);  // ui_shortcuts.cpp: the context's keyboard policy (platform and tests)
void draw_shortcuts_overlay(App& app); // ui_shortcuts.cpp: the F1 / ? help

// File ▸ Open (ui_table_loading.cpp): load FILE or FILE:NAME on a worker thread.
void start_table_load(App& app, const std::string& spec);
bool table_loading(const App& app);
void poll_table_load(App& app);     // applies a finished load (called every frame)
void draw_table_loading(App& app);  // the picker, the tensor chooser, the error popup
// The table's file changed on disk (ui_file_watch.cpp): looked at about once a second,
// said once, with a prompt to reopen it.
inline constexpr double kDiskCheckSeconds = 1.0;  // how often (a stat and an fstat; never a read)
bool table_file_watched(const App& app);  // a mapped file is shown: the idle loop wakes to look
bool check_table_file_now(App& app);      // looks now; true when a change was newly noticed
void poll_table_file_change(App& app);    // per frame: looks when kDiskCheckSeconds have passed
void draw_table_file_change(App& app);

// Opening files the ways a desktop does (ui_open_file.cpp).
void request_open_table(App& app);  // File ▸ Open / Ctrl+O: the desktop's dialog, else the in-app picker
void poll_open_dialog(App& app);    // takes the desktop dialog's answer (called every frame)
// Files dropped on the window: the first is opened as File ▸ Open would open it.
void open_dropped_files(App& app, const std::vector<std::string>& paths);
// A table was opened: first in the recent files (saved when recent_path is set).
void remember_opened(App& app, const std::string& spec);

// Navigation shared by buttons, keys and the menu.
void go_to_slide(App& app, int index);  // 0-based; shows the new slide from its first step
int current_slide_steps(const App& app);
// "The real code" and torch's output for the slide shown now (rebuilt when the slide
// or the model changed since they were last built).
const CodePanelText& code_panel_text(App& app);
void set_status(App& app, const char* text);

}  // namespace lv::app
