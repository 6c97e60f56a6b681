// ui_layout_test.cpp — the shared layout (app/deck/canvas_fit.hpp) as the user sees it,
// through the layout report: the page's 4 × 5 demo is whole on every slide at the
// laptop size that used to cut it, the type shrinks rather than scroll, it keeps its
// size between the steps of a slide and when an ID is added, and the report itself
// says "cut" when a table cannot fit.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <string>

#include "app/deck/slide_host.hpp"
#include "app/ui_base/anim_timeline.hpp"
#include "app/ui_base/layout_report.hpp"
#include "app/slides/slides.hpp"
#include "app/ui_base/ui_theme.hpp"
#include "app/slides/narrative_lines.hpp"
#include "headless.hpp"
#include "screen_text.hpp"

namespace lv::app::test {
namespace {

struct ReportOn {
  ReportOn() { layout_report_enable(true); }
  ~ReportOn() { layout_report_enable(false); }
};

void show(Headless& h, int slide, int step) {
  h.app.ui.slide = slide;
  const int steps = current_slide_steps(h.app);
  timeline_seek(h.app.ui.timeline, steps, static_cast<float>(std::min(step + 1, steps)));
  h.frames(3);
}

std::string cut_matrices() {
  std::string out;
  for (const ReportedMatrix& m : layout_report().matrices)
    if (m.rows_shown != m.rows_total || m.cols_shown != m.cols_total)
      out += m.name + " " + std::to_string(m.rows_shown) + "/" + std::to_string(m.rows_total) + " rows " +
             std::to_string(m.cols_shown) + "/" + std::to_string(m.cols_total) + " cols; ";
  return out;
}

TEST(UiLayout, ThePagesDemoIsWholeOnEverySlideAtLaptopSizes) {
  for (const ImVec2 size : {ImVec2(1024, 768), ImVec2(1280, 800)}) {
    ReportOn on;
    Headless h(size);
    h.init();
    h.frames(2);
    for (int slide = 1; slide < slide_count(); ++slide) {  // slide 0 (text → token IDs) has no matrix
      if (slide_table()[static_cast<size_t>(slide)].fills_canvas) continue;  // the heat map sizes itself
      for (int step = 0; step < slide_table()[static_cast<size_t>(slide)].draw.steps(
                                    context_of(h.app, slide_table()[static_cast<size_t>(slide)]));
           ++step) {
        show(h, slide, step);
        EXPECT_FALSE(layout_report().matrices.empty()) << "slide " << slide;
        EXPECT_EQ(cut_matrices(), "") << "slide " << slide << " step " << step << " at " << size.x;
      }
    }
  }
}

TEST(UiLayout, OneTypeSizeForEveryStepOfASlideAndWhenAnIdIsAdded) {
  Headless h(ImVec2(1280, 800));
  h.init();
  h.frames(2);
  show(h, 4, 0);  // the matmul
  const int level = h.app.ui.fit.canvas_level;
  for (int step = 1; step < current_slide_steps(h.app); ++step) {
    show(h, 4, step);
    EXPECT_EQ(h.app.ui.fit.canvas_level, level) << "step " << step;
  }
  ASSERT_TRUE(h.click("add-id"));
  h.frames(3);
  EXPECT_EQ(h.app.inputs.ids.size(), 4u);
  EXPECT_EQ(h.app.ui.fit.canvas_level, level);
}

TEST(UiLayout, ASmallWindowShrinksTheTypeBeforeCuttingAColumn) {
  ReportOn on;
  Headless h(ImVec2(1024, 768));
  h.init({"lookupviz", "--ids", "0,1,2,3,4,5,6,7", "--dim", "8"});
  h.frames(2);
  show(h, 2, 7);  // the lookup: two 8 × 8 grids side by side
  EXPECT_LT(h.app.ui.fit.canvas_level, kCanvasNormalLevel);
  EXPECT_EQ(cut_matrices(), "");
}

TEST(UiLayout, ATableTooBigToFitIsReportedCut) {
  ReportOn on;
  Headless h(ImVec2(1024, 768));
  h.init({"lookupviz", "--dim", "4096"});
  h.frames(3);
  ASSERT_FALSE(layout_report().matrices.empty());
  const ReportedMatrix& m = layout_report().matrices[0];
  EXPECT_EQ(m.cols_total, 4096);
  EXPECT_GT(m.cols_shown, 0);
  EXPECT_LT(m.cols_shown, 4096);
}

// --- type sizes and wrapping (issue 25, items 3 and 12) ----------------------------------

// A slide reached by its key from another gets the canvas level it gets afresh: the fit was
// measured on the slide left behind under the new slide's key (slide 1 after 4: 0.66 em).
TEST(UiLayout, ASlidesTypeDoesNotDependOnTheSlideBefore) {
  Headless h(ImVec2(1280, 800));
  h.init();
  h.frames(3);
  auto level_from = [&](int from, int to) {
    go_to_slide(h.app, from);
    h.frames(3);
    char key[2] = {static_cast<char>('0' + to), 0};
    h.type(key);  // the slide's key, read inside the frame as a user's is
    h.frames(3);
    EXPECT_EQ(h.app.ui.slide, to);
    return h.app.ui.fit.canvas_level;
  };
  for (int to : {1, 2, 3}) {
    const int fresh = level_from(to == 1 ? 2 : 1, to);
    h.app.ui.fit.canvas_fit_key = h.app.ui.fit.canvas_view_key = 0;  // laid out afresh
    h.frames(3);
    EXPECT_EQ(fresh, h.app.ui.fit.canvas_level) << "slide " << to;
    for (int from : {4, 5, 6, 8})
      EXPECT_EQ(level_from(from, to), h.app.ui.fit.canvas_level) << "slide " << to << " after " << from;
  }
}

// Lines break at spaces only: ImGui 1.86 breaks after '.' and ',' inside a word too.
TEST(UiLayout, WrappingNeverBreaksANumberOrAName) {
  Headless h;
  h.frame();
  const std::string text = "GPT-2's table: 50,257 rows, 0.1 of them, embedding.weight.grad and x";
  for (float width = 30.0f; width < 700.0f; width += 7.0f) {
    std::string copy = text;
    wrap_at_spaces(copy.data(), width);
    std::string joined = copy;
    std::replace(joined.begin(), joined.end(), '\n', ' ');
    EXPECT_EQ(joined, text) << "width " << width << ": a line broke where there was no space:\n" << copy;
  }
}

// The narrations of slides 5 to 8 at every width from 1024 to 1440: "50,257" and the
// gradients' names are never split over two lines on screen.
TEST(UiLayout, NarrationKeepsNumbersWholeOnScreen) {
  for (int w = 1024; w <= 1440; w += 24) {
    Headless h(ImVec2(static_cast<float>(w), 800));
    h.init();
    for (int s : {5, 6, 7, 8}) {
      show(h, s, 99);  // its last step
      const ScreenText screen = read_screen();
      for (size_t i = 0; i + 1 < screen.lines.size(); ++i) {
        const std::string& a = screen.lines[i];
        const std::string& b = screen.lines[i + 1];
        const bool split = a.size() >= 2 && !b.empty() && (a.back() == ',' || a.back() == '.') &&
                           std::isdigit(static_cast<unsigned char>(a[a.size() - 2])) &&
                           std::isdigit(static_cast<unsigned char>(b[0]));
        EXPECT_FALSE(split) << w << " wide, slide " << s << ": \"" << a << "\" / \"" << b << "\"";
      }
    }
  }
}

// The deck counter names the slides' numbers (00 to the registry's last), not "one of eleven".
TEST(UiLayout, TheCounterReadsOneOfTen) {
  Headless h;
  h.init();
  h.frames(2);
  char counter[32];
  std::snprintf(counter, sizeof counter, "01 of 00–%02d", slide_count() - 1);
  EXPECT_TRUE(read_screen().contains(counter)) << read_screen().all();
}

}  // namespace
}  // namespace lv::app::test
