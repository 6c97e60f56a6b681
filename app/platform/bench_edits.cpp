// bench_edits.cpp — edits timed to their next frame, and the memory they cost (see the header).
#include "app/deck/slide_host.hpp"
#include "app/platform/bench_edits.hpp"

#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "app/ui_base/anim_timeline.hpp"
#include "app/model/app_model.hpp"
#include "app/app_ui.hpp"
#include "app/model/model_jobs.hpp"
#include "app/slides/slides.hpp"
#include "app/state/app_edits.hpp"

namespace lv::app {
namespace {

using Clock = std::chrono::steady_clock;

double p95(std::vector<double> v) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<size_t>(0.95 * static_cast<double>(v.size() - 1) + 0.5))];
}

void figure(const char* name, double measured, double target) {
  std::printf("%-34s %10.3f (target <= %g)\n", name, measured, target);
  std::printf("FIGURE %s %.6g %.6g\n", name, measured, target);
}

double thread_cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

std::vector<double> g_wall;  // the same edits in wall time (llvmpipe's rasterizing included): informative

// The edit and its next complete frame, in the UI thread's CPU time — what the edit
// costs the thread that must stay responsive (as the frame figures count; under
// llvmpipe the rasterizer's threads stand in for a GPU and are not the UI's cost).
template <class Edit>
double timed(Platform& p, App& app, Edit&& edit) {
  const auto w0 = Clock::now();
  const double t0 = thread_cpu_ms();
  edit();
  platform_frame(p, app);
  g_wall.push_back(std::chrono::duration<double, std::milli>(Clock::now() - w0).count());
  return thread_cpu_ms() - t0;
}

void settle(Platform& p, App& app) {
  for (int i = 0; i < 2000 && model_busy(app); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    platform_frame(p, app);
  }
  platform_frame(p, app);
}

}  // namespace

MemoryNow memory_now() {
  MemoryNow m;
  std::ifstream f("/proc/self/smaps_rollup");
  std::string line;
  double rss = 0.0, anon = 0.0;
  while (std::getline(f, line)) {  // "Rss:   123456 kB" (the first line names the range)
    double kb = 0.0;
    if (std::sscanf(line.c_str(), "Rss: %lf", &kb) == 1) rss = kb;
    else if (std::sscanf(line.c_str(), "Anonymous: %lf", &kb) == 1) anon = kb;
  }
  m.anonymous_mb = anon / 1024.0;
  m.file_mb = (rss - anon) / 1024.0;
  return m;
}

int run_edit_bench(Platform& p, App& app, int edits, double first_frame_ms) {
  const int64_t v = app.derived.vocab, d = app.derived.dim;
  std::printf("lookupviz --bench-edits %d: a %lld × %lld table%s%s\n", edits, static_cast<long long>(v),
              static_cast<long long>(d), app.inputs.file ? " from " : " (seeded)",
              app.inputs.file ? app.inputs.file->path.c_str() : "");
  figure("edit_first_frame_ms", first_frame_ms, 1e9);
  settle(p, app);
  MemoryNow peak = memory_now();
  auto sample = [&] {
    const MemoryNow m = memory_now();
    peak.anonymous_mb = std::max(peak.anonymous_mb, m.anonymous_mb);
    peak.file_mb = std::max(peak.file_mb, m.file_mb);
  };
  std::mt19937_64 rng(7);
  auto any_row = [&] { return static_cast<int64_t>(rng() % static_cast<uint64_t>(v)); };
  const IdList start = app.inputs.ids;

  // IDs: add, change, remove, paste 64 — on the slides that show them (not slide 7,
  // whose table is its own).
  std::vector<double> id_ms, cell_ms, slide_ms;
  const int shown_slides[] = {1, 2, 3, 4, 5, 6, 8};  // slide numbers (= indices)
  for (int k = 0; k < edits; ++k) {
    app.ui.slide = shown_slides[k % 7];
    timeline_finish(app.ui.timeline, current_slide_steps(app));
    platform_frame(p, app);
    id_ms.push_back(timed(p, app, [&] { edit_add_id(app); }));
    id_ms.push_back(timed(p, app, [&] { edit_change_id(app, app.inputs.ids.size() - 1, any_row()); }));
    id_ms.push_back(timed(p, app, [&] { edit_remove_id(app, app.inputs.ids.size() - 1); }));
    IdList pasted(64);
    for (int64_t& id : pasted) id = any_row();
    id_ms.push_back(timed(p, app, [&] { edit_ids(app, pasted); }));
    sample();
    id_ms.push_back(timed(p, app, [&] { edit_ids(app, start); }));
    // A cell of a row the IDs look up (the outputs change), typed.
    const int64_t r = start[static_cast<size_t>(k) % start.size()],
                  c = static_cast<int64_t>(rng() % static_cast<uint64_t>(d));
    const float value = static_cast<float>(static_cast<int64_t>(rng() % 2000) - 1000) / 100.0f;
    cell_ms.push_back(timed(p, app, [&] { edit_cell_value(app, r, c, value); }));
    sample();
  }
  edit_reset_weights(app);
  settle(p, app);
  sample();

  // Every slide but the one that holds a GPT-2-sized table of its own (slide 7), shown in
  // turn; that one last: it starts its own worker.
  int big = slide_count() - 1;
  for (int s = 0; s < slide_count(); ++s)
    if (slide_table()[static_cast<size_t>(s)].holds_big_table) big = s;
  for (int round = 0; round < std::max(1, edits / 4); ++round)
    for (int s = 0; s < slide_count(); ++s)
      if (s != big) slide_ms.push_back(timed(p, app, [&] { go_to_slide(app, s); }));
  sample();
  const MemoryNow before_scale = peak;
  slide_ms.push_back(timed(p, app, [&] { go_to_slide(app, big); }));
  figure("edit_id_frame_p95_ms", p95(id_ms), 16.0);
  figure("edit_cell_frame_p95_ms", p95(cell_ms), 16.0);
  figure("edit_slide_frame_p95_ms", p95(slide_ms), 16.0);
  std::printf("(wall time, edit to the end of its frame, llvmpipe included: p95 %.1f ms over %zu edits)\n", p95(g_wall),
              g_wall.size());
  figure("edit_private_peak_mb", before_scale.anonymous_mb, 1e9);
  figure("edit_file_resident_peak_mb", before_scale.file_mb, 1e9);

  // That slide at its first step: its worker builds and summarizes the table for the heat
  // map's overview, which then goes up to the GPU; the registry says when it is shown
  // (SlideDef::ready, as a command-line picture waits for it: not before its worker exists).
  const auto t0 = Clock::now();
  double overview_s = -1.0;
  for (int i = 0; i < 60000; ++i) {
    if (!platform_wait(p, app)) break;  // the window's own loop: how often it draws while waiting
    platform_frame(p, app);
    if (slides_ready(app)) {
      overview_s = std::chrono::duration<double>(Clock::now() - t0).count();
      break;
    }
  }
  figure("edit_heatmap_overview_s", overview_s, 3.0);
  return 0;
}

}  // namespace lv::app
