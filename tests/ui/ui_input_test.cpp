// ui_input_test.cpp — the UI driven like a user: clicks, typing, keys; the state
// that results is asserted. Runs in a headless ImGui context (no GL, no window).
#include <gtest/gtest.h>

#include <cmath>

#include "app/deck/slide_host.hpp"
#include "app/slides/slide_04_matmul.hpp"
#include "app/ui_base/anim_timeline.hpp"
#include "app/ui_base/layout_report.hpp"
#include "app/slides/slides.hpp"
#include "app/chrome/ui_keys.hpp"
#include "app/ui_base/ui_landmarks.hpp"
#include "headless.hpp"
#include "screen_text.hpp"

namespace lv::app::test {
namespace {

class UiInput : public ::testing::Test {
 protected:
  void SetUp() override {
    h.init();
    h.frames(3);
  }
  Headless h;
};

TEST_F(UiInput, StartsOnTheNotebookState) {
  EXPECT_EQ(h.app.ui.slide, 1);  // the table (slide 0, text → token IDs, comes before it)
  EXPECT_EQ(h.app.inputs.ids, (IdList{2, 3, 1}));
  EXPECT_EQ(h.app.derived.vocab, 4);
  EXPECT_EQ(h.app.derived.dim, 5);
  EXPECT_NEAR(h.app.derived.table(0, 0), 0.3374f, 5e-5f);
  EXPECT_TRUE(h.app.derived.paths_equal);
}

TEST_F(UiInput, NextAndPrevButtonsChangeSlides) {
  ASSERT_TRUE(h.click("next-slide"));
  EXPECT_EQ(h.app.ui.slide, 2);
  ASSERT_TRUE(h.click("next-slide"));
  EXPECT_EQ(h.app.ui.slide, 3);
  ASSERT_TRUE(h.click("prev-slide"));
  EXPECT_EQ(h.app.ui.slide, 2);
}

TEST_F(UiInput, KeysMoveThroughTheDeck) {
  h.press(kRight);
  EXPECT_EQ(h.app.ui.slide, 2);
  h.press(kPageDown);
  EXPECT_EQ(h.app.ui.slide, 3);
  h.press(kLeft);
  EXPECT_EQ(h.app.ui.slide, 2);
  h.press(kPageUp);
  EXPECT_EQ(h.app.ui.slide, 1);
  h.press(kLeft);
  EXPECT_EQ(h.app.ui.slide, 0);
  h.press(kLeft);  // already at the first slide
  EXPECT_EQ(h.app.ui.slide, 0);
  h.type("5");
  EXPECT_EQ(h.app.ui.slide, 5);
  h.type("2");
  EXPECT_EQ(h.app.ui.slide, 2);
  h.press(kEnd);
  EXPECT_EQ(h.app.ui.timeline.pos, static_cast<float>(current_slide_steps(h.app)));
  h.press(kHome);
  EXPECT_EQ(h.app.ui.timeline.pos, 0.0f);
}

// The text on the play button ("Play", "Pause", "Replay"), read from the screen.
std::string play_button_text() {
  ImVec2 a, b;
  if (!find_landmark("play", &a, &b)) return "";
  std::string text;
  for (const Glyph& g : read_screen().glyphs) {
    const ImVec2 c((g.min.x + g.max.x) * 0.5f, (g.min.y + g.max.y) * 0.5f);
    if (c.x >= a.x && c.x <= b.x && c.y >= a.y && c.y <= b.y) append_utf8(text, g.c);
  }
  return text;
}

TEST_F(UiInput, SpacePlaysAndPausesTheTimeline) {
  h.press(kRight);  // the lookup: one step per ID
  h.press(kHome);
  EXPECT_EQ(play_button_text(), "Play");
  h.press(kSpace);
  EXPECT_TRUE(h.app.ui.timeline.playing);
  EXPECT_EQ(play_button_text(), "Pause");
  h.frames(30);
  EXPECT_GT(h.app.ui.timeline.pos, 0.0f);
  h.press(kSpace);
  EXPECT_FALSE(h.app.ui.timeline.playing);
  EXPECT_EQ(play_button_text(), "Play");
  // Paused where Space stopped it, part way, and it stays there.
  const float paused = h.app.ui.timeline.pos;
  EXPECT_GT(paused, 0.0f);
  EXPECT_LT(paused, 3.0f);
  h.frames(30);
  EXPECT_EQ(h.app.ui.timeline.pos, paused);
  EXPECT_TRUE(read_screen().contains("step " + std::to_string(current_step(h.app.ui.timeline, 3) + 1) + " / 3"))
      << read_screen().all();
  // Playing on reaches the end and stops there.
  h.press(kSpace);
  h.frames(600, 0.05f);
  EXPECT_FALSE(h.app.ui.timeline.playing);
  EXPECT_EQ(h.app.ui.timeline.pos, 3.0f);
  EXPECT_EQ(play_button_text(), "Replay");
  EXPECT_TRUE(read_screen().contains("step 3 / 3")) << read_screen().all();
}

TEST_F(UiInput, StepButtonsAnimateToTheNextEndState) {
  h.press(kRight);
  h.press(kHome);
  ASSERT_TRUE(h.click("step-fwd"));
  h.frames(120);
  EXPECT_EQ(h.app.ui.timeline.pos, 1.0f);
  EXPECT_EQ(current_step(h.app.ui.timeline, 3), 0);
  ASSERT_TRUE(h.click("step-fwd"));
  h.frames(120);
  EXPECT_EQ(h.app.ui.timeline.pos, 2.0f);
  ASSERT_TRUE(h.click("step-back"));
  h.frames(120);
  EXPECT_EQ(h.app.ui.timeline.pos, 1.0f);
}

TEST_F(UiInput, TypingIdsUpdatesEverythingInTheSameFrame) {
  ASSERT_TRUE(h.replace_text("ids-text", "0, 7, 7, 3"));
  EXPECT_EQ(h.app.inputs.ids, (IdList{0, 7, 7, 3}));
  EXPECT_EQ(h.app.derived.vocab, 8);  // max(ids) + 1: the table is re-drawn
  EXPECT_EQ(h.app.derived.lookup_out.rows(), 4);
  EXPECT_EQ(h.app.derived.lookup_out.row(1), h.app.derived.table.to_matrix().row(7));
  EXPECT_TRUE(h.app.derived.paths_equal);
  EXPECT_TRUE(h.app.ui.editor.ids_error.empty());
  EXPECT_NE(h.app.derived.print_lookup.find("grad_fn=<EmbeddingBackward0>"), std::string::npos);
}

TEST_F(UiInput, BadIdsKeepTheLastValidStateAndSayWhy) {
  ASSERT_TRUE(h.replace_text("ids-text", "2, x, 1"));
  EXPECT_EQ(h.app.inputs.ids, (IdList{2, 3, 1}));
  EXPECT_FALSE(h.app.ui.editor.ids_error.empty());
  EXPECT_NE(h.app.ui.editor.ids_error.find("x"), std::string::npos) << h.app.ui.editor.ids_error;
  ASSERT_TRUE(h.replace_text("ids-text", "-4"));
  EXPECT_EQ(h.app.inputs.ids, (IdList{2, 3, 1}));
  EXPECT_NE(h.app.ui.editor.ids_error.find("negative"), std::string::npos) << h.app.ui.editor.ids_error;
  // Fixing the text clears the message.
  ASSERT_TRUE(h.replace_text("ids-text", "[1, 1]"));
  EXPECT_EQ(h.app.inputs.ids, (IdList{1, 1}));
  EXPECT_TRUE(h.app.ui.editor.ids_error.empty());
}

TEST_F(UiInput, OutOfRangeIdsInAFixedTable) {
  set_vocab_mode(h.app, VocabMode::Fixed, 4);
  h.frame();
  ASSERT_TRUE(h.replace_text("ids-text", "2, 9"));
  EXPECT_EQ(h.app.inputs.ids, (IdList{2, 3, 1}));
  EXPECT_NE(h.app.ui.editor.ids_error.find("9"), std::string::npos);
  EXPECT_NE(h.app.ui.editor.ids_error.find("4 rows"), std::string::npos) << h.app.ui.editor.ids_error;
}

TEST_F(UiInput, SeedFieldRedrawsTheTable) {
  const float before = h.app.derived.table(0, 0);
  ASSERT_TRUE(h.replace_text("seed", "7"));
  EXPECT_EQ(h.app.inputs.seed, 7u);
  EXPECT_NE(h.app.derived.table(0, 0), before);
  ASSERT_TRUE(h.replace_text("seed", "seven"));
  EXPECT_EQ(h.app.inputs.seed, 7u);
  // The window's words: the field's name, not the command line's "--seed … (got …)".
  EXPECT_EQ(h.app.ui.editor.seed_error,
            "The seed must be a whole number from -9223372036854775808 to 18446744073709551615.");
}

TEST_F(UiInput, AddChipButtonAddsAnId) {
  ASSERT_TRUE(h.click("add-id"));
  EXPECT_EQ(h.app.inputs.ids, (IdList{2, 3, 1, 2}));
  EXPECT_STREQ(h.app.ui.editor.ids_buf, "2, 3, 1, 2");
}

TEST_F(UiInput, EditedWeightsFlowDownstreamAndReset) {
  edit_cell(h.app, 2, 0, 42.0f);
  h.frame();
  EXPECT_EQ(h.app.derived.table(2, 0), 42.0f);
  EXPECT_EQ(h.app.derived.lookup_out(0, 0), 42.0f);  // ids[0] = 2
  EXPECT_EQ(h.app.derived.matmul_out(0, 0), 42.0f);
  EXPECT_TRUE(has_edits(h.app));
  ASSERT_TRUE(h.click("reset-weights"));
  EXPECT_FALSE(has_edits(h.app));
  EXPECT_NEAR(h.app.derived.table(2, 0), 0.6957f, 5e-5f);
}

TEST_F(UiInput, InfInTheTableBreaksOnlyTheMatmul) {
  edit_cell(h.app, 0, 1, INFINITY);  // row 0 is multiplied by zero for every ID
  EXPECT_FALSE(h.app.derived.paths_equal);
  EXPECT_EQ(h.app.derived.cells_differ, 3);
  EXPECT_EQ(h.app.derived.print_equal, "False");
}

// Hovering an output cell of slide 4 writes out its dot product: every term for
// V ≤ 8, the 0th, 1st, the ID's and the last otherwise (V = 8 once overflowed the
// terms' buffer: the sanitized build checks that).
TEST_F(UiInput, HoveringAMatmulOutputCellShowsItsDotProduct) {
  for (const char* ids : {"3, 0", "7, 0", "8, 2", "19, 5"}) {
    SCOPED_TRACE(ids);
    ASSERT_TRUE(h.replace_text("ids-text", ids));
    go_to_slide(h.app, 4);  // slide 4, the matmul, at its end: every output row there
    timeline_finish(h.app.ui.timeline, current_slide_steps(h.app));
    h.frames(3);
    ImVec2 lo, hi;
    ASSERT_TRUE(find_landmark("mm-out", &lo, &hi));
    h.move_to(ImVec2(lo.x + (hi.x - lo.x) * 0.6f, lo.y + (hi.y - lo.y) * 0.75f));
    h.frames(2);
    EXPECT_GE(context_of(h.app, kSlideMatmul).find_own<MatmulMemory>()->hover_row, 0);
    EXPECT_GE(context_of(h.app, kSlideMatmul).find_own<MatmulMemory>()->hover_col, 0);
    h.move_to(ImVec2(1, 1));
    h.frames(2);
    EXPECT_EQ(context_of(h.app, kSlideMatmul).find_own<MatmulMemory>()->hover_row, -1);
  }
}

TEST_F(UiInput, HelpOverlayAndScreenshotShortcut) {
  h.press(kKeyF1);
  EXPECT_TRUE(h.app.ui.show_shortcuts);
  h.press(kEscape);
  EXPECT_FALSE(h.app.ui.show_shortcuts);
  h.type("?");
  EXPECT_TRUE(h.app.ui.show_shortcuts);
  h.press(kKeyS, /*ctrl=*/true);
  EXPECT_TRUE(h.app.ui.screenshot_requested);
}

TEST_F(UiInput, ReducedMotionShowsEndStatesOnly) {
  h.app.ui.reduced_motion = true;
  h.press(kRight);
  EXPECT_EQ(h.app.ui.timeline.pos, 3.0f);  // a new slide shows its end state at once
  h.press(kHome);
  ASSERT_TRUE(h.click("step-fwd"));
  EXPECT_EQ(h.app.ui.timeline.pos, 1.0f);
  for (int k = 0; k < 3; ++k) {
    const float p = step_progress(h.app.ui.timeline, k, true);
    EXPECT_TRUE(p == 0.0f || p == 1.0f);
  }
}

TEST_F(UiInput, ThemeToggleSwitchesStyle) {
  h.app.ui.theme = Theme::Light;
  h.frame();
  const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
  EXPECT_GT(bg.x, 0.9f);
  h.app.ui.theme = Theme::Dark;
  h.frame();
  EXPECT_LT(ImGui::GetStyle().Colors[ImGuiCol_WindowBg].x, 0.1f);
}

}  // namespace
}  // namespace lv::app::test

namespace lv::app::test {
namespace {

TEST(UiChips, DraggingAChipReordersTheBatch) {
  Headless h;
  h.init({"lookupviz", "--ids", "2,3,1"});
  h.frames(3);
  ImVec2 from;
  ASSERT_TRUE(h.center_of("chip-0", &from));
  // Press on the first chip, drag right across the others, release on the last one.
  ImGuiIO& io = ImGui::GetIO();
  h.move_to(from);
  io.MouseDown[0] = true;
  h.frame();
  const float chip_w = em() * 2.4f;
  for (int k = 1; k <= 20; ++k) h.move_to(ImVec2(from.x + chip_w * 2.0f * k / 20.0f, from.y));
  io.MouseDown[0] = false;
  h.frames(2);
  EXPECT_EQ(h.app.inputs.ids, (IdList{3, 1, 2}));
  EXPECT_STREQ(h.app.ui.editor.ids_buf, "3, 1, 2");
}

}  // namespace
}  // namespace lv::app::test

namespace lv::app::test {
namespace {

// F11 presenting: the controls hide once the mouse rests and come back when it moves.
// Presenting (F11): the editor bar, menu and status line fold away; the mouse brings
// back only a floating transport, and nothing of the slide moves when it does.
TEST(UiPresenting, TheMouseBringsBackTheTransportWithoutMovingTheSlide) {
  Headless h;
  h.init();
  h.frames(3);
  h.press(kKeyF11);
  EXPECT_TRUE(h.app.ui.present.toggle);  // the platform switches to full screen
  h.app.ui.present.toggle = false;
  h.app.ui.present.on = true;
  h.app.ui.present.controls_until = 0.0;
  layout_report_enable(true);
  h.frames(3);
  ImVec2 a, b;
  EXPECT_FALSE(find_landmark("next-slide", &a, &b));  // hidden: not drawn this frame
  EXPECT_FALSE(find_landmark("ids-text", &a, &b));
  auto panel = [](const char* name) {
    for (const ReportedPanel& p : layout_report().panels)
      if (p.name == name) return p;
    return ReportedPanel{};
  };
  const ReportedPanel canvas = panel("canvas"), narration = panel("narration");
  ASSERT_GT(canvas.max.x, canvas.min.x);
  EXPECT_TRUE(panel("code").name.empty());  // the code panels are folded
  h.move_to(ImVec2(400, 300));              // (ImGui reports no motion for the first known position)
  h.move_to(ImVec2(420, 310));              // the mouse moves: the transport is back
  h.frames(2);
  EXPECT_TRUE(find_landmark("next-slide", &a, &b));
  EXPECT_FALSE(find_landmark("ids-text", &a, &b));  // the editor bar stays folded
  EXPECT_TRUE(controls_shown(h.app));
  EXPECT_EQ(panel("canvas").min.y, canvas.min.y);
  EXPECT_EQ(panel("canvas").max.y, canvas.max.y);
  EXPECT_EQ(panel("narration").min.y, narration.min.y);
  EXPECT_EQ(panel("narration").max.y, narration.max.y);
  // C brings the code panels back (and takes them away again).
  h.type("c");
  h.frames(2);
  EXPECT_FALSE(panel("code").name.empty());
  h.type("c");
  h.frames(2);
  EXPECT_TRUE(panel("code").name.empty());
  layout_report_enable(false);
}

}  // namespace
}  // namespace lv::app::test
