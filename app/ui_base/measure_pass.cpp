// measure_pass.cpp — the measuring pass under way, kept in the canvas window's ImGui storage.
#include "app/ui_base/measure_pass.hpp"

#include <imgui_internal.h>  // the window's storage

namespace lv::app {
namespace {

// The canvas window's storage slot for the pass under way.
ImGuiID measure_pass_key() {
  static const ImGuiID key = ImHashStr("lookupviz: canvas measure pass");  // a constant, hashed once
  return key;
}

MeasurePass* current_pass() {
  const ImGuiWindow* win = ImGui::GetCurrentContext() ? ImGui::GetCurrentWindowRead() : nullptr;
  return win ? static_cast<MeasurePass*>(win->StateStorage.GetVoidPtr(measure_pass_key())) : nullptr;
}

}  // namespace

MeasureScope::MeasureScope(MeasurePass& pass) : win_(ImGui::GetCurrentWindow()) {
  win_->StateStorage.SetVoidPtr(measure_pass_key(), &pass);
}
MeasureScope::~MeasureScope() { win_->StateStorage.SetVoidPtr(measure_pass_key(), nullptr); }

bool canvas_measuring() { return current_pass() != nullptr; }
void canvas_note_cut() {
  if (MeasurePass* pass = current_pass()) pass->cut = true;
}

}  // namespace lv::app
