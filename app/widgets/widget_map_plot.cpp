// widget_map_plot.cpp — the map's plot (see the header).
//   the view     screen ↔ map coordinates, fit, wheel zoom at the cursor, drag to pan
//   the points   quads in runs the draw list can index
//   the marks    lines, chips
#include "app/widgets/widget_map_plot.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "app/ui_base/ui_draw.hpp"
#include "app/ui_base/ui_landmarks.hpp"
#include "app/ui_base/ui_theme.hpp"

namespace lv::app {
namespace {

MapPointsRenderer g_renderer;

constexpr int kRunQuads = 16383;  // 65,532 vertices: one run of 16-bit indices
constexpr int64_t kFlatQuads = 16000;

float coord(const MapGrid& g, int64_t r, int axis) { return g.coords[r * g.k + axis]; }

// Wheel: zoom by 1.2 a notch, the map point under the cursor kept under it. Drag: pan.
void handle_input(MapPlotView& v, ImVec2 min, ImVec2 max, bool hovered, bool active) {
  const ImGuiIO& io = ImGui::GetIO();
  const ImVec2 mid((min.x + max.x) * 0.5f, (min.y + max.y) * 0.5f);
  if (hovered && io.MouseWheel != 0.0f) {
    const double mx = v.cx + (io.MousePos.x - mid.x) / v.scale, my = v.cy - (io.MousePos.y - mid.y) / v.scale;
    v.scale = std::clamp(v.scale * std::pow(1.2, static_cast<double>(io.MouseWheel)), 1e-9, 1e12);
    v.cx = mx - (io.MousePos.x - mid.x) / v.scale;
    v.cy = my + (io.MousePos.y - mid.y) / v.scale;
  }
  if (active && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 2.0f)) {
    v.cx -= io.MouseDelta.x / v.scale;
    v.cy += io.MouseDelta.y / v.scale;
  }
}

// The points inside the plot, every `step`-th row, as quads written straight into the draw
// list. At most kPerPixel quads a square of the quads' own size: where more pile up, the
// alpha has already saturated (4 layers of 0.45 cover 91 %), so the rest would cost
// vertices (a software renderer's time on the UI thread) and show nothing.
constexpr uint8_t kPerPixel = 4;

// Returns the points inside the plot; *quads: the quads written.
int64_t draw_points(ImDrawList* dl, const MapPlotInput& in, const MapPlotView& v, ImVec2 min, ImVec2 max,
                    int64_t* quads) {
  const MapGrid& g = *in.grid;
  const int64_t step =
      (dl->Flags & ImDrawListFlags_AllowVtxOffset) ? 1 : std::max<int64_t>(1, g.points / kFlatQuads + 1);
  const ImVec2 uv = ImGui::GetFontTexUvWhitePixel();
  const float h = in.point_px * 0.5f;
  const float mx = (min.x + max.x) * 0.5f, my = (min.y + max.y) * 0.5f;
  const float s = static_cast<float>(v.scale), cx = static_cast<float>(v.cx), cy = static_cast<float>(v.cy);
  const float cell = std::max(1.0f, in.point_px);  // the squares counted: a quad's size
  const int w = std::max(1, static_cast<int>((max.x - min.x) / cell) + 1);
  const int hh = std::max(1, static_cast<int>((max.y - min.y) / cell) + 1);
  static std::vector<uint8_t> layers;  // per square: quads drawn there this frame (the UI thread's only)
  layers.assign(static_cast<size_t>(w) * static_cast<size_t>(hh), 0);
  int64_t shown = 0, drawn = 0, left = 0;  // left: quads still reserved in this run
  for (int64_t r = 0; r < g.rows; r += step) {
    const float x = mx + (coord(g, r, g.ax) - cx) * s, y = my - (coord(g, r, g.ay) - cy) * s;
    if (!(x >= min.x && x < max.x && y >= min.y && y < max.y)) continue;  // NaN fails too
    ++shown;
    uint8_t& n = layers[static_cast<size_t>((y - min.y) / cell) * static_cast<size_t>(w) +
                        static_cast<size_t>((x - min.x) / cell)];
    if (n >= kPerPixel) continue;
    ++n;
    if (left == 0) {
      left = kRunQuads;
      dl->PrimReserve(static_cast<int>(left) * 6, static_cast<int>(left) * 4);
    }
    const ImU32 col = in.colours[r];
    ImDrawVert* vt = dl->_VtxWritePtr;
    ImDrawIdx* ix = dl->_IdxWritePtr;
    const ImDrawIdx i0 = static_cast<ImDrawIdx>(dl->_VtxCurrentIdx);
    vt[0] = {ImVec2(x - h, y - h), uv, col}, vt[1] = {ImVec2(x + h, y - h), uv, col};
    vt[2] = {ImVec2(x + h, y + h), uv, col}, vt[3] = {ImVec2(x - h, y + h), uv, col};
    ix[0] = i0, ix[1] = static_cast<ImDrawIdx>(i0 + 1), ix[2] = static_cast<ImDrawIdx>(i0 + 2);
    ix[3] = i0, ix[4] = static_cast<ImDrawIdx>(i0 + 2), ix[5] = static_cast<ImDrawIdx>(i0 + 3);
    dl->_VtxWritePtr += 4, dl->_IdxWritePtr += 6, dl->_VtxCurrentIdx += 4;
    --left, ++drawn;
  }
  if (left > 0) dl->PrimUnreserve(static_cast<int>(left) * 6, static_cast<int>(left) * 4);
  *quads = drawn;
  return shown;
}

// The points inside the plot, counted (the GL renderer draws them all).
int64_t count_points(const MapGrid& g, const MapPlotView& v, ImVec2 min, ImVec2 max) {
  const float mx = (min.x + max.x) * 0.5f, my = (min.y + max.y) * 0.5f;
  const float s = static_cast<float>(v.scale), cx = static_cast<float>(v.cx), cy = static_cast<float>(v.cy);
  int64_t shown = 0;
  for (int64_t r = 0; r < g.rows; ++r) {
    const float x = mx + (coord(g, r, g.ax) - cx) * s, y = my - (coord(g, r, g.ay) - cy) * s;
    shown += (x >= min.x && x < max.x && y >= min.y && y < max.y) ? 1 : 0;  // NaN fails too
  }
  return shown;
}

// The plot's part of picture p at view v: its corners in the picture's pixels (from the
// top left); false when the plot reaches past the picture.
bool plot_in_picture(const MapPicture& p, const MapPlotView& v, double w, double h, double out[4]) {
  const double px = 0.5 * p.w + (v.cx - p.cx) * p.scale, py = 0.5 * p.h - (v.cy - p.cy) * p.scale;
  const double hw = 0.5 * w * p.scale / v.scale, hh = 0.5 * h * p.scale / v.scale;
  out[0] = px - hw, out[1] = py - hh, out[2] = px + hw, out[3] = py + hh;
  const double slack = 0.5;  // half a pixel of rounding
  return out[0] >= -slack && out[1] >= -slack && out[2] <= p.w + slack && out[3] <= p.h + slack;
}

// The picture the view needs: the one drawn if it still serves, else a new one centred on the
// view. It serves with the same colours and plot size while the plot lies inside it: at its
// zoom (a pan within the margin), or, while the view is moving, at a zoom up to 1.5 times
// away (shown stretched until the view rests a frame, then drawn again sharp).
MapPicture picture_for(MapPlotView& v, const MapPlotInput& in, ImVec2 min, ImVec2 max, ImU32 background) {
  const float w = max.x - min.x, h = max.y - min.y;
  const float margin = std::floor(0.25f * std::max(w, h));
  MapPicture& p = v.picture;
  const bool resting = p.last_cx == v.cx && p.last_cy == v.cy && p.last_scale == v.scale;
  p.last_cx = v.cx, p.last_cy = v.cy, p.last_scale = v.scale;
  double corners[4];
  const double ratio = p.scale > 0 ? v.scale / p.scale : 0.0;
  const bool same = p.set && p.version == in.version && p.background == background && p.w == w + 2.0f * margin &&
                    p.h == h + 2.0f * margin && plot_in_picture(p, v, w, h, corners);
  if (same && (p.scale == v.scale || (!resting && ratio >= 1.0 / 1.5 && ratio <= 1.5))) return p;
  p.cx = v.cx, p.cy = v.cy, p.scale = v.scale;
  p.w = w + 2.0f * margin, p.h = h + 2.0f * margin;
  p.version = in.version, p.background = background, p.set = true;
  return p;
}

// Hands the points to the GL renderer: a request kept until the frame is rendered (a few
// plots a frame at most; past that the quads are drawn), then the part of its texture the
// view shows.
bool request_points(ImDrawList* dl, ImGuiID id, const MapPlotInput& in, MapPlotView& v, ImVec2 min, ImVec2 max,
                    ImU32 background) {
  constexpr int kSlots = 8;
  static MapPointsRequest pool[kSlots];
  static int frame = -1, used = 0;
  if (!g_renderer.draw || !g_renderer.texture) return false;
  if (ImGui::GetFrameCount() != frame) frame = ImGui::GetFrameCount(), used = 0;
  if (used == kSlots) return false;
  const ImTextureID tex = g_renderer.texture(id);
  if (!tex) return false;
  const MapPicture p = picture_for(v, in, min, max, background);
  MapPointsRequest& q = pool[used++];
  q.id = id, q.grid = in.grid, q.colours = in.colours, q.version = in.version;
  q.cx = static_cast<float>(p.cx), q.cy = static_cast<float>(p.cy), q.scale = static_cast<float>(p.scale);
  q.w = p.w, q.h = p.h;
  q.point_px = in.point_px;
  q.background = background;
  q.framebuffer_scale = ImGui::GetIO().DisplayFramebufferScale;
  dl->AddCallback(g_renderer.draw, &q);
  dl->AddCallback(ImDrawCallback_ResetRenderState, nullptr);
  // The plot's part of the picture (a framebuffer's rows run bottom-up: v counts from the bottom).
  double c[4];
  plot_in_picture(p, v, max.x - min.x, max.y - min.y, c);
  const ImVec2 uv0(static_cast<float>(c[0] / p.w), static_cast<float>(1.0 - c[1] / p.h));
  const ImVec2 uv1(static_cast<float>(c[2] / p.w), static_cast<float>(1.0 - c[3] / p.h));
  dl->AddImage(tex, min, max, uv0, uv1);
  return true;
}

void draw_marks(ImDrawList* dl, const MapPlotInput& in, const MapPlotView& v, ImVec2 min, ImVec2 max,
                const Palette& pal) {
  const MapGrid& g = *in.grid;
  auto at = [&](int64_t r) { return map_plot_to_screen(v, min, max, coord(g, r, g.ax), coord(g, r, g.ay)); };
  auto on_map = [&](int64_t r) {
    return r >= 0 && r < g.rows && std::isfinite(coord(g, r, g.ax)) && std::isfinite(coord(g, r, g.ay));
  };
  // The first few IDs' points and the hovered row's nearest rows' points, by name
  // (ui_landmarks.hpp): the real-window journey hovers and clicks them (tests/render/map_e2e.sh).
  static const char* const kIdMarks[] = {"map-id0", "map-id1", "map-id2", "map-id3"};
  static const char* const kNearMarks[] = {"map-near0", "map-near1", "map-near2", "map-near3"};
  auto mark = [&](const char* name, ImVec2 p) {
    if (p.x >= min.x && p.x < max.x && p.y >= min.y && p.y < max.y)
      landmark_rect(name, ImVec2(p.x - 2.0f, p.y - 2.0f), ImVec2(p.x + 2.0f, p.y + 2.0f));
  };
  if (on_map(in.line_from)) {
    const ImVec2 a = at(in.line_from);
    for (int i = 0; i < in.line_count; ++i)
      if (on_map(in.lines[i])) {
        const ImVec2 b = at(in.lines[i]);
        dl->AddLine(a, b, in.line_colour, 1.5f);
        dl->AddCircle(b, em() * 0.3f, in.line_colour, 12, 1.5f);
        if (i < 4) mark(kNearMarks[i], b);
      }
    dl->AddCircle(a, em() * 0.4f, pal.text, 16, 2.0f);
  }
  for (int i = 0; i < in.chip_count; ++i) {
    if (!on_map(in.chips[i])) continue;
    const ImVec2 p = at(in.chips[i]), s = chip_size(in.chips[i]);
    if (i < 4) mark(kIdMarks[i], p);
    dl->AddCircleFilled(p, 3.0f, id_color(static_cast<size_t>(i)));
    draw_chip(dl, ImVec2(p.x - s.x * 0.5f, p.y - s.y - 4.0f), in.chips[i], id_color(static_cast<size_t>(i)), 1.0f, pal);
  }
}

}  // namespace

void map_points_set_renderer(MapPointsRenderer renderer) { g_renderer = renderer; }
const MapPointsRenderer& map_points_renderer() { return g_renderer; }

uint64_t map_plot_version(const MapGrid* grid, uint64_t colours_changes) {
  return static_cast<uint64_t>(reinterpret_cast<uintptr_t>(grid)) * 0x9E3779B97F4A7C15ull ^ colours_changes;
}

uint64_t map_plot_next_colours() {
  static uint64_t n = 0;  // the UI thread's
  return ++n;
}

ImVec2 map_plot_to_screen(const MapPlotView& v, ImVec2 min, ImVec2 max, double x, double y) {
  return ImVec2(static_cast<float>((min.x + max.x) * 0.5 + (x - v.cx) * v.scale),
                static_cast<float>((min.y + max.y) * 0.5 - (y - v.cy) * v.scale));
}

MapPlotView map_plot_fit(const MapGrid& g, float w, float h) {
  MapPlotView v;
  const double dx = std::max(1e-12, static_cast<double>(g.x1 - g.x0)),
               dy = std::max(1e-12, static_cast<double>(g.y1 - g.y0));
  v.cx = 0.5 * (g.x0 + g.x1), v.cy = 0.5 * (g.y0 + g.y1);
  v.scale = std::min((w - 16.0) / dx, (h - 16.0) / dy);
  if (!(v.scale > 0)) v.scale = 1;
  return v;
}

MapPlotHit map_plot_draw(const char* id, ImVec2 size, const MapPlotInput& in, MapPlotView& view, const Palette& pal) {
  MapPlotHit hit;
  size.x = std::max(size.x, 32.0f), size.y = std::max(size.y, 32.0f);
  hit.min = ImGui::GetCursorScreenPos();
  hit.max = ImVec2(hit.min.x + size.x, hit.min.y + size.y);
  const ImGuiID gid = ImGui::GetID(id);
  ImGui::InvisibleButton(id, size);
  // Hovered even while another item is active: Learn mode's answer field keeps the keyboard while the
  // learner points at the map (its tooltip and zoom must not wait for a click elsewhere).
  const bool hovered = ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenBlockedByActiveItem),
             active = ImGui::IsItemActive();
  if (!in.grid || in.grid->points == 0) return hit;
  if (view.scale <= 0 || (hovered && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)))
    view = map_plot_fit(*in.grid, size.x, size.y);
  handle_input(view, hit.min, hit.max, hovered, active);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(hit.min, hit.max, pal.panel_alt);
  dl->PushClipRect(hit.min, hit.max, true);
  if (request_points(dl, gid, in, view, hit.min, hit.max, pal.panel_alt))
    hit.drawn = count_points(*in.grid, view, hit.min, hit.max);
  else hit.drawn = draw_points(dl, in, view, hit.min, hit.max, &hit.quads);
  const ImGuiIO& io = ImGui::GetIO();
  if (hovered) {
    const ImVec2 mid((hit.min.x + hit.max.x) * 0.5f, (hit.min.y + hit.max.y) * 0.5f);
    const double x = view.cx + (io.MousePos.x - mid.x) / view.scale, y = view.cy - (io.MousePos.y - mid.y) / view.scale;
    const float s = static_cast<float>(view.scale);
    hit.hovered = map_grid_pick(*in.grid, static_cast<float>(x), static_cast<float>(y), s, s, em() * 0.5f);
    // A click: released over the plot where it was pressed (not a drag), on a point.
    if (ImGui::IsItemDeactivated() && io.MouseDragMaxDistanceSqr[ImGuiMouseButton_Left] < 4.0f)
      hit.clicked = hit.hovered;
  }
  draw_marks(dl, in, view, hit.min, hit.max, pal);
  dl->PopClipRect();
  return hit;
}

void map_plot_norm_colours(const std::vector<float>& norms, size_t rows, const Palette& pal, std::vector<ImU32>& out) {
  out.assign(rows, with_alpha(pal.muted, 0.3f));
  float lo = INFINITY, hi = -INFINITY;
  for (float n : norms)
    if (std::isfinite(n)) lo = std::min(lo, n), hi = std::max(hi, n);
  for (size_t r = 0; r < rows && r < norms.size(); ++r) {
    if (!std::isfinite(norms[r])) continue;
    const float t = hi > lo ? std::clamp((norms[r] - lo) / (hi - lo), 0.0f, 1.0f) : 0.5f;
    out[r] = with_alpha(mix(pal.accent, pal.bad, t), 0.45f);
  }
}

}  // namespace lv::app
