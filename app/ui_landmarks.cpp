// ui_landmarks.cpp — a small fixed table of named item rectangles.
#include "app/ui_landmarks.hpp"

#include <cstring>

namespace lv::app {
namespace {

struct Landmark {
  const char* name = nullptr;
  ImVec2 min, max;
  int frame = -1;
};
Landmark g_marks[64];

}  // namespace

void landmark(const char* name) { landmark_rect(name, ImGui::GetItemRectMin(), ImGui::GetItemRectMax()); }

void landmark_rect(const char* name, ImVec2 min, ImVec2 max) {
  const int frame = ImGui::GetFrameCount();
  Landmark* free_slot = nullptr;
  for (Landmark& m : g_marks) {
    if (m.name && std::strcmp(m.name, name) == 0) {
      m.min = min;
      m.max = max;
      m.frame = frame;
      return;
    }
    if (!m.name && !free_slot) free_slot = &m;
  }
  if (free_slot) *free_slot = Landmark{name, min, max, frame};
}

bool find_landmark(const char* name, ImVec2* min, ImVec2* max) {
  for (const Landmark& m : g_marks) {
    if (m.name && std::strcmp(m.name, name) == 0 && m.frame >= ImGui::GetFrameCount() - 1) {
      *min = m.min;
      *max = m.max;
      return true;
    }
  }
  return false;
}

}  // namespace lv::app
