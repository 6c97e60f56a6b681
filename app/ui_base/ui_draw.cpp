// ui_draw.cpp — chips, arrows, glows and text at absolute positions.
#include "app/ui_base/ui_draw.hpp"

#include <algorithm>
#include <imgui_internal.h>  // the window's visible rectangle, for the layout report

#include "app/ui_base/measure_pass.hpp"
#include "app/ui_base/layout_report.hpp"
#include "core/text/text_format.hpp"

#include <cmath>
#include <cstdio>
#include <cstdarg>
#include <cstring>

namespace lv::app {

void fmt_count(char* buf, size_t n, long long v) { std::snprintf(buf, n, "%s", with_commas(v).c_str()); }

ImVec2 chip_size(int64_t id) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(id));
  ImFont* f = fonts().mono ? fonts().mono : ImGui::GetFont();
  const ImVec2 ts = text_size(f, buf);
  const float e = em();
  return ImVec2(std::max(ts.x + e * 1.1f, e * 2.0f), e * 1.75f);
}

void draw_chip(ImDrawList* dl, ImVec2 pos, int64_t id, ImU32 color, float lit, const Palette& pal) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(id));
  const ImVec2 s = chip_size(id);
  const ImVec2 b(pos.x + s.x, pos.y + s.y);
  const float r = s.y * 0.5f;
  if (lit > 0.01f) draw_glow(dl, pos, b, color, lit);
  const ImU32 fill = mix(pal.panel_alt, color, 0.18f + 0.82f * lit);
  dl->AddRectFilled(pos, b, fill, r);
  dl->AddRect(pos, b, with_alpha(color, 0.55f + 0.45f * lit), r, 0, 1.5f);
  ImFont* f = fonts().mono ? fonts().mono : ImGui::GetFont();
  const ImVec2 ts = text_size(f, buf);
  draw_text(dl, f, ImVec2(pos.x + (s.x - ts.x) * 0.5f, pos.y + (s.y - ts.y) * 0.5f), text_on(pal, fill), buf);
}

void draw_arrow(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 color, float t, float thickness, bool horizontal) {
  if (t <= 0.0f) return;
  t = std::min(t, 1.0f);
  ImVec2 c1, c2;
  if (horizontal) {
    const float dx = (b.x - a.x) * 0.5f;
    c1 = ImVec2(a.x + dx, a.y);
    c2 = ImVec2(b.x - dx, b.y);
  } else {
    const float dy = (b.y - a.y) * 0.5f;
    c1 = ImVec2(a.x, a.y + dy);
    c2 = ImVec2(b.x - std::fabs(dy) * 0.6f, b.y);
  }
  // Sample the cubic up to t so a growing arrow keeps its final shape.
  constexpr int kSegments = 28;
  const int n = std::max(2, static_cast<int>(kSegments * t));
  ImVec2 prev = a, tip = a, before_tip = a;
  for (int i = 1; i <= n; ++i) {
    const float u = t * static_cast<float>(i) / n, v = 1.0f - u;
    const ImVec2 p(v * v * v * a.x + 3 * v * v * u * c1.x + 3 * v * u * u * c2.x + u * u * u * b.x,
                   v * v * v * a.y + 3 * v * v * u * c1.y + 3 * v * u * u * c2.y + u * u * u * b.y);
    dl->AddLine(prev, p, color, thickness);
    before_tip = prev;
    prev = tip = p;
  }
  // Arrow head along the last segment.
  float dx = tip.x - before_tip.x, dy = tip.y - before_tip.y;
  const float len = std::sqrt(dx * dx + dy * dy);
  if (len < 1e-3f) return;
  dx /= len;
  dy /= len;
  const float h = em() * 0.55f;
  dl->AddTriangleFilled(ImVec2(tip.x + dx * h * 0.3f, tip.y + dy * h * 0.3f),
                        ImVec2(tip.x - dx * h - dy * h * 0.5f, tip.y - dy * h + dx * h * 0.5f),
                        ImVec2(tip.x - dx * h + dy * h * 0.5f, tip.y - dy * h - dx * h * 0.5f), color);
}

namespace {
// The arrow head at `tip`, pointing along (dx, dy) (a unit vector).
void arrow_head(ImDrawList* dl, ImVec2 tip, float dx, float dy, ImU32 color) {
  const float h = em() * 0.55f;
  dl->AddTriangleFilled(ImVec2(tip.x + dx * h * 0.3f, tip.y + dy * h * 0.3f),
                        ImVec2(tip.x - dx * h - dy * h * 0.5f, tip.y - dy * h + dx * h * 0.5f),
                        ImVec2(tip.x - dx * h + dy * h * 0.5f, tip.y - dy * h - dx * h * 0.5f), color);
}
}  // namespace

void draw_route_arrow(ImDrawList* dl, const ImVec2* pts, int n, ImU32 color, float t, float thickness) {
  if (t <= 0.0f || n < 2) return;
  // The route with each corner replaced by a quadratic curve of radius up to 0.6 em, in
  // a buffer on the stack (an idle frame allocates nothing): 7 points a corner, the
  // corners past the buffer's 18th drawn square.
  struct Points {
    ImVec2 Data[128];
    int Size = 0;
    void push_back(ImVec2 p) {
      if (Size < 128) Data[Size++] = p;
    }
    const ImVec2& operator[](int i) const { return Data[i]; }
  } path;
  path.push_back(pts[0]);
  for (int i = 1; i + 1 < n; ++i) {
    const ImVec2 p = pts[i], a = pts[i - 1], b = pts[i + 1];
    const float la = std::hypot(p.x - a.x, p.y - a.y), lb = std::hypot(b.x - p.x, b.y - p.y);
    if (la < 1e-3f || lb < 1e-3f) continue;
    if (path.Size + 8 > 128) {  // keep a place for the end
      if (path.Size + 2 <= 128) path.push_back(p);
      continue;
    }
    const float r = std::min({em() * 0.6f, la * 0.5f, lb * 0.5f});
    const ImVec2 s(p.x - (p.x - a.x) / la * r, p.y - (p.y - a.y) / la * r);
    const ImVec2 e(p.x + (b.x - p.x) / lb * r, p.y + (b.y - p.y) / lb * r);
    for (int k = 0; k <= 6; ++k) {
      const float u = static_cast<float>(k) / 6.0f, v = 1.0f - u;
      path.push_back(ImVec2(v * v * s.x + 2 * v * u * p.x + u * u * e.x, v * v * s.y + 2 * v * u * p.y + u * u * e.y));
    }
  }
  path.push_back(pts[n - 1]);
  float total = 0.0f;
  for (int i = 1; i < path.Size; ++i) total += std::hypot(path[i].x - path[i - 1].x, path[i].y - path[i - 1].y);
  float left = total * std::min(t, 1.0f);
  ImVec2 tip = path[0], dir(0.0f, 1.0f);
  for (int i = 1; i < path.Size && left > 0.0f; ++i) {
    const ImVec2 a = path[i - 1], b = path[i];
    const float len = std::hypot(b.x - a.x, b.y - a.y);
    if (len < 1e-4f) continue;
    const float f = std::min(1.0f, left / len);
    tip = ImVec2(a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f);
    dir = ImVec2((b.x - a.x) / len, (b.y - a.y) / len);
    dl->AddLine(a, tip, color, thickness);
    left -= len;
  }
  arrow_head(dl, tip, dir.x, dir.y, color);
}

void draw_glow(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 color, float strength) {
  if (strength <= 0.01f) return;
  const float e = em();
  for (int i = 3; i >= 1; --i) {
    const float g = e * 0.16f * static_cast<float>(i);
    dl->AddRectFilled(ImVec2(a.x - g, a.y - g), ImVec2(b.x + g, b.y + g), with_alpha(color, 0.10f * strength),
                      e * 0.35f + g);
  }
}

void draw_text(ImDrawList* dl, ImFont* font, ImVec2 pos, ImU32 color, const char* text, float size_scale) {
  if (!font) font = ImGui::GetFont();
  dl->AddText(font, font->FontSize * size_scale, pos, color, text);
  if (((color >> IM_COL32_A_SHIFT) & 0xFF) > 8) report_text(text);  // seen (a text faded out is not)
  // Text of the canvas that the window does not show whole is what the layout report calls clipped.
  if (layout_report_enabled() && !canvas_measuring() && ((color >> IM_COL32_A_SHIFT) & 0xFF) > 8) {
    const ImVec2 ts = font->CalcTextSizeA(font->FontSize * size_scale, 1e9f, 0.0f, text);
    const ImRect clip = ImGui::GetCurrentWindowRead()->InnerClipRect;
    report_text_rect(text, pos, ImVec2(pos.x + ts.x, pos.y + ts.y),
                     ImVec4(clip.Min.x, clip.Min.y, clip.Max.x, clip.Max.y));
  }
}

ImVec2 text_size(ImFont* font, const char* text, float size_scale) {
  if (!font) font = ImGui::GetFont();
  return font->CalcTextSizeA(font->FontSize * size_scale, 1e9f, 0.0f, text);
}

namespace {
constexpr const char* kEllipsis = "…";
bool utf8_continuation(char ch) { return (static_cast<unsigned char>(ch) & 0xC0) == 0x80; }
// Copies [a, b) to buf at *at, within n (keeping room for the terminator), UTF-8 whole.
void append_span(char* buf, size_t n, size_t* at, const char* a, const char* b) {
  size_t len = static_cast<size_t>(b - a);
  if (*at + len + 1 > n) {
    len = n - 1 - *at;
    while (len > 0 && utf8_continuation(a[len])) --len;
  }
  std::memcpy(buf + *at, a, len);
  *at += len;
  buf[*at] = '\0';
}
}  // namespace

bool elide_text(ImFont* font, float size, const char* text, float max_w, Elide where, char* buf, size_t n) {
  if (!font) font = ImGui::GetFont();
  if (n == 0) return false;
  buf[0] = '\0';
  size_t at = 0;
  const char* end = text + std::strlen(text);
  if (font->CalcTextSizeA(size, 1e9f, 0.0f, text, end).x <= max_w) {
    append_span(buf, n, &at, text, end);
    return false;
  }
  const float room = std::max(0.0f, max_w - font->CalcTextSizeA(size, 1e9f, 0.0f, kEllipsis).x);
  // The tail (Middle: up to half the room, whole characters from the end).
  const char* tail = end;
  if (where == Elide::Middle) {
    for (const char* p = end; p > text;) {
      const char* q = p - 1;
      while (q > text && utf8_continuation(*q)) --q;
      if (font->CalcTextSizeA(size, 1e9f, 0.0f, q, end).x > room * 0.5f) break;
      tail = p = q;
    }
  }
  // The head: as much as the rest of the room holds (CalcTextSizeA stops at a whole character).
  const float tail_w = font->CalcTextSizeA(size, 1e9f, 0.0f, tail, end).x;
  const char* head_end = text;
  font->CalcTextSizeA(size, std::max(0.0f, room - tail_w), 0.0f, text, tail, &head_end);
  while (head_end > text && utf8_continuation(*head_end)) --head_end;
  // No space before the "…" ("done in 0.1 s ·…" reads better as "done in 0.1 s…").
  while (head_end > text && head_end[-1] == ' ') --head_end;
  append_span(buf, n, &at, text, head_end);
  append_span(buf, n, &at, kEllipsis, kEllipsis + std::strlen(kEllipsis));
  append_span(buf, n, &at, tail, end);
  return true;
}

ImVec2 draw_text_fit(ImDrawList* dl, ImFont* font, ImVec2 pos, float max_w, ImU32 color, const char* text, Elide where,
                     float size_scale) {
  if (!font) font = ImGui::GetFont();
  char buf[1024];
  const bool cut = elide_text(font, font->FontSize * size_scale, text, max_w, where, buf, sizeof buf);
  draw_text(dl, font, pos, color, buf, size_scale);
  if (cut) report_text(text);  // its tooltip shows it whole
  const ImVec2 ts = text_size(font, buf, size_scale);
  if (cut && !canvas_measuring() && ImGui::IsWindowHovered(ImGuiHoveredFlags_AllowWhenBlockedByActiveItem) &&
      ImGui::IsMouseHoveringRect(pos, ImVec2(pos.x + ts.x, pos.y + ts.y)))
    ImGui::SetTooltip("%s", text);
  return ts;
}

void text_fit(const char* text, float max_w, Elide where) {
  char buf[1024];
  const bool cut = elide_text(ImGui::GetFont(), ImGui::GetFontSize(), text, max_w, where, buf, sizeof buf);
  ImGui::TextUnformatted(buf);
  report_text(text);  // whole: its tooltip shows what is cut
  if (cut && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text);
}

void report_tooltip(const char* fmt, ...) {
  if (!layout_report_enabled() || canvas_measuring()) return;
  char buf[1024];
  va_list args;
  va_start(args, fmt);
  std::vsnprintf(buf, sizeof buf, fmt, args);
  va_end(args);
  report_text(buf);
}

}  // namespace lv::app
