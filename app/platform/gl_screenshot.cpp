// gl_screenshot.cpp — glReadPixels + stb_image_write, written atomically.
#include "app/platform/gl_screenshot.hpp"

#include <glad/gl.h>
#include <stb_image_write.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <unistd.h>
#include <vector>

#include "core/io/write_target.hpp"

namespace lv::app {
namespace {

struct Sink {
  FILE* f;
  bool ok;
};

void write_to_file(void* ctx, void* data, int size) {
  Sink* s = static_cast<Sink*>(ctx);
  if (s->ok && std::fwrite(data, 1, static_cast<size_t>(size), s->f) != static_cast<size_t>(size)) s->ok = false;
}

}  // namespace

void read_framebuffer_rgba(int width, int height, std::vector<unsigned char>& rgba) {
  std::vector<unsigned char> pixels(static_cast<size_t>(width) * static_cast<size_t>(height) * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  // GL's rows run bottom-up; images' top-down. Force opaque alpha.
  rgba.resize(pixels.size());
  const size_t stride = static_cast<size_t>(width) * 4;
  for (int y = 0; y < height; ++y)
    std::memcpy(&rgba[static_cast<size_t>(y) * stride], &pixels[static_cast<size_t>(height - 1 - y) * stride], stride);
  for (size_t i = 3; i < rgba.size(); i += 4) rgba[i] = 255;
}

std::string save_framebuffer_png(const std::string& path, int width, int height) {
  if (width <= 0 || height <= 0) return "the window has no pixels to save";
  std::vector<unsigned char> flipped;
  read_framebuffer_rgba(width, height, flipped);
  const size_t stride = static_cast<size_t>(width) * 4;

  // A symlink's target is written (the link stays); a FIFO or device is never replaced.
  const WriteTarget target = resolve_write_target(path);
  if (target.error != WriteTargetError::None) return "cannot write " + path + ": " + target.reason;
  const std::string tmp = target.path + ".part";
  FILE* f = std::fopen(tmp.c_str(), "wb");
  if (!f) return "cannot write " + path + ": " + std::strerror(errno);
  Sink sink{f, true};
  const int ok =
      stbi_write_png_to_func(write_to_file, &sink, width, height, 4, flipped.data(), static_cast<int>(stride));
  const bool flushed = std::fflush(f) == 0 && fsync(fileno(f)) == 0;
  const int saved_errno = errno;
  std::fclose(f);
  if (!ok || !sink.ok || !flushed) {
    std::remove(tmp.c_str());
    return "cannot write " + path + ": " + (saved_errno ? std::strerror(saved_errno) : "write failed");
  }
  if (std::rename(tmp.c_str(), target.path.c_str()) != 0) {
    const std::string why = std::strerror(errno);
    std::remove(tmp.c_str());
    return "cannot write " + path + ": " + why;
  }
  return "";
}

}  // namespace lv::app
