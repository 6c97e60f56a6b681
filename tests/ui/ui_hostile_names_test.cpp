// ui_hostile_names_test.cpp — names read from files are text, never ImGui labels or IDs
// (issue 26 item 1). A .safetensors file whose 2-D tensors are named "", "##x", "a##b",
// "a###k" and "b###k" used to abort the app (imgui.cpp: "Cannot have an empty ID") when
// its chooser was drawn, whether the file came from File ▸ Open, a drop or the command
// line; "##x" showed as nothing and "a###k" and "b###k" shared an ID. The same names in
// the picker's listing, the recent files, File ▸ Open recent and slide 0's pieces.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <thread>

#include "app/app_session.hpp"
#include "app/desktop/file_dialog.hpp"
#include "app/widgets/widget_data_text.hpp"
#include "app/widgets/widget_file_picker.hpp"
#include "headless.hpp"
#include "screen_text.hpp"

namespace lv::app::test {
namespace {

namespace fs = std::filesystem;
const std::string kTables = std::string(LOOKUPVIZ_GOLDEN_DIR) + "/tables/";
const std::vector<std::string> kNames = {"", "##x", "a##b", "a###k", "b###k"};

struct TempDir {
  fs::path path;
  TempDir() {
    path = fs::temp_directory_path() /
           ("lv-names-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() { fs::remove_all(path); }
};

// A .safetensors file of 2 × 2 F32 tensors with these names; tensor k holds k + 1 everywhere.
std::string write_safetensors(const fs::path& path, const std::vector<std::string>& names) {
  std::string header = "{", data;
  for (size_t k = 0; k < names.size(); ++k) {
    const size_t b = data.size();
    for (int i = 0; i < 4; ++i) {
      const float v = static_cast<float>(k + 1);
      data.append(reinterpret_cast<const char*>(&v), 4);
    }
    header += (k ? "," : "") + std::string("\"") + names[k] +
              "\":{\"dtype\":\"F32\",\"shape\":[2,2],\"data_offsets\":[" + std::to_string(b) + "," +
              std::to_string(data.size()) + "]}";
  }
  header += "}";
  std::ofstream f(path, std::ios::binary);
  const uint64_t n = header.size();
  f.write(reinterpret_cast<const char*>(&n), 8);
  f << header << data;
  return path.string();
}

void settle(Headless& h) {
  for (int i = 0; i < 1000 && (table_loading(h.app) || h.app.loading.dialog.job.active()); ++i) {
    h.frame();
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  h.frames(3);
}

bool shows(const ScreenText& s, const std::string& text) { return s.contains(text); }

// The chooser lists every name as it is; the first row ("", sorted first) can be picked.
void expect_chooser_shows_the_names(Headless& h, const std::string& file) {
  ASSERT_EQ(h.app.loading.tensor_choices.size(), kNames.size()) << h.app.loading.error;
  EXPECT_EQ(h.app.loading.choices_path, file);
  h.frames(3);  // the chooser drawn (the old code aborted here)
  const ScreenText s = read_screen();
  for (const char* name : {"##x", "a##b", "a###k", "b###k"}) EXPECT_TRUE(shows(s, name)) << name << "\n" << s.all();
  EXPECT_EQ(h.app.loading.tensor_choices.front(), "");
}

TEST(UiHostileNames, TheChooserShowsNamesAsTextAndPicksTheEmptyName) {
  TempDir t;
  const std::string file = write_safetensors(t.path / "names.safetensors", kNames);
  Headless h;
  h.init();
  h.frames(2);
  start_table_load(h.app, file);
  settle(h);
  expect_chooser_shows_the_names(h, file);
  // A click on the first row picks the tensor named "".
  ASSERT_TRUE(h.click("tensor-choice-0"));
  settle(h);
  ASSERT_NE(h.app.inputs.file, nullptr) << h.app.loading.error;
  EXPECT_TRUE(h.app.inputs.file->named);
  EXPECT_EQ(h.app.inputs.file->name, "");
  EXPECT_EQ(h.app.derived.table(0, 0), 1.0f);  // tensor 0's values
  // It is remembered as FILE: (the empty name), and that spec opens it again.
  ASSERT_FALSE(h.app.loading.recent.empty());
  EXPECT_EQ(h.app.loading.recent.front(), fs::path(file).lexically_normal().string() + ":");
  EXPECT_EQ(weights_spec(*h.app.inputs.file), fs::path(file).lexically_normal().string() + ":");
  h.frames(2);
}

TEST(UiHostileNames, ADroppedFileAsksTheSameWay) {
  TempDir t;
  const std::string file = write_safetensors(t.path / "dropped.safetensors", kNames);
  Headless h;
  h.init();
  h.frames(2);
  open_dropped_files(h.app, {file});
  settle(h);
  expect_chooser_shows_the_names(h, file);
}

TEST(UiHostileNames, FileOpenThroughTheDialogAsksTheSameWay) {
  TempDir t;
  const std::string file = write_safetensors(t.path / "dialog.safetensors", kNames);
  const std::string zenity = (t.path / "zenity").string();
  std::ofstream(zenity) << "#!/bin/sh\necho '" << file << "'\n";
  chmod(zenity.c_str(), 0755);
  Headless h;
  h.init();
  h.frames(2);
  h.app.loading.dialog.tool = {DialogKind::Zenity, zenity};
  request_open_table(h.app);
  settle(h);
  expect_chooser_shows_the_names(h, file);
}

TEST(UiHostileNames, FileColonNamesTheEmptyTensor) {
  TempDir t;
  const std::string file = write_safetensors(t.path / "colon.safetensors", kNames);
  TableLoad r = load_table(file + ":");
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_TRUE(r.table.named);
  EXPECT_EQ(r.table.name, "");
  EXPECT_EQ(table_spec(r.table), file + ":");
  r = load_table(file + ":a###k");
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.table.name, "a###k");
  r = load_table(file + ":b###k");
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.table.at(0, 0), 5.0f);  // not a###k's: names are names, not IDs
  // The list of names in the command line's error shows the empty one as "".
  r = load_table(file);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.error.find("pick one (FILE:NAME): \"\" (2×2), ##x (2×2)"), std::string::npos) << r.error;
  // A .npy named with an empty tensor is told to drop the ':'.
  r = load_table(kTables + "one_by_one.npy:");
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.error.find("drop ':'"), std::string::npos) << r.error;
}

TEST(UiHostileNames, ThePickersListingAndRecentFilesShowNamesAsText) {
  TempDir t;
  for (const char* n : {"a##b.npy", "##x.npy", "x###k.npy", "y###k.npy"})
    fs::copy_file(kTables + "one_by_one.npy", t.path / n);
  Headless h;
  h.init();
  h.app.loading.recent = {(t.path / "##x.npy").string(), (t.path / "a##b.npy").string()};
  open_file_picker(h.app.loading.picker, t.path.string());
  h.frames(4);
  const ScreenText s = read_screen();
  for (const char* name : {"a##b.npy", "##x.npy", "x###k.npy", "y###k.npy"})
    EXPECT_TRUE(shows(s, name)) << name << "\n" << s.all();
  // A click on the recent "##x.npy" opens that file.
  ASSERT_TRUE(h.click("picker-recent-0"));
  settle(h);
  ASSERT_NE(h.app.inputs.file, nullptr) << h.app.loading.error;
  EXPECT_EQ(h.app.inputs.file->path, (t.path / "##x.npy").string());
}

TEST(UiHostileNames, OpenRecentShowsNamesAsText) {
  Headless h;
  h.init();
  h.app.loading.recent = {"/m/##x.npy", "/m/a##b.npy", "/m/x###k.npy", "/m/y###k.npy", "/n/x.safetensors:"};
  h.frames(2);
  ASSERT_TRUE(h.click("menu-file"));
  ImVec2 at;
  ASSERT_TRUE(h.center_of("menu-open-recent", &at));
  for (int i = 0; i < 5; ++i) h.move_to(at);  // hovering opens the submenu
  h.frames(2);
  const ScreenText s = read_screen();
  for (const char* name : {"##x.npy", "a##b.npy", "x###k.npy", "y###k.npy", "x.safetensors:"})
    EXPECT_TRUE(shows(s, name)) << name << "\n" << s.all();
  EXPECT_TRUE(shows(s, "/m")) << s.all();  // the folder, greyed after the name
}

TEST(UiHostileNames, SlideZerosPiecesAreText) {
  Headless h;
  h.init({"lookupviz", "--text", "a ##b ###k"});
  go_to_slide(h.app, 0);
  h.frames(4);
  const ScreenText s = read_screen();
  EXPECT_TRUE(shows(s, "##")) << s.all();
  // The pieces' combo lists them as they are.
  ImVec2 at;
  ASSERT_TRUE(h.center_of("bpe-piece-combo", &at));
  h.click_at(at);
  h.frames(2);
  EXPECT_TRUE(read_screen().contains("###")) << read_screen().all();
}

TEST(UiHostileNames, LongNamesAreCutWhenDrawn) {
  TempDir t;
  const std::string long_name(200'000, 'n');
  const std::string file = write_safetensors(t.path / "long.safetensors", {long_name, "short"});
  Headless h;
  h.init();
  h.frames(2);
  start_table_load(h.app, file);
  settle(h);
  ASSERT_EQ(h.app.loading.tensor_choices.size(), 2u) << h.app.loading.error;
  const auto t0 = std::chrono::steady_clock::now();
  h.frames(10);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count() / 10;
  EXPECT_LT(ms, 50.0);  // a frame does not lay out 200,000 glyphs
  EXPECT_TRUE(read_screen().contains("short")) << read_screen().all();
  bool cut = false;
  EXPECT_EQ(shown_data_text(long_name, &cut).size(), kMaxShownDataBytes);
  EXPECT_TRUE(cut);
  // A cut never splits a UTF-8 sequence.
  std::string accents;
  while (accents.size() < 2 * kMaxShownDataBytes) accents += "é";  // 2 bytes each
  EXPECT_EQ(shown_data_text("x" + accents, &cut).size(), kMaxShownDataBytes - 1);
}

}  // namespace
}  // namespace lv::app::test
