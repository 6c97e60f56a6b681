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

}  // namespace lv::app
