// work_budget.cpp — the cost model (what each path allocates and computes, read off the
// code) and the machine's limits. Sections: work weights · the two paths · limits · words
#include "core/kernels/work_budget.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <string>

#include "core/text/text_format.hpp"

namespace lv {
namespace {

// ---------------------------------------------------------------- work weights
// Work is counted in multiply-add equivalents: the cost of one element of each pass
// relative to one multiply-add of the logits pass (a double multiply-add in a dependent
// chain). Measured once with the core's own functions (Release, this project's build
// machine; a 4,096 × 8,192 table, 4,096 IDs): multiply-add 5.8 ns; normal_ 257 ns a
// value (embedding_init); a skipped draw 21 ns (linear_weight_edges); count_nonfinite
// 3.5 ns; rows_of 22 ns and onehot_product 26 ns an output cell; a compare or copy pass
// of a B × D matrix ~1 ns.
constexpr double kWorkNormalDraw = 44.0;  // one N(0, 1) value drawn (the table, pos_emb, randn G)
constexpr double kWorkSkippedDraw = 4.0;  // one of nn.Linear's draws skipped over (only its edges are printed)
constexpr double kWorkUniformDraw = 5.0;  // one of an untied head's values drawn (uniform_)
constexpr double kWorkScan = 1.0;         // one table value read by a whole-table pass (non-finite counts)
constexpr double kWorkFileRead = 2.0;     // one file value read through the guard and converted
constexpr double kWorkRowCopy = 4.0;      // one output cell of the lookup (rows_of)
constexpr double kWorkProductCell = 5.0;  // one output cell of the one-hot product (onehot_product)
constexpr double kWorkPass = 1.0;         // one cell of a copy, add or compare over a B × D matrix

constexpr int64_t kF32 = 4, kI64 = 8;
constexpr int64_t kScanBand = 64;                  // count_nonfinite's scratch: 64 rows of D floats
constexpr int64_t kHeldLogits = int64_t{1} << 24;  // = app/model/model_jobs.hpp kHeldLogits

double d(int64_t v) { return static_cast<double>(v); }

}  // namespace

// ---------------------------------------------------------------- the two paths
StateCost print_cost(const StateShape& s) {
  // notebook_transcript: the table (seeded: V × D float32; a file's is mapped), the lookup
  // and the product (B × D each), the non-finite counts (D int64) and count_nonfinite's
  // scratch. The printed edges and the text are a few kB.
  const int64_t b = s.batch, v = s.vocab, dim = s.dim;
  StateCost c;
  c.bytes = (s.seeded ? v * dim * kF32 : 0) + 2 * b * dim * kF32 + dim * kI64 + kScanBand * dim * kF32;
  const double vd = d(v) * d(dim), bd = d(b) * d(dim);
  c.work = vd * (s.seeded ? kWorkNormalDraw : kWorkFileRead)      // the table drawn (or read)
           + vd * kWorkSkippedDraw                                // nn.Linear(V, D)'s draws skipped over
           + vd * kWorkScan                                       // the product's non-finite counts
           + bd * (kWorkRowCopy + kWorkProductCell + kWorkPass);  // lookup, product, torch.equal
  return c;
}

StateCost window_cost(const StateShape& s, unsigned work) {
  const int64_t b = s.batch, v = s.vocab, dim = s.dim;
  const int64_t distinct = s.distinct < 0 ? b : s.distinct;
  const bool facts = work & kTableWorkFacts, linear = work & kTableWorkLinear, logits = work & kTableWorkLogits;
  StateCost c;
  // Held per state (app/model/model_state.hpp Derived): lookup_out, matmul_out, grad_out,
  // pos_table, tok_out and x (B × D each); pos_emb's rows kept for reuse (PosCache, when
  // the draw's size allows a prefix: B·D a multiple of 16); the logits job's copy of x;
  // an untied head's skipped draws (B × D, while the job starts).
  const bool pos_cached = b * dim >= 16 && (b * dim) % 16 == 0;
  const int64_t bd_matrices = 7 + (pos_cached ? 1 : 0) + (s.untied_head ? 1 : 0);
  c.bytes = (s.seeded ? v * dim * kF32 : 0)             // the seeded table
            + bd_matrices * b * dim * kF32              // the B × D matrices above
            + distinct * dim * kF32                     // the gradient's rows (RowGrads)
            + dim * kI64                                // the non-finite counts
            + (s.seeded ? 0 : kScanBand * dim * kF32);  // a file's: counted in bands
  if (logits && s.untied_head && b * v <= kHeldLogits)
    c.bytes += 2 * b * v * kF32;  // T × V held: the job's and the model's
  const double vd = d(v) * d(dim), bd = d(b) * d(dim);
  c.multiply_adds = logits ? d(b) * vd : 0.0;       // slide 8's logits: x (T × D) against every one of V rows
  c.work = (s.seeded ? vd * kWorkNormalDraw : 0.0)  // the table drawn
           + (!s.seeded && facts ? vd * (kWorkFileRead + kWorkScan) : 0.0)  // a file's counts
           + (linear ? vd * kWorkSkippedDraw : 0.0)                         // nn.Linear's printed edges
           + bd * (kWorkRowCopy + kWorkProductCell + kWorkNormalDraw)       // lookup, product, pos_emb
           + bd * (s.seeded_gradient ? kWorkNormalDraw : kWorkPass)         // G
           + bd * 7 * kWorkPass  // differ count, torch.equal, gradient sums, pos cache, tok_out, x, x's copy
           + (!logits         ? 0.0
              : s.untied_head ? bd * kWorkNormalDraw + vd * kWorkUniformDraw
                              : vd * kWorkScan)  // the head's rows
           + c.multiply_adds;
  c.window_thread_work = bd * (kWorkRowCopy + kWorkProductCell + kWorkNormalDraw) +
                         bd * (s.seeded_gradient ? kWorkNormalDraw : kWorkPass) + bd * 7 * kWorkPass;
  return c;
}

// ---------------------------------------------------------------- limits
int64_t available_memory() {
  std::ifstream f("/proc/meminfo");
  std::string key;
  long long kb = 0;
  std::string unit;
  while (f >> key >> kb >> unit) {
    if (key == "MemAvailable:") return static_cast<int64_t>(kb) * 1024;
  }
  // No MemAvailable (an old kernel, no /proc): the free pages.
  const long pages = sysconf(_SC_AVPHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  return pages > 0 && page > 0 ? static_cast<int64_t>(pages) * page : int64_t{1} << 30;
}

Budget machine_budget() {
  Budget b;
  b.bytes = available_memory() / 2;
  b.work = kWorkLimit;
  return b;
}

// ---------------------------------------------------------------- words
std::string count_words(double n) {
  const struct {
    double scale;
    const char* word;
  } names[] = {{1e15, "quadrillion"}, {1e12, "trillion"}, {1e9, "billion"}, {1e6, "million"}};
  for (const auto& w : names) {
    if (n >= w.scale) {
      char buf[64];
      const double x = n / w.scale;
      std::snprintf(buf, sizeof buf, x < 10.0 && std::fmod(x, 1.0) != 0.0 ? "%.1f %s" : "%.0f %s", x, w.word);
      return buf;
    }
  }
  return with_commas(static_cast<uint64_t>(std::max(0.0, n)));
}

std::string over_budget(const StateShape& s, const StateCost& cost, const Budget& budget, BudgetWords words) {
  const bool too_much_memory = cost.bytes > budget.bytes;
  const double work_counted = budget.workers_cancellable ? cost.window_thread_work : cost.work;
  const bool too_much_work = work_counted > budget.work;
  if (!too_much_memory && !too_much_work) return "";
  const std::string what = counted(s.batch, "ID") + " into a " + with_commas(static_cast<uint64_t>(s.vocab)) + " × " +
                           with_commas(static_cast<uint64_t>(s.dim)) + " table";
  const std::string try_this = words == BudgetWords::CommandLine ? "use fewer IDs, a smaller --dim or a smaller table"
                                                                 : "use fewer IDs, a smaller D or a smaller table";
  if (too_much_memory)
    return what + " need about " + decimal_bytes(static_cast<double>(cost.bytes)) + " of memory, more than the " +
           decimal_bytes(static_cast<double>(budget.bytes)) + " this machine can give one state: " + try_this;
  // The logits' multiply-adds named when they are most of the work.
  const std::string work = cost.multiply_adds * 2 > work_counted
                               ? count_words(cost.multiply_adds) + " multiply-adds (" +
                                     with_commas(static_cast<uint64_t>(s.batch)) + " × " +
                                     with_commas(static_cast<uint64_t>(s.vocab)) + " × " +
                                     with_commas(static_cast<uint64_t>(s.dim)) + ", the logits over every row)"
                               : count_words(work_counted) + " multiply-adds' worth of work";
  return what + " need about " + work + ", more than the " + count_words(budget.work) +
         " a few seconds allow: " + try_this;
}

}  // namespace lv
