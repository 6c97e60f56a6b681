// slide_09_train.hpp — slide 9's own state ("Training: which rows move"): the batches, the
// optimizer (or two side by side), the learning rate, and the runs trained on the table
// shown (core/train/trainer.hpp: an overlay on it, never a copy). The slide's timeline is
// the training: its step k is the table after k optimizer steps (Step, Play and Reset are
// the timeline's). Tests, the command line (--batches, --optimizer, --lr) and Learn mode
// reach it here.
//
// Off the UI thread: on a table of more than kTrainSyncValues values (a loaded GPT-2's, a
// Llama's) the optimizer steps run on a worker (BackgroundJob): the runs' trainers are
// moved to it for the steps and back when they are done (taken at the next frame), so only
// one thread ever touches a trainer. Meanwhile the slide draws what the last finished step
// left: the rows of its grid copied when the steps started (TrainShown). Reset, another
// choice or leaving the slide cancel the steps (checked between steps) without waiting: the
// job is let go (BackgroundJob::let_go) and what it made dropped. The notebook's small
// tables step on the UI thread, as before (a step there costs microseconds). File ▸ Save
// table as… writes on a worker too, from a copy of the trained values (Trainer::table_copy()).
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/model/background_job.hpp"
#include "app/state/slide_context.hpp"
#include "core/train/trainer.hpp"

namespace lv::app {

// The optimizer steps the slide's timeline holds (its steps 1..kTrainShownSteps).
constexpr int kTrainShownSteps = 6;

// The two optimizers of Side by side.
enum class TrainPair { AdamVsSparseAdam, SgdVsAdamW };

// Tables of up to this many values (V × D) step on the UI thread; larger ones on a worker.
constexpr int64_t kTrainSyncValues = int64_t{1} << 20;

// What the slide draws of a run while its trainer is on the worker: as the last finished
// step left them, the grid's rows when the steps started (a row outside them shows its
// value before training until the steps are done), and the rows holding state.
struct TrainShown {
  int64_t rows = 0, cols = 0;
  int64_t first = 0, count = 0;     // rows [first, first + count) held
  std::vector<float> values;        // count × cols
  std::vector<RowMove> kinds;       // count: why each moved in the last step
  std::vector<uint8_t> state;       // count: holds optimizer state
  std::vector<int64_t> state_rows;  // every row with state, sorted (the strip)
};

// One optimizer trained on the batches: the trainer and what each of its steps moved.
struct TrainRun {
  Trainer trainer;                 // on the worker while steps run (read `shown` then)
  std::vector<TrainStep> history;  // history[k - 1]: step k
  TrainShown shown;
  int64_t view_first = 0, view_count = 0;  // the grid's rows last drawn
  std::vector<float> row_buf;              // the row the slide last read (slide_09_train.cpp RunReader)
};

struct TrainStepWork;  // the worker's steps (slide_09_train.cpp)
struct TrainSaveWork;  // the worker's save

struct TrainSlideState {
  // ---- what the user chose
  char batches_buf[512] = "";                       // "2; 0": one batch a step ('' : the IDs, one a step)
  TrainOptimizer optimizer = TrainOptimizer::Adam;  // the one optimizer (not side by side)
  double lr = 0.1;                                  // the learning rate
  bool side_by_side = false;                        // two optimizers on the same batches
  TrainPair pair = TrainPair::AdamVsSparseAdam;
  int window = 4;  // Text mode with no batches typed: the tokens in windows of this many
  // ---- made from it (train_sync)
  std::string batches_error;    // why the typed batches are not used ("" : they are)
  std::vector<IdList> batches;  // cycled over the steps
  uint64_t made_for = 0;        // the model and choices the runs were made for
  TrainRun runs[2];             // runs[1] only side by side
  // File ▸ Save table as…: the path asked for, and the last save's outcome. Every failure
  // names the path and keeps (or opens again) the dialog; a file already there is replaced
  // only after "Replace FILE?" is answered.
  bool save_requested = false;  // the menu asked: the popup opens
  char save_path[1024] = "";
  std::string save_error;         // shown in the popup (red)
  std::string save_failed;        // a save that failed on the worker: the popup opens again with it
  std::string save_confirm;       // the path "Replace FILE?" asks about ("" : not asking)
  std::string save_confirm_text;  // what the question says of that file
  std::string open_request;       // saved over the open table's file: open it (train_take_open_request)
  FollowKey followed[2];          // what each run's grid last scrolled to (the batch's first row)
  // A quiz's own choices for its fresh states; the learner's kept here until it ends.
  struct Choices {
    std::string batches;
    TrainOptimizer optimizer = TrainOptimizer::Adam;
    double lr = 0.1;
    bool side_by_side = false;
  };
  std::optional<Choices> kept;
  // ---- the workers
  BackgroundJob step_job;  // steps running on the runs' trainers
  std::shared_ptr<TrainStepWork> step_work;
  bool worker_always = false;         // tests: a small table steps on the worker too
  std::function<void()> worker_hook;  // tests: called on the worker before each step
  BackgroundJob save_job;
  std::shared_ptr<TrainSaveWork> save_work;
  std::function<void()> save_hook;  // tests: called on the worker before it writes
  std::string save_outcome;         // the last save's: "Saved PATH" or "Not saved: why" ("" : none ended)
};

TrainSlideState& train_slide_state(const SlideContext& cx);
const TrainSlideState* find_train_slide_state(const SlideContext& cx);
// --batches, --optimizer, --lr given with the window: slide 9 starts with them.
void train_preset(const SlideContext& cx, const std::string& batches, const TrainOptimizer* optimizer, double lr);

int train_run_count(const TrainSlideState& s);                        // 1, or 2 side by side
TrainOptimizer train_run_optimizer(const TrainSlideState& s, int i);  // run i's optimizer
// The runs brought to `steps` optimizer steps (made again when the table, the IDs, the
// gradient or a choice changed). O(steps · (B + rows with state) · D): never V × D.
void train_sync(const SlideContext& cx, int steps);
// File ▸ Save table as…: slide 9 is shown, its (left) run has taken a step, no step or
// save is running.
bool train_table_saveable(const SlideContext& cx);
// Starts writing that run's table as .safetensors at `path` on a worker
// (core/train/table_save.hpp): "" when started, or why not, naming the path (a FIFO, a
// folder, a folder that does not exist are refused here). It does not ask before replacing
// a file (the dialog does). Its progress, then "Saved PATH" or "Not saved: why", show in the
// status line. Saved over the open table's own file, the saved file is opened as the table
// (what is shown stays what was saved: slide 9 goes back to step 0 on it).
std::string train_save_table(const SlideContext& cx, const std::string& path);
// Whether `path` names the file the open table was read from (then saving there replaces it).
bool train_save_is_open_table(const SlideContext& cx, const std::string& path);
// The file to open as the table now ("" : none), taken once: a save just replaced the open
// table's file (File ▸ Open's loader opens it: app/chrome/ui_table_loading.cpp).
std::string train_take_open_request(const SlideContext& cx);
// A save runs (its outcome then lands in TrainSlideState::save_outcome and the status line).
bool train_saving(const SlideContext& cx);
// Optimizer steps run on the worker.
bool train_stepping(const SlideContext& cx);
// Side by side: the first step at which the two runs moved different rows (0: none yet).
int train_first_difference(const TrainSlideState& s);
// ---- Learn mode's rows_moved question (core/quiz/question_kinds.hpp)
// The batches the slide trains on (what is typed, else the IDs one a step; Text mode: in
// windows), its learning rate and its (left) optimizer, as the question reads them.
std::vector<IdList> train_slide_batches(const SlideContext& cx);
double train_slide_lr(const SlideContext& cx);
TrainOptimizer train_slide_optimizer(const SlideContext& cx);
// What the question is about, for Learn mode's "asked about this state yet": the model, G,
// the batches and the choices (0: the slide was never shown).
uint64_t train_slide_key(const SlideContext& cx);
// The question names an optimizer: the slide shows it alone (side by side off).
void train_show_optimizer(const SlideContext& cx, TrainOptimizer o);
// A quiz's fresh state (or Try another's): trained as the question is, its IDs one a step at
// lr 0.1. train_keep_choices (a quiz starts) keeps the learner's choices, train_restore_choices
// (it ends) gives them back.
void train_fresh_choices(const SlideContext& cx);
void train_keep_choices(const SlideContext& cx);
void train_restore_choices(const SlideContext& cx);

// "[0, 2]": the rows step `k` of run i wrote (its gradient and memory rows; "every row"
// when AdamW decayed all the others).
std::string train_rows_text(const TrainSlideState& s, int i, int k);

}  // namespace lv::app
