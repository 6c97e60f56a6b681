// table_rows.cpp — see the header.
#include "app/table_rows.hpp"

#include <imgui.h>

#include <cstdio>
#include <cstdlib>

#include "app/model/app_model.hpp"
#include "app/state/app_edits.hpp"
#include "app/ui_base/ui_theme.hpp"
#include "core/text/id_parse.hpp"
#include "core/text/text_format.hpp"
#include "core/text/token_text.hpp"
#include "core/text/wide_text.hpp"
#include "core/tokenizer/bpe_vocab.hpp"
#include "core/tokenizer/gpt2_tokenizer.hpp"

namespace lv::app {

NearestTableKey nearest_table_key(const App& app) {
  const TableView& t = app.derived.table;
  NearestTableKey k;
  k.base = t.base_owner().get();
  k.rows = t.rows();
  k.cols = t.cols();
  k.dtype = static_cast<int>(t.dtype());
  k.edits_version = app.inputs.edits_version;
  return k;
}

// The table as the workers read it: the base shared, the edits copied (the UI edits on).
TableView nearest_snapshot(const App& app) {
  const Derived& d = app.derived;
  return TableView(d.seeded ? d.seeded->values : nullptr, d.seeded ? nullptr : app.inputs.file, d.table.dtype(),
                   std::make_shared<const EditMap>(d.table.edits()));
}

// Rows are tokens when the table brought its own tokenizer, or is GPT-2-sized with GPT-2's.
bool rows_are_tokens(const App& app) {
  return app.tokenizer && (app.model_tokenizer || app.derived.vocab == static_cast<int64_t>(kGpt2VocabSize));
}

void nearest_progress_line(float fraction, const char* what, BackgroundJob* job, NearestJob* search) {
  const float e = em();
  char pct[16];
  std::snprintf(pct, sizeof pct, "%d%%", static_cast<int>(fraction * 100.0f + 0.5f));
  ImGui::ProgressBar(fraction, ImVec2(e * 6.0f, 0.0f), pct);
  ImGui::SameLine();
  ImGui::TextDisabled("%s", what);
  ImGui::SameLine();
  if (ImGui::SmallButton("Cancel##nearest")) {
    if (job) job->stop();
    if (search) search->stop();
  }
}

std::string row_token_text(App& app, int64_t row) {
  if (!rows_are_tokens(app) || row < 0 || row >= static_cast<int64_t>(app.tokenizer->vocab_size())) return {};
  return wide_to_edit(app.ui.editor.wide, visible_token_text(app.tokenizer->token_bytes(row)));
}

int64_t nearest_query_row(App& app, const std::string& text, std::string* why) {
  why->clear();
  const int64_t v = app.derived.vocab;
  const char* s = text.c_str();
  while (*s == ' ') ++s;
  char* end = nullptr;
  const long long n = std::strtoll(s, &end, 10);
  if (end != s && *s != '\0') {
    while (*end == ' ') ++end;
    if (*end == '\0') {
      if (n >= 0 && n < v) return n;
      *why = std::to_string(n) + " is out of range: this table has " + counted(v, "row") + ", 0–" +
             std::to_string(v - 1) + ".";
      return -1;
    }
  }
  if (!rows_are_tokens(app)) {
    *why = "Type a row number 0–" + std::to_string(v - 1) +
           " (a token's text needs the table's tokenizer, or GPT-2's 50,257-row table).";
    return -1;
  }
  const Encoding e = app.tokenizer->encode(wide_from_edit(app.ui.editor.wide, text));
  if (!e.ok || e.ids.empty()) {
    *why = e.ok ? "Type a row number or a token." : e.error;
    return -1;
  }
  if (e.ids.size() > 1)
    *why = "“" + text + "” is " + std::to_string(e.ids.size()) + " tokens: showing the first, " +
           row_token_text(app, e.ids[0]) + ".";
  return e.ids[0];
}

bool add_row_as_id(App& app, int64_t row) {
  if (row < 0 || row >= app.derived.vocab) return false;
  if (app.inputs.ids.size() >= kMaxIds) {
    set_status(app, "The batch is full: remove an ID first.");
    return false;
  }
  IdList ids = app.inputs.ids;
  ids.push_back(row);
  edit_ids(app, ids);
  char line[96];
  std::snprintf(line, sizeof line, "Added row %lld as an ID.", static_cast<long long>(row));
  set_status(app, line);
  return true;
}

}  // namespace lv::app
