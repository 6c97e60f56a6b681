// gif_writer.hpp — animated GIFs from RGBA frames (Debian's giflib), with no GL.
//
// For sharing a slide's animation: looping forever (NETSCAPE2.0), one global
// palette shared by every frame and grown as new colours appear, each frame stored
// as the rectangle that changed since the one before (identical frames merge into a
// longer delay). Written atomically: PATH.part, then rename — never a partial PATH.
// Colours that must not shift (a theme's ID and UI colours) can be reserved: each gets
// its own entry, and pixels of exactly that colour come back exactly.
//
//   lv::GifWriter gif("slide-02.gif");
//   gif.reserve(theme_colours);   // optional, before the first frame
//   for (...) if (auto e = gif.add_frame(rgba, w, h, 4); !e.empty()) return e;
//   return gif.finish();   // "" or one sentence saying what went wrong
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace lv {

class GifWriter {
 public:
  // Opens PATH.part at once, so an unwritable path shows in error() before any frame is rendered.
  explicit GifWriter(const std::string& path);
  ~GifWriter();  // an unfinished file is abandoned: PATH.part is removed, PATH untouched
  GifWriter(const GifWriter&) = delete;
  GifWriter& operator=(const GifWriter&) = delete;

  // Colours (0xRRGGBB) kept exact: each gets a palette entry of its own before the
  // first frame is quantised, and a pixel of exactly that colour is stored as it.
  // Duplicates count once; at most kMaxReserved are kept (the rest are ignored), so
  // the ramps between them keep most of the palette. Call before the first add_frame();
  // later calls are ignored.
  static constexpr int kMaxReserved = 128;
  void reserve(const std::vector<uint32_t>& rgb);

  // One frame of w × h pixels, 4 bytes each (R, G, B, A; alpha is ignored — frames are
  // opaque screenshots), rows top-down, shown for delay_centiseconds (clamped to 2..65535:
  // browsers play 0 and 1 as 10). Every frame must have the first one's size.
  // Returns "" or the error; after an error the writer is spent and finish() repeats it.
  std::string add_frame(const uint8_t* rgba, int w, int h, int delay_centiseconds);

  // Writes the last frame and the palette, then renames PATH.part to PATH. "" on success.
  std::string finish();

  // The first error so far, "" if none.
  const std::string& error() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace lv
