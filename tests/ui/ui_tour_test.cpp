// ui_tour_test.cpp — the narrated tour (issue 28, item 4; app/ui_base/tour.hpp, app/app_tour.hpp):
// each step is held max(2 s, its narration's words at 200 a minute), counted from what the
// narration draws; the tour goes through every step of every slide to the last and stops;
// a key or a click stops it where it is; Learn mode's `waits` holds it; between steps the
// loop may sleep. The clock is ImGui's, driven by the frames' DeltaTime (a fake clock).
// Sections: the clock alone · the App's tour · README's figure
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "app/app_tour.hpp"
#include "app/ui_base/tour.hpp"
#include "app/slides/slides.hpp"
#include "headless.hpp"
#include "screen_text.hpp"

namespace lv::app::test {
namespace {

// ---------------------------------------------------------------- the clock alone

TEST(Tour, HoldIsTwoSecondsOrTheWordsAt200AMinute) {
  EXPECT_DOUBLE_EQ(tour_hold_seconds(0), 2.0);
  EXPECT_DOUBLE_EQ(tour_hold_seconds(-4), 2.0);
  EXPECT_DOUBLE_EQ(tour_hold_seconds(6), 2.0);  // 1.8 s of reading: held 2
  EXPECT_DOUBLE_EQ(tour_hold_seconds(7), 2.1);
  EXPECT_DOUBLE_EQ(tour_hold_seconds(50), 15.0);
  EXPECT_DOUBLE_EQ(tour_hold_seconds(200), 60.0);
  const char* text = "  row 3 of\nthe table —\tcopied. ";
  EXPECT_EQ(text_word_count(text, text + std::strlen(text)), 6);  // "—" is not read
  const char* more = "0 × inf = NaN · café → 50,257 rows";
  EXPECT_EQ(text_word_count(more, more + std::strlen(more)), 6);
  EXPECT_EQ(text_word_count(text, text), 0);
}

// A narration of one sentence of `words` words, as ImGui's log gives it (one line).
std::string narration(int words, const char* word = "word") {
  std::string s;
  for (int i = 0; i < words; ++i) s += std::string(i ? " " : "") + word;
  return s + ".";
}

void drawn(TourState& t, int slide, int step, const std::string& text) {
  tour_narration_drawn(t, slide, step, text.data(), text.data() + text.size());
}

TEST(Tour, AStepAddsTheWordsOfTheSentencesItChanged) {
  const std::string step1 = "The lookup copies rows.\nNow: idx[0] = 2, so output row 0 is row 2.\nNo multiplications.";
  const std::string step2 = "The lookup copies rows.\nNow: idx[1] = 3, so output row 1 is row 3.\nNo multiplications.";
  EXPECT_EQ(tour_new_words("", step1.data(), step1.data() + step1.size()), 16);
  EXPECT_EQ(tour_new_words(step1, step2.data(), step2.data() + step2.size()), 9);  // "idx[1] = 3, so … row 3."
  EXPECT_EQ(tour_new_words(step2, step2.data(), step2.data() + step2.size()), 0);
  // Wrapped at another width (the narration's type stepped down): nothing new.
  const std::string rewrapped =
      "The lookup\ncopies rows. Now: idx[1] = 3, so output\nrow 1 is row 3. No multiplications.";
  EXPECT_EQ(tour_new_words(step2, rewrapped.data(), rewrapped.data() + rewrapped.size()), 0);
  const std::string twice = "Same words. Same words.";  // each old sentence answers for one new one
  EXPECT_EQ(tour_new_words("Same words.", twice.data(), twice.data() + twice.size()), 2);
}

TEST(Tour, TickHoldsEachStepItsTimeThenMovesAndStopsAtTheEnd) {
  TourState t;
  EXPECT_EQ(tour_tick(t, 0.0, TourView{0, 0, 2, 2, true}), TourMove::None);  // not running
  tour_begin(t, 1.0);
  TourView v{0, 0, 2, 2, true};
  EXPECT_EQ(tour_tick(t, 10.0, v), TourMove::None);
  EXPECT_LT(tour_due_in(t, 10.0), 0.0);  // not drawn yet: no deadline, a frame is needed
  drawn(t, 0, 0, narration(10));         // 3 s
  drawn(t, 0, 1, narration(500));        // another step's: ignored
  EXPECT_NEAR(tour_due_in(t, 10.0), 3.0, 1e-9);
  EXPECT_EQ(tour_tick(t, 12.99, v), TourMove::None);
  v.settled = false;  // still moving: it waits for the step to arrive
  EXPECT_EQ(tour_tick(t, 13.5, v), TourMove::None);
  v.settled = true;
  EXPECT_EQ(tour_tick(t, 13.5, v), TourMove::NextStep);
  v.step = 1;
  EXPECT_EQ(tour_tick(t, 14.0, v), TourMove::None);            // its hold starts now
  drawn(t, 0, 1, narration(10) + "\n" + narration(9, "new"));  // 9 new words: 2.7 s
  EXPECT_EQ(t.words, 9);
  EXPECT_EQ(tour_tick(t, 16.69, v), TourMove::None);
  EXPECT_EQ(tour_tick(t, 16.71, v), TourMove::NextSlide);
  v = TourView{1, 1, 2, 2, true};  // the last step of the last slide
  EXPECT_EQ(tour_tick(t, 16.8, v), TourMove::None);
  drawn(t, 1, 1, narration(10));  // a new slide is read whole: 3 s
  EXPECT_EQ(t.words, 10);
  // Learn mode's question: the tour waits for the answer, then reads the step again.
  t.waits = true;
  EXPECT_EQ(tour_tick(t, 100.0, v), TourMove::None);
  EXPECT_LT(tour_due_in(t, 100.0), 0.0);
  t.waits = false;
  EXPECT_EQ(tour_tick(t, 102.9, v), TourMove::None);
  EXPECT_EQ(tour_tick(t, 103.0, v), TourMove::Finished);
  EXPECT_FALSE(t.running);
  EXPECT_TRUE(t.finished);
  EXPECT_EQ(tour_tick(t, 200.0, v), TourMove::None);
}

TEST(Tour, SpeedScalesTheHold) {
  TourState t;
  tour_begin(t, 4.0);
  const TourView v{0, 0, 2, 1, true};
  tour_tick(t, 0.0, v);
  drawn(t, 0, 0, narration(100));  // 30 s, a quarter of it
  EXPECT_NEAR(tour_due_in(t, 0.0), 7.5, 1e-9);
  EXPECT_EQ(tour_tick(t, 7.49, v), TourMove::None);
  EXPECT_EQ(tour_tick(t, 7.5, v), TourMove::NextStep);
}

// ---------------------------------------------------------------- the App's tour

constexpr float kDt = 1.0f / 30.0f;

struct Held {
  int slide, step, words;
  double seconds;  // from its first frame to the next step's first frame
};

int shown_step(const App& app) { return current_step(app.ui.timeline, current_slide_steps(app)); }

// Frames until the tour stops (or `limit` seconds pass): every step shown, in order, with
// how long it was held and the words the tour counted for it.
std::vector<Held> run_tour(Headless& h, double limit = 1200.0) {
  std::vector<Held> held;
  const double start = h.app.time;
  while (h.app.ui.tour.running && h.app.time - start < limit) {
    h.frame(kDt);
    const int slide = h.app.ui.slide, step = shown_step(h.app);
    if (step < 0) continue;  // a new slide before its first step eases in
    if (held.empty() || held.back().slide != slide || held.back().step != step)
      held.push_back(Held{slide, step, -1, h.app.time});
    if (h.app.ui.tour.slide == slide && h.app.ui.tour.step == step)
      held.back().words = std::max(held.back().words, h.app.ui.tour.words);
  }
  for (size_t i = 0; i + 1 < held.size(); ++i) held[i].seconds = held[i + 1].seconds - held[i].seconds;
  if (!held.empty()) held.back().seconds = h.app.time - held.back().seconds;
  return held;
}

void start_tour(Headless& h) {
  h.type("t");  // T, as typed
  h.frame(kDt);
  ASSERT_TRUE(h.app.ui.tour.running);
}

// Every step of every slide, in order, each once.
void expect_every_step(Headless& h, const std::vector<Held>& held) {
  size_t i = 0;
  for (int s = 0; s < slide_count(); ++s) {
    const int shown = h.app.ui.slide;
    h.app.ui.slide = s;
    const int steps = current_slide_steps(h.app);
    h.app.ui.slide = shown;
    for (int k = 0; k < steps; ++k, ++i) {
      ASSERT_LT(i, held.size()) << "the tour ended before slide " << s << " step " << k;
      EXPECT_EQ(held[i].slide, s) << "the tour's stop " << i;
      EXPECT_EQ(held[i].step, k) << "the tour's stop " << i;
    }
  }
  EXPECT_EQ(i, held.size()) << "the tour showed steps past the last";
}

TEST(TourApp, PlaysEveryStepOfEverySlideToTheLastThenStops) {
  Headless h(ImVec2(1280, 800));
  h.init({"lookupviz", "--reset"});
  h.frames(3);
  go_to_slide(h.app, 3);  // it starts from slide 0 wherever it is
  h.frames(3);
  start_tour(h);
  EXPECT_EQ(h.app.ui.slide, 0);
  const std::vector<Held> held = run_tour(h);
  EXPECT_FALSE(h.app.ui.tour.running);
  EXPECT_TRUE(h.app.ui.tour.finished);
  expect_every_step(h, held);
  EXPECT_EQ(h.app.ui.slide, slide_count() - 1);
  EXPECT_EQ(shown_step(h.app), current_slide_steps(h.app) - 1);
  // Each step held as long as its words take to read (the last: until the tour ends).
  for (size_t i = 0; i < held.size(); ++i) {
    if (held[i].step == 0)  // a slide's first step is read whole; the next ones add what they change
      EXPECT_GT(held[i].words, 20) << "slide " << held[i].slide << ": no narration counted";
    EXPECT_NEAR(held[i].seconds, tour_hold_seconds(held[i].words), 0.15)
        << "slide " << held[i].slide << " step " << held[i].step << ", " << held[i].words << " words";
  }
  // Then it stays: no more moves.
  const int slide = h.app.ui.slide, step = shown_step(h.app);
  h.frames(300, kDt);
  EXPECT_EQ(h.app.ui.slide, slide);
  EXPECT_EQ(shown_step(h.app), step);
}

// The words counted are the words the narration shows (read back from the screen).
TEST(TourApp, CountsTheWordsTheNarrationShows) {
  Headless h(ImVec2(1280, 800));
  h.init({"lookupviz", "--reset"});
  h.frames(3);
  start_tour(h);
  int checked = 0;
  for (int f = 0; f < 20000 && h.app.ui.tour.running && checked < 6; ++f) {
    h.frame(kDt);
    const TourState& t = h.app.ui.tour;
    if (t.words < 0 || t.slide != h.app.ui.slide || t.step != shown_step(h.app) || h.app.ui.timeline.target >= 0.0f ||
        h.app.ui.slide == 7)  // slide 7's figures arrive while it is read
      continue;
    if (t.step != 0) continue;  // one step a slide
    ImVec2 top, top_max, bottom, bottom_max;
    ASSERT_TRUE(find_landmark("narration-type", &top, &top_max));
    ASSERT_TRUE(find_landmark("step-back", &bottom, &bottom_max));
    const ScreenText s = read_screen();
    // The glyphs drawn in the narration's box (its left edge to the window's right, above the
    // transport), in drawing order; a gap wider than a fifth of the narration's em is a space.
    const float gap = (top_max.x - top.x) * 0.2f;
    std::string text;
    const Glyph* last = nullptr;
    for (const Glyph& g : s.glyphs) {
      if (g.min.x < top.x - 1.0f || g.top < top.y - 1.0f || g.max.y > bottom.y) continue;
      if (!last || std::fabs(g.top - last->top) > 0.5f || g.min.x - last->max.x > gap) text += ' ';
      last = &g;
      const unsigned c = g.c;  // as UTF-8
      if (c < 0x80) {
        text += static_cast<char>(c);
      } else if (c < 0x800) {
        text += static_cast<char>(0xC0 | (c >> 6));
        text += static_cast<char>(0x80 | (c & 0x3F));
      } else {
        text += static_cast<char>(0xE0 | (c >> 12));
        text += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        text += static_cast<char>(0x80 | (c & 0x3F));
      }
    }
    const int words = text_word_count(text.data(), text.data() + text.size());
    // (within 8 %: the screen's reading joins words where a bold font's space is narrow)
    EXPECT_NEAR(words, t.words, 2 + t.words * 0.08) << "slide " << t.slide << ": the screen's narration reads\n"
                                                    << text;
    ++checked;
    // On to the next slide.
    while (h.app.ui.tour.running && h.app.ui.slide == t.slide) h.frame(kDt);
  }
  EXPECT_EQ(checked, 6);
}

TEST(TourApp, AKeyStopsItWhereItIsAndDoesNothingElse) {
  Headless h(ImVec2(1280, 800));
  h.init({"lookupviz", "--reset"});
  h.frames(3);
  start_tour(h);
  while (h.app.ui.tour.running && !(h.app.ui.slide == 2 && shown_step(h.app) == 1)) h.frame(kDt);
  ASSERT_TRUE(h.app.ui.tour.running);
  h.frames(10, kDt);  // the step arrives
  h.press(kRight);    // → would go to slide 3
  EXPECT_FALSE(h.app.ui.tour.running);
  EXPECT_FALSE(h.app.ui.tour.finished);
  h.frames(1800, kDt);  // a minute: nothing moves by itself any more
  EXPECT_EQ(h.app.ui.slide, 2);
  EXPECT_EQ(shown_step(h.app), 1);
  ImVec2 a, b;
  EXPECT_FALSE(find_landmark("tour-badge", &a, &b));
  // Then the keys are the user's again.
  h.press(kRight);
  EXPECT_EQ(h.app.ui.slide, 3);
}

TEST(TourApp, AClickStopsItAndPressesNothing) {
  Headless h(ImVec2(1024, 768));
  h.init({"lookupviz", "--reset"});
  h.frames(3);
  start_tour(h);
  while (h.app.ui.tour.running && h.app.ui.slide < 1) h.frame(kDt);
  h.frames(20, kDt);
  ImVec2 a, b;
  EXPECT_TRUE(find_landmark("tour-badge", &a, &b));
  ASSERT_TRUE(h.click("next-slide"));
  EXPECT_FALSE(h.app.ui.tour.running);
  EXPECT_EQ(h.app.ui.slide, 1);  // the click stopped the tour; it did not turn the slide
}

TEST(TourApp, ReducedMotionAndPresentingGoEveryStepToo) {
  Headless h(ImVec2(1024, 768));
  h.init({"lookupviz", "--reset", "--reduced-motion"});
  h.app.ui.present.on = true;
  h.frames(3);
  start_tour(h);
  ImVec2 a, b;
  EXPECT_TRUE(find_landmark("tour-badge", &a, &b));  // presenting too (no status line there)
  const std::vector<Held> held = run_tour(h);
  EXPECT_TRUE(h.app.ui.tour.finished);
  expect_every_step(h, held);
  for (const Held& s : held)
    EXPECT_NEAR(s.seconds, tour_hold_seconds(s.words), 0.15) << "slide " << s.slide << " step " << s.step;
}

TEST(TourApp, LearnModesWaitsHoldsTheStep) {
  Headless h(ImVec2(1280, 800));
  h.init({"lookupviz", "--reset"});
  h.frames(3);
  start_tour(h);
  while (h.app.ui.tour.running && h.app.ui.slide < 2) h.frame(kDt);
  h.frames(10, kDt);
  h.app.ui.tour.waits = true;  // a question is asked
  const int step = shown_step(h.app);
  h.frames(1800, kDt);
  EXPECT_TRUE(h.app.ui.tour.running);
  EXPECT_EQ(h.app.ui.slide, 2);
  EXPECT_EQ(shown_step(h.app), step);
  EXPECT_LT(tour_wake_in(h.app), 0.0);  // nothing to wake for: the learner answers
  h.press(kDown);                       // the answer's keys are the question's: the tour goes on
  EXPECT_TRUE(h.app.ui.tour.running);
  h.app.ui.tour.waits = false;  // answered
  h.frames(2, kDt);
  EXPECT_GE(tour_wake_in(h.app), 1.9);  // the step is read again in full
  while (h.app.ui.tour.running && shown_step(h.app) == step) h.frame(kDt);
  EXPECT_TRUE(h.app.ui.tour.running);
  h.press(kSpace);  // no question waits: a key stops it
  EXPECT_FALSE(h.app.ui.tour.running);
}

// Between steps nothing animates: the loop sleeps until tour_wake_in, not spinning.
TEST(TourApp, TheLoopMaySleepBetweenSteps) {
  Headless h(ImVec2(1280, 800));
  h.init({"lookupviz", "--reset"});
  h.frames(3);
  start_tour(h);
  while (h.app.ui.tour.running && h.app.ui.slide < 1) h.frame(kDt);
  h.frames(45, kDt);  // 1.5 s: the step has arrived, its narration is counted, it is read
  ASSERT_TRUE(h.app.ui.tour.running);
  EXPECT_FALSE(app_animating(h.app));
  const double wake = tour_wake_in(h.app);
  EXPECT_GT(wake, 0.0);
  EXPECT_LE(wake, tour_hold_seconds(h.app.ui.tour.words));
}

// The badge covers no text: on every slide's last step, at the smallest window, the largest
// one here and presenting, no glyph but its own lies under it.
TEST(TourApp, TheBadgeCoversNoText) {
  for (const ImVec2 size : {ImVec2(1024, 768), ImVec2(1280, 800)}) {
    for (const bool present : {false, true}) {
      Headless h(size);
      h.init({"lookupviz", "--reset"});
      h.app.ui.present.on = present;
      for (int slide = 0; slide < slide_count(); ++slide) {
        show_slide_step(h.app, slide, -1);
        h.app.ui.tour.running = true;  // shown, not moving: this slide stays
        h.app.ui.tour.waits = true;
        h.frames(4);
        ImVec2 a, b;
        ASSERT_TRUE(find_landmark("tour-badge", &a, &b));
        const ScreenText s = read_screen();
        std::string under;
        for (const Glyph& g : s.glyphs) {
          const bool own = g.min.x >= a.x - 2 && g.max.x <= b.x + 2 && g.min.y >= a.y - 2 && g.max.y <= b.y + 2 &&
                           ((g.col >> IM_COL32_A_SHIFT) & 0xFF) > 0 && g.list == s.glyphs.back().list;
          const bool overlaps = g.max.x > a.x && g.min.x < b.x && g.max.y > a.y && g.min.y < b.y;
          if (overlaps && !own) under += static_cast<char>(g.c < 128 ? g.c : '#');
        }
        EXPECT_TRUE(under.empty()) << "slide " << slide << " at " << size.x << "x" << size.y
                                   << (present ? " presenting" : "") << ": the badge covers \"" << under << "\"";
      }
    }
  }
}

// ---------------------------------------------------------------- README's figure

// The README gives the tour's length for the state it opens with ("… takes about M min S s");
// the same tour, run here, must take that long within 5 s.
TEST(TourApp, ReadmeGivesTheTourLength) {
  Headless h(ImVec2(1280, 800));
  h.init({"lookupviz", "--reset", "--reduced-motion"});
  h.frames(3);
  start_tour(h);
  const double start = h.app.time;
  const std::vector<Held> held = run_tour(h);
  ASSERT_TRUE(h.app.ui.tour.finished);
  double sum = 0.0;
  for (const Held& s : held) {
    sum += tour_hold_seconds(s.words);
    std::printf("  slide %d step %d: %d words, held %.1f s\n", s.slide, s.step + 1, s.words, s.seconds);
  }
  const double took = h.app.time - start;
  std::printf("the tour: %zu steps, %.1f s of holds, %.1f s run\n", held.size(), sum, took);
  std::ifstream f(LOOKUPVIZ_SOURCE_DIR "/README.md");
  std::stringstream ss;
  ss << f.rdbuf();
  const std::string readme = ss.str();
  std::smatch m;
  ASSERT_TRUE(std::regex_search(readme, m, std::regex(R"(tour[^\n]*takes about (\d+) min (\d+) s)")))
      << "README.md should say how long the tour takes: \"… takes about M min S s\"";
  const double said = std::stod(m[1].str()) * 60.0 + std::stod(m[2].str());
  EXPECT_NEAR(said, took, 5.0) << "README says " << m[1] << " min " << m[2] << " s; the tour took " << took << " s";
}

}  // namespace
}  // namespace lv::app::test
