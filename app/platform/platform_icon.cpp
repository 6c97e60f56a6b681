// platform_icon.cpp — embedded PNG -> RGBA (stb_image) -> glfwSetWindowIcon.
#include "app/platform/platform_icon.hpp"

#include <GLFW/glfw3.h>
#include <stb_image.h>

#include <vector>

#include "lv_icons.hpp"  // generated: lv::icons::kPngs, each {data, size}

namespace lv::app {

int platform_set_window_icon(GLFWwindow* window) {
  std::vector<GLFWimage> images;
  std::vector<stbi_uc*> pixels;
  for (const lv::icons::Png& png : lv::icons::kPngs) {
    int w = 0, h = 0, channels = 0;
    stbi_uc* rgba = stbi_load_from_memory(png.data, static_cast<int>(png.size), &w, &h, &channels, 4);
    if (!rgba) continue;  // cannot happen for the committed icons; never worth failing over
    pixels.push_back(rgba);
    images.push_back(GLFWimage{w, h, rgba});
  }
  if (!images.empty()) glfwSetWindowIcon(window, static_cast<int>(images.size()), images.data());  // GLFW copies them
  for (stbi_uc* p : pixels) stbi_image_free(p);
  return static_cast<int>(images.size());
}

}  // namespace lv::app
