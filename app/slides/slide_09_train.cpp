// slide_09_train.cpp — "Training: which rows move". The table shown trained step by step
// (core/train/trainer.hpp, torch 1.13 float for float): batches of IDs, the upstream
// gradient G as on slide 6, an optimizer and its learning rate. The slide's timeline is
// the training (step k: the table after k optimizer steps). At each step the rows that
// changed light in three kinds — this step's gradient, the optimizer's memory (momentum,
// Adam's moments) with no gradient, AdamW's weight decay — with "rows written this step:
// N of V", and a strip shows which rows hold optimizer state. Side by side: two
// optimizers on the same batches, the step where they first differ held on screen.
// A sparse gradient is not a sparse update.
#include "app/slides/slide_09_train.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <span>
#include <string>
#include <utility>

#include "app/model/app_model.hpp"
#include "app/slides/narrative_lines.hpp"
#include "app/slides/scene.hpp"
#include "app/slides/slide_code.hpp"
#include "app/slides/slides.hpp"
#include "app/ui_base/anim_timeline.hpp"
#include "app/ui_base/ui_draw.hpp"
#include "app/ui_base/ui_landmarks.hpp"
#include "app/widgets/widget_answer_targets.hpp"
#include "app/widgets/widget_matrix_grid.hpp"
#include "core/io/write_target.hpp"
#include "core/text/id_parse.hpp"
#include "core/train/table_save.hpp"
#include "core/train/train_batches.hpp"
#include "core/text/text_format.hpp"
#include "core/torch/notebook_transcript.hpp"
#include "core/torch/torch_format.hpp"

namespace lv::app {
namespace {

constexpr double kLrChoices[] = {0.003, 0.01, 0.03, 0.1, 0.3, 1.0};
const char* const kLrLabels[] = {"0.003", "0.01", "0.03", "0.1", "0.3", "1"};

// The three kinds of moved rows, each its own colour (an ID colour: distinct in both themes).
// Gradient amber (ID colour 0), memory violet (2), decay sky (4).
size_t kind_index(RowMove k);
ImU32 kind_color(RowMove k, float alpha = 1.0f) { return id_color(kind_index(k), alpha); }
size_t kind_index(RowMove k) { return k == RowMove::Gradient ? 0 : k == RowMove::Memory ? 2 : 4; }
// A row's cells lit for its kind (an ID tint: its numbers stay readable in both themes).
ImU32 kind_tint(const Palette& p, RowMove k) { return id_tint(p, kind_index(k), 0.45f); }
const char* kind_word(RowMove k) {
  switch (k) {
    case RowMove::Gradient: return "gradient";
    case RowMove::Memory: return "memory";
    case RowMove::Decay: return "decay";
    case RowMove::None: break;
  }
  return "";
}

// "Adam", "SGD + momentum": how the screen names an optimizer.
const char* optimizer_label(TrainOptimizer o) {
  switch (o) {
    case TrainOptimizer::Sgd: return "SGD";
    case TrainOptimizer::Momentum: return "SGD + momentum";
    case TrainOptimizer::Adam: return "Adam";
    case TrainOptimizer::AdamW: return "AdamW";
    case TrainOptimizer::SparseAdam: return "SparseAdam";
  }
  return "";
}

// What the optimizer keeps per row, in torch's names.
const char* state_words(TrainOptimizer o) {
  switch (o) {
    case TrainOptimizer::Sgd: return "";
    case TrainOptimizer::Momentum: return "momentum_buffer";
    default: return "exp_avg, exp_avg_sq";
  }
}

// A learning rate as Python writes it (the shortest decimal that reads back the same).
std::string py_float(double v) {
  char buf[64];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  std::string s(buf, r.ptr);
  if (s.find_first_of(".en") == std::string::npos) s += ".0";
  return s;
}

uint64_t mix_key(uint64_t h, uint64_t v) { return (h ^ v) * 1099511628211ull; }

// The batches (core/train/train_batches.hpp): the typed ones split at ';', else the IDs one
// a step (Text mode: its tokens in windows of `window`). An error sentence when the typed
// ones do not parse.
std::vector<IdList> batches_of(const SlideContext& cx, const TrainSlideState& s, std::string& error) {
  const int window = cx.ui.editor.ids_input == IdsInput::Text ? std::max(1, s.window) : 0;
  return train_batches(s.batches_buf, cx.model.inputs.ids, window, cx.model.derived.vocab, error);
}

// What the runs are made for: the table and its edits, the IDs, G, the choices.
uint64_t config_key(const SlideContext& cx, const TrainSlideState& s) {
  uint64_t h = 1469598103934665603ull;
  h = mix_key(h, cx.model.derived.outputs_version);
  h = mix_key(h, cx.model.inputs.edits_version);
  h = mix_key(h, static_cast<uint64_t>(cx.model.derived.vocab) * 65537u + static_cast<uint64_t>(cx.model.derived.dim));
  h = mix_key(h, reinterpret_cast<uintptr_t>(cx.model.derived.table.base_owner().get()));
  h = mix_key(h, static_cast<uint64_t>(cx.model.inputs.grad_mode) * 31u + cx.model.inputs.grad_seed);
  h = mix_key(h, static_cast<uint64_t>(s.optimizer) * 7u + static_cast<uint64_t>(s.pair) * 3u + s.side_by_side);
  uint64_t lr_bits;
  std::memcpy(&lr_bits, &s.lr, sizeof lr_bits);
  h = mix_key(h, lr_bits);
  h = mix_key(h, static_cast<uint64_t>(s.window) + (cx.ui.editor.ids_input == IdsInput::Text ? 1000u : 0u));
  for (const char* p = s.batches_buf; *p; ++p) h = mix_key(h, static_cast<unsigned char>(*p));
  return h;
}

TrainConfig config_for(const SlideContext& cx, const TrainSlideState& s, int i) {
  TrainConfig c;
  c.optimizer = train_run_optimizer(s, i);
  c.lr = s.lr;
  c.randn_grad = cx.model.inputs.grad_mode == GradMode::Seeded;
  c.grad_seed = static_cast<int64_t>(cx.model.inputs.grad_seed);
  return c;
}

// The training shown: optimizer steps done at the timeline's step (step k: k steps).
int steps_shown(const SlideContext& cx) { return std::max(0, current_step(cx.ui.timeline, kTrainShownSteps) + 1); }

// ---------------------------------------------------------------- the workers
// The steps a worker takes: the runs' trainers, moved here for them and back when done.
}  // namespace

struct TrainStepWork {
  Trainer trainers[2];
  int runs = 1;
  std::vector<IdList> batches;
  int target = 0;                   // the steps each run has when done
  std::vector<TrainStep> steps[2];  // the steps taken, in order
  std::string error;                // a step refused (cannot happen with parsed batches)
  std::function<void()> hook;
};

struct TrainSaveWork {
  Trainer table;  // Trainer::table_copy(): the values alone
  std::string path;
  const TableFile* over_open_table = nullptr;  // the open table, when path is its own file
  std::string error;
  std::function<void()> hook;
};

namespace {

bool stepping(const TrainSlideState& s) { return s.step_work != nullptr; }

// The steps running are let go: asked to stop and left to finish on their own (never
// waited for on the UI thread); what they made is dropped with them.
void drop_steps(TrainSlideState& s) {
  if (!s.step_work) return;
  s.step_job.let_go();
  s.step_work.reset();
}

// Finished steps taken back (the frame after they ended): the trainers and their history.
void take_steps(TrainSlideState& s) {
  if (!s.step_work || !s.step_job.take()) return;
  const std::shared_ptr<TrainStepWork> w = std::move(s.step_work);
  for (int i = 0; i < w->runs; ++i) {
    TrainRun& run = s.runs[i];
    run.trainer = std::move(w->trainers[i]);
    run.history.insert(run.history.end(), w->steps[i].begin(), w->steps[i].end());
    run.shown = TrainShown{};
  }
}

// What the slide draws of a run while its trainer is away: the grid's rows as they are now.
TrainShown shown_of(const TrainRun& run) {
  const Trainer& t = run.trainer;
  TrainShown w;
  w.rows = t.rows();
  w.cols = t.cols();
  w.first = std::clamp<int64_t>(run.view_first, 0, w.rows);
  w.count = std::clamp<int64_t>(run.view_count, 0, std::min<int64_t>(64, w.rows - w.first));
  w.values.resize(static_cast<size_t>(w.count * w.cols));
  for (int64_t r = 0; r < w.count; ++r) {
    t.read_row(w.first + r, w.values.data() + r * w.cols);
    w.kinds.push_back(t.steps_done() > 0 ? t.kind_in_last_step(w.first + r) : RowMove::None);
    w.state.push_back(t.has_state(w.first + r) ? 1 : 0);
  }
  w.state_rows = t.state_rows();
  return w;
}

// The runs' steps from `done` to `steps` started on the worker; the trainers go with them.
void start_steps(TrainSlideState& s, int steps) {
  auto w = std::make_shared<TrainStepWork>();
  w->runs = train_run_count(s);
  w->batches = s.batches;
  w->target = steps;
  w->hook = s.worker_hook;
  for (int i = 0; i < w->runs; ++i) {
    s.runs[i].shown = shown_of(s.runs[i]);
    w->trainers[i] = std::move(s.runs[i].trainer);
    s.runs[i].trainer = Trainer{};  // (a moved-from one would still say its shape)
  }
  s.step_work = w;
  s.step_job.start([w](JobControl& c) {
    try {
      const int from = static_cast<int>(w->trainers[0].steps_done());
      for (int k = from; k < w->target && !c.cancelled(); ++k) {
        for (int i = 0; i < w->runs && !c.cancelled(); ++i) {
          if (w->hook) w->hook();
          Trainer& t = w->trainers[i];
          if (t.steps_done() != k) continue;  // (a run cancelled mid-step stays behind)
          w->steps[i].push_back(t.step(w->batches[static_cast<size_t>(k) % w->batches.size()]));
        }
        c.progress.store(static_cast<float>(k + 1 - from) / static_cast<float>(w->target - from));
      }
    } catch (const std::exception& e) {
      w->error = e.what();
    }
  });
}

// A run read as the slide draws it: its trainer, or while that is on the worker what the
// last finished step left (TrainShown). The row last read is kept (a cell costs a lookup)
// in the run's buffer, which outlives the frame: an idle frame allocates nothing.
struct RunReader {
  const TrainRun& run;
  bool away;
  const TableView& before;  // the table before training
  std::vector<float>& row;
  mutable int64_t row_at = -1;
  RunReader(const TrainSlideState& s, TrainRun& r, const TableView& table)
      : run(r), away(stepping(s)), before(table), row(r.row_buf) {}
  const TrainShown& w() const { return run.shown; }
  bool held(int64_t r) const { return r >= w().first && r < w().first + w().count; }
  int64_t rows() const { return away ? w().rows : run.trainer.rows(); }
  int64_t cols() const { return away ? w().cols : run.trainer.cols(); }
  float at(int64_t r, int64_t c) const {
    if (away) {
      if (held(r)) return w().values[static_cast<size_t>((r - w().first) * w().cols + c)];
      return before.at(r, c);
    }
    if (r != row_at) {
      row.resize(static_cast<size_t>(run.trainer.cols()));
      run.trainer.read_row(row_at = r, row.data());
    }
    return row[static_cast<size_t>(c)];
  }
  RowMove kind(int64_t r) const {
    if (!away) return run.trainer.kind_in_last_step(r);
    return held(r) ? w().kinds[static_cast<size_t>(r - w().first)] : RowMove::None;
  }
  bool has_state(int64_t r) const {
    if (!away) return run.trainer.has_state(r);
    return std::binary_search(w().state_rows.begin(), w().state_rows.end(), r);
  }
  int64_t state_row_count() const {
    return away ? static_cast<int64_t>(w().state_rows.size()) : run.trainer.state_row_count();
  }
  // In no particular order and without a copy (the strip draws them every frame).
  std::span<const int64_t> state_rows() const { return away ? w().state_rows : run.trainer.state_rows_unsorted(); }
};

// The save's outcome taken (the frame after it ended): the status line says it.
void take_save(const SlideContext& cx, TrainSlideState& s) {
  if (!s.save_work || !s.save_job.take()) return;
  const std::shared_ptr<TrainSaveWork> w = std::move(s.save_work);
  s.save_outcome = w->error.empty() ? "Saved " + w->path : "Not saved: " + w->error;
  if (!w->error.empty() && w->error != "stopped") {
    // A failure on the worker (a full disk, a folder gone meanwhile): the dialog opens
    // again with it and the path, so another place can be typed at once.
    s.save_failed = s.save_outcome;
    s.save_requested = true;
  }
  // (Only while that table is still the one open: another opened meanwhile stays.)
  if (w->error.empty() && w->over_open_table && cx.model.inputs.file.get() == w->over_open_table) {
    // The open table's own file now holds the trained table: it is opened again, so the
    // window's table is the file (as an editor's document is after Save As), and slide 9
    // starts from it at step 0 (the values shown do not move). The old file's "replaced on
    // disk" prompt is not shown: this says what happened.
    s.save_outcome += ", the open table's own file: it is now the open table (slide 9 starts again from it)";
    cx.door.table_file_rewritten();
    s.open_request = w->path;
    cx.door.seek(kTrainShownSteps, 0.0f);
  }
  cx.door.status(s.save_outcome);
}

// The popup's Save: refused at once with the reason (the dialog stays), asked first when a
// file is there, else started on the worker (the dialog closes).
void save_clicked(const SlideContext& cx, TrainSlideState& s) {
  const std::string path = s.save_path;
  const TableSavePlan plan = plan_table_save(path);
  if (!plan.error.empty()) {
    s.save_error = "Not saved: " + plan.error;
    return;
  }
  if (plan.replaced.exists && s.save_confirm != path) {
    s.save_confirm = path;
    s.save_confirm_text =
        path + " already exists (" + with_commas(static_cast<uint64_t>(plan.replaced.size)) + " bytes).";
    if (train_save_is_open_table(cx, path))
      s.save_confirm_text += " It is the file the open table was read from: once replaced, the saved table is "
                             "opened in its place.";
    else if (path.size() < 12 || path.compare(path.size() - 12, 12, ".safetensors") != 0)
      s.save_confirm_text += " It is not a .safetensors file: its contents will be lost.";
    s.save_error.clear();
    return;
  }
  const std::string e = train_save_table(cx, path);  // on a worker: the status line says how far
  s.save_confirm.clear();
  if (e.empty()) ImGui::CloseCurrentPopup();
  else s.save_error = "Not saved: " + e;
}

// ---------------------------------------------------------------- narrative
// File ▸ Save table as…: a path (the working directory's trained_table.safetensors at first)
// and Save; the outcome in the status line, a refusal in the popup.
void save_popup(const SlideContext& cx, TrainSlideState& s) {
  if (s.save_requested) {
    s.save_requested = false;
    if (!*s.save_path) std::snprintf(s.save_path, sizeof s.save_path, "trained_table.safetensors");
    s.save_error = std::exchange(s.save_failed, std::string());
    s.save_confirm.clear();
    ImGui::OpenPopup("Save trained table");
  }
  if (!ImGui::BeginPopupModal("Save trained table", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  ImGui::TextUnformatted("embedding.weight after training, as a .safetensors file (tensor \"weight\", float32)");
  ImGui::SetNextItemWidth(em() * 28.0f);
  if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
  const bool enter =
      ImGui::InputText("##save-path", s.save_path, sizeof s.save_path, ImGuiInputTextFlags_EnterReturnsTrue);
  landmark("train-save-path");
  if (!s.save_confirm.empty() && s.save_confirm != s.save_path) s.save_confirm.clear();  // another name typed
  if (!s.save_error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette(cx.ui.theme).bad);
    ImGui::PushTextWrapPos(em() * 28.0f);
    ImGui::TextUnformatted(s.save_error.c_str());  // a path is text, never a format
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
  }
  if (!s.save_confirm.empty()) {
    // "Replace FILE?": Replace saves over it, Cancel (or Esc) goes back to the name.
    ImGui::PushTextWrapPos(em() * 28.0f);
    ImGui::TextUnformatted(("Replace " + s.save_confirm + "?").c_str());
    landmark("train-save-confirm");
    ImGui::TextDisabled("%s", s.save_confirm_text.c_str());
    ImGui::PopTextWrapPos();
    if (ImGui::Button("Replace##train-save-replace")) save_clicked(cx, s);
    landmark("train-save-replace");
    ImGui::SameLine();
    if (ImGui::Button("Cancel##train-save-keep") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)))
      s.save_confirm.clear();
    landmark("train-save-keep");
    ImGui::EndPopup();
    return;
  }
  if (ImGui::Button("Save##train-save") || enter) save_clicked(cx, s);
  landmark("train-save");
  ImGui::SameLine();
  if (ImGui::Button("Cancel")) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

void narrative(const SlideContext& cx) {
  TrainSlideState& s = train_slide_state(cx);
  save_popup(cx, s);
  para("Training moves the table with the gradient of slide 6. Plain SGD and SparseAdam write only the rows "
       "looked up; momentum and Adam keep moving rows looked up before (their state remembers); AdamW's "
       "weight decay moves every row at every step.");
  para_muted("%s", "A sparse gradient is not a sparse update.");
  ImGui::Spacing();
  ImGui::TextUnformatted("Batches, one a step (';' between)");
  ImGui::SetNextItemWidth(-1);
  const char* hint = cx.ui.editor.ids_input == IdsInput::Text ? "the tokens, in windows" : "the IDs, one a step";
  ImGui::InputTextWithHint("##train-batches", hint, s.batches_buf, sizeof s.batches_buf);
  landmark("train-batches");
  if (!s.batches_error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette(cx.ui.theme).bad);
    ImGui::TextWrapped("%s", s.batches_error.c_str());
    ImGui::PopStyleColor();
  }
  int mode = cx.model.inputs.grad_mode == GradMode::SumOfOutputs ? 0 : 1;
  ImGui::SetNextItemWidth(-1);
  if (ImGui::Combo("##train-grad", &mode, "G = ones: out.sum()\0G = torch.randn(B, D), seed GSEED + step\0"))
    cx.door.set_grad_mode(mode == 0 ? GradMode::SumOfOutputs : GradMode::Seeded, cx.model.inputs.grad_seed);
}

// ---------------------------------------------------------------- the canvas's controls
// A row of controls across the canvas top: each measured first (so the fit sees them),
// drawn only when not measuring.
struct ControlRow {
  const SlideCanvas& c;
  ImVec2 at;
  float x = 0.0f, h = 0.0f, right = 0.0f;
  float gap() const { return ImGui::GetStyle().ItemSpacing.x; }
  // Places an item `w` wide; false while measuring (draw nothing).
  bool place(float w) {
    if (x > 0.0f) x += gap();
    if (!c.measuring) ImGui::SetCursorScreenPos(ImVec2(at.x + x, at.y));
    x += w;
    right = std::max(right, x);
    h = std::max(h, ImGui::GetFrameHeight());
    return !c.measuring;
  }
  static float button_w(const char* label) {
    return ImGui::CalcTextSize(label, nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2.0f;
  }
};

void optimizer_buttons(ControlRow& row, TrainSlideState& s, const Palette& pal) {
  static const char* const kIds[] = {"train-opt-sgd", "train-opt-momentum", "train-opt-adam", "train-opt-adamw",
                                     "train-opt-sparse_adam"};
  for (size_t i = 0; i < std::size(kTrainOptimizers); ++i) {
    const TrainOptimizer o = kTrainOptimizers[i];
    char label[64];
    std::snprintf(label, sizeof label, "%s##%s", optimizer_label(o), kIds[i]);
    if (!row.place(ControlRow::button_w(label))) continue;
    const bool on = !s.side_by_side && s.optimizer == o;
    if (on) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::ColorConvertU32ToFloat4(with_alpha(pal.accent, 0.55f)));
    if (ImGui::Button(label)) {
      s.optimizer = o;
      s.side_by_side = false;
    }
    if (on) ImGui::PopStyleColor();
    landmark(kIds[i]);
  }
}

void side_controls(ControlRow& row, TrainSlideState& s) {
  const float box = ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x;
  if (row.place(box + ImGui::CalcTextSize("Side by side").x)) {
    bool side = s.side_by_side;
    if (checkbox("Side by side##train-side", &side)) s.side_by_side = side;
    landmark("train-side");
  }
  const char* pairs[] = {"Adam | SparseAdam", "SGD | AdamW"};
  const float pw = ImGui::CalcTextSize(pairs[0]).x + ImGui::GetFrameHeight() + ImGui::GetStyle().FramePadding.x * 2.0f;
  if (s.side_by_side && row.place(pw)) {
    int pair = static_cast<int>(s.pair);
    ImGui::SetNextItemWidth(pw);
    if (ImGui::Combo("##train-pair", &pair, pairs, 2)) s.pair = static_cast<TrainPair>(pair);
    landmark("train-pair");
  }
}

void transport_controls(ControlRow& row, const SlideContext& cx, TrainSlideState& s) {
  const float lw = ImGui::CalcTextSize("lr").x;
  if (row.place(lw)) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("lr");
  }
  const float cw = ImGui::CalcTextSize("0.003").x + ImGui::GetFrameHeight() + ImGui::GetStyle().FramePadding.x * 2.0f;
  if (row.place(cw)) {
    ImGui::SetNextItemWidth(cw);
    const std::string lr = py_float(s.lr);
    if (ImGui::BeginCombo("##train-lr", lr.c_str())) {
      for (size_t i = 0; i < std::size(kLrChoices); ++i)
        if (ImGui::Selectable(kLrLabels[i], kLrChoices[i] == s.lr)) s.lr = kLrChoices[i];
      ImGui::EndCombo();
    }
    landmark("train-lr");
  }
  row.x += row.gap() * 2.0f;
  const Timeline& t = cx.ui.timeline;
  if (row.place(ControlRow::button_w("Step"))) {
    if (ImGui::Button("Step##train-step")) cx.door.step(kTrainShownSteps, +1);
    landmark("train-step");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("One optimizer.step() on the next batch (also → . on the keyboard)");
  }
  if (row.place(ControlRow::button_w("Pause"))) {
    if (ImGui::Button(t.playing ? "Pause##train-play" : "Play##train-play")) cx.door.play_pause(kTrainShownSteps);
    landmark("train-play");
  }
  if (row.place(ControlRow::button_w("Reset"))) {
    if (ImGui::Button("Reset##train-reset")) cx.door.seek(kTrainShownSteps, 0.0f);
    landmark("train-reset");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Back to the table before training (its file is never written)");
  }
  (void)s;
}

// The two rows of controls; returns their height and widens *right.
float draw_controls(SlideCanvas& c, TrainSlideState& s, ImVec2 at, float& right) {
  // The optimizers on top (the canvas's top-right corner stays free for the tour's badge:
  // the wider rows come below), then lr, Step / Play / Reset and Side by side.
  ControlRow r1{c, at};
  optimizer_buttons(r1, s, c.pal);
  const float y2 = at.y + r1.h + ImGui::GetStyle().ItemSpacing.y;
  ControlRow r2{c, ImVec2(at.x, y2)};
  transport_controls(r2, c.cx, s);
  r2.x += r2.gap() * 2.0f;
  side_controls(r2, s);
  right = std::max({right, at.x + r1.right, at.x + r2.right});
  return y2 + r2.h - at.y;
}

// ---------------------------------------------------------------- canvas
// The legend: a swatch and a word for each kind.
float draw_legend(const SlideCanvas& c, const Scene& sc, ImVec2 at) {
  float x = at.x;
  const float h = ImGui::GetTextLineHeight();
  const RowMove kinds[] = {RowMove::Gradient, RowMove::Memory, RowMove::Decay};
  const char* words[] = {"this step's gradient", "optimizer memory (no gradient)", "weight decay"};
  for (int i = 0; i < 3; ++i) {
    sc.dl->AddRectFilled(ImVec2(x, at.y + h * 0.15f), ImVec2(x + h * 0.7f, at.y + h * 0.85f),
                         kind_tint(c.pal, kinds[i]), h * 0.15f);
    x += h * 1.0f;
    draw_text(sc.dl, fonts().ui, ImVec2(x, at.y), c.pal.text, words[i]);
    x += text_size(fonts().ui, words[i]).x + sc.e * 1.2f;
  }
  return x - at.x;
}

// A strip of the V rows: lit where the optimizer holds state (every row its own box up to
// 64 rows, else a tick at its place). Returns its height.
ImVec2 draw_state_strip(const SlideCanvas& c, const Scene& sc, const RunReader& run, TrainOptimizer o, ImVec2 at,
                        float width) {
  char line[160];
  const int64_t v = run.rows(), held = run.state_row_count();
  if (!optimizer_has_state(o)) std::snprintf(line, sizeof line, "optimizer state: none (plain SGD remembers nothing)");
  else
    std::snprintf(line, sizeof line, "optimizer state (%s): %s of %s", state_words(o), Commas(held).s,
                  count_text(v, "row").c_str());
  const ImVec2 ls = text_size(fonts().ui, line);
  draw_text(sc.dl, fonts().ui, at, c.pal.muted, line);
  width = std::max(width, ls.x);
  const float y = at.y + ImGui::GetTextLineHeight() + sc.e * 0.2f, h = sc.e * 0.8f;
  sc.dl->AddRectFilled(ImVec2(at.x, y), ImVec2(at.x + width, y + h), c.pal.panel_alt, h * 0.2f);
  if (!c.measuring && v > 0) {
    const std::span<const int64_t> rows = run.state_rows();
    const float box = width / static_cast<float>(v);
    const ImU32 lit = kind_tint(c.pal, RowMove::Memory);
    for (int64_t r : rows) {
      const float x = at.x + box * static_cast<float>(r);
      if (v <= 64)
        sc.dl->AddRectFilled(ImVec2(x + 1.0f, y + 1.0f), ImVec2(x + box - 1.0f, y + h - 1.0f), lit, h * 0.2f);
      else sc.dl->AddRectFilled(ImVec2(x, y), ImVec2(x + std::max(2.0f, box), y + h), kind_color(RowMove::Memory));
    }
    if (v <= 64)
      for (int64_t r = 1; r < v; ++r)
        sc.dl->AddLine(ImVec2(at.x + box * static_cast<float>(r), y + 2.0f),
                       ImVec2(at.x + box * static_cast<float>(r), y + h - 2.0f), with_alpha(c.pal.border, 0.6f));
  }
  return ImVec2(width, y + h - at.y);
}

// "step 3 · idx = [2, 3, 1]" as Python prints the list, written into `line` (cut at its
// size, as draw_text_fit cuts what does not fit): no string is made, so the idle frame
// allocates nothing, however long the batch.
void idx_line(char* line, size_t n, int k, const IdList& idx) {
  int at = std::snprintf(line, n, "step %d · idx = [", k);
  for (size_t i = 0; i < idx.size() && at > 0 && static_cast<size_t>(at) < n; ++i)
    at += std::snprintf(line + at, n - static_cast<size_t>(at), i ? ", %lld" : "%lld", static_cast<long long>(idx[i]));
  if (at > 0 && static_cast<size_t>(at) < n) std::snprintf(line + at, n - static_cast<size_t>(at), "]");
}

// One run's column: its name, the step, the count, the trained table with each moved
// row lit in its kind, the state strip. Returns its size.
ImVec2 draw_run(SlideCanvas& c, const Scene& sc, TrainSlideState& s, int i, ImVec2 at, float room_w, float room_h) {
  TrainRun& run = s.runs[i];
  const RunReader reader(s, run, sc.d.table);
  const TrainOptimizer o = train_run_optimizer(s, i);
  // A run made for another table (measuring before the choices apply) draws no numbers.
  const bool ready = reader.rows() == sc.d.vocab && reader.cols() == sc.d.dim;
  const int k = ready ? std::min<int>(steps_shown(sc.cx), static_cast<int>(run.history.size())) : 0;
  const float lit = k > 0 ? c.progress(k - 1) : 0.0f;
  const int64_t v = sc.d.vocab, dim = sc.d.dim;
  char line[200];
  std::snprintf(line, sizeof line, "%s · lr %s", optimizer_label(o), py_float(s.lr).c_str());
  float y = at.y;
  draw_text(sc.dl, fonts().bold, ImVec2(at.x, y), c.pal.text, line);
  y += sc.e * 1.35f;
  if (k == 0) std::snprintf(line, sizeof line, "before training: Step runs optimizer.step() on batch 1");
  else idx_line(line, sizeof line, k, run.history[static_cast<size_t>(k - 1)].idx);
  draw_text_fit(sc.dl, fonts().ui, ImVec2(at.x, y), room_w, c.pal.muted, line);
  y += sc.e * 1.3f;
  if (k > 0) {
    const TrainStep& st = run.history[static_cast<size_t>(k - 1)];
    std::snprintf(line, sizeof line, "rows written this step: %s of %s", Commas(st.rows_written()).s, Commas(v).s);
  } else {
    std::snprintf(line, sizeof line, "rows written this step: 0 of %s", Commas(v).s);
  }
  const ImVec2 cs = draw_text_fit(sc.dl, fonts().bold, ImVec2(at.x, y), room_w, c.pal.text, line);
  if (!c.measuring) {
    landmark_rect(i == 0 ? "train-count-0" : "train-count-1", ImVec2(at.x, y), ImVec2(at.x + cs.x, y + cs.y));
    // The steps done, for the real-window test (tests/render/train_e2e.sh) that reads landmarks.
    static const char* const kDone[] = {"train-done-0", "train-done-1", "train-done-2", "train-done-3",
                                        "train-done-4", "train-done-5", "train-done-6"};
    if (i == 0 && k <= kTrainShownSteps) landmark_rect(kDone[k], ImVec2(at.x, y), ImVec2(at.x + cs.x, y + cs.y));
  }
  y += sc.e * 1.5f;

  // The trained table, each moved row lit in its kind, its kind's word at its right (after
  // Learn mode's ✓ / ✗ when the rows_moved question asks on this table).
  const bool asks = i == 0 && learn_asks(c, quiz::QuestionKind::RowsMoved);
  const float mark_w = asks ? sc.e * 1.6f : 0.0f;
  const float tag_w = text_size(fonts().ui, "gradient").x + sc.e * 1.0f + mark_w;
  GridStyle gs;
  gs.name = i == 0 ? "trained table" : "trained table (right)";
  grid_use_scale(gs, sc.d.table_scale);
  gs.max_cols = grid_fit_count(static_cast<int>(dim), room_w - tag_w - sc.e * 2.5f, gs.cell_w * sc.e, 12);
  const float strip_h = ImGui::GetTextLineHeight() + sc.e * 1.4f;
  gs.max_rows = window_rows(static_cast<int>(v), room_h - (y - at.y) - strip_h - sc.e * 1.5f, gs.cell_h * sc.e, 16);
  GridView& view = i == 0 ? sc.cx.grids.table_view : sc.cx.grids.out_view;
  if (k > 0 && !run.history[static_cast<size_t>(k - 1)].idx.empty() &&
      follow_now(s.followed[i], FollowKey{k, batch_key(sc.cx), gs.max_rows, gs.max_cols}, c.measuring))
    grid_follow(view, gs, static_cast<int>(v), static_cast<int>(dim),
                static_cast<int>(run.history[static_cast<size_t>(k - 1)].idx.front()));
  const GridLayout g = grid_layout(ImVec2(at.x, y), static_cast<int>(v), static_cast<int>(dim), view, gs);
  if (!c.measuring) {  // the rows copied for the frames while a step runs on the worker
    s.runs[i].view_first = g.first_row;
    s.runs[i].view_count = g.shown_rows;
  }
  ImU32 labels[64] = {};
  RowMove kinds[64] = {};
  for (int r = g.first_row; r < g.first_row + g.shown_rows && r - g.first_row < 64; ++r) {
    kinds[r - g.first_row] = k > 0 && !c.measuring && ready ? reader.kind(r) : RowMove::None;
    if (kinds[r - g.first_row] != RowMove::None) labels[r - g.first_row] = kind_color(kinds[r - g.first_row], lit);
  }
  grid_draw_frame(sc.dl, g, gs, c.pal, labels);
  grid_draw_cells_at(
      sc.dl, g, gs, c.pal, [&](int r, int col) { return ready ? reader.at(r, col) : sc.d.table.at(r, col); },
      [&](int r, int) {
    CellStyle cs2;
    const RowMove kind = r - g.first_row < 64 ? kinds[r - g.first_row] : RowMove::None;
    cs2.bg = kind == RowMove::None ? c.pal.panel_alt : mix(c.pal.panel_alt, kind_tint(c.pal, kind), lit);
    return cs2;
      });
  float right = g.pos.x + g.size.x;
  for (int r = g.first_row; r < g.first_row + g.shown_rows && r - g.first_row < 64; ++r) {
    const RowMove kind = kinds[r - g.first_row];
    if (kind == RowMove::None) continue;
    const ImVec2 rm = g.row_max(r);
    draw_text(sc.dl, fonts().ui,
              ImVec2(rm.x + sc.e * 0.5f + mark_w, g.row_min(r).y + (g.ch - ImGui::GetTextLineHeight()) * 0.5f),
              with_alpha(ink_on(c.pal, kind_color(kind)), lit), kind_word(kind));
  }
  right = std::max(right, g.cells_max().x + tag_w);
  // Learn mode: "which rows have changed?" is answered on the trained table's rows.
  if (asks) answer_rows(sc.cx.door.answers(), g, sc.dl, c.pal);
  if (!c.measuring && ready) {
    int r = -1, col = -1;
    const bool over = grid_interact(g, view, i == 0 ? "##train0" : "##train1", &r, &col);
    grid_tooltips(g, over, r, col, [&](int tr, int tc, char* buf, size_t n) {
      const RowMove kind = k > 0 ? reader.kind(tr) : RowMove::None;
      std::snprintf(buf, n, "embedding.weight[%d, %d] = %.6g\nbefore training %.6g%s%s%s", tr, tc,
                    static_cast<double>(reader.at(tr, tc)), static_cast<double>(sc.d.table.at(tr, tc)),
                    reader.has_state(tr) ? "\nholds optimizer state" : "", kind == RowMove::None ? "" : "\nmoved by ",
                    kind_word(kind));
    });
  }
  y = g.pos.y + g.size.y + sc.e * 0.7f;
  const ImVec2 strip =
      draw_state_strip(c, sc, reader, o, ImVec2(at.x, y), std::max(g.cells_max().x + tag_w - at.x, sc.e * 12.0f));
  y += strip.y;
  right = std::max(right, at.x + strip.x);
  return ImVec2(std::max(right - at.x, cs.x), y - at.y);
}

// Side by side: where the two runs first moved different rows, held once reached.
float draw_difference(SlideCanvas& c, const Scene& sc, const TrainSlideState& s, ImVec2 at, float width) {
  const int first = train_first_difference(s);
  char line[400];
  ImU32 color = c.pal.muted;
  if (first == 0) {
    std::snprintf(line, sizeof line, "%s and %s have written the same rows so far",
                  optimizer_label(train_run_optimizer(s, 0)), optimizer_label(train_run_optimizer(s, 1)));
  } else {
    std::snprintf(line, sizeof line, "they first differ at step %d: %s wrote %s, %s wrote %s", first,
                  optimizer_label(train_run_optimizer(s, 0)), train_rows_text(s, 0, first).c_str(),
                  optimizer_label(train_run_optimizer(s, 1)), train_rows_text(s, 1, first).c_str());
    color = c.pal.text;
  }
  char wrapped[400];
  std::memcpy(wrapped, line, sizeof wrapped);
  wrap_at_spaces(wrapped, width, fonts().bold);
  const ImVec2 ts = text_size(fonts().bold, wrapped);
  if (first > 0)
    sc.dl->AddRectFilled(ImVec2(at.x - sc.e * 0.3f, at.y - sc.e * 0.2f),
                         ImVec2(at.x + ts.x + sc.e * 0.3f, at.y + ts.y + sc.e * 0.2f), with_alpha(c.pal.accent, 0.16f),
                         sc.e * 0.3f);
  draw_text(sc.dl, fonts().bold, at, color, wrapped);
  if (!c.measuring) landmark_rect(first > 0 ? "train-differ" : "train-same", at, ImVec2(at.x + ts.x, at.y + ts.y));
  return ts.y;
}

ImVec2 canvas(SlideCanvas& c) {
  const Scene sc(c);
  TrainSlideState& s = train_slide_state(sc.cx);
  if (!c.measuring) train_sync(sc.cx, steps_shown(sc.cx));
  float y = c.origin.y;
  float right = c.origin.x;
  y += draw_controls(c, s, ImVec2(c.origin.x, y), right) + sc.e * 0.9f;
  if (!c.measuring) train_sync(sc.cx, steps_shown(sc.cx));  // a choice just clicked above
  right = std::max(right, c.origin.x + draw_legend(c, sc, ImVec2(c.origin.x, y)));
  y += sc.e * 1.7f;
  if (!s.batches_error.empty()) {
    draw_text_fit(sc.dl, fonts().ui, ImVec2(c.origin.x, y), c.avail.x, c.pal.bad, s.batches_error.c_str());
    y += sc.e * 1.4f;
  }
  const int n = train_run_count(s);
  const float gap = sc.e * 2.0f;
  const float col_w = n == 2 ? (c.avail.x - gap) * 0.5f : c.avail.x;
  const float diff_h = n == 2 ? sc.e * 3.2f : 0.0f;
  float bottom = y;
  float x = c.origin.x;
  for (int i = 0; i < n; ++i) {
    const ImVec2 size = draw_run(c, sc, s, i, ImVec2(x, y), col_w, c.avail.y - (y - c.origin.y) - diff_h);
    right = std::max(right, x + size.x);
    bottom = std::max(bottom, y + size.y);
    x += std::max(size.x, col_w * (n == 2 ? 1.0f : 0.0f)) + gap;
  }
  if (n == 2) {
    bottom += sc.e * 0.9f;
    bottom += draw_difference(c, sc, s, ImVec2(c.origin.x, bottom), std::max(right - c.origin.x, c.avail.x * 0.9f));
  }
  return ImVec2(right - c.origin.x, bottom - c.origin.y + sc.e * 0.4f);
}

void caption(const SlideContext& cx, char* buf, size_t n) {
  const TrainSlideState* s = find_train_slide_state(cx);
  if (s && s->side_by_side) std::snprintf(buf, n, "the same batches, two optimizers: which rows each one writes");
  else std::snprintf(buf, n, "which rows move: the gradient's, the optimizer's memory's, weight decay's");
}

// ---------------------------------------------------------------- the code panels
std::string code_optimizer(TrainOptimizer o, const std::string& lr) {
  switch (o) {
    case TrainOptimizer::Sgd: return "optimizer = torch.optim.SGD(embedding.parameters(), lr=" + lr + ")\n";
    case TrainOptimizer::Momentum:
      return "optimizer = torch.optim.SGD(embedding.parameters(), lr=" + lr + ", momentum=0.9)\n";
    case TrainOptimizer::Adam: return "optimizer = torch.optim.Adam(embedding.parameters(), lr=" + lr + ")\n";
    case TrainOptimizer::AdamW:
      return "optimizer = torch.optim.AdamW(embedding.parameters(), lr=" + lr + ")   # weight_decay=0.01\n";
    case TrainOptimizer::SparseAdam:
      return "embedding.sparse = True              # the gradient as rows: what SparseAdam takes\n"
             "optimizer = torch.optim.SparseAdam(list(embedding.parameters()), lr=" +
             lr + ")\n";
  }
  return "";
}

void code(const SlideContext& cx, std::string& code, std::string& output) {
  const TrainSlideState* sp = find_train_slide_state(cx);
  TrainSlideState fresh;
  const TrainSlideState& s = sp ? *sp : fresh;
  const int k = steps_shown(cx);
  // The panel's own run: the first optimizer (side by side, the left one), k steps.
  std::string error;
  const std::vector<IdList> batches = batches_of(cx, s, error);
  const TrainOptimizer o = train_run_optimizer(s, 0);
  code = code_make_embedding(cx) + code_optimizer(o, py_float(s.lr));
  code += "batches = [";
  for (size_t i = 0; i < batches.size(); ++i) code += (i ? ", " : "") + python_list(batches[i]);
  code += "]\n\n";
  code += "for step in range(1, " + std::to_string(k + 1) + "):            # " + count_text(k, "step").c_str() + "\n";
  code += "    idx = torch.tensor(batches[(step - 1) % len(batches)])\n";
  code += "    before = embedding.weight.detach().clone()\n";
  code += "    optimizer.zero_grad()\n";
  code += "    out = embedding(idx)\n";
  if (cx.model.inputs.grad_mode == GradMode::SumOfOutputs) {
    code += "    out.sum().backward()             # G = all ones\n";
  } else {
    code += "    _ = torch.manual_seed(" + std::to_string(cx.model.inputs.grad_seed) + " + step)\n";
    code += "    (out * torch.randn(out.shape[0], out.shape[1])).sum().backward()\n";
  }
  code += "    optimizer.step()\n\n";
  output.clear();
  if (batches.empty()) return;
  // The output: the slide's own run when it holds these k steps; while its steps run on the
  // worker, none yet (made again when they are taken: code_depends); else k steps here.
  if (sp && stepping(*sp)) return;
  const bool own = sp && sp->made_for == config_key(cx, s) && sp->runs[0].trainer.steps_done() == k &&
                   sp->runs[0].trainer.rows() == cx.model.derived.vocab;
  Trainer replay;
  if (!own) {
    replay = Trainer(cx.model.derived.table, config_for(cx, s, 0));
    for (int i = 0; i < k; ++i) replay.step(batches[static_cast<size_t>(i) % batches.size()]);
  }
  const Trainer& t = own ? sp->runs[0].trainer : replay;
  if (k > 0 && t.rows() <= 4096) {
    code += "moved = (embedding.weight.detach() != before).any(dim=1).nonzero().flatten().tolist()\n";
    code += "moved                              # the rows the last step wrote\n";
    append_repl(output, "moved", python_list(t.moved_rows_exact()));
  }
  code += "embedding.weight\n";
  std::vector<float> row(static_cast<size_t>(t.cols()));
  int64_t row_at = -1;
  auto at = [&](int64_t r, int64_t col) {
    if (r != row_at) t.read_row(row_at = r, row.data());
    return row[static_cast<size_t>(col)];
  };
  append_repl(output, "embedding.weight",
              repr_parameter_edges(edges_of<Matrix>(t.rows(), t.cols(), at), t.rows(), t.cols()));
}

// ---------------------------------------------------------------- lifecycle
int steps(const SlideContext&) { return kTrainShownSteps; }

void update(const SlideContext& cx, bool shown) {
  TrainSlideState* s = const_cast<TrainSlideState*>(find_train_slide_state(cx));
  if (s) take_save(cx, *s);  // a save goes on when the slide is left
  if (s && s->save_work) {
    char line[1200];
    std::snprintf(line, sizeof line, "Saving %s… %d %%", s->save_work->path.c_str(),
                  static_cast<int>(s->save_job.progress() * 100.0f));
    cx.door.status(line);
  }
  if (shown) {
    train_sync(cx, steps_shown(cx));
    return;
  }
  // Hidden: the runs let go of what they hold (a big table's rows and state); steps running
  // are dropped.
  if (s) drop_steps(*s);
  if (s && s->made_for != 0) {
    s->runs[0] = TrainRun{};
    s->runs[1] = TrainRun{};
    s->made_for = 0;
  }
}

SlideActivity activity(const SlideContext& cx, bool) {
  const TrainSlideState* s = find_train_slide_state(cx);
  return s && (s->step_work || s->save_work) ? SlideActivity::Working : SlideActivity::Idle;
}

// A command-line picture waits for the steps.
bool ready(const SlideContext& cx, bool) {
  const TrainSlideState* s = find_train_slide_state(cx);
  return !s || !s->step_work;
}

uint64_t fit_depends(const SlideContext& cx) {
  const TrainSlideState* s = find_train_slide_state(cx);
  if (!s) return 0;
  return mix_key(mix_key(1, s->side_by_side ? 2u : 1u), s->batches_error.empty() ? 0u : 1u);
}

uint64_t code_depends(const SlideContext& cx) {
  const TrainSlideState* s = find_train_slide_state(cx);
  const uint64_t h = mix_key(s ? config_key(cx, *s) : 0u, static_cast<uint64_t>(steps_shown(cx)));
  return mix_key(h, s && stepping(*s) ? 1u : 0u);  // the output, once the worker's steps are taken
}

// Asking which rows a step changes: the `moved` the print panel lists waits for the answer.
Hidden hides(const quiz::Question& q) {
  return q.kind == quiz::QuestionKind::RowsMoved || q.kind == quiz::QuestionKind::SparseMemory ? Hidden{0, {"moved"}}
                                                                                               : Hidden{};
}

void preset(const SlideContext& cx, const CliOptions& o);  // (below: with train_preset)

// What its questions read of it (rows_moved, sparse_memory): the batches, lr and optimizer shown.
void quiz_model(const SlideContext& cx, quiz::QuizModel& m) {
  m.train_batches = train_slide_batches(cx);
  m.train_lr = train_slide_lr(cx);
  m.train_optimizer = train_slide_optimizer(cx);
}

void practice(const SlideContext& cx, Practice what) {
  if (what == Practice::Keep) train_keep_choices(cx);
  else if (what == Practice::Restore) train_restore_choices(cx);
  else train_fresh_choices(cx);
}

// rows_moved and sparse_memory name an optimizer: the slide shows that one, alone.
void show_question(const SlideContext& cx, const quiz::Question& q) {
  if (q.params.optimizer) train_show_optimizer(cx, *q.params.optimizer);
}

void request_save(const SlideContext& cx) { train_slide_state(cx).save_requested = true; }

// Asked at the optimizer's step k (the table after k steps), pictured at k − 1 with the state
// strip (the picture at k would light the rows).
QuestionSteps optimizer_step(const quiz::Question& q, int n) {
  const int k = static_cast<int>(q.params.step.value_or(1));
  return steps_at(k - 1, k, n);
}
quiz::PictureStep before_the_step(const quiz::Question& q) {
  return {9, static_cast<int>(q.params.step.value_or(1)) - 1};
}
constexpr SlideQuestion kQuestions[] = {
    {quiz::QuestionKind::RowsMoved, optimizer_step,
     "Click each row that changes (or ↑ ↓ and Space), or type them: 0, 2; Enter answers, S shows.", before_the_step},
    {quiz::QuestionKind::SparseMemory, optimizer_step, kHowYesNo, before_the_step},
};

}  // namespace

const SlideDef kSlideTrain = {.title = "Training: which rows move",
                              .draw = {steps, narrative, canvas, caption, code},
                              .update = update,
                              .activity = activity,
                              .ready = ready,
                              .fit_depends = fit_depends,
                              .code_depends = code_depends,
                              .preset = preset,
                              .questions = kQuestions,
                              .hides = hides,
                              .quiz_model = quiz_model,
                              .quiz_key = train_slide_key,
                              .practice = practice,
                              .show_question = show_question,
                              .table_saveable = train_table_saveable,
                              .save_table = request_save,
                              .take_file_to_open = train_take_open_request};

// ---------------------------------------------------------------- the state, for others
TrainSlideState& train_slide_state(const SlideContext& cx) { return cx.own<TrainSlideState>(); }
const TrainSlideState* find_train_slide_state(const SlideContext& cx) { return cx.find_own<TrainSlideState>(); }

void train_preset(const SlideContext& cx, const std::string& batches, const TrainOptimizer* optimizer, double lr) {
  TrainSlideState& s = train_slide_state(cx);
  std::snprintf(s.batches_buf, sizeof s.batches_buf, "%s", batches.c_str());
  if (optimizer) s.optimizer = *optimizer;
  s.lr = lr;
  s.made_for = 0;
}

namespace {
// --batches, --optimizer, --lr, --grad without --train-print: slide 9 starts with them.
void preset(const SlideContext& cx, const CliOptions& o) {
  if (o.train_flag.empty()) return;
  std::string batches;
  for (const IdList& b : o.batches) batches += (batches.empty() ? "" : "; ") + format_ids(b);
  train_preset(cx, batches, o.optimizer ? &*o.optimizer : nullptr, o.lr);
  if (o.grad_seed && *o.grad_seed >= 0) cx.door.set_grad_mode(GradMode::Seeded, static_cast<uint64_t>(*o.grad_seed));
}
}  // namespace

int train_run_count(const TrainSlideState& s) { return s.side_by_side ? 2 : 1; }

TrainOptimizer train_run_optimizer(const TrainSlideState& s, int i) {
  if (!s.side_by_side) return s.optimizer;
  if (s.pair == TrainPair::AdamVsSparseAdam) return i == 0 ? TrainOptimizer::Adam : TrainOptimizer::SparseAdam;
  return i == 0 ? TrainOptimizer::Sgd : TrainOptimizer::AdamW;
}

void train_sync(const SlideContext& cx, int steps) {
  TrainSlideState& s = train_slide_state(cx);
  take_steps(s);
  const uint64_t key = config_key(cx, s);
  const int n = train_run_count(s);
  // Fewer steps than the worker is bringing the runs to (Reset, a step back): dropped.
  if (key != s.made_for || (stepping(s) && steps < s.step_work->target)) {
    drop_steps(s);
    if (key != s.made_for) s.batches = batches_of(cx, s, s.batches_error);
    for (int i = 0; i < 2; ++i) s.runs[i] = TrainRun{};
    for (int i = 0; i < n; ++i) s.runs[i].trainer = Trainer(cx.model.derived.table, config_for(cx, s, i));
    s.made_for = key;
  }
  if (s.batches.empty() || stepping(s)) return;  // (more steps asked: when these are taken)
  for (int i = 0; i < n; ++i) {
    TrainRun& run = s.runs[i];
    if (run.trainer.steps_done() > steps) {
      run.trainer.reset();
      run.history.clear();
    }
  }
  if (s.runs[0].trainer.steps_done() >= steps) return;
  const TableView& t = cx.model.derived.table;
  if (s.worker_always || t.rows() * t.cols() > kTrainSyncValues) {
    start_steps(s, steps);
    return;
  }
  for (int i = 0; i < n; ++i) {
    TrainRun& run = s.runs[i];
    while (run.trainer.steps_done() < steps) {
      const IdList& idx = s.batches[static_cast<size_t>(run.trainer.steps_done()) % s.batches.size()];
      run.history.push_back(run.trainer.step(idx));
    }
  }
}

bool train_table_saveable(const SlideContext& cx) {
  const TrainSlideState* s = find_train_slide_state(cx);
  return s && cx.ui.slide >= 0 && cx.ui.slide < slide_count() &&
         slide_table()[static_cast<size_t>(cx.ui.slide)].draw.canvas == kSlideTrain.draw.canvas && s->made_for != 0 &&
         !s->step_work && !s->save_work && s->runs[0].trainer.steps_done() > 0;
}

std::string train_save_table(const SlideContext& cx, const std::string& path) {
  TrainSlideState& s = train_slide_state(cx);
  if (s.save_work) return "a save is running: wait for it to end";
  if (s.step_work) return "a step is running: save when it is done";
  if (!train_table_saveable(cx)) return "no trained table: take a step on slide 9 first";
  // A FIFO, a device, a folder or a missing folder refused at once, naming the path (the
  // worker checks again before writing).
  if (const TableSavePlan plan = plan_table_save(path); !plan.error.empty()) return plan.error;
  auto w = std::make_shared<TrainSaveWork>();
  w->table = s.runs[0].trainer.table_copy();  // O(rows stored × D): the worker reads its own
  w->path = path;
  if (train_save_is_open_table(cx, path)) w->over_open_table = cx.model.inputs.file.get();
  w->hook = s.save_hook;
  s.save_work = w;
  s.save_outcome.clear();
  s.save_job.start([w](JobControl& c) {
    if (w->hook) w->hook();
    w->error = save_trained_safetensors(w->table, w->path, [&c](double f) {
      c.progress.store(static_cast<float>(f));
      return !c.cancelled();
    });
  });
  return "";
}

bool train_save_is_open_table(const SlideContext& cx, const std::string& path) {
  const std::shared_ptr<const TableFile>& f = cx.model.inputs.file;
  if (!f || f->path.empty()) return false;
  const ReplacedFile there = replaced_file(resolve_write_target(path).path);
  const ReplacedFile open = replaced_file(resolve_write_target(f->path).path);
  return there.exists && open.exists && there.dev == open.dev && there.ino == open.ino;
}

std::string train_take_open_request(const SlideContext& cx) {
  TrainSlideState* s = const_cast<TrainSlideState*>(find_train_slide_state(cx));
  return s ? std::exchange(s->open_request, std::string()) : std::string();
}

bool train_saving(const SlideContext& cx) {
  const TrainSlideState* s = find_train_slide_state(cx);
  return s && s->save_work;
}

bool train_stepping(const SlideContext& cx) {
  const TrainSlideState* s = find_train_slide_state(cx);
  return s && s->step_work;
}

int train_first_difference(const TrainSlideState& s) {
  if (train_run_count(s) < 2) return 0;
  const size_t n = std::min(s.runs[0].history.size(), s.runs[1].history.size());
  for (size_t k = 0; k < n; ++k) {
    const TrainStep& a = s.runs[0].history[k];
    const TrainStep& b = s.runs[1].history[k];
    if (a.rows != b.rows || a.decay_others != b.decay_others) return static_cast<int>(k + 1);
  }
  return 0;
}

std::vector<IdList> train_slide_batches(const SlideContext& cx) {
  const TrainSlideState* sp = find_train_slide_state(cx);
  const TrainSlideState fresh;
  std::string error;
  return batches_of(cx, sp ? *sp : fresh, error);
}

double train_slide_lr(const SlideContext& cx) {
  const TrainSlideState* s = find_train_slide_state(cx);
  return s ? s->lr : TrainSlideState{}.lr;
}

TrainOptimizer train_slide_optimizer(const SlideContext& cx) {
  const TrainSlideState* s = find_train_slide_state(cx);
  return s ? train_run_optimizer(*s, 0) : TrainSlideState{}.optimizer;
}

uint64_t train_slide_key(const SlideContext& cx) {
  const TrainSlideState* s = find_train_slide_state(cx);
  return s ? config_key(cx, *s) : 0;
}

void train_show_optimizer(const SlideContext& cx, TrainOptimizer o) {
  TrainSlideState& s = train_slide_state(cx);
  s.optimizer = o;
  s.side_by_side = false;
}

void train_fresh_choices(const SlideContext& cx) {
  TrainSlideState& s = train_slide_state(cx);
  std::string batches;  // the IDs one a step, written out (Text mode would take them in windows)
  for (int64_t id : cx.model.inputs.ids) batches += (batches.empty() ? "" : "; ") + std::to_string(id);
  std::snprintf(s.batches_buf, sizeof s.batches_buf, "%s", batches.c_str());
  s.lr = 0.1;
  s.side_by_side = false;
}

void train_keep_choices(const SlideContext& cx) {
  TrainSlideState& s = train_slide_state(cx);
  s.kept = TrainSlideState::Choices{s.batches_buf, s.optimizer, s.lr, s.side_by_side};
}

void train_restore_choices(const SlideContext& cx) {
  TrainSlideState& s = train_slide_state(cx);
  if (!s.kept) return;
  std::snprintf(s.batches_buf, sizeof s.batches_buf, "%s", s.kept->batches.c_str());
  s.optimizer = s.kept->optimizer;
  s.lr = s.kept->lr;
  s.side_by_side = s.kept->side_by_side;
  s.kept.reset();
}

std::string train_rows_text(const TrainSlideState& s, int i, int k) {
  const std::vector<TrainStep>& h = s.runs[i].history;
  if (k < 1 || k > static_cast<int>(h.size())) return "[]";
  const TrainStep& st = h[static_cast<size_t>(k - 1)];
  if (st.decay_others) return "every row (" + python_list(st.rows) + " and the decay of the others)";
  return "rows " + python_list(st.rows);
}

}  // namespace lv::app
