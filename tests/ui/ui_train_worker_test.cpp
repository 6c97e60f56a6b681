// ui_train_worker_test.cpp — slide 9's steps and File ▸ Save table as… off the UI thread
// (issue 29, "At scale"): the steps a worker takes equal the same steps taken on the UI
// thread, bit for bit; the slide keeps drawing (the last finished step) while they run;
// Reset, another choice or leaving the slide during a step is safe; a save returns at
// once, its file appears later, atomically, equal to the trained table.
//
// A gate (the state's worker_hook / save_hook, called on the worker) holds the work, so
// each test sees the step or the save running, not a race it may lose.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "app/deck/slide_host.hpp"
#include "app/slides/slide_09_train.hpp"
#include "app/deck/slide_nav.hpp"
#include "app/slides/slides.hpp"
#include "core/io/table_file.hpp"
#include "headless.hpp"
#include "screen_text.hpp"

namespace lv::app::test {
namespace {

// Holds the worker (at most 20 s: a failing test does not hang) until opened.
struct Gate {
  std::atomic<bool> open{false};
  std::atomic<int> waits{0};
  void wait() {
    waits.fetch_add(1);
    for (int i = 0; i < 20000 && !open.load(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
};

void show_untrained(Headless& h) {
  go_to_slide(h.app, 9);
  h.frames(30, 0.1f);
  ASSERT_TRUE(h.click("train-reset"));
  h.frames(5, 0.1f);
}

// Slide 9 of `--batches "2;0" --vocab 4 --dim 3 --optimizer OPT` with Step pressed: the step
// runs on the worker and is held there by the returned gate until the test opens it.
std::shared_ptr<Gate> start_held_step(Headless& h, const char* optimizer) {
  h.init({"lookupviz", "--batches", "2;0", "--vocab", "4", "--dim", "3", "--optimizer", optimizer});
  show_untrained(h);
  TrainSlideState& s = train_slide_state(lv::app::context_of(h.app, lv::app::kSlideTrain));
  s.worker_always = true;
  auto gate = std::make_shared<Gate>();
  s.worker_hook = [gate] { gate->wait(); };
  EXPECT_TRUE(h.click("train-step"));
  h.frames(3, 0.1f);
  EXPECT_TRUE(train_stepping(lv::app::context_of(h.app, lv::app::kSlideTrain)));
  return gate;
}

// Frames until the worker's steps are taken (false after 20 s), after the timeline's move.
bool finish_steps(Headless& h) {
  h.frames(10, 0.1f);
  for (int i = 0; i < 10000; ++i) {
    h.frame(0.1f);
    if (!train_stepping(lv::app::context_of(h.app, lv::app::kSlideTrain))) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return false;
}

bool finish_save(Headless& h) {
  for (int i = 0; i < 10000; ++i) {
    h.frame(0.1f);
    if (!train_saving(lv::app::context_of(h.app, lv::app::kSlideTrain))) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return false;
}

bool same_bits(const Matrix& a, const Matrix& b) {
  return a.rows() == b.rows() && a.cols() == b.cols() &&
         std::memcmp(a.data(), b.data(), sizeof(float) * static_cast<size_t>(a.size())) == 0;
}

// Run i's N steps on the UI thread, as the slide used to take them.
Trainer steps_here(Headless& h, int i, int n) {
  const TrainSlideState& s = train_slide_state(lv::app::context_of(h.app, lv::app::kSlideTrain));
  TrainConfig c;
  c.optimizer = train_run_optimizer(s, i);
  c.lr = s.lr;
  c.randn_grad = h.app.inputs.grad_mode == GradMode::Seeded;
  c.grad_seed = static_cast<int64_t>(h.app.inputs.grad_seed);
  Trainer t(h.app.derived.table, c);
  for (int k = 0; k < n; ++k) t.step(s.batches[static_cast<size_t>(k) % s.batches.size()]);
  return t;
}

TEST(TrainWorker, StepsThroughTheWorkerEqualStepsOnTheUiThreadBitForBit) {
  for (const bool side : {false, true}) {
    SCOPED_TRACE(side ? "side by side (Adam | SparseAdam)" : "AdamW");
    Headless h;
    h.init({"lookupviz", "--batches", "2,3;0;1,1,3;5", "--vocab", "6", "--dim", "4", "--optimizer", "adamw"});
    show_untrained(h);
    TrainSlideState& s = train_slide_state(lv::app::context_of(h.app, lv::app::kSlideTrain));
    s.side_by_side = side;
    h.frames(3, 0.1f);
    s.worker_always = true;
    auto gate = std::make_shared<Gate>();
    s.worker_hook = [gate] { gate->wait(); };
    for (int n = 1; n <= 4; ++n) {
      SCOPED_TRACE("step " + std::to_string(n));
      ASSERT_TRUE(h.click("train-step"));
      h.frames(5, 0.1f);
      // Held on the worker: the slide draws on, from the step before.
      ASSERT_TRUE(train_stepping(lv::app::context_of(h.app, lv::app::kSlideTrain)));
      EXPECT_EQ(s.runs[0].trainer.rows(), 0) << "the trainer is on the worker, not shared";
      EXPECT_EQ(s.runs[0].history.size(), static_cast<size_t>(n - 1));
      EXPECT_TRUE(read_screen().contains(n == 1 ? "rows written this step: 0 of 6" : "rows written this step"));
      gate->open = true;
      ASSERT_TRUE(finish_steps(h));
      gate->open = false;
      h.frames(3, 0.1f);
      for (int i = 0; i < train_run_count(s); ++i) {
        const Trainer here = steps_here(h, i, n);
        const TrainRun& run = s.runs[i];
        ASSERT_EQ(run.trainer.steps_done(), n);
        EXPECT_TRUE(same_bits(run.trainer.to_matrix(), here.to_matrix())) << "run " << i;
        ASSERT_EQ(run.history.size(), static_cast<size_t>(n));
        EXPECT_EQ(run.history.back().rows, here.last_step().rows);
        EXPECT_EQ(run.history.back().kinds, here.last_step().kinds);
        EXPECT_EQ(run.trainer.state_rows(), here.state_rows());
      }
    }
    EXPECT_GT(gate->waits.load(), 0) << "the steps did not run on the worker";
  }
}

TEST(TrainWorker, ResetDuringARunningStepIsSafe) {
  Headless h;
  const std::shared_ptr<Gate> gate = start_held_step(h, "adam");
  ASSERT_TRUE(train_stepping(lv::app::context_of(h.app, lv::app::kSlideTrain)));
  TrainSlideState& s = train_slide_state(lv::app::context_of(h.app, lv::app::kSlideTrain));
  ASSERT_TRUE(h.click("train-reset"));
  h.frames(3, 0.1f);
  EXPECT_FALSE(train_stepping(lv::app::context_of(h.app, lv::app::kSlideTrain)))
      << "Reset drops the running step without waiting for it";
  EXPECT_EQ(s.runs[0].trainer.steps_done(), 0);
  EXPECT_EQ(s.runs[0].trainer.rows(), 4) << "a fresh trainer on the table";
  EXPECT_TRUE(read_screen().contains("rows written this step: 0 of 4"));
  gate->open = true;  // the dropped step ends on its own; nothing of it lands
  h.frames(20, 0.1f);
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  h.frames(5, 0.1f);
  EXPECT_EQ(s.runs[0].trainer.steps_done(), 0);
  EXPECT_TRUE(s.runs[0].history.empty());
  ASSERT_TRUE(h.click("train-step"));
  ASSERT_TRUE(finish_steps(h));
  h.frames(3, 0.1f);
  EXPECT_EQ(s.runs[0].trainer.steps_done(), 1);
  EXPECT_TRUE(same_bits(s.runs[0].trainer.to_matrix(), steps_here(h, 0, 1).to_matrix()));
}

TEST(TrainWorker, LeavingTheSlideDuringAStepIsSafe) {
  Headless h;
  const std::shared_ptr<Gate> gate = start_held_step(h, "momentum");
  ASSERT_TRUE(train_stepping(lv::app::context_of(h.app, lv::app::kSlideTrain)));
  TrainSlideState& s = train_slide_state(lv::app::context_of(h.app, lv::app::kSlideTrain));
  go_to_slide(h.app, 8);
  h.frames(5, 0.1f);
  EXPECT_FALSE(train_stepping(lv::app::context_of(h.app, lv::app::kSlideTrain))) << "a hidden slide drops its steps";
  EXPECT_EQ(s.made_for, 0u) << "and lets go of its runs";
  gate->open = true;
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  h.frames(5, 0.1f);
  go_to_slide(h.app, 9);
  h.frames(5, 0.1f);
  ASSERT_TRUE(h.click("train-step"));
  ASSERT_TRUE(finish_steps(h));
  h.frames(3, 0.1f);
  const int64_t n = s.runs[0].trainer.steps_done();
  ASSERT_GE(n, 1);
  EXPECT_TRUE(same_bits(s.runs[0].trainer.to_matrix(), steps_here(h, 0, static_cast<int>(n)).to_matrix()));
}

// A table of 20,000 × 64 (past kTrainSyncValues: its steps run on the worker unasked).
TEST(TrainWorker, SavingALargeTrainedTableDoesNotBlock) {
  Headless h;
  h.init({"lookupviz", "--batches", "2,19999;0", "--vocab", "20000", "--dim", "64", "--optimizer", "adamw"});
  show_untrained(h);
  TrainSlideState& s = train_slide_state(lv::app::context_of(h.app, lv::app::kSlideTrain));
  ASSERT_TRUE(h.click("train-step"));
  ASSERT_TRUE(finish_steps(h));
  ASSERT_TRUE(h.click("train-step"));
  ASSERT_TRUE(finish_steps(h));
  h.frames(3, 0.1f);
  ASSERT_EQ(s.runs[0].trainer.steps_done(), 2);
  ASSERT_TRUE(train_table_saveable(lv::app::context_of(h.app, lv::app::kSlideTrain)));

  const std::filesystem::path dir =
      std::filesystem::path(::testing::TempDir()) / ("lv_train_save_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "trained.safetensors").string();
  auto gate = std::make_shared<Gate>();
  s.save_hook = [gate] { gate->wait(); };
  ASSERT_EQ(train_save_table(lv::app::context_of(h.app, lv::app::kSlideTrain), path), "");
  // Returned: the file is not there yet (written beside, renamed at the end), the UI draws on.
  EXPECT_TRUE(train_saving(lv::app::context_of(h.app, lv::app::kSlideTrain)));
  EXPECT_FALSE(std::filesystem::exists(path));
  h.frames(3, 0.1f);
  EXPECT_TRUE(train_saving(lv::app::context_of(h.app, lv::app::kSlideTrain)));
  EXPECT_NE(h.app.ui.status.find("Saving"), std::string::npos) << h.app.ui.status;
  EXPECT_FALSE(train_table_saveable(lv::app::context_of(h.app, lv::app::kSlideTrain)))
      << "no second save while one runs";
  EXPECT_NE(train_save_table(lv::app::context_of(h.app, lv::app::kSlideTrain), path), "");
  gate->open = true;
  ASSERT_TRUE(finish_save(h));
  EXPECT_EQ(s.save_outcome, "Saved " + path);
  EXPECT_NE(h.app.ui.status.find("Saved"), std::string::npos) << h.app.ui.status;

  TableLoad l = load_table(path);
  ASSERT_TRUE(l.ok) << l.error;
  const TableView back(nullptr, std::make_shared<const TableFile>(std::move(l.table)), TableDtype::Float32, nullptr);
  ASSERT_EQ(back.rows(), 20000);
  ASSERT_EQ(back.cols(), 64);
  EXPECT_TRUE(same_bits(back.to_matrix(), s.runs[0].trainer.to_matrix()));

  // A refusal at once (a FIFO, a folder); a failure on the worker: an error sentence, the
  // last good file kept.
  const std::string fifo = (dir / "fifo").string();
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_NE(train_save_table(lv::app::context_of(h.app, lv::app::kSlideTrain), fifo).find("FIFO"), std::string::npos);
  EXPECT_NE(train_save_table(lv::app::context_of(h.app, lv::app::kSlideTrain), dir.string()), "");
  EXPECT_FALSE(train_saving(lv::app::context_of(h.app, lv::app::kSlideTrain)));
  s.save_hook = nullptr;
  const std::string bad = "/proc/lv_no_such_place.safetensors";
  if (train_save_table(lv::app::context_of(h.app, lv::app::kSlideTrain), bad).empty()) {
    ASSERT_TRUE(finish_save(h));
    EXPECT_EQ(s.save_outcome.rfind("Not saved: ", 0), 0u) << s.save_outcome;
  }
  EXPECT_TRUE(load_table(path).ok) << "the last good file is kept";
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace lv::app::test
