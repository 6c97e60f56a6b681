// ui_file_watch.cpp — the table's file changed under the app (overwritten in place by
// cp or dd, truncated, replaced, removed): noticed by a stat about once a second (on
// frames the window draws, and from the idle loop, which wakes once a second for it
// without drawing unless something changed), said once in a prompt that
// offers to reopen it. Values past the end of a file that shrank read as NaN from then
// on (core/io/table_file.hpp check_on_disk). Never per-frame work of size V × D.
#include <imgui.h>

#include <string>

#include "app/deck/slide_host.hpp"
#include "app/state/app_edits.hpp"
#include "app/state/session_table.hpp"
#include "app/chrome/chrome.hpp"
#include "app/deck/slide_nav.hpp"
#include "app/model/model_jobs.hpp"
#include "app/ui_base/ui_landmarks.hpp"
#include "app/ui_base/ui_theme.hpp"
#include "app/slides/slides.hpp"

namespace lv::app {

namespace {
constexpr const char* kPopup = "The table changed on disk";
}  // namespace

bool table_file_watched(const App& app) { return app.inputs.file && app.inputs.file->mapped; }

bool check_table_file_now(App& app) {
  TableLoading& l = app.loading;
  const std::shared_ptr<const TableFile>& file = app.inputs.file;
  if (!file || !file->mapped) return false;
  l.disk_checked = app.time;
  const std::string what = file->check_on_disk();
  if (what.empty() || l.disk_changed_file == file.get()) return false;  // the same, or already said
  l.disk_changed_file = file.get();
  l.disk_changed = what;
  // What is on screen is read again: rows past a new end now read as NaN (the view's
  // row cache goes with the recompute).
  table_changed_on_disk(app);  // its whole-table facts are made again, once, for every slide
  slides_file_changed(app);    // what slides made of it (slide 7's map: summarized again)
  set_status(app, (what + ". Open it again from the File menu, or Reopen in the prompt.").c_str());
  app.frames_since_input = 0;  // draw the prompt now
  return true;
}

void poll_table_file_change(App& app) {
  const TableLoading& l = app.loading;
  if (!table_file_watched(app)) return;
  if (l.disk_checked >= 0.0 && app.time - l.disk_checked < kDiskCheckSeconds && app.time >= l.disk_checked) return;
  check_table_file_now(app);
}

void draw_table_file_change(App& app) {
  TableLoading& l = app.loading;
  if (l.disk_changed.empty()) return;
  // The prompt is about the table shown: another one opened meanwhile makes it moot.
  if (!app.inputs.file || app.inputs.file.get() != l.disk_changed_file) {
    l.disk_changed.clear();
    return;
  }
  if (!ImGui::IsPopupOpen(kPopup) && !table_loading(app)) ImGui::OpenPopup(kPopup);
  const float e = em();
  ImGui::SetNextWindowSize(ImVec2(e * 30.0f, 0), ImGuiCond_Appearing);
  if (ImGui::BeginPopupModal(kPopup, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::PushTextWrapPos(e * 28.0f);
    ImGui::TextUnformatted(l.disk_changed.c_str());  // a file name is text, never a label
    ImGui::Spacing();
    ImGui::TextDisabled("%s", "Reopen reads it again as it is now (its dtype and shape may differ); your edits "
                              "to it are dropped.");
    ImGui::PopTextWrapPos();
    const bool reopen = ImGui::Button("Reopen");
    landmark("file-changed-reopen");
    ImGui::SameLine();
    const bool keep = ImGui::Button("Keep showing it");
    landmark("file-changed-keep");
    if (reopen) start_table_load(app, weights_spec(*app.inputs.file));
    if (reopen || keep || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
      l.disk_changed.clear();
      ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
  }
}

}  // namespace lv::app
