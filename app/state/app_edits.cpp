// app_edits.cpp — the model's Changes shown, and the view's fields refreshed from the model.
#include "app/state/app_edits.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "app/model/model_jobs.hpp"
#include "app/slides/bpe_replay.hpp"  // up: slide 0's merge replay follows each edit at once (read before any frame)
#include "app/slides/slide_09_train.hpp"  // up: --batches, --optimizer, --lr set slide 9 up with the rest of the command line
#include "app/slides/slides.hpp"  // up: each slide's own command-line presets (SlideDef::cli_preset: slide 10's --beta)
#include "core/text/id_parse.hpp"
#include "core/text/wide_text.hpp"

namespace lv::app {

void app_init(App& app, const CliOptions& o, std::shared_ptr<const TableFile> file) {
  if (o.text) {  // --text: the window opens in Text mode
    app.ui.ids_input = IdsInput::Text;
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
  // --batches, --optimizer, --lr, --grad without --train-print: slide 9 starts with them.
  if (!o.train_flag.empty()) {
    std::string batches;
    for (const IdList& b : o.batches) batches += (batches.empty() ? "" : "; ") + format_ids(b);
    train_preset(app, batches, o.optimizer ? &*o.optimizer : nullptr, o.lr);
    if (o.grad_seed && *o.grad_seed >= 0)
      take_change(app, set_grad_mode(app, GradMode::Seeded, static_cast<uint64_t>(*o.grad_seed)));
  }
  for (const SlideDef& s : slide_table())
    if (s.cli_preset) s.cli_preset(app, o);
}

void take_change(App& app, const Change& c, Fields fields) {
  UiState& ui = app.ui;
  if (!c.refused.empty()) ui.state_error = c.refused;
  else if (c.accepted) ui.state_error.clear();
  if (c.sync_fields || fields == Fields::Sync) sync_text_fields(app);
  update_bpe_replay(app);  // slide 0: the IDs' sentence (cheap when the IDs did not change)
}

void sync_text_fields(App& app) {
  std::snprintf(app.ui.ids_buf, sizeof app.ui.ids_buf, "%s", format_ids(app.inputs.ids).c_str());
  std::snprintf(app.ui.seed_buf, sizeof app.ui.seed_buf, "%s", app.inputs.seed_text.c_str());
  app.ui.ids_error.clear();
  app.ui.seed_error.clear();
}

void ids_field_typed(App& app, const std::string& text) {
  const Change c = ids_typed(app, text);
  app.ui.ids_error = c.error;
  app.ui.ids_note = c.note;
  take_change(app, c);
}

void ids_field_left(App& app, const std::string& text, bool revert) {
  take_change(app, end_ids_edit(app, text, revert), Fields::Sync);
  app.ui.ids_note.clear();
  app.ui.ids_escaped = false;
}

void apply_text(App& app, const std::string& text) {
  const Change c = set_text(app, text);
  app.ui.text_error = c.error;
  if (!c.error.empty()) return;
  std::snprintf(app.ui.ids_buf, sizeof app.ui.ids_buf, "%s", format_ids(app.inputs.ids).c_str());
  app.ui.ids_error.clear();
  set_bpe_pick(app, -1);  // a new sentence: slide 0 replays its default piece
  take_change(app, c);
}

std::string text_field(const App& app) { return wide_from_edit(app.ui.wide, app.ui.text_buf); }

void set_text_field(App& app, const std::string& text) {
  const std::string edit = wide_to_edit(app.ui.wide, text);
  // Cut at a character's start, never inside one, when it is longer than the field.
  size_t n = std::min(edit.size(), sizeof app.ui.text_buf - 1);
  while (n > 0 && n < edit.size() && (static_cast<unsigned char>(edit[n]) & 0xC0) == 0x80) --n;
  std::memcpy(app.ui.text_buf, edit.data(), n);
  app.ui.text_buf[n] = '\0';
}

void set_ids_input(App& app, IdsInput mode) {
  UiState& ui = app.ui;
  if (ui.ids_input == mode) return;
  ui.ids_input = mode;
  if (mode == IdsInput::Text) {
    // The IDs' own sentence when they came from one, else the field's last text.
    if (!app.inputs.text.empty()) set_text_field(app, app.inputs.text);
    if (!ids_from_text(app.inputs)) apply_text(app, text_field(app));
  } else {
    ui.text_error.clear();
    sync_text_fields(app);
  }
}

void use_tokenizer(App& app, std::shared_ptr<const Gpt2Tokenizer> tokenizer, std::string error) {
  set_tokenizer(app, std::move(tokenizer), std::move(error));
  update_bpe_replay(app, /*rebuild=*/true);
}

void use_model_tokenizer(App& app, std::shared_ptr<const Tokenizer> tokenizer, std::string error) {
  take_change(app, set_model_tokenizer(app, std::move(tokenizer), std::move(error)), Fields::Sync);
  update_bpe_replay(app, /*rebuild=*/true);
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
