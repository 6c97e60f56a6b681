// chrome.hpp — the window's frame around a slide, one file each: the menu, the editor bar,
// the transport, the keys and the F1 help, opening and loading a table, watching its file,
// text input beyond U+FFFF. app_frame (app/app_ui.cpp) calls them; the chrome's files take
// their declarations from here, not from the App's frame above them.
#pragma once
#include <string>
#include <vector>

#include "app/state/app_state.hpp"

struct ImGuiIO;

namespace lv::app {

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

}  // namespace lv::app
