#version 330 core
// heatmap.frag — one table cell's colour: a diverging map around 0 (the neg stops
// below, the pos stops above, u_mid at 0), scaled by 1 / abs_max and lifted by a
// gamma so the common small values are not lost next to the rare large ones.
// Rows being highlighted keep their colours; the others fade towards the background
// by u_dim (the widget outlines the highlighted rows in their IDs' colours). Big
// cells get thin borders.
in vec2 v_cell;
out vec4 o_color;

uniform sampler2D u_tex;          // R8: value ÷ abs_max per table cell (overview: per block), companded
uniform ivec2 u_tex_size;         // this tile's (columns, rows)
uniform ivec2 u_offset;           // v_cell's origin in this tile's texels
uniform float u_row0;             // the table row of the tile's texel row 0
uniform float u_rows_per_texel;   // 1 at full resolution; the block height in the overview
uniform float u_scale;            // 1 with normalized textures (as uploaded); else 1 / abs_max
uniform float u_gamma;            // < 1 lifts small values
uniform vec3 u_mid, u_neg_mid, u_neg, u_pos_mid, u_pos, u_nan;
uniform vec3 u_background;        // what fading and borders go towards
uniform float u_dim;              // 0..1: fade of the rows not highlighted
uniform float u_opacity;          // the whole map fades in with this
uniform float u_grid;             // 0..1: cell borders
uniform int u_hl_count;
uniform float u_hl_row[32];       // highlighted table rows
uniform vec4 u_hl_color[32];      // their colours; alpha: how far the highlight has come

vec3 diverging(float v) {
  if (isnan(v)) return u_nan;
  float t = clamp(v * u_scale, -1.0, 1.0);  // ±inf land on the ends
  float a = pow(abs(t), u_gamma);
  vec3 mid_stop = t < 0.0 ? u_neg_mid : u_pos_mid;
  vec3 end_stop = t < 0.0 ? u_neg : u_pos;
  return a < 0.5 ? mix(u_mid, mid_stop, a * 2.0) : mix(mid_stop, end_stop, a * 2.0 - 1.0);
}

// app/gl_heatmap.cpp's encode_cell backwards: byte b = 127 + 127·sign(t)·√|t|
// gives t; b = 255 (NaN) is tested by the caller, not made a NaN here (a shader
// compiler may assume there are none).
float decode(float b) {
  float s = (b - 127.0) / 127.0;
  return sign(s) * s * s;
}

void main() {
  ivec2 texel = clamp(ivec2(floor(v_cell)) + u_offset, ivec2(0), u_tex_size - 1);
  float b = floor(texelFetch(u_tex, texel, 0).r * 255.0 + 0.5);
  vec3 c = b > 254.5 ? u_nan : diverging(decode(b));

  // Does this texel hold a highlighted row?
  float r0 = u_row0 + float(texel.y) * u_rows_per_texel;
  float r1 = r0 + u_rows_per_texel;
  float hl = 0.0;
  for (int i = 0; i < u_hl_count; ++i) {
    if (u_hl_row[i] >= r0 && u_hl_row[i] < r1) {
      hl = u_hl_color[i].a;
      break;
    }
  }
  c = mix(c, u_background, u_dim * (1.0 - hl));  // the colours of a highlighted row stay exact

  // Borders on the first pixel of each cell, once cells are big on screen.
  if (u_grid > 0.0) {
    vec2 f = fract(v_cell);
    vec2 w = fwidth(v_cell);
    float line = max(step(f.x, w.x), step(f.y, w.y));
    c = mix(c, u_background, 0.65 * u_grid * line);
  }
  o_color = vec4(c, u_opacity);
}
