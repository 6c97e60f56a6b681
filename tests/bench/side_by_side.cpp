// side_by_side.cpp — see side_by_side.hpp.
#include "side_by_side.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numeric>
#include <random>

#include "bench_median.hpp"

namespace lvbench {

namespace {

constexpr double kBlockNs = 25e3;  // long against the clock's ~20 ns, short against a neighbour's burst
constexpr int kMinCycles = 8, kMaxCycles = 20000;

}  // namespace

SideBySide time_side_by_side(BenchData& data, const Case& lookup, const std::vector<Case>& gathers, double seconds) {
  using Clock = std::chrono::steady_clock;
  std::vector<Case> members{lookup};
  members.insert(members.end(), gathers.begin(), gathers.end());
  auto block = [&](const Case& c, long long calls) {  // ns per call
    const auto t0 = Clock::now();
    for (long long k = 0; k < calls; ++k) data.run_once(c);
    return std::chrono::duration<double, std::nano>(Clock::now() - t0).count() / static_cast<double>(calls);
  };
  for (const Case& c : members) block(c, 4);  // warm: pages, code, the calibration
  SideBySide s;
  s.calls_per_block = std::clamp<long long>(std::llround(kBlockNs / std::max(1.0, block(lookup, 16))), 1, 4096);

  std::vector<std::vector<double>> ns(members.size());
  std::vector<size_t> order(members.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::mt19937 rng(43);
  const auto end = Clock::now() + std::chrono::duration<double>(seconds);
  while (s.cycles < kMinCycles || (s.cycles < kMaxCycles && Clock::now() < end)) {
    std::shuffle(order.begin(), order.end(), rng);
    for (size_t m : order) ns[m].push_back(block(members[m], s.calls_per_block));
    ++s.cycles;
  }
  auto cycles_of = [&](const std::vector<double>& v, size_t parity) {
    std::vector<double> out;
    for (size_t c = parity; c < v.size(); c += 2) out.push_back(v[c]);
    return out;
  };
  if (members.size() < 2) return s;
  size_t best = 1;  // members[1..]: the gathers
  for (size_t m = 2; m < members.size(); ++m)
    if (median(cycles_of(ns[m], 1)) < median(cycles_of(ns[best], 1))) best = m;
  std::vector<double> ratios;
  for (size_t c = 0; c < ns[0].size(); c += 2) ratios.push_back(ns[0][c] / ns[best][c]);
  s.ratio = median(ratios);
  s.ahead = members[best].ahead;
  s.lookup_ns = median(cycles_of(ns[0], 0));
  s.gather_ns = median(cycles_of(ns[best], 0));
  return s;
}

}  // namespace lvbench
