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

}  // namespace lv::app
