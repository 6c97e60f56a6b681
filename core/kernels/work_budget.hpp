// work_budget.hpp — one work-and-memory budget for a state (issue 17, item 4).
// Every limit of the command line holds alone (V ≤ 10,000,000, D ≤ 65,536, B ≤ 4,096,
// V × D ≤ 2^27), but their combinations do not: 4,096 IDs and D = 65,536 asked for
// 8.6 GB and minutes of work. Before anything is allocated or computed, a state's cost
// is estimated from its shape — what the code really allocates and computes, path by
// path — and refused with one line when it passes what this machine can give.
//
//   StateShape  the shape of a state (B, V, D and the few choices that change its cost)
//   StateCost   bytes at the peak and work, in multiply-add equivalents
//   print_cost  what --print costs   (core/torch/notebook_transcript.cpp)
//   window_cost what the window and its pictures cost (app/model/app_model.cpp recompute and
//               the model's jobs, app/model/model_jobs.cpp; slide 7's own table is apart)
//   Budget      the limits: half the memory this machine has available, and the work a
//               reasonable machine does in a few seconds
//   over_budget "" when the cost fits, else the sentence that says why, in user words
//
// The byte estimates are held to within 25 % of the measured peak by tests
// (tests/cli/budget_test.cpp, tests/ui/ui_budget_test.cpp).
#pragma once
#include <cstdint>
#include <string>

namespace lv {

struct StateShape {
  int64_t batch = 1;             // B: IDs (T, the positions, on slide 8)
  int64_t vocab = 1;             // V: rows of the table
  int64_t dim = 1;               // D: columns
  int64_t distinct = -1;         // distinct IDs (rows with a gradient); -1: as many as B
  bool seeded = true;            // the table is drawn from the seed (held, V × D float32);
                                 // false: a file's, mapped where it lies (nothing allocated)
  bool untied_head = false;      // slide 8's out_head is its own (rows drawn), not the table
  bool seeded_gradient = false;  // slide 6's G = torch.randn(B, D), drawn (else ones)
};

struct StateCost {
  int64_t bytes = 0;           // the peak of what the path allocates for the state
  double work = 0.0;           // multiply-add equivalents (see kWork* in work_budget.cpp)
  double multiply_adds = 0.0;  // of which real multiply-adds of a product (slide 8's logits: T × V × D)
  // Of `work`, what the window's own thread does (B × D: the lookup, the product's cells,
  // G, the sums); the rest — the table drawn or read, the logits over every row — runs on
  // workers the window shows with progress and Cancel.
  double window_thread_work = 0.0;
};

// The window's work on the whole table, by kind (bits): a file's non-finite counts (what
// the one-hot product needs: slides 4 and 5), the fresh nn.Linear's printed weight
// (slide 4's output) and the logits over every row (slide 8). A command-line picture
// waits only for the kinds its slides draw, and the budget counts only those.
enum TableWork : unsigned {
  kTableWorkFacts = 1u,
  kTableWorkLinear = 2u,
  kTableWorkLogits = 4u,
  kTableWorkAll = 7u,
};

StateCost print_cost(const StateShape& s);
// What the window costs with the whole-table work of the kinds in `work` (the table
// itself — drawn from the seed — and the window thread's B × D work always count).
StateCost window_cost(const StateShape& s, unsigned work = kTableWorkAll);

struct Budget {
  int64_t bytes = 0;  // at most this many bytes for one state
  double work = 0.0;  // at most this many multiply-add equivalents
  // A person at the window: work on workers can be watched and cancelled, so only the
  // window thread's work is limited (memory always is). The command line's pictures and
  // --print wait for all of it: every bit counts.
  bool workers_cancellable = false;
};

// A reasonable machine's core does about 10^9 of the logits pass's multiply-adds a
// second (a dependent chain of double adds); a few seconds of them.
inline constexpr double kWorkLimit = 4e9;

// The memory this machine has available now (MemAvailable of /proc/meminfo; the free
// pages of sysconf where there is none), in bytes.
int64_t available_memory();
// Half of it (the window computes the next state while the last good one is still
// held, and the rest of the desktop needs room too) and kWorkLimit.
Budget machine_budget();

// Where the words differ: the command line names its flags, the window its fields.
enum class BudgetWords { CommandLine, Window };
// "" when `cost` fits `budget`; else one line, e.g. "4,096 IDs into a 2,048 × 65,536 table
// need about 550 trillion multiply-adds (a few seconds' worth is 4 billion): use fewer
// IDs, a smaller --dim or a smaller table".
std::string over_budget(const StateShape& s, const StateCost& cost, const Budget& budget, BudgetWords words);

// "4 billion", "550 trillion", "12 million", "3,000": a large count in words.
std::string count_words(double n);

}  // namespace lv
