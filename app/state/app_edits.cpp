// app_edits.cpp — the model's Changes shown, and the view's fields refreshed from the model.
#include "app/state/app_edits.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "app/model/model_jobs.hpp"
#include "core/text/id_parse.hpp"
#include "core/text/wide_text.hpp"

namespace lv::app {

void init_from_options(App& app, const CliOptions& o, std::shared_ptr<const TableFile> file) {
  if (o.text) {  // --text: the window opens in Text mode
    app.ui.editor.ids_input = IdsInput::Text;
    set_text_field(app, *o.text);
  }
  app.ui.reduced_motion = o.reduced_motion;
  app.ui.tour.requested = o.tour;  // --tour: from slide 0 at the first frame
  app.ui.theme = o.light ? Theme::Light : Theme::Dark;
  if (o.ask) set_learn(app.learn, true);
  if (o.quiz) {  // the first frame starts it (app/app_learn.hpp start_quiz)
    app.learn.quiz_requested = true;
    app.learn.quiz_seed = o.quiz_seed;
  }
  take_change(app, model_init(app, o, std::move(file)), Fields::Sync);
}

void take_change(App& app, const Change& c, Fields fields) {
  UiState& ui = app.ui;
  if (!c.refused.empty()) ui.editor.state_error = c.refused;
  else if (c.accepted) ui.editor.state_error.clear();
  if (c.sync_fields || fields == Fields::Sync) sync_text_fields(app);
}

void sync_text_fields(App& app) {
  std::snprintf(app.ui.editor.ids_buf, sizeof app.ui.editor.ids_buf, "%s", format_ids(app.inputs.ids).c_str());
  std::snprintf(app.ui.editor.seed_buf, sizeof app.ui.editor.seed_buf, "%s", app.inputs.seed_text.c_str());
  app.ui.editor.ids_error.clear();
  app.ui.editor.seed_error.clear();
}

void ids_field_typed(App& app, const std::string& text) {
  const Change c = ids_typed(app, text);
  app.ui.editor.ids_error = c.error;
  app.ui.editor.ids_note = c.note;
  take_change(app, c);
}

void ids_field_left(App& app, const std::string& text, bool revert) {
  take_change(app, end_ids_edit(app, text, revert), Fields::Sync);
  app.ui.editor.ids_note.clear();
  app.ui.editor.ids_escaped = false;
}

void apply_text(App& app, const std::string& text) {
  const Change c = set_text(app, text);
  app.ui.editor.text_error = c.error;
  if (!c.error.empty()) return;
  std::snprintf(app.ui.editor.ids_buf, sizeof app.ui.editor.ids_buf, "%s", format_ids(app.inputs.ids).c_str());
  app.ui.editor.ids_error.clear();
  take_change(app, c);
}

void start_with_text(App& app, const std::string& text) {
  app.ui.editor.ids_input = IdsInput::Text;
  set_text_field(app, text);
  apply_text(app, text);
}

std::string text_field(const App& app) { return wide_from_edit(app.ui.editor.wide, app.ui.editor.text_buf); }

void set_text_field(App& app, const std::string& text) {
  const std::string edit = wide_to_edit(app.ui.editor.wide, text);
  // Cut at a character's start, never inside one, when it is longer than the field.
  size_t n = std::min(edit.size(), sizeof app.ui.editor.text_buf - 1);
  while (n > 0 && n < edit.size() && (static_cast<unsigned char>(edit[n]) & 0xC0) == 0x80) --n;
  std::memcpy(app.ui.editor.text_buf, edit.data(), n);
  app.ui.editor.text_buf[n] = '\0';
}

void set_ids_input(App& app, IdsInput mode) {
  UiState& ui = app.ui;
  if (ui.editor.ids_input == mode) return;
  ui.editor.ids_input = mode;
  if (mode == IdsInput::Text) {
    // The IDs' own sentence when they came from one, else the field's last text.
    if (!app.inputs.text.empty()) set_text_field(app, app.inputs.text);
    if (!ids_from_text(app.inputs)) apply_text(app, text_field(app));
  } else {
    ui.editor.text_error.clear();
    sync_text_fields(app);
  }
}

void use_tokenizer(App& app, std::shared_ptr<const Gpt2Tokenizer> tokenizer, std::string error) {
  set_tokenizer(app, std::move(tokenizer), std::move(error));
}

void use_model_tokenizer(App& app, std::shared_ptr<const Tokenizer> tokenizer, std::string error) {
  take_change(app, set_model_tokenizer(app, std::move(tokenizer), std::move(error)), Fields::Sync);
  if (app.model_tokenizer) set_status(app, ("Tokenizer: " + app.model_tokenizer->name()).c_str());
  else if (!app.model_tokenizer_error.empty())
    set_status(app, (app.model_tokenizer_error + " GPT-2's is used.").c_str());
}

namespace {

void show_jobs_change(App& app, const Change& c) {
  if (!c.note.empty()) {
    app.ui.status = c.note;
    app.ui.status_until = app.time + 6.0;
  }
  if (!c.error.empty()) {  // a long sentence tokenized on a worker was refused: the IDs shown stay
    app.ui.editor.text_error = c.error;
    app.ui.status = c.error;
    app.ui.status_until = app.time + 6.0;
  } else if (c.sync_fields && ids_from_text(app.inputs)) {
    app.ui.editor.text_error.clear();  // (a worker's sentence landed)
  }
  take_change(app, c);
}

}  // namespace

bool poll_jobs(App& app) {
  Change c;
  const bool changed = poll_model_jobs(app, &c);
  show_jobs_change(app, c);
  return changed;
}

void finish_jobs(App& app) {
  Change c;
  finish_model_jobs(app, &c);
  show_jobs_change(app, c);
}

// ---------------------------------------------------------------- the one door

void edit_add_id(App& app) { take_change(app, add_id(app), Fields::Sync); }
void edit_add_repeat(App& app) { take_change(app, add_repeat(app), Fields::Sync); }
void edit_change_id(App& app, size_t i, int64_t id) { take_change(app, change_id(app, i, id), Fields::Sync); }
void edit_remove_id(App& app, size_t i) { take_change(app, remove_id(app, i), Fields::Sync); }
void edit_move_id(App& app, size_t from, size_t to) { take_change(app, move_id(app, from, to), Fields::Sync); }
void edit_ids(App& app, const IdList& ids) { take_change(app, set_ids(app, ids), Fields::Sync); }
void edit_cell_value(App& app, int64_t row, int64_t col, float value) {
  take_change(app, edit_cell(app, row, col, value));
}
void edit_dim(App& app, int64_t dim) { take_change(app, set_dim(app, dim)); }
void edit_vocab_mode(App& app, VocabMode mode, int64_t fixed_vocab, Fields fields) {
  take_change(app, set_vocab_mode(app, mode, fixed_vocab), fields);
}
void edit_dtype(App& app, TableDtype dtype) { take_change(app, set_dtype(app, dtype)); }
void edit_seed_text(App& app, const std::string& text) {
  const Change c = set_seed_text(app, text);
  app.ui.editor.seed_error = c.error;
  take_change(app, c);
}
void edit_reset_weights(App& app) { take_change(app, reset_edits(app)); }
void edit_grad_mode(App& app, GradMode mode, uint64_t seed) { take_change(app, set_grad_mode(app, mode, seed)); }
void edit_tie_weights(App& app, bool tie) { take_change(app, set_tie_weights(app, tie)); }
void edit_inputs(App& app, ModelInputs inputs) { take_change(app, set_inputs(app, std::move(inputs)), Fields::Sync); }
void edit_text(App& app, const std::string& text) { take_change(app, set_text(app, text), Fields::Sync); }
void open_table(App& app, std::shared_ptr<const TableFile> file, std::shared_ptr<const Tokenizer> tokenizer,
                std::string error) {
  take_change(app, set_table_file(app, std::move(file), std::move(tokenizer), std::move(error)), Fields::Sync);
}
void close_table(App& app) { take_change(app, set_table_file(app, nullptr), Fields::Sync); }
void table_changed_on_disk(App& app) {
  table_file_changed(app);  // its whole-table facts are made again, once, for every slide
  take_change(app, recompute(app));
}
void cancel_pending_edit(App& app) { take_change(app, cancel_pending(app)); }
void ids_field_entered(App& app) { begin_ids_edit(app); }

}  // namespace lv::app
