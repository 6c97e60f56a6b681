// map_cli_test.cpp — `lookupviz --map-json [--components K] [--map-npy FILE]` through the
// real binary: the JSON's shape and the .npy's size on the seeded table, the same output
// twice, bad values and a FILE that cannot be written exit 2 with one line, --help names
// the flags. (Its numbers against NumPy: tests/oracle/map_pca_oracle.py.)
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "core/nearest/map_cli.hpp"
#include "run_binary.hpp"
#include "usage_error.hpp"

namespace {

using Args = std::vector<std::string>;

using lvtest::expect_usage_error;

TEST(MapCli, TheSeededTablesMapAndItsCoordinates) {
  char dir[] = "/tmp/lookupviz-map-XXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  const std::string npy = std::string(dir) + "/map.npy";
  const Args args = {"--map-json", "--vocab", "300", "--dim", "24", "--components", "4", "--map-npy", npy};
  const lvtest::RunResult r = lvtest::run_binary(args);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("{\"rows\": 300, \"cols\": 24, \"components\": 4, \"explained_variance_ratio\": [", 0), 0u)
      << r.out;
  EXPECT_NE(r.out.find("\"singular_values\": ["), std::string::npos);
  const std::string bytes = lvtest::slurp(npy);
  ASSERT_EQ(bytes.size(), 128u + 300 * 4 * 4);  // a 128-byte header, then V × K float32
  EXPECT_NE(bytes.find("'shape': (300, 4)"), std::string::npos);
  EXPECT_EQ(lvtest::run_binary(args).out, r.out);  // the same table and seed: the same map
  EXPECT_EQ(lvtest::slurp(npy), bytes);
  std::remove(npy.c_str());
  rmdir(dir);
}

TEST(MapCli, BadValuesExitTwoWithOneLine) {
  expect_usage_error({"--map-json", "--components", "0"}, "--components must be a whole number from 1 to 16 (got “0”)");
  expect_usage_error({"--map-json", "--components", "17"},
                     "--components must be a whole number from 1 to 16 (got “17”)");
  expect_usage_error({"--components", "3"},
                     "--components K is how many components --map-json gives: give --map-json too");
  expect_usage_error({"--map-npy", "m.npy"}, "--map-npy FILE writes --map-json's coordinates: give --map-json too");
  expect_usage_error({"--map-json", "--map-npy", ""}, "--map-npy needs a file name, e.g. --map-npy map.npy");
  expect_usage_error({"--map-json", "--norms"},
                     "--map-json prints the table's principal components and exits: give it without another mode "
                     "(--print, --quiz-json, --screenshot, --nearest, ...)");
  expect_usage_error({"--map-json", "--vocab", "5", "--dim", "8", "--components", "6"},
                     "--map-json: a table of 5 × 8 has at most 5 components (asked for 6)");
  char dir[] = "/tmp/lookupviz-map-XXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  const std::string nan_npy = std::string(dir) + "/nan.npy";
  {  // a 4 × 2 float32 table of NaN (4 rows: the default IDs 2, 3, 1 are checked against a file's rows)
    const float nan = std::nanf("");
    const float values[8] = {nan, nan, nan, nan, nan, nan, nan, nan};
    const std::string bytes = lv::npy_float32(values, 4, 2);
    FILE* f = std::fopen(nan_npy.c_str(), "wb");
    ASSERT_NE(f, nullptr);
    std::fwrite(bytes.data(), 1, bytes.size(), f);
    std::fclose(f);
  }
  expect_usage_error({"--map-json", "--weights", nan_npy, "--components", "1"},
                     "--map-json: every row of the table holds inf or NaN: there is nothing to map");
  std::remove(nan_npy.c_str());
  rmdir(dir);
  const lvtest::RunResult r =
      lvtest::run_binary({"--map-json", "--vocab", "20", "--dim", "4", "--map-npy", "/nonexistent-dir/m.npy"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err.rfind("lookupviz: --map-npy could not write /nonexistent-dir/m.npy: ", 0), 0u) << r.err;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
}

TEST(MapCli, HelpNamesTheFlags) {
  const lvtest::RunResult r = lvtest::run_binary({"--help"});
  for (const char* flag : {"--map-json", "--components K", "--map-npy FILE"})
    EXPECT_NE(r.out.find(flag), std::string::npos) << flag;
}

}  // namespace
