// ui_new_user_test.cpp — what a new user met (issue 25): one step numbering for the
// transport, --step and the session; IDs a smaller table cannot hold are said and come
// back; the backward slide shows repeats and untouched rows; slide 4's printed weight is
// labelled as the value before the assignment; counts in one format; small values
// readable on the canvas.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <thread>

#include "app/app_session.hpp"
#include "app/app_ui.hpp"
#include "app/slides/slides.hpp"
#include "core/io/table_file.hpp"
#include "headless.hpp"
#include "screen_text.hpp"

namespace lv::app::test {
namespace {

const std::string kTables = std::string(LOOKUPVIZ_GOLDEN_DIR) + "/tables/";

class UiNewUser : public ::testing::Test {
 protected:
  void SetUp() override {
    h.init();
    h.frames(3);
  }
  // Everything drawn in the last frame, one line per line of text.
  std::string screen() {
    h.frame();
    return read_screen().all();
  }
  Headless h{ImVec2(1280, 800)};
};

// ---------------------------------------------------------------- item 7: one numbering

// --step S shows what the transport calls "S / N" and what the session stores as
// step = S; 0 (before the first step) can be shown; past the last is refused with the
// slide's range.
TEST_F(UiNewUser, StepIsNumberedAsTheTransportShowsIt) {
  for (int s = 0; s <= 3; ++s) {
    show_slide_step(h.app, 2, s);
    h.frames(2);
    const std::string text = screen();
    const std::string want = std::to_string(s) + " / 3";
    EXPECT_NE(text.find(want), std::string::npos) << "--step " << s << " should read " << want << ":\n" << text;
    EXPECT_EQ(session_from_app(h.app, WindowGeometry{}).step, static_cast<float>(s));
  }
  EXPECT_EQ(slide_step_error(h.app, 2, 3), "");
  EXPECT_EQ(slide_step_error(h.app, 2, -1), "");
  EXPECT_EQ(slide_step_error(h.app, 2, 4),
            "--step 4 is out of range: slide 2 has steps 0–3 (0 is before its first step)");
  EXPECT_EQ(slide_step_error(h.app, 6, 9),
            "--step 9 is out of range: slide 6 has steps 0–4 (0 is before its first step)");
  EXPECT_EQ(h.app.ui.slide, 2) << "asking about another slide does not move to it";
}

// ---------------------------------------------------------------- item 9: IDs set aside

// 2, 3, 1 into a 3-row table: 3 cannot be looked up. The bar says which ID was set aside
// and why; a table that holds it (here the 4-row one, or the seeded table) brings it
// back — it was silently dropped and stayed lost.
TEST_F(UiNewUser, IdsATableCannotHoldAreSaidAndComeBack) {
  auto open = [&](const char* name) {
    start_table_load(h.app, kTables + name);
    for (int i = 0; i < 500 && table_loading(h.app); ++i) {
      h.frame();
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    h.frames(2);
    ASSERT_NE(h.app.inputs.file, nullptr) << h.app.loading.error;
  };
  open("v1_f4_fortran.npy");  // 3 × 7
  EXPECT_EQ(h.app.inputs.ids, (IdList{2, 1}));
  std::string text = screen();
  EXPECT_NE(text.find("ID 3 set aside: this table has 3 rows (IDs 0–2); it comes back with a table that holds it"),
            std::string::npos)
      << text;
  open("notebook_seed123.npy");  // 4 × 5: holds 3 again
  EXPECT_EQ(h.app.inputs.ids, (IdList{2, 3, 1}));
  EXPECT_EQ(screen().find("set aside"), std::string::npos);
  // Closing a 3-row table returns to the seeded one, which holds every ID.
  open("v1_f4_fortran.npy");
  set_table_file(h.app, nullptr);
  EXPECT_EQ(h.app.inputs.ids, (IdList{2, 3, 1}));
  // IDs changed meanwhile are the user's new choice: nothing comes back over them.
  open("v1_f4_fortran.npy");
  set_ids(h.app, IdList{0, 0});
  EXPECT_EQ(screen().find("set aside"), std::string::npos);
  open("notebook_seed123.npy");
  EXPECT_EQ(h.app.inputs.ids, (IdList{0, 0}));
}

// ---------------------------------------------------------------- item 11: the picker's path

// The in-app picker opens with its path field taking the keyboard and the last path
// selected: a path typed at once, or after a click into the field, replaces it (it was
// appended: "…/tiny2.npy/tmp/…: Not a directory").
TEST_F(UiNewUser, PickerPathIsFocusedWithItsTextSelected) {
  FilePicker& fp = h.app.loading.picker;
  std::snprintf(fp.path, sizeof fp.path, "%s", "/old/tiny2.npy");
  open_file_picker(fp, "/");
  h.frames(3);
  h.type("/tmp/x.npy");
  EXPECT_STREQ(fp.path, "/tmp/x.npy");
  h.press(kEscape);
  h.frames(2);
  ASSERT_FALSE(fp.open);
  open_file_picker(fp, "/");
  h.frames(3);
  ASSERT_TRUE(h.click("picker-path"));
  h.type("/tmp/y.npy");
  EXPECT_STREQ(fp.path, "/tmp/y.npy");
}

// ---------------------------------------------------------------- item 13: teaching gaps

// How many times `what` appears in `text`.
int count_of(const std::string& text, const std::string& what) {
  int n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// Slide 6 with the default IDs (nothing repeats) offers a repeat in one click; then row 2
// learns from two positions (2.00 with G all ones, in both gradients). The lookup's
// gradient draws untouched rows as absent: only the matmul's shows row 0's computed zeros.
TEST_F(UiNewUser, BackwardShowsARepeatAndUntouchedRows) {
  show_slide_step(h.app, 6, -1);
  h.frames(3);
  ASSERT_TRUE(h.click("add-repeat")) << "no one-click repeat on slide 6:\n" << screen();
  EXPECT_EQ(h.app.inputs.ids, (IdList{2, 3, 1, 2}));
  EXPECT_EQ(h.app.derived.vocab, 4);  // the same table: a repeat needs no new row
  show_slide_step(h.app, 6, -1);
  h.frames(3);
  const std::string text = screen();
  EXPECT_EQ(count_of(text, "2.00"), 2 * 5) << text;  // row 2 in both gradients, 5 columns each
  // Row 0: no ID touches it. The matmul computes its 5 zeros; the lookup writes nothing.
  EXPECT_EQ(count_of(text, "0.00"), 5) << text;
  EXPECT_NE(text.find("row 2 is used twice or more"), std::string::npos) << text;
}

TEST_F(UiNewUser, LookupOffersARepeatAndSaysWhatItDoes) {
  show_slide_step(h.app, 2, -1);
  h.frames(3);
  ASSERT_TRUE(h.click("add-repeat")) << "no one-click repeat on slide 2:\n" << screen();
  EXPECT_EQ(h.app.inputs.ids, (IdList{2, 3, 1, 2}));
  h.frames(2);
  EXPECT_NE(screen().find("Row 2 is looked up more than once"), std::string::npos) << screen();
}

// Slide 4's output panel prints linear.weight as the notebook does (the fresh Linear's
// init) beside a canvas that ties it: the panel says it is the value before the
// assignment — drawn only, the output text stays what PyTorch prints.
TEST_F(UiNewUser, MatmulLabelsThePrintedWeightAsBeforeTheAssignment) {
  show_slide_step(h.app, 4, -1);
  h.frames(3);
  h.frame();
  const ScreenText shown = read_screen();
  bool labelled = false;  // the echo line of linear.weight carries the note (the mono font spaces "linear . weight")
  for (const std::string& line : shown.lines)
    labelled |= line.rfind(">>> linear", 0) == 0 && line.find("weight # before the assignment") != std::string::npos;
  EXPECT_TRUE(labelled) << shown.all();
  const CodePanelText& panel = code_panel_text(h.app);
  EXPECT_EQ(panel.output.find("before the assignment"), std::string::npos);
  EXPECT_EQ(panel.output.rfind(">>> linear.weight\nParameter containing:\n", 0), 0u) << panel.output;
}

// ---------------------------------------------------------------- item 12: what numbers read

// One count format on screen: "2,304 of 2,304 cells", "50,257 × 8", "of 50,257".
TEST(UiNewUserCounts, CountsAndShapesAreWrittenWithCommas) {
  std::string text;
  {  // one headless context at a time
    Headless h(ImVec2(1280, 800));
    h.init({"lookupviz", "--ids", "2,3,1", "--dim", "768"});
    show_slide_step(h.app, 5, 0);
    h.frames(3);
    text = read_screen().all();
    EXPECT_NE(text.find("2,304 of 2,304 cells"), std::string::npos) << text;
  }
  Headless g(ImVec2(1280, 800));
  g.init({"lookupviz", "--ids", "2,3,1", "--vocab", "50257", "--dim", "8"});
  for (int slide : {1, 2, 6}) {
    show_slide_step(g.app, slide, -1);
    g.frames(3);
    text = read_screen().all();
    EXPECT_NE(text.find("50,257 × 8"), std::string::npos) << "slide " << slide << ":\n" << text;
    EXPECT_EQ(text.find("50257 ×"), std::string::npos) << "slide " << slide << ":\n" << text;
    EXPECT_NE(text.find("of 50,257"), std::string::npos) << "slide " << slide << ":\n" << text;
  }
}

// A table of small values (a trained model's rows are often ~0.01): its cells show their
// digits (0.0123), as torch's print would, not 0.00 everywhere.
TEST(UiNewUserCounts, SmallValuesShowTheirDigits) {
  const float vals[12] = {0.0123f, -0.0071f, 0.0456f, 0.0009f,  -0.0310f, 0.0222f,
                          0.0105f, -0.0488f, 0.0333f, -0.0012f, 0.0071f,  0.0400f};
  const std::string path = ::testing::TempDir() + "lookupviz_small_values.npy";
  {
    std::string head = "{'descr': '<f4', 'fortran_order': False, 'shape': (4, 3), }";
    head += std::string(64 - (10 + head.size() + 1) % 64, ' ') + "\n";
    std::ofstream f(path, std::ios::binary);
    f.write("\x93NUMPY\x01\x00", 8);
    const unsigned char len[2] = {static_cast<unsigned char>(head.size() & 0xFF),
                                  static_cast<unsigned char>(head.size() >> 8)};
    f.write(reinterpret_cast<const char*>(len), 2);
    f << head;
    f.write(reinterpret_cast<const char*>(vals), sizeof vals);
  }
  Headless h(ImVec2(1280, 800));
  h.init();
  start_table_load(h.app, path);
  for (int i = 0; i < 500 && table_loading(h.app); ++i) {
    h.frame();
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ASSERT_NE(h.app.inputs.file, nullptr) << h.app.loading.error;
  for (int slide : {1, 2, 4}) {
    show_slide_step(h.app, slide, -1);
    h.frames(3);
    std::string text = read_screen().all();
    // (A narrow "1" can read as a gap between glyphs: the cells are compared without spaces.)
    text.erase(std::remove(text.begin(), text.end(), ' '), text.end());
    EXPECT_NE(text.find("0.0123"), std::string::npos) << "slide " << slide << ":\n" << text;
    EXPECT_NE(text.find("-0.0071"), std::string::npos) << "slide " << slide << ":\n" << text;
  }
  std::remove(path.c_str());
}

}  // namespace
}  // namespace lv::app::test
