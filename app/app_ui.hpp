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

// Pieces of the frame (one file each).
void draw_menu_bar(App& app);           // ui_menu.cpp
void draw_editor_bar(App& app);         // ui_editor_bar.cpp: IDs (chips + text), V, D, seed, reset
void draw_transport(App& app);          // ui_transport.cpp: counter, prev/play/next, scrubber, speed
int transport_rows(float width);        // ui_transport.cpp: its rows in a column `width` wide (2, or 3 when narrow)
void handle_shortcuts(App& app);        // ui_shortcuts.cpp: keyboard
void configure_keyboard(ImGuiIO& io);   // ui_shortcuts.cpp: the context's keyboard policy (platform and tests)
void draw_shortcuts_overlay(App& app);  // ui_shortcuts.cpp: the F1 / ? help

// File ▸ Open (ui_table_loading.cpp): load FILE or FILE:NAME on a worker thread.
void start_table_load(App& app, const std::string& spec);
bool table_loading(const App& app);
void poll_table_load(App& app);     // applies a finished load (called every frame)
void draw_table_loading(App& app);  // the picker, the tensor chooser, the error popup
// The table's file changed on disk (ui_file_watch.cpp): looked at about once a second,
// said once, with a prompt to reopen it.
inline constexpr double kDiskCheckSeconds = 1.0;  // how often (a stat and an fstat; never a read)
bool table_file_watched(const App& app);          // a mapped file is shown: the idle loop wakes to look
bool check_table_file_now(App& app);              // looks now; true when a change was newly noticed
void poll_table_file_change(App& app);            // per frame: looks when kDiskCheckSeconds have passed
void draw_table_file_change(App& app);

// Opening files the ways a desktop does (ui_open_file.cpp).
void request_open_table(App& app);  // File ▸ Open / Ctrl+O: the desktop's dialog, else the in-app picker
void poll_open_dialog(App& app);    // takes the desktop dialog's answer (called every frame)
// Files dropped on the window: the first is opened as File ▸ Open would open it.
void open_dropped_files(App& app, const std::vector<std::string>& paths);
// A table was opened: first in the recent files (saved when recent_path is set).
void remember_opened(App& app, const std::string& spec);

// Text beyond U+FFFF through ImGui's 16-bit characters (wide_input.cpp). typed_character:
// the character to give ImGui for a typed code point (its slot beyond U+FFFF;
// the platform's key queue and the tests type through it). hook_wide_clipboard: pastes
// and copies go through the App's slots too (app_frame calls it every frame).
unsigned typed_character(App& app, unsigned codepoint);
void hook_wide_clipboard(App& app);

// Navigation shared by buttons, keys and the menu.
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
void set_status(App& app, const char* text);

}  // namespace lv::app
