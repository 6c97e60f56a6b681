// ui_slide_lifecycle_test.cpp — a slide's lifecycle through the registry (app/slides/slides.hpp):
// enter and leave when the slide shown changes, every slide's update each frame before
// drawing, busy/ready asked of every slide (so the idle loop keeps drawing for slide 7's
// worker), a slide's own state, and the fit depending on a slide's own inputs only.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <thread>
#include <string>
#include <vector>

#include "app/deck/slide_host.hpp"
#include "app/deck/canvas_fit.hpp"
#include "app/slides/same_numbers_state.hpp"
#include "app/slides/slide_07_scale.hpp"
#include "app/slides/slides.hpp"
#include "headless.hpp"

namespace lv::app {
namespace {

using test::Headless;

std::vector<std::string> g_log;
SlideActivity g_activity_b = SlideActivity::Idle;
bool g_ready_b = true;

int one_step(const SlideContext&) { return 1; }
void no_narrative(const SlideContext&) {}
ImVec2 no_canvas(SlideCanvas&) { return ImVec2(0, 0); }
void no_caption(const SlideContext&, char* buf, size_t n) { std::snprintf(buf, n, "%s", ""); }
void no_code(const SlideContext&, std::string&, std::string&) {}

SlideDef fake(const char* title) {
  return SlideDef{.title = title, .draw = {one_step, no_narrative, no_canvas, no_caption, no_code}};
}

// Slides "a" and "b" have update, "b" busy and ready too; "c" only draws.
std::vector<SlideDef> fake_table() {
  SlideDef a = fake("a"), b = fake("b"), c = fake("c");
  a.update = [](const SlideContext&, bool shown) { g_log.push_back(shown ? "update a shown" : "update a hidden"); };
  b.update = [](const SlideContext&, bool shown) { g_log.push_back(shown ? "update b shown" : "update b hidden"); };
  b.activity = [](const SlideContext&, bool) { return g_activity_b; };
  b.ready = [](const SlideContext&, bool) { return g_ready_b; };
  return {a, b, c};
}

TEST(SlideLifecycle, UpdateRunsEveryFrameForEverySlideAndSaysWhichIsShown) {
  Headless h;
  h.init();
  const std::vector<SlideDef> table = fake_table();
  g_log.clear();
  h.app.ui.slide = 0;
  slides_frame(h.app, table);
  EXPECT_EQ(g_log, (std::vector<std::string>{"update a shown", "update b hidden"}));
  g_log.clear();
  h.app.ui.slide = 2;  // to a slide with no hooks
  slides_frame(h.app, table);
  EXPECT_EQ(g_log, (std::vector<std::string>{"update a hidden", "update b hidden"}));
  g_log.clear();
  h.app.ui.slide = 1;
  slides_frame(h.app, table);
  EXPECT_EQ(g_log, (std::vector<std::string>{"update a hidden", "update b shown"}));
}

// A slide's own state is its alone: typed, made at first use, seen by no other slide.
TEST(SlideLifecycle, ASlidesOwnStateIsTypedAndItsAlone) {
  Headless h;
  h.init();
  const std::vector<SlideDef> table = fake_table();
  struct Counter {
    int n = 0;
  };
  const SlideContext a = context_of(h.app, table[0]);
  const SlideContext b = context_of(h.app, table[1]);
  EXPECT_EQ(a.find_own<Counter>(), nullptr);
  a.own<Counter>().n = 5;
  EXPECT_EQ(context_of(h.app, table[0]).find_own<Counter>()->n, 5) << "kept with the window";
  EXPECT_EQ(b.find_own<Counter>(), nullptr) << "another slide does not see it";
  EXPECT_EQ(a.find_own<int>(), nullptr) << "asked as another type: nothing, never a cast";
}

TEST(SlideLifecycle, ASlidesBusyWorkKeepsTheLoopDrawingAndReadyHoldsAPicture) {
  Headless h;
  h.init();
  const std::vector<SlideDef> table = fake_table();
  h.app.ui.slide = 0;
  g_activity_b = SlideActivity::Idle;
  EXPECT_EQ(slides_activity(h.app, table), SlideActivity::Idle);
  g_activity_b = SlideActivity::Working;
  EXPECT_EQ(slides_activity(h.app, table), SlideActivity::Working) << "any slide may ask, shown or not";
  g_activity_b = SlideActivity::Animating;
  EXPECT_EQ(slides_activity(h.app, table), SlideActivity::Animating);
  g_activity_b = SlideActivity::Idle;
  g_ready_b = false;
  EXPECT_FALSE(slides_ready(h.app, table));
  g_ready_b = true;
  EXPECT_TRUE(slides_ready(h.app, table));
}

int scale_slide() {
  for (int i = 0; i < slide_count(); ++i)
    if (std::strcmp(slide_table()[static_cast<size_t>(i)].title, "At scale") == 0) return i;
  return -1;
}

// The real registry: slide 7's worker is started by its update (before the canvas is drawn)
// and its work keeps the idle loop drawing (app_animating / app_progress_only); another
// slide's frames do not.
TEST(SlideLifecycle, SlideSevensWorkerGoesThroughTheLifecycle) {
  Headless h;
  h.init();
  h.frames(2);
  EXPECT_EQ(find_scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)), nullptr)
      << "a slide's state is made when it is first needed";
  EXPECT_EQ(slides_activity(h.app), SlideActivity::Idle);
  scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).vocab = 20000;
  scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).dim = 768;
  go_to_slide(h.app, scale_slide());
  slides_frame(h.app);  // what app_frame does before drawing
  ASSERT_NE(find_scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)), nullptr);
  ASSERT_TRUE(scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).worker)
      << "its update started the worker, not its draw function";
  EXPECT_TRUE(scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).worker->busy());
  EXPECT_NE(slides_activity(h.app), SlideActivity::Idle) << "the loop must not sleep while its worker runs";
  EXPECT_FALSE(slides_ready(h.app)) << "a picture waits for it";
  // Its worker runs at low priority: under ASan, with another suite on the second core, it
  // took more than the 3,000 frames (10 s) this loop once allowed. The test is about the
  // lifecycle, not the speed: up to 3 minutes.
  const auto until = std::chrono::steady_clock::now() + std::chrono::minutes(3);
  while (!slides_ready(h.app) && std::chrono::steady_clock::now() < until) {
    h.frame();
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  EXPECT_TRUE(slides_ready(h.app));
  go_to_slide(h.app, 1);
  h.frame();
  EXPECT_EQ(slides_activity(h.app), SlideActivity::Idle) << "a hidden slide 7 starts nothing";
  EXPECT_TRUE(slides_ready(h.app));
}

TEST(SlideLifecycle, ASlidesOwnStateIsKeptWithIt) {
  Headless h;
  h.init();
  ScaleState& s = scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale));
  s.vocab = 123;
  EXPECT_EQ(&scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)), &s) << "made once";
  EXPECT_EQ(find_scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale))->vocab, 123);
}

// canvas_fit.cpp no longer hashes slide 5's slider, slide 0's piece or slide 8's tying for
// every slide: each slide says what its fit depends on.
TEST(SlideLifecycle, TheFitDependsOnTheShownSlidesOwnInputsOnly) {
  Headless h;
  h.init();
  const ImVec2 avail(800, 500);
  int same_numbers = -1, gpt = -1;
  for (int i = 0; i < slide_count(); ++i) {
    if (std::strcmp(slide_table()[static_cast<size_t>(i)].title, "Same numbers") == 0) same_numbers = i;
    if (std::strcmp(slide_table()[static_cast<size_t>(i)].title, "Inside a GPT") == 0) gpt = i;
  }
  ASSERT_GE(same_numbers, 0);
  ASSERT_GE(gpt, 0);
  h.app.ui.slide = 3;
  uint64_t before = canvas_fit_key(h.app, avail);
  same_numbers_state(lv::app::context_of(h.app, lv::app::kSlideSameNumbers)).bill_scale_pos = 500;
  EXPECT_EQ(canvas_fit_key(h.app, avail), before) << "slide 3 does not measure slide 5's slider";
  h.app.ui.slide = same_numbers;
  before = canvas_fit_key(h.app, avail);
  same_numbers_state(lv::app::context_of(h.app, lv::app::kSlideSameNumbers)).bill_scale_pos = 900;
  EXPECT_NE(canvas_fit_key(h.app, avail), before) << "slide 5 measures again when its slider moves";
  h.app.ui.slide = gpt;
  before = canvas_fit_key(h.app, avail);
  h.app.inputs.tie_weights = !h.app.inputs.tie_weights;
  EXPECT_NE(canvas_fit_key(h.app, avail), before) << "slide 8 measures again when weight tying changes";
}

}  // namespace
}  // namespace lv::app
