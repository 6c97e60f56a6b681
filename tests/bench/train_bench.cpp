// train_bench.cpp — lookupviz_train_bench: optimizer steps on a GPT-2-sized table (50,257 ×
// 768, seeded as nn.Embedding is) through core/train/ (what slide 9's Step costs the UI
// thread), and the same steps in PyTorch 1.13 when Debian's python3-torch is installed (it
// writes the whole V × D table — and Adam's moments — every step). Batches of 8 IDs drawn
// from GPT-2's range, G = torch.randn, 200 steps per optimizer. Prints lines
// scripts/bench.sh collects:
//     FIGURE <name> <measured> <target>
//   train_step_ms_p95/<optimizer>_gpt2       one step, thread CPU, p95 over 200 steps (16 ms)
//   train_state_mb/<optimizer>_gpt2          the overlay and state after 200 steps (informative)
//   train_read_32_rows_ms/adamw_gpt2         reading 32 rows without state after 200 steps
//                                            (the lazy decay applied: 200 multiplications each)
//   train_torch_step_ms_median/<opt>_gpt2    PyTorch's step (informative, 0 when absent)
//   train_speedup_over_torch/<opt>_gpt2      torch's median over ours (informative)
//
//   lookupviz_train_bench [STEPS]   (default 200)
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "core/train/trainer.hpp"
#include "core/torch/torch_generator.hpp"
#include "core/torch/torch_layers.hpp"

namespace {

double thread_cpu_ms() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

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

}  // namespace

int main(int argc, char** argv) {
  const int steps = argc > 1 ? std::max(1, std::atoi(argv[1])) : 200;
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
    std::vector<double> ms;
    for (int s = 0; s < steps; ++s) {
      lv::IdList idx(batch);
      for (int64_t& id : idx) id = static_cast<int64_t>(ids() % static_cast<uint64_t>(vocab));
      const double t0 = thread_cpu_ms();
      trainer.step(idx);
      ms.push_back(thread_cpu_ms() - t0);
    }
    const double p95 = quantile(ms, 95);
    std::printf("FIGURE train_step_ms_p95/%s_gpt2 %.4g 16\n", name.c_str(), p95);
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
