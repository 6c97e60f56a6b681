// slide_09_train.hpp — slide 9's own state ("Training: which rows move"): the batches, the
// optimizer (or two side by side), the learning rate, and the runs trained on the table
// shown (core/train/trainer.hpp: an overlay on it, never a copy). The slide's timeline is
// the training: its step k is the table after k optimizer steps (Step, Play and Reset are
// the timeline's). Tests, the command line (--batches, --optimizer, --lr) and Learn mode
// reach it here.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "app/state/app_state.hpp"
#include "core/train/trainer.hpp"

namespace lv::app {

// The optimizer steps the slide's timeline holds (its steps 1..kTrainShownSteps).
constexpr int kTrainShownSteps = 6;

// The two optimizers of Side by side.
enum class TrainPair { AdamVsSparseAdam, SgdVsAdamW };

// One optimizer trained on the batches: the trainer and what each of its steps moved.
struct TrainRun {
  Trainer trainer;
  std::vector<TrainStep> history;  // history[k - 1]: step k
};

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
  // File ▸ Save table as…: the path asked for, and the last save's outcome.
  bool save_requested = false;  // the menu asked: the popup opens
  char save_path[1024] = "";
  std::string save_error;
  FollowKey followed[2];  // what each run's grid last scrolled to (the batch's first row)
};

TrainSlideState& train_slide_state(App& app);
const TrainSlideState* find_train_slide_state(const App& app);
// --batches, --optimizer, --lr given with the window: slide 9 starts with them.
void train_preset(App& app, const std::string& batches, const TrainOptimizer* optimizer, double lr);

int train_run_count(const TrainSlideState& s);                        // 1, or 2 side by side
TrainOptimizer train_run_optimizer(const TrainSlideState& s, int i);  // run i's optimizer
// The runs brought to `steps` optimizer steps (made again when the table, the IDs, the
// gradient or a choice changed). O(steps · (B + rows with state) · D): never V × D.
void train_sync(App& app, int steps);
// File ▸ Save table as…: slide 9 is shown and its (left) run has taken a step.
bool train_table_saveable(const App& app);
// Writes that run's table as .safetensors at `path` (core/train/table_save.hpp): "" or why not.
std::string train_save_table(App& app, const std::string& path);
// Side by side: the first step at which the two runs moved different rows (0: none yet).
int train_first_difference(const TrainSlideState& s);
// "[0, 2]": the rows step `k` of run i wrote (its gradient and memory rows; "every row"
// when AdamW decayed all the others).
std::string train_rows_text(const TrainSlideState& s, int i, int k);

}  // namespace lv::app
