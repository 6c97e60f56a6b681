// exit_codes_test.cpp — the real binary's exit codes and messages: 0 for --help,
// --version and --print; 2 with exactly one "lookupviz: ..." line on stderr for
// bad input or usage; never a signal.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "core/settings/cli_options.hpp"
#include "run_binary.hpp"

namespace {

using Args = std::vector<std::string>;

void expect_usage_error(const Args& args, const std::string& message) {
  std::string shown;
  for (const std::string& a : args) shown += " " + a;
  lvtest::RunResult r = lvtest::run_binary(args);
  EXPECT_EQ(r.signal, 0) << shown;
  EXPECT_EQ(r.exit_code, 2) << shown;
  EXPECT_TRUE(r.out.empty()) << shown << "\nstdout: " << r.out;
  EXPECT_EQ(r.err, "lookupviz: " + message + "\n") << shown;
}

TEST(ExitCodes, HelpAndVersion) {
  for (const char* flag : {"--help", "-h"}) {
    lvtest::RunResult r = lvtest::run_binary({flag});
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out.rfind("lookupviz — ", 0), 0u) << r.out;
    EXPECT_NE(r.out.find("Exit codes"), std::string::npos);
    EXPECT_TRUE(r.err.empty());
  }
  lvtest::RunResult r = lvtest::run_binary({"--version"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, std::string("lookupviz ") + LOOKUPVIZ_VERSION + "\n");
  EXPECT_TRUE(r.err.empty());
}

TEST(ExitCodes, PrintSucceeds) {
  lvtest::RunResult r = lvtest::run_binary({"--print", "--ids", "[2, 3, 1]"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out.rfind(">>> _ = torch.manual_seed(123)\n", 0), 0u);
  EXPECT_NE(r.out.find(">>> idx = torch.tensor([2, 3, 1])\n"), std::string::npos);
  EXPECT_TRUE(r.err.empty());
  // Other spellings of the same IDs give the same transcript.
  EXPECT_EQ(lvtest::run_binary({"--print", "--ids", "2 3 1"}).out, r.out);
  EXPECT_EQ(lvtest::run_binary({"--print", "--ids=tensor([2, 3, 1])"}).out, r.out);
}

TEST(ExitCodes, BadIds) {
  expect_usage_error({"--print", "--ids", "abc"}, "“abc” is not a whole number");
  expect_usage_error({"--print", "--ids", "-1"}, "-1 is negative: IDs count rows from 0");
  expect_usage_error({"--print", "--ids", "7", "--vocab", "4"}, "7 is out of range: this table has 4 rows, IDs 0–3");
  expect_usage_error({"--print", "--ids", "2.5"}, "2.5 is not a whole number");
  expect_usage_error(
      {"--print", "--ids", ""},
      "--ids needs at least one ID, e.g. --ids 2,3,1 (IDs are separated by commas or spaces; empty items are skipped)");
  expect_usage_error({"--print", "--ids", "[2,3"}, "The brackets don't match: write the IDs as 2, 3, 1 or [2, 3, 1]");
  expect_usage_error({"--print", "--ids", "99999999999999999999999999"},
                     "999999999999999999999999… is too large: IDs go up to 9,999,999");
  // Also when the window would open: bad input is caught before any display is needed.
  expect_usage_error({"--ids", "abc"}, "“abc” is not a whole number");
}

TEST(ExitCodes, BadFlagsAndValues) {
  expect_usage_error({"--foo"}, "unknown option --foo (see --help)");
  expect_usage_error({"--print", "stray"}, "Cannot open stray: No such file or directory.");  // a positional FILE
  expect_usage_error({"--print", "--seed"}, "--seed needs a value, e.g. --seed 123");
  expect_usage_error({"--print", "--ids"}, "--ids needs a value, e.g. --ids 2,3,1");
  expect_usage_error({"--print", "--dim"}, "--dim needs a value, e.g. --dim 5");
  expect_usage_error({"--print=1"}, "--print takes no value (see --help)");
  expect_usage_error({"--print", "--dim", "0"}, "--dim must be a whole number from 1 to 65,536 (got “0”)");
  expect_usage_error({"--print", "--dim", "100000000"},
                     "--dim must be a whole number from 1 to 65,536 (got “100000000”)");
  expect_usage_error({"--print", "--vocab", "0"}, "--vocab must be a whole number from 1 to 10,000,000 (got “0”)");
  expect_usage_error({"--print", "--seed", "18446744073709551616"},
                     "--seed must be a whole number from -9223372036854775808 to 18446744073709551615 "
                     "(got “18446744073709551616”)");
  // The last slide is the registry's, as the binary's --help states it (core counts nothing).
  const std::string help = lvtest::run_binary({"--help"}).out, key = "the slide to show, 0 to ";
  ASSERT_NE(help.find(key), std::string::npos) << help;
  const int last = std::atoi(help.c_str() + help.find(key) + key.size());
  ASSERT_GE(last, 10);  // slide 10 is attention
  expect_usage_error(
      {"--slide", std::to_string(last + 1)},
      "--slide must be a slide number from 0 to " + std::to_string(last) + " (got “" + std::to_string(last + 1) + "”)");
  expect_usage_error({"--size", "10x10"}, "--size must be WIDTHxHEIGHT in pixels, each from 320 to 8192 (got “10x10”)");
  expect_usage_error({"--scale", "9"}, "--scale must be a number from 0.5 to 4 (got “9”)");
  expect_usage_error({"--print", "--screenshot", "a.png"},
                     "choose one of --print, --screenshot, --export-slides, --export-gif, --export-worksheet, "
                     "--layout-report, --bench-frames, --tokenize and --detokenize");
}

// --step counts as the transport does (0 before the first step, N the last): a step
// past the slide's last is refused, before any display is needed, with the slide's range
// (it used to be clamped without a word).
TEST(ExitCodes, StepPastTheSlidesLast) {
  expect_usage_error({"--screenshot", "/tmp/lookupviz-never.png", "--slide", "2", "--step", "4"},
                     "--step 4 is out of range: slide 2 has steps 0–3 (0 is before its first step)");
  expect_usage_error({"--screenshot", "/tmp/lookupviz-never.png", "--slide", "6", "--ids", "0,1", "--step", "9"},
                     "--step 9 is out of range: slide 6 has steps 0–3 (0 is before its first step)");
}

TEST(ExitCodes, HugeTables) {
  expect_usage_error({"--print", "--vocab", "10000000", "--dim", "65536", "--ids", "0"},
                     "a 10,000,000 × 65,536 table is too big: rows × dim may be at most 134,217,728 values");
  expect_usage_error({"--print", "--ids", "9999999", "--dim", "14"},
                     "a 10,000,000 × 14 table is too big: rows × dim may be at most 134,217,728 values");
}

TEST(ExitCodes, HostileArgumentsGiveOneLine) {
  for (const Args& args : {Args{"--print", "--ids", std::string(100'000, '7')}, Args{"--print", "--ids", "\xff\xfe\n"},
                           Args{"--seed", std::string(100'000, '-')}, Args{std::string(5000, 'x')}, Args{"--\n--"}}) {
    lvtest::RunResult r = lvtest::run_binary(args);
    EXPECT_EQ(r.signal, 0);
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err.rfind("lookupviz: ", 0), 0u) << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
    EXPECT_LT(r.err.size(), 200u);
  }
}

}  // namespace
