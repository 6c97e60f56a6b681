// train_ui_bench.cpp — lookupviz_train_ui_bench TABLE: slide 9's Step on a loaded table
// (bench.sh gives it the Llama-shaped 128,256 × 4,096 BF16 table lookupviz_make_tables
// writes), the whole UI headless (tests/ui/headless.hpp: the frames the window draws, no GPU).
// For each optimizer: Reset, then Step × 6 (the slide's timeline) on batches of 8 random
// IDs, each a real click; the optimizer steps run on slide 9's worker. What the UI thread
// spends (its CPU clock, CLOCK_THREAD_CPUTIME_ID) in every frame from the click on Step to
// the frame that shows the step's result — the frames drawn while the worker steps included —
// is the figure:
//   train_ui_frame_ms_p95/<optimizer>_llama   p95 over those frames of the 6 steps (16 ms)
//   train_ui_frame_ms_max/<optimizer>_llama   the longest of them (informative)
//   train_ui_step_wall_ms_median/<optimizer>_llama  click to result frame, wall clock (informative)
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "../ui/headless.hpp"
#include "app/chrome/chrome.hpp"
#include "app/slides/slide_09_train.hpp"
#include "app/slides/slide_nav.hpp"

namespace {

double thread_cpu_ms() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

double wall_ms() {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

double quantile(std::vector<double> v, int percent) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, v.size() * static_cast<size_t>(percent) / 100)];
}

}  // namespace

int main(int argc, char** argv) {
  using namespace lv::app;
  if (argc < 2) {
    std::fprintf(stderr, "usage: lookupviz_train_ui_bench TABLE.safetensors\n");
    return 2;
  }
  test::Headless h;
  h.init({"lookupviz"});
  start_table_load(h.app, argv[1]);
  for (int i = 0; i < 600000 && table_loading(h.app); ++i) {
    h.frame();
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  finish_jobs(h.app);
  const int64_t vocab = h.app.derived.vocab;
  std::printf("# table %lld × %lld\n", static_cast<long long>(vocab), static_cast<long long>(h.app.derived.dim));
  std::mt19937_64 ids(42);
  std::string batches;
  for (int b = 0; b < kTrainShownSteps; ++b) {
    if (b) batches += ";";
    for (int j = 0; j < 8; ++j)
      batches += (j ? "," : "") + std::to_string(ids() % static_cast<uint64_t>(vocab));
  }
  go_to_slide(h.app, 9);
  h.frames(10);
  TrainSlideState& s = train_slide_state(h.app);
  std::snprintf(s.batches_buf, sizeof s.batches_buf, "%s", batches.c_str());
  for (const char* name : {"adam", "adamw", "sgd"}) {
    s.optimizer = *lv::optimizer_from_name(name);
    h.frames(5);
    if (!h.click("train-reset")) return 1;
    h.frames(5);
    std::vector<double> frame_ms, step_wall;
    for (int n = 1; n <= kTrainShownSteps; ++n) {
      ImVec2 at;
      if (!h.center_of("train-step", &at)) return 1;
      ImGuiIO& io = ImGui::GetIO();
      io.MousePos = at;
      h.frame();
      const double w0 = wall_ms();
      bool down = true;
      for (int f = 0; f < 100000; ++f) {  // the press, the release, then frames until it shows
        io.MouseDown[0] = down;
        down = false;
        const double c0 = thread_cpu_ms();
        h.frame();
        frame_ms.push_back(thread_cpu_ms() - c0);
        if (f > 0 && static_cast<int>(s.runs[0].history.size()) >= n && !train_stepping(h.app)) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(4));  // a frame's pacing, roughly
      }
      step_wall.push_back(wall_ms() - w0);
      h.frames(3);
    }
    std::printf("# %s: %zu frames over %d steps, %lld rows with state\n", name, frame_ms.size(), kTrainShownSteps,
                static_cast<long long>(s.runs[0].trainer.state_row_count()));
    std::printf("FIGURE train_ui_frame_ms_p95/%s_llama %.4g 16\n", name, quantile(frame_ms, 95));
    std::printf("FIGURE train_ui_frame_ms_max/%s_llama %.4g 0\n", name, quantile(frame_ms, 100));
    std::printf("FIGURE train_ui_step_wall_ms_median/%s_llama %.4g 0\n", name, quantile(step_wall, 50));
    std::fflush(stdout);
  }
  return 0;
}
