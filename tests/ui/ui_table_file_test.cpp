// ui_table_file_test.cpp — tables from files in the app: loading on a worker thread
// (File ▸ Open), a bad file that keeps the current table and says why, the tensor
// chooser for .safetensors files with several tables, the dtype switch.
#include <gtest/gtest.h>

#include <unistd.h>

#include <atomic>
#include <cmath>
#include <chrono>
#include <future>
#include <cstring>
#include <fstream>
#include <thread>

#include "app/app_ui.hpp"
#include "app/ui_base/ui_wake.hpp"
#include "core/torch/dtype_round.hpp"
#include "headless.hpp"
#include "screen_text.hpp"

namespace lv::app::test {
namespace {

const std::string kTables = std::string(LOOKUPVIZ_GOLDEN_DIR) + "/tables/";

// Frames until the load finishes (bounded).
void wait_for_load(Headless& h) {
  for (int i = 0; i < 500 && table_loading(h.app); ++i) {
    h.frame();
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  h.frames(2);
}

TEST(UiTableFile, OpenNpyReplacesTheTable) {
  Headless h;
  h.init({"lookupviz", "--ids", "0,2"});
  h.frames(2);
  start_table_load(h.app, kTables + "v1_f4_fortran.npy");  // 3 x 7, Fortran order
  EXPECT_TRUE(app_animating(h.app));                       // frames keep coming while it loads
  wait_for_load(h);
  ASSERT_NE(h.app.inputs.file, nullptr) << h.app.loading.error;
  EXPECT_EQ(h.app.derived.vocab, 3);
  EXPECT_EQ(h.app.derived.dim, 7);
  EXPECT_EQ(h.app.inputs.ids, (IdList{0, 2}));
  EXPECT_TRUE(h.app.derived.paths_equal);
  // Row 0 as numpy stored it (expected.txt: 3e27b831 ...).
  uint32_t bits;
  const float first = h.app.derived.table(0, 0);
  std::memcpy(&bits, &first, 4);
  EXPECT_EQ(bits, 0x3e27b831u);
  // IDs beyond the table are refused inline, the file's shape is kept.
  ASSERT_TRUE(h.replace_text("ids-text", "1, 5"));
  EXPECT_NE(h.app.ui.editor.ids_error.find("5 is out of range"), std::string::npos) << h.app.ui.editor.ids_error;
  EXPECT_EQ(h.app.derived.vocab, 3);
  // Back to the seeded table.
  set_table_file(h.app, nullptr);
  EXPECT_EQ(h.app.derived.vocab, 3);  // max(ids) + 1 with ids 0, 2
  EXPECT_EQ(h.app.inputs.file, nullptr);
}

TEST(UiTableFile, ABadFileKeepsTheTableAndSaysWhy) {
  const std::string bad = ::testing::TempDir() + "lookupviz_bad.npy";
  std::ofstream(bad) << "\x93NUMPY\x01\x00garbage";
  Headless h;
  h.init();
  h.frames(2);
  const Matrix before = h.app.derived.table.to_matrix();
  start_table_load(h.app, bad);
  wait_for_load(h);
  EXPECT_EQ(h.app.inputs.file, nullptr);
  EXPECT_FALSE(h.app.loading.error.empty());
  EXPECT_NE(h.app.loading.error.find("lookupviz_bad.npy"), std::string::npos) << h.app.loading.error;
  EXPECT_EQ(h.app.derived.table.to_matrix(), before);
  h.frames(3);  // the error popup draws without trouble
  start_table_load(h.app, "/nonexistent/table.npy");
  wait_for_load(h);
  EXPECT_NE(h.app.loading.error.find("Cannot open"), std::string::npos) << h.app.loading.error;
}

std::atomic<int> g_wakes{0};

TEST(UiTableFile, AResultWakesTheWindowAndDrawsItsPopup) {
  // Issue 17, item 7: a failed File ▸ Open showed its error only when the mouse moved.
  // The worker wakes the UI (the platform posts glfwPostEmptyEvent) once the result is
  // ready, and taking the result draws a few frames, as input does.
  g_wakes = 0;
  set_ui_wake([] { ++g_wakes; });
  Headless h;
  h.init();
  h.frames(2);
  start_table_load(h.app, "/nonexistent/table.npy");
  for (int i = 0; i < 1000 && g_wakes == 0; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  EXPECT_EQ(g_wakes, 1);
  // The wake came after the result: the woken loop finds it at once.
  EXPECT_TRUE(h.app.loading.job.finished());
  h.app.frames_since_input = 100;  // long idle
  h.frame();
  EXPECT_NE(h.app.loading.error.find("Cannot open"), std::string::npos) << h.app.loading.error;
  EXPECT_EQ(h.app.frames_since_input, 0);  // the platform now draws its few frames after input
  set_ui_wake(nullptr);
}

TEST(UiTableFile, SeveralTensorsAskWhichOne) {
  Headless h;
  h.init({"lookupviz", "--ids", "0"});
  h.frames(2);
  start_table_load(h.app, kTables + "mixed.safetensors");
  wait_for_load(h);
  if (h.app.inputs.file) GTEST_SKIP() << "mixed.safetensors has a single 2-D tensor";
  ASSERT_FALSE(h.app.loading.tensor_choices.empty()) << h.app.loading.error;
  const std::string name = h.app.loading.tensor_choices.front();
  h.frames(2);  // the chooser is drawn
  start_table_load(h.app, kTables + "mixed.safetensors:" + name);
  wait_for_load(h);
  ASSERT_NE(h.app.inputs.file, nullptr) << h.app.loading.error;
  EXPECT_EQ(h.app.inputs.file->name, name);
}

TEST(UiTableFile, DtypeSwitchRoundsTheTableAndPathsStillAgree) {
  Headless h;
  h.init();
  const float full = h.app.derived.table(0, 0);
  set_dtype(h.app, TableDtype::Float16);
  EXPECT_EQ(h.app.derived.table(0, 0), round_to_float16(full));
  EXPECT_NE(h.app.derived.table(0, 0), full);
  EXPECT_TRUE(h.app.derived.paths_equal);
  set_dtype(h.app, TableDtype::BFloat16);
  EXPECT_EQ(h.app.derived.table(0, 0), round_to_bfloat16(full));
  EXPECT_TRUE(h.app.derived.paths_equal);
  h.frames(3);
}

// A rows × cols .npy whose value (i, j) is i - j / 4 (exact in float16), as "<f4" or "<f2".
std::string small_npy(const std::string& descr, int rows, int cols) {
  std::string header = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': (" + std::to_string(rows) + ", " +
                       std::to_string(cols) + "), }";
  while ((10 + header.size() + 1) % 64 != 0) header += ' ';
  header += '\n';
  std::string out = std::string("\x93NUMPY\x01\x00", 8);
  out += static_cast<char>(header.size() & 0xff);
  out += static_cast<char>(header.size() >> 8);
  out += header;
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) {
      const float v = static_cast<float>(i) - 0.25f * static_cast<float>(j);
      if (descr == "<f2") {
        const uint16_t h = float_to_half_bits(v);
        out.append(reinterpret_cast<const char*>(&h), 2);
      } else {
        out.append(reinterpret_cast<const char*>(&v), 4);
      }
    }
  return out;
}

// The table shown is overwritten in place (as cp or dd do: the same inode) with a float16
// table, then cut to 128 bytes. Within about a second of frames the app says the file
// changed and offers to reopen it; the truncated rows read NaN, as docs/manual.md promises;
// Reopen reads the file as it is now. Before, nothing was said, float16 bytes showed as
// float32 under the old shape, and row 0 of the cut file showed 0.
TEST(UiTableFile, ATableChangedOnDiskIsNoticedAndCanBeReopened) {
  const std::string path = ::testing::TempDir() + "lookupviz_changed_" + std::to_string(getpid()) + ".npy";
  { std::ofstream(path, std::ios::binary) << small_npy("<f4", 8, 6); }
  Headless h;
  h.init({"lookupviz", "--ids", "0,2"});
  go_to_slide(h.app, 2);
  h.frames(2);
  start_table_load(h.app, path);
  wait_for_load(h);
  ASSERT_NE(h.app.inputs.file, nullptr) << h.app.loading.error;
  EXPECT_EQ(h.app.derived.table(2, 1), 1.75f);
  h.frames(70);  // more than a second of frames: looked at, nothing changed
  EXPECT_TRUE(h.app.loading.disk_changed.empty()) << h.app.loading.disk_changed;

  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << small_npy("<f2", 8, 6);  // in place
  }
  ASSERT_EQ(truncate(path.c_str(), 128), 0);
  h.frames(70);
  EXPECT_NE(h.app.loading.disk_changed.find("changed on disk since it was opened"), std::string::npos)
      << h.app.loading.disk_changed;
  h.frame();
  const std::string screen = read_screen().all();
  EXPECT_NE(screen.find("changed on disk"), std::string::npos) << screen;
  ImVec2 at;
  EXPECT_TRUE(h.center_of("file-changed-reopen", &at)) << "a Reopen button is offered";
  // Row 0 is past the new end: NaN, not 0; and the lookup's output with it.
  EXPECT_TRUE(std::isnan(h.app.derived.table(0, 0)));
  EXPECT_TRUE(std::isnan(h.app.derived.table(2, 1)));
  EXPECT_TRUE(std::isnan(h.app.derived.lookup_out(0, 0)));

  // The whole float16 table written back; Reopen reads it as it is now.
  { std::ofstream(path, std::ios::binary | std::ios::trunc) << small_npy("<f2", 8, 6); }
  ASSERT_TRUE(h.click("file-changed-reopen"));
  wait_for_load(h);
  ASSERT_NE(h.app.inputs.file, nullptr);
  EXPECT_EQ(h.app.inputs.file->dtype, "float16");
  EXPECT_EQ(h.app.derived.table(2, 1), 1.75f);
  EXPECT_EQ(h.app.derived.table(0, 0), 0.0f);
  EXPECT_TRUE(h.app.loading.disk_changed.empty());
  h.frames(70);
  EXPECT_TRUE(h.app.loading.disk_changed.empty()) << "the reopened file is the one on disk";
  std::remove(path.c_str());
}

}  // namespace
}  // namespace lv::app::test
