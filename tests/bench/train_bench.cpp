// train_bench.cpp — lookupviz_train_bench: optimizer steps on a GPT-2-sized table (50,257 ×
// 768, seeded as nn.Embedding is) through core/train/ (what slide 9's Step costs the UI
// thread), and the same steps in PyTorch 1.13 when Debian's python3-torch is installed (it
// writes the whole V × D table — and Adam's moments — every step). Batches of 8 IDs drawn
// from GPT-2's range, G = torch.randn, 200 steps per optimizer. Prints lines
// scripts/bench.sh collects:
//     FIGURE <name> <measured> <target>
// A step is what slide 9's worker runs (app/slides/slide_09_train.cpp: the UI thread only
// hands the trainer over and takes it back — lookupviz_train_ui_bench times that); its rows
// are updated on every core once there are enough of them (core/train/trainer.hpp), so it
// is timed on the wall clock, and the CPU time of all its threads is given beside it.
//   train_step_ms_p95/<optimizer>_gpt2       one step, wall clock, p95 over 200 steps (informative)
//   train_step_cpu_ms_p95/<optimizer>_gpt2   its CPU time, every thread of the process (informative)
//   train_state_mb/<optimizer>_gpt2          the overlay and state after 200 steps (informative)
//   train_read_32_rows_ms/adamw_gpt2         reading 32 rows without state after 200 steps
//                                            (the lazy decay applied: 200 multiplications each)
//   train_torch_step_ms_median/<opt>_gpt2    PyTorch's step (informative, 0 when absent)
//   train_speedup_over_torch/<opt>_gpt2      torch's median over ours (informative)
//
// Then the same on a Llama-shaped table (128,256 × 4,096 BF16, 1 GB): written by the bench as
// a .safetensors file in $TMPDIR (or /tmp), memory-mapped and read in place, removed after.
// Each optimizer runs in its own process (this program again, --llama-child), so its memory
// is its own, not heap the allocator kept from the optimizer before or from writing the file:
//   train_step_ms_p95/<optimizer>_llama      one step, wall clock, p95 (informative: the worker's)
//   train_step_cpu_ms_p95/<optimizer>_llama  its CPU time, every thread (informative)
//   train_private_mb/<optimizer>_llama       the process's private dirty memory, the most seen
//                                            after any step (the table loaded, the trainer
//                                            made), against 64 MB + 2 × (rows with state) × D × 4
//   train_private_baseline_mb/<optimizer>_llama  the same just before the first step (informative)
//
//   lookupviz_train_bench [STEPS] [--no-llama] [--no-gpt2]   (default 200)
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "core/io/table_file.hpp"
#include "core/train/trainer.hpp"
#include "core/torch/torch_generator.hpp"
#include "core/torch/torch_layers.hpp"

namespace {

double thread_cpu_ms() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

double process_cpu_ms() {
  timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

double wall_ms() {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// One step timed: wall clock and the process's CPU time (all threads) in ms.
struct StepTimes {
  std::vector<double> wall, cpu;
  void step(lv::Trainer& t, const lv::IdList& idx) {
    const double w0 = wall_ms(), c0 = process_cpu_ms();
    t.step(idx);
    cpu.push_back(process_cpu_ms() - c0);
    wall.push_back(wall_ms() - w0);
  }
};

double quantile(std::vector<double> v, int percent) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, v.size() * static_cast<size_t>(percent) / 100)];
}

// PyTorch's median step in ms for this optimizer (tests/bench/train_peer.py), or 0.
double torch_step_ms(const std::string& optimizer, int steps) {
  const std::string cmd = "/usr/bin/python3 " LOOKUPVIZ_SOURCE_DIR "/tests/bench/train_peer.py " + optimizer + " " +
                          std::to_string(std::min(steps, 10)) + " 2>/dev/null";
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return 0.0;
  double ms = 0.0;
  if (std::fscanf(p, "%lf", &ms) != 1) ms = 0.0;
  pclose(p);
  return ms;
}

// Private_Dirty of /proc/self/smaps_rollup in MiB (memory this process wrote: heap, state),
// not the file's pages mapped in (shared with the page cache, dropped under pressure) — as
// long as those are clean: see write_llama_table.
double private_dirty_mb() {
  FILE* f = std::fopen("/proc/self/smaps_rollup", "r");
  if (!f) return 0.0;
  char line[256];
  double kb = 0.0;
  while (std::fgets(line, sizeof line, f)) {
    double v = 0.0;
    if (std::sscanf(line, "Private_Dirty: %lf kB", &v) == 1) kb += v;
  }
  std::fclose(f);
  return kb / 1024.0;
}

// RssAnon of /proc/self/status in MiB: the anonymous memory resident (a cross-check).
double rss_anon_mb() {
  FILE* f = std::fopen("/proc/self/status", "r");
  if (!f) return 0.0;
  char line[256];
  double kb = 0.0;
  while (std::fgets(line, sizeof line, f))
    if (std::sscanf(line, "RssAnon: %lf kB", &kb) == 1) break;
  std::fclose(f);
  return kb / 1024.0;
}

// A Llama-shaped token embedding as a .safetensors file: BF16 values ~ N(0, 0.02²)-ish
// (a cheap generator: what is timed never depends on them). "" when it cannot be written.
std::string write_llama_table(int64_t vocab, int64_t dim) {
  const char* tmp = std::getenv("TMPDIR");
  const std::string path = std::string(tmp && *tmp ? tmp : "/tmp") + "/lookupviz_train_bench_llama.safetensors";
  FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return "";
  std::string json = "{\"model.embed_tokens.weight\":{\"dtype\":\"BF16\",\"shape\":[" + std::to_string(vocab) + "," +
                     std::to_string(dim) + "],\"data_offsets\":[0," + std::to_string(vocab * dim * 2) + "]}}";
  while (json.size() % 8) json += ' ';
  const uint64_t n = json.size();
  unsigned char len[8];
  for (int i = 0; i < 8; ++i) len[i] = static_cast<unsigned char>(n >> (8 * i));
  bool ok = std::fwrite(len, 1, 8, f) == 8 && std::fwrite(json.data(), 1, json.size(), f) == json.size();
  std::vector<uint16_t> row(static_cast<size_t>(dim));
  uint64_t x = 88172645463325252ull;
  for (int64_t r = 0; r < vocab && ok; ++r) {
    for (uint16_t& v : row) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      const float val = (static_cast<float>(x >> 40) / 16777216.0f - 0.5f) * 0.07f;
      uint32_t bits;
      std::memcpy(&bits, &val, 4);
      v = static_cast<uint16_t>(bits >> 16);
    }
    ok = std::fwrite(row.data(), 2, row.size(), f) == row.size();
  }
  // Written back to the disk before it is mapped: a page of the page cache still dirty from
  // this write counts in smaps' Private_Dirty of the process that maps it alone — the table
  // file's pages, not memory the trainer holds (they made up ~105 MB of every optimizer's
  // figure before: SGD's 131 MB for 26 MB of values).
  ok = std::fflush(f) == 0 && fsync(fileno(f)) == 0 && ok;
  ok = std::fclose(f) == 0 && ok;
  if (!ok) std::remove(path.c_str());
  return ok ? path : "";
}

// One optimizer on the Llama-shaped table, in a process of its own (--llama-child).
int llama_child(const std::string& name, const std::string& path, int steps) {
  const int64_t batch = 8;
  const std::optional<lv::TrainOptimizer> o = lv::optimizer_from_name(name);
  lv::TableLoad l = lv::load_table(path);
  if (!o || !l.ok) {
    std::printf("# --llama-child %s: %s\n", name.c_str(), l.ok ? "no such optimizer" : l.error.c_str());
    return 1;
  }
  const lv::TableView base(nullptr, std::make_shared<const lv::TableFile>(std::move(l.table)), lv::TableDtype::Float32,
                           nullptr);
  const int64_t vocab = base.rows(), dim = base.cols();
  lv::TrainConfig config;
  config.optimizer = *o;
  config.lr = 1e-3;
  config.randn_grad = true;
  config.grad_seed = 7;
  lv::Trainer trainer(base, config);
  const double baseline = private_dirty_mb();
  double most = baseline;
  StepTimes times;
  std::mt19937_64 ids(42);
  for (int s = 0; s < steps; ++s) {
    lv::IdList idx(batch);
    for (int64_t& id : idx) id = static_cast<int64_t>(ids() % static_cast<uint64_t>(vocab));
    times.step(trainer, idx);
    most = std::max(most, private_dirty_mb());
  }
  const double budget =
      64.0 + 2.0 * static_cast<double>(trainer.stored_row_count()) * static_cast<double>(dim) * 4.0 / (1 << 20);
  std::printf("FIGURE train_step_ms_p95/%s_llama %.4g 0\n", name.c_str(), quantile(times.wall, 95));
  std::printf("FIGURE train_step_cpu_ms_p95/%s_llama %.4g 0\n", name.c_str(), quantile(times.cpu, 95));
  std::printf("FIGURE train_private_mb/%s_llama %.4g %.4g\n", name.c_str(), most, budget);
  std::printf("FIGURE train_private_baseline_mb/%s_llama %.4g 0\n", name.c_str(), baseline);
  std::printf("# %s: %lld rows with state after %d steps; RssAnon now %.4g MB\n", name.c_str(),
              static_cast<long long>(trainer.stored_row_count()), steps, rss_anon_mb());
  return 0;
}

// The five optimizers on a Llama-shaped BF16 table read in place from its file, each in its
// own process.
void llama_figures(int steps) {
  const int64_t vocab = 128256, dim = 4096;
  const std::string path = write_llama_table(vocab, dim);
  if (path.empty()) {
    std::printf("# the Llama-shaped table could not be written: skipped\n");
    return;
  }
  char self[4096];
  const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0) {
    std::printf("# /proc/self/exe unreadable: the Llama figures skipped\n");
    std::remove(path.c_str());
    return;
  }
  self[n] = '\0';
  for (lv::TrainOptimizer o : lv::kTrainOptimizers) {
    const std::string cmd = std::string("'") + self + "' --llama-child " + std::string(lv::optimizer_name(o)) + " '" +
                            path + "' " + std::to_string(steps);
    FILE* p = popen(cmd.c_str(), "r");
    if (!p) continue;
    char line[512];
    while (std::fgets(line, sizeof line, p)) std::fputs(line, stdout);
    pclose(p);
    std::fflush(stdout);
  }
  std::remove(path.c_str());
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 5 && std::string(argv[1]) == "--llama-child") return llama_child(argv[2], argv[3], std::atoi(argv[4]));
  const int steps = argc > 1 && argv[1][0] != '-' ? std::max(1, std::atoi(argv[1])) : 200;
  bool llama = true;
  for (int i = 1; i < argc; ++i) llama = llama && std::string(argv[i]) != "--no-llama";
  if (llama) llama_figures(steps);  // each optimizer in a process of its own
  for (int i = 1; i < argc; ++i)
    if (std::string(argv[i]) == "--no-gpt2") return 0;
  const int64_t vocab = 50257, dim = 768, batch = 8;
  lv::TorchGenerator gen(123);
  auto table = std::make_shared<const lv::Matrix>(lv::embedding_init(vocab, dim, gen));
  const lv::TableView base(table, nullptr, lv::TableDtype::Float32, nullptr);
  for (lv::TrainOptimizer o : lv::kTrainOptimizers) {
    const std::string name(lv::optimizer_name(o));
    lv::TrainConfig config;
    config.optimizer = o;
    config.lr = 1e-3;
    config.randn_grad = true;
    config.grad_seed = 7;
    lv::Trainer trainer(base, config);
    std::mt19937_64 ids(42);
    StepTimes times;
    for (int s = 0; s < steps; ++s) {
      lv::IdList idx(batch);
      for (int64_t& id : idx) id = static_cast<int64_t>(ids() % static_cast<uint64_t>(vocab));
      times.step(trainer, idx);
    }
    const std::vector<double>& ms = times.wall;
    std::printf("FIGURE train_step_ms_p95/%s_gpt2 %.4g 0\n", name.c_str(), quantile(ms, 95));
    std::printf("FIGURE train_step_cpu_ms_p95/%s_gpt2 %.4g 0\n", name.c_str(), quantile(times.cpu, 95));
    std::printf("FIGURE train_state_mb/%s_gpt2 %.4g 0\n", name.c_str(),
                static_cast<double>(trainer.stored_bytes()) / (1 << 20));
    if (o == lv::TrainOptimizer::AdamW) {
      std::vector<float> row(static_cast<size_t>(dim));
      const double t0 = thread_cpu_ms();
      int64_t read = 0;
      for (int64_t r = 1000; read < 32; ++r)
        if (!trainer.has_state(r)) {
          trainer.read_row(r, row.data());
          ++read;
        }
      std::printf("FIGURE train_read_32_rows_ms/adamw_gpt2 %.4g 0\n", thread_cpu_ms() - t0);
    }
    const double torch_ms = torch_step_ms(name, steps);
    std::printf("FIGURE train_torch_step_ms_median/%s_gpt2 %.4g 0\n", name.c_str(), torch_ms);
    std::printf("FIGURE train_speedup_over_torch/%s_gpt2 %.4g 0\n", name.c_str(),
                torch_ms > 0 ? torch_ms / std::max(quantile(ms, 50), 1e-6) : 0.0);
    std::fflush(stdout);
  }
  return 0;
}
