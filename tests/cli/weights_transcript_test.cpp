// weights_transcript_test.cpp — `lookupviz --print --weights FILE …` must be
// byte-identical to what real PyTorch printed for that table file
// (tests/golden/weights_transcripts, made by make_goldens.sh with
// tests/oracle/weights_oracle.py). The goldens write the tables' folder as @TABLES@.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "run_binary.hpp"

namespace {

struct WeightsCase {
  std::string name, args;
};
void PrintTo(const WeightsCase& c, std::ostream* os) { *os << c.name; }

const std::string kDir = std::string(LOOKUPVIZ_GOLDEN_DIR) + "/weights_transcripts/";
const std::string kTables = std::string(LOOKUPVIZ_GOLDEN_DIR) + "/tables";

std::string substitute(std::string s, const std::string& from, const std::string& to) {
  for (size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
    s.replace(at, from.size(), to);
  return s;
}

std::vector<WeightsCase> load_cases() {
  std::vector<WeightsCase> cases;
  std::istringstream lines(lvtest::slurp(kDir + "cases.txt"));
  for (std::string line; std::getline(lines, line);) {
    if (line.empty() || line[0] == '#') continue;
    const size_t tab = line.find('\t');
    cases.push_back({line.substr(0, tab), tab == std::string::npos ? "" : line.substr(tab + 1)});
  }
  return cases;
}

class WeightsTranscript : public testing::TestWithParam<WeightsCase> {};

TEST_P(WeightsTranscript, MatchesTorchByteForByte) {
  const WeightsCase& c = GetParam();
  const std::string want = substitute(lvtest::slurp(kDir + c.name + ".txt"), "@TABLES@", kTables);
  ASSERT_FALSE(want.empty()) << "missing golden " << c.name;
  std::vector<std::string> args = {"--print"};
  for (std::string& a : lvtest::split_args(substitute(c.args, "@TABLES@", kTables))) args.push_back(a);
  const lvtest::RunResult r = lvtest::run_binary(args);
  ASSERT_EQ(r.signal, 0);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, want);
}

INSTANTIATE_TEST_SUITE_P(Golden, WeightsTranscript, testing::ValuesIn(load_cases()),
                         [](const testing::TestParamInfo<WeightsCase>& i) { return i.param.name; });

// Bad files and bad IDs for a file: exit 2, one line naming the problem.
TEST(WeightsErrors, BadFilesAndIdsExitTwoWithOneLine) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--print", "--weights", "/nonexistent/t.npy"}, "/nonexistent/t.npy"},
      {{"--print", "--weights", kTables + "/notebook_seed123.npy", "--ids", "4"}, "4 is out of range"},
      // IDs are checked against the file they index, not the seeded table's 10,000,000 rows.
      {{"--print", "--weights", kTables + "/notebook_seed123.npy", "--ids", "10000000"},
       "10000000 is out of range: " + kTables + "/notebook_seed123.npy has 4 rows, IDs 0–3"},
      {{"--print", "--weights", kTables + "/mixed.safetensors:nope"}, "nope"},
      {{"--print", "--weights", kTables + "/notebook_seed123.npy", "--dim", "3"}, "drop --vocab and --dim"},
      {{"--print", "--weights", kTables + "/expected.txt"}, "expected.txt"},
  };
  for (const auto& [args, needle] : cases) {
    const lvtest::RunResult r = lvtest::run_binary(args);
    EXPECT_EQ(r.signal, 0);
    EXPECT_EQ(r.exit_code, 2) << args[2];
    EXPECT_NE(r.err.find(needle), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_TRUE(r.out.empty());
  }
}

}  // namespace
