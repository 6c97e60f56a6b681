// platform_glfw.cpp — window, context, backends, fonts, the power-friendly wait.
#include "app/platform/platform_glfw.hpp"

#include <glad/gl.h>
// glad must come before GLFW.
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <sys/stat.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <ctime>

#include "app/app_tour.hpp"
#include "app/app_ui.hpp"
#include "app/ui_base/anim_timeline.hpp"
#include "app/platform/gl_screenshot.hpp"
#include "app/chrome/key_queue.hpp"
#include "app/platform/platform_icon.hpp"
#include "app/ui_base/ui_landmarks.hpp"
#include "app/ui_base/ui_theme.hpp"
#include "app/ui_base/ui_wake.hpp"
#include "core/io/gif_writer.hpp"
#include "core/io/small_file.hpp"
#include "core/settings/xdg_dirs.hpp"

namespace lv::app {
namespace {

std::string g_glfw_error;
int g_events = 0;  // input and window events since the last frame

void on_glfw_error(int code, const char* text) { g_glfw_error = text ? text : "unknown GLFW error"; }

// Installed before ImGui's backend, which chains to them: they count events, and
// keys and characters also go, in order, to the platform's queue (app/chrome/key_queue.hpp),
// which hands them to the frames (the backend's own copies are replaced).
void on_key(GLFWwindow* w, int key, int, int action, int) {
  ++g_events;
  auto* p = static_cast<Platform*>(glfwGetWindowUserPointer(w));
  if (p && action != GLFW_REPEAT) key_queue_key(p->keys, key, action == GLFW_PRESS);
}
void on_char(GLFWwindow* w, unsigned c) {
  ++g_events;
  if (auto* p = static_cast<Platform*>(glfwGetWindowUserPointer(w))) key_queue_char(p->keys, c);
}
void on_mouse_button(GLFWwindow* w, int button, int action, int) {
  ++g_events;
  if (auto* p = static_cast<Platform*>(glfwGetWindowUserPointer(w)))
    key_queue_mouse(p->keys, button, action == GLFW_PRESS);
}
void on_scroll(GLFWwindow*, double, double) { ++g_events; }
void on_cursor_pos(GLFWwindow*, double, double) { ++g_events; }
void on_cursor_enter(GLFWwindow*, int) { ++g_events; }
void on_focus(GLFWwindow*, int) { ++g_events; }
void on_resize(GLFWwindow*, int, int) { ++g_events; }
void on_refresh(GLFWwindow*) { ++g_events; }
// Files dropped on the window (from a file manager): kept for the next frame, which
// opens them as File ▸ Open does (open_dropped_files, ui_table_loading.cpp).
void on_drop(GLFWwindow* w, int count, const char** paths) {
  ++g_events;
  auto* p = static_cast<Platform*>(glfwGetWindowUserPointer(w));
  if (!p) return;
  for (int i = 0; i < count; ++i)
    if (paths[i]) p->dropped.emplace_back(paths[i]);
}

constexpr int kFramesAfterInput = 3;

// The page is designed for about 1500 × 940 logical pixels; a much bigger window
// (a 4K screen at 100 %) gets proportionally larger type rather than a tiny island.
float pixels_per_coordinate(const Platform& p);

float fit_for_window(const Platform& p) {
  if (!p.auto_fit) return 1.0f;
  int w = 0, h = 0;
  glfwGetFramebufferSize(p.window, &w, &h);
  const float f = std::min(w / (1500.0f * p.content_scale), h / (940.0f * p.content_scale));
  return std::clamp(std::floor(f * 4.0f) / 4.0f, 1.0f, 3.0f);
}

// Presenting, the type grows by up to 1.35 on a big screen; a small one (a 1024 × 768
// projector) keeps the normal size, or the slide would not fit.
float present_boost_for_window(const Platform& p) {
  int w = 0, h = 0;
  glfwGetFramebufferSize(p.window, &w, &h);
  const float room = std::min(w / (1500.0f * p.content_scale), h / (940.0f * p.content_scale)) * 1.35f;
  return std::clamp(std::floor(room * 20.0f) / 20.0f, 1.0f, 1.35f);
}

}  // namespace

std::string platform_open(Platform& p, int width, int height, bool hidden, float forced_scale, App& app) {
  glfwSetErrorCallback(on_glfw_error);
  if (!glfwInit()) {
    const char* display = std::getenv("DISPLAY");
    const char* wayland = std::getenv("WAYLAND_DISPLAY");
    if ((!display || !*display) && (!wayland || !*wayland))
      return "no window can be opened: no display (DISPLAY is not set). --print works without one.";
    return "no window can be opened: " + g_glfw_error + ". --print works without one.";
  }
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
  // Nothing here is depth-tested or stenciled: no such buffers (a software renderer
  // would otherwise keep a 5 MB depth/stencil buffer at 1440 × 900 for nothing).
  glfwWindowHint(GLFW_DEPTH_BITS, 0);
  glfwWindowHint(GLFW_STENCIL_BITS, 0);
  if (hidden) glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
  // WM_CLASS "lookupviz", "lookupviz" (GLFW's default is the title): the desktop matches
  // the window to its entry (StartupWMClass=lookupviz) for its icon, name and pinning.
  glfwWindowHintString(GLFW_X11_CLASS_NAME, "lookupviz");
  glfwWindowHintString(GLFW_X11_INSTANCE_NAME, "lookupviz");
  p.hidden = hidden;
  // The default 1440 × 900 (or a session's size from a larger monitor) on a smaller screen:
  // the window is made to fit the monitor's work area, never cut at its right and bottom.
  if (p.fit_to_screen && !hidden) {
    int wx = 0, wy = 0, ww = 0, wh = 0;
    if (GLFWmonitor* m = glfwGetPrimaryMonitor()) glfwGetMonitorWorkarea(m, &wx, &wy, &ww, &wh);
    if (ww > 0 && wh > 0) {
      width = std::min(width, ww);
      height = std::min(height, wh);
    }
  }
  p.window = glfwCreateWindow(width, height, "lookupviz — Lookup Is a Matrix Multiply", nullptr, nullptr);
  if (!p.window) {
    glfwTerminate();
    return "cannot open a window with OpenGL 3.3 core (" + g_glfw_error +
           "). Update the graphics driver, or try LIBGL_ALWAYS_SOFTWARE=1.";
  }
  glfwMakeContextCurrent(p.window);
  const int version = gladLoadGL(glfwGetProcAddress);
  if (version == 0 || GLAD_VERSION_MAJOR(version) * 10 + GLAD_VERSION_MINOR(version) < 33) {
    glfwDestroyWindow(p.window);
    glfwTerminate();
    p.window = nullptr;
    return "this OpenGL is older than 3.3 core; lookupviz needs 3.3. Try LIBGL_ALWAYS_SOFTWARE=1.";
  }
  // A worker's result wakes the idle loop (glfwWaitEvents) at once; any thread may post.
  set_ui_wake([] { glfwPostEmptyEvent(); });
  glfwSwapInterval(1);  // vsync

  glfwSetWindowUserPointer(p.window, &p);  // the key callback feeds p.keys
  glfwSetKeyCallback(p.window, on_key);
  glfwSetCharCallback(p.window, on_char);
  glfwSetMouseButtonCallback(p.window, on_mouse_button);
  glfwSetScrollCallback(p.window, on_scroll);
  glfwSetCursorPosCallback(p.window, on_cursor_pos);
  glfwSetCursorEnterCallback(p.window, on_cursor_enter);
  glfwSetWindowFocusCallback(p.window, on_focus);
  glfwSetFramebufferSizeCallback(p.window, on_resize);
  glfwSetWindowRefreshCallback(p.window, on_refresh);
  glfwSetDropCallback(p.window, on_drop);
  platform_set_window_icon(p.window);
  // LOOKUPVIZ_SIMULATE_DROP=FILE (tests, scripts/check_package.sh): X cannot be made to
  // drop a file without a file manager, so the window sends FILE through its own drop
  // callback, exactly as GLFW would, once it is shown.
  if (const char* drop = std::getenv("LOOKUPVIZ_SIMULATE_DROP"); drop && *drop && !hidden) p.simulated_drop = drop;

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  // ImGui's layout file lives beside the session, never in the working directory, and
  // ImGui never opens it itself (its fopen would wait forever on a FIFO and read a
  // 10 GB file whole): it is read here, bounded, and handed over from memory; saves go
  // through platform_save_imgui_ini.
  io.IniFilename = nullptr;
  if (!p.session.path.empty()) {
    p.imgui_ini = p.session.path.substr(0, p.session.path.find_last_of('/') + 1) + "imgui.ini";
    const SmallFileRead ini = read_small_file(p.imgui_ini, kMaxImguiIniBytes);
    if (ini.ok()) {
      ImGui::LoadIniSettingsFromMemory(ini.text.data(), ini.text.size());
      p.imgui_ini_written = ini.text;
    }
  }
  // Real-window tests find the controls by name (tests/render/*.sh).
  if (const char* marks = std::getenv("LOOKUPVIZ_LANDMARKS"); marks && *marks && !hidden) p.landmarks_path = marks;
  configure_keyboard(io);  // slide keys never drive ImGui's navigation (ui_shortcuts.cpp)

  float sx = 1.0f, sy = 1.0f;
  glfwGetWindowContentScale(p.window, &sx, &sy);
  p.content_scale = forced_scale > 0.0f ? forced_scale : std::max(1.0f, std::max(sx, sy));
  p.auto_fit = forced_scale <= 0.0f;
  // A window (a session's, --size) smaller than the smallest page opens at that size instead.
  if (!hidden) {
    int w = 0, h = 0;
    glfwGetWindowSize(p.window, &w, &h);
    const float coords = p.content_scale / pixels_per_coordinate(p);
    const int min_w = static_cast<int>(std::ceil(kMinWindowW * coords)),
              min_h = static_cast<int>(std::ceil(kMinWindowH * coords));
    if (w < min_w || h < min_h) glfwSetWindowSize(p.window, std::max(w, min_w), std::max(h, min_h));
  }
  p.fit = fit_for_window(p);

  ImGui_ImplGlfw_InitForOpenGL(p.window, true);  // chains to the callbacks above
  ImGui_ImplOpenGL3_Init(p.glsl_version.c_str());
  // The backend makes its device objects at the first NewFrame, and with them an RGBA
  // font texture (rebuilding the atlas if its pixels were freed). Make them now, while
  // the atlas holds only ImGui's small default font, and drop that texture: the app's
  // fonts go into its own one-byte-per-texel texture (upload_font_texture).
  ImGui_ImplOpenGL3_CreateDeviceObjects();
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  platform_apply_scale(p, app, app.ui.user_zoom);
  return "";
}

WindowGeometry window_geometry(const Platform& p) {
  WindowGeometry g;
  if (!p.window) return g;
  glfwGetWindowSize(p.window, &g.width, &g.height);
  glfwGetWindowPos(p.window, &g.x, &g.y);
  g.has_pos = true;
  g.maximized = glfwGetWindowAttrib(p.window, GLFW_MAXIMIZED) != 0;
  return g;
}

void platform_close(Platform& p) {
  if (!p.window) return;
  if (p.font_texture) glDeleteTextures(1, &p.font_texture);
  p.font_texture = 0;
  platform_save_imgui_ini(p);  // (ImGui saved at DestroyContext when it had the file name)
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  set_ui_wake(nullptr);  // no worker may post to a GLFW that is gone
  glfwDestroyWindow(p.window);
  glfwTerminate();
  p.window = nullptr;
}

namespace {

// The font atlas as GL_R8 (coverage) read as RGBA (1, 1, 1, coverage) through the
// texture swizzle, so ImGui's shader draws it unchanged: 1 MB for the 1024 × 1024
// atlas where the backend's RGBA texture is 4 MB (and llvmpipe keeps a copy of
// either in the process), and no RGBA conversion in memory on the way.
void upload_font_texture(Platform& p) {
  ImGuiIO& io = ImGui::GetIO();
  unsigned char* pixels = nullptr;
  int width = 0, height = 0;
  io.Fonts->GetTexDataAsAlpha8(&pixels, &width, &height);
  GLint last_texture = 0, last_alignment = 0, last_row_length = 0;
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &last_texture);
  glGetIntegerv(GL_UNPACK_ALIGNMENT, &last_alignment);
  glGetIntegerv(GL_UNPACK_ROW_LENGTH, &last_row_length);
  if (p.font_texture) glDeleteTextures(1, &p.font_texture);
  glGenTextures(1, &p.font_texture);
  glBindTexture(GL_TEXTURE_2D, p.font_texture);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  const GLint swizzle[4] = {GL_ONE, GL_ONE, GL_ONE, GL_RED};
  glTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, swizzle);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, width, height, 0, GL_RED, GL_UNSIGNED_BYTE, pixels);
  glPixelStorei(GL_UNPACK_ALIGNMENT, last_alignment);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, last_row_length);
  glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(last_texture));
  io.Fonts->SetTexID(reinterpret_cast<ImTextureID>(static_cast<intptr_t>(p.font_texture)));
  io.Fonts->ClearTexData();  // the GPU has the pixels; keep only the glyph metrics
}

}  // namespace

namespace {

// The window's framebuffer pixels per screen coordinate (1 on X11; 2 on a HiDPI Wayland).
float pixels_per_coordinate(const Platform& p) {
  int w = 0, h = 0, fw = 0, fh = 0;
  glfwGetWindowSize(p.window, &w, &h);
  glfwGetFramebufferSize(p.window, &fw, &fh);
  return w > 0 && fw > 0 ? static_cast<float>(fw) / static_cast<float>(w) : 1.0f;
}

// The largest text zoom at which the window still holds the smallest page (kMinWindowW ×
// kMinWindowH in ems of the page's type), in steps of 1/32 (a window dragged smaller
// builds the fonts again only at each step): Ctrl+= stops there, and a window smaller
// than the smallest page (--size 640x480, no window manager) draws the whole page with
// smaller type instead of cutting it (issue 26, item 7).
float largest_zoom(const Platform& p) {
  int w = 0, h = 0;
  glfwGetFramebufferSize(p.window, &w, &h);
  if (w <= 0 || h <= 0) return 3.0f;  // minimised: nothing to lay out
  const float s = p.content_scale * p.fit;
  const float z = std::min(static_cast<float>(w) / (kMinWindowW * s), static_cast<float>(h) / (kMinWindowH * s));
  return std::max(0.25f, std::floor(z * 32.0f) / 32.0f);
}

}  // namespace

void platform_apply_scale(Platform& p, App& app, float user_zoom) {
  user_zoom = std::clamp(user_zoom, 0.6f, 3.0f);
  // Larger text only while the window holds the page at it (issue 25, item 10: three
  // Ctrl+= at 1280 × 800 cut the narration mid-word and read "Nex" for Next).
  const float most = p.window ? largest_zoom(p) : 3.0f;
  if (user_zoom > app.ui.user_zoom + 1e-4f) {
    if (user_zoom > most) {
      user_zoom = std::max(app.ui.user_zoom, std::min(user_zoom, most));
      int w = 0, h = 0;
      glfwGetWindowSize(p.window, &w, &h);
      char why[160];
      std::snprintf(why, sizeof why, "Larger text would not fit this window (%d × %d): make the window larger first.",
                    w, h);
      set_status(app, why);
    }
  }
  app.ui.user_zoom = user_zoom;
  p.zoom = std::min(user_zoom, most);  // what the window holds
  // Presenting, only the narration grows (present_boost); the page and the canvas keep
  // the window's sizes and get the room the folded controls leave.
  app.ui.scale = p.content_scale * p.fit * p.zoom;
  // Ctrl+= (a zoom above 1) grows the page's text, not the slide's levels: the slide keeps
  // fitting its room; a zoom below 1 (Ctrl+-, a window smaller than the page) shrinks both.
  load_fonts(app.ui.scale, 17.0f, app.ui.present.on ? p.present_boost : 1.0f,
             p.content_scale * p.fit * std::min(p.zoom, 1.0f), &app.ui.editor.wide);
  p.glyphs_for = app.ui.editor.wide.generation;
  upload_font_texture(p);
  // The window's smallest size follows the text's (a hint the window manager keeps).
  if (p.window) {
    // (at least the smallest page at the user's zoom, up to 1×; never more than the window holds now)
    const float coords =
        p.content_scale * std::min(app.ui.user_zoom, std::max(p.zoom, 1.0f)) / pixels_per_coordinate(p);
    glfwSetWindowSizeLimits(p.window, static_cast<int>(std::ceil(kMinWindowW * coords)),
                            static_cast<int>(std::ceil(kMinWindowH * coords)), GLFW_DONT_CARE, GLFW_DONT_CARE);
  }
  apply_style(app.ui.theme, app.ui.scale);
  app.ui.applied_theme = app.ui.theme;
  app.ui.applied_scale = app.ui.scale;
}

namespace {

// F11: full screen on the window's monitor with larger type, or back to the window.
void toggle_presenting(Platform& p, App& app) {
  app.ui.present.toggle = false;
  if (!app.ui.present.on) {
    GLFWmonitor* monitor = glfwGetPrimaryMonitor();
    const GLFWvidmode* mode = monitor ? glfwGetVideoMode(monitor) : nullptr;
    if (!mode) {
      set_status(app, "Full screen is not available on this display.");
      return;
    }
    glfwGetWindowPos(p.window, &p.windowed_x, &p.windowed_y);
    glfwGetWindowSize(p.window, &p.windowed_w, &p.windowed_h);
    glfwSetWindowMonitor(p.window, monitor, 0, 0, mode->width, mode->height, mode->refreshRate);
    app.ui.present.on = true;
  } else {
    glfwSetWindowMonitor(p.window, nullptr, p.windowed_x, p.windowed_y, std::max(p.windowed_w, 320),
                         std::max(p.windowed_h, 240), 0);
    app.ui.present.on = false;
  }
  app.ui.present.controls_until = app.time + kControlsLinger;
  app.ui.scale_request = app.ui.user_zoom;
}

}  // namespace

void platform_present_in_window(Platform& p, App& app) {
  app.ui.present.on = true;
  app.ui.present.controls_until = 0.0;  // no mouse has moved: the controls stay hidden
  p.present_boost = present_boost_for_window(p);
  app.ui.scale_request = app.ui.user_zoom;
}

namespace {

// The frame gets its share of the queued keys, clicks and characters (none lost, none
// reordered; it runs after the backend's NewFrame, whose key and button state it
// replaces); the modifiers follow the keys as the GLFW backend derives them.
void apply_key_queue(Platform& p, App& app) {
  ImGuiIO& io = ImGui::GetIO();
  static_assert(KeyQueue::kKeys == IM_ARRAYSIZE(io.KeysDown));
  static_assert(KeyQueue::kButtons == IM_ARRAYSIZE(io.MouseDown));
  io.InputQueueCharacters.resize(0);  // the backend's copies: the queue's come in order
  // A character beyond U+FFFF goes to ImGui as its slot (wide_input.cpp).
  p.keys_pending = key_queue_frame(
      p.keys, io.KeysDown, io.MouseDown,
      [](void* ctx, unsigned c) { ImGui::GetIO().AddInputCharacter(typed_character(*static_cast<App*>(ctx), c)); },
      &app);
  io.KeyCtrl = io.KeysDown[GLFW_KEY_LEFT_CONTROL] || io.KeysDown[GLFW_KEY_RIGHT_CONTROL];
  io.KeyShift = io.KeysDown[GLFW_KEY_LEFT_SHIFT] || io.KeysDown[GLFW_KEY_RIGHT_SHIFT];
  io.KeyAlt = io.KeysDown[GLFW_KEY_LEFT_ALT] || io.KeysDown[GLFW_KEY_RIGHT_ALT];
  io.KeySuper = io.KeysDown[GLFW_KEY_LEFT_SUPER] || io.KeysDown[GLFW_KEY_RIGHT_SUPER];
}

struct FramebufferSize {
  int w = 0, h = 0;
};

// One frame of the app drawn into the back buffer, not yet shown, so it can be read
// back first. take_input: the frame gets its share of the queued keys (a pass that
// only lets ImGui's layout settle takes none, so no key is spent on it).
FramebufferSize render_frame(Platform& p, App& app, bool take_input) {
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  if (take_input) apply_key_queue(p, app);
  ImGui::NewFrame();
  app_frame(app);
  ImGui::Render();
  FramebufferSize fb;
  glfwGetFramebufferSize(p.window, &fb.w, &fb.h);
  if (p.layout_only) return fb;  // --layout-report: the layout is known; no pixels needed
  glViewport(0, 0, fb.w, fb.h);
  const ImVec4 bg = ImGui::ColorConvertU32ToFloat4(palette(app.ui.theme).bg);
  glClearColor(bg.x, bg.y, bg.z, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  return fb;
}

}  // namespace

std::string platform_frame(Platform& p, App& app, const std::string& png_path) {
  if (app.ui.present.toggle) toggle_presenting(p, app);
  const float fit = fit_for_window(p);
  const float boost = app.ui.present.on ? present_boost_for_window(p) : 1.0f;
  // The text holds a character the atlas has no glyph for yet (a CJK character typed, an
  // emoji's boxed stand-in): the fonts are built again with it, between two frames.
  if (app.ui.editor.wide.generation != p.glyphs_for && app.ui.scale_request <= 0.0f)
    app.ui.scale_request = app.ui.user_zoom;
  const bool held = std::min(app.ui.user_zoom, largest_zoom(p)) == p.zoom;  // (at the current fit)
  if (fit != p.fit || boost != p.present_boost || !held) {
    p.fit = fit;
    p.present_boost = boost;
    if (app.ui.scale_request <= 0.0f) app.ui.scale_request = app.ui.user_zoom;
  }
  if (app.ui.scale_request > 0.0f) {
    platform_apply_scale(p, app, app.ui.scale_request);
    app.ui.scale_request = 0.0f;
  }
  if (!p.simulated_drop.empty()) {
    const char* paths[] = {p.simulated_drop.c_str()};
    on_drop(p.window, 1, paths);
    p.simulated_drop.clear();
  }
  if (!p.dropped.empty()) {
    open_dropped_files(app, p.dropped);
    p.dropped.clear();
  }
  const auto [w, h] = render_frame(p, app, true);
  if (!p.landmarks_path.empty()) write_landmarks(p.landmarks_path, p.landmarks_written);
  std::string error;
  if (!png_path.empty()) {
    glReadBuffer(GL_BACK);
    error = save_framebuffer_png(png_path, w, h);
  }
  if (app.ui.screenshot_requested) {
    app.ui.screenshot_requested = false;
    const std::string path = default_screenshot_path(app);
    glReadBuffer(GL_BACK);
    const std::string e = save_framebuffer_png(path, w, h);
    set_status(app, (e.empty() ? "Saved " + path : "Screenshot not saved: " + e).c_str());
  }
  if (!p.layout_only) glfwSwapBuffers(p.window);
  if (app.ui.gif_requested) {
    app.ui.gif_requested = false;
    std::string path = default_screenshot_path(app);
    path.replace(path.size() - 4, 4, ".gif");
    set_status(app, "Exporting the animation…");
    const std::string e = platform_export_gif(p, app, path);
    set_status(app, (e.empty() ? "Saved " + path : "GIF not saved: " + e).c_str());
  }
  if (!p.session.path.empty()) session_autosave(p.session, app, window_geometry(p));
  if (ImGui::GetIO().WantSaveIniSettings) platform_save_imgui_ini(p);
  return error;
}

void platform_save_imgui_ini(Platform& p) {
  ImGuiIO& io = ImGui::GetIO();
  if (p.imgui_ini.empty()) {
    io.WantSaveIniSettings = false;
    return;
  }
  size_t n = 0;
  const char* text = ImGui::SaveIniSettingsToMemory(&n);  // clears WantSaveIniSettings
  if (!text || std::string_view(text, n) == p.imgui_ini_written) return;
  // Atomic (a temporary file renamed over it); a FIFO or device at the path is refused
  // and left alone. A failure costs only the windows' layout: nothing is said.
  if (write_small_file(p.imgui_ini, std::string_view(text, n)).empty()) p.imgui_ini_written.assign(text, n);
}

std::string platform_export_gif(Platform& p, App& app, const std::string& path) {
  GifWriter gif(path);
  if (!gif.error().empty()) return gif.error();
  gif.reserve(exact_colours(app.ui.theme));  // an ID's colour is its identity: no shifts
  const Timeline saved = app.ui.timeline;
  const bool reduced = app.ui.reduced_motion;
  app.ui.reduced_motion = false;
  const int steps = current_slide_steps(app);
  // 12.5 frames a second of the slide at 1x; long slides step faster to stay under ~600 frames.
  constexpr int kDelayCs = 8;
  const float per_frame = std::max(kDelayCs / 100.0f / kStepSeconds, static_cast<float>(steps) / 600.0f);
  std::vector<unsigned char> rgba;
  std::string error;
  for (float pos = 0.0f;; pos += per_frame) {
    const bool last = pos >= static_cast<float>(steps);
    timeline_seek(app.ui.timeline, steps, std::min(pos, static_cast<float>(steps)));
    // Two passes so ImGui's layout settles, then the frame is read back.
    platform_frame(p, app);
    const auto [w, h] = render_frame(p, app, false);
    glReadBuffer(GL_BACK);
    read_framebuffer_rgba(w, h, rgba);
    glfwSwapBuffers(p.window);
    error = gif.add_frame(rgba.data(), w, h, last ? 200 : kDelayCs);
    if (!error.empty() || last) break;
  }
  app.ui.timeline = saved;
  app.ui.reduced_motion = reduced;
  if (!error.empty()) return error;
  return gif.finish();
}

bool platform_wait(Platform& p, App& app) {
  if (glfwWindowShouldClose(p.window) || app.ui.quit_requested) return false;
  if (glfwGetWindowAttrib(p.window, GLFW_ICONIFIED)) {
    glfwWaitEvents();  // minimised: nothing to draw until restored
    return !glfwWindowShouldClose(p.window);
  }
  if (g_events > 0) app.frames_since_input = 0;
  g_events = 0;
  const bool busy = app_animating(app) || app.frames_since_input < kFramesAfterInput || p.keys_pending;
  ++app.frames_since_input;
  if (busy && app_progress_only(app) && app.frames_since_input >= kFramesAfterInput && !p.keys_pending) {
    glfwWaitEventsTimeout(0.1);  // a progress bar: 10 frames a second leave the CPU to the worker
  } else if (busy) {
    glfwPollEvents();
  } else {
    // Idle: sleep until input, waking for a status line to expire, a caret to blink,
    // the presenting controls to hide (each drawn once) or the autosave to be due
    // (written without drawing: a frame costs tens of ms of CPU under llvmpipe). A
    // table's file is looked at once a second (a stat; app/chrome/ui_file_watch.cpp):
    // that wake draws nothing unless the file changed, so a change shows without input.
    // app.time stands still while idle (it is the last frame's): each deadline is
    // counted from it less the time this loop has slept through the file's ticks, or a
    // status line or the autosave would wait one more tick for ever.
    const double idle_from = glfwGetTime();
    for (;;) {
      const double idle = glfwGetTime() - idle_from;
      double visual = 1e9;
      if (!app.ui.status.empty() && app.ui.status_until > app.time)
        visual = app.ui.status_until - app.time - idle + 0.05;
      if (ImGui::GetIO().WantTextInput) visual = std::min(visual, 0.5);
      if (app.ui.present.on && app.ui.present.controls_until > app.time)
        visual = std::min(visual, app.ui.present.controls_until - app.time - idle + 0.05);
      // The tour's next step (app/app_tour.hpp): asleep while a step is read.
      if (const double tour = tour_wake_in(app); tour >= 0.0) visual = std::min(visual, tour - idle + 0.005);
      visual = std::max(visual, 0.0);
      double save_in = session_due_in(p.session, app);
      if (save_in >= 0.0) save_in = std::max(0.0, save_in - idle);
      double timeout = save_in >= 0.0 ? std::min(visual, save_in + 0.05) : visual;
      const bool watch = table_file_watched(app) && kDiskCheckSeconds < timeout;
      if (watch) timeout = kDiskCheckSeconds;
      const double slept_from = glfwGetTime();
      if (timeout < 1e8) glfwWaitEventsTimeout(timeout);
      else glfwWaitEvents();
      if (g_events != 0 || glfwWindowShouldClose(p.window)) break;
      // No input: a timeout, or a worker's wake-up (glfwPostEmptyEvent).
      const double waited = glfwGetTime() - slept_from;
      const bool save_due = save_in >= 0.0 && waited >= save_in;
      const std::string status_before = app.ui.status;
      if (save_due) session_flush(p.session, app, window_geometry(p));
      const bool only_saved = save_due && save_in + 0.05 <= visual && app.ui.status == status_before;
      const bool changed = table_file_watched(app) && check_table_file_now(app);
      // The file's tick and nothing new (the wait may end a little before its timeout): wait on.
      if (watch && waited >= timeout - 0.02 && !save_due && !changed) continue;
      // A change draws a few frames (check_table_file_now reset frames_since_input: the prompt settles).
      if (!changed && !only_saved) app.frames_since_input = kFramesAfterInput - 1;  // draw exactly once
      break;
    }
  }
  return !glfwWindowShouldClose(p.window) && !app.ui.quit_requested;
}

std::string default_screenshot_path(const App& app) {
  const std::string dir = lv::pictures_dir(lv::xdg_env_from_process());  // XDG Pictures, ~/Pictures or "."
  char stamp[32];
  const std::time_t now = std::time(nullptr);
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&now));
  char name[96];
  std::snprintf(name, sizeof name, "/lookupviz-slide-%02d-%s.png", app.ui.slide, stamp);
  return dir + name;
}

}  // namespace lv::app
