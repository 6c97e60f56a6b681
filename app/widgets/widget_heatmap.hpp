// widget_heatmap.hpp — any V × D float table as a heat map: a diverging colour map
// around 0 (blue − · 0 · + red, scaled by the largest |value|), rows highlighted in
// their IDs' colours, mouse-wheel zoom at the cursor, drag to pan, hover readout.
// It borrows the numbers (pointer + shape, row-major) like the matrix grid.
//
// The UI library never calls GL (it runs headless in tests): the widget fills a
// HeatmapRequest and hands it to the renderer through an ImDrawList callback. The
// platform installs the renderer at start-up (app/platform/gl_heatmap.cpp: tiled R8
// textures + shaders/heatmap.*); without one (tests), or when it failed, the widget
// draws a coarse grid of ImGui rectangles sampled from the table instead.
//
//   HeatmapState st;                                  // persistent: view, request, GPU status
//   HeatmapHover h = heatmap_draw(dl, "##map", pos, size, table, st, highlights, n, style, pal);
//
// Sections: view · table and style · request (the renderer's contract) · widget
#pragma once
#include <imgui.h>

#include <cstdint>

#include "core/heatmap/heatmap_axis.hpp"
#include "core/io/table_file.hpp"

namespace lv::app {

struct Palette;  // app/ui_base/ui_theme.hpp

// ---------------------------------------------------------------- view
// What part of the table is shown. `span` is the zoom: how many rows a cell-square
// view would show. Visible rows = min(rows, span); visible columns follow so that a
// cell is `cell_aspect` times wider than tall, capped by the table's columns. So a
// tall table zooms its rows first until cells are square-ish, then both together.
struct HeatmapView {
  double span = 0.0;              // 0: the whole table
  double row0 = 0.0, col0 = 0.0;  // top-left visible table coordinate (fractional)
};

// The visible range a view gives for a table in a rect of w × h pixels.
struct HeatmapRange {
  double row0 = 0, rows = 1, col0 = 0, cols = 1;
};
HeatmapRange heatmap_range(const HeatmapView& v, int64_t rows, int64_t cols, float w, float h, float cell_aspect);
// The range's rows over h pixels, its columns over w pixels: the one row ↔ pixel mapping.
inline HeatmapAxis heatmap_row_axis(const HeatmapRange& r, float h) { return {r.row0, r.rows, h}; }
inline HeatmapAxis heatmap_col_axis(const HeatmapRange& r, float w) { return {r.col0, r.cols, w}; }
double heatmap_full_span(int64_t rows, int64_t cols, float w, float h, float cell_aspect);
// A view that shows rows [r0, r1) (centred, columns from 0), for animated zooms.
HeatmapView heatmap_view_rows(double r0, double r1, int64_t rows, int64_t cols, float w, float h, float cell_aspect);
// Interpolates two views (zoom in log space) at t in [0, 1].
HeatmapView heatmap_view_lerp(const HeatmapView& a, const HeatmapView& b, float t, int64_t rows, int64_t cols, float w,
                              float h, float cell_aspect);

// ---------------------------------------------------------------- table and style
struct HeatmapTable {
  const float* data = nullptr;      // rows × cols, row-major; or null and the rows read from `file`
  const TableFile* file = nullptr;  // a table read where it lies (mapped, any dtype); neither: nothing yet
  int64_t rows = 0, cols = 0;
  uint64_t version = 0;  // changes whenever the numbers change (the renderer re-uploads)
  float abs_max = 1.0f;  // the colour scale: ±abs_max are the ends (finite values only)
  // Optional: the table shrunk to a coarser grid (each cell: its block's value of
  // largest magnitude, core/heatmap/heatmap_aggregate.hpp), drawn when zoomed far out; as
  // texture bytes, heatmap_encode(value, overview_norm).
  const uint8_t* overview = nullptr;
  int64_t overview_rows = 0, overview_cols = 0;
  float overview_norm = 1.0f;
};

// The table's identity for the renderer (what is uploaded), and one value of it.
inline const void* heatmap_source(const HeatmapTable& t) {
  return t.data ? static_cast<const void*>(t.data) : static_cast<const void*>(t.file);
}
inline float heatmap_value(const HeatmapTable& t, int64_t row, int64_t col) {
  return t.data ? t.data[row * t.cols + col] : t.file->at(row, col);
}

struct HeatmapHighlight {
  int64_t row = 0;  // a table row
  ImU32 color = 0;  // its ID's colour
};
constexpr int kHeatmapMaxHighlights = 32;  // more highlights are drawn as overlay marks only

struct HeatmapStyle {
  float gamma = 0.55f;       // colour = (|v| / abs_max)^gamma: < 1 lifts the common small values
  float cell_aspect = 2.4f;  // zoomed in, a cell is this many times wider than tall
  float dim_others = 0.0f;   // 0..1: fade every row but the highlighted ones
  float opacity = 1.0f;      // the whole map fades in with this
  bool light = false;        // the light theme's map (white centre) instead of the dark one
  bool numbers = true;       // print the values once cells are big enough
  bool interactive = true;   // wheel zoom, drag pan, double-click resets
};

// The colour map's stops (linear RGB 0..1), shared by the shader and the CPU fallback.
struct HeatmapColors {
  float mid[3], neg_mid[3], neg[3], pos_mid[3], pos[3], nan[3];
};
const HeatmapColors& heatmap_colors(bool light);
ImU32 heatmap_color(float v, float scale, float gamma, const HeatmapColors& c);

// ---------------------------------------------------------------- request
// What the renderer draws in its ImDrawList callback (UserCallbackData points at
// a HeatmapRequest that lives in the HeatmapState, valid until the next frame).
struct HeatmapGpuStatus {      // written back by the renderer, read by the UI next frame
  bool active = false;         // a renderer drew this map
  bool failed = false;         // it could not (shader/texture error): the widget falls back to rects
  bool ready = false;          // the full-resolution level is uploaded (zoomed-in views are exact)
  bool used_overview = false;  // the last frame drew the aggregated level
  bool drew = false;           // the last frame drew the map (else: the view's cells still uploading)
  int64_t uploaded_rows = 0;   // full-resolution rows uploaded so far (it uploads a band per frame)
  int max_texture_size = 0;    // GL_MAX_TEXTURE_SIZE (texture sides are capped at min(it, 16,384))
  int tiles = 0;               // textures holding the full-resolution table
};

struct HeatmapRequest {
  HeatmapTable table;
  ImVec2 min, max;     // the map's rectangle (ImGui display coordinates)
  HeatmapRange range;  // the visible table rows and columns
  float scale = 1.0f;  // 1 / abs_max
  float gamma = 0.55f;
  float dim_others = 0.0f;
  float opacity = 1.0f;
  float grid = 0.0f;  // 0..1: cell borders (when cells are big on screen)
  HeatmapColors colors{};
  float background[3] = {0, 0, 0};  // what faded rows and cell borders fade towards
  int highlights = 0;
  float hl_row[kHeatmapMaxHighlights] = {};
  float hl_color[kHeatmapMaxHighlights][4] = {};
  ImVec2 display_pos, display_size, framebuffer_scale;  // as ImDrawData has them
  HeatmapGpuStatus* status = nullptr;
};

// The renderer: an ImDrawList callback whose UserCallbackData is a HeatmapRequest*.
// Null (the default) in the headless UI: the widget draws its CPU fallback.
void heatmap_set_renderer(ImDrawCallback renderer);
ImDrawCallback heatmap_renderer();

// ---------------------------------------------------------------- widget
struct HeatmapState {
  HeatmapView view;
  HeatmapRequest request;  // the callback's data (kept here so it outlives the frame)
  HeatmapGpuStatus gpu;
  bool user_moved = false;  // the user zoomed or panned since the last reset
  float last_w = 0, last_h = 0;
};

struct HeatmapHover {
  bool valid = false;
  int64_t row = 0, col = 0;
  float value = 0.0f;
};

// Draws the map in [pos, pos + size] (no axes; see heatmap_draw_axes), handles the
// mouse (an invisible button named `id`), and returns what the mouse is over.
HeatmapHover heatmap_draw(ImDrawList* dl, const char* id, ImVec2 pos, ImVec2 size, const HeatmapTable& t,
                          HeatmapState& st, const HeatmapHighlight* highlights, int n_highlights,
                          const HeatmapStyle& style, const Palette& pal);

// Row ticks at the left and column ticks on top of a map drawn at [pos, pos + size].
void heatmap_draw_axes(ImDrawList* dl, ImVec2 pos, ImVec2 size, const HeatmapRange& r, const Palette& pal);

// A horizontal colour bar for the scale: −abs_max … 0 … +abs_max. Returns its size.
ImVec2 heatmap_draw_legend(ImDrawList* dl, ImVec2 pos, float width, float abs_max, const HeatmapStyle& style,
                           const Palette& pal);

}  // namespace lv::app
