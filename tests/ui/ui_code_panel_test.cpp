// ui_code_panel_test.cpp — "The real code" and "What PyTorch prints" show the slide
// that is current, in the same frame a button or key changed it.
#include <gtest/gtest.h>

#include "app/slides.hpp"
#include "headless.hpp"

namespace lv::app::test {
namespace {

class UiCodePanel : public ::testing::Test {
 protected:
  void SetUp() override {
    h.init();
    h.frames(3);
  }
  Headless h;
};

// Next > is drawn before the code panels in the same frame: the panels must show the
// new slide's code at once (they kept slide 1's until the IDs changed).
TEST_F(UiCodePanel, CodePanelsShowTheCurrentSlideRightAfterNext) {
  ASSERT_TRUE(h.click("next-slide"));
  ASSERT_EQ(h.app.ui.slide, 1);
  std::string code, output;
  kSlideLookup.code(h.app, code, output);
  EXPECT_EQ(h.app.ui.code_panel.slide, 1);
  EXPECT_EQ(h.app.ui.code_panel.code, code);
  EXPECT_EQ(h.app.ui.code_panel.output, output);
  h.frames(3);
  EXPECT_EQ(h.app.ui.code_panel.code, code);
  // And from a slide reached by a key, on to the next.
  h.type("5");
  ASSERT_TRUE(h.click("next-slide"));
  ASSERT_EQ(h.app.ui.slide, 5);
  kSlideBackward.code(h.app, code, output);
  EXPECT_EQ(h.app.ui.code_panel.code, code);
}

}  // namespace
}  // namespace lv::app::test
