// ui_code_panel_test.cpp — "The real code" and "What PyTorch prints" show the slide
// that is current, in the same frame a button or key changed it.
#include <gtest/gtest.h>

#include "app/deck/slide_host.hpp"
#include "app/slides/slides.hpp"
#include "headless.hpp"

#include <string>

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
  ASSERT_EQ(h.app.ui.slide, 2);
  std::string code, output;
  kSlideLookup.draw.code(context_of(h.app, kSlideLookup), code, output);
  EXPECT_EQ(h.app.ui.code_panel.slide, 2);
  EXPECT_EQ(h.app.ui.code_panel.code, code);
  EXPECT_EQ(h.app.ui.code_panel.output, output);
  h.frames(3);
  EXPECT_EQ(h.app.ui.code_panel.code, code);
  // And from a slide reached by a key, on to the next.
  h.type("5");
  ASSERT_TRUE(h.click("next-slide"));
  ASSERT_EQ(h.app.ui.slide, 6);
  kSlideBackward.draw.code(context_of(h.app, kSlideBackward), code, output);
  EXPECT_EQ(h.app.ui.code_panel.code, code);
}

// The panels' text can be taken away: Copy puts all of it on the clipboard.
TEST_F(UiCodePanel, CopyPutsThePanelsTextOnTheClipboard) {
  ASSERT_TRUE(h.click("copy-code"));
  ASSERT_NE(ImGui::GetClipboardText(), nullptr);
  EXPECT_EQ(std::string(ImGui::GetClipboardText()), h.app.ui.code_panel.code);
  EXPECT_NE(h.app.ui.status.find("Copied the code"), std::string::npos) << h.app.ui.status;
  ASSERT_TRUE(h.click("copy-output"));
  EXPECT_EQ(std::string(ImGui::GetClipboardText()), h.app.ui.code_panel.output);
  EXPECT_NE(std::string(ImGui::GetClipboardText()).find(">>> "), std::string::npos);
}

// Select shows the text in a read-only field: the mouse selects, Ctrl+A and Ctrl+C copy,
// typing changes nothing.
TEST_F(UiCodePanel, SelectMakesTheTextSelectableAndReadOnly) {
  ImGui::GetIO().KeyMap[ImGuiKey_C] = 67;  // GLFW_KEY_C
  ImGui::GetIO().KeyMap[ImGuiKey_V] = 86;  // GLFW_KEY_V
  const std::string code = h.app.ui.code_panel.code;
  ASSERT_TRUE(h.click("select-code"));
  EXPECT_TRUE(h.app.ui.code_select);
  h.frames(2);
  ASSERT_TRUE(h.click("##code-text"));
  h.press(kA, /*ctrl=*/true);
  ImGui::SetClipboardText("");
  h.press(67, /*ctrl=*/true);
  EXPECT_EQ(std::string(ImGui::GetClipboardText()), code);
  h.type("xyz");  // read-only: the text stays the notebook's
  h.press(kBackspace);
  EXPECT_EQ(h.app.ui.code_panel.code, code);
  h.press(kEscape);
  ASSERT_TRUE(h.click("select-code"));  // back to colours
  EXPECT_FALSE(h.app.ui.code_select);
}

}  // namespace
}  // namespace lv::app::test
