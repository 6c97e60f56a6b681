// hf_folder_test.cpp — Hugging Face model folders as tables (core/io/hf_folder, load_table
// on a folder): the input embedding found through the index in the shard that holds it
// (the other shards never read: they are garbage here), the architecture deciding the
// name, the output head for slide 8 (lm_head.weight, embed_out.weight, or tied), and every
// hostile folder we could think of giving one clear sentence.
#include "core/io/hf_folder.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "tests/shared/hf_folder_writer.hpp"
#include "core/io/table_file.hpp"

namespace {

using lv::load_table;
using lv::TableLoad;
using lvtest::HfFolderSpec;
using lvtest::HfTensor;

struct TempDir {
  std::string path;
  TempDir() {
    char tmpl[] = "/tmp/lookupviz_hf_XXXXXX";
    path = mkdtemp(tmpl);
  }
  ~TempDir() { std::filesystem::remove_all(path); }
  std::string file(const std::string& name) const { return path + "/" + name; }
};

// Every value of the table is base + i - 0.25 j.
void expect_values(const lv::TableFile& t, int64_t rows, int64_t cols, float base) {
  ASSERT_EQ(t.rows, rows);
  ASSERT_EQ(t.cols, cols);
  const lv::Matrix m = t.to_matrix();
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j) ASSERT_EQ(m(i, j), lvtest::hf_value(base, i, j)) << i << "," << j;
}

// One sentence on one line, naming `part`.
void expect_error(const TableLoad& r, const std::string& part) {
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find(part), std::string::npos) << r.error;
  EXPECT_EQ(r.error.find('\n'), std::string::npos) << r.error;
  ASSERT_FALSE(r.error.empty());
  EXPECT_EQ(r.error.back(), '.') << r.error;
  EXPECT_TRUE(r.tensor_names.empty());
}

TEST(HfFolder, ShardedIndexFindsEmbedTokensInTheSecondShardWithoutReadingTheOthers) {
  TempDir dir;
  const std::string f = dir.file("llama");
  lvtest::hf_write_folder(f, lvtest::hf_llama_sharded(11, 6));
  // The first shard is not a safetensors file at all: it is never read.
  lvtest::hf_write(f + "/" + lvtest::hf_shard_name(0, 3), "not a safetensors file");
  const TableLoad r = load_table(f);
  ASSERT_TRUE(r.ok) << r.error;
  expect_values(r.table, 11, 6, 0.5f);
  EXPECT_EQ(r.table.name, "model.embed_tokens.weight");
  EXPECT_EQ(r.table.shard, "model-00002-of-00003.safetensors");
  EXPECT_EQ(r.table.path, f + "/model-00002-of-00003.safetensors");
  EXPECT_EQ(r.table.folder, f);
  EXPECT_EQ(r.table.architecture, "LlamaForCausalLM");
  EXPECT_EQ(lv::table_spec(r.table), f);  // what opens it again
  ASSERT_NE(r.table.head, nullptr) << r.table.head_note;
  EXPECT_EQ(r.table.head->name, "lm_head.weight");
  expect_values(*r.table.head, 11, 6, 100.0f);
  EXPECT_FALSE(r.table.tie_word_embeddings);
  // A trailing '/' (a shell's completion) is the same folder.
  const TableLoad slash = load_table(f + "/");
  ASSERT_TRUE(slash.ok) << slash.error;
  EXPECT_EQ(slash.table.folder, f);
}

TEST(HfFolder, AnUnreadableHeadShardLeavesTheTableOpenAndTied) {
  TempDir dir;
  const std::string f = dir.file("m");
  lvtest::hf_write_folder(f, lvtest::hf_llama_sharded(5, 4));
  lvtest::hf_write(f + "/" + lvtest::hf_shard_name(2, 3), "garbage");
  const TableLoad r = load_table(f);
  ASSERT_TRUE(r.ok) << r.error;
  expect_values(r.table, 5, 4, 0.5f);
  EXPECT_EQ(r.table.head, nullptr);
  EXPECT_NE(r.table.head_note.find("lm_head.weight was not read"), std::string::npos) << r.table.head_note;
}

TEST(HfFolder, TiedConfigHasNoHeadEvenWhenLmHeadIsStored) {
  TempDir dir;
  HfFolderSpec s = lvtest::hf_llama_sharded(5, 4);
  s.config = R"({"architectures": ["Qwen2ForCausalLM"], "model_type": "qwen2", "tie_word_embeddings": true})";
  lvtest::hf_write_folder(dir.file("q"), s);
  const TableLoad r = load_table(dir.file("q"));
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_TRUE(r.table.tie_word_embeddings);
  EXPECT_EQ(r.table.head, nullptr);
  EXPECT_EQ(r.table.architecture, "Qwen2ForCausalLM");
}

TEST(HfFolder, TheArchitectureDecidesTheName) {
  TempDir dir;
  struct Case {
    const char* config;
    std::vector<HfTensor> tensors;
    const char* embed;
    const char* head;  // "" when tied
  };
  const std::vector<Case> cases = {
      // GPT-2: wte and wpe are both 2-D (a plain .safetensors would ask which); no lm_head: tied.
      {R"({"architectures": ["GPT2LMHeadModel"], "model_type": "gpt2"})",
       {{"transformer.wpe.weight", {8, 4}, 2.0f}, {"transformer.wte.weight", {9, 4}, 0.0f}},
       "transformer.wte.weight",
       ""},
      {R"({"architectures": ["GPTNeoXForCausalLM"], "model_type": "gpt_neox", "tie_word_embeddings": false})",
       {{"gpt_neox.embed_in.weight", {7, 4}, 1.0f}, {"embed_out.weight", {7, 4}, 50.0f}},
       "gpt_neox.embed_in.weight",
       "embed_out.weight"},
      {R"({"architectures": ["OPTForCausalLM"], "model_type": "opt"})",
       {{"model.decoder.embed_positions.weight", {12, 4}, 3.0f}, {"model.decoder.embed_tokens.weight", {6, 4}, 0.0f}},
       "model.decoder.embed_tokens.weight",
       ""},
      {R"({"architectures": ["BloomForCausalLM"], "model_type": "bloom"})",
       {{"transformer.word_embeddings.weight", {6, 4}, 0.0f}, {"transformer.h.0.mlp.weight", {4, 4}, 5.0f}},
       "transformer.word_embeddings.weight",
       ""},
      // No architecture named: a name that looks like an embedding still finds it.
      {R"({})",
       {{"encoder.layer.weight", {4, 4}, 5.0f}, {"my.embed_tokens.weight", {6, 4}, 0.0f}},
       "my.embed_tokens.weight",
       ""},
  };
  int k = 0;
  for (const Case& c : cases) {
    HfFolderSpec s;
    s.config = c.config;
    s.shards = {c.tensors};
    s.index = (k % 2) == 1;  // single model.safetensors and a one-shard index, in turn
    const std::string f = dir.file("m" + std::to_string(k++));
    lvtest::hf_write_folder(f, s);
    const TableLoad r = load_table(f);
    ASSERT_TRUE(r.ok) << c.config << ": " << r.error;
    EXPECT_EQ(r.table.name, c.embed) << c.config;
    if (*c.head) {
      ASSERT_NE(r.table.head, nullptr) << c.config << r.table.head_note;
      EXPECT_EQ(r.table.head->name, c.head);
    } else {
      EXPECT_EQ(r.table.head, nullptr) << c.config;
    }
  }
}

TEST(HfFolder, FolderColonNamePicksAnotherTensorAndItsConfigOpensTheFolder) {
  TempDir dir;
  const std::string f = dir.file("llama");
  lvtest::hf_write_folder(f, lvtest::hf_llama_sharded(5, 4));
  const TableLoad r = load_table(f + ":lm_head.weight");
  ASSERT_TRUE(r.ok) << r.error;
  expect_values(r.table, 5, 4, 100.0f);
  EXPECT_EQ(lv::table_spec(r.table), f + ":lm_head.weight");
  // A file dialog picks a file: the folder's config.json (or its index) opens the folder.
  for (const char* file : {"/config.json", "/model.safetensors.index.json"}) {
    const TableLoad c = load_table(f + file);
    ASSERT_TRUE(c.ok) << file << ": " << c.error;
    EXPECT_EQ(c.table.name, "model.embed_tokens.weight");
  }
  expect_error(load_table(f + ":model.norm.weight"), "is 1-D");
  expect_error(load_table(f + ":nope"), "has no tensor 'nope'");
}

TEST(HfFolder, HostileFoldersGiveOneSentence) {
  TempDir dir;
  auto fresh = [&](const std::string& name) {
    const std::string f = dir.file(name);
    lvtest::hf_write_folder(f, lvtest::hf_llama_sharded(5, 4));
    return f;
  };
  {
    const std::string f = fresh("noconfig");
    std::filesystem::remove(f + "/config.json");
    expect_error(load_table(f), f + " is a folder, not a table file, and not a Hugging Face model folder");
  }
  {
    const std::string f = fresh("badconfig");
    lvtest::hf_write(f + "/config.json", "{\"model_type\": \"llama\",");
    expect_error(load_table(f), "badconfig/config.json is not valid JSON");
    lvtest::hf_write(f + "/config.json", "{\"tie_word_embeddings\": \"yes\"}");
    expect_error(load_table(f),
                 "badconfig/config.json gives \"tie_word_embeddings\" as a string where true or false is expected.");
    lvtest::hf_write(f + "/config.json", "[1, 2]");
    expect_error(load_table(f), "expected '{'");
  }
  {
    const std::string f = fresh("badindex");
    lvtest::hf_write(f + "/model.safetensors.index.json", "{\"weight_map\": {\"a\": 3}}");
    expect_error(load_table(f), "badindex/model.safetensors.index.json is not valid JSON");
    lvtest::hf_write(f + "/model.safetensors.index.json", "{\"metadata\": {}}");
    expect_error(load_table(f), "has no \"weight_map\"");
    lvtest::hf_write(f + "/model.safetensors.index.json",
                     "{\"weight_map\": {\"model.embed_tokens.weight\": \"a\", \"model.embed_tokens.weight\": \"b\"}}");
    expect_error(load_table(f), "names tensor 'model.embed_tokens.weight' twice");
  }
  {
    const std::string f = fresh("missingshard");
    std::filesystem::remove(f + "/" + lvtest::hf_shard_name(1, 3));
    expect_error(load_table(f), "No such file or directory");
  }
  {
    // Outside the folder: a path, "..", an absolute path, an empty name.
    const std::string f = fresh("escape");
    lvtest::hf_write(dir.file("outside.safetensors"),
                     lvtest::hf_safetensors({{"model.embed_tokens.weight", {3, 2}, 0.0f}}));
    for (const char* shard : {"../outside.safetensors", "..", "/etc/passwd", "", "sub/x.safetensors"}) {
      lvtest::hf_write(f + "/model.safetensors.index.json",
                       std::string("{\"weight_map\": {\"model.embed_tokens.weight\": \"") + shard + "\"}}");
      expect_error(load_table(f), "which is not a file in the model's folder");
    }
  }
  {
    const std::string f = fresh("shardfolder");
    const std::string s = f + "/" + lvtest::hf_shard_name(1, 3);
    std::filesystem::remove(s);
    std::filesystem::create_directory(s);
    expect_error(load_table(f), "is a folder, not a table file");
    std::filesystem::remove(s);
    ASSERT_EQ(mkfifo(s.c_str(), 0600), 0);
    expect_error(load_table(f), "is not a regular file");
  }
  {
    // Symlink loops: a shard, config.json, the folder itself.
    const std::string f = fresh("loops");
    const std::string s = f + "/" + lvtest::hf_shard_name(1, 3);
    std::filesystem::remove(s);
    std::filesystem::create_symlink(s, s);
    expect_error(load_table(f), "Too many levels of symbolic links");
    std::filesystem::remove(f + "/config.json");
    std::filesystem::create_symlink(f + "/config.json", f + "/config.json");
    expect_error(load_table(f), "Too many levels of symbolic links");
    std::filesystem::create_symlink(dir.file("selfloop"), dir.file("selfloop"));
    expect_error(load_table(dir.file("selfloop")), "Too many levels of symbolic links");
  }
  {
    // The index says the shard holds a tensor it does not.
    const std::string f = fresh("lies");
    lvtest::hf_write(f + "/model.safetensors.index.json",
                     "{\"weight_map\": {\"model.embed_tokens.weight\": \"" + lvtest::hf_shard_name(0, 3) + "\"}}");
    expect_error(load_table(f), "puts 'model.embed_tokens.weight' in model-00001-of-00003.safetensors, which does not");
  }
  {
    // The embedding is not 2-D.
    HfFolderSpec s;
    s.shards = {{{"model.embed_tokens.weight", {2, 3, 4}, 0.0f}}};
    lvtest::hf_write_folder(dir.file("threed"), s);
    expect_error(load_table(dir.file("threed")), "is 3-D (2 × 3 × 4); pick a 2-D tensor");
  }
  {
    // No embedding by any name: what was looked for is said.
    HfFolderSpec s;
    s.shards = {{{"a.weight", {3, 3}, 0.0f}, {"b.weight", {3, 3}, 0.0f}}};
    lvtest::hf_write_folder(dir.file("noembed"), s);
    const TableLoad r = load_table(dir.file("noembed"));
    expect_error(r, "noembed has no input embedding that lookupviz knows for LlamaForCausalLM");
    EXPECT_NE(r.error.find("model.embed_tokens.weight"), std::string::npos) << r.error;
    EXPECT_NE(r.error.find("a.weight, b.weight"), std::string::npos) << r.error;
    s.index = false;
    s.shards = {{{"a.weight", {3, 3}, 0.0f}, {"b.weight", {3, 3}, 0.0f}}};
    lvtest::hf_write_folder(dir.file("noembed1"), s);
    expect_error(load_table(dir.file("noembed1")), "model.safetensors has none of model.embed_tokens.weight");
  }
  {
    // Neither weights file; a PyTorch pickle only.
    const std::string f = dir.file("empty");
    std::filesystem::create_directory(f);
    lvtest::hf_write(f + "/config.json", "{}");
    expect_error(load_table(f), "has config.json but neither model.safetensors nor model.safetensors.index.json");
    lvtest::hf_write(f + "/pytorch_model.bin", "PK");
    expect_error(load_table(f), "as a PyTorch pickle (pytorch_model.bin)");
  }
  {
    // config.json as a FIFO: never opened for a blocking read.
    const std::string f = fresh("fifo");
    std::filesystem::remove(f + "/config.json");
    ASSERT_EQ(mkfifo((f + "/config.json").c_str(), 0600), 0);
    expect_error(load_table(f), "FIFO");
  }
}

TEST(HfFolder, ConfigAndIndexParsers) {
  const lv::HfConfigParse c = lv::parse_hf_config(
      R"({"architectures": ["MistralForCausalLM", "X"], "model_type": "mistral", "rope": {"a": [1, 2.5e3, null]},
          "tie_word_embeddings": false})");
  ASSERT_TRUE(c.ok) << c.error;
  EXPECT_EQ(c.config.architecture, "MistralForCausalLM");
  EXPECT_EQ(c.config.model_type, "mistral");
  EXPECT_TRUE(c.config.tie_given);
  EXPECT_FALSE(c.config.tie);
  EXPECT_EQ(lv::hf_embedding_names(c.config).front(), "model.embed_tokens.weight");
  EXPECT_FALSE(lv::parse_hf_config(R"({"model_type": "a", "model_type": "b"})").ok);
  EXPECT_FALSE(lv::parse_hf_config("{} x").ok);
  EXPECT_FALSE(lv::parse_hf_config("").ok);
  // Valid JSON with a value of the wrong type names the key and what was expected, not
  // "not valid JSON" (issue 39).
  const std::pair<const char*, const char*> wrong[] = {
      {R"({"tie_word_embeddings": null})",
       "config.json gives \"tie_word_embeddings\" as null where true or false is expected."},
      {R"({"model_type": null})",
       "config.json gives \"model_type\" as null where a string (e.g. \"llama\") is expected."},
      {R"({"model_type": 7})",
       "config.json gives \"model_type\" as a number where a string (e.g. \"llama\") is expected."},
      {R"({"architectures": [1]})",
       "config.json lists a number in \"architectures\" where a class name (a string, e.g. \"LlamaForCausalLM\") is "
       "expected."},
      {R"({"architectures": ["A", null]})",
       "config.json lists null in \"architectures\" where a class name (a string, e.g. \"LlamaForCausalLM\") is "
       "expected."},
      {R"({"architectures": "A"})",
       "config.json gives \"architectures\" as a string where a list of class names (strings) is expected."},
  };
  for (const auto& [json, why] : wrong) {
    const lv::HfConfigParse w = lv::parse_hf_config(json, "config.json");
    EXPECT_FALSE(w.ok) << json;
    EXPECT_EQ(w.error, why) << json;
  }
  const lv::HfIndexParse i =
      lv::parse_hf_index(R"({"metadata": {"total_size": 10}, "weight_map": {"b": "2", "a": "1"}})");
  ASSERT_TRUE(i.ok) << i.error;
  ASSERT_NE(i.shard_of("a"), nullptr);
  EXPECT_EQ(*i.shard_of("a"), "1");
  EXPECT_EQ(i.shard_of("c"), nullptr);
  EXPECT_EQ(lv::hf_embedding_names(lv::HfConfig{"GPTNeoXForCausalLM", "", false, false}).front(),
            "gpt_neox.embed_in.weight");
  EXPECT_EQ(lv::hf_head_names(lv::HfConfig{"", "gpt_neox", false, false}).front(), "embed_out.weight");
}

}  // namespace
