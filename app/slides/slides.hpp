// slides.hpp — the slide registry: what a slide is (SlideDef: title, step count, what it
// draws) and the list of them in order (LV_SLIDES). Each slide_NN_*.cpp defines one.
#pragma once
#include <imgui.h>

#include <span>
#include <string>

#include "app/app_state.hpp"
#include "app/chrome/ui_theme.hpp"

namespace lv::app {

// What a slide's canvas function gets: where to draw and how far the animation is.
struct SlideCanvas {
  App& app;
  const Palette& pal;
  ImDrawList* dl;
  ImVec2 origin;  // top-left of the canvas content (already padded)
  ImVec2 avail;   // the room the canvas shows without scrolling
  int steps;      // this slide's step count
  bool measuring = false;  // laid out off screen to choose the zoom (app/slides/canvas_fit.hpp): no
                           // interaction, no popups or tooltips; dl goes nowhere
  // Eased progress of step k in [0, 1] (1 for every step in reduced motion once reached).
  float progress(int k) const;
  int current() const;  // the step being shown, -1 before the first
};

struct SlideDef {
  const char* title;                                  // "The lookup"
  int (*steps)(const App& app);                       // timeline length (>= 1)
  void (*narrative)(App& app);                        // the text beside the demo (ImGui text calls)
  ImVec2 (*canvas)(SlideCanvas& c);                   // draws the demo; returns the content size used
  void (*caption)(const App& app, char* buf, size_t n);  // the line under the demo
  void (*code)(const App& app, std::string& code, std::string& output);  // "The real code" and its output
  bool fills_canvas = false;  // sizes itself to the room it gets (the heat map): never zoomed
  unsigned table_work = 0;    // the model's whole-table work it draws (core/work_budget.hpp TableWork
                              // bits): all a command-line picture of it waits for, and is budgeted
  // Notes the output panel draws beside some ">>> expr" lines (null: none); never part of the output.
  void (*output_notes)(const App& app, OutputNotes& notes) = nullptr;
};

// Row r of the model's table as float32 (read where it lies, edits applied) into a
// buffer the UI keeps: for a row's values in flight. Valid until the next call.
inline const float* table_row(App& app, int64_t r) {
  std::vector<float>& buf = app.ui.row_buf;
  buf.resize(static_cast<size_t>(app.derived.dim));
  app.derived.table.read_row(r, buf.data());
  return buf.data();
}

// A slide's index in the table is its number: 0 "Text → token IDs" (before the table),
// 1–5 the page's five, 6–8 beyond (--slide, the strip, the keys 0–9, the session).
std::span<const SlideDef> slide_table();
inline int slide_count() { return static_cast<int>(slide_table().size()); }
// The digit keys that jump to a slide, as the help and status line name them: "0 – 8"
// (a slide's key is its number; slides past 9 are reached with ← / →).
std::string slide_keys_label();

// The slides in order, one line each: adding a slide is its file (slide_NN_name.cpp,
// defining its SlideDef) and its line here. The count, --slide's range, the keys and the
// help text follow (kSlideCount, counted from the files by CMakeLists.txt); a test checks
// the README's table of slides against slide_table().
#define LV_SLIDES(X)   \
  X(kSlideTokenizer)   \
  X(kSlideTable)       \
  X(kSlideLookup)      \
  X(kSlideOneHot)      \
  X(kSlideMatmul)      \
  X(kSlideSameNumbers) \
  X(kSlideBackward)    \
  X(kSlideAtScale)     \
  X(kSlideGpt)

#define LV_DECLARE_SLIDE(name) extern const SlideDef name;
LV_SLIDES(LV_DECLARE_SLIDE)
#undef LV_DECLARE_SLIDE

}  // namespace lv::app
