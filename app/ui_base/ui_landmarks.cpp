// ui_landmarks.cpp — a small fixed table of named item rectangles.
#include "app/ui_base/ui_landmarks.hpp"

#include <cstdio>
#include <cstring>

#include "app/ui_base/measure_pass.hpp"

namespace lv::app {
namespace {

struct Landmark {
  const char* name = nullptr;
  ImVec2 min, max;
  int frame = -1;
};
Landmark g_marks[256];  // the controls, and a question's answer targets (up to 32)

}  // namespace

void landmark(const char* name) { landmark_rect(name, ImGui::GetItemRectMin(), ImGui::GetItemRectMax()); }

void landmark_rect(const char* name, ImVec2 min, ImVec2 max) {
  // A slide or narration measured off screen marks nothing: a step not shown drew it there.
  if (canvas_measuring()) return;
  const int frame = ImGui::GetFrameCount();
  Landmark* free_slot = nullptr;
  Landmark* stale = nullptr;  // a name not drawn lately (the table is full of another slide's names)
  for (Landmark& m : g_marks) {
    if (m.name && std::strcmp(m.name, name) == 0) {
      m.min = min;
      m.max = max;
      m.frame = frame;
      return;
    }
    if (!m.name && !free_slot) free_slot = &m;
    // A name not drawn in this frame or the last (or drawn by an earlier context, whose
    // frames counted higher): its slot may go to a new name when the table is full, the
    // oldest first.
    if (m.name && (m.frame < frame - 1 || m.frame > frame) && (!stale || m.frame < stale->frame)) stale = &m;
  }
  if (!free_slot) free_slot = stale;
  if (free_slot) *free_slot = Landmark{name, min, max, frame};
}

bool find_landmark(const char* name, ImVec2* min, ImVec2* max) {
  for (const Landmark& m : g_marks) {
    // Drawn in this frame or the last — not by an earlier context whose frames counted higher.
    const int frame = ImGui::GetFrameCount();
    if (m.name && std::strcmp(m.name, name) == 0 && m.frame >= frame - 1 && m.frame <= frame) {
      *min = m.min;
      *max = m.max;
      return true;
    }
  }
  return false;
}

void clear_landmarks() {
  for (Landmark& m : g_marks) m = Landmark{};
}

void write_landmarks(const std::string& path, std::string& last) {
  std::string text;
  char line[160];
  for (const Landmark& m : g_marks) {
    if (!m.name || m.frame < ImGui::GetFrameCount() - 1 || m.frame > ImGui::GetFrameCount()) continue;
    std::snprintf(line, sizeof line, "%s %.0f %.0f %.0f %.0f\n", m.name, m.min.x, m.min.y, m.max.x - m.min.x,
                  m.max.y - m.min.y);
    text += line;
  }
  if (text == last) return;
  const std::string tmp = path + ".tmp";
  FILE* f = std::fopen(tmp.c_str(), "w");
  if (!f) return;
  const bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
  if (std::fclose(f) == 0 && ok && std::rename(tmp.c_str(), path.c_str()) == 0) last = text;
}

}  // namespace lv::app
