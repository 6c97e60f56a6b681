// gl_map_points.hpp — the GL renderer of the map's points (app/widgets/widget_map_plot.hpp):
// every row's two coordinates and its colour in vertex buffers, uploaded when the plot's
// version changes (a new map, other axes, other colours), drawn as GL points of the plot's
// point size with shaders/map_points.{vert,frag} in one call. A frame that shows 128,256
// rows then writes no vertex for them (issue 41, item 5: the map at the frame budget).
//
// Installed by main.cpp after the window opens; it runs inside ImGui's OpenGL3 renderer as
// an ImDrawList callback and keeps its GL state changes local (the widget adds
// ImDrawCallback_ResetRenderState after it). On a GL failure it says so once and uninstalls
// itself: the widget writes quads again.
#pragma once

namespace lv::app {

void gl_map_points_install();
// Deletes the buffers and the program and uninstalls; call before the context goes.
void gl_map_points_shutdown();

}  // namespace lv::app
