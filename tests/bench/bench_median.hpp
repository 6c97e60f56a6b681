// bench_median.hpp — the median the benchmarks report: of rounds, of per-round ratios, of
// interleaved blocks (medians, not means, so a neighbour's burst spoils a few samples, not all).
#pragma once
#include <algorithm>
#include <vector>

namespace lvbench {

// The middle value (the mean of the two middle ones for an even count); -1 for none.
inline double median(std::vector<double> v) {
  if (v.empty()) return -1;
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

}  // namespace lvbench
