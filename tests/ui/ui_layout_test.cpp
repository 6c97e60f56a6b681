// ui_layout_test.cpp — the shared layout (app/slides/canvas_fit.hpp) as the user sees it,
// through the layout report: the page's 4 × 5 demo is whole on every slide at the
// laptop size that used to cut it, the type shrinks rather than scroll, it keeps its
// size between the steps of a slide and when an ID is added, and the report itself
// says "cut" when a table cannot fit.
#include <gtest/gtest.h>

#include <string>

#include "app/slides/anim_timeline.hpp"
#include "app/chrome/layout_report.hpp"
#include "app/slides/slides.hpp"
#include "app/chrome/ui_theme.hpp"
#include "headless.hpp"

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
      for (int step = 0; step < slide_table()[static_cast<size_t>(slide)].steps(h.app); ++step) {
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
  const int level = h.app.ui.canvas_level;
  for (int step = 1; step < current_slide_steps(h.app); ++step) {
    show(h, 4, step);
    EXPECT_EQ(h.app.ui.canvas_level, level) << "step " << step;
  }
  ASSERT_TRUE(h.click("add-id"));
  h.frames(3);
  EXPECT_EQ(h.app.inputs.ids.size(), 4u);
  EXPECT_EQ(h.app.ui.canvas_level, level);
}

TEST(UiLayout, ASmallWindowShrinksTheTypeBeforeCuttingAColumn) {
  ReportOn on;
  Headless h(ImVec2(1024, 768));
  h.init({"lookupviz", "--ids", "0,1,2,3,4,5,6,7", "--dim", "8"});
  h.frames(2);
  show(h, 2, 7);  // the lookup: two 8 × 8 grids side by side
  EXPECT_LT(h.app.ui.canvas_level, kCanvasNormalLevel);
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

}  // namespace
}  // namespace lv::app::test
