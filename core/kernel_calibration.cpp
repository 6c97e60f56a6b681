// kernel_calibration.cpp — see the header. Sections: the choice · the synthetic
// lookups timed · the process's calibration · text.
#include "core/kernel_calibration.hpp"

#include <immintrin.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <ctime>
#include <mutex>
#include <utility>

#include "core/kernel_tuning.hpp"

namespace lv {

// ---------------------------------------------------------------- the choice
namespace {

double median(std::vector<double> v) {
  if (v.empty()) return -1;
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

}  // namespace

StrategyCalibration calibrate_strategy(LookupStrategy strategy, int64_t batch, int64_t dim, bool with_cold,
                                       const std::vector<LookupPath>& tuned, int reps,
                                       const CalibrationSampler& sample) {
  StrategyCalibration c;
  c.strategy = strategy, c.batch = batch, c.dim = dim;
  std::vector<LookupPath> paths = {LookupPath::kBaseline};
  paths.insert(paths.end(), tuned.begin(), tuned.end());
  // samples[kind][path][rep]: kind 0 hot, 1 cold.
  std::vector<std::vector<double>> samples[2] = {std::vector<std::vector<double>>(paths.size()),
                                                 std::vector<std::vector<double>>(paths.size())};
  // Round-robin: every path's r-th sample is taken next to the others'.
  for (int r = 0; r < reps; ++r)
    for (bool is_cold : {false, true}) {
      if (is_cold && !with_cold) continue;
      for (size_t k = 0; k < paths.size(); ++k) {
        // Rotate who goes first, so no path always runs right after the same one.
        const size_t i = (k + static_cast<size_t>(r)) % paths.size();
        samples[is_cold][i].push_back(sample(paths[i], strategy, batch, dim, is_cold));
      }
    }
  for (size_t i = 0; i < paths.size(); ++i) {
    PathTiming t;
    t.path = paths[i];
    t.hot_ns = median(samples[0][i]);
    t.cold_ns = with_cold ? median(samples[1][i]) : -1;
    // Each repetition's ratio to the baseline's sample taken beside it, and the median
    // of those (as bench.sh does): a slow drift of the machine cancels in each ratio.
    if (i > 0) {
      double sum = 0;
      int kinds = 0;
      for (int kind = 0; kind < (with_cold ? 2 : 1); ++kind, ++kinds) {
        std::vector<double> ratios;
        for (size_t r = 0; r < samples[kind][i].size(); ++r)
          if (samples[kind][0][r] > 0) ratios.push_back(samples[kind][i][r] / samples[kind][0][r]);
        sum += ratios.empty() ? 1.0 : median(ratios);
      }
      t.score = sum / kinds;
    }
    c.timings.push_back(t);
  }
  double best = 1.0 - kCalibrationMargin;
  for (size_t i = 1; i < c.timings.size(); ++i)
    if (c.timings[i].score < best) best = c.timings[i].score, c.chosen = c.timings[i].path;  // strictly better
  return c;
}

// ---------------------------------------------------------------- the synthetic lookups timed
namespace {

// Every strategy is timed on GPT-2-sized rows: the shape the figures are about.
constexpr int64_t kDim = 768;

// A table, IDs and an output for one strategy's lookups, and a sampler over them.
class Synthetic {
 public:
  Synthetic(int64_t batch, int64_t dim, int64_t table_rows)
      : batch_(batch), dim_(dim), rows_(table_rows), table_(alloc(table_rows * dim)), out_(alloc(batch * dim)) {
    if (!table_ || !out_) return;
    // What the floats are does not matter to a copy; every page is written now, so no
    // page fault is timed.
    std::memset(table_.get(), 0x3c, sizeof(float) * static_cast<size_t>(rows_ * dim));
    std::memset(out_.get(), 0, sizeof(float) * static_cast<size_t>(batch * dim));
    uint64_t s = 0x243F6A8885A308D3ull;
    auto next = [&s] { return s = s * 6364136223846793005ull + 1442695040888963407ull; };
    // A few rows or one: sets_ different sets of IDs, taken in turn. Where a row sits
    // against the output modulo 4 KiB decides how fast one copy is (a load that aliases
    // a store just made waits; on Zen 3 the AVX2 copy takes 52 ns instead of 33, glibc's
    // 44 either way), so one fixed row would let that chance choose the path.
    sets_ = batch * dim >= 16384 ? 1 : 8;
    ids_.resize(static_cast<size_t>(batch * sets_));
    for (auto& id : ids_) id = static_cast<int64_t>((next() >> 33) % rows_);
  }
  bool ok() const { return table_ && out_; }

  double sample(LookupPath path, LookupStrategy strategy, bool cold) {
    using Clock = std::chrono::steady_clock;
    if (cold) {  // every line of the first set's rows out of every cache level, then one timed call
      for (int64_t i = 0; i < batch_; ++i) {
        const char* row = reinterpret_cast<const char*>(table_.get() + set(0)[i] * dim_);
        for (int64_t b = 0; b < dim_ * static_cast<int64_t>(sizeof(float)); b += 64) _mm_clflush(row + b);
      }
      _mm_mfence();
      rows_flushed_ = true;
      const auto t0 = Clock::now();  // the first set (from DRAM, where a row sits hardly matters)
      lookup_rows(out_.get(), table_.get(), rows_, dim_, set(0), batch_, strategy, path);
      return std::chrono::duration<double, std::nano>(Clock::now() - t0).count();
    }
    // Hot, as a lookup of the same IDs again: for each set, an untimed call brings its
    // rows into L1 (one set: only after a cold sample; other paths' hot samples leave
    // them in), then enough timed calls for ~2 us or more; the mean per call over every
    // set (so every place a row can sit against the output counts alike).
    const bool warm = sets_ > 1 || std::exchange(rows_flushed_, false);
    const int calls = batch_ * dim_ >= 16384 ? 1 : 16;
    double ns = 0;
    for (int64_t s = 0; s < sets_; ++s) {
      if (warm) lookup_rows(out_.get(), table_.get(), rows_, dim_, set(s), batch_, strategy, path);
      const auto t0 = Clock::now();
      for (int k = 0; k < calls; ++k) lookup_rows(out_.get(), table_.get(), rows_, dim_, set(s), batch_, strategy, path);
      ns += std::chrono::duration<double, std::nano>(Clock::now() - t0).count();
    }
    return ns / static_cast<double>(calls * sets_);
  }

 private:
  struct Free {
    void operator()(float* p) const { std::free(p); }
  };
  using Buffer = std::unique_ptr<float[], Free>;
  // 64-byte aligned, in ordinary pages: asking for 2 MB pages here measured 3x the CPU
  // time in a process that had just filled a big table (the kernel compacting memory).
  static Buffer alloc(int64_t floats) {
    const size_t bytes = (sizeof(float) * static_cast<size_t>(floats) + 63) / 64 * 64;
    return Buffer(static_cast<float*>(std::aligned_alloc(64, bytes)));
  }

  const int64_t* set(int64_t s) const { return ids_.data() + s * batch_; }

  int64_t batch_, dim_, rows_, sets_ = 1;
  Buffer table_, out_;
  std::vector<int64_t> ids_;
  bool rows_flushed_ = true;  // so the next hot sample warms the rows first (the very first one too)
};

// The tuned paths this CPU can run, widest first. SSE2 differs from the baseline only
// in its streaming copy.
std::vector<LookupPath> tuned_paths(LookupStrategy strategy) {
  std::vector<LookupPath> p;
  if (lookup_path_supported(LookupPath::kAvx512)) p.push_back(LookupPath::kAvx512);
  if (lookup_path_supported(LookupPath::kAvx2)) p.push_back(LookupPath::kAvx2);
  if (p.empty() && strategy == LookupStrategy::kStream) p.push_back(LookupPath::kSse2);
  return p;
}

// ---------------------------------------------------------------- the process's calibration
// LOOKUPVIZ_KERNEL, read once: the forced path, or kAuto.
struct Forced {
  std::string text;
  LookupPath path = LookupPath::kAuto;
};
const Forced& forced() {
  static const Forced f = [] {
    Forced r;
    const char* v = std::getenv("LOOKUPVIZ_KERNEL");
    if (!v || !*v) return r;
    r.text = v;
    for (LookupPath p : {LookupPath::kBaseline, LookupPath::kSse2, LookupPath::kAvx2, LookupPath::kAvx512})
      if (r.text == lookup_path_name(p)) r.path = p;
    if (r.path == LookupPath::kAuto) r.text += " (unknown: calibrated instead)";
    return r;
  }();
  return f;
}

// CPU time of the calling thread, ms: on a loaded machine the wall time of calibrating
// is mostly other processes' turns.
double thread_cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

StrategyCalibration calibrate_now(LookupStrategy strategy) {
  const auto t0 = std::chrono::steady_clock::now();
  const double cpu0 = thread_cpu_ms();
  StrategyCalibration c;
  c.strategy = strategy;
  if (forced().path != LookupPath::kAuto) {
    c.chosen = forced().path;
    return c;
  }
  // One representative B per strategy: the plain copy's single row; 32 rows for
  // prefetch (rows flushed before each cold call); for stream, an output the size where
  // streaming starts (hot rows only: the output is what streaming is about, and
  // flushing 1,000+ rows per sample would cost more than the rest).
  // The table: 128 rows (384 KB, quick to set up; cold samples flush their rows), for
  // stream 256 (768 KB): the rows of a big lookup come from beyond L2 even when "hot".
  int64_t batch = 1, reps = 21, table_rows = 128;
  bool with_cold = true;
  if (strategy == LookupStrategy::kPrefetch) batch = 32, reps = 11;
  if (strategy == LookupStrategy::kStream) {
    const int64_t row_bytes = kDim * static_cast<int64_t>(sizeof(float));
    batch = (kernel_tuning().stream_min_out_bytes + row_bytes - 1) / row_bytes;
    reps = 5, with_cold = false, table_rows = 256;
  }
  Synthetic data(batch, kDim, table_rows);
  if (data.ok()) {
    c = calibrate_strategy(strategy, batch, kDim, with_cold, tuned_paths(strategy), static_cast<int>(reps),
                           [&data](LookupPath p, LookupStrategy s, int64_t, int64_t, bool cold) {
                             return data.sample(p, s, cold);
                           });
  }
  c.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  c.cpu_ms = thread_cpu_ms() - cpu0;
  return c;
}

struct Slot {
  std::once_flag once;
  StrategyCalibration result;
};
struct Process {
  Slot plain, prefetch, stream;
  KernelCalibration whole;  // assembled by kernel_calibration()
  std::once_flag whole_once;
};
Process& process() {
  static Process p;
  return p;
}

Slot& slot(LookupStrategy strategy) {
  Process& p = process();
  return strategy == LookupStrategy::kPlain ? p.plain : strategy == LookupStrategy::kStream ? p.stream : p.prefetch;
}

const StrategyCalibration& calibrated(LookupStrategy strategy) {
  Slot& s = slot(strategy);
  std::call_once(s.once, [&] { s.result = calibrate_now(strategy); });
  return s.result;
}

}  // namespace

LookupPath calibrated_lookup_path(LookupStrategy strategy) {
  if (strategy == LookupStrategy::kAuto) strategy = LookupStrategy::kPrefetch;
  // Every kAuto lookup asks: after the first time, one atomic load instead of
  // std::call_once's library call (a one-row lookup takes ~50 ns).
  static std::atomic<int> known[3] = {-1, -1, -1};
  std::atomic<int>& k = known[strategy == LookupStrategy::kPlain ? 0 : strategy == LookupStrategy::kStream ? 2 : 1];
  int v = k.load(std::memory_order_acquire);
  if (v < 0) {
    v = static_cast<int>(calibrated(strategy).chosen);
    k.store(v, std::memory_order_release);
  }
  return static_cast<LookupPath>(v);
}

const KernelCalibration& kernel_calibration() {
  Process& p = process();
  std::call_once(p.whole_once, [&p] {
    p.whole.forced = forced().text;
    p.whole.plain = calibrated(LookupStrategy::kPlain);
    p.whole.prefetch = calibrated(LookupStrategy::kPrefetch);
    p.whole.stream = calibrated(LookupStrategy::kStream);
  });
  return p.whole;
}

// ---------------------------------------------------------------- text
namespace {

std::string ns_text(double ns) {
  char buf[32];
  if (ns < 0) return "-";
  if (ns < 1e4) std::snprintf(buf, sizeof buf, "%.0f ns", ns);
  else std::snprintf(buf, sizeof buf, "%.1f us", ns / 1e3);
  return buf;
}

std::string strategy_text(const StrategyCalibration& c, const std::string& forced) {
  std::string s = std::string(lookup_strategy_name(c.strategy)) + ": " + lookup_path_name(c.chosen);
  if (c.timings.empty()) return s + (forced.empty() ? " (not timed)" : " (LOOKUPVIZ_KERNEL=" + forced + ")");
  s += " (B = " + std::to_string(c.batch) + ", D = " + std::to_string(c.dim) + "; hot" +
       (c.timings.front().cold_ns >= 0 ? " / cold" : "") + ":";
  for (const PathTiming& t : c.timings) {
    s += std::string(" ") + lookup_path_name(t.path) + " " + ns_text(t.hot_ns);
    if (t.cold_ns >= 0) s += " / " + ns_text(t.cold_ns);
    if (t.path != LookupPath::kBaseline) {
      char buf[32];
      std::snprintf(buf, sizeof buf, " (%.2f)", t.score);
      s += buf;
    }
    s += ",";
  }
  s.back() = ';';
  char ms[32];
  std::snprintf(ms, sizeof ms, " %.1f ms, CPU %.1f ms)", c.ms, c.cpu_ms);
  return s + ms;
}

}  // namespace

std::string kernel_calibration_summary(const KernelCalibration& c) {
  std::string s;
  for (const StrategyCalibration* k : {&c.plain, &c.prefetch, &c.stream})
    s += (s.empty() ? "" : "\n") + strategy_text(*k, c.forced);
  return s;
}

}  // namespace lv
