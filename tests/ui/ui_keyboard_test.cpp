// ui_keyboard_test.cpp — the slide keys belong to the deck, never to ImGui's focus:
// they move no focus ring, activate no control, type into no field; while a field is
// edited they go to it only; Tab still moves between the fields. And the platform's
// key queue (app/chrome/key_queue.hpp) loses and reorders no tap between two frames.
#include <gtest/gtest.h>
#include <imgui_internal.h>  // GImGui: whether ImGui would draw its focus ring

#include "app/ui_base/anim_timeline.hpp"
#include "app/chrome/key_queue.hpp"
#include "app/slides/slides.hpp"
#include "app/chrome/ui_keys.hpp"
#include "headless.hpp"

namespace lv::app::test {
namespace {

// ImGui draws its navigation frame around the item NavId unless the highlight is off.
bool focus_ring_shown() { return GImGui->NavId != 0 && !GImGui->NavDisableHighlight; }
bool any_popup_open() { return GImGui->OpenPopupStack.Size > 0; }

class UiKeyboard : public ::testing::Test {
 protected:
  void SetUp() override {
    h.init();
    h.frames(3);
  }
  Headless h;
};

// The repro: --reset, then 3, End, Home, Space, `.` opened the "idx[0]" editor
// (Home put focus on the first chip, Space activated it) and typed "." into it.
TEST_F(UiKeyboard, SlideKeysNeitherFocusNorActivateControls) {
  h.type("3");
  h.press(kEnd);
  h.press(kHome);
  EXPECT_FALSE(focus_ring_shown());
  h.press(kSpace);
  h.type(".");
  h.frames(2);
  EXPECT_EQ(h.app.ui.slide, 3);
  EXPECT_FALSE(any_popup_open());
  EXPECT_FALSE(focus_ring_shown());
  EXPECT_FALSE(ImGui::GetIO().WantTextInput);
  EXPECT_EQ(h.app.inputs.ids, (IdList{2, 3, 1}));
  EXPECT_STREQ(h.app.ui.editor.ids_buf, "2, 3, 1");
  // Space played the timeline from step 0, `.` then stepped: both went to the deck.
  EXPECT_GT(h.app.ui.timeline.pos, 0.0f);
  for (int k : {kLeft, kRight, kPageUp, kPageDown, kEnd, kHome}) {
    h.press(k);
    EXPECT_FALSE(focus_ring_shown()) << "key " << k;
  }
}

// After editing the IDs, Home Space `.` replaced them with "." (the field kept the
// keyboard focus and Space re-opened it).
TEST_F(UiKeyboard, KeysAfterAnEditDoNotReopenTheField) {
  ASSERT_TRUE(h.replace_text("ids-text", "1, 2"));
  h.press(kEnter);
  h.frame();  // io.WantTextInput tells the frame after
  EXPECT_EQ(h.app.inputs.ids, (IdList{1, 2}));
  EXPECT_FALSE(ImGui::GetIO().WantTextInput);
  h.press(kHome);
  h.press(kSpace);
  h.type(".");
  h.frames(2);
  EXPECT_EQ(h.app.inputs.ids, (IdList{1, 2}));
  EXPECT_STREQ(h.app.ui.editor.ids_buf, "1, 2");
  EXPECT_FALSE(ImGui::GetIO().WantTextInput);
  EXPECT_FALSE(focus_ring_shown());
}

// A clicked button keeps no keyboard focus: Space after Next > plays, it does not
// press Next > again.
TEST_F(UiKeyboard, SpaceAfterAClickPlaysAndDoesNotPressTheButtonAgain) {
  ASSERT_TRUE(h.click("next-slide"));
  EXPECT_EQ(h.app.ui.slide, 2);
  h.press(kSpace);
  EXPECT_EQ(h.app.ui.slide, 2);
  EXPECT_TRUE(h.app.ui.timeline.playing);
  h.press(kRight);
  EXPECT_EQ(h.app.ui.slide, 3);
  EXPECT_FALSE(focus_ring_shown());
}

// While the IDs are edited, digits, Space, `,` `.` and the arrows are the field's.
TEST_F(UiKeyboard, WhileAFieldIsEditedTheKeysAreItsOnly) {
  ASSERT_TRUE(h.click("ids-text"));
  h.press(kEnd);
  h.type(", 4");
  h.press(kLeft);
  h.press(kHome);
  h.press(kSpace);
  h.type(".");
  EXPECT_EQ(h.app.ui.slide, 1);
  EXPECT_FALSE(h.app.ui.timeline.playing);
  EXPECT_TRUE(ImGui::GetIO().WantTextInput);
  EXPECT_EQ(std::string(h.app.ui.editor.ids_buf).find(", 4"), 8u) << h.app.ui.editor.ids_buf;
  EXPECT_EQ(h.app.ui.editor.ids_buf[0], '.') << h.app.ui.editor.ids_buf;  // Home, then "." typed at the start
}

// Tab moves from the IDs field to the next field (D), with its text selected.
TEST_F(UiKeyboard, TabMovesBetweenTheTextFields) {
  ASSERT_TRUE(h.click("ids-text"));
  h.press(kTab);
  h.frame();
  h.type("7");
  h.press(kEnter);
  h.frames(2);
  EXPECT_EQ(h.app.inputs.dim, 7);
  EXPECT_EQ(h.app.inputs.ids, (IdList{2, 3, 1}));
}

// ---------------------------------------------------------------- the key queue

struct Frames {
  KeyQueue q;
  bool keys[KeyQueue::kKeys] = {};
  bool mouse[KeyQueue::kButtons] = {};
  std::string chars;
  bool next() {
    chars.clear();
    return key_queue_frame(
        q, keys, mouse, [](void* c, unsigned ch) { static_cast<std::string*>(c)->push_back(char(ch)); }, &chars);
  }
};

TEST(KeyQueue, ATapBetweenTwoFramesIsDownForOneFrame) {
  Frames f;
  key_queue_key(f.q, kEnd, true);
  key_queue_key(f.q, kEnd, false);
  EXPECT_TRUE(f.next());  // the release waits for the next frame
  EXPECT_TRUE(f.keys[kEnd]);
  EXPECT_FALSE(f.next());
  EXPECT_FALSE(f.keys[kEnd]);
}

TEST(KeyQueue, TwoTapsOfOneKeyAreTwoPresses) {
  Frames f;
  for (int i = 0; i < 2; ++i) {
    key_queue_key(f.q, kRight, true);
    key_queue_key(f.q, kRight, false);
  }
  int presses = 0;
  bool was = false;
  for (int i = 0; i < 6; ++i) {
    f.next();
    presses += f.keys[kRight] && !was;
    was = f.keys[kRight];
  }
  EXPECT_EQ(presses, 2);
}

TEST(KeyQueue, AHeldKeyStaysDown) {
  Frames f;
  key_queue_key(f.q, kRight, true);
  for (int i = 0; i < 3; ++i) {
    EXPECT_FALSE(f.next());
    EXPECT_TRUE(f.keys[kRight]);
  }
  key_queue_key(f.q, kRight, false);
  f.next();
  EXPECT_FALSE(f.keys[kRight]);
}

// A frame reads its keys before its characters: a key that came after a character
// waits a frame, so "4 then End" is End on slide 4.
TEST(KeyQueue, AKeyAfterACharacterWaitsForTheNextFrame) {
  Frames f;
  key_queue_key(f.q, '4', true);
  key_queue_char(f.q, '4');
  key_queue_key(f.q, '4', false);
  key_queue_key(f.q, kEnd, true);
  key_queue_key(f.q, kEnd, false);
  f.next();
  EXPECT_EQ(f.chars, "4");
  EXPECT_FALSE(f.keys[kEnd]);
  f.next();
  EXPECT_EQ(f.chars, "");
  EXPECT_TRUE(f.keys[kEnd]);
}

// Ctrl+Q as xdotool sends it, all between two frames: Ctrl is down with Q.
TEST(KeyQueue, AChordArrivesTogether) {
  Frames f;
  const int ctrl = 341;  // GLFW_KEY_LEFT_CONTROL
  key_queue_key(f.q, ctrl, true);
  key_queue_key(f.q, kKeyQ, true);
  key_queue_key(f.q, kKeyQ, false);
  key_queue_key(f.q, ctrl, false);
  f.next();
  EXPECT_TRUE(f.keys[ctrl] && f.keys[kKeyQ]);
  f.next();
  EXPECT_FALSE(f.keys[ctrl] || f.keys[kKeyQ]);
}

// xdotool's Ctrl+S: Ctrl down, S down, Ctrl up, S up — and the first frame may come
// between Ctrl and S.
TEST(KeyQueue, AChordWhoseModifierIsLetGoFirst) {
  const int ctrl = 341;
  for (bool frame_after_ctrl : {false, true}) {
    Frames f;
    key_queue_key(f.q, ctrl, true);
    if (frame_after_ctrl) f.next();
    key_queue_key(f.q, kKeyS, true);
    key_queue_key(f.q, ctrl, false);
    key_queue_key(f.q, kKeyS, false);
    f.next();
    EXPECT_TRUE(f.keys[ctrl] && f.keys[kKeyS]) << frame_after_ctrl;
    f.next();
    EXPECT_FALSE(f.keys[ctrl] || f.keys[kKeyS]) << frame_after_ctrl;
  }
}

// A double click that arrives while one slow frame is drawn is still two clicks.
TEST(KeyQueue, ADoubleClickBetweenTwoFramesIsTwoClicks) {
  Frames f;
  for (int i = 0; i < 2; ++i) {
    key_queue_mouse(f.q, 0, true);
    key_queue_mouse(f.q, 0, false);
  }
  int clicks = 0;
  bool was = false;
  for (int i = 0; i < 6; ++i) {
    f.next();
    clicks += f.mouse[0] && !was;
    was = f.mouse[0];
  }
  EXPECT_EQ(clicks, 2);
}

TEST(KeyQueue, ABurstBeyondItsCapacityEndsInThePhysicalState) {
  Frames f;
  for (int i = 0; i < KeyQueue::kCapacity; ++i) {
    key_queue_key(f.q, kRight, true);
    key_queue_key(f.q, kRight, false);
  }
  key_queue_key(f.q, kLeft, true);  // still held
  for (int i = 0; i < 3 * KeyQueue::kCapacity && f.next(); ++i) {
  }
  EXPECT_FALSE(f.next());
  EXPECT_FALSE(f.keys[kRight]);
  EXPECT_TRUE(f.keys[kLeft]);
}

// The whole app behind the queue: taps that all arrive while one slow frame is drawn.
class QueuedKeys : public UiKeyboard {
 protected:
  void frame() {
    ImGuiIO& io = ImGui::GetIO();
    key_queue_frame(
        q, io.KeysDown, nullptr, [](void* ctx, unsigned c) { static_cast<ImGuiIO*>(ctx)->AddInputCharacter(c); }, &io);
    h.frame();
  }
  void tap(int key, unsigned ch = 0) {
    key_queue_key(q, key, true);
    if (ch) key_queue_char(q, ch);
    key_queue_key(q, key, false);
  }
  KeyQueue q;
};

TEST_F(QueuedKeys, FourThenEndLandsOnTheLastStepOfSlideFour) {
  tap('4', '4');
  tap(kEnd);
  for (int i = 0; i < 4; ++i) frame();
  EXPECT_EQ(h.app.ui.slide, 4);
  EXPECT_EQ(h.app.ui.timeline.pos, static_cast<float>(current_slide_steps(h.app)));
}

TEST_F(QueuedKeys, RightThenF11BothTakeEffect) {
  tap(kRight);
  tap(kKeyF11);
  for (int i = 0; i < 4; ++i) frame();
  EXPECT_EQ(h.app.ui.slide, 2);
  EXPECT_TRUE(h.app.ui.present.toggle);
}

}  // namespace
}  // namespace lv::app::test

namespace lv::app::test {
namespace {

// Enter leaves the IDs field; a 5 pressed right after it (the next frame) goes to the
// deck, not nowhere (io.WantTextInput still said "a field is edited" then).
TEST_F(QueuedKeys, AKeyRightAfterEnterGoesToTheDeck) {
  ASSERT_TRUE(h.replace_text("ids-text", "1, 2"));
  tap(kEnter);
  tap('5', '5');
  for (int i = 0; i < 5; ++i) frame();
  EXPECT_EQ(h.app.inputs.ids, (IdList{1, 2}));
  EXPECT_STREQ(h.app.ui.editor.ids_buf, "1, 2");
  EXPECT_EQ(h.app.ui.slide, 5);
}

}  // namespace
}  // namespace lv::app::test
