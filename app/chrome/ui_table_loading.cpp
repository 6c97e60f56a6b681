// ui_table_loading.cpp — File ▸ Open: the picker, the load on a worker thread, the
// tensor chooser for .safetensors files with several tables, and the error popup.
// A failed load names the problem and keeps the current table.
#include <imgui.h>

#include <chrono>
#include <cstdio>
#include <utility>

#include "app/state/app_edits.hpp"
#include "app/state/session_table.hpp"
#include "app/chrome/chrome.hpp"
#include "app/deck/slide_host.hpp"
#include "app/deck/slide_nav.hpp"
#include "app/ui_base/ui_landmarks.hpp"
#include "app/ui_base/ui_draw.hpp"
#include "app/ui_base/ui_theme.hpp"
#include "app/widgets/widget_data_text.hpp"
#include "core/text/id_parse.hpp"
#include "core/torch/table_size.hpp"
#include "core/text/text_format.hpp"

namespace lv::app {

void start_table_load(App& app, const std::string& spec) {
  TableLoading& l = app.loading;
  // A second file while one loads replaces it: the first's result is not taken (its
  // read is a header and a mapping: it ends at once), and the model's whole-table work
  // for the table shown is cancelled when the new one is set (app/model/model_jobs.hpp).
  l.job.stop();
  l.restoring = false;  // the caller says so when it is the session's table
  l.spec = spec;
  l.started = app.time;
  l.error.clear();
  // The result is filled before the job says it finished, and the wake follows that: a
  // wake posted before the result is there would find nothing and the window would sleep on.
  auto result = std::make_shared<TableLoad>();
  auto tokenizer = std::make_shared<ModelTokenizerFind>();
  l.result = result;
  l.tokenizer = tokenizer;
  l.job.start([spec, result, tokenizer](JobControl&) {
    try {
      *result = load_table(spec);
      // The table's own tokenizer (a .gguf's metadata, tokenizer.json beside it or in its folder).
      if (result->ok) *tokenizer = find_model_tokenizer(spec);
    } catch (const std::bad_alloc&) {  // the current table stays
      result->error = "There is not enough memory to load " + spec + ".";
    }
  });
}

bool table_loading(const App& app) { return app.loading.job.active(); }

void poll_table_load(App& app) {
  TableLoading& l = app.loading;
  // A slide saved its own table over the open table's file (slide 9): that file is the table now.
  for (const SlideDef& s : slide_table())
    if (s.take_file_to_open)
      if (const std::string saved = s.take_file_to_open(context_of(app, s)); !saved.empty())
        start_table_load(app, saved);
  if (!l.job.take()) return;
  TableLoad r = std::move(*l.result);
  l.result.reset();
  ModelTokenizerFind tok = l.tokenizer ? std::move(*l.tokenizer) : ModelTokenizerFind{};
  l.tokenizer.reset();
  // A result is like input: draw a few frames, so a popup it opens settles its size
  // and shows, rather than waiting for the mouse to move.
  app.frames_since_input = 0;
  if (std::exchange(l.restoring, false)) {
    finish_session_table(app, r, tok);
    return;
  }
  if (r.ok) {
    // The IDs must fit the new table (set_table_file drops those that do not) and
    // the one-hot matrix must stay within the limit.
    const int64_t b = static_cast<int64_t>(app.inputs.ids.size());
    if (std::string e = table_size_error(b, r.table.rows, 0); !e.empty()) {
      l.error = capitalized(e) + ". Use fewer IDs, then open the table again.";
      return;
    }
    const std::string label = table_spec(r.table);
    remember_opened(app, label);
    open_table(app, std::make_shared<const TableFile>(std::move(r.table)), tok.tokenizer, tok.error);
    const char* tokenizer = app.model_tokenizer ? app.model_tokenizer->name().c_str()
                            : tok.error.empty() ? "GPT-2's (the table has none)"
                                                : tok.error.c_str();
    char buf[1024];
    const TableFile& f = *app.inputs.file;
    if (!f.folder.empty())  // a model folder: which model, which tensor from which shard, which head
      std::snprintf(buf, sizeof buf, "Loaded %s%s%s%s: %s from %s, %s × %s; output head %s · tokenizer: %s",
                    label.c_str(), f.architecture.empty() ? "" : " (", f.architecture.c_str(),
                    f.architecture.empty() ? "" : ")", f.name.c_str(), f.shard.c_str(), Commas(app.derived.vocab).s,
                    Commas(app.derived.dim).s, f.head ? f.head->name.c_str() : "tied", tokenizer);
    else
      std::snprintf(buf, sizeof buf, "Loaded %s: %s × %s · tokenizer: %s", label.c_str(), Commas(app.derived.vocab).s,
                    Commas(app.derived.dim).s, tokenizer);
    set_status(app, buf);
    return;
  }
  if (!r.tensor_names.empty()) {
    // Several 2-D tensors and no NAME: let the user pick one.
    l.tensor_choices = r.tensor_names;
    l.choices_path = l.spec;
    return;
  }
  l.error = r.error;
}

void draw_table_loading(App& app) {
  TableLoading& l = app.loading;
  const float e = em();
  std::string picked;
  if (draw_file_picker(l.picker, l.recent, &picked)) start_table_load(app, picked);

  if (!l.tensor_choices.empty() && !ImGui::IsPopupOpen("Choose a tensor")) ImGui::OpenPopup("Choose a tensor");
  ImGui::SetNextWindowSize(ImVec2(e * 28.0f, 0), ImGuiCond_Appearing);
  if (ImGui::BeginPopupModal("Choose a tensor", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::TextWrapped("%s holds several 2-D tensors. Which one is the embedding table?", l.choices_path.c_str());
    ImGui::BeginChild("names", ImVec2(e * 26.0f, e * 12.0f), true);
    // A name is the file's text, never a label or an ID ("", "##x", "a###k" are names
    // too): each row's ID is its index, its text drawn as it is.
    int chosen = -1;
    for (size_t i = 0; i < l.tensor_choices.size(); ++i) {
      ImGui::PushID(static_cast<int>(i));
      const std::string& name = l.tensor_choices[i];
      if (data_selectable(name, false, ImGuiSelectableFlags_AllowDoubleClick,
                          name.empty() ? "\"\" (the empty name)" : ""))
        chosen = static_cast<int>(i);
      ImGui::PopID();
      if (i == 0) landmark("tensor-choice-0");
    }
    ImGui::EndChild();
    if (ImGui::Button("Cancel")) {
      l.tensor_choices.clear();
      ImGui::CloseCurrentPopup();
    }
    if (chosen >= 0) {
      const std::string spec = l.choices_path + ":" + l.tensor_choices[static_cast<size_t>(chosen)];
      l.tensor_choices.clear();
      ImGui::CloseCurrentPopup();
      start_table_load(app, spec);
    }
    ImGui::EndPopup();
  }

  if (!l.error.empty() && !ImGui::IsPopupOpen("Could not load the table")) ImGui::OpenPopup("Could not load the table");
  ImGui::SetNextWindowSize(ImVec2(e * 30.0f, 0), ImGuiCond_Appearing);
  if (ImGui::BeginPopupModal("Could not load the table", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::PushTextWrapPos(e * 28.0f);
    ImGui::TextUnformatted(l.error.c_str());
    ImGui::Spacing();
    ImGui::TextDisabled("%s", "The current table is kept.");
    ImGui::PopTextWrapPos();
    if (ImGui::Button("OK") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter))) {
      l.error.clear();
      ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
  }
}

}  // namespace lv::app
