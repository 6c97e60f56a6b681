// gl_screenshot.hpp — read the frame just rendered and write it as a PNG, atomically
// (a temporary file next to the target, then rename: no partial file is ever left).
#pragma once
#include <string>
#include <vector>

namespace lv::app {

// Reads the current GL read buffer (width x height pixels). Returns "" on success,
// else a sentence naming the problem (unwritable directory, disk full, …).
std::string save_framebuffer_png(const std::string& path, int width, int height);

// The current GL read buffer as RGBA rows, top-down (width x height x 4 bytes).
void read_framebuffer_rgba(int width, int height, std::vector<unsigned char>& rgba);

}  // namespace lv::app
