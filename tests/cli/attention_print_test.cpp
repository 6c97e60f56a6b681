// attention_print_test.cpp — `lookupviz --attention-print <args>` must be byte-identical
// to what real PyTorch 1.13 printed for slide 10's attention (tests/golden/attention/
// <name>.txt, made by make_goldens.sh with tests/oracle/attention_oracle.py), one test per
// line of cases.txt; and its bad values exit 2 with one line, as the other modes' do.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "run_binary.hpp"

namespace {

struct GoldenCase {
  std::string name, args;
};
void PrintTo(const GoldenCase& c, std::ostream* os) { *os << c.name; }

const std::string kDir = std::string(LOOKUPVIZ_GOLDEN_DIR) + "/attention/";
const std::string kTables = std::string(LOOKUPVIZ_GOLDEN_DIR) + "/tables";

std::vector<GoldenCase> load_cases() {
  std::vector<GoldenCase> cases;
  std::istringstream lines(lvtest::slurp(kDir + "cases.txt"));
  for (std::string line; std::getline(lines, line);) {
    if (line.empty() || line[0] == '#') continue;
    const size_t tab = line.find('\t');
    std::string args = tab == std::string::npos ? "" : line.substr(tab + 1);
    for (size_t at = args.find("@TABLES@"); at != std::string::npos; at = args.find("@TABLES@"))
      args.replace(at, 8, kTables);
    for (size_t at = args.find("@HERE@"); at != std::string::npos; at = args.find("@HERE@"))
      args.replace(at, 6, kDir.substr(0, kDir.size() - 1));
    cases.push_back({line.substr(0, tab), args});
  }
  return cases;
}

// The first line that differs, for the failure message.
std::string first_difference(const std::string& want, const std::string& got) {
  std::istringstream w(want), g(got);
  std::string lw, lg;
  for (int n = 1;; ++n) {
    const bool hw = static_cast<bool>(std::getline(w, lw)), hg = static_cast<bool>(std::getline(g, lg));
    if (!hw && !hg) return "the texts differ only in their final newline";
    if (!hw || !hg || lw != lg)
      return "first difference at line " + std::to_string(n) + ":\n  expected: " + (hw ? lw : "<end of text>") +
             "\n  actual:   " + (hg ? lg : "<end of text>");
  }
}

class AttentionPrint : public testing::TestWithParam<GoldenCase> {};

TEST_P(AttentionPrint, MatchesTorchByteForByte) {
  const GoldenCase& c = GetParam();
  const std::string want = lvtest::slurp(kDir + c.name + ".txt");
  ASSERT_FALSE(want.empty()) << "missing golden " << kDir << c.name << ".txt";
  std::vector<std::string> args = {"--attention-print"};
  for (std::string& a : lvtest::split_args(c.args)) args.push_back(a);
  const lvtest::RunResult r = lvtest::run_binary(args);
  ASSERT_EQ(r.signal, 0);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(r.err.empty()) << r.err;
  if (r.out != want) ADD_FAILURE() << "lookupviz --attention-print " << c.args << "\n" << first_difference(want, r.out);
}

INSTANTIATE_TEST_SUITE_P(Golden, AttentionPrint, testing::ValuesIn(load_cases()),
                         [](const testing::TestParamInfo<GoldenCase>& i) { return i.param.name; });

TEST(AttentionPrintCases, CoverTheOptions) {
  const std::vector<GoldenCase> cases = load_cases();
  EXPECT_GE(cases.size(), 12u);
  auto some = [&](const std::string& part) {
    for (const GoldenCase& c : cases)
      if ((c.args + " ").find(part) != std::string::npos) return true;
    return false;
  };
  for (const char* part : {"--beta 0 ", "--beta 1000", "--no-mask", "--d-out 1 ", "--d-out 64", "--weights"})
    EXPECT_TRUE(some(part)) << "no golden case with " << part;
}

// A bad value: exit 2, one line on stderr naming the option, nothing on stdout.
void expect_usage_error(const std::vector<std::string>& args, const std::string& says) {
  const lvtest::RunResult r = lvtest::run_binary(args);
  std::string line = args[0];
  for (size_t i = 1; i < args.size(); ++i) line += " " + args[i];
  EXPECT_EQ(r.exit_code, 2) << line << "\n" << r.err;
  EXPECT_TRUE(r.out.empty()) << line;
  EXPECT_EQ(r.err.rfind("lookupviz: ", 0), 0u) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find(says), std::string::npos) << line << "\n" << r.err;
}

TEST(AttentionPrintErrors, BadValuesExitTwoWithOneLine) {
  expect_usage_error({"--attention-print", "--d-out", "0"}, "--d-out must be a whole number from 1 to 64");
  expect_usage_error({"--attention-print", "--d-out", "65"}, "--d-out must be a whole number from 1 to 64");
  expect_usage_error({"--attention-print", "--d-out", "2.5"}, "--d-out must be");
  expect_usage_error({"--attention-print", "--beta", "-0.5"}, "--beta must be a number from 0 to 1,000");
  expect_usage_error({"--attention-print", "--beta", "1000.5"}, "--beta must be a number from 0 to 1,000");
  expect_usage_error({"--attention-print", "--beta", "inf"}, "--beta must be");
  expect_usage_error({"--attention-print", "--beta=nan"}, "--beta must be");
  expect_usage_error({"--attention-print", "--no-mask=1"}, "--no-mask takes no value");
  std::string ids65;
  for (int i = 0; i < 65; ++i) ids65 += (i ? "," : "") + std::to_string(i % 7);
  expect_usage_error({"--attention-print", "--ids", ids65}, "at most 64 IDs (got 65)");
  expect_usage_error({"--norms", "--beta", "2"},
                     "--beta sets up --attention-print's attention: give --attention-print too");
  expect_usage_error({"--print", "--no-mask"}, "--no-mask sets up --attention-print");
  expect_usage_error({"--attention-print", "--print"}, "--attention-print prints slide 10's attention and exits");
  expect_usage_error({"--attention-print", "--dtype", "bfloat16"}, "computes in float32: drop --dtype");
  expect_usage_error({"--attention-print", "--weights", kTables + "/notebook_seed123.npy", "--ids", "4"},
                     "4 is out of range");
}

TEST(AttentionPrintErrors, SixtyFourIdsAreFine) {
  std::string ids64;
  for (int i = 0; i < 64; ++i) ids64 += (i ? "," : "") + std::to_string(i % 7);
  const lvtest::RunResult r = lvtest::run_binary({"--attention-print", "--ids", ids64, "--d-out", "64"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.rfind(">>> attn_weights\ntensor([[1.0000, 0.0000, 0.0000,  ...,", 0), 0u) << r.out;
}

}  // namespace
