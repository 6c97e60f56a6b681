// work_budget_test.cpp — the budget's arithmetic and its words (issue 17, item 4). The
// estimates against measured memory: tests/cli/budget_test.cpp (--print) and
// tests/ui/ui_budget_test.cpp (the window).
#include "core/kernels/work_budget.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "core/text/text_format.hpp"

namespace lv {
namespace {

StateShape shape(int64_t b, int64_t v, int64_t d) {
  StateShape s;
  s.batch = b;
  s.vocab = v;
  s.dim = d;
  return s;
}

// A budget of 8 GB, so the words do not depend on the machine running the test.
const Budget kFixed{8'000'000'000, kWorkLimit};

TEST(WorkBudget, TheNotebookAndGpt2SizedTablesFit) {
  for (const StateShape& s : {shape(3, 4, 5), shape(3, 50257, 768), shape(16, 50257, 768), shape(4096, 4, 4096)}) {
    EXPECT_EQ(over_budget(s, print_cost(s), kFixed, BudgetWords::CommandLine), "") << s.batch << " " << s.vocab;
    EXPECT_EQ(over_budget(s, window_cost(s), kFixed, BudgetWords::Window), "") << s.batch << " " << s.vocab;
  }
  // --print's product is O(B · D): many IDs into GPT-2's table, or D = 32,768, still print.
  for (const StateShape& s : {shape(256, 50257, 768), shape(4096, 4, 32768)})
    EXPECT_EQ(over_budget(s, print_cost(s), kFixed, BudgetWords::CommandLine), "") << s.batch << " " << s.vocab;
  // The window's logits over every row are B × V × D: 256 IDs into GPT-2's table are 9.9
  // billion multiply-adds.
  const StateShape many = shape(256, 50257, 768);
  EXPECT_NE(over_budget(many, window_cost(many), kFixed, BudgetWords::Window), "");
}

// The issue's two: --print with 4,096 IDs and --dim 32768 (V = 4,096: the table drawn
// and skipped over, 134 M values), and slide 6 with 4,096 IDs and D = 65,536 (V = 2,048:
// slide 8's logits are 4,096 × 2,048 × 65,536 multiply-adds).
TEST(WorkBudget, TheIssuesTwoStatesAreRefusedForTheirWork) {
  const StateShape p = shape(4096, 4096, 32768);
  const std::string print = over_budget(p, print_cost(p), kFixed, BudgetWords::CommandLine);
  EXPECT_EQ(print,
            "4,096 IDs into a 4,096 × 32,768 table need about 7.9 billion multiply-adds' worth of work, more than "
            "the 4 billion a few seconds allow: use fewer IDs, a smaller --dim or a smaller table");
  const StateShape w = shape(4096, 2048, 65536);
  const StateCost c = window_cost(w);
  EXPECT_DOUBLE_EQ(c.multiply_adds, 4096.0 * 2048.0 * 65536.0);
  const Budget roomy{int64_t{1} << 50, kWorkLimit};  // its 10 GB would be named first on a smaller budget
  EXPECT_EQ(over_budget(w, c, roomy, BudgetWords::Window),
            "4,096 IDs into a 2,048 × 65,536 table need about 550 billion multiply-adds (4,096 × 2,048 × 65,536, "
            "the logits over every row), more than the 4 billion a few seconds allow: use fewer IDs, a smaller D or "
            "a smaller table");
}

TEST(WorkBudget, MemoryIsNamedWhenItIsWhatDoesNotFit) {
  // 4,096 IDs, D = 65,536, V = 4: little work per value but nine 1 GiB B × D matrices.
  const StateShape s = shape(4096, 4, 65536);
  const StateCost c = window_cost(s);
  EXPECT_GT(c.bytes, int64_t{9} << 30);
  const Budget small{int64_t{4} << 30, 1e15};
  EXPECT_EQ(over_budget(s, c, small, BudgetWords::CommandLine),
            "4,096 IDs into a 4 × 65,536 table need about 9.7 GB of memory, more than the 4.3 GB this machine can "
            "give one state: use fewer IDs, a smaller --dim or a smaller table");
}

// What each path holds, term by term (a change in the code must change these).
TEST(WorkBudget, BytesFollowWhatThePathsAllocate) {
  const StateShape s = shape(64, 1000, 128);
  // --print: the seeded table, the lookup and the product, the counts and their scratch.
  EXPECT_EQ(print_cost(s).bytes, 1000 * 128 * 4 + 2 * 64 * 128 * 4 + 128 * 8 + 64 * 128 * 4);
  StateShape file = s;
  file.seeded = false;  // mapped where it lies: nothing allocated for the table
  EXPECT_EQ(print_cost(s).bytes - print_cost(file).bytes, 1000 * 128 * 4);
  // The window: eight B × D matrices (64 · 128 is a multiple of 16: pos_emb's rows are
  // kept), the gradient's rows, the counts.
  EXPECT_EQ(window_cost(s).bytes, 1000 * 128 * 4 + 8 * 64 * 128 * 4 + 64 * 128 * 4 + 128 * 8);
  StateShape repeated = s;
  repeated.distinct = 1;
  EXPECT_EQ(window_cost(s).bytes - window_cost(repeated).bytes, 63 * 128 * 4);
  StateShape untied = s;
  untied.untied_head = true;  // the head's T × V logits held twice, and its skipped draws
  EXPECT_EQ(window_cost(untied).bytes - window_cost(s).bytes, 2 * 64 * 1000 * 4 + 64 * 128 * 4);
}

TEST(WorkBudget, WorkGrowsWithEachFactor) {
  const StateShape s = shape(16, 1000, 64);
  const StateCost c = window_cost(s);
  for (const StateShape& bigger : {shape(32, 1000, 64), shape(16, 2000, 64), shape(16, 1000, 128)}) {
    EXPECT_GT(window_cost(bigger).work, c.work);
    EXPECT_GT(print_cost(bigger).work, print_cost(s).work);
  }
  EXPECT_DOUBLE_EQ(c.multiply_adds, 16.0 * 1000.0 * 64.0);
  EXPECT_EQ(print_cost(s).multiply_adds, 0.0);  // the product is O(B · D): no multiply-adds
}

TEST(WorkBudget, TheMachinesBudgetIsHalfItsAvailableMemory) {
  const int64_t avail = available_memory();
  EXPECT_GT(avail, 0);
  long long total_kb = 0;
  std::ifstream f("/proc/meminfo");
  std::string key, unit;
  long long kb = 0;
  while (f >> key >> kb >> unit)
    if (key == "MemTotal:") total_kb = kb;
  if (total_kb > 0) EXPECT_LE(avail, total_kb * 1024);
  const Budget b = machine_budget();
  EXPECT_NEAR(static_cast<double>(b.bytes), static_cast<double>(avail) / 2, static_cast<double>(avail) * 0.1);
  EXPECT_EQ(b.work, kWorkLimit);
}

TEST(WorkBudget, SizesAndCountsInWords) {
  EXPECT_EQ(decimal_bytes(512), "512 bytes");  // the budget's sizes: text_format's decimal units
  EXPECT_EQ(decimal_bytes(1'600'000'000), "1.6 GB");
  EXPECT_EQ(count_words(4e9), "4 billion");
  EXPECT_EQ(count_words(7.75e9), "7.8 billion");
  EXPECT_EQ(count_words(5.5e11), "550 billion");
  EXPECT_EQ(count_words(5.5e14), "550 trillion");
  EXPECT_EQ(count_words(3000), "3,000");
}

// GPT-2 scale at the window: 256 IDs' logits over 50,257 rows are ~10 billion
// multiply-adds on a worker (progress, Cancel): a person may ask for them; a picture from
// the command line waits for all of it and is refused. The window's own thread's work
// is B × D and always limited.
TEST(WorkBudget, TheWindowLimitsItsOwnThreadNotItsCancellableWorkers) {
  StateShape s;
  s.batch = 256;
  s.vocab = 50'257;
  s.dim = 768;
  const StateCost c = window_cost(s);
  EXPECT_GT(c.work, kWorkLimit);
  EXPECT_LT(c.window_thread_work, c.work / 100);
  Budget b;
  b.bytes = int64_t{8} << 30;
  b.work = kWorkLimit;
  EXPECT_NE(over_budget(s, c, b, BudgetWords::CommandLine), "");
  b.workers_cancellable = true;
  EXPECT_EQ(over_budget(s, c, b, BudgetWords::Window), "");
  // Memory is limited all the same.
  b.bytes = 1 << 20;
  EXPECT_NE(over_budget(s, c, b, BudgetWords::Window), "");
}

}  // namespace
}  // namespace lv
