// narration_fit.hpp — the narration's text size, chosen as the canvas's is (canvas_fit.hpp):
// measured off screen before it is drawn, at the end of every step of the slide.
//
// The size used to be found by drawing: a frame at the largest size, then one size smaller
// each other frame while the column scrolled. What it settled on depended on what came
// before: the steps already shown (slide 8 at 1024 × 768 kept step 4's smaller type back
// at step 1), a scroll bar left from the last frame (it narrows the column, so the text
// wraps taller), and text that grew on screen (slide 7's timings). A picture from the
// command line comes from none of that history, so it differed from the window's Ctrl+S
// (issue 38, item 2). Measured, the size depends on the state alone.
#pragma once

#include <vector>

namespace lv::app {

struct App;
struct SlideDef;

struct NarrationFit {
  int level = 0;               // the narration's zoom level (narration_top_level() .. kNarrativeMinLevel)
  bool fits = false;           // every step fits the height at it (else the column scrolls, at the smallest)
  std::vector<float> heights;  // each step's text height at that level (step 0 first)
};

// Measures `slide`'s narrative in the current window (its text wrapped at the window's full
// width: it is drawn without a scroll bar when it fits) at the end of each of its steps, from
// the largest level down, and returns the largest level at which every step's text is no
// taller than `height` and no wider than the window. Nothing is drawn or reported, and the window's cursor is restored.
NarrationFit choose_narration_level(App& app, const SlideDef& slide, float height);

// The height of what the current window drew below `top` (a screen y) this frame, as measured.
float narration_drawn_height(float top);

}  // namespace lv::app
