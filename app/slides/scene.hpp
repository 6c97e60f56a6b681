// scene.hpp — what every slide's canvas starts from, so the canvas reads as a scene:
// the common locals (Scene), a step's named phases (Phase, phase()), and when a grid
// follows the current ID (follow_now(); FollowKey is in app_state.hpp).
//
//   constexpr Phase kFlyIn{0.12f, 0.42f};   // the strip's entries fly down
//   const Scene s(c);                       // app, model, IDs, palette, draw list, em
//   const float fly = phase(s.p, kFlyIn);   // 0 before, 1 after, linear between
#pragma once
#include <imgui.h>

#include <cstddef>
#include <cstdint>

#include "app/state/slide_context.hpp"
#include "app/ui_base/ui_theme.hpp"
#include "app/slides/slides.hpp"
#include "app/widgets/widget_matrix_grid.hpp"

namespace lv::app {

// A named part of a step: [start, end] within its progress 0..1.
struct Phase {
  float start, end;
};

// How far progress p is through phase ph: 0 before it starts, 1 once it ends.
float phase(float p, Phase ph);

// The locals every canvas opens with, plus the step being shown: cur (−1 before the
// first step), its eased progress p, the ID it looks up and that ID's colour.
struct Scene {
  explicit Scene(SlideCanvas& c);
  SlideCanvas& c;
  const SlideContext& cx;
  const Derived& d;
  const IdList& ids;
  const Palette& pal;
  ImDrawList* dl;
  float e;          // em() at the canvas's zoom
  int cur;          // the step being shown, −1 before the first
  float p;          // its progress (0 before the first step)
  int64_t cur_id;   // ids[cur]; −1 before the first step and on a step past the IDs (slide 6's matmul)
  size_t cur_i;     // cur as an index (0 before the first step)
  ImU32 cur_color;  // id_color(cur_i)
};

// What a slide that follows the current ID with its grids remembers (its own state,
// SlideContext::own): the key it last scrolled for.
struct FollowMemory {
  FollowKey followed;
};

// True when the grids should scroll to the current ID now (a step is shown and the key
// changed since `last`); remembers `now` in `last` unless measuring (app/deck/canvas_fit.hpp).
bool follow_now(FollowKey& last, const FollowKey& now, bool measuring);
// What a grid follows the IDs for: the IDs and the table's shape, not its values (a cell
// typed into a grid must stay in view, not make the grid jump to the IDs' rows).
uint64_t batch_key(const SlideContext& cx);

// The rows a grid onto n rows shows in room_px: all of them up to kWholeUpTo (a small
// matrix is whole: the canvas fit shrinks the type instead), else what fits, from 4 to
// cap — fewer than kWholeUpTo when a long one shares the height with others.
int window_rows(int n, float room_px, float cell_px, int cap);

// The height of a grid's labels and scroll note (its size less its rows), for budgets.
float grid_chrome_h(int rows, int cols, const GridStyle& gs);

}  // namespace lv::app
