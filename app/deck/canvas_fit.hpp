// canvas_fit.hpp — the one layout mechanism every slide shares: measure, then draw.
//
// Before a slide's canvas is drawn for a new shape, size or slide, its scene is laid
// out off screen (`SlideCanvas::measuring`: nothing is drawn, nothing is interactive)
// at the end state of each of its steps and at each canvas zoom level, and the largest
// level at which every step fits the canvas is kept. So a 4 × 5 table never loses a
// column while space is free (its type shrinks, down to 0.66 em, before anything
// scrolls), a small table in a big window is drawn larger, and nothing jumps between
// the steps of a slide: they share one level. As imgui_memory_editor computes its
// Sizes before it draws.
#pragma once
#include <imgui.h>

#include <cstdint>

namespace lv::app {

struct App;
struct SlideDef;

// What the fit was last chosen for; a change of any of these measures again. The
// view (slide, room, type size) and the model (shape, IDs, file) are told apart:
uint64_t canvas_view_key(const App& app, ImVec2 avail);
uint64_t canvas_fit_key(const App& app, ImVec2 avail);  // the view and the model

// Measures `slide` in the current (canvas) window at `origin` with `avail` room and
// returns the zoom level to draw it at (an index into kCanvasZoom). With `keep` >= 0
// (only the model changed: an ID added, D changed) that level is kept while the scene
// still fits it, so editing does not make the type jump; it only shrinks when it must.
// `extent` (when given) receives the largest extent of the slide's steps at that level:
// the canvas centres what is smaller than its room (a slide never sits in a corner).
int choose_canvas_level(App& app, const SlideDef& slide, ImVec2 origin, ImVec2 avail, int keep = -1,
                        ImVec2* extent = nullptr);

}  // namespace lv::app
