// render_scale_test.cpp — slide 7's heat map in a real window under `xvfb-run -a`:
// the screenshot waits for the 50,257 × 768 table and shows it (blue and red cells,
// not a placeholder), and tiling is invisible: with textures capped at 1,000 texels
// a side (144 tiles instead of 4) the map is pixel for pixel the same, also across
// the default tiles' boundary at row 16,384. With --weights the map is the file's table
// (one whose values are all positive: red, no blue). Slide 7's GIF waits for the table
// too. Skipped when xvfb-run is not installed.
#include <gtest/gtest.h>
#include <gif_lib.h>
#include <stb_image.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

namespace {

struct Image {
  int w = 0, h = 0;
  std::vector<unsigned char> rgb;
  const unsigned char* at(int x, int y) const { return &rgb[(static_cast<size_t>(y) * w + x) * 3]; }
};

Image load(const std::string& path) {
  Image im;
  int n = 0;
  unsigned char* data = stbi_load(path.c_str(), &im.w, &im.h, &n, 3);
  if (data) {
    im.rgb.assign(data, data + static_cast<size_t>(im.w) * im.h * 3);
    stbi_image_free(data);
  }
  return im;
}

bool have_xvfb() { return std::system("command -v xvfb-run >/dev/null 2>&1") == 0; }

int run(const std::string& env, const std::string& args) {
  const std::string cmd = env + " xvfb-run -a " LOOKUPVIZ_BIN " " + args + " 2>&1";
  return std::system(cmd.c_str());
}

std::string temp_dir() {
  char tmpl[] = "/tmp/lookupviz-scale-XXXXXX";
  const char* d = mkdtemp(tmpl);
  return d ? d : "/tmp";
}

// The heat map's inside at 1280 × 800 (its left edge, at x ≈ 90, may round either way).
constexpr int kX0 = 100, kX1 = 700, kY0 = 180, kY1 = 430;

// How many of the map's pixels (every other one) are clearly red or clearly blue.
struct Hues {
  size_t red = 0, blue = 0, n = 0;
};
Hues map_hues(const Image& im) {
  Hues h;
  for (int y = kY0; y < kY1; y += 2)
    for (int x = kX0; x < kX1; x += 2) {
      const unsigned char* p = im.at(x, y);
      h.red += p[0] > p[2] + 40;
      h.blue += p[2] > p[0] + 40;
      ++h.n;
    }
  return h;
}

TEST(RenderScale, TheScreenshotShowsTheWholeTableAsAHeatMap) {
  if (!have_xvfb()) GTEST_SKIP() << "xvfb-run is not installed";
  const std::string dir = temp_dir();
  ASSERT_EQ(run("", "--slide 7 --step 1 --size 1280x800 --screenshot " + dir + "/map.png"), 0);
  const Image im = load(dir + "/map.png");
  ASSERT_EQ(im.w, 1280);
  const Hues h = map_hues(im);
  EXPECT_GT(h.red, h.n / 10) << "positive weights are red";
  EXPECT_GT(h.blue, h.n / 10) << "negative weights are blue";
}

// Frame k of a GIF as shown: frames 0..k drawn in turn, each over the last (the writer's
// first frame is the whole picture, later ones the rectangle that changed, with a
// transparent index where a pixel stays).
Image gif_frame(const std::string& path, int k) {
  Image im;
  int err = 0;
  GifFileType* gif = DGifOpenFileName(path.c_str(), &err);
  if (!gif) return im;
  if (DGifSlurp(gif) == GIF_OK && gif->ImageCount > k) {
    im.w = gif->SWidth;
    im.h = gif->SHeight;
    im.rgb.assign(static_cast<size_t>(im.w) * im.h * 3, 0);
    for (int i = 0; i <= k; ++i) {
      const SavedImage& f = gif->SavedImages[i];
      const ColorMapObject* map = f.ImageDesc.ColorMap ? f.ImageDesc.ColorMap : gif->SColorMap;
      GraphicsControlBlock gcb{};
      gcb.TransparentColor = NO_TRANSPARENT_COLOR;
      DGifSavedExtensionToGCB(gif, i, &gcb);
      if (!map) continue;
      for (int y = 0; y < f.ImageDesc.Height; ++y)
        for (int x = 0; x < f.ImageDesc.Width; ++x) {
          const int c = f.RasterBits[y * f.ImageDesc.Width + x];
          const int X = f.ImageDesc.Left + x, Y = f.ImageDesc.Top + y;
          if (c == gcb.TransparentColor || X >= im.w || Y >= im.h) continue;
          const GifColorType rgb = map->Colors[c % map->ColorCount];
          unsigned char* p = &im.rgb[(static_cast<size_t>(Y) * im.w + X) * 3];
          p[0] = rgb.Red, p[1] = rgb.Green, p[2] = rgb.Blue;
        }
    }
  }
  DGifCloseFile(gif, &err);
  return im;
}

// --export-gif of slide 7 waits for its table like a screenshot does: once step 0 has
// faded the map in (frame 10), it is the heat map (before, every frame said "Growing
// the table from its seed").
TEST(RenderScale, TheGifShowsTheHeatMapNotItsBuilding) {
  if (!have_xvfb()) GTEST_SKIP() << "xvfb-run is not installed";
  const std::string dir = temp_dir();
  ASSERT_EQ(run("", "--slide 7 --size 1280x800 --export-gif " + dir + "/s7.gif"), 0);
  const Image im = gif_frame(dir + "/s7.gif", 10);
  ASSERT_EQ(im.w, 1280);
  const Hues h = map_hues(im);
  EXPECT_GT(h.red, h.n / 10) << "positive weights are red";
  EXPECT_GT(h.blue, h.n / 10) << "negative weights are blue";
}

// A v1 .npy of `rows` × `cols` float32, every value in [0.25, 1): positive throughout
// (rows before `negative_below` negated: blue there).
void write_positive_npy(const std::string& path, int rows, int cols, int negative_below = 0) {
  std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': (" + std::to_string(rows) + ", " +
                       std::to_string(cols) + "), }";
  while ((10 + header.size() + 1) % 64 != 0) header += ' ';
  header += '\n';
  std::ofstream f(path, std::ios::binary);
  f.write("\x93NUMPY\x01\x00", 8);
  const unsigned char len[2] = {static_cast<unsigned char>(header.size() & 0xff),
                                static_cast<unsigned char>(header.size() >> 8)};
  f.write(reinterpret_cast<const char*>(len), 2);
  f << header;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const float m = 0.25f + 0.75f * static_cast<float>((r * 7 + c * 13) % 97) / 97.0f;
      const float v = r < negative_below ? -m : m;
      f.write(reinterpret_cast<const char*>(&v), 4);
    }
}

TEST(RenderScale, ALoadedTableIsWhatTheMapShows) {
  if (!have_xvfb()) GTEST_SKIP() << "xvfb-run is not installed";
  const std::string dir = temp_dir();
  write_positive_npy(dir + "/positive.npy", 6000, 96);
  ASSERT_EQ(run("", "--weights " + dir + "/positive.npy --ids 1,2 --slide 7 --step 1 --size 1280x800 --screenshot " +
                        dir + "/map.png"),
            0);
  const Image im = load(dir + "/map.png");
  ASSERT_EQ(im.w, 1280);
  const Hues h = map_hues(im);
  EXPECT_GT(h.red, h.n / 2) << "the file's values are all positive: red";
  EXPECT_LT(h.blue, h.n / 200) << "and none of them is negative (the seeded table would be half blue)";
}

TEST(RenderScale, TilingIsInvisible) {
  if (!have_xvfb()) GTEST_SKIP() << "xvfb-run is not installed";
  const std::string dir = temp_dir();
  const std::string args = "--slide 7 --step 2 --ids 16383,16384 --size 1280x800 --screenshot ";
  ASSERT_EQ(run("", args + dir + "/default.png"), 0);
  ASSERT_EQ(run("LOOKUPVIZ_GL_MAX_TEXTURE=1000", args + dir + "/small.png"), 0);
  const Image a = load(dir + "/default.png"), b = load(dir + "/small.png");
  ASSERT_EQ(a.w, 1280);
  ASSERT_EQ(b.w, 1280);
  size_t differ = 0, n = 0;
  for (int y = kY0; y < kY1; ++y)
    for (int x = kX0; x < kX1; ++x) {
      const unsigned char *p = a.at(x, y), *q = b.at(x, y);
      differ += p[0] != q[0] || p[1] != q[1] || p[2] != q[2];
      ++n;
    }
  std::printf("tiling: %zu of %zu map pixels differ\n", differ, n);
  EXPECT_LE(differ, n / 2000) << "of " << n << " pixels";  // a pixel centre exactly on a cell edge may round either way
}

// Zoomed in past the overview, the map draws the table's own cells from a window of
// rows around the view (≤ 40 M cells; LOOKUPVIZ_GL_WINDOW_CELLS shrinks it). A
// 6,000 × 96 table fits one window whole; with a 400-row window, the view at rows
// ~4,000 must come out the same pixels, from the right rows (red: rows < 3,000 are
// negative, blue, and must not show up there).
TEST(RenderScale, TheZoomedInWindowShowsTheRightRows) {
  if (!have_xvfb()) GTEST_SKIP() << "xvfb-run is not installed";
  const std::string dir = temp_dir();
  write_positive_npy(dir + "/halves.npy", 6000, 96, 3000);
  const std::string args =
      "--weights " + dir + "/halves.npy --ids 4000,4001 --slide 7 --step 3 --size 1280x800 --screenshot ";
  ASSERT_EQ(run("", args + dir + "/whole.png"), 0);
  ASSERT_EQ(run("LOOKUPVIZ_GL_WINDOW_CELLS=38400", args + dir + "/window.png"), 0);
  const Image a = load(dir + "/whole.png"), b = load(dir + "/window.png");
  ASSERT_EQ(a.w, 1280);
  ASSERT_EQ(b.w, 1280);
  // The map alone at this step (the timing chart beside it changes from run to run).
  constexpr int x0 = 100, x1 = 430, y0 = 180, y1 = 420;
  size_t differ = 0, n = 0, red = 0, blue = 0;
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x) {
      const unsigned char *p = a.at(x, y), *q = b.at(x, y);
      differ += p[0] != q[0] || p[1] != q[1] || p[2] != q[2];
      red += q[0] > q[2] + 40;
      blue += q[2] > q[0] + 40 && q[2] > q[1];  // the map's blue, not an ID's teal outline
      ++n;
    }
  std::printf("window: %zu of %zu map pixels differ; red %zu, blue %zu\n", differ, n, red, blue);
  EXPECT_LE(differ, n / 2000) << "of " << n << " pixels";
  EXPECT_GT(red, n / 2) << "rows near 4,000 are positive: red";
  EXPECT_LT(blue, n / 200) << "no row below 3,000 (blue) is on screen";
}

}  // namespace
