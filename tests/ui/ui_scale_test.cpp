// ui_scale_test.cpp — slide 7 ("At scale") in the headless context: the UI keeps
// drawing frames while the worker builds and times the table (small shapes stand
// in for GPT-2's to keep the tests quick), Cancel and leaving the slide stop the
// timing, a new seed rebuilds the table, the map zooms and pans with the mouse,
// the renderer's request is filled as the GL side expects, and destroying the app
// mid-work joins the worker promptly.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <thread>
#include <vector>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "app/deck/slide_host.hpp"
#include "app/ui_base/anim_timeline.hpp"
#include "app/state/app_edits.hpp"
#include "app/app_ui.hpp"
#include "app/model/app_model.hpp"
#include "app/model/model_jobs.hpp"
#include "app/slides/slide_07_scale.hpp"
#include "app/widgets/widget_heatmap.hpp"
#include "app/slides/slides.hpp"
#include "core/heatmap/heatmap_aggregate.hpp"
#include "core/io/table_file.hpp"
#include "core/io/table_view.hpp"
#include "core/torch/torch_layers.hpp"
#include "headless.hpp"
#include "screen_text.hpp"

namespace lv::app::test {
namespace {

using Clock = std::chrono::steady_clock;

int scale_slide() {
  for (int i = 0; i < slide_count(); ++i)
    if (std::strcmp(slide_table()[static_cast<size_t>(i)].title, "At scale") == 0) return i;
  return -1;
}

// Shows slide 7 at `step` (-1: the last) with a table of vocab × dim.
void show(Headless& h, int64_t vocab, int64_t dim, int step = -1) {
  scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).vocab = vocab;
  scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).dim = dim;
  const int s = scale_slide();
  ASSERT_GE(s, 0);
  go_to_slide(h.app, s);
  const int steps = current_slide_steps(h.app);
  timeline_seek(h.app.ui.timeline, steps, step < 0 ? static_cast<float>(steps) : static_cast<float>(step + 1));
}

const ScaleSnapshot& snap(Headless& h) {
  return scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).worker->snapshot();
}

// Draws frames (with a little real time between them) until done() or the deadline.
// Returns the frames drawn.
template <class Done>
int frames_until(Headless& h, Done done, double seconds = 60.0) {
  const auto until = Clock::now() + std::chrono::duration<double>(seconds);
  int n = 0;
  while (!done() && Clock::now() < until) {
    h.frame();
    ++n;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return n;
}

bool timing_finished(Headless& h) {
  return scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).worker &&
         snap(h).timing == TimingPhase::Done &&
         !scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).worker->busy();
}

// Slide 7's zoom from the whole table into the IDs' rows keeps them on screen the whole
// way: every view in between shows the target's centre, so the renderer's window of
// cells loaded around the IDs ahead of time (app/platform/gl_heatmap.cpp) holds every
// view that needs cells. Before, the views crossed the middle of the table: zooming to
// row 40,000, the view at t = 0.8 showed rows near 26,000, nowhere near the target.
TEST(ScaleSlide, ZoomIntoTheIdsKeepsThemOnScreen) {
  const int64_t rows = 50257, cols = 768;
  const float w = 900.0f, h = 560.0f, aspect = HeatmapStyle{}.cell_aspect;
  for (const double target : {0.0, 1.0, 15496.0, 25128.0, 40000.0, 50256.0}) {
    const HeatmapView whole{}, into = heatmap_view_rows(target - 2.0, target + 3.0, rows, cols, w, h, aspect);
    const HeatmapRange end = heatmap_range(into, rows, cols, w, h, aspect);
    const double centre = end.row0 + end.rows * 0.5;
    for (int k = 0; k <= 100; ++k) {
      const float t = static_cast<float>(k) / 100.0f;
      const HeatmapRange r =
          heatmap_range(heatmap_view_lerp(whole, into, t, rows, cols, w, h, aspect), rows, cols, w, h, aspect);
      EXPECT_LE(r.row0, centre + 1e-6) << "target " << target << ", t = " << t;
      EXPECT_GE(r.row0 + r.rows, centre - 1e-6) << "target " << target << ", t = " << t;
    }
    const HeatmapRange last =
        heatmap_range(heatmap_view_lerp(whole, into, 1.0f, rows, cols, w, h, aspect), rows, cols, w, h, aspect);
    EXPECT_NEAR(last.row0, end.row0, 1e-6);
    EXPECT_NEAR(last.rows, end.rows, 1e-6);
    const HeatmapRange first =
        heatmap_range(heatmap_view_lerp(whole, into, 0.0f, rows, cols, w, h, aspect), rows, cols, w, h, aspect);
    EXPECT_NEAR(first.row0, 0.0, 1e-6);
    EXPECT_NEAR(first.rows, static_cast<double>(rows), 1e-6);
  }
}

TEST(ScaleSlide, IsTheSeventhSlide) {
  EXPECT_EQ(scale_slide(), 7);  // its number is its index (slide 0 comes before the table)
  EXPECT_STREQ(kSlideAtScale.title, "At scale");
}

TEST(ScaleSlide, BuildsAndTimesWhileTheUiKeepsDrawing) {
  Headless h;
  h.init();
  show(h, 3000, 64);
  h.frame();
  ASSERT_TRUE(scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).worker);
  EXPECT_TRUE(app_animating(h.app)) << "a running worker must keep frames coming";
  int during_build = 0;
  const int n = frames_until(h, [&] {
    if (snap(h).table != TablePhase::Ready) ++during_build;
    return timing_finished(h);
  });
  EXPECT_GT(n, 3);
  EXPECT_GT(during_build, 0);
  const ScaleSnapshot& s = snap(h);
  ASSERT_EQ(s.table, TablePhase::Ready);
  ASSERT_EQ(s.timing, TimingPhase::Done);
  for (const BatchTiming& b : s.results) {
    EXPECT_TRUE(b.lookup.done && b.matmul.done) << b.batch;
    EXPECT_GT(b.lookup.ms, 0.0);
    EXPECT_GT(b.matmul.ms, 0.0);
    EXPECT_GT(b.lookup.gbs, 0.0);
    EXPECT_TRUE(b.same) << "lookup and matmul must agree at B = " << b.batch;
  }
  // The table is nn.Embedding(3000, 64) after torch.manual_seed(123), bit for bit.
  TorchGenerator g(123);
  const Matrix want = embedding_init(3000, 64, g);
  EXPECT_EQ(std::memcmp(want.data(), s.data, sizeof(float) * 3000 * 64), 0);
  // Idle again once everything is in: the loop may sleep.
  h.frames(3);
  EXPECT_FALSE(app_animating(h.app));
  EXPECT_TRUE(slides_ready(h.app));
  // Every step draws at several sizes, the steps animating from the start.
  for (ImVec2 size : {ImVec2(1024, 640), ImVec2(1440, 900), ImVec2(3840, 2160)}) {
    ImGui::GetIO().DisplaySize = size;
    h.app.ui.timeline.pos = 0.0f;
    h.app.ui.timeline.playing = true;
    for (int f = 0; f < 40; ++f) h.frame(kStepSeconds / 10.0f);
  }
}

// The code panel shows the worker's figures as they land, keyed on the slide's own
// revision: the model's generation is the model's alone, no slide moves it (issue 27).
TEST(ScaleSlide, TheCodePanelFollowsTheWorkerWithoutMovingTheModel) {
  Headless h;
  h.init();
  show(h, 3000, 64);
  h.frame();
  const uint64_t generation = h.app.derived.generation;
  const std::string first = h.app.ui.code_panel.output + h.app.ui.code_panel.code;
  frames_until(h, [&] { return timing_finished(h); });
  h.frame();
  EXPECT_EQ(h.app.derived.generation, generation);
  EXPECT_EQ(h.app.ui.code_panel.slide_key,  // slide 7's code_depends (no question asked: × 31 + 0)
            scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).seen_revision * 31);
  EXPECT_EQ(scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).seen_revision,
            snap(h).revision * 2);  // (+1 while Learn mode hides the figures)
  EXPECT_NE(h.app.ui.code_panel.output + h.app.ui.code_panel.code, first) << "the timings must reach the panel";
}

// The percentage on the build's progress bar ("42%"), -1 when none is on screen.
int percent_shown(const ScreenText& screen) {
  for (const std::string& line : screen.lines) {
    const size_t at = line.find('%');
    if (at == std::string::npos || at == 0 || !std::isdigit(static_cast<unsigned char>(line[at - 1]))) continue;
    size_t from = at;
    while (from > 0 && std::isdigit(static_cast<unsigned char>(line[from - 1]))) --from;
    return std::stoi(line.substr(from, at - from));
  }
  return -1;
}

// While the worker builds the table, every step at every size shows what it is doing:
// the phase's title, the table's shape, a percentage that only grows; once the table
// is ready the heat map takes their place.
TEST(ScaleSlide, DrawsEveryStepAtEverySizeWhileBuilding) {
  for (ImVec2 size : {ImVec2(1024, 640), ImVec2(1440, 900), ImVec2(3840, 2160)}) {
    for (int step = 0; step < 3; ++step) {
      SCOPED_TRACE(std::to_string(static_cast<int>(size.x)) + " wide, step " + std::to_string(step));
      Headless h(size);
      h.init();
      show(h, 8000, 256, step);
      int progress_frames = 0, last_percent = -1;
      // Checked after each frame, against the snapshot that frame drew.
      frames_until(h, [&] {
        if (!scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).worker) return false;
        const TablePhase phase = snap(h).table;
        if (phase == TablePhase::Ready) return true;
        if (phase != TablePhase::Building && phase != TablePhase::Summarizing) return false;
        const ScreenText screen = read_screen();
        if (phase == TablePhase::Building) {  // (a narrow map says it shorter, never cut)
          EXPECT_TRUE(screen.contains("Drawing the table from the seed…") || screen.contains("Drawing the table…"))
              << screen.all();
          EXPECT_TRUE(screen.contains("8,000 × 256 numbers on a worker thread ·") ||
                      screen.contains("8,000 × 256 numbers ·"))
              << screen.all();
        } else {
          EXPECT_TRUE(screen.contains("Summarizing it for the heat map…") || screen.contains("Summarizing…"))
              << screen.all();
        }
        const int percent = percent_shown(screen);
        EXPECT_GE(percent, 0) << "no percentage on screen\n" << screen.all();
        EXPECT_LE(percent, 100);
        if (phase == TablePhase::Building) {
          EXPECT_GE(percent, last_percent) << "the build's percentage went back";
          last_percent = percent;
        }
        ++progress_frames;
        return false;
      });
      ASSERT_EQ(snap(h).table, TablePhase::Ready);
      EXPECT_GE(progress_frames, 1) << "no frame showed the build's progress";
      h.frames(5);
      const ScreenText done = read_screen();
      EXPECT_FALSE(done.contains("Drawing the table")) << done.all();
      EXPECT_FALSE(done.contains("256 numbers")) << done.all();
      // The Headless destructor destroys the app mid-timing at step 2: must join cleanly.
    }
  }
}

TEST(ScaleSlide, CancelStopsTheTiming) {
  Headless h;
  h.init();
  show(h, 20000, 768);
  frames_until(h, [&] {
    return scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).worker &&
           snap(h).timing == TimingPhase::Running;
  });
  ASSERT_EQ(snap(h).timing, TimingPhase::Running);
  h.frames(2);
  const auto t0 = Clock::now();
  ASSERT_TRUE(h.click("scale-cancel"));
  frames_until(
      h, [&] { return !scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).worker->busy(); }, 5.0);
  const double took = std::chrono::duration<double>(Clock::now() - t0).count();
  EXPECT_EQ(snap(h).timing, TimingPhase::Cancelled);
  EXPECT_FALSE(scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).worker->busy());
  EXPECT_LT(took, 1.0) << "cancel is checked between row blocks";
  // Cancelled by the user: it stays cancelled (no restart) until Run again.
  h.frames(5);
  EXPECT_EQ(snap(h).timing, TimingPhase::Cancelled);
  ASSERT_TRUE(h.click("scale-run"));
  h.frame();
  EXPECT_TRUE(scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).worker->busy());
}

TEST(ScaleSlide, LeavingTheSlideStopsTheTiming) {
  Headless h;
  h.init();
  show(h, 20000, 768);
  frames_until(h, [&] {
    return scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).worker &&
           snap(h).timing == TimingPhase::Running;
  });
  ASSERT_EQ(snap(h).timing, TimingPhase::Running);
  scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).worker->set_watchdog(0.2);
  go_to_slide(h.app, 0);
  h.frames(3);
  EXPECT_EQ(slides_activity(h.app), SlideActivity::Idle) << "another slide does not keep the loop awake for slide 7";
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale))
      .worker->poll();  // what the slide would do when shown again
  EXPECT_EQ(snap(h).timing, TimingPhase::Cancelled);
  EXPECT_FALSE(scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).worker->busy());
}

TEST(ScaleSlide, ANewSeedRebuildsTheTable) {
  Headless h;
  h.init();
  show(h, 2000, 32, 0);
  frames_until(h, [&] {
    return scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).worker && snap(h).table == TablePhase::Ready;
  });
  ASSERT_EQ(snap(h).table, TablePhase::Ready);
  const uint64_t v1 = snap(h).version;
  ASSERT_EQ(set_seed_text(h.app, "7").error, "");
  h.frame();
  EXPECT_NE(snap(h).table, TablePhase::Ready);
  frames_until(h, [&] { return snap(h).table == TablePhase::Ready; });
  ASSERT_EQ(snap(h).table, TablePhase::Ready);
  EXPECT_GT(snap(h).version, v1);
  EXPECT_EQ(snap(h).seed, 7u);
  TorchGenerator g(7);
  const Matrix want = embedding_init(2000, 32, g);
  EXPECT_EQ(std::memcmp(want.data(), snap(h).data, sizeof(float) * 2000 * 32), 0);
}

// A table as File ▸ Open would load it, with these values (float32, in memory).
std::shared_ptr<TableFile> table_file(const Matrix& values, const char* path, const char* dtype) {
  auto file = TableFile::from_matrix(values, path);
  file->dtype = dtype;
  return file;
}

// A table loaded from a file is what slide 7 maps and times: the file's own data (not
// a copy, not the seeded GPT-2 table), its shape, its values' range; back to the
// seeded table when the file is closed.
TEST(ScaleSlide, ShowsAndTimesTheLoadedTable) {
  Matrix values(1500, 24);
  for (int64_t r = 0; r < 1500; ++r)
    for (int64_t c = 0; c < 24; ++c) values(r, c) = static_cast<float>((r * 31 + c * 7) % 101) / 25.0f - 2.0f;
  values(1234, 5) = 9.5f;  // the largest |value|: the map's colour scale
  auto file = table_file(values, "/data/tables/my_table.npy", "float16");
  Headless h;
  h.init({"lookupviz", "--ids", "3,1234"});
  set_table_file(h.app, file);
  show(h, 2000, 32);  // the seeded shape it would use otherwise
  frames_until(h, [&] { return timing_finished(h); });
  ASSERT_EQ(snap(h).table, TablePhase::Ready) << snap(h).error;
  EXPECT_EQ(snap(h).file, file.get());
  EXPECT_EQ(snap(h).data, file->f32()) << "the worker reads the file's own float32 table, no copy";
  EXPECT_EQ(snap(h).vocab, 1500);
  EXPECT_EQ(snap(h).dim, 24);
  EXPECT_EQ(snap(h).range.max, 9.5f);
  EXPECT_EQ(snap(h).range.min, -2.0f);
  ASSERT_TRUE(timing_finished(h));
  for (const BatchTiming& b : snap(h).results) EXPECT_TRUE(b.same) << "B = " << b.batch;
  // The texts name the file, not GPT-2 or a seed.
  char caption[256];
  kSlideAtScale.draw.caption(context_of(h.app, kSlideAtScale), caption, sizeof caption);
  EXPECT_EQ(std::string(caption).rfind("The loaded table, every weight", 0), 0u) << caption;
  EXPECT_NE(std::string(caption).find("all 1,500"), std::string::npos) << caption;
  std::string code, output;
  kSlideAtScale.draw.code(context_of(h.app, kSlideAtScale), code, output);
  EXPECT_NE(code.find("numpy.load('/data/tables/my_table.npy')"), std::string::npos) << code;
  EXPECT_NE(code.find("Embedding.from_pretrained(weights)"), std::string::npos) << code;
  EXPECT_EQ(code.find("manual_seed"), std::string::npos) << code;
  EXPECT_NE(output.find("Parameter containing:\ntensor([[-2.0000,"), std::string::npos) << output;
  EXPECT_EQ(output.find("requires_grad"), std::string::npos) << "from_pretrained freezes it";
  EXPECT_NE(output.find("B=256: lookup"), std::string::npos) << output;

  // Closing the file brings the seeded table back.
  set_table_file(h.app, nullptr);
  frames_until(h, [&] { return snap(h).table == TablePhase::Ready && snap(h).file == nullptr; });
  ASSERT_EQ(snap(h).table, TablePhase::Ready);
  EXPECT_EQ(snap(h).vocab, 2000);
  EXPECT_EQ(snap(h).dim, 32);
  TorchGenerator g(h.app.inputs.seed);
  const Matrix want = embedding_init(2000, 32, g);
  EXPECT_EQ(std::memcmp(want.data(), snap(h).data, sizeof(float) * 2000 * 32), 0);
}

// A mapped file in another dtype (as a Llama's 1 GB bf16 table) is summarized where it
// lies: no float32 copy at rest (snapshot data stays null, the map and the printout
// read the file's rows); timing reads it into float32 while it runs, and the numbers
// are the file's, rounded from bf16.
TEST(ScaleSlide, AMappedFileIsSummarizedWithoutACopyAndTimedFromOne) {
  const std::string path = "/tmp/lv_scale_map_" + std::to_string(getpid()) + ".safetensors";
  const int rows = 1500, cols = 24;
  {
    std::string hdr = "{\"wte\":{\"dtype\":\"BF16\",\"shape\":[" + std::to_string(rows) + "," + std::to_string(cols) +
                      "],\"data_offsets\":[0," + std::to_string(rows * cols * 2) + "]}}";
    while (hdr.size() % 8) hdr += ' ';
    std::FILE* f = std::fopen(path.c_str(), "wb");
    ASSERT_TRUE(f);
    const uint64_t n = hdr.size();
    std::fwrite(&n, 8, 1, f);
    std::fwrite(hdr.data(), 1, hdr.size(), f);
    for (int i = 0; i < rows; ++i)
      for (int j = 0; j < cols; ++j) {
        // bf16 holds these exactly: k / 8 for small k.
        const float v = i == 1234 && j == 5 ? -9.5f : static_cast<float>((i * 31 + j * 7) % 33 - 16) / 8.0f;
        uint32_t bits;
        std::memcpy(&bits, &v, 4);
        const uint16_t top = static_cast<uint16_t>(bits >> 16);
        std::fwrite(&top, 2, 1, f);
      }
    std::fclose(f);
  }
  TableLoad l = load_table(path);
  ASSERT_TRUE(l.ok) << l.error;
  auto file = std::make_shared<const TableFile>(std::move(l.table));
  ASSERT_TRUE(file->mapped);
  ASSERT_EQ(file->f32(), nullptr);
  const Matrix values = file->to_matrix();
  Headless h;
  h.init({"lookupviz", "--ids", "3,1234"});
  set_table_file(h.app, file);
  show(h, 2000, 32);
  frames_until(h, [&] {
    return scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).worker && snap(h).table == TablePhase::Ready;
  });
  ASSERT_EQ(snap(h).table, TablePhase::Ready) << snap(h).error;
  EXPECT_EQ(snap(h).file, file.get());
  EXPECT_EQ(snap(h).data, nullptr) << "no float32 copy of the file at rest";
  EXPECT_EQ(snap(h).range.min, -9.5f);
  EXPECT_EQ(snap(h).range.max, 2.0f);
  EXPECT_EQ(snap(h).range.finite, rows * cols);
  // The overview: every block's value of largest magnitude, as from the whole table, as
  // the texture's bytes for the table's own scale (largest |value| 9.5).
  const Aggregate want =
      aggregate_table(values.data(), rows, cols, snap(h).overview_rows, snap(h).overview_cols, AggregateMode::MaxAbs);
  ASSERT_NE(snap(h).overview, nullptr);
  EXPECT_EQ(snap(h).overview_norm, 1.0f / 9.5f);
  for (size_t k = 0; k < want.cells.size(); ++k)
    ASSERT_EQ(std::fabs(heatmap_decode(snap(h).overview[k])),
              std::fabs(heatmap_decode(heatmap_encode(want.cells[k], 1.0f / 9.5f))))
        << "cell " << k;
  // The printout reads the file's edges.
  std::string code, output;
  kSlideAtScale.draw.code(context_of(h.app, kSlideAtScale), code, output);
  EXPECT_NE(output.find("Parameter containing:\ntensor([[-2.0000,"), std::string::npos) << output;
  // Timing: from a float32 copy made for it, the lookup equal to the matmul.
  scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).worker->start_timing();
  frames_until(h, [&] { return timing_finished(h); });
  ASSERT_TRUE(timing_finished(h));
  for (const BatchTiming& b : snap(h).results) EXPECT_TRUE(b.same) << "B = " << b.batch;
  EXPECT_EQ(snap(h).data, nullptr) << "the copy lived only while timing ran";
  std::remove(path.c_str());
}

// A values × cols table whose values past float16's and bfloat16's ranges are inf once
// rounded: the non-finite counts differ by dtype.
Matrix table_with_nonfinite(int64_t rows, int64_t cols) {
  Matrix m(rows, cols);
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c) m(r, c) = static_cast<float>((r * 13 + c * 5) % 41) / 16.0f - 1.25f;
  m(10, 3) = NAN;
  m(20, 5) = INFINITY;
  m(30, 7) = 70000.0f;  // inf in float16
  m(40, 9) = 3.4e38f;   // inf in float16 and bfloat16
  return m;
}

// issue 27 item 3: a file's whole-table facts (the one-hot product's non-finite counts,
// slide 7's range and overview) have one owner, the model's facts job: one pass over the
// table, whatever the slides and dtypes that read it; slide 7's worker reads none of it.
TEST(ScaleSlide, AFilesWholeTableFactsAreMadeOnceForEverySlide) {
  const int64_t rows = 12000, cols = 24;  // past kInlineElements: the pass runs on a worker
  ASSERT_GT(rows * cols, kInlineElements);
  auto file = table_file(table_with_nonfinite(rows, cols), "/data/t.npy", "float32");
  Headless h;
  h.init({"lookupviz", "--ids", "3,30"});
  set_table_file(h.app, file);
  finish_jobs(h.app);
  ASSERT_TRUE(h.app.derived.matmul_ready);
  EXPECT_EQ(h.app.jobs.facts_passes, 1);
  // The counts are what the per-dtype read of the table gives (core/io/table_view.hpp).
  for (TableDtype t : {TableDtype::Float32, TableDtype::Float16, TableDtype::BFloat16}) {
    take_change(h.app, set_dtype(h.app, t));
    finish_jobs(h.app);
    std::vector<int64_t> want;
    std::vector<float> scratch;
    count_nonfinite(TableView(nullptr, file, t, nullptr), 0, rows, want, scratch);
    EXPECT_EQ(h.app.derived.nonfinite, want) << dtype_name(t);
  }
  EXPECT_EQ(h.app.derived.nonfinite[7], 0) << "70,000 is finite in bfloat16 (inf in float16)";
  EXPECT_EQ(h.app.derived.nonfinite[9], 1) << "3.4e38 is not";
  EXPECT_EQ(h.app.jobs.facts_passes, 1) << "another dtype reads no table";
  take_change(h.app, set_dtype(h.app, TableDtype::Float32));

  // Slide 7 shows the same facts: the same overview bytes, not a copy, and no pass of its own.
  show(h, 2000, 32, 0);
  frames_until(h, [&] {
    return scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).worker && snap(h).table == TablePhase::Ready;
  });
  ASSERT_EQ(snap(h).table, TablePhase::Ready) << snap(h).error;
  const std::shared_ptr<const TableFacts> facts = table_facts(h.app);
  ASSERT_TRUE(facts);
  EXPECT_EQ(snap(h).overview, facts->overview.bytes.data());
  EXPECT_EQ(scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).worker->build_jobs_started(), 0)
      << "the worker read nothing of the file";
  EXPECT_EQ(h.app.jobs.facts_passes, 1);
  EXPECT_EQ(snap(h).range.nan, 1);
  EXPECT_EQ(snap(h).range.inf, 1);
  EXPECT_EQ(snap(h).range.max, 3.4e38f);
  EXPECT_EQ(snap(h).range.finite, rows * cols - 2);
  const Aggregate want =
      aggregate_table(file->f32(), rows, cols, snap(h).overview_rows, snap(h).overview_cols, AggregateMode::MaxAbs);
  for (size_t k = 0; k < want.cells.size(); ++k)
    ASSERT_EQ(snap(h).overview[k], heatmap_encode(want.cells[k], snap(h).overview_norm)) << "cell " << k;
}

// The file changes on disk: its facts are made again, once, and slide 7 shows the new ones.
TEST(ScaleSlide, AFileChangedOnDiskIsReadAgainOnce) {
  const std::string path = "/tmp/lv_facts_" + std::to_string(getpid()) + ".npy";
  const int64_t rows = 12000, cols = 24;
  auto write = [&](float corner) {
    std::string h = "{'descr': '<f4', 'fortran_order': False, 'shape': (12000, 24), }";
    while ((10 + h.size() + 1) % 64) h += ' ';
    h += '\n';
    std::FILE* f = std::fopen(path.c_str(), "r+b");
    if (!f) f = std::fopen(path.c_str(), "wb");  // in place after the first: the same inode, as cp does
    ASSERT_TRUE(f);
    std::fwrite("\x93NUMPY\x01\x00", 1, 8, f);
    const uint16_t n = static_cast<uint16_t>(h.size());
    std::fwrite(&n, 2, 1, f);
    std::fwrite(h.data(), 1, h.size(), f);
    Matrix m = table_with_nonfinite(rows, cols);
    m(0, 0) = corner;
    std::fwrite(m.data(), sizeof(float), static_cast<size_t>(rows * cols), f);
    std::fclose(f);
  };
  write(0.5f);
  TableLoad l = load_table(path);
  ASSERT_TRUE(l.ok) << l.error;
  auto file = std::make_shared<const TableFile>(std::move(l.table));
  ASSERT_TRUE(file->mapped);
  Headless h;
  h.init({"lookupviz", "--ids", "3,30"});
  set_table_file(h.app, file);
  show(h, 2000, 32, 0);
  frames_until(h, [&] {
    return scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).worker && snap(h).table == TablePhase::Ready;
  });
  ASSERT_EQ(snap(h).table, TablePhase::Ready) << snap(h).error;
  EXPECT_EQ(snap(h).range.nan, 1);
  EXPECT_EQ(h.app.jobs.facts_passes, 1);
  const uint64_t v1 = snap(h).version;
  std::this_thread::sleep_for(std::chrono::milliseconds(20));  // a later modification time
  write(NAN);
  ASSERT_TRUE(check_table_file_now(h.app));
  frames_until(h, [&] { return snap(h).table == TablePhase::Ready && snap(h).version > v1 && !model_busy(h.app); });
  EXPECT_EQ(snap(h).range.nan, 2) << "the map shows the file as it is now";
  EXPECT_EQ(h.app.derived.nonfinite[0], 1) << "and the product counts it";
  EXPECT_EQ(h.app.jobs.facts_passes, 2) << "one pass more, for every slide";
  EXPECT_EQ(scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).worker->build_jobs_started(), 0);
  EXPECT_EQ(snap(h).overview, table_facts(h.app)->overview.bytes.data());
  std::remove(path.c_str());
}

// A big table slide 7 no longer wants is not kept once the slide is left: closing the
// file frees it (the worker held the last reference); a table still wanted is kept.
TEST(ScaleSlide, ATableLeftBehindIsFreed) {
  auto file = table_file(Matrix::Constant(800, 16, 0.5f), "t.npy", "float32");
  Headless h;
  h.init({"lookupviz", "--ids", "1,2"});
  set_table_file(h.app, file);
  show(h, 2000, 32, 0);
  frames_until(h, [&] {
    return scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).worker && snap(h).table == TablePhase::Ready;
  });
  ASSERT_TRUE(scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).worker);
  ASSERT_EQ(snap(h).file, file.get());
  go_to_slide(h.app, 0);
  h.frames(3);
  EXPECT_EQ(snap(h).table, TablePhase::Ready) << "still the app's table: kept for the way back";
  EXPECT_GT(file.use_count(), 2);
  set_table_file(h.app, nullptr);
  h.frames(2);
  EXPECT_EQ(file.use_count(), 1) << "the worker let go of the closed file";
  EXPECT_EQ(snap(h).table, TablePhase::None);
  EXPECT_EQ(snap(h).data, nullptr);
  // Back on slide 7: the seeded table is built.
  show(h, 2000, 32, 0);
  frames_until(h, [&] { return snap(h).table == TablePhase::Ready; });
  EXPECT_EQ(snap(h).file, nullptr);
  EXPECT_EQ(snap(h).vocab, 2000);
}

TEST(ScaleSlide, WheelZoomsDragPansDoubleClickResets) {
  Headless h;
  h.init();
  show(h, 5000, 64, 0);
  frames_until(h, [&] {
    return scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).worker && snap(h).table == TablePhase::Ready;
  });
  h.frames(3);
  ImVec2 a, b;
  ASSERT_TRUE(find_landmark("scale-map", &a, &b));
  HeatmapState& hm = scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).heatmap;
  const float w = b.x - a.x, ht = b.y - a.y;
  const HeatmapRange r0 = heatmap_range(hm.view, 5000, 64, w, ht, 2.4f);
  EXPECT_DOUBLE_EQ(r0.rows, 5000.0);  // step 0: the whole table
  ImGuiIO& io = ImGui::GetIO();
  h.move_to(ImVec2(a.x + w * 0.5f, a.y + ht * 0.5f));
  for (int i = 0; i < 10; ++i) {
    io.MouseWheel = 1.0f;
    h.frame();
  }
  io.MouseWheel = 0.0f;
  h.frame();
  EXPECT_TRUE(hm.user_moved);
  const HeatmapRange r1 = heatmap_range(hm.view, 5000, 64, w, ht, 2.4f);
  EXPECT_LT(r1.rows, 5000.0 / 8.0);
  EXPECT_GT(r1.row0, 1000.0) << "zoomed at the cursor (the middle of the table)";
  // Drag down: the view moves up the table.
  io.MouseDown[0] = true;
  h.frame();
  for (int i = 0; i < 5; ++i) h.move_to(ImVec2(a.x + w * 0.5f, a.y + ht * 0.5f + 10.0f * (i + 1)));
  io.MouseDown[0] = false;
  h.frame();
  const HeatmapRange r2 = heatmap_range(hm.view, 5000, 64, w, ht, 2.4f);
  EXPECT_LT(r2.row0, r1.row0);
  // Double-click: back to the whole table.
  h.frames(10);  // outside the double-click time of the drag's press
  for (int k = 0; k < 2; ++k) {
    io.MouseDown[0] = true;
    h.frame();
    io.MouseDown[0] = false;
    h.frame();
  }
  h.frame();
  EXPECT_FALSE(hm.user_moved);
  EXPECT_DOUBLE_EQ(heatmap_range(hm.view, 5000, 64, w, ht, 2.4f).rows, 5000.0);
}

// A stand-in GL renderer: the widget hands it the request through the draw list.
int g_fake_calls = 0;
HeatmapRequest g_last;
void fake_renderer(const ImDrawList*, const ImDrawCmd* cmd) {
  ++g_fake_calls;
  g_last = *static_cast<const HeatmapRequest*>(cmd->UserCallbackData);
  g_last.status->active = true;
  g_last.status->ready = true;
}

TEST(ScaleSlide, FillsTheRenderersRequest) {
  heatmap_set_renderer(fake_renderer);
  {
    Headless h;
    h.init({"lookupviz", "--ids", "5,2,60000,9"});
    show(h, 4000, 48);
    frames_until(h, [&] { return timing_finished(h); });
    h.frames(2);
    // Run the draw list's callbacks as the GL backend would.
    g_fake_calls = 0;
    ImDrawData* dd = ImGui::GetDrawData();
    ASSERT_NE(dd, nullptr);
    for (int i = 0; i < dd->CmdListsCount; ++i)
      for (const ImDrawCmd& cmd : dd->CmdLists[i]->CmdBuffer)
        if (cmd.UserCallback == fake_renderer) cmd.UserCallback(dd->CmdLists[i], &cmd);
    ASSERT_EQ(g_fake_calls, 1);
    EXPECT_EQ(g_last.table.rows, 4000);
    EXPECT_EQ(g_last.table.cols, 48);
    EXPECT_EQ(g_last.table.data, snap(h).data);
    EXPECT_GT(g_last.table.abs_max, 2.0f);
    EXPECT_EQ(g_last.highlights, 3) << "60000 is not a row of a 4000-row table";
    EXPECT_EQ(g_last.hl_row[0], 5.0f);
    EXPECT_GT(g_last.max.x, g_last.min.x);
    EXPECT_GT(g_last.range.rows, 0.0);
    EXPECT_LE(g_last.range.row0 + g_last.range.rows, 4000.0);
    EXPECT_GT(g_last.display_size.x, 0.0f);
    EXPECT_TRUE(scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).heatmap.gpu.active);
    EXPECT_TRUE(slides_ready(h.app));
  }
  heatmap_set_renderer(nullptr);
}

TEST(ScaleSlide, DestroyingTheAppMidWorkJoinsPromptly) {
  for (int step : {0, 2}) {
    auto h = std::make_unique<Headless>();
    h->init();
    show(*h, step == 0 ? 50257 : 20000, 768, step);
    if (step == 0) {
      h->frames(3);  // GPT-2's table: mid-build
      ASSERT_NE(snap(*h).table, TablePhase::Ready);
    } else {
      frames_until(*h, [&] {
        return scale_state(context_of(h->app, kSlideAtScale)).worker && snap(*h).timing == TimingPhase::Running;
      });
      ASSERT_EQ(snap(*h).timing, TimingPhase::Running);
    }
    const auto t0 = Clock::now();
    h.reset();
    // A liveness bound, generous for a loaded machine: a worker that ignores cancel would hang here.
    EXPECT_LT(std::chrono::duration<double>(Clock::now() - t0).count(), 10.0) << "step " << step;
  }
}

// Frame time is a figure for `lookupviz --bench-frames`, not a timed assertion here
// (this machine is shared and noisy); this test only draws many frames with the big
// table and prints what they cost.
TEST(ScaleSlide, IdleFramesDrawWithTheBigTable) {
  Headless h;
  h.init();
  show(h, 50257, 768, 1);  // GPT-2's table, zoomed into the IDs' rows
  frames_until(
      h,
      [&] {
    return scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).worker && snap(h).table == TablePhase::Ready;
      },
      120.0);
  ASSERT_EQ(snap(h).table, TablePhase::Ready);
  h.frames(10);
  std::vector<double> ms;
  for (int i = 0; i < 120; ++i) {
    const auto t0 = Clock::now();
    h.frame();
    ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
  }
  std::sort(ms.begin(), ms.end());
  const double p95 = ms[ms.size() * 95 / 100];
  std::printf("slide 7, GPT-2 table, idle frame of the UI (CPU, headless): p50 %.2f ms, p95 %.2f ms\n",
              ms[ms.size() / 2], p95);
  EXPECT_EQ(snap(h).table, TablePhase::Ready);  // still ready: idle frames change nothing
}

// A sparse float32 .npy of rows × cols (holes read as zeros; nothing is written but the header).
std::string sparse_npy(const std::string& name, int64_t rows, int64_t cols) {
  const std::string path = ::testing::TempDir() + name + "_" + std::to_string(getpid()) + ".npy";
  std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': (" + std::to_string(rows) + ", " +
                       std::to_string(cols) + "), }";
  while ((10 + header.size() + 1) % 64 != 0) header += ' ';
  header += '\n';
  std::string bytes = std::string("\x93NUMPY\x01\x00", 8);
  bytes += static_cast<char>(header.size() & 0xff);
  bytes += static_cast<char>(header.size() >> 8);
  bytes += header;
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return "";
  std::fwrite(bytes.data(), 1, bytes.size(), f);
  std::fclose(f);
  if (truncate(path.c_str(), static_cast<off_t>(bytes.size()) + static_cast<off_t>(rows * cols * 4)) != 0) return "";
  return path;
}

int64_t address_space_used() {
  long long pages = 0;
  if (std::FILE* f = std::fopen("/proc/self/statm", "r")) {
    if (std::fscanf(f, "%lld", &pages) != 1) pages = 0;
    std::fclose(f);
  }
  return static_cast<int64_t>(pages) * sysconf(_SC_PAGESIZE);
}

// A 2 GiB float32 table (sparse) timed under an address-space limit that leaves no room
// for its whole float32 copy (prlimit --as, as in issue 26 with an 8 GiB table): the
// timing runs once, on the first rows that fit, and says so. Before, the failed
// allocation was retried on a new thread every frame (522 times in 25 s) while the
// slide said "timing the lookup, B = 1…" forever. Runs in a child process, whose limit
// does not bind the rest of the tests; the child's exit code says what went wrong.
TEST(ScaleSlide, ABigTableUnderAMemoryLimitIsTimedOnceOnTheRowsThatFit) {
#if defined(__SANITIZE_ADDRESS__)
  // Its shadow memory counts against RLIMIT_AS, and its unoptimised build does not finish
  // summarizing 2 GiB within the test's deadline (4 minutes here): the Release suite runs it.
  GTEST_SKIP() << "AddressSanitizer's shadow counts against the address-space limit this test sets";
#endif
  const int64_t rows = int64_t{1} << 20, cols = 512;  // 2^29 values: 2 GiB as float32
  const std::string path = sparse_npy("lv_scale_big", rows, cols);
  ASSERT_FALSE(path.empty());
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    int code = 0;
    {
      TableLoad l = load_table(path);
      if (!l.ok) _exit(10);
      auto file = std::make_shared<const TableFile>(std::move(l.table));
      // Room for the mapping and the app, and 1.5 GiB more (the workers' stacks and
      // malloc arenas take some): not for a 2 GiB copy.
      struct rlimit lim;
      lim.rlim_cur = lim.rlim_max = static_cast<rlim_t>(address_space_used() + (int64_t{1536} << 20));
      if (setrlimit(RLIMIT_AS, &lim) != 0) _exit(11);
      Headless h;
      h.init({"lookupviz", "--ids", "3,7"});
      h.app.interactive = true;  // as the window: the whole-table work runs on workers, with Cancel
      set_table_file(h.app, file);
      if (h.app.inputs.file != file) {
        std::fprintf(stderr, "the table was not taken: %s\n", h.app.ui.editor.state_error.c_str());
        _exit(12);
      }
      show(h, 2000, 32);  // the timing step
      int runs = 0;
      bool was_running = false;
      frames_until(
          h,
          [&] {
        if (!scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).worker) return false;
        const bool running = snap(h).timing == TimingPhase::Running;
        if (running && !was_running) ++runs;
        was_running = running;
        if (runs > 3) return true;  // a retry storm: no need to watch it for minutes
        return (snap(h).timing == TimingPhase::Done || snap(h).timing == TimingPhase::Failed) &&
               !scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).worker->busy();
          },
          240.0);
      h.frames(30);  // a failure or a result is not started again by itself
      const ScaleSnapshot& s = snap(h);
      std::fprintf(stderr, "runs %d, timing phase %d, timed rows %lld of %lld, error '%s'\n", runs,
                   static_cast<int>(s.timing), static_cast<long long>(s.timed_rows), static_cast<long long>(s.vocab),
                   s.timing_error);
      if (runs != 1 ||
          scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).worker->timing_jobs_started() != 1)
        code = 20;
      else if (s.timing != TimingPhase::Done) code = 21;
      else if (s.file != file.get() || s.vocab != rows || !(s.timed_rows >= kTimingMinRows && s.timed_rows < rows))
        code = 22;
      else
        for (const BatchTiming& b : s.results)
          if (!b.lookup.done || !b.matmul.done || !b.same) code = 23;
      std::string code_text, output;
      kSlideAtScale.draw.code(context_of(h.app, kSlideAtScale), code_text, output);
      if (code == 0 && output.find("# timed on the first ") == std::string::npos) code = 24;
    }
    _exit(code);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  std::remove(path.c_str());
  ASSERT_TRUE(WIFEXITED(status)) << "the child died of signal " << WTERMSIG(status);
  EXPECT_EQ(WEXITSTATUS(status), 0)
      << "12: the app refused the table; 20: timed more than once (a retry storm); 21: not done; 22: not a bounded "
         "subset; 23: a figure missing; 24: the code panel does not say it";
}

// When not even the fewest rows fit, timing fails once, says why, and is not retried by
// itself; Run again tries once more.
TEST(ScaleSlide, ATimingThatCannotGetItsCopyFailsOnce) {
  const std::string path = sparse_npy("lv_scale_nomem", 5000, 64);
  ASSERT_FALSE(path.empty());
  TableLoad l = load_table(path);
  ASSERT_TRUE(l.ok) << l.error;
  auto file = std::make_shared<const TableFile>(std::move(l.table));
  ASSERT_TRUE(file->mapped);
  Headless h;
  h.init({"lookupviz", "--ids", "3,7"});
  set_table_file(h.app, file);
  show(h, 2000, 32, 0);
  frames_until(h, [&] {
    return scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).worker && snap(h).table == TablePhase::Ready;
  });
  ASSERT_EQ(snap(h).table, TablePhase::Ready);
  scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).worker->set_copy_budget(0);
  show(h, 2000, 32);
  frames_until(h, [&] { return snap(h).timing == TimingPhase::Failed; });
  ASSERT_EQ(snap(h).timing, TimingPhase::Failed);
  for (int i = 0; i < 60; ++i) {
    h.frame();
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  EXPECT_EQ(scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).worker->timing_jobs_started(), 1)
      << "a failure must not be retried frame after frame";
  EXPECT_EQ(snap(h).timing, TimingPhase::Failed);
  EXPECT_NE(std::string(snap(h).timing_error).find("not enough memory"), std::string::npos) << snap(h).timing_error;
  h.frame();
  EXPECT_TRUE(read_screen().contains("not timed: there is")) << "the slide says why:\n" << read_screen().all();
  scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).worker->set_copy_budget(-1);
  ASSERT_TRUE(h.click("scale-run"));
  frames_until(h, [&] { return timing_finished(h); });
  EXPECT_TRUE(timing_finished(h));
  EXPECT_EQ(scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).worker->timing_jobs_started(), 2);
  EXPECT_EQ(snap(h).timed_rows, 5000);
  std::remove(path.c_str());
}

}  // namespace
}  // namespace lv::app::test
