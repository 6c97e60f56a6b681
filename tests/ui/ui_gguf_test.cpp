// ui_gguf_test.cpp — a quantized .gguf table in the app: it opens from the command line
// as the table (token_embd.weight), the status line names its type, slide 5's bill counts
// the bytes read in the stored type (a row is its blocks), and the code panels load it
// with gguf-py (GGUFReader and dequantize): a golden of the panel's text, since gguf-py
// is not on the test machine.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "app/deck/slide_host.hpp"
#include "app/ui_base/anim_timeline.hpp"
#include "app/app_ui.hpp"
#include "app/model/app_model.hpp"
#include "app/slides/slide_code.hpp"
#include "app/slides/slides.hpp"
#include "headless.hpp"
#include "screen_text.hpp"

namespace lv::app::test {
namespace {

void put(std::string& b, uint64_t v, int n) {
  for (int i = 0; i < n; ++i) b += static_cast<char>((v >> (8 * i)) & 0xFF);
}

// token_embd.weight: `rows` rows of two Q8_0 blocks (64 values, 68 bytes), d = 0.25.
std::string q8_gguf(int rows) {
  std::string b = "GGUF";
  put(b, 3, 4), put(b, 1, 8), put(b, 0, 8);
  const std::string name = "token_embd.weight";
  put(b, name.size(), 8), b += name;
  put(b, 2, 4), put(b, 64, 8), put(b, static_cast<uint64_t>(rows), 8), put(b, 8, 4), put(b, 0, 8);
  b.resize((b.size() + 31) / 32 * 32, '\0');
  for (int r = 0; r < rows; ++r)
    for (int k = 0; k < 2; ++k) {
      b += '\x00', b += '\x34';
      for (int j = 0; j < 32; ++j) b += static_cast<char>((r + j + k) % 41 - 20);
    }
  return b;
}

struct GgufFixture : testing::Test {
  std::string dir, path;
  void SetUp() override {
    char tmpl[] = "/tmp/lookupviz_ui_gguf_XXXXXX";
    dir = mkdtemp(tmpl);
    path = dir + "/model.gguf";
    const std::string bytes = q8_gguf(1000);
    std::ofstream(path, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  }
  void TearDown() override { std::filesystem::remove_all(dir); }
};

// Opens the file as File ▸ Open does (a worker loads it) and waits for it.
void open(Headless& h, const std::string& path) {
  h.init({"lookupviz", "--ids", "3,1"});
  h.frames(2);
  start_table_load(h.app, path);
  for (int i = 0; i < 500 && table_loading(h.app); ++i) {
    h.frame();
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  h.frames(2);
}

void show_done(Headless& h, const SlideDef& def) {
  int slide = -1;
  for (int i = 0; i < slide_count(); ++i)
    if (slide_table()[static_cast<size_t>(i)].draw.canvas == def.draw.canvas) slide = i;
  ASSERT_GE(slide, 0);
  go_to_slide(h.app, slide);
  timeline_finish(h.app.ui.timeline, current_slide_steps(h.app));
  h.frames(3);
}

TEST_F(GgufFixture, SlideFiveCountsTheBytesReadAsStored) {
  Headless h;
  open(h, path);
  ASSERT_TRUE(h.app.inputs.file) << h.app.loading.error;
  EXPECT_EQ(h.app.inputs.file->dtype, "Q8_0");
  EXPECT_EQ(h.app.inputs.file->row_bytes(), 68u);
  show_done(h, kSlideSameNumbers);
  const ScreenText screen = read_screen();
  // The lookup: 2 rows of 68 bytes and 2 IDs of 8. The matmul: the one-hot 2 × 1,000 in
  // float32 and the whole table as stored (68,000 bytes), not as float32 (256,000).
  EXPECT_TRUE(screen.contains("reads 152 bytes of Q8_0")) << screen.all();
  EXPECT_TRUE(screen.contains("reads 74.2 KiB, the table as Q8_0")) << screen.all();
  EXPECT_TRUE(screen.contains("model.gguf:token_embd.weight")) << screen.all();
}

TEST_F(GgufFixture, TheCodePanelLoadsTheTableWithGgufPy) {
  Headless h;
  open(h, path);
  ASSERT_TRUE(h.app.inputs.file) << h.app.loading.error;
  const std::string want =
      "import gguf\n"
      "weights = torch.from_numpy(gguf.dequantize(*next((t.data, t.tensor_type) for t in gguf.GGUFReader('" +
      path +
      "').tensors if t.name == 'token_embd.weight'))).float()\n"
      "num_idx, out_dim = weights.shape   # 1000 × 64\n"
      "embedding = torch.nn.Embedding.from_pretrained(weights, freeze=False)\n";
  const std::string code = code_make_embedding(lv::app::context_of(h.app, lv::app::kSlideTable));
  EXPECT_NE(code.find(want), std::string::npos) << code;
  EXPECT_EQ(code.find("safetensors"), std::string::npos) << code;
  std::string scale_code, output;
  kSlideAtScale.draw.code(context_of(h.app, kSlideAtScale), scale_code, output);
  EXPECT_NE(scale_code.find("import gguf\n\nweights = torch.from_numpy(gguf.dequantize("), std::string::npos)
      << scale_code;
}

}  // namespace
}  // namespace lv::app::test
