// fuzz_replay_test.cpp — every committed fuzz input (tests/fuzz/corpus/<target>/ and
// tests/fuzz/regressions/<target>/) fed through the fuzz targets' own checks
// (tests/fuzz/fuzz_entries.hpp), so the inputs that once crashed or broke an invariant
// stay fixed in the normal build, with no clang and no libFuzzer needed.
#include <gtest/gtest.h>
#include <dirent.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/fuzz/fuzz_entries.hpp"

namespace {

const std::string kFuzzDir = std::string(LOOKUPVIZ_SOURCE_DIR) + "/tests/fuzz";

std::vector<std::string> files_in(const std::string& dir) {
  std::vector<std::string> paths;
  if (DIR* d = opendir(dir.c_str())) {
    while (dirent* e = readdir(d))
      if (e->d_name[0] != '.') paths.push_back(dir + "/" + e->d_name);
    closedir(d);
  }
  std::sort(paths.begin(), paths.end());
  return paths;
}

std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

size_t replay(const lvfuzz::Target& t, const std::string& folder) {
  const std::vector<std::string> paths = files_in(kFuzzDir + "/" + folder + "/" + t.name);
  for (const std::string& path : paths) {
    const std::string bytes = slurp(path);
    EXPECT_EQ(t.check(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()), "") << path;
  }
  return paths.size();
}

TEST(FuzzReplay, TheSeedCorpusPasses) {
  for (const lvfuzz::Target& t : lvfuzz::kTargets) EXPECT_GE(replay(t, "corpus"), 3u) << t.name << ": a seed corpus";
}

// Every input under regressions/ is replayed: each folder is a target's (a misnamed one
// would never run) and the count is the committed one (an empty or moved folder used
// to pass with nothing replayed). Add to kRegressions with each new regression.
TEST(FuzzReplay, EveryRegressionStaysFixed) {
  constexpr size_t kRegressions = 10;
  size_t replayed = 0;
  for (const lvfuzz::Target& t : lvfuzz::kTargets) replayed += replay(t, "regressions");
  size_t on_disk = 0;
  for (const std::string& dir : files_in(kFuzzDir + "/regressions")) {
    const std::string name = dir.substr(dir.rfind('/') + 1);
    EXPECT_TRUE(std::any_of(std::begin(lvfuzz::kTargets), std::end(lvfuzz::kTargets),
                            [&](const lvfuzz::Target& t) { return name == t.name; }))
        << dir << " names no fuzz target: its inputs never run";
    on_disk += files_in(dir).size();
  }
  EXPECT_EQ(replayed, on_disk) << "every file under regressions/ is replayed";
  EXPECT_EQ(replayed, kRegressions) << "the committed regressions";
}

TEST(FuzzReplay, EmptyAndTinyInputs) {
  for (const lvfuzz::Target& t : lvfuzz::kTargets)
    for (std::string s : {std::string(), std::string(1, '\0'), std::string("\n"), std::string(3, '\xff')})
      EXPECT_EQ(t.check(reinterpret_cast<const uint8_t*>(s.data()), s.size()), "") << t.name;
}

}  // namespace
