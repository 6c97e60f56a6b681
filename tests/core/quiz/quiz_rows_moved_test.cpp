// quiz_rows_moved_test.cpp — Learn mode's rows_moved question (slide 9, issue 29 item 5)
// against real PyTorch: every case of tests/golden/train/cases.txt (the 5 optimizers, G all
// ones and randn, lr 0.003 to 1, repeats, V up to 300; made with shared/tools/train-oracle by
// make_goldens.sh) asked at each of its steps, the answer equal to the oracle's
// "rows moved = [...]". The quiz_ids_* cases train a quiz's state as slide 9 does with
// nothing typed: its IDs one a step. Then the params drawn, the why, --quiz-json's params.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/quiz/question_kinds.hpp"
#include "core/quiz/quiz_draw.hpp"
#include "core/quiz/quiz_json.hpp"
#include "core/settings/cli_options.hpp"
#include "core/train/train_batches.hpp"

namespace {

using namespace lv::quiz;
using lv::IdList;
using lv::TrainOptimizer;

const std::string kDir = std::string(LOOKUPVIZ_GOLDEN_DIR) + "/train/";

std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

std::vector<std::string> split_spaces(const std::string& line) {
  std::vector<std::string> out;
  std::istringstream in(line);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// "[0, 2]" as the oracle prints a list.
std::string py_list(const IdList& v) {
  std::string s = "[";
  for (size_t k = 0; k < v.size(); ++k) s += (k ? ", " : "") + std::to_string(v[k]);
  return s + "]";
}

struct GoldenCase {
  std::string name;
  lv::CliOptions options;
  std::vector<std::string> moved;  // per step: "[0, 2]"
};

std::vector<GoldenCase> golden_cases() {
  std::vector<GoldenCase> cases;
  std::istringstream lines(slurp(kDir + "cases.txt"));
  for (std::string line; std::getline(lines, line);) {
    if (line.empty() || line[0] == '#') continue;
    const size_t tab = line.find('\t');
    GoldenCase c;
    c.name = line.substr(0, tab);
    std::vector<std::string> args = {"lookupviz", "--train-print"};
    for (std::string& a : split_spaces(line.substr(tab + 1))) args.push_back(a);
    const lv::CliParse p = lv::parse_cli(args);
    EXPECT_TRUE(p.ok) << c.name << ": " << p.error;
    c.options = p.options;
    std::istringstream golden(slurp(kDir + c.name + ".txt"));
    for (std::string g; std::getline(golden, g);) {
      const size_t at = g.find("rows moved = ");
      if (g.rfind("step ", 0) == 0 && at != std::string::npos) c.moved.push_back(g.substr(at + 13));
    }
    cases.push_back(std::move(c));
  }
  return cases;
}

// The model a case trains: its seeded table, its batches, lr and G (as the window's slide 9
// and --quiz-json --batches … give them).
QuizModel case_model(const lv::CliOptions& o) {
  const lv::TrainPrintOptions t = lv::train_print_options(o);
  int64_t vocab = t.vocab;
  for (const IdList& b : t.batches)
    for (int64_t id : b) vocab = std::max(vocab, id + 1);
  QuizModel m = seeded_model(t.seed, IdList{0}, vocab, t.dim);
  m.train_batches = t.batches;
  m.train_lr = t.config.lr;
  m.train_randn_grad = t.config.randn_grad;
  m.train_grad_seed = t.config.grad_seed;
  return m;
}

TEST(QuizRowsMoved, EqualsTheTrainOraclesRowsMovedForEveryGoldenCase) {
  const std::vector<GoldenCase> cases = golden_cases();
  ASSERT_GE(cases.size(), 15u);
  std::set<TrainOptimizer> optimizers;
  int checked = 0;
  for (const GoldenCase& c : cases) {
    SCOPED_TRACE(c.name);
    ASSERT_EQ(static_cast<int64_t>(c.moved.size()), c.options.train_steps) << "the golden's steps";
    const QuizModel m = case_model(c.options);
    const TrainOptimizer o = c.options.optimizer.value_or(TrainOptimizer::Sgd);
    optimizers.insert(o);
    for (int64_t k = 1; k <= c.options.train_steps; ++k) {
      Params p;
      p.optimizer = o;
      p.step = k;
      const Question q = make_question(9, QuestionKind::RowsMoved, m, p);
      EXPECT_EQ(py_list(std::get<IdList>(q.answer)), c.moved[static_cast<size_t>(k - 1)]) << "step " << k;
      EXPECT_EQ(rows_moved(m, o, k), std::get<IdList>(q.answer));  // one function
      ++checked;
    }
  }
  EXPECT_EQ(optimizers.size(), 5u);
  EXPECT_GE(checked, 40);
}

// A quiz's state as slide 9 trains it with nothing typed: the IDs one a step.
TEST(QuizRowsMoved, AQuizStateTrainsItsIdsOneAStep) {
  const std::vector<GoldenCase> cases = golden_cases();
  int seen = 0;
  for (const GoldenCase& c : cases) {
    if (c.name.rfind("quiz_ids_", 0) != 0) continue;
    SCOPED_TRACE(c.name);
    QuizModel m = seeded_model(c.options.seed, IdList{2, 0, 3, 0}, 5, c.options.dim);  // --batches "2;0;3;0"
    ASSERT_TRUE(m.train_batches.empty());
    for (int64_t k = 1; k <= 4; ++k)
      EXPECT_EQ(py_list(rows_moved(m, *c.options.optimizer, k)), c.moved[static_cast<size_t>(k - 1)]) << k;
    ++seen;
  }
  EXPECT_EQ(seen, 5);
}

TEST(QuizRowsMoved, TheWhyNamesEachKindOfMove) {
  const QuizModel m = seeded_model(5, IdList{2, 0, 3, 0}, 5, 3);
  Params p;
  p.optimizer = TrainOptimizer::Adam;
  p.step = 2;
  Question q = make_question(9, QuestionKind::RowsMoved, m, p);
  EXPECT_EQ(q.prompt, "Which rows of the table does optimizer step 2 of Adam change?");
  EXPECT_EQ(std::get<IdList>(q.answer), (IdList{0, 2}));
  // The why says what changed before step k: a learner who counted those read "changed" as
  // "changed since the start".
  EXPECT_EQ(q.why, "rows 0 and 2: 0 had this step's gradient; 2 moved with Adam's memory of step 1 (no gradient now); "
                   "before it, step 1 had changed row 2 (only what step 2 writes counts here)");
  p.step = 3;
  q = make_question(9, QuestionKind::RowsMoved, m, p);
  EXPECT_EQ(q.why, "rows 0, 2 and 3: 3 had this step's gradient; 0 and 2 moved with Adam's memory of steps 1 and 2 "
                   "(no gradient now); before it, steps 1\u20132 had changed rows 0 and 2 (only what step 3 writes "
                   "counts here)");
  p.optimizer = TrainOptimizer::AdamW;
  p.step = 2;
  q = make_question(9, QuestionKind::RowsMoved, m, p);
  EXPECT_EQ(q.why,
            "every row (5 of 5): 0 had this step's gradient; 2 moved with AdamW's memory of step 1 (no gradient now); "
            "the other 3 moved by AdamW's weight decay alone; before it, step 1 had changed rows 0, 1, 2, 3 and 4 "
            "(only what step 2 writes counts here)");
  p.optimizer = TrainOptimizer::Sgd;
  q = make_question(9, QuestionKind::RowsMoved, m, p);
  EXPECT_EQ(q.why,
            "row 0: 0 had this step's gradient; plain SGD keeps no memory and no decay; before it, step 1 had changed "
            "row 2 (only what step 2 writes counts here)");
  p.optimizer = TrainOptimizer::SparseAdam;
  q = make_question(9, QuestionKind::RowsMoved, m, p);
  EXPECT_EQ(q.why,
            "row 0: 0 had this step's gradient; SparseAdam steps only the rows in the sparse gradient; before it, "
            "step 1 had changed row 2 (only what step 2 writes counts here)");
  p.optimizer = TrainOptimizer::Momentum;
  p.step = 1;
  q = make_question(9, QuestionKind::RowsMoved, m, p);
  EXPECT_EQ(q.prompt, "Which rows of the table does optimizer step 1 of SGD with momentum change?");
  EXPECT_EQ(q.why, "row 2: 2 had this step's gradient; no memory yet at step 1");
  EXPECT_TRUE(judge(q, IdList{2}));
  EXPECT_FALSE(judge(q, IdList{0, 2}));
}

// Never an empty why: at lr 0 nothing moves, and the why says so (issue 36: "no row: ").
TEST(QuizRowsMoved, NothingMovesAtLrZeroAndTheWhySaysWhy) {
  QuizModel m = seeded_model(1, IdList{1, 0, 2}, 4, 3);
  m.train_lr = 0.0;
  Params p;
  p.optimizer = TrainOptimizer::AdamW;
  p.step = 1;
  const Question q = make_question(9, QuestionKind::RowsMoved, m, p);
  EXPECT_TRUE(std::get<IdList>(q.answer).empty());
  EXPECT_EQ(q.why, "no row: at lr 0 every update is 0 \u00d7 its step, whatever AdamW has computed");
}

// Drawn params: every optimizer comes up; momentum and Adam at step 2 or later (their memory
// rows can show); the window's optimizer, when the model names one, is the one asked.
TEST(QuizRowsMoved, DrawnParamsCoverTheInterestingCases) {
  QuizModel m = seeded_model(5, IdList{2, 0, 3, 0}, 5, 3);
  std::set<TrainOptimizer> seen;
  for (uint64_t s = 0; s < 200; ++s) {
    QuizRng rng(s);
    const Params p = default_params(QuestionKind::RowsMoved, m, &rng);
    ASSERT_TRUE(p.optimizer && p.step);
    seen.insert(*p.optimizer);
    EXPECT_GE(*p.step, 1);
    EXPECT_LE(*p.step, kRowsMovedMaxStep);
    if (*p.optimizer == TrainOptimizer::Momentum || *p.optimizer == TrainOptimizer::Adam) EXPECT_GE(*p.step, 2);
  }
  EXPECT_EQ(seen.size(), 5u);
  const Params fixed = default_params(QuestionKind::RowsMoved, m);
  EXPECT_EQ(*fixed.optimizer, TrainOptimizer::Adam);
  EXPECT_EQ(*fixed.step, 2);
  m.train_optimizer = TrainOptimizer::SparseAdam;
  QuizRng rng(3);
  EXPECT_EQ(*default_params(QuestionKind::RowsMoved, m, &rng).optimizer, TrainOptimizer::SparseAdam);
}

// --quiz-json: slide 9's question with its params, trained on --batches at --lr when given;
// not asked of a table over kRowsMovedMaxVocab rows.
TEST(QuizRowsMoved, QuizJsonAsksItWithItsParams) {
  const lv::CliParse p = lv::parse_cli({"lookupviz", "--quiz-json", "--ids", "2,0", "--vocab", "4", "--dim", "3",
                                        "--batches", "2;0", "--optimizer", "momentum", "--lr", "0.5"});
  ASSERT_TRUE(p.ok) << p.error;
  const QuizModel m = cli_model(p.options, nullptr, nullptr);
  EXPECT_EQ(m.train_batches, (std::vector<IdList>{{2}, {0}}));
  EXPECT_EQ(m.train_lr, 0.5);
  const std::string json = questions_json(state_questions(m, std::nullopt));
  EXPECT_NE(
      json.find("{\"slide\": 9, \"kind\": \"rows_moved\", \"params\": {\"optimizer\": \"momentum\", \"step\": 2}, "
                "\"prompt\": \"Which rows of the table does optimizer step 2 of SGD with momentum change?\", "
                "\"answer\": [0, 2]"),
      std::string::npos)
      << json;
  QuizModel big = seeded_model(1, IdList{0}, kRowsMovedMaxVocab + 1, 1);
  for (const Question& q : state_questions(big, std::nullopt)) EXPECT_NE(q.kind, QuestionKind::RowsMoved);
  // Batches past the table (--quiz-json --ids 1 --batches 7, V = 2): not asked, nothing thrown.
  QuizModel past = seeded_model(1, IdList{1}, 2, 3);
  past.train_batches = {{7}};
  EXPECT_FALSE(train_batches_fit(past));
  EXPECT_TRUE(rows_moved(past, TrainOptimizer::Adam, 1).empty());
  for (const Question& q : state_questions(past, std::nullopt)) EXPECT_NE(q.kind, QuestionKind::RowsMoved);
}

TEST(QuizRowsMoved, SlideNinesBatchesAreSplitAtSemicolons) {
  std::string error;
  EXPECT_EQ(lv::train_batches("2, 3; 0", {1}, 0, 4, error), (std::vector<IdList>{{2, 3}, {0}}));
  EXPECT_EQ(error, "");
  EXPECT_EQ(lv::train_batches("  ", {1, 2, 3}, 0, 4, error), (std::vector<IdList>{{1}, {2}, {3}}));
  EXPECT_EQ(lv::train_batches("", {1, 2, 3}, 2, 4, error), (std::vector<IdList>{{1, 2}, {3}}));
  EXPECT_TRUE(lv::train_batches("2;;0", {1}, 0, 4, error).empty());
  EXPECT_EQ(error, "batch 2: no ID (batches are separated by ';')");
  EXPECT_TRUE(lv::train_batches("2;9", {1}, 0, 4, error).empty());
  EXPECT_EQ(error.rfind("batch 2: ", 0), 0u) << error;
}

}  // namespace
