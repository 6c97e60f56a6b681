// widget_map_plot.hpp — every row of a table as a point on a plane (two of its principal
// coordinates, core/nearest/table_pca.hpp): the points as tiny quads with alpha (density
// shows where they pile up), some rows as ID chips, lines from one point to others; the
// mouse wheel zooms at the cursor, a drag pans, a double-click fits. The point under the
// cursor comes from the map's grid index (core/nearest/map_grid.hpp), never a scan.
//
//   MapPlotView view;                           // persistent: centre and scale (0: fit)
//   MapPlotHit hit = map_plot_draw("##map", size, input, view, pal);
//
// 128,256 quads are 512,000 vertices: more than 16-bit indices address, so the points are
// reserved in runs of 16,383 quads (the draw list starts a new vertex offset between runs,
// which the renderer allows: ImGuiBackendFlags_RendererHasVtxOffset). Without that flag
// (a test's headless context), every n-th point is drawn, at most 16,000. A square of a
// quad's size takes at most 4: the alpha has saturated there, more would only cost vertices.
// In the window the points are not quads: the GL renderer (app/platform/gl_map_points.hpp,
// installed by main.cpp) keeps every row's coordinates and colour in a vertex buffer, uploaded
// when MapPlotInput::version changes, and draws them as GL points into a texture (MapPicture:
// the plot and a margin of a quarter of its larger side all round), and the plot is that
// texture: a frame that changes nothing draws one image, a pan within the margin draws it
// shifted, a zoom in motion draws it stretched, and only a view at rest at a new zoom, a new
// size or colours, or a pan past the margin draws the points again (llvmpipe's 128,256 points, or 512,000 quad
// vertices, cost 6–9 ms of the UI thread).
#pragma once
#include <imgui.h>

#include <cstdint>
#include <vector>

#include "core/nearest/map_grid.hpp"

namespace lv::app {

struct Palette;  // app/ui_base/ui_theme.hpp

// What the GL renderer's texture of the plot shows (below): the view it was drawn at, over the
// plot and a margin around it, so that a pan within the margin draws the same texture shifted.
struct MapPicture {
  double cx = 0, cy = 0, scale = 0;  // the map coordinates at the picture's centre; pixels a unit
  float w = 0, h = 0;                // the picture (display pixels): the plot and the margin on each side
  uint64_t version = 0;
  ImU32 background = 0;
  bool set = false;
  double last_cx = 0, last_cy = 0, last_scale = 0;  // the view last frame: unchanged, it is at rest
};

struct MapPlotView {
  double cx = 0, cy = 0;  // the map coordinates at the plot's centre
  double scale = 0;       // pixels a unit (both axes); 0: fit at the next draw
  MapPicture picture;     // the GL renderer's (a new view from map_plot_fit draws it again)
};

struct MapPlotInput {
  const MapGrid* grid = nullptr;   // its coordinates, rows and axes are the points
  const ImU32* colours = nullptr;  // a colour a row (alpha included)
  const int64_t* chips = nullptr;  // rows drawn as chips in id_color(i), with their row number
  int chip_count = 0;
  int64_t line_from = -1;          // lines from this row's point …
  const int64_t* lines = nullptr;  // … to these rows' points
  int line_count = 0;
  ImU32 line_colour = 0;
  float point_px = 2.0f;  // a point's side
  // Changes whenever the grid's coordinates or the colours change (the GL renderer uploads
  // them again then): map_plot_version(grid, colours' own count of changes).
  uint64_t version = 0;
};

// A version for MapPlotInput: the grid (each of a map's grids is its own object while the map
// lives) and a count the caller bumps when it recomputes the colours or takes a new map.
uint64_t map_plot_version(const MapGrid* grid, uint64_t colours_changes);
// A new count for colours recomputed (unique in the process: two plots never share one).
uint64_t map_plot_next_colours();

// What the GL renderer draws for one plot this frame (filled by map_plot_draw; valid until the
// frame is rendered). The renderer uninstalls itself on a GL failure: the quads are drawn then.
struct MapPointsRequest {
  ImGuiID id = 0;  // the plot's: its buffers and texture are kept apart from another plot's
  const MapGrid* grid = nullptr;
  const ImU32* colours = nullptr;
  uint64_t version = 0;
  float cx = 0, cy = 0, scale = 0;  // the map coordinates at the picture's centre; pixels a unit
  float w = 0, h = 0;               // the picture (display pixels)
  float point_px = 2.0f;
  ImU32 background = 0;  // the plot's background: the texture is opaque, drawn as any image
  ImVec2 framebuffer_scale{1, 1};
};
struct MapPointsRenderer {
  ImDrawCallback draw = nullptr;                   // brings the plot's texture up to date (a request)
  ImTextureID (*texture)(ImGuiID plot) = nullptr;  // the plot's texture, drawn right after
};
void map_points_set_renderer(MapPointsRenderer renderer);
const MapPointsRenderer& map_points_renderer();

struct MapPlotHit {
  int64_t hovered = -1;  // the row under the cursor (within a few pixels)
  int64_t clicked = -1;  // the row clicked (a press and release without a drag)
  int64_t drawn = 0;     // points inside the plot this frame (each a quad, or under 4 in its square)
  int64_t quads = 0;     // quads written
  ImVec2 min{}, max{};   // the plot's rectangle
};

// Screen position of map coordinates (x, y) in a plot at [min, max] (y grows upward).
ImVec2 map_plot_to_screen(const MapPlotView& v, ImVec2 min, ImVec2 max, double x, double y);

// The view that shows every point of the grid in a plot of w × h pixels (a margin kept).
MapPlotView map_plot_fit(const MapGrid& g, float w, float h);

// A colour a row by its norm (of `rows`): the palette's accent for the lowest, its "bad" colour
// for the highest, with the alpha density shows through; a norm not finite stays muted.
void map_plot_norm_colours(const std::vector<float>& norms, size_t rows, const Palette& pal, std::vector<ImU32>& out);

MapPlotHit map_plot_draw(const char* id, ImVec2 size, const MapPlotInput& in, MapPlotView& view, const Palette& pal);

}  // namespace lv::app
