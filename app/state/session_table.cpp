// session_table.cpp — see session_table.hpp.
#include "app/state/session_table.hpp"

#include <filesystem>
#include <memory>

#include "app/model/model_jobs.hpp"  // kInlineTextBytes
#include "app/state/app_edits.hpp"
#include "core/text/text_format.hpp"

namespace lv::app {

std::string weights_spec(const TableFile& file) {
  // Stored absolute: a session restored from another folder must find the same file.
  std::string path = file.path;
  if (!path.empty() && path.front() != '/') {
    std::error_code ec;
    const std::filesystem::path abs = std::filesystem::absolute(path, ec);
    if (!ec) path = abs.lexically_normal().string();
  }
  return file.named ? path + ":" + file.name : path;
}

namespace {

// The session's sentence, now that the tokenizer it was typed for is known.
void finish_session_text(App& app, const std::string& saved) {
  const std::string field = text_field(app);
  if (app.ui.editor.ids_input == IdsInput::Text) {
    // The sentence in the field (the session's, or one typed while the table loaded) makes the
    // IDs, as typing it would: its tokens by the table's own tokenizer. The field holds the
    // first 1 KB of a longer saved sentence: that one, whole (on a worker past kInlineTextBytes).
    const bool whole = saved.size() > field.size() && saved.compare(0, field.size(), field) == 0;
    if (!field.empty() && !ids_from_text(app.inputs)) apply_text(app, whole ? saved : field);
    return;
  }
  // IDs mode: a long sentence is not tokenized on this thread to see if the IDs are its own.
  if (saved.empty() || saved.size() > kInlineTextBytes || !app.tokenizer || ids_from_text(app.inputs)) return;
  const Encoding e = app.tokenizer->encode(saved);
  if (!e.ok || e.ids != app.inputs.ids) return;  // typed IDs of their own: the sentence stays in the field
  app.inputs.text = saved;
  app.inputs.text_ids = e.ids;
}

}  // namespace

bool finish_session_table(App& app, TableLoad& r, const ModelTokenizerFind& tok) {
  ModelInputs& in = app.inputs;
  ModelInputs::Unopened u = in.unopened;
  in.unopened.reopening = false;
  const char* kept = "; showing the seeded table. It stays in your session until you open another table.";
  if (!r.ok) {
    app.loading.error = "Could not reopen your table " + u.weights + " (" +
                        (r.tensor_names.empty() ? r.error : "it holds several tables and none was named") + ")" + kept;
    return false;
  }
  for (int64_t id : u.ids) {
    if (id >= r.table.rows) {
      app.loading.error = "Your IDs no longer fit " + u.weights + " (" +
                          with_commas(static_cast<uint64_t>(r.table.rows)) + " rows)" + kept;
      return false;
    }
  }
  in.ids = u.ids;
  take_change(app, set_table_file(app, std::make_shared<const TableFile>(std::move(r.table))));
  if (!u.edits.empty() && u.rows == app.derived.vocab && u.cols == app.derived.dim) {
    for (const SettingsEdit& e : u.edits) (*in.edits)[e.row * u.cols + e.col] = e.value;
    ++in.edits_version;
    take_change(app, recompute(app));
  }
  take_change(app, set_model_tokenizer(app, tok.tokenizer, tok.error), Fields::Sync);
  finish_session_text(app, u.text);
  sync_text_fields(app);
  return true;
}

}  // namespace lv::app
