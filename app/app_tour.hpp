// app_tour.hpp — the narrated tour's side in the App (its clock: app/ui_base/tour.hpp).
// T, View ▸ Tour and --tour set ui.tour.requested; the frame then calls:
//   tour_frame()                 before the shortcuts: starts a requested tour, stops it on
//                                any key or click (that input goes nowhere else; Learn mode's
//                                question and verdict keep theirs), and moves
//                                the deck when the step has been held long enough
//   tour_narration_begin / end   around the slide's narrative: its words, as drawn, set the hold
//   draw_tour_badge()            "Tour — any key stops" in the canvas's corner while it runs
//                                (while a question holds it, the question panel says
//                                "Tour — answer to go on (S shows it)" instead)
// The idle loop asks tour_needs_frame() and tour_wake_in() (it sleeps between steps).
#pragma once
#include <imgui.h>

#include "app/state/app_state.hpp"

namespace lv::app {

// The time scale LOOKUPVIZ_TOUR_SPEED asks for (tests: a tour in seconds), else 1.
double tour_speed_from_env();

// Returns true when this frame's input stopped the tour (the shortcuts must not see it).
bool tour_frame(App& app);
// The tour needs a frame now: its step's narration has not been drawn yet.
bool tour_needs_frame(const App& app);
// Seconds (from app.time) until the tour moves on; < 0: no wake-up needed for it.
double tour_wake_in(const App& app);

// Around SlideDef::narrative while the tour runs: what ImGui draws in between is captured
// (ImGui's log) and its words counted for the step shown. Nothing is captured otherwise.
void tour_narration_begin(App& app);
void tour_narration_end(App& app);

// "Tour — any key stops" in the corner `corner` (the canvas's bottom right), while it runs.
void draw_tour_badge(App& app, ImVec2 corner);

}  // namespace lv::app
