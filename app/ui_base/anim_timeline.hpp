// anim_timeline.hpp — a slide's animation as a sequence of steps.
// Timeline::pos runs from 0 (before the first step) to `steps` (every step done);
// step k's transition is pos in (k, k+1): it eases in over the first part of that
// unit and holds for the rest, so a playing slide pauses on every state.
#pragma once

namespace lv::app {

// A slide is a sequence of steps; `pos` runs from 0 to steps: step k is shown
// fully when pos == k + 1, and pos in (k, k+1) is the transition into step k.
struct Timeline {
  float pos = 0.0f;  // 0 .. steps
  bool playing = false;
  float speed = 1.0f;    // 1x: one step per kStepSeconds
  float target = -1.0f;  // >= 0: moving to this pos (a manual step), then stop
};

constexpr float kStepSeconds = 1.4f;   // one step at 1x speed
constexpr float kMoveFraction = 0.6f;  // the part of a step spent moving (the rest holds)

// Advances a playing timeline (or one moving to `target`) by dt seconds.
// Returns true while something is moving (the loop must keep drawing).
bool timeline_advance(Timeline& t, int steps, float dt, bool reduced_motion);

// The eased progress of step k in [0, 1]: 0 before it, 1 once it is done.
float step_progress(const Timeline& t, int k, bool reduced_motion);
// The step being shown (the last one started), -1 before the first.
int current_step(const Timeline& t, int steps);

void timeline_play_pause(Timeline& t, int steps);
void timeline_step(Timeline& t, int steps, int delta, bool reduced_motion);  // animate to the next/prev end state
void timeline_seek(Timeline& t, int steps, float pos);                       // jump (scrubber)
void timeline_finish(Timeline& t, int steps);                                // jump to the end state

float ease_in_out(float x);  // cubic, 0 -> 0, 1 -> 1, flat at both ends

}  // namespace lv::app
