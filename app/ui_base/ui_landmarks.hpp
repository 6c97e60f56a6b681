// ui_landmarks.hpp — where the important controls were drawn in the last frame,
// by name ("next-slide", "ids-text", …). The UI marks them right after drawing;
// the headless tests use them to click and type like a user would (ImGui 1.86 has
// no test engine we can use), and the real-window tests read them from a file
// (LOOKUPVIZ_LANDMARKS, see write_landmarks). A fixed table: no allocation per frame.
#pragma once
#include <imgui.h>

#include <string>

namespace lv::app {

// Records the last item's rectangle under `name` (a string literal).
void landmark(const char* name);
// Records an explicit rectangle (e.g. one cell of a grid) under `name`.
void landmark_rect(const char* name, ImVec2 min, ImVec2 max);
// The rectangle recorded for `name` in the last frame that drew it.
bool find_landmark(const char* name, ImVec2* min, ImVec2* max);

// Forgets every landmark: a new ImGui context counts its frames from 0 again, so an earlier
// context's marks could pass for this one's (the headless tests make one context a test).
void clear_landmarks();

// Writes the landmarks drawn in the last frame to `path`, one per line:
// "name x y w h" in window pixels (framebuffer pixels / scale = screen pixels at 1x),
// only when they changed since the last write (`last` holds that text), atomically.
void write_landmarks(const std::string& path, std::string& last);

}  // namespace lv::app
