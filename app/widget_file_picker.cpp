// widget_file_picker.cpp — folder listing with std::filesystem, drawn as an ImGui modal.
#include "app/widget_file_picker.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <system_error>

#include "app/ui_theme.hpp"

namespace lv::app {
namespace fs = std::filesystem;

namespace {

bool is_table_file(const std::string& name) {
  auto ends = [&](const char* ext) {
    const size_t n = std::char_traits<char>::length(ext);
    return name.size() >= n && name.compare(name.size() - n, n, ext) == 0;
  };
  return ends(".npy") || ends(".safetensors");
}

void human_size(char* buf, size_t n, uintmax_t bytes) {
  const char* units[] = {"B", "KB", "MB", "GB", "TB"};
  double v = static_cast<double>(bytes);
  int u = 0;
  while (v >= 1024.0 && u < 4) {
    v /= 1024.0;
    ++u;
  }
  std::snprintf(buf, n, u == 0 ? "%.0f %s" : "%.1f %s", v, units[u]);
}

}  // namespace

void list_folder(FilePicker& fp, const std::string& dir) {
  std::error_code ec;
  fs::path p = fs::weakly_canonical(fs::path(dir.empty() ? "." : dir), ec);
  if (ec) p = fs::path(dir);
  std::vector<FilePicker::Entry> entries;
  fs::directory_iterator it(p, fs::directory_options::skip_permission_denied, ec);
  if (ec) {
    fp.error = "cannot list " + p.string() + ": " + ec.message();
    return;  // keep the previous folder
  }
  for (const fs::directory_entry& e : it) {
    std::error_code e2;
    FilePicker::Entry entry;
    entry.name = e.path().filename().string();
    if (!entry.name.empty() && entry.name[0] == '.') continue;
    entry.is_dir = e.is_directory(e2);
    if (!entry.is_dir) {
      if (!fp.show_all && !is_table_file(entry.name)) continue;
      entry.size = e.file_size(e2);
    }
    entries.push_back(std::move(entry));
  }
  std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) {
    if (a.is_dir != b.is_dir) return a.is_dir;
    return a.name < b.name;
  });
  fp.dir = p.string();
  fp.entries = std::move(entries);
  fp.error.clear();
  fp.selected = -1;
}

void open_file_picker(FilePicker& fp, const std::string& dir) {
  fp.open = true;
  list_folder(fp, dir.empty() ? (fp.dir.empty() ? "." : fp.dir) : dir);
}

bool draw_file_picker(FilePicker& fp, std::string* picked) {
  if (!fp.open) return false;
  const float e = em();
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.5f),
                          ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(std::min(e * 44.0f, vp->WorkSize.x - e), std::min(e * 30.0f, vp->WorkSize.y - e)),
                           ImGuiCond_Appearing);
  if (!ImGui::IsPopupOpen("Open a table")) ImGui::OpenPopup("Open a table");
  bool chosen = false;
  bool keep = true;
  if (ImGui::BeginPopupModal("Open a table", &keep)) {
    // Wrapped: at 1024 wide the dialog is narrower than the sentence (it was cut at the right).
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("%s", "A 2-D tensor as the embedding table: .npy (float32/16/64) or .safetensors "
                             "(F32/F16/BF16/F64; FILE:NAME picks a tensor).");
    ImGui::PopStyleColor();
    if (ImGui::Button("Up")) list_folder(fp, (std::filesystem::path(fp.dir) / "..").string());
    ImGui::SameLine();
    ImGui::TextUnformatted(fp.dir.c_str());
    if (!fp.error.empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.97f, 0.44f, 0.44f, 1.0f));
      ImGui::TextWrapped("%s", fp.error.c_str());
      ImGui::PopStyleColor();
    }
    const float footer = ImGui::GetFrameHeightWithSpacing() * 2.2f;
    ImGui::BeginChild("files", ImVec2(0, -footer), true);
    std::string go_into;
    for (int i = 0; i < static_cast<int>(fp.entries.size()); ++i) {
      const FilePicker::Entry& en = fp.entries[static_cast<size_t>(i)];
      char label[600];
      std::snprintf(label, sizeof label, "%s%s##%d", en.name.c_str(), en.is_dir ? "/" : "", i);
      if (ImGui::Selectable(label, fp.selected == i, ImGuiSelectableFlags_AllowDoubleClick)) {
        fp.selected = i;
        if (en.is_dir) {
          if (ImGui::IsMouseDoubleClicked(0)) go_into = en.name;
        } else {
          std::snprintf(fp.path, sizeof fp.path, "%s", (std::filesystem::path(fp.dir) / en.name).string().c_str());
          if (ImGui::IsMouseDoubleClicked(0)) chosen = true;
        }
      }
      if (!en.is_dir) {
        char size[32];
        human_size(size, sizeof size, en.size);
        ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - ImGui::CalcTextSize(size).x);
        ImGui::TextDisabled("%s", size);
      }
    }
    if (fp.entries.empty()) ImGui::TextDisabled("%s", "No .npy or .safetensors files here.");
    ImGui::EndChild();
    if (!go_into.empty()) list_folder(fp, (std::filesystem::path(fp.dir) / go_into).string());
    ImGui::SetNextItemWidth(-e * 12.0f);
    if (ImGui::InputTextWithHint("##path", "path/to/table.npy or model.safetensors:wte.weight", fp.path, sizeof fp.path,
                                 ImGuiInputTextFlags_EnterReturnsTrue))
      chosen = fp.path[0] != '\0';
    ImGui::SameLine();
    if (checkbox("All files", &fp.show_all)) list_folder(fp, fp.dir);
    ImGui::SameLine();
    ImGui::BeginDisabled(fp.path[0] == '\0');
    if (ImGui::Button("Open")) chosen = true;
    ImGui::EndDisabled();
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) keep = false;
    if (chosen) {
      *picked = fp.path;
      keep = false;
    }
    if (!keep) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
  }
  if (!keep) fp.open = false;
  return chosen;
}

}  // namespace lv::app
