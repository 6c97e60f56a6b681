// anim_timeline.cpp — play, pause, step and scrub a slide's steps.
#include "app/ui_base/anim_timeline.hpp"

#include <algorithm>
#include <cmath>

namespace lv::app {

float ease_in_out(float x) {
  x = std::clamp(x, 0.0f, 1.0f);
  return x < 0.5f ? 4.0f * x * x * x : 1.0f - std::pow(-2.0f * x + 2.0f, 3.0f) / 2.0f;
}

bool timeline_advance(Timeline& t, int steps, float dt, bool reduced_motion) {
  const float end = static_cast<float>(steps);
  t.pos = std::clamp(t.pos, 0.0f, end);
  const float rate = t.speed / kStepSeconds;
  if (t.target >= 0.0f) {
    if (reduced_motion) t.pos = t.target;
    const float d = t.target - t.pos;
    const float move = rate * 1.6f * dt;  // a manual step moves a little faster than playback
    if (std::fabs(d) <= move) {
      t.pos = t.target;
      t.target = -1.0f;
      return false;
    }
    t.pos += d > 0 ? move : -move;
    return true;
  }
  if (!t.playing) return false;
  t.pos += rate * dt;
  if (t.pos >= end) {
    t.pos = end;
    t.playing = false;
  }
  return true;
}

float step_progress(const Timeline& t, int k, bool reduced_motion) {
  const float local = t.pos - static_cast<float>(k);
  if (local <= 0.0f) return 0.0f;
  if (reduced_motion) return 1.0f;
  return ease_in_out(local / kMoveFraction);
}

int current_step(const Timeline& t, int steps) {
  if (t.pos <= 0.0f) return -1;
  return std::min(steps - 1, static_cast<int>(std::ceil(t.pos)) - 1);
}

void timeline_play_pause(Timeline& t, int steps) {
  t.target = -1.0f;
  if (t.playing) {
    t.playing = false;
    return;
  }
  if (t.pos >= static_cast<float>(steps)) t.pos = 0.0f;  // play from the start again
  t.playing = true;
}

void timeline_step(Timeline& t, int steps, int delta, bool reduced_motion) {
  t.playing = false;
  const float from = t.target >= 0.0f ? t.target : t.pos;
  // Snap to the neighbouring end state: forward from 1.3 goes to 2, back to 1.
  float to = delta > 0 ? std::floor(from) + 1.0f : std::ceil(from) - 1.0f;
  to = std::clamp(to, 0.0f, static_cast<float>(steps));
  if (reduced_motion) {
    t.pos = to;
    t.target = -1.0f;
  } else {
    t.target = to;
  }
}

void timeline_seek(Timeline& t, int steps, float pos) {
  t.playing = false;
  t.target = -1.0f;
  t.pos = std::clamp(pos, 0.0f, static_cast<float>(steps));
}

void timeline_finish(Timeline& t, int steps) { timeline_seek(t, steps, static_cast<float>(steps)); }

}  // namespace lv::app
