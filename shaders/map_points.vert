#version 330 core
// map_points.vert — every row of a table as a point of the map (app/platform/gl_map_points.cpp
// draws them as GL points; app/widgets/widget_map_plot.hpp is the plot around them).
//   a_xy    the row's two map coordinates (a row without finite ones has a_colour.a = 0)
//   a_colour its colour, alpha included (density shows where points pile up)
layout(location = 0) in vec2 a_xy;
layout(location = 1) in vec4 a_colour;
uniform mat4 u_proj;      // ImGui's orthographic projection of the display
uniform vec2 u_mid;       // the plot's centre, in display pixels
uniform vec2 u_centre;    // the map coordinates at the plot's centre
uniform float u_scale;    // display pixels a map unit (y grows upward on the map)
uniform float u_point;    // a point's side, in framebuffer pixels
out vec4 v_colour;

void main() {
  v_colour = a_colour;
  vec2 p = vec2(u_mid.x + (a_xy.x - u_centre.x) * u_scale, u_mid.y - (a_xy.y - u_centre.y) * u_scale);
  gl_Position = u_proj * vec4(p, 0.0, 1.0);
  gl_PointSize = u_point;
}
