// ui_hf_folder_test.cpp — a Hugging Face model folder in the app: opened as File ▸ Open and
// a drop do (a worker loads it), the status line and the table bar name its architecture
// and the tensor chosen, slide 8's untied head is the folder's own lm_head.weight (its
// logits are x · lm_head rows), the code panels load both through the index with
// safetensors' safe_open (a golden of the panels' text: safetensors is not on the test
// machine), a hostile folder keeps the table shown, and the picker opens a model folder.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>

#include "../shared/hf_folder_writer.hpp"
#include "app/deck/slide_host.hpp"
#include "app/app_ui.hpp"
#include "app/chrome/chrome.hpp"
#include "app/model/app_model.hpp"
#include "app/model/model_jobs.hpp"
#include "app/slides/slide_code.hpp"
#include "app/slides/slides.hpp"
#include "app/widgets/widget_file_picker.hpp"
#include "headless.hpp"
#include "screen_text.hpp"

namespace lv::app::test {
namespace {

struct HfFolderFixture : testing::Test {
  std::string dir, folder;
  void SetUp() override {
    char tmpl[] = "/tmp/lookupviz_ui_hf_XXXXXX";
    dir = mkdtemp(tmpl);
    folder = dir + "/llama";
    lvtest::hf_write_folder(folder, lvtest::hf_llama_sharded(40, 6));
  }
  void TearDown() override { std::filesystem::remove_all(dir); }
};

void wait_load(Headless& h) {
  for (int i = 0; i < 500 && table_loading(h.app); ++i) {
    h.frame();
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  h.frames(2);
}

void open(Headless& h, const std::string& path) {
  h.init({"lookupviz", "--ids", "3,1"});
  h.frames(2);
  start_table_load(h.app, path);
  wait_load(h);
}

TEST_F(HfFolderFixture, OpensWithItsArchitectureTensorAndHeadNamed) {
  Headless h;
  open(h, folder);
  ASSERT_TRUE(h.app.inputs.file) << h.app.loading.error;
  EXPECT_EQ(h.app.inputs.file->name, "model.embed_tokens.weight");
  EXPECT_EQ(h.app.ui.status,
            "Loaded " + folder +
                " (LlamaForCausalLM): model.embed_tokens.weight from model-00002-of-00003.safetensors, 40 × 6; "
                "output head lm_head.weight · tokenizer: GPT-2's (the table has none)");
  const ScreenText screen = read_screen();
  EXPECT_TRUE(screen.contains("llama (LlamaForCausalLM) · model.embed_tokens.weight · 40 × 6 float32")) << screen.all();
  // config.json does not tie: slide 8's head is the folder's lm_head.weight (100 + i - 0.25 j).
  EXPECT_FALSE(h.app.inputs.tie_weights);
  ASSERT_NE(file_head(h.app.inputs), nullptr);
  Matrix logits;
  std::vector<float> row;
  logits_window(h.app, 0, 2, 0, 40, logits, row);
  for (int64_t i = 0; i < 2; ++i)
    for (int64_t j = 0; j < 40; ++j) {
      float want = 0.0f;  // head_logit's order: a float sum over D
      for (int64_t k = 0; k < 6; ++k) want += h.app.derived.x(i, k) * lvtest::hf_value(100.0f, j, k);
      EXPECT_NEAR(logits(i, j), want, 1e-3f * std::abs(want) + 1e-4f) << i << "," << j;
    }
}

TEST_F(HfFolderFixture, TheCodePanelsLoadThroughTheIndexWithSafeOpen) {
  Headless h;
  open(h, folder);
  ASSERT_TRUE(h.app.inputs.file) << h.app.loading.error;
  const std::string want = "import json\nfrom safetensors import safe_open\n"
                           "shard = json.load(open('" +
                           folder +
                           "/model.safetensors.index.json'))['weight_map']['model.embed_tokens.weight']\n"
                           "weights = safe_open('" +
                           folder +
                           "/' + shard, framework='pt').get_tensor('model.embed_tokens.weight').float()\n"
                           "num_idx, out_dim = weights.shape   # 40 × 6\n";
  const std::string code = code_make_embedding(lv::app::context_of(h.app, lv::app::kSlideTable));
  EXPECT_NE(code.find(want), std::string::npos) << code;
  std::string gpt, output;
  kSlideGpt.draw.code(context_of(h.app, kSlideGpt), gpt, output);
  EXPECT_NE(gpt.find("shard = json.load(open('" + folder +
                     "/model.safetensors.index.json'))['weight_map']['lm_head.weight']\n"
                     "head = safe_open('" +
                     folder +
                     "/' + shard, framework='pt').get_tensor('lm_head.weight').float()\n"
                     "with torch.no_grad():                # the model's own output head\n"
                     "    model.out_head.weight.copy_(head)\n"),
            std::string::npos)
      << gpt;
  EXPECT_EQ(gpt.find("weight tying"), std::string::npos) << gpt;
}

TEST_F(HfFolderFixture, AHostileFolderKeepsTheTableShown) {
  Headless h;
  open(h, folder);
  ASSERT_TRUE(h.app.inputs.file) << h.app.loading.error;
  const auto shown = h.app.inputs.file;
  const std::string bad = dir + "/bad";
  lvtest::hf_write_folder(bad, lvtest::hf_llama_sharded(5, 4));
  lvtest::hf_write(bad + "/model.safetensors.index.json",
                   "{\"weight_map\": {\"model.embed_tokens.weight\": \"../llama/model-00002-of-00003.safetensors\"}}");
  open_dropped_files(h.app, {bad});
  wait_load(h);
  EXPECT_EQ(h.app.inputs.file, shown);
  EXPECT_NE(h.app.loading.error.find("which is not a file in the model's folder"), std::string::npos)
      << h.app.loading.error;
}

TEST_F(HfFolderFixture, ThePickerOpensAModelFolder) {
  FilePicker fp;
  ASSERT_TRUE(list_folder(fp, dir));
  ASSERT_EQ(fp.entries.size(), 1u);
  EXPECT_TRUE(fp.entries[0].is_model);
  EXPECT_EQ(fp.entries[0].shown, "llama/  (model)");
  EXPECT_EQ(resolve_typed_path("llama", dir, "").kind, TypedPath::File);           // Enter opens it
  EXPECT_EQ(resolve_typed_path(".", folder + "/..", "").kind, TypedPath::Folder);  // another folder is listed
  ASSERT_TRUE(list_folder(fp, folder));
  EXPECT_TRUE(fp.dir_is_model);  // "Open this model folder"
}

}  // namespace
}  // namespace lv::app::test
