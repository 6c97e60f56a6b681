// render_test.cpp — the real app in a real window under `xvfb-run -a` (Mesa's
// llvmpipe): it writes a PNG per slide; each is a real picture (not blank), the
// slides differ from each other, and the picture changes when the IDs change.
// Skipped (not passed) when xvfb-run is not installed.
#include <gtest/gtest.h>
#include <stb_image.h>

#include <cstdio>
#include <filesystem>
#include <cstdlib>
#include <set>
#include <string>
#include <vector>

namespace {

struct Image {
  int w = 0, h = 0;
  std::vector<unsigned char> rgb;
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

size_t distinct_colors(const Image& im) {
  std::set<unsigned> colors;
  for (size_t i = 0; i + 2 < im.rgb.size(); i += 3 * 7)  // every 7th pixel is plenty
    colors.insert(im.rgb[i] << 16 | im.rgb[i + 1] << 8 | im.rgb[i + 2]);
  return colors.size();
}

// The fraction of pixels that differ between two same-sized images.
double difference(const Image& a, const Image& b) {
  if (a.w != b.w || a.h != b.h) return 1.0;
  size_t diff = 0;
  for (size_t i = 0; i < a.rgb.size(); i += 3)
    if (a.rgb[i] != b.rgb[i] || a.rgb[i + 1] != b.rgb[i + 1] || a.rgb[i + 2] != b.rgb[i + 2]) ++diff;
  return static_cast<double>(diff) / (a.rgb.size() / 3);
}

bool have_xvfb() { return std::system("command -v xvfb-run >/dev/null 2>&1") == 0; }

int run(const std::string& args) {
  const std::string cmd = "xvfb-run -a " LOOKUPVIZ_BIN " " + args + " 2>&1";
  return std::system(cmd.c_str());
}

// The last slide's number as the binary's --help states it ("the slide to show, 0 to N"): the
// registry's count, which the binary gives core at start (-1 when --help does not say).
int last_slide_of_binary() {
  FILE* f = popen(LOOKUPVIZ_BIN " --help 2>&1", "r");
  if (!f) return -1;
  std::string help;
  char buf[4096];
  while (size_t n = std::fread(buf, 1, sizeof buf, f)) help.append(buf, n);
  pclose(f);
  const std::string key = "the slide to show, 0 to ";
  const size_t at = help.find(key);
  return at == std::string::npos ? -1 : std::atoi(help.c_str() + at + key.size());
}

std::string temp_dir() {
  char tmpl[] = "/tmp/lookupviz-render-XXXXXX";
  const char* d = mkdtemp(tmpl);
  return d ? d : "/tmp";
}

TEST(Render, ExportSlidesWritesADistinctPicturePerSlide) {
  if (!have_xvfb()) GTEST_SKIP() << "xvfb-run is not installed";
  const std::string dir = temp_dir();
  ASSERT_EQ(run("--export-slides " + dir + " --size 1280x800"), 0);
  std::vector<Image> slides;
  const int last = last_slide_of_binary();
  ASSERT_GE(last, 10) << "--help names no last slide";  // slide 10 is attention
  char past[32];
  std::snprintf(past, sizeof past, "/slide-%02d.png", last + 1);
  EXPECT_EQ(load(dir + past).w, 0) << "a picture past the last slide";
  for (int k = 0; k <= last; ++k) {  // slide-00.png (text → token IDs) … slide-10.png
    char name[32];
    std::snprintf(name, sizeof name, "/slide-%02d.png", k);
    Image im = load(dir + name);
    ASSERT_EQ(im.w, 1280) << name;
    ASSERT_EQ(im.h, 800) << name;
    EXPECT_GT(distinct_colors(im), 60u) << name << " looks blank";
    slides.push_back(std::move(im));
  }
  for (size_t i = 0; i < slides.size(); ++i)
    for (size_t j = i + 1; j < slides.size(); ++j)
      EXPECT_GT(difference(slides[i], slides[j]), 0.01) << "slides " << i << " and " << j << " look the same";
}

// Slide 0 in the real window: the book's sentence typed with --text shows its pieces and
// merges, not the default IDs read as tokens; Text mode's chips change the editor bar of
// every slide (here the table's).
TEST(Render, SlideZeroAndTextModeFollowTheText) {
  if (!have_xvfb()) GTEST_SKIP() << "xvfb-run is not installed";
  const std::string dir = temp_dir();
  const std::string book = "\"Hello, do you like tea? <|endoftext|> In the sunlit terraces of someunknownPlace.\"";
  ASSERT_EQ(run("--slide 0 --screenshot " + dir + "/plain.png --size 1024x768"), 0);
  ASSERT_EQ(run("--slide 0 --text " + book + " --screenshot " + dir + "/text.png --size 1024x768"), 0);
  ASSERT_EQ(run("--slide 0 --step 6 --text " + book + " --screenshot " + dir + "/step5.png --size 1024x768"), 0);
  ASSERT_EQ(run("--slide 1 --text " + book + " --screenshot " + dir + "/table.png --size 1024x768"), 0);
  const Image plain = load(dir + "/plain.png"), text = load(dir + "/text.png"), step5 = load(dir + "/step5.png"),
              table = load(dir + "/table.png");
  ASSERT_EQ(text.w, 1024);
  EXPECT_GT(distinct_colors(text), 60u) << "slide 0 looks blank";
  EXPECT_GT(difference(plain, text), 0.01);
  EXPECT_GT(difference(step5, text), 0.002) << "a merge step must differ from the last step";
  EXPECT_GT(distinct_colors(table), 60u);
}

TEST(Render, ThePictureFollowsTheIds) {
  if (!have_xvfb()) GTEST_SKIP() << "xvfb-run is not installed";
  const std::string dir = temp_dir();
  ASSERT_EQ(run("--slide 2 --screenshot " + dir + "/a.png --size 1024x640"), 0);
  ASSERT_EQ(run("--slide 2 --ids 0,7,7,3 --screenshot " + dir + "/b.png --size 1024x640"), 0);
  ASSERT_EQ(run("--slide 2 --ids 0,7,7,3 --screenshot " + dir + "/c.png --size 1024x640"), 0);
  const Image a = load(dir + "/a.png"), b = load(dir + "/b.png"), c = load(dir + "/c.png");
  ASSERT_EQ(a.w, 1024);
  EXPECT_GT(difference(a, b), 0.005);
  EXPECT_EQ(difference(b, c), 0.0) << "the same state must render the same picture";
}

TEST(Render, StepsAndThemesChangeThePicture) {
  if (!have_xvfb()) GTEST_SKIP() << "xvfb-run is not installed";
  const std::string dir = temp_dir();
  ASSERT_EQ(run("--slide 2 --step 1 --screenshot " + dir + "/s0.png"), 0);
  ASSERT_EQ(run("--slide 2 --step 3 --screenshot " + dir + "/s2.png"), 0);
  ASSERT_EQ(run("--slide 2 --step 3 --light --screenshot " + dir + "/light.png"), 0);
  const Image s0 = load(dir + "/s0.png"), s2 = load(dir + "/s2.png"), light = load(dir + "/light.png");
  EXPECT_GT(difference(s0, s2), 0.002);
  EXPECT_GT(difference(s2, light), 0.5);
}

TEST(Render, UnwritableScreenshotPathFailsCleanly) {
  if (!have_xvfb()) GTEST_SKIP() << "xvfb-run is not installed";
  const int rc = run("--screenshot /nonexistent-dir/x.png");
  ASSERT_TRUE(WIFEXITED(rc));
  EXPECT_EQ(WEXITSTATUS(rc), 1);
}

}  // namespace

namespace {

// --export-gif: a looping animated GIF of the slide (giflib's own reader is tested
// in core; here the real app writes one end to end).
TEST(Render, ExportGifWritesALoopingAnimation) {
  if (!have_xvfb()) GTEST_SKIP() << "xvfb-run is not installed";
  const std::string dir = temp_dir();
  ASSERT_EQ(run("--export-gif " + dir + "/s2.gif --slide 2 --size 640x400"), 0);
  FILE* f = std::fopen((dir + "/s2.gif").c_str(), "rb");
  ASSERT_NE(f, nullptr);
  std::string bytes;
  char buf[65536];
  for (size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) bytes.append(buf, n);
  std::fclose(f);
  EXPECT_EQ(bytes.substr(0, 6), "GIF89a");
  EXPECT_NE(bytes.find("NETSCAPE2.0"), std::string::npos) << "no loop extension";
  size_t frames = 0;  // image descriptors follow graphic control extensions (0x21 0xF9 ...)
  for (size_t at = bytes.find("\x21\xF9\x04"); at != std::string::npos; at = bytes.find("\x21\xF9\x04", at + 1))
    ++frames;
  EXPECT_GT(frames, 5u);
  EXPECT_FALSE(std::filesystem::exists(dir + "/s2.gif.part"));
}

}  // namespace
