// platform_icon.hpp — the app's icon on its window (glfwSetWindowIcon), so task bars
// and Alt+Tab show it even when the window is not matched to its desktop entry.
// The PNGs of assets/icons/hicolor are compiled into the binary (CMakeLists.txt:
// <build>/generated/lv_icons.hpp), so the installed app needs no data files.
#pragma once

struct GLFWwindow;

namespace lv::app {

// Decodes the embedded PNGs and sets them as the window's icons (the window manager
// picks the size it draws). Returns the number of images set (0 if none decoded).
int platform_set_window_icon(GLFWwindow* window);

}  // namespace lv::app
