// slide_07_scale.hpp — slide 7 ("At scale")'s own state: the heat map's view of the whole
// table and the worker that builds, summarizes and times it (app/model/scale_worker.hpp).
// For slide 7 and its tests; nothing else in app/ includes it (structure.layers).
#pragma once
#include <cstdint>
#include <memory>

#include "app/model/scale_worker.hpp"
#include "app/slides/slide_07_map.hpp"
#include "app/slides/slides.hpp"
#include "app/state/slide_context.hpp"
#include "app/widgets/widget_heatmap.hpp"

namespace lv::app {

// Slide 7's state. GPT-2 small's table at full size: built and timed on the worker, drawn by the heat map
// widget (app/widgets/widget_heatmap.hpp). Kept with slide 7 (slide_state), not in UiState.
struct ScaleState {
  int64_t vocab = 50257, dim = 768;     // the table's shape: GPT-2 small (tests use a small one)
  HeatmapState heatmap;                 // the view, the renderer's request, the GPU upload status
  int view_step = -2;                   // the step whose view the map last followed (a new step resets a user's zoom)
  bool auto_timing = true;              // time the two paths when the timing step is reached (off after Cancel)
  uint64_t timed_version = 0;           // the table version timing was started for (0: none)
  uint64_t seen_revision = 0;           // the worker's snapshot revision the code panel shows
  std::unique_ptr<ScaleWorker> worker;  // created when the slide is first updated on screen
  int view = 0;                         // the canvas's toggle: 0 the heat map, 1 the map (the session keeps it)
  ScaleMapState map;                    // the map view's worker, answer and plot (app/slides/slide_07_map.hpp)
};
inline constexpr int kScaleViewHeatmap = 0, kScaleViewMap = 1;

// Learn mode's speedup_estimate (issue 28): the lookup-over-matmul ratio slide 7 measured at
// batch size `batch` (one of kTimingBatches), once both paths are timed (its SlideDef::measure).
using MeasuredSpeedup = SlideMeasure;
MeasuredSpeedup measured_speedup(const SlideContext& cx, int batch);

// Slide 7's state (made at first use); find_: null until then.
ScaleState& scale_state(const SlideContext& cx);
const ScaleState* find_scale_state(const SlideContext& cx);

}  // namespace lv::app
