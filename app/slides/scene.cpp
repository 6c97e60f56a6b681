// scene.cpp — the shared opening of a slide's canvas, its phases and its follow rule.
#include "app/slides/scene.hpp"

#include <algorithm>

#include "app/ui_base/ui_draw.hpp"

namespace lv::app {

float phase(float p, Phase ph) { return std::clamp((p - ph.start) / (ph.end - ph.start), 0.0f, 1.0f); }

Scene::Scene(SlideCanvas& canvas)
    : c(canvas),
      cx(canvas.cx),
      d(canvas.cx.model.derived),
      ids(canvas.cx.model.inputs.ids),
      pal(canvas.pal),
      dl(canvas.dl),
      e(em()),
      cur(canvas.current()),
      p(cur >= 0 ? canvas.progress(cur) : 0.0f),
      cur_id(cur >= 0 && static_cast<size_t>(cur) < ids.size() ? ids[static_cast<size_t>(cur)] : -1),
      cur_i(cur >= 0 ? static_cast<size_t>(cur) : 0),
      cur_color(id_color(cur_i)) {}

bool follow_now(FollowKey& last, const FollowKey& now, bool measuring) {
  const bool changed = !(now == last);
  if (!measuring) last = now;
  return now.step >= 0 && changed;
}

uint64_t batch_key(const SlideContext& cx) {
  uint64_t h = 1469598103934665603ull;  // FNV-1a over the IDs, V and D
  auto mix = [&h](uint64_t v) { h = (h ^ v) * 1099511628211ull; };
  for (int64_t id : cx.model.inputs.ids) mix(static_cast<uint64_t>(id));
  mix(static_cast<uint64_t>(cx.model.derived.vocab));
  mix(static_cast<uint64_t>(cx.model.derived.dim));
  return h;
}

int window_rows(int n, float room_px, float cell_px, int cap) {
  if (n <= kWholeUpTo) return n;
  return std::clamp(static_cast<int>(room_px / cell_px), 4, cap);
}

float grid_chrome_h(int rows, int cols, const GridStyle& gs) {
  GridStyle probe_style = gs;
  probe_style.max_rows = std::min(rows, kWholeUpTo);  // a cut grid, with its scroll note, when it will be one
  GridView probe;
  const GridLayout g = grid_layout(ImVec2(), rows, cols, probe, probe_style);
  return g.size.y - g.ch * static_cast<float>(g.shown_rows);
}

}  // namespace lv::app
