// train_print_test.cpp — `lookupviz --train-print <args>` against what real PyTorch printed
// (tests/golden/train/<name>.txt, made by make_goldens.sh with shared/tools/train-oracle),
// one test per line of cases.txt, so the contract is checked without torch too; and the
// training options' bad values: exit 2 with one plain line, never a signal.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "run_binary.hpp"

namespace {

using Args = std::vector<std::string>;

struct TrainCase {
  std::string name, args;
};
void PrintTo(const TrainCase& c, std::ostream* os) { *os << c.name; }

const std::string kDir = std::string(LOOKUPVIZ_GOLDEN_DIR) + "/train/";

std::vector<TrainCase> load_cases() {
  std::vector<TrainCase> cases;
  std::istringstream lines(lvtest::slurp(kDir + "cases.txt"));
  for (std::string line; std::getline(lines, line);) {
    if (line.empty() || line[0] == '#') continue;
    size_t tab = line.find('\t');
    cases.push_back({line.substr(0, tab), tab == std::string::npos ? "" : line.substr(tab + 1)});
  }
  return cases;
}

class TrainPrint : public testing::TestWithParam<TrainCase> {};

TEST_P(TrainPrint, MatchesTorchByteForByte) {
  const TrainCase& c = GetParam();
  const std::string want = lvtest::slurp(kDir + c.name + ".txt");
  ASSERT_FALSE(want.empty()) << "missing golden " << kDir << c.name << ".txt";
  Args args = {"--train-print"};
  for (std::string& a : lvtest::split_args(c.args)) args.push_back(a);
  lvtest::RunResult r = lvtest::run_binary(args);
  ASSERT_EQ(r.signal, 0);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(r.err.empty()) << r.err;
  EXPECT_EQ(r.out, want) << "lookupviz --train-print " << c.args;
}

INSTANTIATE_TEST_SUITE_P(Golden, TrainPrint, testing::ValuesIn(load_cases()),
                         [](const testing::TestParamInfo<TrainCase>& i) { return i.param.name; });

void expect_usage_error(const Args& args, const std::string& message) {
  std::string shown;
  for (const std::string& a : args) shown += " " + a;
  lvtest::RunResult r = lvtest::run_binary(args);
  EXPECT_EQ(r.signal, 0) << shown;
  EXPECT_EQ(r.exit_code, 2) << shown;
  EXPECT_TRUE(r.out.empty()) << shown << "\nstdout: " << r.out;
  EXPECT_EQ(r.err, "lookupviz: " + message + "\n") << shown;
}

TEST(TrainPrintErrors, BadValuesSayWhatIsWrong) {
  const Args ok = {"--train-print", "--batches", "2;0"};
  auto with = [&ok](Args more) {
    Args a = ok;
    a.insert(a.end(), more.begin(), more.end());
    return a;
  };
  expect_usage_error({"--train-print", "--optimizer", "sgd"},
                     "--train-print needs --batches, e.g. --batches \"2,3,1;0,2\" (one batch of IDs a step)");
  expect_usage_error(ok, "--train-print needs --optimizer: sgd, momentum, adam, adamw or sparse_adam");
  expect_usage_error(with({"--optimizer", "rmsprop"}),
                     "--optimizer must be sgd, momentum, adam, adamw or sparse_adam (got “rmsprop”)");
  expect_usage_error(with({"--optimizer", "adam", "--lr", "-0.1"}),
                     "--lr must be a learning rate from 0 to 1,000, e.g. 0.1 or 3e-4 (got “-0.1”)");
  expect_usage_error(with({"--optimizer", "adam", "--lr", "inf"}),
                     "--lr must be a learning rate from 0 to 1,000, e.g. 0.1 or 3e-4 (got “inf”)");
  expect_usage_error(with({"--optimizer", "adam", "--steps", "0"}),
                     "--steps must be a number of steps from 1 to 10,000 (got “0”)");
  expect_usage_error(with({"--optimizer", "adam", "--steps", "10001"}),
                     "--steps must be a number of steps from 1 to 10,000 (got “10001”)");
  expect_usage_error(with({"--optimizer", "adam", "--grad", "randn:"}),
                     "--grad must be ones (loss = out.sum()) or randn:GSEED with GSEED a whole number from "
                     "-9,223,372,036,854,775,807 to 9,223,372,036,854,765,807 (GSEED + step stays a 64-bit integer), "
                     "e.g. randn:7 "
                     "(got “randn:”)");
  expect_usage_error(with({"--optimizer", "adam", "--grad", "randn:9223372036854775807"}),
                     "--grad must be ones (loss = out.sum()) or randn:GSEED with GSEED a whole number from "
                     "-9,223,372,036,854,775,807 to 9,223,372,036,854,765,807 (GSEED + step stays a 64-bit integer), "
                     "e.g. randn:7 "
                     "(got “randn:9223372036854775807”)");
  // The case: a whole number just past the range says the range.
  expect_usage_error(with({"--optimizer", "adam", "--grad", "randn:9223372036854775806"}),
                     "--grad must be ones (loss = out.sum()) or randn:GSEED with GSEED a whole number from "
                     "-9,223,372,036,854,775,807 to 9,223,372,036,854,765,807 (GSEED + step stays a 64-bit integer), "
                     "e.g. randn:7 (got “randn:9223372036854775806”)");
  expect_usage_error({"--train-print", "--batches", "2;;0", "--optimizer", "sgd"},
                     "--batches: batch 2 of 3 has no ID (batches are separated by ';' and need an ID each, e.g. "
                     "--batches \"2,3,1;0,2\")");
  expect_usage_error({"--train-print", "--batches", "2;7", "--vocab", "4", "--optimizer", "sgd"},
                     "--batches: batch 2 of 2: 7 is out of range: this table has 4 rows, IDs 0–3");
  expect_usage_error({"--train-print", "--batches", "-1", "--optimizer", "sgd"},
                     "--batches: -1 is negative: IDs count rows from 0");
  // Without --train-print they set up the window's slide 9 (and --quiz-json's slide 9
  // question); a printing mode has no slide 9.
  expect_usage_error({"--print", "--batches", "2;0", "--optimizer", "sgd"},
                     "--batches sets up --train-print's training: give --train-print too");
  expect_usage_error({"--batches", "2;0", "--steps", "4"},
                     "--steps sets up --train-print's training: give --train-print too");
  expect_usage_error({"--batches", "2;7", "--vocab", "4"},
                     "--batches: batch 2 of 2: 7 is out of range: this table has 4 rows, IDs 0–3");
  expect_usage_error({"--print", "--lr", "0.1"}, "--lr sets up --train-print's training: give --train-print too");
  expect_usage_error(with({"--optimizer", "sgd", "--ids", "1"}),
                     "--train-print prints the training and exits: give it without another mode, --ids, --text, "
                     "--weights or --dtype");
  expect_usage_error(with({"--optimizer", "sgd", "--print"}),
                     "--train-print prints the training and exits: give it without another mode, --ids, --text, "
                     "--weights or --dtype");
  expect_usage_error({"--train-print", "--batches", "0", "--vocab", "10000000", "--dim", "65536", "--optimizer", "sgd"},
                     "a 10,000,000 × 65,536 table is too big: rows × dim may be at most 134,217,728 values");
}

TEST(TrainPrintErrors, HostileArgumentsGiveOneLine) {
  for (const Args& args :
       {Args{"--train-print", "--optimizer", "sgd", "--batches", std::string(100'000, ';')},
        Args{"--train-print", "--optimizer", "sgd", "--batches", std::string(100'000, '7')},
        Args{"--train-print", "--optimizer", "sgd", "--batches", "\xff\xfe\n"},
        Args{"--train-print", "--batches", "1", "--optimizer", std::string(5000, 'a')},
        Args{"--train-print", "--batches", "1", "--optimizer", "sgd", "--lr", std::string(5000, '9')},
        Args{"--train-print", "--batches", "1", "--optimizer", "sgd", "--grad", "randn:" + std::string(5000, '9')},
        Args{"--train-print", "--batches", "1", "--optimizer", "sgd", "--steps", "1e3"}}) {
    lvtest::RunResult r = lvtest::run_binary(args);
    EXPECT_EQ(r.signal, 0);
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err.rfind("lookupviz: ", 0), 0u) << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
    EXPECT_LT(r.err.size(), 300u) << r.err;
  }
}

TEST(TrainPrintErrors, SpellingsOfTheSameRunPrintTheSame) {
  const lvtest::RunResult a = lvtest::run_binary(
      {"--train-print", "--batches", "2,3,1;0,2", "--optimizer", "adam", "--grad", "randn:4", "--lr", "0.05"});
  ASSERT_EQ(a.exit_code, 0) << a.err;
  for (const Args& args : {Args{"--train-print", "--batches=[2, 3, 1];0 2", "--optimizer=adam", "--grad=randn:4",
                                "--lr=5e-2", "--seed", "123", "--dim", "5", "--steps", "3"}}) {
    lvtest::RunResult b = lvtest::run_binary(args);
    EXPECT_EQ(b.exit_code, 0) << b.err;
    EXPECT_EQ(b.out, a.out);
  }
}

}  // namespace
