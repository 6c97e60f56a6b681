// bench_header.cpp — times lv::parse_safetensors on a header of 1,600,000 small tensors.
#include "bench_header.hpp"

#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>

#include "core/io/table_file.hpp"

namespace lvbench {
namespace {

// n 1-D tensors "t0".."t{n-1}" sharing 4 bytes of data, then "emb" (2 × 2): ~60 bytes each.
std::string many_tensors(int64_t n) {
  std::string h = "{";
  h.reserve(static_cast<size_t>(n) * 64);
  for (int64_t k = 0; k < n; ++k)
    h += "\"t" + std::to_string(k) + "\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4]},";
  h += "\"emb\":{\"dtype\":\"F32\",\"shape\":[2,2],\"data_offsets\":[0,16]}}";
  std::string file(8, '\0');
  for (int b = 0; b < 8; ++b) file[static_cast<size_t>(b)] = static_cast<char>((h.size() >> (8 * b)) & 0xff);
  return file + h + std::string(16, '\0');
}

void header_case(benchmark::State& state) {
  const int64_t n = state.range(0);
  const std::string file = many_tensors(n);
  for (auto _ : state) {
    lv::TableLoad r = lv::parse_safetensors(reinterpret_cast<const uint8_t*>(file.data()), file.size(), "");
    if (!r.ok) state.SkipWithError(r.error.c_str());
    benchmark::DoNotOptimize(r);
  }
  state.counters["tensors"] = static_cast<double>(n);
  state.counters["header_MB"] = static_cast<double>(file.size()) / 1e6;
}

}  // namespace

void register_header_bench() {
  benchmark::RegisterBenchmark("safetensors_header", header_case)
      ->Arg(100'000)
      ->Arg(1'600'000)
      ->Unit(benchmark::kMillisecond)
      ->Iterations(1);
}

}  // namespace lvbench
