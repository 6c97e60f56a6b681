// kernel_calibration.cpp — see the header. Sections: the choice · the synthetic
// lookups timed · the process's calibration · text.
#include "core/kernels/kernel_calibration.hpp"

#include <cpuid.h>
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

#include "core/kernels/kernel_tuning.hpp"
#include "core/text/text_format.hpp"

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
  // Path j against path i, sample beside sample: the median of the per-repetition
  // ratios, hot (kind 0) or cold (1), and averaged over both (the baseline's noise does
  // not enter).
  auto per_kind = [&](size_t i, size_t j, int kind) {
    std::vector<double> ratios;
    for (size_t r = 0; r < samples[kind][j].size() && r < samples[kind][i].size(); ++r)
      if (samples[kind][i][r] > 0) ratios.push_back(samples[kind][j][r] / samples[kind][i][r]);
    return ratios.empty() ? 1.0 : median(ratios);
  };
  auto paired = [&](size_t i, size_t j) {
    double sum = 0;
    int kinds = 0;
    for (int kind = 0; kind < (with_cold ? 2 : 1); ++kind, ++kinds) sum += per_kind(i, j, kind);
    return sum / kinds;
  };
  // The plain gather (issue 43), when timed, is the second floor: a tuned path must beat it
  // by the margin too, sample beside sample, and lose to it neither hot nor cold (so the
  // streaming path's non-temporal stores stay only where they win cold as well).
  size_t gather = 0;
  for (size_t i = 1; i < paths.size(); ++i)
    if (paths[i] == LookupPath::kGather) gather = i;
  auto beats_gather = [&](size_t i) {
    if (gather == 0) return true;
    if (paired(gather, i) >= 1.0 - kCalibrationMargin) return false;
    for (int kind = 0; kind < (with_cold ? 2 : 1); ++kind)
      if (per_kind(gather, i, kind) > 1.0) return false;
    return true;
  };
  // The first (widest) tuned path that beats the baseline (and the gather) by the margin;
  // a later one replaces it only when it beats that one by kTunedPathMargin both sample
  // beside sample and in their scores, so two paths within noise of each other do not
  // trade places from run to run.
  size_t pick = 0;
  for (size_t i = 1; i < c.timings.size(); ++i) {
    if (i == gather) continue;
    if (c.timings[i].score >= 1.0 - kCalibrationMargin) continue;  // a tie, or noise: not better than the baseline
    if (!beats_gather(i)) continue;
    if (pick == 0 || (paired(pick, i) < 1.0 - kTunedPathMargin &&
                      c.timings[i].score < c.timings[pick].score * (1.0 - kTunedPathMargin)))
      pick = i;
  }
  // No tuned path: the plain gather, the floor, unless the baseline beats it as a tuned path
  // must (both are memcpy per row; they differ in how much of the rows ahead they prefetch:
  // on a Xeon the baseline's few lines a row were 11–23 % slower cold, a shade faster hot).
  if (pick == 0 && gather > 0 && !beats_gather(0)) pick = gather;
  if (pick > 0) c.chosen = c.timings[pick].path;
  return c;
}

PrefetchCalibration calibrate_distance(const std::vector<int64_t>& candidates, int64_t default_rows, int reps,
                                       const DistanceSampler& sample) {
  PrefetchCalibration c;
  c.default_rows = c.chosen_rows = default_rows;
  const size_t n = candidates.size();
  size_t base = n;
  for (size_t i = 0; i < n; ++i)
    if (candidates[i] == default_rows) base = i;
  if (base == n) return c;
  std::vector<std::vector<double>> samples(n);
  for (int r = 0; r < reps; ++r)
    for (size_t k = 0; k < n; ++k) {
      const size_t i = (k + static_cast<size_t>(r)) % n;  // who goes first rotates
      samples[i].push_back(sample(candidates[i]));
    }
  double best = 1.0 - kDistanceMargin;
  for (size_t i = 0; i < n; ++i) {
    DistanceTiming t;
    t.rows = candidates[i];
    t.cold_ns = median(samples[i]);
    std::vector<double> ratios;
    for (size_t r = 0; r < samples[i].size(); ++r)
      if (samples[base][r] > 0) ratios.push_back(samples[i][r] / samples[base][r]);
    t.score = i == base || ratios.empty() ? 1.0 : median(ratios);
    if (i != base && t.score < best) best = t.score, c.chosen_rows = t.rows;  // strictly better, by the margin
    c.timings.push_back(t);
  }
  return c;
}

// ---------------------------------------------------------------- the synthetic lookups timed
namespace {

// Every strategy is timed on GPT-2-sized rows: the shape the figures are about.
constexpr int64_t kDim = 768;

// Every line of [p, p + bytes) out of every cache level (the caller fences). clflushopt
// where the CPU has it: clflush is ordered against every other clflush, and 16 MiB of
// clean lines took 30–60 ms with it against 0.8 ms with clflushopt (a Xeon, AVX-512).
__attribute__((target("clflushopt"))) void flush_lines_opt(const char* p, int64_t bytes) {
  for (int64_t b = 0; b < bytes; b += 64) _mm_clflushopt(const_cast<char*>(p + b));
}
void flush_lines(const char* p, int64_t bytes) {
  // CPUID leaf 7, EBX bit 23 (clang 14's __builtin_cpu_supports has no "clflushopt").
  static const bool opt = [] {
    unsigned a = 0, b = 0, c = 0, d = 0;
    return __get_cpuid_count(7, 0, &a, &b, &c, &d) != 0 && (b & (1u << 23)) != 0;
  }();
  if (opt) return flush_lines_opt(p, bytes);
  for (int64_t b = 0; b < bytes; b += 64) _mm_clflush(p + b);
}

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
      const int64_t row_bytes = dim_ * static_cast<int64_t>(sizeof(float));
      if (batch_ >= rows_) {  // the rows repeat: the whole table, each line once
        flush_lines(reinterpret_cast<const char*>(table_.get()), rows_ * row_bytes);
      } else {
        for (int64_t i = 0; i < batch_; ++i)
          flush_lines(reinterpret_cast<const char*>(table_.get() + set(0)[i] * dim_), row_bytes);
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
      for (int k = 0; k < calls; ++k)
        lookup_rows(out_.get(), table_.get(), rows_, dim_, set(s), batch_, strategy, path);
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

// The paths timed against the baseline: for the strategies that prefetch, the plain
// gather first (issue 43: every other path must beat it too), then the tuned paths this
// CPU can run, widest first. SSE2 differs from the baseline only in its streaming copy.
std::vector<LookupPath> tuned_paths(LookupStrategy strategy) {
  std::vector<LookupPath> p;
  if (strategy != LookupStrategy::kPlain) p.push_back(LookupPath::kGather);
  if (lookup_path_supported(LookupPath::kAvx512)) p.push_back(LookupPath::kAvx512);
  if (lookup_path_supported(LookupPath::kAvx2)) p.push_back(LookupPath::kAvx2);
  if (!lookup_path_supported(LookupPath::kAvx2) && strategy == LookupStrategy::kStream) p.push_back(LookupPath::kSse2);
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
    for (LookupPath p :
         {LookupPath::kBaseline, LookupPath::kGather, LookupPath::kSse2, LookupPath::kAvx2, LookupPath::kAvx512})
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

// The prefetch distance: the baseline's cold gather of B = 128 GPT-2 rows from a 3 MB
// table (beyond the L2) with each candidate distance, against the caches' distance
// (~45 samples, each flushing its rows first: a few ms of CPU).
PrefetchCalibration calibrate_distance_now() {
  const auto t0 = std::chrono::steady_clock::now();
  const double cpu0 = thread_cpu_ms();
  const int64_t row_bytes = kDim * static_cast<int64_t>(sizeof(float)), batch = 128, table_rows = 1024;
  const int64_t default_rows = std::clamp<int64_t>(kernel_tuning().prefetch_ahead_bytes / row_bytes, 4, 64);
  std::vector<int64_t> candidates = {4, 8, 16, 32, default_rows};
  std::sort(candidates.begin(), candidates.end());
  candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
  PrefetchCalibration c;
  c.default_rows = c.chosen_rows = default_rows;
  if (forced().path == LookupPath::kAuto) {
    Synthetic data(batch, kDim, table_rows);
    if (data.ok()) {
      c = calibrate_distance(candidates, default_rows, 9, [&data, row_bytes](int64_t rows) {
        set_lookup_prefetch_bytes(rows * row_bytes);
        return data.sample(LookupPath::kBaseline, LookupStrategy::kPrefetch, /*cold=*/true);
      });
    }
  }
  c.batch = batch, c.row_bytes = row_bytes, c.table_rows = table_rows;
  set_lookup_prefetch_bytes(c.chosen_rows * row_bytes);
  c.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  c.cpu_ms = thread_cpu_ms() - cpu0;
  return c;
}

// The plain gather's distance (issue 43): its cold gather of the same B = 128 GPT-2 rows
// at 1..8 rows ahead, against 3 (another distance only when kDistanceMargin faster).
PrefetchCalibration calibrate_gather_now() {
  const auto t0 = std::chrono::steady_clock::now();
  const double cpu0 = thread_cpu_ms();
  const int64_t row_bytes = kDim * static_cast<int64_t>(sizeof(float)), batch = 128, table_rows = 1024;
  const int64_t default_rows = 3;
  PrefetchCalibration c;
  c.default_rows = c.chosen_rows = default_rows;
  if (forced().path == LookupPath::kAuto) {
    Synthetic data(batch, kDim, table_rows);
    if (data.ok()) {
      c = calibrate_distance({1, 2, 3, 4, 5, 6, 7, 8}, default_rows, 9, [&data](int64_t rows) {
        set_lookup_gather_rows(rows);
        return data.sample(LookupPath::kGather, LookupStrategy::kPrefetch, /*cold=*/true);
      });
    }
  }
  c.batch = batch, c.row_bytes = row_bytes, c.table_rows = table_rows;
  set_lookup_gather_rows(c.chosen_rows);
  c.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  c.cpu_ms = thread_cpu_ms() - cpu0;
  return c;
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
  // streaming starts, hot and cold.
  // The table: 128 rows (384 KB, quick to set up; cold samples flush their rows), for
  // stream more: the rows of a big lookup come from beyond L2 even when "hot".
  // Stream is timed cold too (issue 43: non-temporal stores kept only where they win
  // cold): its table is 1,024 rows (3 MB), flushed whole before each cold call, so every
  // row's first read comes from DRAM. (A table as many rows as the batch, 16 MB for a
  // 2 MiB L2, cost ~180 ms of CPU to calibrate.)
  int64_t batch = 1, reps = 21, table_rows = 128;
  bool with_cold = true;
  // Repetitions: more, so the medians hold on a loaded machine (two runs on a Zen 5
  // with 11 and 5 chose differently).
  if (strategy == LookupStrategy::kPrefetch) batch = 32, reps = 21;
  if (strategy == LookupStrategy::kStream) {
    const int64_t row_bytes = kDim * static_cast<int64_t>(sizeof(float));
    batch = (kernel_tuning().stream_min_out_bytes + row_bytes - 1) / row_bytes;
    reps = 5, table_rows = 1024;  // 5: four paths hot and cold, ~2 ms a sample
  }
  Synthetic data(batch, kDim, table_rows);
  if (data.ok()) {
    c = calibrate_strategy(
        strategy, batch, kDim, with_cold, tuned_paths(strategy), static_cast<int>(reps),
        [&data](LookupPath p, LookupStrategy s, int64_t, int64_t, bool cold) { return data.sample(p, s, cold); });
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
  std::once_flag distance_once;
  PrefetchCalibration distance;  // first of all: the strategies are timed at the distance chosen
  std::once_flag gather_once;
  PrefetchCalibration gather;  // the plain gather's distance, before the strategies that time it
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

const PrefetchCalibration& calibrated_distance() {
  Process& p = process();
  std::call_once(p.distance_once, [&p] { p.distance = calibrate_distance_now(); });
  return p.distance;
}

const PrefetchCalibration& calibrated_gather() {
  Process& p = process();
  std::call_once(p.gather_once, [&p] { p.gather = calibrate_gather_now(); });
  return p.gather;
}

const StrategyCalibration& calibrated(LookupStrategy strategy) {
  // The strategies that prefetch are timed at the distances chosen (the plain copy of a
  // few rows prefetches nothing: the window's first lookup does not wait for this).
  if (strategy != LookupStrategy::kPlain) calibrated_distance(), calibrated_gather();
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
    p.whole.distance = calibrated_distance();
    p.whole.gather = calibrated_gather();
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

// what: "prefetch" (the default from the caches) or "gather" (the default 3 rows).
std::string distance_text(const PrefetchCalibration& c, const std::string& forced, const char* what) {
  const bool caches = std::string(what) == "prefetch";
  char buf[160];
  std::snprintf(buf, sizeof buf, "%s distance: %lld rows ahead (%lld KiB", what, static_cast<long long>(c.chosen_rows),
                static_cast<long long>(c.chosen_rows * (c.row_bytes > 0 ? c.row_bytes : 3072) / 1024));
  std::string s = buf;
  const std::string whose = caches ? "the caches'" : "the default";
  if (c.timings.empty())
    return s + (forced.empty() ? "; " + whose + ", not timed)" : "; " + whose + ": LOOKUPVIZ_KERNEL=" + forced + ")");
  std::snprintf(buf, sizeof buf, "; %s: %lld; cold B = %lld of %s rows:", caches ? "caches" : "default",
                static_cast<long long>(c.default_rows), static_cast<long long>(c.batch),
                with_commas(static_cast<uint64_t>(c.table_rows)).c_str());
  s += buf;
  for (const DistanceTiming& t : c.timings) {
    s += " " + std::to_string(t.rows) + " " + ns_text(t.cold_ns);
    if (t.rows != c.default_rows) {
      std::snprintf(buf, sizeof buf, " (%.2f)", t.score);
      s += buf;
    }
    s += ",";
  }
  s.back() = ';';
  std::snprintf(buf, sizeof buf, " %.1f ms, CPU %.1f ms)", c.ms, c.cpu_ms);
  return s + buf;
}

}  // namespace

std::string kernel_calibration_summary(const KernelCalibration& c) {
  std::string s = distance_text(c.distance, c.forced, "prefetch");
  s += "\n" + distance_text(c.gather, c.forced, "gather");
  for (const StrategyCalibration* k : {&c.plain, &c.prefetch, &c.stream}) s += "\n" + strategy_text(*k, c.forced);
  return s;
}

}  // namespace lv
