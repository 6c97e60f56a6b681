// app_session.cpp — App ⇄ SessionSettings, and the autosave timer.
#include "app/app_session.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "app/ui_base/anim_timeline.hpp"
#include "app/model/model_jobs.hpp"  // kInlineTextBytes
#include "app/state/app_edits.hpp"
#include "app/chrome/chrome.hpp"
#include "app/deck/slide_host.hpp"
#include "app/deck/slide_nav.hpp"
#include "app/slides/slides.hpp"
#include "core/tokenizer/gpt2_tokenizer.hpp"
#include "core/text/id_parse.hpp"  // the seeded table's limits
#include "core/torch/table_size.hpp"
#include "core/text/text_format.hpp"

namespace lv::app {

SessionSettings session_from_app(const App& app, const WindowGeometry& window) {
  // A practice state (Try another, a quiz) is not the learner's: the session keeps the
  // learner's own (IDs, sentence, table, slide and step), given back when the practice ends.
  const OwnState& own = app.learn.own;
  const bool practice = own.kept;
  const ModelInputs& in = practice ? own.inputs : app.inputs;
  SessionSettings s;
  s.slide = practice ? own.slide : app.ui.slide;
  s.step = practice ? own.step : app.ui.timeline.target >= 0.0f ? app.ui.timeline.target : app.ui.timeline.pos;
  s.ids = in.ids;
  s.seed = in.seed;
  s.seed_text = in.seed_text;
  s.dim = in.dim;
  s.vocab_mode = in.vocab_mode == VocabMode::Fixed ? SettingsVocab::Fixed : SettingsVocab::FromIds;
  s.fixed_vocab = std::max<int64_t>(1, in.fixed_vocab);
  s.dtype = in.dtype;
  if (in.file) s.weights = weights_spec(*in.file);
  s.grad_mode = in.grad_mode == GradMode::Seeded ? SettingsGrad::Seeded : SettingsGrad::SumOfOutputs;
  s.grad_seed = in.grad_seed;
  s.tie_weights = in.tie_weights;
  s.text_mode = practice ? own.text_mode : app.ui.editor.ids_input == IdsInput::Text;
  // The sentence in the Text field, byte for byte; the IDs' own when they came from it (whole:
  // a long --text is more than the field's 1 KB), or the one still on its worker (quit before
  // its IDs landed: the next launch tokenizes it again, as it does any long saved sentence).
  const bool tokenizing = !practice && app.jobs.text.active();
  s.text = practice ? own.text : tokenizing ? app.jobs.text_for : ids_from_text(in) ? in.text : text_field(app);
  const int64_t v = practice ? (in.file ? in.file->rows : vocab_of(in)) : app.derived.vocab;
  const int64_t d = practice ? (in.file ? in.file->cols : in.dim) : app.derived.dim;
  for (const auto& [k, value] : *in.edits) {
    if (s.edits.size() >= kMaxSettingsEdits) break;
    s.edits.push_back({k / d, k % d, value});
  }
  if (!s.edits.empty()) {
    s.table_rows = v;
    s.table_cols = d;
  }
  if (!in.file && !in.unopened.weights.empty()) {
    // Kept, not dropped: the next launch tries the file again. Its edits go with it
    // unless the seeded table shown meanwhile has edits of its own.
    s.weights = in.unopened.weights;
    if (s.edits.empty() && !in.unopened.edits.empty()) {
      s.edits = in.unopened.edits;
      s.table_rows = in.unopened.rows;
      s.table_cols = in.unopened.cols;
    }
  }
  s.light = app.ui.theme == Theme::Light;
  s.user_zoom = std::clamp(app.ui.user_zoom, kMinSettingsZoom, kMaxSettingsZoom);
  s.reduced_motion = app.ui.reduced_motion;
  s.window_width = std::clamp(window.width, 1, kMaxWindowSide);
  s.window_height = std::clamp(window.height, 1, kMaxWindowSide);
  s.has_window_pos = window.has_pos;
  s.window_x = window.x;
  s.window_y = window.y;
  s.maximized = window.maximized;
  s.learn = app.learn.ask;
  for (const auto& [kind, t] : app.learn.tally) {
    if (s.results.size() >= kMaxSettingsResults) break;
    s.results.push_back(
        {kind, std::min(t.asked, kMaxSettingsCount), std::min(t.right, std::min(t.asked, kMaxSettingsCount))});
  }
  save_slide_values(app, s.slide_values);
  if (s.slide_values.size() > kMaxSettingsSlideValues) s.slide_values.resize(kMaxSettingsSlideValues);
  return s;
}

namespace {

// The saved V and D were the file's shape, which may pass the seeded table's limits
// (a 1 × 70,000 file): the seeded stand-in then takes its defaults, and V follows the IDs.
void fit_seeded_limits(ModelInputs& in) {
  bool ids_fit = true;
  for (int64_t id : in.ids) ids_fit &= id < kMaxVocab;
  if (!ids_fit) in.ids = ModelInputs{}.ids;
  if (in.dim > kMaxDim) in.dim = ModelInputs{}.dim;
  const int64_t v = vocab_of(in), b = static_cast<int64_t>(in.ids.size());
  if (v > kMaxVocab || !table_size_error(b, v, in.dim).empty()) {
    in.vocab_mode = VocabMode::FromIds;
    if (!table_size_error(0, vocab_of(in), in.dim).empty()) in.dim = ModelInputs{}.dim;
  }
}

}  // namespace

void apply_session(App& app, const SessionSettings& s) {
  ModelInputs in = app.inputs;  // the session's state, set whole (set_inputs) once made
  in.seed = s.seed;
  in.seed_text = s.seed_text;
  in.dim = s.dim;
  in.dtype = s.dtype;
  in.grad_mode = s.grad_mode == SettingsGrad::Seeded ? GradMode::Seeded : GradMode::SumOfOutputs;
  in.grad_seed = s.grad_seed;
  in.tie_weights = s.tie_weights;
  in.vocab_mode = s.vocab_mode == SettingsVocab::Fixed ? VocabMode::Fixed : VocabMode::FromIds;
  in.fixed_vocab = s.fixed_vocab;
  in.ids = s.ids;
  in.file = nullptr;
  in.edits = std::make_shared<EditMap>();
  ++in.edits_version;
  if (!s.weights.empty()) {
    // The file is reopened on a worker once the window is up (reopen_session_table):
    // meanwhile the seeded table stands in, within its own limits, and the file, its
    // shape, its edits and the IDs wait here.
    in.unopened = {s.weights, s.table_rows, s.table_cols, s.edits, s.ids, true, s.text};
    // The stand-in is the small default shape: the saved V and D are the file's, and a
    // seeded table that size would be drawn (a worker's seconds) only to be replaced.
    in.vocab_mode = VocabMode::FromIds;
    in.dim = ModelInputs{}.dim;
    fit_seeded_limits(in);
  } else {
    // Edits are applied only to a table of the shape they were made on.
    const int64_t v = vocab_of(in);
    if (!s.edits.empty() && s.table_rows == v && s.table_cols == in.dim) {
      for (const SettingsEdit& e : s.edits) (*in.edits)[e.row * in.dim + e.col] = e.value;
    }
  }
  // The sentence: the IDs still come from it when they are its tokens (as they were saved).
  in.text.clear();
  in.text_ids.clear();
  bool long_text = false;  // tokenized on a worker once the rest is in place (issue 39)
  if (!s.text.empty()) {
    set_text_field(app, s.text);
    // A table's session: its own tokenizer (a .gguf's, a tokenizer.json) comes with it, on the
    // worker; the sentence waits in unopened.text for it (finish_session_table), the saved IDs
    // shown meanwhile. A long sentence (only a --text can be) is never tokenized on this
    // thread: in Text mode it makes the IDs again on a worker (the saved ones shown until then);
    // in IDs mode the saved IDs stay, decoded on slide 0.
    if (s.weights.empty() && app.tokenizer && s.text.size() > kInlineTextBytes) {
      long_text = s.text_mode;
    } else if (s.weights.empty() && app.tokenizer) {
      const Encoding e = app.tokenizer->encode(s.text);
      if (e.ok && e.ids == in.ids) {
        in.text = s.text;
        in.text_ids = e.ids;
      }
    }
  }
  app.ui.editor.ids_input = s.text_mode ? IdsInput::Text : IdsInput::Ids;
  app.ui.editor.text_error.clear();
  app.ui.theme = s.light ? Theme::Light : Theme::Dark;
  app.ui.user_zoom = s.user_zoom;
  app.ui.reduced_motion = s.reduced_motion;
  set_learn(app.learn, s.learn || app.learn.ask);  // --ask turns it on over a session without it
  app.learn.tally.clear();
  for (const SettingsResult& r : s.results) app.learn.tally[r.kind] = KindTally{r.asked, r.right};
  edit_inputs(app, std::move(in));
  if (long_text) apply_text(app, s.text);
  restore_slide_values(app, s.slide_values);
  app.ui.slide = std::clamp(s.slide, 0, slide_count() - 1);
  timeline_seek(app.ui.timeline, current_slide_steps(app), s.step);
}

void reopen_session_table(App& app) {
  ModelInputs::Unopened& u = app.inputs.unopened;
  if (!u.reopening) return;
  start_table_load(app, u.weights);
  app.loading.restoring = true;
}

namespace {

// A cheap fingerprint of everything the session holds: the model's generation
// (bumped on every input change) and the view's few numbers. No allocation.
uint64_t fingerprint_of(const App& app, const WindowGeometry& w) {
  uint64_t h = 1469598103934665603ull;
  auto mix = [&h](uint64_t v) {
    h ^= v;
    h *= 1099511628211ull;
  };
  mix(app.derived.generation);
  mix(static_cast<uint64_t>(app.ui.slide));
  mix(app.ui.editor.ids_input == IdsInput::Text);
  for (const char* c = app.ui.editor.text_buf; *c; ++c)
    mix(static_cast<unsigned char>(*c));  // at most 1 KB, no allocation
  const float step = app.ui.timeline.target >= 0.0f ? app.ui.timeline.target : app.ui.timeline.pos;
  mix(static_cast<uint64_t>(std::lround(step * 4.0f)));  // a playing timeline is saved in quarter steps
  mix(app.ui.theme == Theme::Light);
  mix(app.ui.reduced_motion);
  uint32_t zoom;
  std::memcpy(&zoom, &app.ui.user_zoom, 4);
  mix(zoom);
  mix(static_cast<uint64_t>(w.width) << 32 | static_cast<uint32_t>(w.height));
  mix(static_cast<uint64_t>(static_cast<uint32_t>(w.x)) << 32 | static_cast<uint32_t>(w.y));
  mix(w.maximized);
  mix(app.learn.ask);
  mix(slide_values_key(app));
  for (const auto& [kind, t] : app.learn.tally)
    mix(static_cast<uint64_t>(t.asked) << 32 | static_cast<uint32_t>(t.right));
  return h;
}

// force: write even when the text is what this instance last wrote. Another instance
// sharing the settings folder may have written its own state since (A and B open, B
// quits, then A): at quit, the last to quit writes its state.
void write_now(SessionSaver& saver, App& app, const WindowGeometry& window, bool force) {
  const std::string text = write_settings(session_from_app(app, window));
  saver.dirty_since = -1.0;
  if (!force && text == saver.last_written) return;
  const std::string err = save_settings_file(saver.path, text);
  if (err.empty()) {
    saver.last_written = text;
    saver.error.clear();
  } else if (err != saver.error) {
    saver.error = err;
    set_status(app, ("Session not saved: " + err).c_str());
  }
}

}  // namespace

void session_autosave(SessionSaver& saver, App& app, const WindowGeometry& window) {
  if (saver.path.empty()) return;
  const uint64_t f = fingerprint_of(app, window);
  if (f != saver.fingerprint) {
    saver.fingerprint = f;
    if (saver.dirty_since < 0.0) saver.dirty_since = app.time;
  }
  if (saver.dirty_since >= 0.0 && app.time - saver.dirty_since >= kAutosaveDelay) write_now(saver, app, window, false);
}

void session_flush(SessionSaver& saver, App& app, const WindowGeometry& window) {
  if (saver.path.empty()) return;
  write_now(saver, app, window, false);
}

void session_save_at_quit(SessionSaver& saver, App& app, const WindowGeometry& window) {
  if (saver.path.empty()) return;
  write_now(saver, app, window, /*force=*/true);
}

double session_due_in(const SessionSaver& saver, const App& app) {
  if (saver.path.empty() || saver.dirty_since < 0.0) return -1.0;
  return std::max(0.0, saver.dirty_since + kAutosaveDelay - app.time);
}

}  // namespace lv::app
