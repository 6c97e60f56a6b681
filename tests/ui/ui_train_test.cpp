// ui_train_test.cpp — slide 9, "Training: which rows move", driven by clicks: the issue's
// example (--batches "2;0" --vocab 4 --dim 3, one row looked up a step) trained by each
// optimizer lights the rows each step changed in the right kind — this step's gradient,
// the optimizer's memory with no gradient, AdamW's weight decay — and says how many were
// written; Reset returns to the file's table; Side by side holds the step where two
// optimizers first differ.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <thread>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "app/deck/slide_host.hpp"
#include "app/chrome/chrome.hpp"
#include "app/slides/slide_09_train.hpp"
#include "app/deck/slide_nav.hpp"
#include "app/slides/slides.hpp"
#include "core/io/table_file.hpp"
#include "core/train/table_save.hpp"
#include "headless.hpp"
#include "screen_text.hpp"

namespace lv::app::test {
namespace {

int train_slide() {
  for (int i = 0; i < slide_count(); ++i)
    if (slide_table()[static_cast<size_t>(i)].draw.canvas == kSlideTrain.draw.canvas) return i;
  return -1;
}

// Slide 9 before its first step (Reset clicked), with time passing fast.
void show_untrained(Headless& h) {
  ASSERT_EQ(train_slide(), 9) << "slides 0–8 keep their numbers: training is slide 9";
  go_to_slide(h.app, 9);
  h.frames(30, 0.1f);
  ASSERT_TRUE(h.click("train-reset"));
  h.frames(5, 0.1f);
  ASSERT_EQ(train_slide_state(lv::app::context_of(h.app, lv::app::kSlideTrain)).runs[0].trainer.steps_done(), 0);
}

void click_step(Headless& h) {
  ASSERT_TRUE(h.click("train-step"));
  h.frames(20, 0.1f);  // the step's animation ends
}

// Row kinds of run i's last step, as a map row -> kind (rows that did not move left out).
std::map<int64_t, RowMove> kinds(Headless& h, int i = 0) {
  std::map<int64_t, RowMove> out;
  const Trainer& t = train_slide_state(lv::app::context_of(h.app, lv::app::kSlideTrain)).runs[i].trainer;
  for (int64_t r = 0; r < t.rows(); ++r)
    if (const RowMove k = t.kind_in_last_step(r); k != RowMove::None) out[r] = k;
  return out;
}

constexpr RowMove G = RowMove::Gradient, M = RowMove::Memory, D = RowMove::Decay;

struct Expected {
  const char* optimizer;
  std::vector<std::map<int64_t, RowMove>> steps;  // steps 1, 2, 3
  std::vector<int> written;                       // "rows written this step: N of 4"
};

TEST(TrainSlide, ThreeKindsOfMovedRowsForEachOptimizer) {
  // The table (real PyTorch 1.13: train-oracle --batches "2;0" --vocab 4 --dim 3).
  const std::vector<Expected> cases = {
      {"sgd", {{{2, G}}, {{0, G}}, {{2, G}}}, {1, 1, 1}},
      {"momentum", {{{2, G}}, {{0, G}, {2, M}}, {{0, M}, {2, G}}}, {1, 2, 2}},
      {"adam", {{{2, G}}, {{0, G}, {2, M}}, {{0, M}, {2, G}}}, {1, 2, 2}},
      {"adamw",
       {{{0, D}, {1, D}, {2, G}, {3, D}}, {{0, G}, {1, D}, {2, M}, {3, D}}, {{0, M}, {1, D}, {2, G}, {3, D}}},
       {4, 4, 4}},
      {"sparse_adam", {{{2, G}}, {{0, G}}, {{2, G}}}, {1, 1, 1}},
  };
  for (const Expected& e : cases) {
    SCOPED_TRACE(e.optimizer);
    Headless h;
    h.init({"lookupviz", "--batches", "2;0", "--vocab", "4", "--dim", "3", "--optimizer", e.optimizer});
    show_untrained(h);
    EXPECT_TRUE(read_screen().contains("rows written this step: 0 of 4")) << read_screen().all();
    for (size_t k = 0; k < e.steps.size(); ++k) {
      click_step(h);
      SCOPED_TRACE("step " + std::to_string(k + 1));
      EXPECT_EQ(train_slide_state(lv::app::context_of(h.app, lv::app::kSlideTrain)).runs[0].trainer.steps_done(),
                static_cast<int64_t>(k + 1));
      EXPECT_EQ(kinds(h), e.steps[k]);
      const std::string count = "rows written this step: " + std::to_string(e.written[k]) + " of 4";
      const ScreenText screen = read_screen();
      EXPECT_TRUE(screen.contains(count)) << count << "\n" << screen.all();
      // Each kind that moved a row names it beside the row.
      for (const auto& [row, kind] : e.steps[k])
        EXPECT_TRUE(screen.contains(kind == G ? "gradient" : kind == M ? "memory" : "decay"));
    }
    // Plain SGD keeps no state; the others hold it for the two rows looked up (never V × D).
    const Trainer& t = train_slide_state(lv::app::context_of(h.app, lv::app::kSlideTrain)).runs[0].trainer;
    const std::vector<int64_t> held =
        std::string(e.optimizer) == "sgd" ? std::vector<int64_t>{} : std::vector<int64_t>{0, 2};
    EXPECT_EQ(t.state_rows(), held);
  }
}

TEST(TrainSlide, ChoosingAnOptimizerByClickTrainsWithIt) {
  Headless h;
  h.init({"lookupviz", "--batches", "2;0", "--vocab", "4", "--dim", "3", "--optimizer", "sgd"});
  show_untrained(h);
  ASSERT_TRUE(h.click("train-opt-adam"));
  h.frames(3, 0.1f);
  EXPECT_EQ(train_slide_state(lv::app::context_of(h.app, lv::app::kSlideTrain)).optimizer, TrainOptimizer::Adam);
  click_step(h);
  click_step(h);
  EXPECT_EQ(kinds(h), (std::map<int64_t, RowMove>{{0, G}, {2, M}})) << "Adam's memory moves row 2 at step 2";
  std::string code, output;
  code = code_panel_text(h.app).code;
  output = code_panel_text(h.app).output;
  EXPECT_NE(code.find("torch.optim.Adam(embedding.parameters(), lr=0.1)"), std::string::npos) << code;
  EXPECT_NE(code.find("for step in range(1, 3):"), std::string::npos) << code;
  EXPECT_NE(output.find(">>> moved\n[0, 2]\n"), std::string::npos) << output;
}

TEST(TrainSlide, ResetReturnsToTheFilesTable) {
  Headless h;
  h.init({"lookupviz", "--ids", "2", "--batches", "2;0", "--optimizer", "adamw"});
  start_table_load(h.app, std::string(LOOKUPVIZ_GOLDEN_DIR) + "/tables/notebook_seed123.npy");  // 4 × 5
  for (int i = 0; i < 2000 && table_loading(h.app); ++i) {
    h.frame();
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  ASSERT_NE(h.app.inputs.file, nullptr) << h.app.loading.error;
  show_untrained(h);
  const TableView& file = h.app.derived.table;
  click_step(h);
  click_step(h);
  const Trainer& trained = train_slide_state(lv::app::context_of(h.app, lv::app::kSlideTrain)).runs[0].trainer;
  ASSERT_EQ(trained.steps_done(), 2);
  int moved = 0;
  for (int64_t r = 0; r < file.rows(); ++r)
    for (int64_t c = 0; c < file.cols(); ++c) moved += trained.at(r, c) != file.at(r, c);
  EXPECT_EQ(moved, 4 * 5) << "AdamW moved every value of the 4 × 5 table";
  ASSERT_TRUE(h.click("train-reset"));
  h.frames(5, 0.1f);
  const Trainer& reset = train_slide_state(lv::app::context_of(h.app, lv::app::kSlideTrain)).runs[0].trainer;
  EXPECT_EQ(reset.steps_done(), 0);
  for (int64_t r = 0; r < file.rows(); ++r)
    for (int64_t c = 0; c < file.cols(); ++c) ASSERT_EQ(reset.at(r, c), file.at(r, c)) << r << ", " << c;
  EXPECT_TRUE(read_screen().contains("rows written this step: 0 of 4"));
}

TEST(TrainSlide, SideBySideHoldsTheStepWhereTheyFirstDiffer) {
  Headless h;
  h.init({"lookupviz", "--batches", "2;0", "--vocab", "4", "--dim", "3", "--optimizer", "adam"});
  show_untrained(h);
  ASSERT_TRUE(h.click("train-side"));
  h.frames(3, 0.1f);
  const TrainSlideState& s = train_slide_state(lv::app::context_of(h.app, lv::app::kSlideTrain));
  ASSERT_TRUE(s.side_by_side);
  EXPECT_EQ(train_run_optimizer(s, 0), TrainOptimizer::Adam);
  EXPECT_EQ(train_run_optimizer(s, 1), TrainOptimizer::SparseAdam);
  click_step(h);
  EXPECT_EQ(train_first_difference(s), 0) << "step 1: both wrote row 2";
  EXPECT_TRUE(read_screen().contains("have written the same rows so far"));
  for (int k = 0; k < 3; ++k) click_step(h);
  EXPECT_EQ(train_first_difference(s), 2);
  const ScreenText screen = read_screen();
  EXPECT_TRUE(screen.contains("they first differ at step 2: Adam wrote rows [0, 2], SparseAdam wrote rows [0]"))
      << screen.all();
  ImVec2 a, b;
  EXPECT_TRUE(find_landmark("train-differ", &a, &b));
  EXPECT_TRUE(find_landmark("train-count-1", &a, &b)) << "both runs' counts are on screen";

  // SGD | AdamW: weight decay differs from the first step.
  train_slide_state(lv::app::context_of(h.app, lv::app::kSlideTrain)).pair = TrainPair::SgdVsAdamW;
  h.frames(3, 0.1f);
  EXPECT_EQ(train_first_difference(s), 1);
  EXPECT_TRUE(read_screen().contains("they first differ at step 1"));
}

TEST(TrainSlide, SaveTableAsWritesTheTrainedTable) {
  Headless h;
  h.init({"lookupviz", "--batches", "2;0", "--vocab", "4", "--dim", "3", "--optimizer", "adamw"});
  show_untrained(h);
  EXPECT_FALSE(train_table_saveable(lv::app::context_of(h.app, lv::app::kSlideTrain))) << "nothing trained yet";
  click_step(h);
  click_step(h);
  ASSERT_TRUE(train_table_saveable(lv::app::context_of(h.app, lv::app::kSlideTrain)));
  const std::string path = ::testing::TempDir() + "lv_ui_trained_" + std::to_string(::getpid()) + ".safetensors";
  ASSERT_EQ(train_save_table(lv::app::context_of(h.app, lv::app::kSlideTrain), path), "");  // started on a worker
  for (int i = 0; i < 5000 && train_saving(lv::app::context_of(h.app, lv::app::kSlideTrain)); ++i) {
    h.frame();
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  ASSERT_FALSE(train_saving(lv::app::context_of(h.app, lv::app::kSlideTrain)));
  EXPECT_EQ(train_slide_state(lv::app::context_of(h.app, lv::app::kSlideTrain)).save_outcome, "Saved " + path);
  TableLoad l = load_table(path);
  ASSERT_TRUE(l.ok) << l.error;
  TableView back(nullptr, std::make_shared<const TableFile>(std::move(l.table)), TableDtype::Float32, nullptr);
  const Trainer& t = train_slide_state(lv::app::context_of(h.app, lv::app::kSlideTrain)).runs[0].trainer;
  for (int64_t r = 0; r < 4; ++r)
    for (int64_t c = 0; c < 3; ++c) EXPECT_EQ(back.at(r, c), t.at(r, c)) << r << ", " << c;
  std::remove(path.c_str());
}

// Frames until a save started with train_save_table ends (bounded).
void finish_save(Headless& h) {
  for (int i = 0; i < 5000 && train_saving(lv::app::context_of(h.app, lv::app::kSlideTrain)); ++i) {
    h.frame();
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  ASSERT_FALSE(train_saving(lv::app::context_of(h.app, lv::app::kSlideTrain)));
  h.frames(2, 0.1f);
}

std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(f), {});
}

// Issue 39: File ▸ Save table as… — a failure names the path and keeps the dialog open; a
// file already there (here not even a table) is replaced only after "Replace FILE?", which
// Cancel leaves alone; the replaced file keeps its 0600 mode.
TEST(TrainSlide, SaveDialogNamesFailuresAndAsksBeforeReplacing) {
  Headless h;
  h.init({"lookupviz", "--batches", "2;0", "--vocab", "4", "--dim", "3", "--optimizer", "sgd"});
  show_untrained(h);
  click_step(h);
  TrainSlideState& s = train_slide_state(lv::app::context_of(h.app, lv::app::kSlideTrain));
  s.save_requested = true;
  h.frames(3, 0.1f);
  ImVec2 a, b;
  ASSERT_TRUE(find_landmark("train-save-path", &a, &b)) << "the dialog is open";
  const std::filesystem::path dir =
      std::filesystem::path(::testing::TempDir()) / ("lv_ui_save_dialog_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);

  // A folder that is not there: said with the path, the dialog stays, nothing starts.
  const std::string missing = (dir / "no_such_folder" / "t.safetensors").string();
  ASSERT_TRUE(h.replace_text("train-save-path", missing.c_str()));
  ASSERT_TRUE(h.click("train-save"));
  h.frames(3, 0.1f);
  EXPECT_FALSE(train_saving(lv::app::context_of(h.app, lv::app::kSlideTrain)));
  EXPECT_EQ(s.save_error,
            "Not saved: " + missing + ": the folder " + (dir / "no_such_folder").string() + " does not exist");
  EXPECT_TRUE(find_landmark("train-save-path", &a, &b)) << "the dialog stays open";
  EXPECT_TRUE(read_screen().contains("does not exist"));

  // A file that is there: asked first. Cancel keeps it as it was.
  const std::string notes = (dir / "notes.txt").string();
  std::ofstream(notes) << "keep me";
  ASSERT_EQ(chmod(notes.c_str(), 0600), 0);
  ASSERT_TRUE(h.replace_text("train-save-path", notes.c_str()));
  ASSERT_TRUE(h.click("train-save"));
  h.frames(3, 0.1f);
  EXPECT_FALSE(train_saving(lv::app::context_of(h.app, lv::app::kSlideTrain)));
  ASSERT_TRUE(find_landmark("train-save-confirm", &a, &b));
  EXPECT_TRUE(read_screen().contains("Replace " + notes + "?")) << read_screen().all();
  EXPECT_EQ(s.save_confirm_text,
            notes + " already exists (7 bytes). It is not a .safetensors file: its contents will be lost.");
  EXPECT_TRUE(read_screen().contains("already exists (7 bytes)")) << read_screen().all();
  ASSERT_TRUE(h.click("train-save-keep"));
  h.frames(3, 0.1f);
  EXPECT_FALSE(find_landmark("train-save-confirm", &a, &b));
  EXPECT_TRUE(find_landmark("train-save-path", &a, &b)) << "back to the name";
  EXPECT_EQ(slurp(notes), "keep me");

  // Save, then Replace: written, its mode kept.
  ASSERT_TRUE(h.click("train-save"));
  h.frames(3, 0.1f);
  ASSERT_TRUE(h.click("train-save-replace"));
  finish_save(h);
  EXPECT_EQ(s.save_outcome, "Saved " + notes);
  EXPECT_FALSE(find_landmark("train-save-path", &a, &b)) << "the dialog closed";
  struct stat st;
  ASSERT_EQ(stat(notes.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0600u);
  EXPECT_TRUE(load_table(notes).ok);
  std::filesystem::remove_all(dir);
}

// Saving over the table the window has open is saving it: the saved file becomes the open
// table (slide 9 at step 0 on it, showing the values that were saved), with no "replaced on
// disk" prompt.
TEST(TrainSlide, SavingOverTheOpenTableOpensTheSavedTable) {
  const std::filesystem::path dir =
      std::filesystem::path(::testing::TempDir()) / ("lv_ui_save_open_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "table.safetensors").string();
  {
    Matrix m(4, 3);
    m << 0.5f, -1.0f, 2.0f, 1.5f, 1.0f, 0.25f, 3.0f, 0.0f, -2.0f, 1.5f, -0.5f, 0.75f;
    const Trainer untrained(TableView(std::make_shared<const Matrix>(m), nullptr, TableDtype::Float32, nullptr), {});
    ASSERT_EQ(save_trained_safetensors(untrained, path), "");
  }
  Headless h;
  h.init({"lookupviz", "--batches", "2;0", "--optimizer", "sgd"});
  h.frames(2);
  start_table_load(h.app, path);
  for (int i = 0; i < 500 && table_loading(h.app); ++i) {
    h.frame();
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ASSERT_NE(h.app.inputs.file, nullptr) << h.app.loading.error;
  const TableFile* opened = h.app.inputs.file.get();
  show_untrained(h);
  click_step(h);
  const Matrix trained =
      train_slide_state(lv::app::context_of(h.app, lv::app::kSlideTrain)).runs[0].trainer.to_matrix();
  EXPECT_TRUE(train_save_is_open_table(lv::app::context_of(h.app, lv::app::kSlideTrain), path));
  ASSERT_EQ(train_save_table(lv::app::context_of(h.app, lv::app::kSlideTrain), path), "");
  finish_save(h);
  EXPECT_EQ(train_slide_state(lv::app::context_of(h.app, lv::app::kSlideTrain)).save_outcome,
            "Saved " + path + ", the open table's own file: it is now the open table (slide 9 starts again from it)");
  for (int i = 0; i < 500 && (table_loading(h.app) || h.app.inputs.file.get() == opened); ++i) {
    h.frame();
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  h.frames(5, 0.1f);
  ASSERT_NE(h.app.inputs.file.get(), opened) << "the saved file was opened";
  EXPECT_EQ(h.app.inputs.file->path, path);
  EXPECT_EQ(h.app.derived.table.to_matrix(), trained) << "the table shown is the one saved";
  EXPECT_EQ(train_slide_state(lv::app::context_of(h.app, lv::app::kSlideTrain)).runs[0].trainer.steps_done(), 0)
      << "slide 9 starts again, at step 0";
  EXPECT_TRUE(check_table_file_now(h.app) == false);
  EXPECT_TRUE(h.app.loading.disk_changed.empty()) << h.app.loading.disk_changed;
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace lv::app::test
