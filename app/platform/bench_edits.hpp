// bench_edits.hpp — `lookupviz --bench-frames N --bench-edits [--weights FILE]`: the
// figures of "live at any scale" (issue 13), in the real window: each scripted edit
// (an ID added, changed, removed, 64 IDs pasted; a table cell typed; every slide
// shown) timed from the edit to the end of its next complete frame (wall clock: what a
// person waits), the private (anonymous) memory at its peak and the file-backed pages
// resident, and, last, the time until slide 7's heat-map overview of the table is
// ready on its worker. Printed as `FIGURE <name> <measured> <target>` lines;
// scripts/bench.sh runs it with and without each big table and takes the ratios.
#pragma once
#include "app/state/app_state.hpp"
#include "app/platform/platform_glfw.hpp"

namespace lv::app {

int run_edit_bench(Platform& p, App& app, int edits, double first_frame_ms);

// From /proc/self/smaps_rollup, in MB: anonymous (private) and file-backed resident pages.
struct MemoryNow {
  double anonymous_mb = 0.0, file_mb = 0.0;
};
MemoryNow memory_now();

}  // namespace lv::app
