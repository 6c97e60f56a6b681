// gguf_bench.cpp — lookupviz_gguf_bench FILE.gguf [ROUNDS]: a quantized table's lookup
// (issue 30, item 5): load_table's time to open it (header, mapping: no V × D work), then
// embedding(idx) for B = 8 random IDs read and dequantized a row at a time
// (TableFile::read_rows, as every slide reads it) against memcpy of the same output bytes
// (B × D float32 from rows of a float32 buffer), the median of ROUNDS rounds each.
// Prints FIGURE lines for bench.sh: the ratio is information (target 0): dequantizing
// costs arithmetic a copy does not; what it saves is the bytes read (2,304 a Q4_K row of
// 4,096 against 16,384 as float32).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "core/io/table_file.hpp"

namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: lookupviz_gguf_bench FILE.gguf [ROUNDS]\n");
    return 2;
  }
  const int rounds = argc > 2 ? std::max(3, std::atoi(argv[2])) : 2001;
  const auto t0 = Clock::now();
  lv::TableLoad load = lv::load_table(argv[1]);
  const double open_ms = ms_since(t0);
  if (!load.ok) {
    std::fprintf(stderr, "lookupviz_gguf_bench: %s\n", load.error.c_str());
    return 1;
  }
  const lv::TableFile& t = load.table;
  constexpr size_t kB = 8;
  const size_t d = static_cast<size_t>(t.cols);
  std::vector<float> out(kB * d), src(std::min<size_t>(static_cast<size_t>(t.rows), 4096) * d, 0.5f), copy(kB * d);
  std::mt19937_64 rng(7);
  std::vector<double> deq_ns, cpy_ns;
  std::vector<int64_t> ids(kB);
  const size_t src_rows = src.size() / d;
  for (int r = 0; r < rounds; ++r) {
    for (int64_t& id : ids) id = static_cast<int64_t>(rng() % static_cast<uint64_t>(t.rows));
    auto a = Clock::now();
    t.read_rows(ids.data(), kB, out.data());
    deq_ns.push_back(ms_since(a) * 1e6);
    a = Clock::now();
    for (size_t i = 0; i < kB; ++i)
      std::memcpy(&copy[i * d], &src[(static_cast<size_t>(ids[i]) % src_rows) * d], d * 4);
    cpy_ns.push_back(ms_since(a) * 1e6);
  }
  volatile float sink = out[0] + copy[d - 1];
  (void)sink;
  const double deq = median(deq_ns), cpy = median(cpy_ns);
  std::printf("lookupviz_gguf_bench %s: %lld x %lld %s, %s bytes a row as stored\n", argv[1],
              static_cast<long long>(t.rows), static_cast<long long>(t.cols), t.dtype.c_str(),
              std::to_string(t.row_bytes()).c_str());
  std::printf("  open (header + mapping): %.2f ms\n", open_ms);
  std::printf("  embedding(idx), B = %zu: dequantizing %.0f ns, memcpy of the %zu output bytes %.0f ns: %.2fx\n", kB,
              deq, kB * d * 4, cpy, deq / cpy);
  std::printf("FIGURE gguf_q4_k_open_ms %.6g 0\n", open_ms);
  std::printf("FIGURE gguf_q4_k_lookup_ns/b8 %.6g 0\n", deq);
  std::printf("FIGURE gguf_q4_k_lookup_over_memcpy/b8 %.6g 0\n", deq / cpy);
  return 0;
}
