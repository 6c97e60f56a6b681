// tokenizer_cache_cli_test.cpp — `lookupviz --weights FOLDER --tokenize` through the tokenizer
// cache (core/tokenizer/tokenizer_cache.hpp, issue 40 item 6): the first run writes one cache
// file where LOOKUPVIZ_TOKENIZER_CACHE (or XDG_CACHE_HOME) says, later runs give the same IDs,
// a damaged cache file gives the same IDs and is written again, and "off" writes nothing.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "run_binary.hpp"
#include "tests/shared/temp_dir.hpp"
#include "tests/shared/tiny_models.hpp"

namespace {

using lv::test::TempDir;
using lv::test::write_file;

// An environment variable set for the runs of one test, then put back.
struct Env {
  std::string name, old;
  bool had;
  Env(const char* n, const char* value) : name(n), had(std::getenv(n) != nullptr) {
    if (had) old = std::getenv(n);
    value ? setenv(n, value, 1) : unsetenv(n);
  }
  ~Env() { had ? setenv(name.c_str(), old.c_str(), 1) : unsetenv(name.c_str()); }
};

std::vector<std::filesystem::path> files_in(const std::string& dir) {
  std::vector<std::filesystem::path> out;
  if (std::filesystem::exists(dir))
    for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
      if (e.is_regular_file()) out.push_back(e.path());
  return out;
}

struct Model {
  TempDir dir{"lookupviz-tokcache-cli"};
  Model() {
    std::filesystem::create_directories(dir.file("model"));
    write_file(dir.file("model/table.npy"), lvtest::npy_table(300, 4));
    write_file(dir.file("model/tokenizer.json"), lvtest::tokenizer_json());
  }
  lvtest::RunResult tokenize() const {
    return lvtest::run_binary({"--weights", dir.file("model"), "--tokenize", "Hello world!"});
  }
};

TEST(TokenizerCacheCli, WrittenOnceThenTheSameIdsEvenWhenDamaged) {
  const Model m;
  const Env cache("LOOKUPVIZ_TOKENIZER_CACHE", m.dir.file("cache").c_str());
  const lvtest::RunResult first = m.tokenize();
  ASSERT_EQ(first.exit_code, 0) << first.err;
  const std::string want = "[" + std::to_string(lvtest::hello_world_ids()[0]) + ", " +
                           std::to_string(lvtest::hello_world_ids()[1]) + ", " +
                           std::to_string(lvtest::hello_world_ids()[2]) + "]\n";
  EXPECT_EQ(first.out, want);
  const auto written = files_in(m.dir.file("cache"));
  ASSERT_EQ(written.size(), 1u);
  const auto size = std::filesystem::file_size(written[0]);
  const lvtest::RunResult again = m.tokenize();
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(again.out, want);
  write_file(written[0].string(), std::string(size, '\x5A'));  // damaged: the same size, other bytes
  const lvtest::RunResult damaged = m.tokenize();
  EXPECT_EQ(damaged.exit_code, 0) << damaged.err;
  EXPECT_EQ(damaged.out, want);
  EXPECT_EQ(damaged.err, "");
  std::ifstream f(written[0], std::ios::binary);
  std::stringstream bytes;
  bytes << f.rdbuf();
  EXPECT_NE(bytes.str(), std::string(size, '\x5A'));  // written again
}

TEST(TokenizerCacheCli, TheXdgCacheFolderAndOff) {
  const Model m;
  const Env own("LOOKUPVIZ_TOKENIZER_CACHE", nullptr), home("HOME", m.dir.file("home").c_str());
  {
    const Env xdg("XDG_CACHE_HOME", m.dir.file("xdg").c_str());
    EXPECT_EQ(m.tokenize().exit_code, 0);
    EXPECT_EQ(files_in(m.dir.file("xdg/lookupviz/tokenizers")).size(), 1u);
  }
  const Env xdg("XDG_CACHE_HOME", nullptr);
  EXPECT_EQ(m.tokenize().exit_code, 0);
  EXPECT_EQ(files_in(m.dir.file("home/.cache/lookupviz/tokenizers")).size(), 1u);  // ~/.cache by default
  std::filesystem::remove_all(m.dir.file("home"));
  const Env off("LOOKUPVIZ_TOKENIZER_CACHE", "off");
  EXPECT_EQ(m.tokenize().exit_code, 0);
  EXPECT_FALSE(std::filesystem::exists(m.dir.file("home")));
}

}  // namespace
