// gl_screenshot.hpp — read the frame just rendered and write it as a PNG, atomically
// (a temporary file next to the target, then rename: no partial file is ever left).
#pragma once
#include <string>

namespace lv::app {

// Reads the current GL read buffer (width x height pixels). Returns "" on success,
// else a sentence naming the problem (unwritable directory, disk full, …).
std::string save_framebuffer_png(const std::string& path, int width, int height);

}  // namespace lv::app
