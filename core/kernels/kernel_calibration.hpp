// kernel_calibration.hpp — which code path the lookup runs for each strategy, measured
// once per process on this CPU against the plain baseline (issue 18).
//
// The baseline is "memcpy per row, the next rows prefetched" (LookupPath::kBaseline):
// glibc picks its own best copy for the CPU, so it holds up on any x86-64. Each tuned
// path (AVX-512, AVX2, or SSE2's streaming copy) is timed against it in the same run on
// a small synthetic table, and is chosen for a strategy only when it beats the
// baseline by a margin; otherwise the baseline runs. For the strategies that prefetch
// (issue 43) the plain gather (LookupPath::kGather: memcpy per row, every line of the
// row 1..8 rows ahead prefetched, its distance timed first) is timed beside them: a
// tuned path must beat it by the margin as well and lose to it neither hot nor cold
// (stream is timed cold too, so non-temporal stores stay only where they win there),
// and with no such path the gather runs where it is faster than the baseline. Each
// strategy is calibrated lazily, the first time kAuto needs it (std::call_once,
// thread-safe), and the choice is kept for the process.
//
// LOOKUPVIZ_KERNEL=baseline|gather|sse2|avx2|avx512 (environment) skips the timing and forces
// that path for every strategy (the widest one the CPU has below it, if it lacks it).
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/kernels/kernels.hpp"

namespace lv {

// Medians of one path's samples, and how it compares with the baseline.
struct PathTiming {
  LookupPath path = LookupPath::kBaseline;
  double hot_ns = -1, cold_ns = -1;  // -1: not measured
  double score = 1;  // mean over hot and cold of the median per-repetition ratio to the baseline (baseline: 1)
};

// What was timed for one strategy and what was chosen.
struct StrategyCalibration {
  LookupStrategy strategy = LookupStrategy::kPlain;
  int64_t batch = 0, dim = 0;       // the synthetic lookup timed
  std::vector<PathTiming> timings;  // the baseline first; empty when forced
  LookupPath chosen = LookupPath::kBaseline;
  double ms = 0;      // wall time this calibration took (tables included)
  double cpu_ms = 0;  // of which this thread ran (the rest: other processes' turns)
};

// How far ahead the prefetching copies ask for rows (issue 25, item 14: newer cores keep
// more rows in flight): each candidate distance timed on a cold gather of GPT-2 rows, and
// the one chosen (lookup_prefetch_bytes). Measured once, before the first strategy that
// prefetches is calibrated.
struct DistanceTiming {
  int64_t rows = 0;     // rows ahead (of `row_bytes` each)
  double cold_ns = -1;  // median
  double score = 1;     // median per-repetition ratio to the caches' distance (that one: 1)
};
struct PrefetchCalibration {
  int64_t batch = 0, row_bytes = 0, table_rows = 0;  // the gather timed
  int64_t default_rows = 0;                          // what the caches give (core/kernels/kernel_tuning.hpp)
  std::vector<DistanceTiming> timings;               // empty: not timed (forced, or no memory)
  int64_t chosen_rows = 0;
  double ms = 0, cpu_ms = 0;
};

struct KernelCalibration {
  std::string forced;  // LOOKUPVIZ_KERNEL's value when it forced the paths, else ""
  PrefetchCalibration distance;
  PrefetchCalibration gather;  // the plain gather's distance (1..8 rows; default_rows 3)
  StrategyCalibration plain, prefetch, stream;
  double ms() const { return distance.ms + gather.ms + plain.ms + prefetch.ms + stream.ms; }
  double cpu_ms() const { return distance.cpu_ms + gather.cpu_ms + plain.cpu_ms + prefetch.cpu_ms + stream.cpu_ms; }
};

// A tuned path is chosen only when its score is below 1 − this (5 % faster than the
// baseline, on average over hot and cold): a tie, or noise, keeps the baseline.
// (3 % until issue 25: on a Zen 5 the prefetch copies scored 0.95–0.97 from run to run,
// and the choice flipped between them and the baseline; 5 % keeps the baseline there.)
constexpr double kCalibrationMargin = 0.05;
// A narrower tuned path replaces a wider one that beats the baseline only when it is
// this much faster than that one, sample beside sample: AVX-512 and AVX2 within 5 % of
// each other are a tie, and the wider one keeps it whatever the noise said. (Two runs on
// a Zen 5 chose avx512, then avx2, for the stream, the faster median winning.)
constexpr double kTunedPathMargin = 0.05;
// Another prefetch distance replaces the caches' one only when this much faster: on the
// Zen 5 every distance from 4 to 32 rows timed within noise (±7 % under load, a run chose
// 8 rows at 0.93), so it takes a clear win to move.
constexpr double kDistanceMargin = 0.10;

// One timing sample in ns of `path` doing the lookup (strategy, batch, dim) with its
// rows in cache (cold = false) or flushed from every cache level (cold = true).
// Injectable so the choice can be tested without timing anything.
using CalibrationSampler =
    std::function<double(LookupPath path, LookupStrategy strategy, int64_t batch, int64_t dim, bool cold)>;

// Times the baseline and each of `tuned` `reps` times (interleaved, so a burst of load
// on the machine falls on all of them), hot and, if with_cold, cold; scores each tuned
// path by the median of its per-repetition ratios to the baseline, and chooses as
// described above (kGather among `tuned` is the second floor, not a tuned path). Pure
// apart from what `sample` does.
StrategyCalibration calibrate_strategy(LookupStrategy strategy, int64_t batch, int64_t dim, bool with_cold,
                                       const std::vector<LookupPath>& tuned, int reps,
                                       const CalibrationSampler& sample);

// One cold sample in ns of the prefetching baseline with `rows_ahead` rows in flight.
using DistanceSampler = std::function<double(int64_t rows_ahead)>;

// Times each of `candidates` (rows ahead) `reps` times, interleaved, scores each by the
// median of its per-repetition ratios to `default_rows`' sample (which must be among the
// candidates), and chooses the lowest score below 1 − kDistanceMargin, else default_rows. Pure apart from what `sample`
// does.
PrefetchCalibration calibrate_distance(const std::vector<int64_t>& candidates, int64_t default_rows, int reps,
                                       const DistanceSampler& sample);

// The path kAuto runs for plain, prefetch or stream (calibrating it on first use).
LookupPath calibrated_lookup_path(LookupStrategy strategy);

// The whole process's calibration (calibrates every strategy not yet calibrated).
const KernelCalibration& kernel_calibration();

// One line for the prefetch distance, then one per strategy: the path chosen, the case
// timed, each path's medians (hot / cold) with its score, and the time taken, e.g.
// "prefetch distance: 16 rows ahead (48 KiB; caches: 12; cold B = 256 of 1,024 rows: 4
// 61 us (1.30), 12 47 us, 16 40 us (0.85), 32 41 us (0.87); 9.0 ms, CPU 8.1 ms)",
// "prefetch: avx2 (B = 32, D = 768; hot / cold: baseline 9.1 us / 21.0 us, avx2 6.2 us /
// 15.4 us (0.71); 1.9 ms, CPU 0.8 ms)".
std::string kernel_calibration_summary(const KernelCalibration& c);

}  // namespace lv
