// ui_cell_editor_test.cpp — a weight typed into a cell of slide 1's table: the
// editor takes what its hint offers (inf, -inf, nan, numbers) and refuses junk inline.
#include <gtest/gtest.h>
#include <imgui_internal.h>  // GImGui: whether the editor popup is open

#include <cmath>

#include "headless.hpp"

namespace lv::app::test {
namespace {

class UiCellEditor : public ::testing::Test {
 protected:
  void SetUp() override {
    h.init();
    h.frames(3);
  }
  Headless h;
};

// The cell editor takes what its hint offers: inf, -inf, nan; junk is refused inline.
TEST_F(UiCellEditor, TheCellEditorTakesInfAndNan) {
  ImVec2 lo, hi;
  h.frames(200);  // slide 1's table filled in
  struct Case {
    const char* text;
    float want;
  };
  for (const Case& c : {Case{"0.25", 0.25f}, Case{"nan", NAN}, Case{"-inf", -INFINITY}, Case{"inf", INFINITY}}) {
    SCOPED_TRACE(c.text);
    h.frames(30);  // half a second: the next click is not a double click with the last one
    ASSERT_TRUE(find_landmark("table-cell", &lo, &hi));
    const ImVec2 at((lo.x + hi.x) * 0.5f, (lo.y + hi.y) * 0.5f);
    h.click_at(at);
    h.click_at(at);  // a double click opens the editor
    h.frames(2);
    ASSERT_TRUE(ImGui::GetIO().WantTextInput) << "the editor's field has the keyboard";
    h.press(kA, /*ctrl=*/true);
    h.type(c.text);
    h.press(kEnter);
    h.frames(2);
    const float got = h.app.derived.table(0, 0);
    if (std::isnan(c.want)) EXPECT_TRUE(std::isnan(got)) << got;
    else EXPECT_EQ(got, c.want);
    EXPECT_EQ(GImGui->OpenPopupStack.Size, 0) << "applied: the editor closed";
  }
  // inf in row 0 (multiplied by zero for every ID): the two paths differ.
  EXPECT_FALSE(h.app.derived.paths_equal);
  // Junk: refused, said why, the editor stays open and the weight unchanged.
  h.frames(30);
  ASSERT_TRUE(find_landmark("table-cell", &lo, &hi));
  const ImVec2 at((lo.x + hi.x) * 0.5f, (lo.y + hi.y) * 0.5f);
  h.click_at(at);
  h.click_at(at);
  h.frames(2);
  h.press(kA, /*ctrl=*/true);
  h.type("1.5x");
  h.press(kEnter);
  h.frames(2);
  EXPECT_EQ(h.app.derived.table(0, 0), INFINITY);
  EXPECT_NE(h.app.ui.grids.cell_error.find("not a number"), std::string::npos) << h.app.ui.grids.cell_error;
  EXPECT_EQ(GImGui->OpenPopupStack.Size, 1);
}

}  // namespace
}  // namespace lv::app::test
