// code_panels_test.cpp — "The real code" is real: every slide's code panel, for many
// states (the default, edited cells, inf / -inf / nan, repeated IDs, another seed and
// shape, a fixed vocabulary, a loaded .npy and .safetensors table, a float16 table, text
// mode, slide 6's seeded gradient, slide 8 untied), is run in real PyTorch, and what it
// prints must equal the panel's "What PyTorch prints" exactly.
//
// One python process runs every snippet (tests/oracle/run_code_panels.py: each in a
// fresh namespace, as a REPL session). Skipped without Debian's python3-torch.
// tiktoken and safetensors are not in Debian: the runner puts stand-ins in their place
// when they are missing (the tests' own GPT-2 tokenizer; a numpy reader of the format).
//
// What cannot be exact is masked, and only that: the lines lookupviz adds under
// "# timed by lookupviz on this machine" (slide 6's one comment line, slide 7's header
// and its "B=…" lines) are the app's own measurements, not something the code prints;
// and the "B=…" lines slide 7's code prints carry times measured in Python. Those are
// checked for their form (B=1, 16, 256 in order, "lookup X ms, matmul Y ms, ×Z") with the
// numbers left out.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>
#include <unistd.h>

#include "app/deck/slide_host.hpp"
#include "app/state/app_edits.hpp"
#include "app/app_ui.hpp"
#include "app/ui_base/anim_timeline.hpp"
#include "app/slides/slide_07_scale.hpp"
#include "app/slides/slide_09_train.hpp"
#include "app/slides/slides.hpp"
#include "core/io/table_file.hpp"
#include "headless.hpp"

namespace lv::app::test {
namespace {

namespace fs = std::filesystem;
const std::string kPython = "/usr/bin/python3";
const std::string kTables = std::string(LOOKUPVIZ_GOLDEN_DIR) + "/tables/";

// torch and numpy run the panels; regex runs the tiktoken stand-in (tests/oracle/gpt2_bpe_reference.py).
bool python_ready() { return std::system((kPython + " -c 'import torch, numpy, regex' >/dev/null 2>&1").c_str()) == 0; }

std::string read_all(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

// A state: how it is made, which slides to run in it.
struct State {
  std::string name;
  std::vector<std::string> args;
  std::function<void(Headless&)> setup;  // after init (may be empty)
  std::vector<int> slides;               // empty: every slide but 7 (7 runs in the few that set it up)
};

void wait_for_load(Headless& h) {
  for (int i = 0; i < 2000 && table_loading(h.app); ++i) {
    h.frame();
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  h.frames(2);
}

void load(Headless& h, const std::string& spec) {
  start_table_load(h.app, spec);
  wait_for_load(h);
  ASSERT_NE(h.app.inputs.file, nullptr) << h.app.loading.error;
}

// Shows slide k at its last step and draws until its panel is final: slide 7's table
// built and timed (a small table stands in for GPT-2's: seconds, not minutes).
void show_slide(Headless& h, int k) {
  if (k == 7) {
    scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).vocab = 3000;
    scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).dim = 64;
  }
  go_to_slide(h.app, k);
  const int steps = current_slide_steps(h.app);
  timeline_seek(h.app.ui.timeline, steps, static_cast<float>(steps));
  h.frames(3);
  if (k != 7) return;
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  auto done = [&] {
    return scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).worker &&
           scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).worker->snapshot().timing ==
               TimingPhase::Done &&
           !scale_state(lv::app::context_of(h.app, lv::app::kSlideAtScale)).worker->busy();
  };
  while (!done() && std::chrono::steady_clock::now() < until) {
    h.frame();
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  ASSERT_TRUE(done()) << "slide 7's table was not built and timed in 2 minutes";
  h.frames(2);
}

std::vector<State> states() {
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  return {
      {"default", {}, nullptr, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10}},
      {"edited cells",
       {},
       [](Headless& h) {
    edit_cell(h.app, 2, 0, 0.123456789f);  // %.4g wrote 0.1235
    edit_cell(h.app, 0, 4, 123456789.0f);  // torch prints it 1.2346e+08; %.4g's 1.235e+08 printed 1.2350e+08
    edit_cell(h.app, 3, 2, 1e-40f);        // subnormal
       },
       {}},
      {"inf and nan edits",
       {},
       [inf, nan](Headless& h) {
    edit_cell(h.app, 2, 0, inf);
    edit_cell(h.app, 3, 1, -inf);
    edit_cell(h.app, 1, 4, nan);
       },
       {}},
      {"repeated IDs", {"--ids", "1,1,3,1"}, nullptr, {}},
      {"another seed and shape", {"--seed", "2025", "--dim", "3", "--ids", "0,4,2"}, nullptr, {}},
      {"a fixed vocabulary, a negative seed",
       {"--seed", "-7", "--vocab", "9", "--dim", "4", "--ids", "3,0"},
       nullptr,
       {}},
      {"a seeded gradient, untied head",
       {"--ids", "2,0,2"},
       [](Headless& h) {
    set_grad_mode(h.app, GradMode::Seeded, 99);
    set_tie_weights(h.app, false);
       },
       {}},
      {"float16 table", {"--dtype", "float16"}, nullptr, {}},
      {"a loaded .npy table",
       {"--ids", "0,2"},
       [](Headless& h) { load(h, kTables + "v1_f4_fortran.npy"); },
       {0, 1, 2, 3, 4, 5, 6, 7, 8, 10}},
      {"a loaded .npy table, edited",
       {"--ids", "1,0"},
       [](Headless& h) {
    load(h, kTables + "notebook_seed123.npy");
    edit_cell(h.app, 1, 1, 2.5f);
       },
       {}},
      {"a loaded .safetensors table",
       {"--ids", "0,1"},
       [](Headless& h) { load(h, kTables + "single.safetensors"); },
       {}},
      // Slide 10's attention with its own presets (--d-out, --beta, --no-mask set the window's slide up).
      {"attention: beta 1000, d_out 3, repeats", {"--ids", "1,1,3,0", "--beta", "1000", "--d-out", "3"}, nullptr, {10}},
      {"attention: beta 0, no mask, d_out 1",
       {"--seed", "7", "--beta", "0", "--no-mask", "--d-out", "1"},
       nullptr,
       {10}},
      {"attention: beta 0.3, 70 IDs (the first 64)",
       {"--ids",
        "0,7,14,1,8,15,2,9,16,3,10,17,4,11,18,5,12,19,6,13,0,7,14,1,8,15,2,9,16,3,10,17,4,11,18,5,12,19,6,13,0,7,14,1,"
        "8,15,2,9,16,3,10,17,4,11,18,5,12,19,6,13,0,7,14,1,8,15,2,9,16,3",
        "--vocab", "20", "--beta", "0.3"},
       nullptr,
       {10}},
      // Slide 8's positions added to x (pos_emb drawn before the projections); and with 70 IDs.
      {"attention: positions, d_out 4",
       {"--ids", "5,2,5,0", "--dim", "6", "--positions", "--d-out", "4"},
       nullptr,
       {10}},
      {"attention: positions, 66 IDs (the first 64), no mask",
       {"--ids",
        "0,7,14,1,8,15,2,9,16,3,10,17,4,11,18,5,12,19,6,13,0,7,14,1,8,15,2,9,16,3,10,17,4,11,18,5,12,19,6,13,0,7,14,1,"
        "8,15,2,9,16,3,10,17,4,11,18,5,12,19,6,13,0,7,14,1,8,15",
        "--vocab", "20", "--positions", "--no-mask"},
       nullptr,
       {10}},
      {"attention: positions over a loaded table",
       {"--ids", "0,1", "--positions", "--beta", "3"},
       [](Headless& h) { load(h, kTables + "single.safetensors"); },
       {10}},
      {"text", {"--text", "Hello, world. It's 2025!"}, nullptr, {0, 1, 2, 3, 4, 5, 6, 8, 9, 10}},
      // Slide 9's training loop, for each optimizer (its panel trains the left one side by side).
      {"training: AdamW on the issue's batches",
       {"--batches", "2;0", "--vocab", "4", "--dim", "3", "--optimizer", "adamw"},
       nullptr,
       {9}},
      {"training: SparseAdam, G = randn, repeats, lr 0.01",
       {"--ids", "1,1,3", "--vocab", "5", "--batches", "1,1;3;0,2,0", "--optimizer", "sparse_adam", "--lr", "0.01",
        "--grad", "randn:7"},
       nullptr,
       {9}},
      {"training: momentum on a loaded table, edited",
       {"--ids", "2,0", "--batches", "2,2;0", "--optimizer", "momentum", "--lr", "1"},
       [](Headless& h) {
    load(h, kTables + "notebook_seed123.npy");
    edit_cell(h.app, 2, 1, -0.75f);
       },
       {9}},
      {"training: SGD | AdamW side by side, float16",
       {"--dtype", "float16", "--batches", "3;1,2", "--optimizer", "sgd"},
       [](Headless& h) {
    train_slide_state(lv::app::context_of(h.app, lv::app::kSlideTrain)).side_by_side = true;
    train_slide_state(lv::app::context_of(h.app, lv::app::kSlideTrain)).pair = TrainPair::SgdVsAdamW;
       },
       {9}},
      };
}

struct Snippet {
  std::string label;  // state · slide
  std::string code, want;
  int slide;
};

// The panel's output without lookupviz's own measurements (see the file's header).
std::string without_app_timings(const std::string& output) {
  std::istringstream in(output);
  std::string line, out;
  bool in_timings = false;
  while (std::getline(in, line)) {
    if (line.rfind("# timed by lookupviz", 0) == 0) {
      in_timings = line.back() == ':';  // slide 7's header: its B= lines follow
      continue;
    }
    if (in_timings && line.rfind("B=", 0) == 0) continue;
    in_timings = false;
    out += line + "\n";
  }
  return out;
}

// Python's output without slide 7's measured lines, after checking their form.
std::string without_python_timings(const std::string& output, int slide, std::string* problem) {
  if (slide != 7) return output;
  static const std::regex kLine(R"(B=(\d+): lookup \d+\.\d{4} ms, matmul \d+\.\d{2} ms, ×\d+)");
  std::istringstream in(output);
  std::string line, out, batches;
  while (std::getline(in, line)) {
    std::smatch m;
    if (std::regex_match(line, m, kLine)) {
      batches += (batches.empty() ? "" : ",") + m[1].str();
      continue;
    }
    out += line + "\n";
  }
  if (batches != "1,16,256") *problem = "slide 7's timing lines were B=" + batches + ", not B=1,16,256";
  return out;
}

TEST(CodePanels, RunInPyTorchAndPrintWhatThePanelShows) {
  if (!python_ready())
    GTEST_SKIP() << "SKIPPED: /usr/bin/python3 cannot import torch, numpy and regex (Debian's python3-torch, "
                    "python3-numpy, python3-regex)";
  std::vector<Snippet> snippets;
  for (const State& s : states()) {
    Headless h;
    std::vector<std::string> args = {"lookupviz"};
    args.insert(args.end(), s.args.begin(), s.args.end());
    h.init(args);
    h.frames(2);
    if (s.setup) s.setup(h);
    if (HasFatalFailure()) return;
    h.frames(2);
    std::vector<int> slides = s.slides;
    if (slides.empty())  // every slide but 7 (timed: it runs in the states that set it up)
      for (int k = 0; k < slide_count(); ++k)
        if (k != 7) slides.push_back(k);
    for (int k : slides) {
      show_slide(h, k);
      if (HasFatalFailure()) return;
      Snippet sn;
      sn.label = s.name + " · slide " + std::to_string(k);
      sn.slide = k;
      slide_table()[static_cast<size_t>(k)].draw.code(context_of(h.app, slide_table()[static_cast<size_t>(k)]), sn.code,
                                                      sn.want);
      // What the window shows is this very text (the panel's cache is not stale).
      const CodePanelText& shown = code_panel_text(h.app);
      EXPECT_EQ(shown.code, sn.code) << sn.label;
      snippets.push_back(std::move(sn));
    }
  }
  ASSERT_GE(snippets.size(), 90u);

  const fs::path dir = fs::path(::testing::TempDir()) / ("lv_code_panels_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  for (size_t i = 0; i < snippets.size(); ++i) std::ofstream(dir / (std::to_string(i) + ".py")) << snippets[i].code;
  const std::string cmd = kPython + " " + LOOKUPVIZ_SOURCE_DIR + "/tests/oracle/run_code_panels.py " + dir.string() +
                          " " + std::to_string(snippets.size()) + " " + LOOKUPVIZ_SOURCE_DIR + "/assets/gpt2";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;

  int same = 0;
  for (size_t i = 0; i < snippets.size(); ++i) {
    const Snippet& sn = snippets[i];
    const fs::path err = dir / (std::to_string(i) + ".err");
    if (fs::exists(err)) {
      ADD_FAILURE() << sn.label << ": the code raised\n" << read_all(err) << "\n--- the code:\n" << sn.code;
      continue;
    }
    std::string problem;
    const std::string got = without_python_timings(read_all(dir / (std::to_string(i) + ".out")), sn.slide, &problem);
    const std::string want = without_app_timings(sn.want);
    EXPECT_TRUE(problem.empty()) << sn.label << ": " << problem;
    if (got == want) {
      ++same;
    } else {
      ADD_FAILURE() << sn.label << ": PyTorch printed\n"
                    << got << "\n--- the panel shows\n"
                    << want << "\n--- the code:\n"
                    << sn.code;
    }
  }
  std::printf("%d of %zu code panels print exactly what their output panel shows\n", same, snippets.size());
  if (!HasFailure()) fs::remove_all(dir);
}

}  // namespace
}  // namespace lv::app::test
