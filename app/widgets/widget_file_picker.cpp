// widget_file_picker.cpp — folder listing with std::filesystem, drawn as an ImGui modal
// with a places side bar.
#include "app/widgets/widget_file_picker.hpp"

#include <imgui.h>
#include <imgui_internal.h>  // ImGuiInputTextState::SelectAll (internal in 1.86)
#include <sys/stat.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <system_error>

#include "app/ui_base/ui_landmarks.hpp"
#include "app/ui_base/ui_theme.hpp"
#include "app/widgets/widget_data_text.hpp"
#include "core/text/text_format.hpp"
#include "core/settings/xdg_dirs.hpp"

namespace lv::app {
namespace fs = std::filesystem;

namespace {

bool is_table_file(const std::string& name) {
  auto ends = [&](const char* ext) {
    const size_t n = std::char_traits<char>::length(ext);
    return name.size() >= n && name.compare(name.size() - n, n, ext) == 0;
  };
  return ends(".npy") || ends(".safetensors") || ends(".gguf");
}

bool is_dir(const std::string& path) {
  struct stat st;
  return !path.empty() && stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

// A Hugging Face model folder: one that holds config.json (the loader says what else is wrong).
bool is_model_dir(const std::string& path) {
  struct stat st;
  return is_dir(path) && stat((path + "/config.json").c_str(), &st) == 0;
}

// "~" and "~/x" -> home and home/x ("~user" is left alone: rarely typed, and ambiguous).
std::string expand_tilde(const std::string& typed, const std::string& home) {
  if (home.empty() || typed.empty() || typed[0] != '~') return typed;
  if (typed.size() == 1) return home;
  if (typed[1] == '/') return home + typed.substr(1);
  return typed;
}

}  // namespace

bool list_folder(FilePicker& fp, const std::string& dir) {
  std::error_code ec;
  fs::path p = fs::weakly_canonical(fs::path(dir.empty() ? "." : dir), ec);
  if (ec) p = fs::path(dir);
  std::vector<FilePicker::Entry> entries;
  fs::directory_iterator it(p, fs::directory_options::skip_permission_denied, ec);
  if (ec) {
    fp.error = "cannot list " + p.string() + ": " + ec.message();
    return false;  // keep the previous folder
  }
  for (const fs::directory_entry& e : it) {
    std::error_code e2;
    FilePicker::Entry entry;
    entry.name = e.path().filename().string();
    if (!entry.name.empty() && entry.name[0] == '.') continue;
    entry.is_dir = e.is_directory(e2);
    entry.is_model = entry.is_dir && is_model_dir(e.path().string());
    if (!entry.is_dir) {
      if (!fp.show_all && !is_table_file(entry.name)) continue;
      entry.size = e.file_size(e2);
      entry.size_text = binary_bytes(static_cast<uint64_t>(entry.size));
    }
    entry.shown = entry.is_model ? entry.name + "/  (model)" : entry.is_dir ? entry.name + "/" : entry.name;
    entries.push_back(std::move(entry));
  }
  std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) {
    if (a.is_dir != b.is_dir) return a.is_dir;
    return a.name < b.name;
  });
  fp.dir = p.string();
  fp.dir_is_model = is_model_dir(fp.dir);
  fp.entries = std::move(entries);
  fp.error.clear();
  fp.selected = -1;
  return true;
}

std::vector<FilePicker::Place> picker_places(const std::string& home, const std::string& cwd) {
  std::vector<FilePicker::Place> places;
  auto add = [&](const std::string& label, const std::string& path) {
    if (!is_dir(path)) return;
    for (const FilePicker::Place& p : places)
      if (p.path == path) return;
    places.push_back({label, path});
  };
  add("Home", home);
  const XdgEnv env{home, xdg_env_from_process().xdg_config_home};
  for (const auto& [label, name] :
       {std::pair{"Desktop", "DESKTOP"}, {"Documents", "DOCUMENTS"}, {"Downloads", "DOWNLOAD"}})
    if (auto d = xdg_user_dir(env, name)) add(label, *d);
  if (cwd != "/") add("Working folder", cwd);  // "/" is the file system, listed next
  add("File system", "/");
  return places;
}

TypedPath resolve_typed_path(const std::string& typed, const std::string& listed_dir, const std::string& home) {
  TypedPath r;
  std::string t = typed;
  while (!t.empty() && (t.back() == ' ' || t.back() == '\n')) t.pop_back();  // pasted with a line end
  if (t.empty()) return r;
  t = expand_tilde(t, home);
  if (t[0] != '/') t = (fs::path(listed_dir.empty() ? "." : listed_dir) / t).string();
  r.path = t;
  // A model folder opens as a table; another folder is listed; a file (or FILE:NAME) is checked by the loader.
  r.kind = is_model_dir(t) ? TypedPath::File : is_dir(t) ? TypedPath::Folder : TypedPath::File;
  return r;
}

void open_file_picker(FilePicker& fp, const std::string& dir) {
  fp.open = true;
  fp.refocus_path = true;  // ready to type a path: the last one is selected, typing replaces it
  fp.select_on_click = true;
  std::error_code ec;
  const std::string cwd = fs::current_path(ec).string();
  fp.places = picker_places(xdg_env_from_process().home, cwd);
  list_folder(fp, dir.empty() ? (fp.dir.empty() ? "." : fp.dir) : dir);
}

namespace {

// The side bar: places, then the recent tables (a click on one opens it).
void draw_places(FilePicker& fp, const std::vector<std::string>& recent, std::string* chosen_recent) {
  // Names from the file system and the user's settings: drawn as text, IDs by index.
  for (size_t i = 0; i < fp.places.size(); ++i) {
    const FilePicker::Place& p = fp.places[i];
    ImGui::PushID(static_cast<int>(i));
    if (data_selectable(p.label, fp.dir == p.path)) list_folder(fp, p.path);
    ImGui::PopID();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", p.path.c_str());
  }
  if (recent.empty()) return;
  ImGui::Spacing();
  ImGui::TextDisabled("%s", "Recent");
  for (size_t i = 0; i < recent.size(); ++i) {
    const std::string& spec = recent[i];
    const size_t slash = spec.find_last_of('/');
    const std::string_view name =
        slash == std::string::npos ? std::string_view(spec) : std::string_view(spec).substr(slash + 1);
    ImGui::PushID("recent");
    ImGui::PushID(static_cast<int>(i));
    if (data_selectable(name, false, ImGuiSelectableFlags_AllowDoubleClick)) *chosen_recent = spec;
    ImGui::PopID();
    ImGui::PopID();
    if (i == 0) landmark("picker-recent-0");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", spec.c_str());
  }
}

// The picker's top: what it opens, Up and the folder listed (with "Open this model folder"
// inside a model folder: true when clicked), and why a folder could not be listed.
bool draw_picker_head(FilePicker& fp) {
  // Wrapped: at 1024 wide the dialog is narrower than the sentence (it was cut at the right).
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("%s", "A 2-D tensor as the embedding table: .npy (float32/16/64), .safetensors "
                           "(F32/F16/BF16/F64), .gguf (F32/F16/BF16, Q8_0, Q4_0…Q5_1, Q2_K…Q6_K; "
                           "token_embd.weight) or a Hugging Face model folder (config.json and its "
                           "safetensors: the input embedding); FILE:NAME picks a tensor.");
  ImGui::PopStyleColor();
  if (ImGui::Button("Up")) list_folder(fp, (fs::path(fp.dir) / "..").string());
  ImGui::SameLine();
  ImGui::TextUnformatted(fp.dir.c_str());
  bool open_here = false;
  if (fp.dir_is_model) {  // inside a model folder: open it whole
    ImGui::SameLine();
    open_here = ImGui::SmallButton("Open this model folder");
    landmark("picker-open-folder");
  }
  if (!fp.error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.97f, 0.44f, 0.44f, 1.0f));
    ImGui::TextWrapped("%s", fp.error.c_str());
    ImGui::PopStyleColor();
  }
  return open_here;
}

}  // namespace

bool draw_file_picker(FilePicker& fp, const std::vector<std::string>& recent, std::string* picked) {
  if (!fp.open) return false;
  const float e = em();
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.5f),
                          ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(std::min(e * 52.0f, vp->WorkSize.x - e), std::min(e * 30.0f, vp->WorkSize.y - e)),
                           ImGuiCond_Appearing);
  if (!ImGui::IsPopupOpen("Open a table")) ImGui::OpenPopup("Open a table");
  bool chosen = false;
  bool keep = true;
  if (ImGui::BeginPopupModal("Open a table", &keep)) {
    const bool open_here = draw_picker_head(fp);
    const float footer = ImGui::GetFrameHeightWithSpacing() * 2.2f;
    std::string recent_pick;
    ImGui::BeginChild("places", ImVec2(e * 11.0f, -footer), true);
    draw_places(fp, recent, &recent_pick);
    ImGui::EndChild();
    ImGui::SameLine();
    ImGui::BeginChild("files", ImVec2(0, -footer), true);
    std::string go_into;
    // Only the rows in view are drawn: a folder of 100,000 files cost 0.55 s a frame
    // (every row's label formatted and laid out, its size formatted) on every key and
    // wheel step. A name is shown as text, never used as a label or an ID (a name holding
    // "##" or "###" would hide or collide): each row's ID is its index.
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(fp.entries.size()));
    while (clipper.Step()) {
      for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
        const FilePicker::Entry& en = fp.entries[static_cast<size_t>(i)];
        ImGui::PushID(i);
        const bool clicked = data_selectable(en.shown, fp.selected == i, ImGuiSelectableFlags_AllowDoubleClick);
        ImGui::PopID();
        if (clicked) {
          fp.selected = i;
          if (en.is_dir && !en.is_model) {
            if (ImGui::IsMouseDoubleClicked(0)) go_into = en.name;
          } else {  // a file, or a model folder (opened as one table; "Up"/typing still go into it)
            std::snprintf(fp.path, sizeof fp.path, "%s", (fs::path(fp.dir) / en.name).string().c_str());
            if (ImGui::IsMouseDoubleClicked(0)) chosen = true;
          }
        }
        if (!en.is_dir) {
          const char* size = en.size_text.c_str();
          ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - ImGui::CalcTextSize(size).x);
          ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
          ImGui::TextUnformatted(size);
          ImGui::PopStyleColor();
        }
      }
    }
    if (fp.entries.empty()) ImGui::TextDisabled("%s", "No .npy, .safetensors or .gguf files here.");
    ImGui::EndChild();
    if (!go_into.empty()) list_folder(fp, (fs::path(fp.dir) / go_into).string());
    ImGui::SetNextItemWidth(-e * 12.0f);
    if (fp.refocus_path) ImGui::SetKeyboardFocusHere();
    fp.refocus_path = false;
    // The whole text is selected when the field takes the keyboard (the picker opens, a
    // click into it): a path typed or pasted replaces the last one instead of being
    // appended to it ("…/tiny2.npy/tmp/…: Not a directory").
    const ImGuiID path_id = ImGui::GetID("##path");
    bool enter = ImGui::InputTextWithHint("##path", "~/models/table.npy, model.safetensors:wte.weight or a folder",
                                          fp.path, sizeof fp.path,
                                          ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll);
    // The field took the keyboard when the picker opened; a hand still clicks into it
    // before typing: that first click keeps the text selected instead of placing the caret.
    if (fp.select_on_click) {
      if (ImGui::IsItemEdited() || ImGui::IsItemDeactivated()) {
        fp.select_on_click = false;  // typed into, or left (a later click selects all anyway: AutoSelectAll)
      } else if (ImGui::IsItemActive() && ImGui::IsItemHovered() && ImGui::IsMouseReleased(ImGuiMouseButton_Left)) {
        if (ImGuiInputTextState* st = ImGui::GetInputTextState(path_id)) st->SelectAll();
        fp.select_on_click = false;
      }
    }
    landmark("picker-path");
    ImGui::SameLine();
    if (checkbox("All files", &fp.show_all)) list_folder(fp, fp.dir);
    ImGui::SameLine();
    ImGui::BeginDisabled(fp.path[0] == '\0');
    if (ImGui::Button("Open")) enter = true;
    ImGui::EndDisabled();
    if (enter || chosen) {
      // A folder goes into the listing; anything else is opened (the loader says what is wrong).
      const TypedPath t = resolve_typed_path(fp.path, fp.dir, xdg_env_from_process().home);
      chosen = false;
      if (t.kind == TypedPath::Folder) {
        if (list_folder(fp, t.path)) fp.path[0] = '\0';
        fp.refocus_path = true;  // keep typing: the field is active again next frame
      } else if (t.kind == TypedPath::File) {
        *picked = t.path;
        chosen = true;
      }
    }
    if (!recent_pick.empty()) {
      *picked = recent_pick;
      chosen = true;
    }
    if (open_here) {
      *picked = fp.dir;
      chosen = true;
    }
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) keep = false;
    if (chosen) keep = false;
    if (!keep) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
  }
  if (!keep) fp.open = false;
  return chosen;
}

}  // namespace lv::app
