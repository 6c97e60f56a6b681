// gif_writer_test.cpp — GifWriter's files read back with giflib's own decoder
// (DGifSlurp): frame count, size, the loop extension, delays, colours close to the
// source, and no file at all (not even PATH.part) when writing fails.
#include "core/io/gif_writer.hpp"

#include <gif_lib.h>
#include <gtest/gtest.h>
#include <stdlib.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

struct TempDir {
  std::string path;
  TempDir() {
    char tmpl[] = "/tmp/lookupviz_gif_XXXXXX";
    path = mkdtemp(tmpl);
  }
  ~TempDir() { fs::remove_all(path); }
};

// A small UI-like frame: the app's dark background, an amber bar at column `bar`,
// a teal/violet strip, and an antialiased ramp (like text edges) from bg to white.
std::vector<uint8_t> ui_frame(int w, int h, int bar) {
  std::vector<uint8_t> px(static_cast<size_t>(w) * h * 4);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      uint8_t* p = &px[(static_cast<size_t>(y) * w + x) * 4];
      int r = 0x0f, g = 0x11, b = 0x15;
      if (x >= bar && x < bar + 8 && y < h / 2) r = 0xf5, g = 0xa5, b = 0x24;
      if (y >= h - 6) (x / 8) % 2 ? (r = 0x2d, g = 0xd4, b = 0xbf) : (r = 0xa7, g = 0x8b, b = 0xfa);
      if (y == h / 2 + 2) {
        const int t = x * 255 / (w - 1);
        r = 0x0f + (0xe6 - 0x0f) * t / 255, g = 0x11 + (0xe6 - 0x11) * t / 255, b = 0x15 + (0xe6 - 0x15) * t / 255;
      }
      p[0] = static_cast<uint8_t>(r), p[1] = static_cast<uint8_t>(g), p[2] = static_cast<uint8_t>(b), p[3] = 255;
    }
  return px;
}

// Decodes every frame onto a canvas, as a viewer shows them (disposal "do not dispose").
struct Decoded {
  int width = 0, height = 0, images = 0;
  bool loops_forever = false;
  std::vector<int> delays;
  std::vector<std::vector<uint8_t>> frames;  // RGB, one per image
};

Decoded decode(const std::string& path) {
  Decoded d;
  int err = 0;
  GifFileType* gif = DGifOpenFileName(path.c_str(), &err);
  if (!gif) return d;
  if (DGifSlurp(gif) != GIF_OK) {
    DGifCloseFile(gif, &err);
    return d;
  }
  d.width = gif->SWidth, d.height = gif->SHeight, d.images = gif->ImageCount;
  std::vector<uint8_t> canvas(static_cast<size_t>(d.width) * d.height * 3, 0);
  for (int i = 0; i < gif->ImageCount; ++i) {
    const SavedImage& im = gif->SavedImages[i];
    for (int k = 0; k + 1 < im.ExtensionBlockCount; ++k) {
      const ExtensionBlock& e = im.ExtensionBlocks[k];
      const ExtensionBlock& next = im.ExtensionBlocks[k + 1];
      if (e.Function == APPLICATION_EXT_FUNC_CODE && e.ByteCount == 11 &&
          std::memcmp(e.Bytes, "NETSCAPE2.0", 11) == 0 && next.ByteCount == 3 && next.Bytes[0] == 1 &&
          next.Bytes[1] == 0 && next.Bytes[2] == 0)
        d.loops_forever = true;
    }
    GraphicsControlBlock gcb{};
    DGifSavedExtensionToGCB(gif, i, &gcb);
    d.delays.push_back(gcb.DelayTime);
    const ColorMapObject* map = im.ImageDesc.ColorMap ? im.ImageDesc.ColorMap : gif->SColorMap;
    for (int y = 0; y < im.ImageDesc.Height; ++y)
      for (int x = 0; x < im.ImageDesc.Width; ++x) {
        const GifColorType c = map->Colors[im.RasterBits[y * im.ImageDesc.Width + x]];
        uint8_t* p = &canvas[(static_cast<size_t>(im.ImageDesc.Top + y) * d.width + im.ImageDesc.Left + x) * 3];
        p[0] = c.Red, p[1] = c.Green, p[2] = c.Blue;
      }
    d.frames.push_back(canvas);
  }
  DGifCloseFile(gif, &err);
  return d;
}

// The largest per-channel difference between a decoded frame and its RGBA source.
int max_error(const std::vector<uint8_t>& rgb, const std::vector<uint8_t>& rgba) {
  int worst = 0;
  for (size_t i = 0; i * 3 < rgb.size(); ++i)
    for (int c = 0; c < 3; ++c) worst = std::max(worst, std::abs(rgb[i * 3 + c] - rgba[i * 4 + c]));
  return worst;
}

TEST(GifWriter, ThreeFramesLoopForeverAtTheirSize) {
  TempDir dir;
  const std::string path = dir.path + "/anim.gif";
  const int w = 64, h = 48;
  std::vector<std::vector<uint8_t>> src = {ui_frame(w, h, 4), ui_frame(w, h, 20), ui_frame(w, h, 36)};
  {
    lv::GifWriter gif(path);
    ASSERT_EQ(gif.error(), "");
    for (const auto& f : src) ASSERT_EQ(gif.add_frame(f.data(), w, h, 7), "");
    ASSERT_EQ(gif.finish(), "");
  }
  EXPECT_FALSE(fs::exists(path + ".part"));
  const Decoded d = decode(path);
  EXPECT_EQ(d.width, w);
  EXPECT_EQ(d.height, h);
  ASSERT_EQ(d.images, 3);
  EXPECT_TRUE(d.loops_forever);
  EXPECT_EQ(d.delays, (std::vector<int>{7, 7, 7}));
  EXPECT_NE(d.frames[0], d.frames[1]);
  EXPECT_NE(d.frames[1], d.frames[2]);
  // Flat colours come back exact-ish, the ramp within a few levels.
  for (int i = 0; i < 3; ++i) EXPECT_LE(max_error(d.frames[i], src[i]), 6) << "frame " << i;
}

TEST(GifWriter, IdenticalFramesMergeIntoALongerDelay) {
  TempDir dir;
  const std::string path = dir.path + "/still.gif";
  const auto a = ui_frame(32, 32, 2), b = ui_frame(32, 32, 10);
  lv::GifWriter gif(path);
  ASSERT_EQ(gif.add_frame(a.data(), 32, 32, 5), "");
  ASSERT_EQ(gif.add_frame(a.data(), 32, 32, 5), "");
  ASSERT_EQ(gif.add_frame(b.data(), 32, 32, 0), "");  // 0 is played as 10 by browsers: stored as 2
  ASSERT_EQ(gif.finish(), "");
  const Decoded d = decode(path);
  ASSERT_EQ(d.images, 2);
  EXPECT_EQ(d.delays, (std::vector<int>{10, 2}));
}

TEST(GifWriter, ManyColoursStayClose) {
  TempDir dir;
  const std::string path = dir.path + "/gradient.gif";
  const int w = 128, h = 128;
  std::vector<uint8_t> px(static_cast<size_t>(w) * h * 4);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      uint8_t* p = &px[(static_cast<size_t>(y) * w + x) * 4];
      p[0] = static_cast<uint8_t>(x * 2), p[1] = static_cast<uint8_t>(y * 2), p[2] = static_cast<uint8_t>(255 - x - y),
      p[3] = 255;
    }
  lv::GifWriter gif(path);
  ASSERT_EQ(gif.add_frame(px.data(), w, h, 10), "");
  ASSERT_EQ(gif.finish(), "");
  const Decoded d = decode(path);
  ASSERT_EQ(d.images, 1);
  EXPECT_LE(max_error(d.frames[0], px), 40);  // 16k colours in 224 entries
}

TEST(GifWriter, UnwritablePathGivesAnErrorAndNoFile) {
  TempDir dir;
  const std::string path = dir.path + "/no-such-dir/x.gif";  // fails for root too
  const auto f = ui_frame(16, 16, 0);
  lv::GifWriter gif(path);
  EXPECT_NE(gif.error().find("cannot write " + path + ":"), std::string::npos) << gif.error();
  EXPECT_NE(gif.add_frame(f.data(), 16, 16, 5), "");
  EXPECT_NE(gif.finish(), "");
  EXPECT_FALSE(fs::exists(path));
  EXPECT_TRUE(fs::is_empty(dir.path));
}

TEST(GifWriter, FailedRenameLeavesNoPartFile) {
  TempDir dir;
  const std::string path = dir.path + "/taken";  // a directory: rename onto it would fail
  fs::create_directory(path);
  fs::create_directory(path + "/inside");
  const auto f = ui_frame(16, 16, 0);
  lv::GifWriter gif(path);
  // Since issue 17 a path that is not a regular file is refused before any frame.
  EXPECT_EQ(gif.error(), "cannot write " + path + ": it is a folder, not a regular file");
  EXPECT_NE(gif.add_frame(f.data(), 16, 16, 5), "");
  EXPECT_NE(gif.finish(), "");
  EXPECT_FALSE(fs::exists(path + ".part"));
  EXPECT_TRUE(fs::is_directory(path + "/inside"));
}

TEST(GifWriter, WrongSizeOrNoFramesOrAbandonedLeaveNoFile) {
  TempDir dir;
  const auto a = ui_frame(16, 16, 0), b = ui_frame(20, 16, 0);
  {
    lv::GifWriter gif(dir.path + "/size.gif");
    ASSERT_EQ(gif.add_frame(a.data(), 16, 16, 5), "");
    EXPECT_NE(gif.add_frame(b.data(), 20, 16, 5).find("every frame must be 16x16"), std::string::npos);
    EXPECT_NE(gif.finish(), "");
  }
  {
    lv::GifWriter gif(dir.path + "/empty.gif");
    EXPECT_NE(gif.finish().find("no frames"), std::string::npos);
  }
  {
    lv::GifWriter gif("");
    EXPECT_NE(gif.error(), "");
    EXPECT_NE(gif.finish(), "");
  }
  {
    lv::GifWriter gif(dir.path + "/abandoned.gif");
    ASSERT_EQ(gif.add_frame(a.data(), 16, 16, 5), "");
  }  // destroyed without finish()
  EXPECT_TRUE(fs::is_empty(dir.path));
}

}  // namespace

namespace {

// The theme's eight ID colours (app/ui_base/ui_theme.cpp), as the app reserves them.
const std::vector<uint32_t> kIdColours = {0xf5a524, 0x2dd4bf, 0xa78bfa, 0xfb7185,
                                          0x38bdf8, 0xa3e635, 0xfb923c, 0xf472b6};

// A frame that crowds the palette: a 16k-colour gradient everywhere, with small patches
// (6 × 6 pixels: too few to win an entry of their own) of the given colours.
std::vector<uint8_t> crowded_frame(int w, int h, const std::vector<uint32_t>& patches) {
  std::vector<uint8_t> px(static_cast<size_t>(w) * h * 4);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      uint8_t* p = &px[(static_cast<size_t>(y) * w + x) * 4];
      p[0] = static_cast<uint8_t>(x * 2), p[1] = static_cast<uint8_t>(y * 2), p[2] = static_cast<uint8_t>(255 - x - y),
      p[3] = 255;
    }
  for (size_t i = 0; i < patches.size(); ++i)
    for (int y = 4; y < 10; ++y)
      for (int x = 0; x < 6; ++x) {
        uint8_t* p = &px[(static_cast<size_t>(y) * w + 4 + 10 * static_cast<int>(i) + x) * 4];
        p[0] = static_cast<uint8_t>(patches[i] >> 16), p[1] = static_cast<uint8_t>(patches[i] >> 8),
        p[2] = static_cast<uint8_t>(patches[i]);
      }
  return px;
}

std::vector<uint32_t> global_palette(const std::string& path) {
  std::vector<uint32_t> out;
  int err = 0;
  GifFileType* gif = DGifOpenFileName(path.c_str(), &err);
  if (!gif) return out;
  if (DGifSlurp(gif) == GIF_OK && gif->SColorMap)
    for (int i = 0; i < gif->SColorMap->ColorCount; ++i) {
      const GifColorType c = gif->SColorMap->Colors[i];
      out.push_back(uint32_t{c.Red} << 16 | uint32_t{c.Green} << 8 | c.Blue);
    }
  DGifCloseFile(gif, &err);
  return out;
}

// Where each patch of crowded_frame() is, read back from a decoded RGB frame.
uint32_t patch_colour(const std::vector<uint8_t>& rgb, int w, size_t i, int x, int y) {
  const uint8_t* p = &rgb[(static_cast<size_t>(4 + y) * w + 4 + 10 * static_cast<int>(i) + x) * 3];
  return uint32_t{p[0]} << 16 | uint32_t{p[1]} << 8 | p[2];
}

// The theme's ID colours survive export exactly: reserved, each has its own palette
// entry, and every pixel of it decodes to it — in the first frame, and in a later frame
// where it appears for the first time (a teal that lit up later came back light blue).
TEST(GifWriter, ReservedColoursComeBackExactly) {
  TempDir dir;
  const std::string path = dir.path + "/reserved.gif";
  const int w = 128, h = 128;
  const std::vector<uint32_t> first(kIdColours.begin(), kIdColours.begin() + 4);
  const auto a = crowded_frame(w, h, first), b = crowded_frame(w, h, kIdColours);
  {
    lv::GifWriter gif(path);
    gif.reserve(kIdColours);
    ASSERT_EQ(gif.add_frame(a.data(), w, h, 5), "");
    ASSERT_EQ(gif.add_frame(b.data(), w, h, 5), "");
    ASSERT_EQ(gif.finish(), "");
  }
  const std::vector<uint32_t> pal = global_palette(path);
  for (uint32_t c : kIdColours)
    EXPECT_NE(std::find(pal.begin(), pal.end(), c), pal.end()) << std::hex << c << " not in the palette";
  const Decoded d = decode(path);
  ASSERT_EQ(d.images, 2);
  for (int f = 0; f < 2; ++f)
    for (size_t i = 0; i < (f == 0 ? first.size() : kIdColours.size()); ++i)
      for (int y = 0; y < 6; ++y)
        for (int x = 0; x < 6; ++x)
          ASSERT_EQ(patch_colour(d.frames[static_cast<size_t>(f)], w, i, x, y), kIdColours[i])
              << std::hex << "frame " << f << ", ID colour " << i << " at " << x << "," << y;
  // The rest still looks like its source.
  EXPECT_LE(max_error(d.frames[1], b), 40);
}

// Reserving after a frame was quantised changes nothing (entries never move), and
// reserving the same colour twice spends one entry.
TEST(GifWriter, ReserveIsBeforeTheFirstFrameOnly) {
  TempDir dir;
  const std::string path = dir.path + "/late.gif";
  const auto f = ui_frame(32, 32, 2);
  lv::GifWriter gif(path);
  gif.reserve({0x123456, 0x123456});
  ASSERT_EQ(gif.add_frame(f.data(), 32, 32, 5), "");
  gif.reserve({0x654321});
  ASSERT_EQ(gif.finish(), "");
  const std::vector<uint32_t> pal = global_palette(path);
  EXPECT_EQ(std::count(pal.begin(), pal.end(), 0x123456u), 1);
  EXPECT_EQ(std::find(pal.begin(), pal.end(), 0x654321u), pal.end());
}

}  // namespace
