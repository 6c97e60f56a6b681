// hf_folder_cli_test.cpp — the real binary on Hugging Face folders written here: a sharded
// one (model.embed_tokens.weight in the second of three shards) prints the table through
// the index (safe_open's lines, then the very transcript the shard itself gives as
// FILE:NAME: the computed expectation), as --weights and as the positional FOLDER; hostile
// folders exit 2 with one line. oracle.hf_folder_oracle compares the same with torch.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "../shared/hf_folder_writer.hpp"
#include "run_binary.hpp"

namespace {

struct TempDir {
  std::string path;
  TempDir() {
    char tmpl[] = "/tmp/lookupviz_hf_cli_XXXXXX";
    path = mkdtemp(tmpl);
  }
  ~TempDir() { std::filesystem::remove_all(path); }
  std::string file(const std::string& name) const { return path + "/" + name; }
};

// The transcript after its first `skip` lines.
std::string after_lines(const std::string& s, int skip) {
  size_t at = 0;
  for (int i = 0; i < skip && at != std::string::npos; ++i) at = s.find('\n', at) + 1;
  return at == std::string::npos ? "" : s.substr(at);
}

TEST(HfFolderCli, PrintThroughTheIndexIsTheShardsOwnTranscript) {
  TempDir dir;
  const std::string f = dir.file("llama");
  lvtest::hf_write_folder(f, lvtest::hf_llama_sharded(13, 5));
  lvtest::hf_write(f + "/" + lvtest::hf_shard_name(0, 3), "never read");
  const lvtest::RunResult r = lvtest::run_binary({"--print", "--weights", f, "--ids", "12,0,4,4"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, r.out.find("\n>>> embedding =")),
            ">>> shard = json.load(open('" + f +
                "/model.safetensors.index.json'))['weight_map']['model.embed_tokens.weight']\n"
                ">>> weights = safe_open('" +
                f + "/' + shard, framework='pt').get_tensor('model.embed_tokens.weight').float()");
  // The rest is what the shard itself prints as FILE:NAME (its values, 0.5 + i - 0.25 j).
  const std::string shard = f + "/" + lvtest::hf_shard_name(1, 3);
  const lvtest::RunResult direct =
      lvtest::run_binary({"--print", "--weights", shard + ":model.embed_tokens.weight", "--ids", "12,0,4,4"});
  ASSERT_EQ(direct.exit_code, 0) << direct.err;
  EXPECT_EQ(after_lines(r.out, 2), after_lines(direct.out, 1));
  EXPECT_NE(r.out.find("[12.5000, 12.2500, 12.0000, 11.7500, 11.5000]"), std::string::npos) << r.out;
  // The positional FOLDER is the same table.
  const lvtest::RunResult pos = lvtest::run_binary({"--print", f, "--ids", "12,0,4,4"});
  ASSERT_EQ(pos.exit_code, 0) << pos.err;
  EXPECT_EQ(pos.out, r.out);
}

TEST(HfFolderCli, HostileFoldersExitTwoWithOneLine) {
  TempDir dir;
  auto fresh = [&](const std::string& name) {
    const std::string f = dir.file(name);
    lvtest::hf_write_folder(f, lvtest::hf_llama_sharded(5, 4));
    return f;
  };
  const std::string noconfig = fresh("noconfig");
  std::filesystem::remove(noconfig + "/config.json");
  const std::string broken = fresh("broken");
  lvtest::hf_write(broken + "/model.safetensors.index.json", "{\"weight_map\": ");
  const std::string escape = fresh("escape");
  lvtest::hf_write(escape + "/model.safetensors.index.json",
                   "{\"weight_map\": {\"model.embed_tokens.weight\": \"../x.safetensors\"}}");
  const std::string missing = fresh("missing");
  std::filesystem::remove(missing + "/" + lvtest::hf_shard_name(1, 3));
  const std::string loop = fresh("loop");
  const std::string s = loop + "/" + lvtest::hf_shard_name(1, 3);
  std::filesystem::remove(s);
  std::filesystem::create_symlink(s, s);
  struct Case {
    std::string folder, says;
  } cases[] = {
      {noconfig, "not a Hugging Face model folder (it has no config.json)"},
      {broken, "broken/model.safetensors.index.json is not valid JSON"},
      {escape, "which is not a file in the model's folder"},
      {missing, "No such file or directory"},
      {loop, "Too many levels of symbolic links"},
  };
  for (const Case& c : cases) {
    const lvtest::RunResult r = lvtest::run_binary({"--print", "--weights", c.folder, "--ids", "1"});
    EXPECT_EQ(r.exit_code, 2) << c.folder << ": " << r.out;
    EXPECT_NE(r.err.find(c.says), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;  // one line
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
}

}  // namespace
