// tour.hpp — the narrated tour (issue 28, item 4): every slide from 0 to the last, every
// step, hands-free, each step held as long as its narration takes to read; any key or
// click hands control back. Plain data and pure functions of the time they are given (no
// ImGui, no App): app/app_tour.cpp moves the deck when tour_tick says so, and the tests
// drive it with a fake clock.
#pragma once
#include <string>

namespace lv::app {

inline constexpr double kTourWordsPerMinute = 200.0;  // reading speed, about
inline constexpr double kTourMinHoldSeconds = 2.0;    // no step goes by faster

// Seconds a step whose narration has `words` words is held: max(2 s, words / 200 a minute).
double tour_hold_seconds(int words);

// The words of text[0, end): runs of anything but spaces and line breaks with a letter or a
// digit in them ("—", "×" and "→" alone are not read).
int text_word_count(const char* text, const char* end);

// The words a step adds to its slide's narration: those of text[0, end)'s sentences that
// `read` (the narration as the previous step showed it) does not have, wherever either is
// wrapped. A step that only changes its "Now: …" sentence is held for that sentence, not for
// the whole narration again.
int tour_new_words(const std::string& read, const char* text, const char* end);

struct TourState {
  bool requested = false;  // T, View ▸ Tour, --tour: starts (from slide 0) at the next frame
  bool from_here = false;  // … from the slide and step shown (T pressed while a question was asked)
  bool running = false;    // the tour moves the deck
  // Learn mode's hook (issue 28, item 2): while true the tour holds the step shown (a
  // question waits for its answer), keys and clicks are the answer's (they do not stop the
  // tour), and the step's hold starts again when it turns false.
  bool waits = false;
  double speed = 1.0;     // time scale: 2 holds every step half as long (LOOKUPVIZ_TOUR_SPEED, tests)
  int slide = -1;         // the step being held: its slide …
  int step = -2;          // … and its step (current_step: -1 before the first)
  double since = 0.0;     // app time it was first shown
  int words = -1;         // the words it adds to the narration, as drawn (-1: not drawn yet)
  std::string shown;      // its narration as drawn (ImGui's log: a line a line)
  std::string read;       // the narration of the slide's previous step ("": the slide's first step)
  bool finished = false;  // it ended at the last step of the last slide (not stopped by a key)
};

// What is on screen, as the tour sees it.
struct TourView {
  int slide = 0, step = -1;   // the slide, and the step shown (current_step)
  int steps = 1, slides = 1;  // the slide's step count, the deck's slide count
  bool settled = true;        // nothing moves (the timeline reached its step)
};

enum class TourMove {
  None,       // hold on
  NextStep,   // the slide's next step
  NextSlide,  // the next slide, from its first step
  Finished,   // the last step of the last slide was held: the tour stopped
};

// One tick at app time `now`: a new step shown starts its hold; a step held for its time
// (once drawn, settled and not waiting) moves on. Returns the move the App makes.
TourMove tour_tick(TourState& t, double now, const TourView& v);

// Seconds from `now` until tour_tick will move (the idle loop sleeps that long); < 0 when
// no time will move it (not running, waiting, or its step not drawn yet).
double tour_due_in(const TourState& t, double now);

// The narration of (slide, step) was drawn as text[0, end): the step is held for the most
// new words it showed (a figure arriving later lengthens it).
void tour_narration_drawn(TourState& t, int slide, int step, const char* text, const char* end);

// Starting and stopping (the App's side also moves the deck: app/app_tour.hpp).
void tour_begin(TourState& t, double speed);
void tour_end(TourState& t);

}  // namespace lv::app
