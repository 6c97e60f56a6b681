// platform_bench.hpp — `lookupviz --bench-frames N`: the app's own performance
// figures, measured in the real window (under xvfb-run -a without a screen):
// per-frame CPU time (p50 / p95 / max) on each slide while it animates, the time
// from start to the first frame, CPU used while idle for 5 s, peak RSS, and heap
// allocations in frames where nothing changes. Printed as a table and as
// `FIGURE <name> <measured> <target>` lines (lower is better) for scripts/bench.sh.
#pragma once
#include <chrono>

#include "app/state/app_state.hpp"
#include "app/platform/platform_glfw.hpp"

namespace lv::app {

// slide: 0-based, or -1 for every slide. started: when main() began.
int run_frame_bench(Platform& p, App& app, int frames, int slide, std::chrono::steady_clock::time_point started,
                    double first_frame_ms);

// Counts heap allocations made through ImGui's allocator and operator new.
void install_allocation_counter();

}  // namespace lv::app
