// tour.cpp — the tour's clock (tour.hpp): how long a step is held, and when it moves on.
#include "app/chrome/tour.hpp"

#include <algorithm>

namespace lv::app {

double tour_hold_seconds(int words) {
  return std::max(kTourMinHoldSeconds, static_cast<double>(std::max(words, 0)) * 60.0 / kTourWordsPerMinute);
}

int text_word_count(const char* text, const char* end) {
  int n = 0;
  bool in_word = false;
  for (const char* p = text; p < end; ++p) {
    const bool space = *p == ' ' || *p == '\n' || *p == '\t' || *p == '\r';
    if (!space && !in_word) ++n;
    in_word = !space;
  }
  return n;
}

void tour_begin(TourState& t, double speed) {
  t = TourState{};
  t.running = true;
  t.speed = speed > 0.0 ? speed : 1.0;
}

void tour_end(TourState& t) {
  const bool waits = t.waits;  // Learn mode's, not the tour's
  t = TourState{};
  t.waits = waits;
}

TourMove tour_tick(TourState& t, double now, const TourView& v) {
  if (!t.running) return TourMove::None;
  if (v.slide != t.slide || v.step != t.step) {
    t.slide = v.slide;
    t.step = v.step;
    t.since = now;
    t.words = -1;
  }
  if (t.waits) {
    t.since = now;  // the question is answered first; then the step is read
    return TourMove::None;
  }
  if (!v.settled || t.words < 0 || now - t.since < tour_hold_seconds(t.words) / t.speed) return TourMove::None;
  if (v.step < v.steps - 1 || v.slide < v.slides - 1) {
    t.step = -2;  // the next step's hold starts when it shows (and its narration is drawn)
    t.words = -1;
    return v.step < v.steps - 1 ? TourMove::NextStep : TourMove::NextSlide;
  }
  tour_end(t);
  t.finished = true;
  return TourMove::Finished;
}

double tour_due_in(const TourState& t, double now) {
  if (!t.running || t.waits || t.words < 0) return -1.0;
  return std::max(0.0, t.since + tour_hold_seconds(t.words) / t.speed - now);
}

void tour_words_drawn(TourState& t, int slide, int step, int words) {
  if (!t.running || slide != t.slide || step != t.step) return;
  t.words = std::max(t.words, words);
}

}  // namespace lv::app
