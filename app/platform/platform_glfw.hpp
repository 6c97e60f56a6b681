// platform_glfw.hpp — the GLFW/GL glue, kept in one place: opening the window with a
// GL 3.3 core context (with clear messages when that is impossible), ImGui's
// backends and fonts, waiting for events when nothing moves, and rendering one
// frame (optionally saving it as a PNG).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "app/app_session.hpp"
#include "app/state/app_state.hpp"
#include "app/chrome/key_queue.hpp"

struct GLFWwindow;

namespace lv::app {

struct Platform {
  GLFWwindow* window = nullptr;
  float content_scale = 1.0f;  // the monitor's (HiDPI) scale, or --scale
  bool auto_fit = true;
  float present_boost = 1.0f;  // 1.35 while presenting (F11): larger type
  int windowed_x = 0, windowed_y = 0, windowed_w = 0,
      windowed_h = 0;   // to return from full screen        // grow the UI with big windows (off when --scale is given)
  float fit = 1.0f;     // the current growth factor, in steps of 0.25
  float zoom = 1.0f;    // the text zoom drawn: the user's (Ctrl+=), or less where the window holds no more
  bool hidden = false;  // headless render modes keep the window unmapped
  bool fit_to_screen = false;  // the size is the default's or the session's (not --size): kept within the screen
  bool layout_only = false;    // --layout-report: frames are laid out, never drawn (an 8192 × 8192 frame took
                               // llvmpipe ~0.4 s)
  std::string glsl_version = "#version 330 core";
  SessionSaver session;              // the session file (path empty: not saved)
  std::string imgui_ini;             // ImGui's own layout file, beside the session (never the working directory)
  std::string imgui_ini_written;     // its text as last read or written (an unchanged layout is not written again)
  unsigned int font_texture = 0;     // the font atlas (GL_R8, ours, not the ImGui backend's RGBA one)
  uint64_t glyphs_for = 0;           // the app.ui.editor.wide.generation the atlas holds the glyphs of
  KeyQueue keys;                     // keys and characters not yet given to a frame (app/chrome/key_queue.hpp)
  bool keys_pending = false;         // some still wait: draw another frame
  std::string landmarks_path;        // LOOKUPVIZ_LANDMARKS: where the named controls' rectangles go (tests)
  std::string landmarks_written;     // the text last written there
  std::vector<std::string> dropped;  // files dropped on the window, opened by the next frame
  std::string simulated_drop;        // LOOKUPVIZ_SIMULATE_DROP: sent through the drop callback once (tests)
};

// Opens the window and initialises ImGui and its backends. On failure returns a
// sentence for the user (and the caller exits 1).
std::string platform_open(Platform& p, int width, int height, bool hidden, float forced_scale, App& app);
void platform_close(Platform& p);  // saves the session first

// ImGui's layout (imgui.ini, at most kMaxImguiIniBytes when read) written atomically
// when it changed since it was read or last written; ImGui asks every few seconds
// (io.WantSaveIniSettings) and platform_close saves it last.
inline constexpr size_t kMaxImguiIniBytes = 1u << 20;
void platform_save_imgui_ini(Platform& p);

// The window's size, position and state, as the session stores them.
WindowGeometry window_geometry(const Platform& p);

// (Re)builds the fonts for content_scale × user_zoom; call between frames.
void platform_apply_scale(Platform& p, App& app, float user_zoom);

// Presents (as F11 does: larger type, the controls and code panels folded) inside
// the window as it is, for --present with the headless modes: the window stands in
// for the screen.
void platform_present_in_window(Platform& p, App& app);

// Draws one frame of the app. When png_path is not empty, the frame is also saved
// (returns the error sentence, "" on success).
std::string platform_frame(Platform& p, App& app, const std::string& png_path = "");

// Renders the current slide's animation from its first step to its last as a looping
// GIF at the window's size (8 cs a frame, the end state held 2 s). "" or the error.
std::string platform_export_gif(Platform& p, App& app, const std::string& path);

// Blocks until there is a reason to draw: input, a resize, an animation, a status
// line expiring. Returns false when the window should close.
bool platform_wait(Platform& p, App& app);

// Where Ctrl+S saves: the XDG Pictures folder (user-dirs.dirs), else ~/Pictures if it
// exists, else the working directory.
std::string default_screenshot_path(const App& app);

}  // namespace lv::app
