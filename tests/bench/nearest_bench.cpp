// nearest_bench.cpp — lookupviz_nearest_bench TABLES_DIR [--rounds N]: issue 31's figures
// for the nearest-rows search (core/nearest/nearest.hpp), each a ratio measured in one run
// against the physical floor: one pass that only reads the same bytes, on as many threads,
// in the same blocks. Printed as "FIGURE name measured target" lines, which bench.sh hands
// to lookupviz_bench --figures (as lookupviz --bench-frames' are).
//
//   nearest_over_read/<table>/warm  the file's pages in the page cache and mapped (a pass
//                                   made first); the table is far larger than the CPU's
//                                   caches, so both passes read DRAM            target 1.3
//   nearest_over_read/<table>/cold  the file's pages dropped from the page cache
//                                   (posix_fadvise DONTNEED, no mapping left) and the file
//                                   opened again before each pass: both read the disk  1.5
//   map_over_read/<table>/warm      the whole table's 3 principal components
//   map_over_read/<table>/cold      (core/nearest/table_pca.hpp: 3 reads of the table and
//                                   their multiply-adds) against the same read     target 5
//   map_over_fma_floor/<table>/warm the warm map against its multiply-adds at this
//                                   machine's peak rate, measured in the same run (the map's
//                                   instruction set, every thread): information, the floor
//                                   no implementation of the same products can pass
//
// Tables (lookupviz_make_tables DIR writes them): gpt2-wte.npy (50,257 × 768 F32) and
// llama3-8b-embed.safetensors (128,256 × 4,096 BF16). The search: row 1,000's 10 nearest
// by cosine (dot and L2 read the same and add the same: one kernel gives all three).
// The two passes of a round run back to back, in an order that alternates; a figure is
// the median over the run's rounds of that round's ratio (as lookupviz_bench's). Printed
// beside it, for the reader: the fastest of each pass, and the ratio of the CPU time the
// process spent in each (on this shared machine, 2 cores under other builds, a neighbour
// only adds wall time; CPU time says what the search itself costs).
#include <fcntl.h>
#include <immintrin.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "bench_median.hpp"

#include "core/io/sigbus_guard.hpp"
#include "core/io/table_file.hpp"
#include "core/io/table_view.hpp"
#include "core/nearest/nearest.hpp"
#include "core/nearest/pca_kernels.hpp"
#include "core/nearest/table_pca.hpp"

using lvbench::median;

namespace {

// XOR of every 32-byte word of [p, p + n): a read the compiler cannot drop.
__attribute__((target("avx2"))) uint64_t read_bytes_avx2(const uint8_t* p, size_t n) {
  __m256i a = _mm256_setzero_si256(), b = a, c = a, d = a;
  size_t i = 0;
  for (; i + 128 <= n; i += 128) {
    a = _mm256_xor_si256(a, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + i)));
    b = _mm256_xor_si256(b, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + i + 32)));
    c = _mm256_xor_si256(c, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + i + 64)));
    d = _mm256_xor_si256(d, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + i + 96)));
  }
  a = _mm256_xor_si256(_mm256_xor_si256(a, b), _mm256_xor_si256(c, d));
  uint64_t out[4];
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(out), a);
  uint64_t x = out[0] ^ out[1] ^ out[2] ^ out[3];
  for (; i < n; ++i) x ^= p[i];
  return x;
}

std::atomic<uint64_t> g_sink{0};

// The floor: every byte of the table read once, in blocks of the search's size, shared
// out to as many threads through one atomic counter.
void read_pass(const lv::TableFile& f) {
  const size_t row_bytes = static_cast<size_t>(f.cols) * f.itemsize();
  const int64_t block_rows = std::max<int64_t>(1, (int64_t{256} << 10) / static_cast<int64_t>(row_bytes));
  const int64_t blocks = (f.rows + block_rows - 1) / block_rows;
  std::atomic<int64_t> next{0};
  auto work = [&] {
    uint64_t x = 0;
    for (int64_t b; (b = next.fetch_add(1)) < blocks;) {
      const int64_t first = b * block_rows, n = std::min(block_rows, f.rows - first);
      x ^= read_bytes_avx2(f.base + static_cast<size_t>(first) * row_bytes, static_cast<size_t>(n) * row_bytes);
    }
    g_sink ^= x;
  };
  const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  std::vector<std::thread> pool;
  for (unsigned i = 1; i < threads; ++i) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
}

void search_pass(const std::shared_ptr<const lv::TableFile>& f) {
  const lv::TableView t(nullptr, f, lv::TableDtype::Float32, nullptr);
  const lv::NearestResult r = lv::nearest_rows(t, 1000, 10, lv::NearestMetric::kCosine);
  if (!r.ok || r.neighbours.size() != 10) {
    std::fprintf(stderr, "lookupviz_nearest_bench: the search failed: %s\n", r.error.c_str());
    std::exit(1);
  }
  g_sink ^= static_cast<uint64_t>(r.neighbours[0].row);
}

double g_map_multiply_adds = 0;  // the last map's (TablePca::multiply_adds)

void map_pass(const std::shared_ptr<const lv::TableFile>& f) {
  const lv::TableView t(nullptr, f, lv::TableDtype::Float32, nullptr);
  const lv::TablePca p = lv::table_pca(t);
  if (!p.ok) {
    std::fprintf(stderr, "lookupviz_nearest_bench: the map failed: %s\n", p.error.c_str());
    std::exit(1);
  }
  g_sink ^= static_cast<uint64_t>(p.singular_values[0]);
  g_map_multiply_adds = p.multiply_adds;
}

// 16 independent chains of multiply-adds (two pipes of latency 4 kept full, with room),
// n steps: the core's peak rate with AVX-512F, as the map's kernels use it.
__attribute__((target("avx512f"))) float fma_chains_avx512(int64_t n) {
  __m512 a[16];
  for (int i = 0; i < 16; ++i) a[i] = _mm512_set1_ps(0.001f * static_cast<float>(i));
  const __m512 b = _mm512_set1_ps(0.9999f), c = _mm512_set1_ps(0.0001f);
  for (int64_t k = 0; k < n; ++k)
    for (int i = 0; i < 16; ++i) a[i] = _mm512_fmadd_ps(a[i], b, c);
  __m512 s = a[0];
  for (int i = 1; i < 16; ++i) s = _mm512_add_ps(s, a[i]);
  float out[16];
  _mm512_storeu_ps(out, s);
  return out[0];
}

// Multiply-adds a second on every thread at once (16 lanes an instruction), the best of
// three runs of ~0.1 s; 0 without AVX-512F (the map then runs Eigen's products).
double fma_peak_per_second() {
  if (!lv::pca_kernels_available()) return 0;
  const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  const int64_t steps = 20'000'000;  // 16 chains × 16 lanes each: 5.1 G multiply-adds a thread
  double best = 0;
  for (int run = 0; run < 3; ++run) {
    const auto t0 = std::chrono::steady_clock::now();
    std::vector<std::thread> pool;
    for (unsigned i = 0; i < threads; ++i)
      pool.emplace_back([steps] { g_sink ^= static_cast<uint64_t>(fma_chains_avx512(steps)); });
    for (std::thread& th : pool) th.join();
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    best = std::max(best, static_cast<double>(steps) * 16 * 16 * threads / s);
  }
  return best;
}

using Pass = void (*)(const std::shared_ptr<const lv::TableFile>&);

std::shared_ptr<const lv::TableFile> open_table(const std::string& path) {
  lv::TableLoad load = lv::load_table(path);
  if (!load.ok) {
    std::fprintf(stderr, "lookupviz_nearest_bench: %s\n", load.error.c_str());
    std::exit(1);
  }
  return std::make_shared<const lv::TableFile>(std::move(load.table));
}

// The file's pages out of the page cache (none may be mapped).
void drop_cache(const std::string& path) {
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return;
  posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
  close(fd);
}

// The share of the file's data pages in the page cache (mincore on a fresh mapping).
double resident_share(const lv::TableFile& f) {
  const long page = sysconf(_SC_PAGESIZE);
  const uintptr_t start = reinterpret_cast<uintptr_t>(f.base) & ~static_cast<uintptr_t>(page - 1);
  const size_t len = reinterpret_cast<uintptr_t>(f.base) + f.stored_bytes() - start;
  std::vector<unsigned char> vec((len + static_cast<size_t>(page) - 1) / static_cast<size_t>(page));
  if (mincore(reinterpret_cast<void*>(start), len, vec.data()) != 0) return -1;
  size_t in = 0;
  for (unsigned char v : vec) in += v & 1;
  return static_cast<double>(in) / static_cast<double>(vec.size());
}

double cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

// Wall seconds of f(); its process CPU seconds added to *cpu.
template <class F>
double seconds(F&& f, double* cpu) {
  const double c0 = cpu_seconds();
  const auto t0 = std::chrono::steady_clock::now();
  f();
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  *cpu += cpu_seconds() - c0;
  return s;
}

double fastest(const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); }

// figure/<label>/warm and /cold: pass ÷ read_pass, each figure's target. Returns the
// fastest warm pass and read, seconds.
std::pair<double, double> bench_table(const char* figure, Pass pass, double target, const std::string& label,
                                      const std::string& path, int rounds, int cold_rounds) {
  std::vector<double> warm, cold, warm_read, warm_search, cold_read, cold_search, resident;
  double cpu[4] = {0, 0, 0, 0};  // warm read, warm search, cold read, cold search
  {
    const std::shared_ptr<const lv::TableFile> f = open_table(path);
    read_pass(*f);  // the pages in the cache and mapped
    pass(f);
    for (int r = 0; r < rounds; ++r) {
      double a = 0, b = 0;
      if (r % 2) b = seconds([&] { pass(f); }, &cpu[1]), a = seconds([&] { read_pass(*f); }, &cpu[0]);
      else a = seconds([&] { read_pass(*f); }, &cpu[0]), b = seconds([&] { pass(f); }, &cpu[1]);
      warm.push_back(b / a), warm_read.push_back(a), warm_search.push_back(b);
    }
  }
  for (int r = 0; r < cold_rounds; ++r) {
    double t[2] = {0, 0};
    for (int k = 0; k < 2; ++k) {
      const bool search = (k == 0) == (r % 2 == 1);
      drop_cache(path);
      const std::shared_ptr<const lv::TableFile> f = open_table(path);
      resident.push_back(resident_share(*f));
      t[search ? 1 : 0] = seconds([&] { search ? pass(f) : read_pass(*f); }, &cpu[search ? 3 : 2]);
    }
    cold.push_back(t[1] / t[0]), cold_read.push_back(t[0]), cold_search.push_back(t[1]);
  }
  const double gb = static_cast<double>(open_table(path)->stored_bytes()) / 1e9;
  std::fprintf(stderr,
               "%s %s: %.2f GB; warm: fastest read %.1f ms (%.1f GB/s), fastest pass %.1f ms, CPU time ratio %.3f; "
               "cold: fastest read %.0f ms (%.2f GB/s), fastest pass %.0f ms, CPU time ratio %.3f; resident "
               "before a cold pass: at most %.1f %%\n",
               figure, label.c_str(), gb, 1e3 * fastest(warm_read), gb / fastest(warm_read), 1e3 * fastest(warm_search),
               cpu[1] / cpu[0], 1e3 * fastest(cold_read), gb / fastest(cold_read), 1e3 * fastest(cold_search),
               cpu[3] / cpu[2], 100 * *std::max_element(resident.begin(), resident.end()));
  std::printf("FIGURE %s/%s/warm %.4f %g\n", figure, label.c_str(), median(warm), target);
  std::printf("FIGURE %s/%s/cold %.4f %g\n", figure, label.c_str(), median(cold), target == 1.3 ? 1.5 : target);
  std::fflush(stdout);
  return {fastest(warm_search), fastest(warm_read)};
}

// map_over_fma_floor/<label>/warm: the fastest warm map (of `adds` multiply-adds) against
// those at the peak rate (information), and what the warm target would ask of the machine.
void map_floor(const std::string& label, std::pair<double, double> fastest_map_and_read, double adds, double peak) {
  if (peak <= 0) {
    std::fprintf(stderr, "map_over_fma_floor %s: skipped (no AVX-512F: the map runs Eigen's products)\n",
                 label.c_str());
    return;
  }
  const double floor = adds / peak, map = fastest_map_and_read.first;
  const double target_map = 5 * fastest_map_and_read.second;
  std::fprintf(stderr,
               "map_over_fma_floor %s: %.1f G multiply-adds; at this machine's peak (%.1f G a second, every "
               "thread, measured now) %.0f ms, the map's fastest %.0f ms (%.0f %% of the peak); the warm "
               "target (5 x the fastest read, %.0f ms) would need %.1f x the peak\n",
               label.c_str(), adds / 1e9, peak / 1e9, 1e3 * floor, 1e3 * map, 100 * floor / map, 1e3 * target_map,
               floor / target_map);
  std::printf("FIGURE map_over_fma_floor/%s/warm %.4f 0\n", label.c_str(), map / floor);
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: lookupviz_nearest_bench TABLES_DIR [--rounds N] [--cold-rounds N] [--only FIGURE]\n");
    return 2;
  }
  const std::string dir = argv[1];
  int rounds = 21, cold_rounds = 3;
  std::string only;  // --only nearest_over_read | map_over_read: one kind of figure
  for (int i = 2; i + 1 < argc; i += 2) {
    if (std::strcmp(argv[i], "--rounds") == 0) rounds = std::max(1, std::atoi(argv[i + 1]));
    else if (std::strcmp(argv[i], "--cold-rounds") == 0) cold_rounds = std::max(1, std::atoi(argv[i + 1]));
    else if (std::strcmp(argv[i], "--only") == 0) only = argv[i + 1];
  }
  __builtin_cpu_init();
  if (!__builtin_cpu_supports("avx2")) {
    std::fprintf(stderr, "lookupviz_nearest_bench: the read floor needs AVX2\n");
    return 1;
  }
  std::fprintf(stderr, "lookupviz_nearest_bench: %u threads, search path %s\n", std::thread::hardware_concurrency(),
               lv::nearest_path_name(lv::nearest_path_for(lv::NearestPath::kAuto, lv::RowType::F32)));
  const std::string gpt2 = dir + "/gpt2-wte.npy", llama = dir + "/llama3-8b-embed.safetensors";
  if (only.empty() || only == "nearest_over_read") {
    bench_table("nearest_over_read", search_pass, 1.3, "gpt2_f32", gpt2, rounds, cold_rounds);
    bench_table("nearest_over_read", search_pass, 1.3, "llama3_8b_bf16", llama, rounds, cold_rounds);
  }
  if (!only.empty() && only != "map_over_read") return 0;
  // The map: seconds a pass on the Llama table; fewer rounds.
  const int map_rounds = std::max(1, rounds / 4);
  const auto gpt2_map = bench_table("map_over_read", map_pass, 5, "gpt2_f32", gpt2, map_rounds, cold_rounds);
  const double gpt2_adds = g_map_multiply_adds;
  const auto llama_map = bench_table("map_over_read", map_pass, 5, "llama3_8b_bf16", llama, map_rounds, cold_rounds);
  const double llama_adds = g_map_multiply_adds, peak = fma_peak_per_second();
  map_floor("gpt2_f32", gpt2_map, gpt2_adds, peak);
  map_floor("llama3_8b_bf16", llama_map, llama_adds, peak);
  return 0;
}
