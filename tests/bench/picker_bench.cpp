// picker_bench.cpp — lookupviz_picker_bench: the built-in file picker (File ▸ Open when the
// desktop has no dialog) on a folder of 100,000 files, in a headless ImGui context (no GL:
// the UI thread's own cost). Makes the folder (empty *.npy files) under a temporary
// directory, lists it once, then draws the picker frame by frame and prints, as
// `lookupviz --bench-frames` does, lines scripts/bench.sh collects:
//     FIGURE <name> <measured> <target>
//   picker_list_s/100k_files            listing the folder once (informative, target 0)
//   picker_key_frame_ms_p95/100k_files  a frame in which a key is typed in the path field
//   picker_wheel_frame_ms_p95/100k_files a frame in which the list scrolls one wheel step
//   picker_idle_frame_ms_p95/100k_files a frame with no input (what an idle redraw costs)
// Each is the thread's CPU time per frame (CLOCK_THREAD_CPUTIME_ID), p95 over its frames.
// Issue 26: every frame drew all 100,000 rows — 0.55 s of CPU per key, 4.9 s for five
// wheel steps, 32 % CPU while idle.
//
//   lookupviz_picker_bench [FILES] [DIR]     (defaults 100000 and $TMPDIR)
#include <imgui.h>

#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "app/ui_base/ui_theme.hpp"
#include "app/widgets/widget_file_picker.hpp"

namespace {

double thread_cpu_ms() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

double p95(std::vector<double> v) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, v.size() * 95 / 100)];
}

}  // namespace

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  const long files = argc > 1 ? std::atol(argv[1]) : 100000;
  const char* tmp = std::getenv("TMPDIR");
  const fs::path root = fs::path(argc > 2 ? argv[2] : (tmp && *tmp ? tmp : "/tmp")) /
                        ("lookupviz-picker-bench-" + std::to_string(getpid()));
  std::error_code ec;
  fs::create_directories(root, ec);
  if (ec) {
    std::fprintf(stderr, "lookupviz_picker_bench: cannot make %s: %s\n", root.c_str(), ec.message().c_str());
    return 1;
  }
  for (long i = 0; i < files; ++i) {
    char name[64];
    std::snprintf(name, sizeof name, "table-%06ld.npy", i);
    std::ofstream(root / name);
  }
  const std::string label = files == 100000 ? "100k_files" : std::to_string(files) + "_files";

  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.DisplaySize = ImVec2(1440, 900);
  io.DeltaTime = 1.0f / 60.0f;
  lv::app::load_fonts(1.0f);
  unsigned char* pixels;
  int w, h;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
  lv::app::apply_style(lv::app::Theme::Dark, 1.0f);

  lv::app::FilePicker fp;
  const auto t0 = std::chrono::steady_clock::now();
  lv::app::open_file_picker(fp, root.string());
  const double list_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const std::vector<std::string> recent;
  std::string picked;
  auto frame = [&] {
    const double c0 = thread_cpu_ms();
    ImGui::NewFrame();
    lv::app::draw_file_picker(fp, recent, &picked);
    ImGui::Render();
    return thread_cpu_ms() - c0;
  };
  fp.refocus_path = true;  // the path field takes the keys, as after opening
  for (int i = 0; i < 5; ++i) frame();
  // The mouse over the list, for the wheel.
  io.MousePos = ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.5f);
  for (int i = 0; i < 3; ++i) frame();

  std::vector<double> key, wheel, idle;
  const char* typed = "table-0999";
  for (int round = 0; round < 3; ++round)
    for (const char* c = typed; *c; ++c) {
      io.AddInputCharacter(static_cast<unsigned>(*c));
      key.push_back(frame());
      frame();  // the frame after a key (ImGui settles): counted as idle below if no input
    }
  for (int i = 0; i < 20; ++i) {
    io.MouseWheel = -1.0f;
    wheel.push_back(frame());
    io.MouseWheel = 0.0f;
    frame();
  }
  for (int i = 0; i < 60; ++i) idle.push_back(frame());
  const int vertices = io.MetricsRenderVertices;  // drawn: the rows in view, not nothing
  ImGui::DestroyContext();
  fs::remove_all(root, ec);

  std::printf("picker: %zu entries listed, %d vertices drawn in an idle frame\n", fp.entries.size(), vertices);
  std::printf("FIGURE picker_list_s/%s %.6g 0\n", label.c_str(), list_s);
  std::printf("FIGURE picker_key_frame_ms_p95/%s %.6g 16\n", label.c_str(), p95(key));
  std::printf("FIGURE picker_wheel_frame_ms_p95/%s %.6g 16\n", label.c_str(), p95(wheel));
  std::printf("FIGURE picker_idle_frame_ms_p95/%s %.6g 2\n", label.c_str(), p95(idle));
  return fp.entries.size() == static_cast<size_t>(files) ? 0 : 1;
}
