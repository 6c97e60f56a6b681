// ui_session_test.cpp — the session survives a restart: App → settings file text →
// a fresh App shows the same slide, IDs, seed, shape, edits, theme and zoom.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <thread>

#include "app/deck/app_init.hpp"
#include "app/deck/slide_host.hpp"
#include "app/state/app_edits.hpp"
#include "app/app_session.hpp"
#include "app/app_ui.hpp"
#include "core/text/id_parse.hpp"
#include "core/settings/recent_files.hpp"
#include "headless.hpp"
#include "tests/shared/tiny_models.hpp"

namespace lv::app::test {
namespace {

TEST(UiSession, RoundTripRestoresTheState) {
  std::string text;
  Matrix table;
  {
    Headless h;
    h.init({"lookupviz", "--ids", "0,7,7", "--seed", "-5", "--dim", "6"});
    go_to_slide(h.app, 3);
    edit_cell(h.app, 7, 2, -0.0f);
    edit_cell(h.app, 0, 5, 42.5f);
    set_grad_mode(h.app, GradMode::Seeded, 9);
    set_tie_weights(h.app, false);
    h.app.ui.theme = Theme::Light;
    h.app.ui.user_zoom = 1.25f;
    h.frames(3);
    table = h.app.derived.table.to_matrix();
    text = write_settings(session_from_app(h.app, WindowGeometry{1200, 800, true, 10, 20, false}));
  }
  const SettingsParse parsed = parse_settings(text);
  ASSERT_TRUE(parsed.ok) << parsed.error;
  Headless h;
  h.init({"lookupviz", "--reset"});
  apply_session(h.app, parsed.settings);
  h.frames(3);
  EXPECT_TRUE(h.app.loading.error.empty()) << h.app.loading.error;
  EXPECT_EQ(h.app.ui.slide, 3);
  EXPECT_EQ(h.app.inputs.ids, (IdList{0, 7, 7}));
  EXPECT_EQ(h.app.inputs.seed_text, "-5");
  EXPECT_EQ(h.app.derived.dim, 6);
  EXPECT_EQ(h.app.derived.table.to_matrix(), table);
  EXPECT_TRUE(std::signbit(h.app.derived.table(7, 2)));
  EXPECT_EQ(h.app.inputs.grad_mode, GradMode::Seeded);
  EXPECT_EQ(h.app.inputs.grad_seed, 9u);
  EXPECT_FALSE(h.app.inputs.tie_weights);
  EXPECT_EQ(h.app.ui.theme, Theme::Light);
  EXPECT_EQ(h.app.ui.user_zoom, 1.25f);
  EXPECT_STREQ(h.app.ui.editor.ids_buf, "0, 7, 7");
}

// Slide 10's controls come back after a restart, and a change of them is saved; values a
// hand-edited file gets wrong leave the controls as they were.
TEST(UiSession, TheAttentionControlsComeBackAfterARestart) {
  auto values_of = [](const App& app) {
    std::vector<SettingsSlideValue> v;
    save_slide_values(app, v);
    std::string s;
    for (const SettingsSlideValue& x : v) s += x.name + "=" + x.value + " ";
    return s;
  };
  std::string text;
  {
    Headless h;
    h.init({"lookupviz", "--ids", "3,1,2", "--beta", "0.25", "--d-out", "5", "--no-mask", "--positions"});
    go_to_slide(h.app, 10);
    h.frames(3);
    text = write_settings(session_from_app(h.app, WindowGeometry{}));
  }
  EXPECT_NE(text.find("slide_value = attention.beta 0.25\n"), std::string::npos) << text;
  EXPECT_NE(text.find("slide_value = attention.d_out 5\n"), std::string::npos) << text;
  EXPECT_NE(text.find("slide_value = attention.mask false\n"), std::string::npos) << text;
  EXPECT_NE(text.find("slide_value = attention.positions true\n"), std::string::npos) << text;
  const SettingsParse parsed = parse_settings(text);
  ASSERT_TRUE(parsed.ok) << parsed.error;
  Headless h;
  h.init({"lookupviz", "--reset"});
  EXPECT_EQ(values_of(h.app), "scale.view=heatmap "
                              "attention.beta=1 attention.d_out=2 attention.mask=true attention.positions=false ");
  apply_session(h.app, parsed.settings);
  h.frames(3);
  EXPECT_EQ(h.app.ui.slide, 10);
  EXPECT_EQ(values_of(h.app), "scale.view=heatmap "
                              "attention.beta=0.25 attention.d_out=5 attention.mask=false attention.positions=true ");

  // The autosave sees a change of them.
  const std::string dir = ::testing::TempDir() + "lookupviz_session_values";
  std::filesystem::create_directories(dir);
  SessionSaver saver;
  saver.path = dir + "/session.ini";
  session_autosave(saver, h.app, WindowGeometry{});  // (its first look: the state as it is)
  session_flush(saver, h.app, WindowGeometry{});
  session_autosave(saver, h.app, WindowGeometry{});
  EXPECT_LT(session_due_in(saver, h.app), 0.0);  // nothing changed since
  restore_slide_values(h.app, {{"attention.beta", "1000"}});
  session_autosave(saver, h.app, WindowGeometry{});
  EXPECT_GE(session_due_in(saver, h.app), 0.0);  // a change, written a moment later

  // Out of range or not a value: the control stays.
  restore_slide_values(h.app, {{"attention.beta", "1001"},
                               {"attention.beta", "nan"},
                               {"attention.d_out", "0"},
                               {"attention.d_out", "65"},
                               {"attention.d_out", "4x"},
                               {"attention.mask", "yes"},
                               {"attention.positions", "1"},
                               {"other.slide", "7"}});
  EXPECT_EQ(values_of(h.app), "scale.view=heatmap "
                              "attention.beta=1000 attention.d_out=5 attention.mask=false attention.positions=true ");
}

// Slide 7's view (heat map or map) comes back after a restart; a value it does not know leaves it.
TEST(UiSession, SlideSevensViewComesBackAfterARestart) {
  std::string text;
  {
    Headless h;
    h.init({"lookupviz", "--reset"});
    restore_slide_values(h.app, {{"scale.view", "map"}});
    text = write_settings(session_from_app(h.app, WindowGeometry{}));
  }
  EXPECT_NE(text.find("slide_value = scale.view map\n"), std::string::npos) << text;
  const SettingsParse parsed = parse_settings(text);
  ASSERT_TRUE(parsed.ok) << parsed.error;
  Headless h;
  h.init({"lookupviz", "--reset"});
  std::vector<SettingsSlideValue> v;
  save_slide_values(h.app, v);
  ASSERT_FALSE(v.empty());
  EXPECT_EQ(v.front().name + "=" + v.front().value, "scale.view=heatmap");
  apply_session(h.app, parsed.settings);
  v.clear();
  save_slide_values(h.app, v);
  EXPECT_EQ(v.front().name + "=" + v.front().value, "scale.view=map");
  restore_slide_values(h.app, {{"scale.view", "Map"}, {"scale.view", "2"}});
  v.clear();
  save_slide_values(h.app, v);
  EXPECT_EQ(v.front().name + "=" + v.front().value, "scale.view=map");
}

TEST(UiSession, AutosaveWritesAfterTheDelayOnly) {
  const std::string dir = ::testing::TempDir() + "lookupviz_session_test";
  std::filesystem::create_directories(dir);
  SessionSaver saver;
  saver.path = dir + "/session.ini";
  std::filesystem::remove(saver.path);
  Headless h;
  h.init();
  h.frame();
  session_autosave(saver, h.app, WindowGeometry{});
  EXPECT_GE(session_due_in(saver, h.app), 0.0);
  EXPECT_FALSE(std::filesystem::exists(saver.path));  // not yet: a change is written a moment later
  h.app.time += kAutosaveDelay + 0.1;
  session_autosave(saver, h.app, WindowGeometry{});
  ASSERT_TRUE(std::filesystem::exists(saver.path));
  EXPECT_LT(session_due_in(saver, h.app), 0.0);
  const SettingsLoad back = load_settings_file(saver.path);
  ASSERT_TRUE(back.ok) << back.warning;
  EXPECT_EQ(back.settings.ids, (IdList{2, 3, 1}));
}

// A rows × cols float32 .npy whose value k (row-major) is k + 0.5.
void write_npy(const std::string& path, int64_t rows, int64_t cols) {
  std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': (" + std::to_string(rows) + ", " +
                       std::to_string(cols) + "), }";
  while ((10 + header.size() + 1) % 64 != 0) header += ' ';
  header += '\n';
  std::string bytes = std::string("\x93NUMPY\x01\x00", 8);
  bytes += static_cast<char>(header.size() & 0xff);
  bytes += static_cast<char>(header.size() >> 8);
  bytes += header;
  for (int64_t k = 0; k < rows * cols; ++k) {
    const float v = static_cast<float>(k) + 0.5f;
    char b[4];
    std::memcpy(b, &v, 4);
    bytes.append(b, 4);
  }
  std::ofstream(path, std::ios::binary) << bytes;
}

// Runs in `dir` for one test, then goes back.
// As main() does once the window is up: the session's table opens on a worker; frames
// are drawn until it lands (or fails).
void reopen_session_table(Headless& h) {
  reopen_session_table(h.app);
  EXPECT_TRUE(table_loading(h.app));
  for (int i = 0; i < 2000 && table_loading(h.app); ++i) {
    h.frame();
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  EXPECT_FALSE(table_loading(h.app));
}

struct ScopedCwd {
  std::string old = std::filesystem::current_path().string();
  explicit ScopedCwd(const std::string& dir) { std::filesystem::current_path(dir); }
  ~ScopedCwd() { std::filesystem::current_path(old); }
};

// Opens `spec` as File ▸ Open would, edits one cell and returns the session's text.
std::string session_with_file(const std::string& spec, const std::string& cwd) {
  ScopedCwd in(cwd);
  Headless h;
  h.init({"lookupviz", "--ids", "0"});
  TableLoad load = load_table(spec);
  EXPECT_TRUE(load.ok) << load.error;
  set_table_file(h.app, std::make_shared<const TableFile>(std::move(load.table)));
  edit_cell(h.app, 0, 69'999, 7.25f);
  h.frames(2);
  return write_settings(session_from_app(h.app, WindowGeometry{}));
}

TEST(UiSession, AWideFileTableOpenedByARelativePathRoundTrips) {
  // Issue 17, items 2 and 3: a 1 × 70,000 table passes the seeded table's D limit (65,536),
  // and was set aside as damaged; a relative path could not be found from another folder.
  const std::string dir = ::testing::TempDir() + "lookupviz_session_wide";
  std::filesystem::create_directories(dir + "/tables");
  write_npy(dir + "/tables/wide.npy", 1, 70'000);
  const std::string text = session_with_file("tables/wide.npy", dir);
  const SettingsParse parsed = parse_settings(text);
  ASSERT_TRUE(parsed.ok) << parsed.error;
  EXPECT_EQ(parsed.settings.weights, dir + "/tables/wide.npy");
  EXPECT_EQ(parsed.settings.dim, 70'000);

  ScopedCwd elsewhere("/");
  Headless h;
  h.init({"lookupviz", "--reset"});
  apply_session(h.app, parsed.settings);
  // The window comes first: the file waits, the seeded table stands in.
  EXPECT_FALSE(h.app.inputs.file);
  EXPECT_TRUE(h.app.inputs.unopened.reopening);
  h.frames(2);
  EXPECT_LE(h.app.derived.dim, kMaxDim);
  reopen_session_table(h);
  EXPECT_TRUE(h.app.loading.error.empty()) << h.app.loading.error;
  ASSERT_TRUE(h.app.inputs.file);
  EXPECT_TRUE(h.app.inputs.unopened.weights.empty());
  EXPECT_EQ(h.app.derived.vocab, 1);
  EXPECT_EQ(h.app.derived.dim, 70'000);
  EXPECT_EQ(h.app.derived.table(0, 69'999), 7.25f);
  EXPECT_EQ(h.app.derived.table(0, 3), 3.5f);
  std::filesystem::remove_all(dir);
}

// A sentence typed in Text mode over a table with its own tokenizer (issue 30) comes back as
// that tokenizer's IDs, made from the sentence: the table and its tokenizer load on a worker
// after the window is up, and meanwhile the IDs are never GPT-2's nor is the sentence lost.
TEST(UiSession, ASentenceOverAModelsOwnTokenizerIsItsTokensAfterARestart) {
  ASSERT_TRUE(Headless::tokenizer());
  const std::string dir = ::testing::TempDir() + "lookupviz_session_model_tok";
  std::filesystem::create_directories(dir + "/json");
  std::ofstream(dir + "/json/table.npy", std::ios::binary) << lvtest::npy_table(300, 4);
  std::ofstream(dir + "/json/tokenizer.json", std::ios::binary) << lvtest::tokenizer_json();
  std::ofstream(dir + "/m.gguf", std::ios::binary) << lvtest::llama_gguf(300, 4);
  const IdList gpt2 = {15496, 995, 0};  // GPT-2's IDs for the sentence
  for (const std::string table : {dir + "/json/table.npy", dir + "/m.gguf"}) {
    std::string text;
    {
      Headless h;
      h.init({"lookupviz", "--ids", "0"});
      start_table_load(h.app, table);
      for (int i = 0; i < 2000 && table_loading(h.app); ++i) {
        h.frame();
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      }
      h.frames(2);
      ASSERT_TRUE(h.app.model_tokenizer) << table << ": " << h.app.model_tokenizer_error << h.app.loading.error;
      set_ids_input(h.app, IdsInput::Text);
      set_text_field(h.app, "Hello world!");
      apply_text(h.app, "Hello world!");
      finish_jobs(h.app);
      h.frames(2);
      ASSERT_EQ(h.app.inputs.ids, lvtest::hello_world_ids());
      text = write_settings(session_from_app(h.app, WindowGeometry{}));
    }
    const SettingsParse parsed = parse_settings(text);
    ASSERT_TRUE(parsed.ok) << parsed.error;
    Headless h;
    h.init({"lookupviz", "--reset"});
    apply_session(h.app, parsed.settings);
    h.frames(2);
    EXPECT_NE(h.app.inputs.ids, gpt2) << table << ": GPT-2's IDs before the table came";
    EXPECT_EQ(h.app.inputs.ids, lvtest::hello_world_ids()) << table << ": the saved IDs stand meanwhile";
    EXPECT_EQ(text_field(h.app), "Hello world!");
    reopen_session_table(h);
    finish_jobs(h.app);
    h.frames(2);
    ASSERT_TRUE(h.app.inputs.file) << h.app.loading.error;
    ASSERT_TRUE(h.app.model_tokenizer) << h.app.model_tokenizer_error;
    EXPECT_EQ(h.app.inputs.ids, lvtest::hello_world_ids()) << table;
    EXPECT_TRUE(ids_from_text(h.app.inputs)) << table << ": the IDs are the sentence's tokens again";
    EXPECT_EQ(h.app.inputs.text, "Hello world!");
    EXPECT_EQ(h.app.ui.editor.ids_input, IdsInput::Text);
    EXPECT_EQ(text_field(h.app), "Hello world!");
    EXPECT_TRUE(h.app.ui.editor.text_error.empty()) << h.app.ui.editor.text_error;
  }
  std::filesystem::remove_all(dir);
}

TEST(UiSession, ATableThatCannotBeReopenedIsReportedAndKept) {
  const std::string dir = ::testing::TempDir() + "lookupviz_session_gone";
  std::filesystem::create_directories(dir);
  write_npy(dir + "/wide.npy", 1, 70'000);
  const SettingsParse parsed = parse_settings(session_with_file("wide.npy", dir));
  ASSERT_TRUE(parsed.ok) << parsed.error;
  std::filesystem::remove(dir + "/wide.npy");  // the disk is unmounted, the file moved

  Headless h;
  h.init({"lookupviz", "--reset"});
  apply_session(h.app, parsed.settings);
  reopen_session_table(h);
  const std::string& warning = h.app.loading.error;
  EXPECT_NE(warning.find("Could not reopen your table"), std::string::npos) << warning;
  EXPECT_NE(warning.find("It stays in your session until you open another table."), std::string::npos) << warning;
  EXPECT_FALSE(h.app.inputs.file);
  EXPECT_LE(h.app.derived.dim, kMaxDim);  // the seeded stand-in keeps the seeded limits
  // The next autosave keeps the file, its shape and its edit.
  SessionSettings again = session_from_app(h.app, WindowGeometry{});
  EXPECT_EQ(again.weights, dir + "/wide.npy");
  ASSERT_EQ(again.edits.size(), 1u);
  EXPECT_EQ(again.edits[0].col, 69'999);
  EXPECT_EQ(again.table_cols, 70'000);
  EXPECT_TRUE(parse_settings(write_settings(again)).ok);
  // Until the user opens another table.
  write_npy(dir + "/other.npy", 3, 2);
  TableLoad other = load_table(dir + "/other.npy");
  ASSERT_TRUE(other.ok) << other.error;
  set_table_file(h.app, std::make_shared<const TableFile>(std::move(other.table)));
  EXPECT_EQ(session_from_app(h.app, WindowGeometry{}).weights, dir + "/other.npy");
  set_table_file(h.app, nullptr);
  EXPECT_EQ(session_from_app(h.app, WindowGeometry{}).weights, "");
  std::filesystem::remove_all(dir);
}

// Two instances share one settings folder. A sets IDs 3, 0, 2 and B 999, 5; both
// autosave; then they quit in turn. The last to quit wins, in either order. Before, A
// (quitting last) skipped its write because its text equalled what it had last written,
// and B's state was restored next time.
TEST(UiSession, TwoInstancesTheLastToQuitWins) {
  const std::string dir = ::testing::TempDir() + "lookupviz_two_instances_" + std::to_string(getpid());
  std::filesystem::create_directories(dir);
  const std::string path = dir + "/session.ini";
  for (const bool b_quits_first : {true, false}) {
    std::filesystem::remove(path);
    Headless a;
    a.init({"lookupviz", "--ids", "3,0,2"});
    a.frame();
    SessionSaver sa, sb;
    sa.path = sb.path = path;
    session_autosave(sa, a.app, WindowGeometry{});
    a.app.time += kAutosaveDelay + 0.1;
    session_autosave(sa, a.app, WindowGeometry{});
    ASSERT_EQ(load_settings_file(path).settings.ids, (IdList{3, 0, 2}));
    {
      App b;  // the second instance's state (as Headless::init makes it; no frames needed)
      const CliParse p = parse_cli({"lookupviz", "--ids", "999,5"});
      use_tokenizer(b, Headless::tokenizer());
      app_init(b, p.options);
      finish_jobs(b);
      session_autosave(sb, b, WindowGeometry{});
      b.time += kAutosaveDelay + 0.1;
      session_autosave(sb, b, WindowGeometry{});
      ASSERT_EQ(load_settings_file(path).settings.ids, (IdList{999, 5}));
      if (b_quits_first) {
        session_save_at_quit(sb, b, WindowGeometry{});
        session_save_at_quit(sa, a.app, WindowGeometry{});
      } else {
        session_save_at_quit(sa, a.app, WindowGeometry{});
        session_save_at_quit(sb, b, WindowGeometry{});
      }
    }
    const SettingsLoad back = load_settings_file(path);
    ASSERT_TRUE(back.ok) << back.warning;
    EXPECT_EQ(back.settings.ids, b_quits_first ? (IdList{3, 0, 2}) : (IdList{999, 5}))
        << (b_quits_first ? "B quit, then A: A's state" : "A quit, then B: B's state");
  }
  std::filesystem::remove_all(dir);
}

// Two instances started at once, each with a table on its command line: both read the
// recent list before either adds to it. Both tables stay in the list (merged under its
// lock); before, the second write dropped the first's table.
TEST(UiSession, TwoInstancesStartingAtOnceKeepBothRecentTables) {
  const std::string dir = ::testing::TempDir() + "lookupviz_two_recent_" + std::to_string(getpid());
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string path = dir + "/recent-files";
  ASSERT_EQ(save_recent_files(path, {"/old.npy"}), "");
  App a, b;  // as main() starts: the list read, then the command line's table remembered
  a.loading.recent_path = b.loading.recent_path = path;
  a.loading.recent = load_recent_files(path);
  b.loading.recent = load_recent_files(path);
  remember_opened(a, "/tables/a.npy");
  remember_opened(b, "/tables/b.npy");
  EXPECT_EQ(load_recent_files(path), (std::vector<std::string>{"/tables/b.npy", "/tables/a.npy", "/old.npy"}));
  EXPECT_EQ(b.loading.recent, load_recent_files(path)) << "B lists what is on disk now, A's table too";
  std::filesystem::remove_all(dir);
}

// --slide-value NAME=VALUE,...: the slides' own controls set from the command line as a session
// sets them (slide 7's map view for --screenshot, slide 10's beta), each checked as taken.
TEST(UiSession, SlideValuesFromTheCommandLineSetTheSlidesControls) {
  Headless h;
  h.init({"lookupviz", "--reset", "--slide-value", "scale.view=map,attention.beta=0.1,attention.mask=false"});
  std::vector<SettingsSlideValue> v;
  save_slide_values(h.app, v);
  std::string all;
  for (const SettingsSlideValue& x : v) all += x.name + "=" + x.value + " ";
  EXPECT_NE(all.find("scale.view=map "), std::string::npos) << all;
  EXPECT_NE(all.find("attention.beta=0.10000000000000001 "), std::string::npos) << all;
  EXPECT_NE(all.find("attention.mask=false "), std::string::npos) << all;
  EXPECT_EQ(slide_values_error(h.app, {{"scale.view", "map"}, {"attention.beta", "0.1"}}), "");
  // A value the slide cannot use, a name no slide has: the line says which, and the values now.
  EXPECT_EQ(slide_values_error(h.app, {{"scale.view", "maps"}})
                .rfind("--slide-value scale.view=maps: the slide cannot use that value (the slides' values now: "
                       "scale.view=map, attention.beta=",
                       0),
            0u);
  EXPECT_NE(slide_values_error(h.app, {{"attention.beta", "1001"}}).find("the slide cannot use that value"),
            std::string::npos);
  EXPECT_NE(slide_values_error(h.app, {{"nope", "1"}}).find("no slide has a value of that name"), std::string::npos);
}

}  // namespace
}  // namespace lv::app::test
