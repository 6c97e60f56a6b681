// transcript_golden_test.cpp — `lookupviz --print <args>` must be byte-identical to
// what real PyTorch printed (tests/golden/transcripts/<name>.txt, made by
// make_goldens.sh with shared/tools/torch-oracle), one test per line of cases.txt.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "run_binary.hpp"

namespace {

struct GoldenCase {
  std::string name, args;
};
void PrintTo(const GoldenCase& c, std::ostream* os) { *os << c.name; }

const std::string kDir = std::string(LOOKUPVIZ_GOLDEN_DIR) + "/transcripts/";

std::vector<GoldenCase> load_cases() {
  std::vector<GoldenCase> cases;
  std::istringstream lines(lvtest::slurp(kDir + "cases.txt"));
  for (std::string line; std::getline(lines, line);) {
    if (line.empty() || line[0] == '#') continue;
    size_t tab = line.find('\t');
    cases.push_back({line.substr(0, tab), tab == std::string::npos ? "" : line.substr(tab + 1)});
  }
  return cases;
}

// "line 12:\n  expected: ...\n  actual:   ..." for the first line that differs.
std::string first_difference(const std::string& want, const std::string& got) {
  std::istringstream w(want), g(got);
  std::string lw, lg;
  for (int n = 1;; ++n) {
    bool hw = static_cast<bool>(std::getline(w, lw)), hg = static_cast<bool>(std::getline(g, lg));
    if (!hw && !hg) return "the texts differ only in their final newline";
    if (!hw || !hg || lw != lg)
      return "first difference at line " + std::to_string(n) + ":\n  expected: " + (hw ? lw : "<end of text>") +
             "\n  actual:   " + (hg ? lg : "<end of text>");
  }
}

class Transcript : public testing::TestWithParam<GoldenCase> {};

TEST_P(Transcript, MatchesTorchByteForByte) {
  const GoldenCase& c = GetParam();
  const std::string want = lvtest::slurp(kDir + c.name + ".txt");
  ASSERT_FALSE(want.empty()) << "missing golden " << kDir << c.name << ".txt";
  std::vector<std::string> args = {"--print"};
  for (std::string& a : lvtest::split_args(c.args)) args.push_back(a);
  lvtest::RunResult r = lvtest::run_binary(args);
  ASSERT_EQ(r.signal, 0);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(r.err.empty()) << r.err;
  if (r.out != want) ADD_FAILURE() << "lookupviz --print " << c.args << "\n" << first_difference(want, r.out);
}

INSTANTIATE_TEST_SUITE_P(Golden, Transcript, testing::ValuesIn(load_cases()),
                         [](const testing::TestParamInfo<GoldenCase>& i) { return i.param.name; });

TEST(TranscriptCases, IndexHasEnoughCases) { EXPECT_GE(load_cases().size(), 45u); }

}  // namespace
