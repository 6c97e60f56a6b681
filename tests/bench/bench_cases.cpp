// bench_cases.cpp — the table, the ID pool and one call of each case.
#include "bench_cases.hpp"

#include <benchmark/benchmark.h>
#include <immintrin.h>

#include "core/kernels/huge_pages.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace lvbench {

std::string Case::name() const {
  std::string kind_name;
  switch (kind) {
    case Kind::kMemcpy: kind_name = "memcpy"; break;
    case Kind::kLookup:
      kind_name = "lookup";
      if (strategy != lv::LookupStrategy::kAuto) kind_name += std::string(":") + lv::lookup_strategy_name(strategy);
      break;
    case Kind::kSparse: kind_name = "sparse"; break;
    case Kind::kGather: kind_name = "gather:" + std::to_string(ahead); break;
    case Kind::kDense: return "dense/" + std::to_string(batch);
  }
  return kind_name + (cold ? "/cold/" : "/hot/") + std::to_string(batch);
}

std::string Case::peer_request() const {
  if (kind == Kind::kDense) return "onehot " + std::to_string(batch);
  if (kind == Kind::kLookup && strategy == lv::LookupStrategy::kAuto)
    return std::string("embedding ") + (cold ? "cold " : "hot ") + std::to_string(batch);
  return "";
}

namespace {

// Every cache line of one row asked for, into L1.
inline void prefetch_lines(const float* row, size_t bytes) {
  const char* p = reinterpret_cast<const char*>(row);
  for (size_t b = 0; b < bytes; b += 64) _mm_prefetch(p + b, _MM_HINT_T0);
  _mm_prefetch(p + bytes - 1, _MM_HINT_T0);  // a row not aligned to 64 bytes ends on one more line
}

// The plain prefetched gather (see the header): out (B x D) = table[ids].
void plain_gather(float* out, const float* table, int64_t dim, const int64_t* ids, int64_t batch, int64_t ahead) {
  const size_t bytes = sizeof(float) * static_cast<size_t>(dim);
  for (int64_t i = 0; i < std::min(ahead, batch); ++i) prefetch_lines(table + ids[i] * dim, bytes);
  for (int64_t i = 0; i < batch; ++i) {
    if (i + ahead < batch) prefetch_lines(table + ids[i + ahead] * dim, bytes);
    std::memcpy(out + i * dim, table + ids[i] * dim, bytes);
  }
}

}  // namespace

void BenchData::Free::operator()(float* p) const { std::free(p); }

BenchData::Buffer BenchData::alloc(int64_t floats) {
  // As the app allocates its tables: 2 MB pages where the kernel allows (core/kernels/huge_pages.hpp).
  return Buffer(static_cast<float*>(lv::alloc_table_memory(sizeof(float) * static_cast<size_t>(floats))));
}

BenchData::BenchData(const Shape& shape) : shape_(shape) {
  const int64_t v = shape.vocab, d = shape.dim;
  table_ = alloc(v * d);
  out_ = alloc(shape.max_batch * d);
  onehot_ = alloc(shape.max_dense_batch * v);
  // Values in [-0.5, 0.5) from a 64-bit LCG: no denormals (they would slow the matmul),
  // and every page written now so no timed call takes a page fault.
  uint64_t s = 0x9E3779B97F4A7C15ull;
  auto next = [&s] { return s = s * 6364136223846793005ull + 1442695040888963407ull; };
  for (int64_t i = 0; i < v * d; ++i) table_[i] = static_cast<float>(next() >> 40) * (1.0f / 16777216.0f) - 0.5f;
  std::memset(out_.get(), 0, sizeof(float) * static_cast<size_t>(shape.max_batch * d));
  std::memset(onehot_.get(), 0, sizeof(float) * static_cast<size_t>(shape.max_dense_batch * v));
  pool_.resize(static_cast<size_t>(shape.pool));
  for (auto& id : pool_) id = static_cast<int64_t>((next() >> 33) % static_cast<uint64_t>(v));
  row_ptr_.resize(static_cast<size_t>(shape.max_batch + 1));
  for (size_t i = 0; i < row_ptr_.size(); ++i) row_ptr_[i] = static_cast<int64_t>(i);
}

void BenchData::run_once(const Case& c) {
  const int64_t b = c.batch, d = shape_.dim, v = shape_.vocab;
  float* out = out_.get();
  const float* table = table_.get();
  // Hot: always the pool's first B IDs. Cold: its next chunk of B IDs, cycling.
  const int64_t* ids = pool_.data();
  if (c.cold) ids += (calls_ % static_cast<uint64_t>(shape_.pool / b)) * b;
  switch (c.kind) {
    case Kind::kMemcpy: {  // hot: the table's first B rows; cold: B rows from the chunk's first ID
      const int64_t first = c.cold ? std::min(ids[0], v - b) : 0;
      std::memcpy(out, table + first * d, sizeof(float) * static_cast<size_t>(b * d));
      break;
    }
    case Kind::kLookup: lv::lookup_rows(out, table, v, d, ids, b, c.strategy); break;
    case Kind::kGather: plain_gather(out, table, d, ids, b, c.ahead); break;
    case Kind::kSparse:  // the one-hot X in CSR form: row i holds a single 1 at ids[i]
      lv::onehot_matmul_sparse(out, table, v, d, row_ptr_.data(), ids, nullptr, b);
      break;
    case Kind::kDense:  // the whole of one_hot(ids, V).float() @ W, like the peer
      lv::fill_onehot(onehot_.get(), pool_.data(), b, v);
      lv::onehot_matmul_dense(out, onehot_.get(), table, b, v, d);
      break;
  }
  ++calls_;
  benchmark::DoNotOptimize(out);
  benchmark::ClobberMemory();
}

void BenchData::register_case(const Case& c, double min_time) {
  benchmark::RegisterBenchmark(
      c.name().c_str(),
      [this, c](benchmark::State& st) {
    for (auto _ : st) run_once(c);
      })
      ->MinTime(min_time)
      ->Unit(benchmark::kMicrosecond);
}

}  // namespace lvbench
