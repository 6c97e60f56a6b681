#version 330 core
// heatmap.vert — the heat map of a table (app/gl_heatmap.cpp draws one quad per
// texture tile of the table that is on screen).
//   a_pos   the corner in ImGui display coordinates (pixels, y down)
//   a_cell  the corner in cells (column, row), fractional, counted from the view's
//           first whole cell (small numbers: the same rounding whatever the tiling);
//           interpolated across the quad, so each fragment knows its cell
layout(location = 0) in vec2 a_pos;
layout(location = 1) in vec2 a_cell;
uniform mat4 u_proj;  // ImGui's orthographic projection of the display
out vec2 v_cell;

void main() {
  v_cell = a_cell;
  gl_Position = u_proj * vec4(a_pos, 0.0, 1.0);
}
