// ui_backward_test.cpp — slide 6 times both backward passes when asked: a click on
// "Time both backward passes" runs them on a worker (the window keeps drawing), the
// figures then show under the bill and in the code panel's output, and a new state
// (another ID) asks again rather than showing the old state's figures.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "app/deck/slide_host.hpp"
#include "app/ui_base/anim_timeline.hpp"
#include "app/state/app_edits.hpp"
#include "app/model/model_jobs.hpp"
#include "app/slides/slides.hpp"
#include "headless.hpp"
#include "screen_text.hpp"

namespace lv::app::test {
namespace {

void show_backward_done(Headless& h) {
  int slide = -1;
  for (int i = 0; i < slide_count(); ++i)
    if (slide_table()[static_cast<size_t>(i)].draw.canvas == kSlideBackward.draw.canvas) slide = i;
  ASSERT_GE(slide, 0);
  go_to_slide(h.app, slide);
  timeline_finish(h.app.ui.timeline, current_slide_steps(h.app));
  h.frames(3);
}

TEST(BackwardSlide, TimesBothPassesWhenAskedAndShowsTheFigures) {
  Headless h;
  h.init({"lookupviz", "--ids", "2,0,2", "--vocab", "20000", "--dim", "64"});
  show_backward_done(h);
  EXPECT_EQ(backward_timing(h.app), nullptr) << "nothing is timed until asked";
  h.frame();
  const ScreenText before = read_screen();
  EXPECT_TRUE(before.contains("Time both backward")) << before.all();
  ASSERT_TRUE(h.click("bwd-time"));
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  int frames = 0;
  while (!backward_timing(h.app) && std::chrono::steady_clock::now() < until) {
    h.frame();
    ++frames;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  const BackwardTiming* t = backward_timing(h.app);
  ASSERT_NE(t, nullptr);
  EXPECT_GT(frames, 0) << "the window drew while the worker timed";
  EXPECT_TRUE(t->same) << "onehot.T @ G has the lookup's rows";
  EXPECT_GT(t->onehot_ms, t->lookup_ms) << "writing 20,000 × 64 values costs more than adding 3 rows";
  h.frames(2);
  const ScreenText screen = read_screen();
  EXPECT_TRUE(screen.contains("timed here, 1 thread: lookup backward")) << screen.all();
  EXPECT_FALSE(screen.contains("Time both backward"));
  std::string code, output;
  kSlideBackward.draw.code(context_of(h.app, kSlideBackward), code, output);
  EXPECT_NE(output.find("# timed by lookupviz on this machine (C++, 1 thread): lookup backward"), std::string::npos)
      << output;

  // Another state: the figures were for the old one.
  set_ids(h.app, IdList{2, 0, 7});
  h.frames(2);
  EXPECT_EQ(backward_timing(h.app), nullptr);
  EXPECT_TRUE(read_screen().contains("Time both backward"));
}

}  // namespace
}  // namespace lv::app::test
