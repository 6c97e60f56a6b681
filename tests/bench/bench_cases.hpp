// bench_cases.hpp — what lookupviz_bench times, as Google Benchmark cases over one
// GPT-2-sized table, and the matching request for the PyTorch peer.
//
// hot  = the same B IDs every call (the pool's first B), so their rows sit in cache;
//        its memcpy baseline copies the table's first B rows every call (in cache too).
// cold = each call takes the next B IDs of a pool of 65,536 random IDs (cycling), so
//        rows come from DRAM (the table is 154 MB, the rows the pool touches ~113 MB,
//        the last-level cache 32 MB); its memcpy baseline copies B contiguous rows
//        starting at the chunk's first ID, i.e. from the same random place in DRAM.
//        (Not the next B rows after the previous call: a memcpy walking the table in
//        order is a stream the hardware prefetcher sees coming across calls, which makes
//        B = 1 a sequential read rather than one cold row.)
// plain gather (issue 43) = the floor a gather is held to on any CPU: memcpy per row, every
//        cache line of the row `ahead` rows later prefetched (_mm_prefetch, T0), the first
//        `ahead` rows prefetched before the loop; the bench times ahead = 1..8 and takes
//        the fastest in the same run. Written here, not in core/, so the floor is not the
//        code it judges.
// Every case writes into the same preallocated output (ours); torch allocates its
// output per call, as F.embedding does.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/kernels/kernels.hpp"

namespace lvbench {

enum class Kind { kMemcpy, kLookup, kSparse, kDense, kGather };

struct Case {
  Kind kind = Kind::kLookup;
  bool cold = false;  // ignored by kDense (always the hot IDs, like the peer)
  int64_t batch = 1;
  lv::LookupStrategy strategy = lv::LookupStrategy::kAuto;  // kLookup only
  int ahead = 0;                                            // kGather only: rows ahead prefetched, 1..8

  std::string name() const;  // e.g. "lookup/cold/256", "lookup:stream/hot/4096", "gather:3/cold/256", "dense/16"
  std::string peer_request() const;  // e.g. "embedding cold 256", "onehot 16"; "" if none
};

struct Shape {
  int64_t vocab = 50257;  // GPT-2
  int64_t dim = 768;
  int64_t pool = 65536;  // cold IDs cycle through this many random rows
  int64_t max_batch = 4096;
  int64_t max_dense_batch = 256;
};

// The data every case reads and writes, allocated and touched once.
class BenchData {
 public:
  explicit BenchData(const Shape& shape);
  const Shape& shape() const { return shape_; }
  const std::vector<int64_t>& pool() const { return pool_; }
  // Registers `c` with Google Benchmark under c.name(), running for at least min_time s.
  void register_case(const Case& c, double min_time);
  void run_once(const Case& c);  // one call of the case (the body of its benchmark loop)

 private:
  struct Free {
    void operator()(float* p) const;
  };
  using Buffer = std::unique_ptr<float[], Free>;
  static Buffer alloc(int64_t floats);  // 64-byte aligned, like torch's allocator

  Shape shape_;
  Buffer table_, out_, onehot_;
  std::vector<int64_t> pool_, row_ptr_;
  uint64_t calls_ = 0;  // advances the cold cursors
};

}  // namespace lvbench
