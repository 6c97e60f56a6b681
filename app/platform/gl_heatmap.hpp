// gl_heatmap.hpp — the GL renderer of the heat map widget (app/widgets/widget_heatmap.hpp):
// the table as R8 textures (values ÷ the largest |value|, companded), tiled so that no side
// exceeds min(GL_MAX_TEXTURE_SIZE, 16,384), uploaded a band per frame so the frame
// stays short: an aggregated overview level for far zoom, and for views zoomed in past
// it a window of the table's own cells (≤ 40 M cells) around the view; drawn with
// shaders/heatmap.{vert,frag}, embedded in the binary at build time.
//
// Installed by main.cpp after the window opens; it runs inside ImGui's OpenGL3
// renderer as an ImDrawList callback, so it keeps its GL state changes local (the
// widget adds ImDrawCallback_ResetRenderState after it).
// LOOKUPVIZ_GL_MAX_TEXTURE=N (environment) caps the tile side lower, to test tiling;
// LOOKUPVIZ_GL_WINDOW_CELLS=N makes the zoomed-in window smaller, to test its moves.
#pragma once

namespace lv::app {

// Compiles the shaders and installs the renderer (heatmap_set_renderer). On a GL
// failure the renderer reports it and the widget draws its CPU fallback instead.
void gl_heatmap_install();
// Deletes the textures and shaders and uninstalls; call before the context goes.
void gl_heatmap_shutdown();

}  // namespace lv::app
