// ui_editing_test.cpp — editing as a user does it: the IDs field applies live only
// what parses and builds no large table on the way, keeps the last valid IDs (the ones
// shown) when left with text that does not parse, returns to where it started on Esc;
// the editor bar keeps its place while
// typing; closing a file returns to the seeded shape.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "app/ui_base/anim_timeline.hpp"
#include "app/slides/slides.hpp"
#include "headless.hpp"
#include "screen_text.hpp"

namespace lv::app::test {
namespace {

const std::string kTables = std::string(LOOKUPVIZ_GOLDEN_DIR) + "/tables/";

class UiEditing : public ::testing::Test {
 protected:
  void SetUp() override {
    h.init();
    h.frames(3);
  }
  // Types `text` one character a frame, as a user does.
  void type_slowly(const char* text) {
    for (const char* c = text; *c; ++c) {
      const char s[2] = {*c, 0};
      h.type(s);
    }
  }
  ImVec2 min_of(const char* name) {
    ImVec2 a, b;
    EXPECT_TRUE(find_landmark(name, &a, &b)) << name;
    return a;
  }
  Headless h;
};

// `7x` after [1, 1, 1], then Enter: "7" was applied on the way, "7x" is not a list:
// the message says the last valid IDs are still shown, and leaving keeps them — the
// field returns to 7, the IDs on screen (issue 25, item 8: it went back to [1, 1, 1]).
TEST_F(UiEditing, LeavingTheIdsWithBadTextKeepsTheLastValidIds) {
  ASSERT_TRUE(h.replace_text("ids-text", "[1, 1, 1]"));
  h.press(kEnter);
  ASSERT_EQ(h.app.inputs.ids, (IdList{1, 1, 1}));
  ASSERT_TRUE(h.click("ids-text"));
  h.press(kA, /*ctrl=*/true);
  type_slowly("7");
  EXPECT_EQ(h.app.inputs.ids, (IdList{7}));  // live: what parses is applied
  type_slowly("x");
  EXPECT_EQ(h.app.inputs.ids, (IdList{7}));
  EXPECT_FALSE(h.app.ui.editor.ids_error.empty());
  h.press(kEnter);
  h.frames(2);
  EXPECT_EQ(h.app.inputs.ids, (IdList{7}));
  EXPECT_STREQ(h.app.ui.editor.ids_buf, "7");
  EXPECT_TRUE(h.app.ui.editor.ids_error.empty());
  EXPECT_EQ(h.app.derived.vocab, 8);
}

// The journey, in one edit of the field: 12, 0, 12, 3, 99 applies as typed; then
// `4,,x` over it does not parse ("still showing the last valid IDs"); Tab leaves the
// field: the IDs and the field are 12, 0, 12, 3, 99, not the 2, 3, 1 the edit started
// from. Typed a key at a time, "4" applied on the way: 4 is what stays.
TEST_F(UiEditing, TabAfterJunkKeepsTheIdsTheMessageNames) {
  ASSERT_TRUE(h.replace_text("ids-text", "12, 0, 12, 3, 99"));
  ASSERT_EQ(h.app.inputs.ids, (IdList{12, 0, 12, 3, 99}));
  h.press(kA, /*ctrl=*/true);
  h.type("4,,x");
  h.frame();
  ASSERT_FALSE(h.app.ui.editor.ids_error.empty());
  EXPECT_NE(read_screen().all().find("still showing the last valid IDs"), std::string::npos) << read_screen().all();
  EXPECT_EQ(h.app.inputs.ids, (IdList{12, 0, 12, 3, 99}));
  h.press(kTab);
  h.frames(2);
  EXPECT_EQ(h.app.inputs.ids, (IdList{12, 0, 12, 3, 99}));
  EXPECT_STREQ(h.app.ui.editor.ids_buf, "12, 0, 12, 3, 99");
  EXPECT_TRUE(h.app.ui.editor.ids_error.empty());
  // A key at a time: "4" is applied on the way, and stays.
  ASSERT_TRUE(h.click("ids-text"));
  h.press(kA, /*ctrl=*/true);
  type_slowly("4,,x");
  EXPECT_EQ(h.app.inputs.ids, (IdList{4}));
  h.press(kTab);
  h.frames(2);
  EXPECT_EQ(h.app.inputs.ids, (IdList{4}));
  EXPECT_STREQ(h.app.ui.editor.ids_buf, "4");
  // Esc still goes back to where the edit started.
  ASSERT_TRUE(h.replace_text("ids-text", "5"));
  EXPECT_EQ(h.app.inputs.ids, (IdList{5}));
  h.press(kEscape);
  h.frames(2);
  EXPECT_EQ(h.app.inputs.ids, (IdList{4}));
}

TEST_F(UiEditing, EscRevertsALiveEdit) {
  edit_cell(h.app, 1, 1, 9.0f);  // a weight edit survives the round trip through V = 6
  ASSERT_TRUE(h.replace_text("ids-text", "5, 0"));
  EXPECT_EQ(h.app.inputs.ids, (IdList{5, 0}));
  EXPECT_EQ(h.app.derived.vocab, 6);
  h.press(kEscape);
  h.frames(2);
  EXPECT_EQ(h.app.inputs.ids, (IdList{2, 3, 1}));
  EXPECT_STREQ(h.app.ui.editor.ids_buf, "2, 3, 1");
  EXPECT_EQ(h.app.derived.vocab, 4);
  EXPECT_EQ(h.app.derived.table(1, 1), 9.0f);
}

TEST_F(UiEditing, AValidEditIsKeptWhenLeft) {
  ASSERT_TRUE(h.replace_text("ids-text", "0, 7, 7, 3"));
  h.press(kEnter);
  h.frames(2);
  EXPECT_EQ(h.app.inputs.ids, (IdList{0, 7, 7, 3}));
  EXPECT_STREQ(h.app.ui.editor.ids_buf, "0, 7, 7, 3");
}

// 99999999999 typed digit by digit: no table of 100,000 rows (or 10,000,000) is built
// on the way, the number is refused for being too large, and Enter keeps the last IDs
// applied on the way (9999: the largest table built live).
TEST_F(UiEditing, TypingABigNumberBuildsNoLargeTableOnTheWay) {
  ASSERT_TRUE(h.click("ids-text"));
  h.press(kA, /*ctrl=*/true);
  int64_t largest = 0;
  for (const char* c = "99999999999"; *c; ++c) {
    const char s[2] = {*c, 0};
    h.type(s);
    largest = std::max(largest, h.app.derived.vocab * h.app.derived.dim);
  }
  EXPECT_LE(largest, kLiveTableElements);
  EXPECT_NE(h.app.ui.editor.ids_error.find("too large"), std::string::npos) << h.app.ui.editor.ids_error;
  const IdList shown = h.app.inputs.ids;
  EXPECT_EQ(shown, (IdList{9999}));
  h.press(kEnter);
  h.frames(2);
  EXPECT_EQ(h.app.inputs.ids, shown);
  EXPECT_EQ(h.app.derived.vocab, 10000);
  EXPECT_FALSE(h.app.jobs.has_pending);
}

// A large table the user really asks for is built when the edit ends, not before.
TEST_F(UiEditing, ALargeTableIsBuiltOnEnter) {
  ASSERT_TRUE(h.replace_text("ids-text", "99999"));
  EXPECT_LE(h.app.derived.vocab * h.app.derived.dim, kLiveTableElements);
  EXPECT_NE(h.app.ui.editor.ids_note.find("100,000"), std::string::npos) << h.app.ui.editor.ids_note;
  EXPECT_NE(h.app.ui.editor.ids_note.find("Enter"), std::string::npos) << h.app.ui.editor.ids_note;
  h.press(kEnter);
  // 100,000 × 5 is drawn on a worker: meanwhile the window shows the last state it
  // computed, and says what it is making.
  EXPECT_TRUE(h.app.jobs.has_pending);
  EXPECT_EQ(h.app.derived.vocab, 4);
  EXPECT_NE(model_activity(h.app).what.find("100,000 × 5"), std::string::npos) << model_activity(h.app).what;
  finish_jobs(h.app);
  h.frames(2);
  EXPECT_EQ(h.app.inputs.ids, (IdList{99999}));
  EXPECT_EQ(h.app.derived.vocab, 100000);
  EXPECT_TRUE(h.app.ui.editor.ids_note.empty());
}

// While typing, the text field, the chips' + and "Reset weights" stay where they are
// (the chip row does not grow into the field, the bar does not re-wrap).
TEST_F(UiEditing, TheEditorBarKeepsItsPlaceWhileTyping) {
  const ImVec2 field = min_of("ids-text"), reset = min_of("reset-weights"), add = min_of("add-id");
  ASSERT_TRUE(h.click("ids-text"));
  h.press(kA, /*ctrl=*/true);
  for (const char* c = "2, 3, 1, 0, 12, 7, 1, 1, 1"; *c; ++c) {
    const char s[2] = {*c, 0};
    h.type(s);
    h.frame();
    EXPECT_EQ(min_of("ids-text").x, field.x) << "after typing " << c;
    EXPECT_EQ(min_of("ids-text").y, field.y);
    EXPECT_EQ(min_of("reset-weights").y, reset.y) << "after typing " << c;
    EXPECT_EQ(min_of("reset-weights").x, reset.x);
  }
  EXPECT_EQ(h.app.inputs.ids.size(), 9u);
  h.press(kEnter);
  // Adding IDs with + : nothing moves either.
  for (int i = 0; i < 3; ++i) {
    ASSERT_TRUE(h.click("add-id"));
    EXPECT_EQ(min_of("add-id").x, add.x);
    EXPECT_EQ(min_of("ids-text").x, field.x);
    EXPECT_EQ(min_of("reset-weights").y, reset.y);
  }
}

TEST(UiEditingBar, AFourthIdDoesNotWrapTheBar) {
  for (float w : {1024.0f, 1280.0f, 1440.0f}) {
    Headless h(ImVec2(w, 800));
    h.init();
    h.frames(3);
    ImVec2 a, b, r3, r4;
    ASSERT_TRUE(find_landmark("reset-weights", &r3, &b));
    ASSERT_TRUE(h.click("add-id"));
    h.frames(2);
    ASSERT_TRUE(find_landmark("reset-weights", &r4, &b));
    EXPECT_EQ(r4.y, r3.y) << "width " << w;
    EXPECT_EQ(r4.x, r3.x) << "width " << w;
    ASSERT_TRUE(find_landmark("ids-text", &a, &b));
    if (w >= 1280.0f) EXPECT_EQ(r4.y, a.y) << "at " << w << " wide the bar is one line";
  }
}

// Closing a loaded file returns to the seeded shape chosen before (V mode, V, D),
// not the file's.
TEST_F(UiEditing, ClosingAFileReturnsToTheSeededShape) {
  set_vocab_mode(h.app, VocabMode::Fixed, 6);
  set_dim(h.app, 3);
  start_table_load(h.app, kTables + "v1_f4_fortran.npy");  // 3 x 7
  for (int i = 0; i < 600 && table_loading(h.app); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    h.frame();
  }
  ASSERT_NE(h.app.inputs.file, nullptr) << h.app.loading.error;
  EXPECT_EQ(h.app.derived.dim, 7);
  set_table_file(h.app, nullptr);
  EXPECT_EQ(h.app.inputs.vocab_mode, VocabMode::Fixed);
  EXPECT_EQ(h.app.derived.vocab, 6);
  EXPECT_EQ(h.app.derived.dim, 3);
}

}  // namespace
}  // namespace lv::app::test
