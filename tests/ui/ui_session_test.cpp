// ui_session_test.cpp — the session survives a restart: App → settings file text →
// a fresh App shows the same slide, IDs, seed, shape, edits, theme and zoom.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

#include "app/app_session.hpp"
#include "headless.hpp"

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
    table = h.app.derived.table;
    text = write_settings(session_from_app(h.app, WindowGeometry{1200, 800, true, 10, 20, false}));
  }
  const SettingsParse parsed = parse_settings(text);
  ASSERT_TRUE(parsed.ok) << parsed.error;
  Headless h;
  h.init({"lookupviz", "--reset"});
  std::string warning;
  apply_session(h.app, parsed.settings, &warning);
  h.frames(3);
  EXPECT_TRUE(warning.empty()) << warning;
  EXPECT_EQ(h.app.ui.slide, 3);
  EXPECT_EQ(h.app.inputs.ids, (IdList{0, 7, 7}));
  EXPECT_EQ(h.app.inputs.seed_text, "-5");
  EXPECT_EQ(h.app.derived.dim, 6);
  EXPECT_EQ(h.app.derived.table, table);
  EXPECT_TRUE(std::signbit(h.app.derived.table(7, 2)));
  EXPECT_EQ(h.app.inputs.grad_mode, GradMode::Seeded);
  EXPECT_EQ(h.app.inputs.grad_seed, 9u);
  EXPECT_FALSE(h.app.inputs.tie_weights);
  EXPECT_EQ(h.app.ui.theme, Theme::Light);
  EXPECT_EQ(h.app.ui.user_zoom, 1.25f);
  EXPECT_STREQ(h.app.ui.ids_buf, "0, 7, 7");
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

}  // namespace
}  // namespace lv::app::test
