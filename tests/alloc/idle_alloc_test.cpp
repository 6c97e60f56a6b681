// idle_alloc_test.cpp — an idle frame allocates nothing, on every slide (issue 38, item 6):
// each slide is shown, its work left to finish and its animation to end, then frames
// where nothing changes are drawn and every heap allocation the UI thread makes in them
// is counted — operator new (replaced below, in this test binary only) and ImGui's own
// allocator. Counting is deterministic, so this is not a timed test: the figure is 0.
// (`lookupviz --bench-frames` reports the same count in the real window as
// allocations_per_idle_frame.)
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <thread>

#include "app/deck/slide_host.hpp"
#include "app/deck/slide_nav.hpp"
#include "app/slides/slides.hpp"
#include "app/ui_base/anim_timeline.hpp"
#include "headless.hpp"

namespace {

// Only the thread that draws counts (a slide's worker may allocate while it works; the
// frame is what must not).
thread_local bool t_counting = false;
long g_counted = 0;

// A breakpoint here (gdb: `break lv_counted_allocation`) shows who allocated.
extern "C" __attribute__((noinline)) void lv_counted_allocation(size_t n) {
  ++g_counted;
  asm volatile("" ::"r"(n));
}

void* counted_malloc(size_t n) noexcept {
  if (t_counting) lv_counted_allocation(n);
  return std::malloc(n ? n : 1);
}

void* imgui_alloc(size_t n, void*) { return counted_malloc(n); }
void imgui_free(void* p, void*) { std::free(p); }

}  // namespace

// Every unaligned form together, so what one allocates the matching delete frees.
void* operator new(size_t n) {
  if (void* p = counted_malloc(n)) return p;
  throw std::bad_alloc();
}
void* operator new[](size_t n) {
  if (void* p = counted_malloc(n)) return p;
  throw std::bad_alloc();
}
void* operator new(size_t n, const std::nothrow_t&) noexcept { return counted_malloc(n); }
void* operator new[](size_t n, const std::nothrow_t&) noexcept { return counted_malloc(n); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, size_t) noexcept { std::free(p); }
void operator delete[](void* p, size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }

namespace lv::app::test {
namespace {

using Clock = std::chrono::steady_clock;

// Frames until nothing moves: the slide's work done (slide 7 builds and times its table),
// the timeline still, the narration settled. Bounded for a loaded machine.
void settle(Headless& h) {
  const auto until = Clock::now() + std::chrono::seconds(180);
  for (int i = 0; i < 5 || ((!slides_ready(h.app) || app_animating(h.app)) && Clock::now() < until); ++i) {
    h.frame();
    if (i >= 5) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  ASSERT_TRUE(slides_ready(h.app) && !app_animating(h.app)) << "slide " << h.app.ui.slide << " never settled";
  h.frames(3);  // the first still frames may lay out once more (a scrollbar, a fit)
}

long allocations_in_idle_frames(Headless& h, int frames) {
  g_counted = 0;
  t_counting = true;
  h.frames(frames);
  t_counting = false;
  return g_counted;
}

// Each slide paused with step `step` shown (its last when step < 0), then 20 idle frames.
void expect_no_idle_allocation(Headless& h, int step) {
  for (int s = 0; s < slide_count(); ++s) {
    go_to_slide(h.app, s);
    const int steps = current_slide_steps(h.app);
    timeline_seek(h.app.ui.timeline, steps, step < 0 ? static_cast<float>(steps) : static_cast<float>(step + 1));
    h.app.ui.timeline.playing = false;
    settle(h);
    EXPECT_EQ(allocations_in_idle_frames(h, 20), 0) << "slide " << s << (step < 0 ? " at its end" : " at its start");
  }
}

struct IdleAllocations : ::testing::Test {
  // ImGui's allocator is global: set before the context is made, so all of ImGui's
  // buffers come from (and go back to) the counting pair. It stays set: ImGui 1.86 takes
  // null for a function (it has no "back to the default"), and the pair is malloc / free.
  IdleAllocations() { ImGui::SetAllocatorFunctions(imgui_alloc, imgui_free); }
};

// The count itself works: operator new and ImGui's allocator are both seen (else the
// tests below could not fail).
TEST_F(IdleAllocations, TheCounterSeesOperatorNewAndImGui) {
  g_counted = 0;
  t_counting = true;
  std::vector<int> v(100);
  asm volatile("" ::"r"(v.data()) : "memory");  // kept: the allocation is not elided
  t_counting = false;
  EXPECT_EQ(g_counted, 1);
  Headless h;
  h.init();
  g_counted = 0;
  t_counting = true;
  h.frame();  // the first frame makes ImGui's windows
  t_counting = false;
  EXPECT_GT(g_counted, 0);
}

TEST_F(IdleAllocations, NoSlideAllocatesInAnIdleFrameAtItsEnd) {
  Headless h(ImVec2(1280, 800));
  h.init();
  expect_no_idle_allocation(h, -1);
}

TEST_F(IdleAllocations, NoSlideAllocatesInAnIdleFrameAtItsStart) {
  Headless h(ImVec2(1024, 768));
  h.init();
  expect_no_idle_allocation(h, 0);
}

}  // namespace
}  // namespace lv::app::test
