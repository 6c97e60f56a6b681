// side_by_side.hpp — the lookup against the plain gather, interleaved block by block (issue 43).
//
// Each of lookupviz_bench's figures is a median of per-round ratios, its two cases timed one
// after the other through Google Benchmark, 30 ms each. For `lookup_over_plain_gather`, whose
// target is 1.0 and whose two sides are often the very same loop, that is not side by side
// enough: the same code measured 0.95-1.09 against itself from run to run, and a one-row cold
// lookup 0.84-0.95 timed alone against 1.10-1.15 timed among the other groups. So this figure is
// measured apart: the lookup and the plain gather at each distance 1..8 take turns in blocks of
// ~25 us (the order shuffled every cycle, so no case always follows the same one), over many
// cycles. The distance is the fastest on the odd cycles; the figure is the median, over the even
// cycles, of the lookup's block time over that distance's block of the same cycle.
#pragma once
#include <vector>

#include "bench_cases.hpp"

namespace lvbench {

struct SideBySide {
  double ratio = -1;                      // -1: not measured
  int ahead = 0;                          // the plain gather's distance, in rows
  double lookup_ns = -1, gather_ns = -1;  // per call: medians over the even cycles
  int cycles = 0;
  long long calls_per_block = 0;
};

// `gathers` are the plain gather's cases (Kind::kGather, one per distance) with lookup's
// batch and temperature; at least `seconds` of cycles, and never fewer than 8.
SideBySide time_side_by_side(BenchData& data, const Case& lookup, const std::vector<Case>& gathers, double seconds);

}  // namespace lvbench
