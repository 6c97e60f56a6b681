// kernels.cpp — the tuned lookup, the dense and the sparse one-hot matmul.
// Sections: CPU dispatch · row copies · lookup_rows · one-hot matmuls.
//
// Why the lookup has three strategies (measured with ./scripts/bench.sh on GPT-2's
// 50,257 x 768 table; docs/performance.md has the table):
//   - few rows (B < 8): a copy per row is already the whole cost; anything more is
//     overhead. The copy is a 32-byte AVX2 loop, not memcpy (see copy_row_avx2).
//   - many rows: each row is a random address, so each one costs a DRAM latency
//     unless we ask for it early. Prefetching the rows a few IDs ahead keeps several
//     rows in flight, which a contiguous memcpy gets for free from the hardware
//     prefetcher; copying eight rows at once, interleaved, gives that prefetcher eight
//     streams to follow (AVX2 path). The tables themselves live in 2 MB pages
//     (core/kernels/huge_pages.hpp), so a random row costs no page walk.
//   - many big rows (output past a few MB, e.g. B = 4096): the output is written once
//     and not read back by us, so non-temporal stores skip the read-for-ownership of
//     each output line and leave the cache to the table's rows.
// Prefetch/stream cost little when the rows are already in cache, so the choice
// depends on B and the row size only, never on guessing hot or cold. The sizes behind
// it (how far ahead, where streaming starts) follow the CPU's caches
// (core/kernels/kernel_tuning.hpp), and whether the tuned copies below run at all, or the
// baseline "memcpy per row, next rows prefetched", is measured per process
// (core/kernels/kernel_calibration.hpp): the measurements quoted here are from one CPU.
#include "core/kernels/kernels.hpp"

#include <immintrin.h>

#include <cstdlib>

#include "core/kernels/kernel_calibration.hpp"
#include "core/kernels/kernel_tuning.hpp"

#include <Eigen/Core>
#include <algorithm>
#include <atomic>
#include <cstring>

namespace lv {

namespace detail {
// core/kernels/kernels_avx2.cpp: the same Eigen product built for AVX2+FMA.
void onehot_matmul_dense_avx2(float* out, const float* onehot, const float* table, int64_t batch, int64_t vocab,
                              int64_t dim);
// core/kernels/kernels_avx512.cpp: the row copies with AVX-512F.
void copy_row_avx512(float* dst, const float* src, int64_t n);
void copy_row_stream_avx512(float* dst, const float* src, int64_t n);
void copy_group_avx512(float* out, const float* table, int64_t dim, const int64_t* ids);         // 8 rows
void copy_group_stream_avx512(float* out, const float* table, int64_t dim, const int64_t* ids);  // 4 rows
void lookup_plain_avx512(float* out, const float* table, int64_t dim, const int64_t* ids, int64_t batch);
}  // namespace detail

namespace {

// ---------------------------------------------------------------- CPU dispatch
// Checked once; the binary itself is built for plain x86-64 (SSE2).
bool cpu_has_avx2_fma() {
  static const bool has = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  }();
  return has;
}
bool cpu_has_avx512f() {
  static const bool has = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") != 0;
  }();
  return has;
}
// kernels_use_avx2(false) lets the tests run the SSE2 paths on an AVX2 machine;
// kernels_use_avx512(false) the AVX2 ones on an AVX-512 machine.
std::atomic<bool> g_allow_avx2{true}, g_allow_avx512{true};
bool use_avx2() { return cpu_has_avx2_fma() && g_allow_avx2.load(std::memory_order_relaxed); }
bool use_avx512() { return use_avx2() && cpu_has_avx512f() && g_allow_avx512.load(std::memory_order_relaxed); }

// ---------------------------------------------------------------- tuning knobs
// Below this many rows the plain loop wins: nothing to overlap.
constexpr int64_t kPrefetchMinRows = 8;
// How far ahead to ask for rows, in bytes of rows (so short rows look further ahead):
// kernel_tuning().prefetch_ahead_bytes, on Zen 3 about 8 GPT-2 rows, which measured best
// among 1, 2, 4 and 8 for B >= 256 cold; for rows copied in groups (copy_group_avx2)
// group_ahead_bytes, 16 GPT-2 rows there, best among 8, 16, 24 and 32.
constexpr int64_t kPrefetchMinRowsAhead = 4, kPrefetchMaxRowsAhead = 64;
// Stream (non-temporal stores) when the output is big (kernel_tuning().
// stream_min_out_bytes): past a few MB it is written back from cache anyway, and
// streaming spares the read-for-ownership of each output line. Measured on Zen 3 on
// GPT-2 rows side by side (÷ memcpy, hot / cold), B = 4096 (12.6 MB out): the grouped
// temporal copy 1.14–1.23 / 1.21–1.47, rows streamed one at a time 1.06–1.18 /
// 1.32–1.55, four rows streamed together (copy_group_stream_avx2) 0.77–0.89 / 1.02–1.16.
// At B = 1024 (3 MB) the temporal copy wins: 1.29 / 1.28 against 1.73 / 1.39. Rows
// must be whole cache lines or more (shorter rows make partial-line streams, which are slow).
constexpr int64_t kStreamMinRowBytes = 256;

// ---------------------------------------------------------------- row copies
// Asks for a row early: its first line and the first line of each further 4 KB page
// (plus the last line). Each of these starts a page walk and a DRAM access, and the
// hardware prefetcher streams the rest of the row. Prefetching all 48 lines of a
// GPT-2 row measured no better and costs 48 instructions per row when rows are hot.
inline void prefetch_row(const float* row, int64_t bytes) {
  const char* p = reinterpret_cast<const char*>(row);
  _mm_prefetch(p, _MM_HINT_T0);
  const uintptr_t end = reinterpret_cast<uintptr_t>(p) + static_cast<uintptr_t>(bytes);
  for (uintptr_t page = (reinterpret_cast<uintptr_t>(p) + 4096) & ~uintptr_t{4095}; page < end; page += 4096)
    _mm_prefetch(reinterpret_cast<const char*>(page), _MM_HINT_T0);
  _mm_prefetch(p + bytes - 1, _MM_HINT_T0);
}

using CopyRow = void (*)(float* dst, const float* src, int64_t n);

void copy_row_memcpy(float* dst, const float* src, int64_t n) {
  std::memcpy(dst, src, sizeof(float) * static_cast<size_t>(n));
}

// A plain 32-byte load/store loop: on this AMD EPYC (KVM) glibc's memcpy uses
// `rep movsb` for a GPT-2 row (3 KB > its 2 KB threshold), which measured ~15%
// slower than this loop for rows in cache.
// (always_inline: g++ 12 otherwise calls it from lookup_plain_avx2 instead of inlining it.)
__attribute__((target("avx2"), always_inline)) inline void copy_row_avx2(float* dst, const float* src, int64_t n) {
  int64_t i = 0;
  for (; i + 32 <= n; i += 32) {
    __m256 a = _mm256_loadu_ps(src + i), b = _mm256_loadu_ps(src + i + 8);
    __m256 c = _mm256_loadu_ps(src + i + 16), d = _mm256_loadu_ps(src + i + 24);
    _mm256_storeu_ps(dst + i, a);
    _mm256_storeu_ps(dst + i + 8, b);
    _mm256_storeu_ps(dst + i + 16, c);
    _mm256_storeu_ps(dst + i + 24, d);
  }
  for (; i + 8 <= n; i += 8) _mm256_storeu_ps(dst + i, _mm256_loadu_ps(src + i));
  for (; i < n; ++i) dst[i] = src[i];
}

// Non-temporal copy, SSE2 (every x86-64): unaligned loads, 16-byte aligned streams.
void copy_row_stream_sse2(float* dst, const float* src, int64_t n) {
  int64_t i = 0;
  for (; i < n && (reinterpret_cast<uintptr_t>(dst + i) & 15) != 0; ++i) dst[i] = src[i];
  for (; i + 16 <= n; i += 16) {
    __m128 a = _mm_loadu_ps(src + i), b = _mm_loadu_ps(src + i + 4);
    __m128 c = _mm_loadu_ps(src + i + 8), d = _mm_loadu_ps(src + i + 12);
    _mm_stream_ps(dst + i, a);
    _mm_stream_ps(dst + i + 4, b);
    _mm_stream_ps(dst + i + 8, c);
    _mm_stream_ps(dst + i + 12, d);
  }
  for (; i + 4 <= n; i += 4) _mm_stream_ps(dst + i, _mm_loadu_ps(src + i));
  for (; i < n; ++i) dst[i] = src[i];
}

// Same with 32-byte streams: half the instructions.
__attribute__((target("avx2"))) void copy_row_stream_avx2(float* dst, const float* src, int64_t n) {
  int64_t i = 0;
  for (; i < n && (reinterpret_cast<uintptr_t>(dst + i) & 31) != 0; ++i) dst[i] = src[i];
  for (; i + 32 <= n; i += 32) {
    __m256 a = _mm256_loadu_ps(src + i), b = _mm256_loadu_ps(src + i + 8);
    __m256 c = _mm256_loadu_ps(src + i + 16), d = _mm256_loadu_ps(src + i + 24);
    _mm256_stream_ps(dst + i, a);
    _mm256_stream_ps(dst + i + 8, b);
    _mm256_stream_ps(dst + i + 16, c);
    _mm256_stream_ps(dst + i + 24, d);
  }
  for (; i + 8 <= n; i += 8) _mm256_stream_ps(dst + i, _mm256_loadu_ps(src + i));
  for (; i < n; ++i) dst[i] = src[i];
}

// Copies kGroup rows at once, interleaved 64 bytes at a time: eight demand streams in
// flight instead of one, so the hardware prefetcher works on eight rows together
// (one row at a time, it ramps up again on every row). Measured on GPT-2 rows, cold,
// ÷ memcpy: B = 256 1.72 → 1.33, B = 1024 1.56 → 1.31 (with the prefetch below).
constexpr int kGroup = 8;
__attribute__((target("avx2"))) void copy_group_avx2(float* out, const float* table, int64_t dim, const int64_t* ids) {
  const float* src[kGroup];
  for (int k = 0; k < kGroup; ++k) src[k] = table + ids[k] * dim;
  int64_t j = 0;
  for (; j + 16 <= dim; j += 16)
    for (int k = 0; k < kGroup; ++k) {
      const __m256 a = _mm256_loadu_ps(src[k] + j), b = _mm256_loadu_ps(src[k] + j + 8);
      _mm256_storeu_ps(out + k * dim + j, a);
      _mm256_storeu_ps(out + k * dim + j + 8, b);
    }
  if (j < dim)
    for (int k = 0; k < kGroup; ++k) copy_row_avx2(out + k * dim + j, src[k] + j, dim - j);
}

// Four rows streamed together: each step loads 64 bytes of each row into registers,
// then writes the four whole output lines with non-temporal stores. Four read streams
// in flight like copy_group_avx2, and each write-combining buffer fills at once.
// (Eight rows measured slower: 1.03 / 1.14 ÷ memcpy against 0.83 / 1.16, and
// storing each row's chunk right after loading it, 2.4–2.6.) Needs out 32-byte
// aligned and dim a multiple of 8, so that every row starts aligned.
constexpr int kStreamGroup = 4;
__attribute__((target("avx2"))) void copy_group_stream_avx2(float* out, const float* table, int64_t dim,
                                                            const int64_t* ids) {
  const float* src[kStreamGroup];
  for (int k = 0; k < kStreamGroup; ++k) src[k] = table + ids[k] * dim;
  int64_t j = 0;
  for (; j + 16 <= dim; j += 16) {
    __m256 a[kStreamGroup], b[kStreamGroup];
    for (int k = 0; k < kStreamGroup; ++k) {
      a[k] = _mm256_loadu_ps(src[k] + j);
      b[k] = _mm256_loadu_ps(src[k] + j + 8);
    }
    for (int k = 0; k < kStreamGroup; ++k) {
      _mm256_stream_ps(out + k * dim + j, a[k]);
      _mm256_stream_ps(out + k * dim + j + 8, b[k]);
    }
  }
  if (j < dim)  // dim % 16 == 8: one 32-byte chunk left per row
    for (int k = 0; k < kStreamGroup; ++k) _mm256_stream_ps(out + k * dim + j, _mm256_loadu_ps(src[k] + j));
}

void lookup_plain(float* out, const float* table, int64_t dim, const int64_t* ids, int64_t batch, CopyRow copy) {
  for (int64_t i = 0; i < batch; ++i) copy(out + i * dim, table + ids[i] * dim, dim);
}
// The same with the AVX2 copy inlined (one function, not two: see lookup_fn).
__attribute__((target("avx2"))) void lookup_plain_avx2(float* out, const float* table, int64_t dim, const int64_t* ids,
                                                       int64_t batch) {
  for (int64_t i = 0; i < batch; ++i) copy_row_avx2(out + i * dim, table + ids[i] * dim, dim);
}

// How many rows of row_bytes each to prefetch ahead: ahead_bytes of them (a tuning knob
// above), from kPrefetchMinRowsAhead to kPrefetchMaxRowsAhead.
int64_t rows_ahead(int64_t ahead_bytes, int64_t row_bytes) {
  return std::clamp<int64_t>(ahead_bytes / row_bytes, kPrefetchMinRowsAhead, kPrefetchMaxRowsAhead);
}

// The distance measured on this CPU (set_lookup_prefetch_bytes), 0 until then.
std::atomic<int64_t> g_prefetch_bytes{0};
int64_t prefetch_bytes() {
  const int64_t b = g_prefetch_bytes.load(std::memory_order_relaxed);
  return b > 0 ? b : kernel_tuning().prefetch_ahead_bytes;
}
// The plain gather's distance in rows (set_lookup_gather_rows), 0 until measured: 3, what
// issue 43's C program used on a Zen 5.
constexpr int64_t kDefaultGatherRows = 3;
std::atomic<int64_t> g_gather_rows{0};
int64_t gather_rows() {
  const int64_t r = g_gather_rows.load(std::memory_order_relaxed);
  return r > 0 ? r : kDefaultGatherRows;
}

// Every cache line of a row asked for, into L1 (prefetch_row asks for a few and leaves the
// rest to the hardware prefetcher).
inline void prefetch_row_lines(const float* row, int64_t bytes) {
  const char* p = reinterpret_cast<const char*>(row);
  for (int64_t b = 0; b < bytes; b += 64) _mm_prefetch(p + b, _MM_HINT_T0);
  _mm_prefetch(p + bytes - 1, _MM_HINT_T0);  // a row not aligned to 64 bytes ends on one more line
}

// The plain gather (LookupPath::kGather): memcpy per row, every line of the row
// gather_rows() IDs later prefetched, the first rows prefetched before the loop.
void lookup_gather(float* out, const float* table, int64_t dim, const int64_t* ids, int64_t batch) {
  const int64_t bytes = dim * static_cast<int64_t>(sizeof(float));
  const int64_t ahead = gather_rows();
  if (batch > 1)
    for (int64_t i = 0; i < std::min(ahead, batch); ++i) prefetch_row_lines(table + ids[i] * dim, bytes);
  for (int64_t i = 0; i < batch; ++i) {
    if (i + ahead < batch) prefetch_row_lines(table + ids[i + ahead] * dim, bytes);
    std::memcpy(out + i * dim, table + ids[i] * dim, static_cast<size_t>(bytes));
  }
}

// Rows copied in groups are consumed sooner: twice as far (the caches' ratio, 1.5 L1d to 3/4).
int64_t group_prefetch_bytes() {
  const int64_t b = g_prefetch_bytes.load(std::memory_order_relaxed);
  return b > 0 ? 2 * b : kernel_tuning().group_ahead_bytes;
}

// Row i is copied while the rows `ahead` IDs later are on their way.
void lookup_prefetched(float* out, const float* table, int64_t dim, const int64_t* ids, int64_t batch, CopyRow copy) {
  const int64_t bytes = dim * static_cast<int64_t>(sizeof(float));
  const int64_t ahead = rows_ahead(prefetch_bytes(), bytes);
  for (int64_t i = 0; i < std::min(ahead, batch); ++i) prefetch_row(table + ids[i] * dim, bytes);
  for (int64_t i = 0; i < batch; ++i) {
    if (i + ahead < batch) prefetch_row(table + ids[i + ahead] * dim, bytes);
    copy(out + i * dim, table + ids[i] * dim, dim);
  }
}

// The baseline every tuned path must beat (core/kernels/kernel_calibration.hpp): memcpy per
// row, the rows `ahead` IDs later prefetched. Unlike lookup_prefetched it does not
// prefetch the row it is about to copy (the copy asks for it at once), so for one row
// it is exactly one memcpy.
void lookup_baseline(float* out, const float* table, int64_t dim, const int64_t* ids, int64_t batch) {
  const int64_t bytes = dim * static_cast<int64_t>(sizeof(float));
  const int64_t ahead = rows_ahead(prefetch_bytes(), bytes);
  for (int64_t i = 1; i < std::min(ahead, batch); ++i) prefetch_row(table + ids[i] * dim, bytes);
  for (int64_t i = 0; i < batch; ++i) {
    if (i + ahead < batch) prefetch_row(table + ids[i + ahead] * dim, bytes);
    std::memcpy(out + i * dim, table + ids[i] * dim, static_cast<size_t>(bytes));
  }
}

// Groups of G rows copied together by copy_group (copy_group_avx2/avx512, or streamed
// with copy_group_stream_avx2/avx512), the rows `ahead` IDs later prefetched; the last
// rows one at a time by copy_row.
using CopyGroup = void (*)(float* out, const float* table, int64_t dim, const int64_t* ids);
template <int G>
void lookup_grouped(float* out, const float* table, int64_t dim, const int64_t* ids, int64_t batch,
                    CopyGroup copy_group, CopyRow copy_row) {
  const int64_t bytes = dim * static_cast<int64_t>(sizeof(float));
  const int64_t ahead = rows_ahead(group_prefetch_bytes(), bytes);
  for (int64_t i = 0; i < std::min(ahead, batch); ++i) prefetch_row(table + ids[i] * dim, bytes);
  int64_t i = 0;
  for (; i + G <= batch; i += G) {
    for (int64_t k = i + ahead; k < std::min(batch, i + ahead + G); ++k) prefetch_row(table + ids[k] * dim, bytes);
    copy_group(out + i * dim, table, dim, ids + i);
  }
  for (; i < batch; ++i) copy_row(out + i * dim, table + ids[i] * dim, dim);
}

}  // namespace

// ---------------------------------------------------------------- lookup_rows
void set_lookup_prefetch_bytes(int64_t bytes) { g_prefetch_bytes.store(std::max<int64_t>(0, bytes)); }
int64_t lookup_prefetch_bytes() { return prefetch_bytes(); }
void set_lookup_gather_rows(int64_t rows) { g_gather_rows.store(std::max<int64_t>(0, rows)); }
int64_t lookup_gather_rows() { return gather_rows(); }

const char* lookup_strategy_name(LookupStrategy s) {
  switch (s) {
    case LookupStrategy::kAuto: return "auto";
    case LookupStrategy::kPlain: return "plain";
    case LookupStrategy::kPrefetch: return "prefetch";
    case LookupStrategy::kStream: return "stream";
  }
  return "?";
}

const char* lookup_path_name(LookupPath p) {
  switch (p) {
    case LookupPath::kAuto: return "auto";
    case LookupPath::kBaseline: return "baseline";
    case LookupPath::kGather: return "gather";
    case LookupPath::kSse2: return "sse2";
    case LookupPath::kAvx2: return "avx2";
    case LookupPath::kAvx512: return "avx512";
  }
  return "?";
}

bool lookup_path_supported(LookupPath p) {
  switch (p) {
    case LookupPath::kAvx512: return cpu_has_avx2_fma() && cpu_has_avx512f();
    case LookupPath::kAvx2: return cpu_has_avx2_fma();
    default: return true;
  }
}

namespace {

// The path that runs when `p` is asked for: the widest the CPU has, at most p.
LookupPath runnable(LookupPath p) {
  if (p == LookupPath::kAvx512 && !lookup_path_supported(p)) p = LookupPath::kAvx2;
  if (p == LookupPath::kAvx2 && !lookup_path_supported(p)) p = LookupPath::kSse2;
  return p;
}

// kAuto's path: the calibrated one, within what the tests allow (kernels_use_*).
LookupPath auto_path(LookupStrategy strategy) {
  LookupPath p = runnable(calibrated_lookup_path(strategy));
  if (p == LookupPath::kAvx512 && !use_avx512()) p = LookupPath::kAvx2;
  if (p == LookupPath::kAvx2 && !use_avx2()) p = LookupPath::kSse2;
  return p;
}

}  // namespace

LookupPath lookup_path_for(LookupStrategy strategy) {
  return auto_path(strategy == LookupStrategy::kAuto ? LookupStrategy::kPrefetch : strategy);
}

const char* lookup_path(int64_t batch, int64_t dim) {
  const LookupStrategy strategy = lookup_strategy_for(batch, dim);
  switch (auto_path(strategy)) {
    case LookupPath::kAuto:
    case LookupPath::kBaseline: return "baseline: memcpy per row, rows ahead prefetched";
    case LookupPath::kGather: return "gather: memcpy per row, every line of the rows ahead prefetched";
    case LookupPath::kSse2:
      return strategy == LookupStrategy::kPlain      ? "plain: memcpy per row"
             : strategy == LookupStrategy::kPrefetch ? "prefetch: memcpy per row, rows ahead prefetched"
                                                     : "stream: sse2 non-temporal stores per row";
    case LookupPath::kAvx2:
      return strategy == LookupStrategy::kPlain      ? "plain: avx2 32-byte row copy"
             : strategy == LookupStrategy::kPrefetch ? "prefetch: avx2, 8 rows interleaved"
                                                     : "stream: avx2, 4 rows, non-temporal stores";
    case LookupPath::kAvx512:
      return strategy == LookupStrategy::kPlain      ? "plain: avx512 64-byte row copy"
             : strategy == LookupStrategy::kPrefetch ? "prefetch: avx512, 8 rows interleaved"
                                                     : "stream: avx512, 4 rows, non-temporal stores";
  }
  return "?";
}

namespace {

// One strategy on one path, all with the same signature, so that a lookup is one call once
// its function is known (lookup_fn, lookup_rows).
using LookupFn = void (*)(float* out, const float* table, int64_t dim, const int64_t* ids, int64_t batch);

void plain_sse2(float* out, const float* table, int64_t dim, const int64_t* ids, int64_t batch) {
  lookup_plain(out, table, dim, ids, batch, copy_row_memcpy);
}
void prefetch_sse2(float* out, const float* table, int64_t dim, const int64_t* ids, int64_t batch) {
  lookup_prefetched(out, table, dim, ids, batch, copy_row_memcpy);
}
void stream_sse2(float* out, const float* table, int64_t dim, const int64_t* ids, int64_t batch) {
  lookup_prefetched(out, table, dim, ids, batch, copy_row_stream_sse2);
  _mm_sfence();  // streamed stores are weakly ordered: make them visible before returning
}
void prefetch_avx2(float* out, const float* table, int64_t dim, const int64_t* ids, int64_t batch) {
  lookup_grouped<kGroup>(out, table, dim, ids, batch, copy_group_avx2, copy_row_avx2);
}
void stream_avx2(float* out, const float* table, int64_t dim, const int64_t* ids, int64_t batch) {
  if (dim % 8 == 0 && (reinterpret_cast<uintptr_t>(out) & 31) == 0)
    lookup_grouped<kStreamGroup>(out, table, dim, ids, batch, copy_group_stream_avx2, copy_row_stream_avx2);
  else lookup_prefetched(out, table, dim, ids, batch, copy_row_stream_avx2);
  _mm_sfence();
}
void prefetch_avx512(float* out, const float* table, int64_t dim, const int64_t* ids, int64_t batch) {
  lookup_grouped<kGroup>(out, table, dim, ids, batch, detail::copy_group_avx512, detail::copy_row_avx512);
}
void stream_avx512(float* out, const float* table, int64_t dim, const int64_t* ids, int64_t batch) {
  if (dim % 16 == 0 && (reinterpret_cast<uintptr_t>(out) & 63) == 0)
    lookup_grouped<kStreamGroup>(out, table, dim, ids, batch, detail::copy_group_stream_avx512,
                                 detail::copy_row_stream_avx512);
  else lookup_prefetched(out, table, dim, ids, batch, detail::copy_row_stream_avx512);
  _mm_sfence();
}

// kPlain 0, kPrefetch 1, kStream 2 (not kAuto): the index of a strategy's function.
int strategy_slot(LookupStrategy s) { return s == LookupStrategy::kPlain ? 0 : s == LookupStrategy::kPrefetch ? 1 : 2; }

// The function of a strategy (not kAuto) on a path the CPU runs (not kAuto).
LookupFn lookup_fn(LookupStrategy strategy, LookupPath path) {
  const int s = strategy_slot(strategy);
  switch (path) {
    case LookupPath::kAuto:
    case LookupPath::kBaseline: return lookup_baseline;  // the same for every strategy
    case LookupPath::kGather: return lookup_gather;      // the same for every strategy
    case LookupPath::kSse2: return s == 0 ? plain_sse2 : s == 1 ? prefetch_sse2 : stream_sse2;
    case LookupPath::kAvx2: return s == 0 ? lookup_plain_avx2 : s == 1 ? prefetch_avx2 : stream_avx2;
    case LookupPath::kAvx512: return s == 0 ? detail::lookup_plain_avx512 : s == 1 ? prefetch_avx512 : stream_avx512;
  }
  return lookup_baseline;
}

// kAuto's function for each strategy, found once (lookup_rows): after the first call a lookup
// is two loads and a jump, where it was the strategy from the caches' sizes, the calibrated
// path, what kernels_use_* allow, a switch, then the copy through a pointer. Measured on the
// Zen 5 of issue 43, a one-row lookup of 16 floats takes ~1 ns more than calling its function
// directly; one cold GPT-2 row against the bench's plain gather (side by side, 2026-12-05)
// went from 1.08-1.16 to 1.035-1.05. kernels_use_* reset it.
struct alignas(64) AutoLookup {
  std::atomic<LookupFn> fn[3] = {};                 // kPlain, kPrefetch, kStream: null until first used
  std::atomic<int64_t> stream_min_out_bytes = {0};  // kernel_tuning()'s, 0 until first used
};
AutoLookup g_auto;

void forget_auto_lookup() {
  for (auto& f : g_auto.fn) f.store(nullptr, std::memory_order_relaxed);
}

LookupStrategy strategy_for(int64_t batch, int64_t row_bytes, int64_t stream_min_out_bytes) {
  if (batch < kPrefetchMinRows) return LookupStrategy::kPlain;
  if (row_bytes >= kStreamMinRowBytes && batch * row_bytes >= stream_min_out_bytes) return LookupStrategy::kStream;
  return LookupStrategy::kPrefetch;
}

}  // namespace

LookupStrategy lookup_strategy_for(int64_t batch, int64_t dim) {
  return strategy_for(batch, dim * static_cast<int64_t>(sizeof(float)), kernel_tuning().stream_min_out_bytes);
}

namespace {

// kAuto's function for a strategy the first time it runs (or after kernels_use_*).
__attribute__((noinline)) LookupFn resolve_auto_lookup(LookupStrategy s) {
  g_auto.stream_min_out_bytes.store(kernel_tuning().stream_min_out_bytes, std::memory_order_relaxed);
  const LookupFn fn = lookup_fn(s, auto_path(s));
  g_auto.fn[strategy_slot(s)].store(fn, std::memory_order_relaxed);
  return fn;
}

// Everything but kAuto on both: the calibration's and the tests' lookups.
__attribute__((noinline)) void lookup_rows_chosen(float* out, const float* table, int64_t dim, const int64_t* ids,
                                                  int64_t batch, LookupStrategy strategy, LookupPath path) {
  if (strategy == LookupStrategy::kAuto) strategy = lookup_strategy_for(batch, dim);
  lookup_fn(strategy, path == LookupPath::kAuto ? auto_path(strategy) : runnable(path))(out, table, dim, ids, batch);
}

}  // namespace

void lookup_rows(float* out, const float* table, int64_t vocab, int64_t dim, const int64_t* ids, int64_t batch,
                 LookupStrategy strategy, LookupPath path) {
  (void)vocab;  // the caller validated the IDs; vocab documents the table's shape
  if (batch <= 0 || dim <= 0) return;
  if (strategy != LookupStrategy::kAuto || path != LookupPath::kAuto) {
    lookup_rows_chosen(out, table, dim, ids, batch, strategy, path);
    return;
  }
  // Every lookup of the app: two loads and a jump once the function is known.
  const int64_t stream_min = g_auto.stream_min_out_bytes.load(std::memory_order_relaxed);
  const LookupStrategy s = stream_min > 0 ? strategy_for(batch, dim * static_cast<int64_t>(sizeof(float)), stream_min)
                                          : lookup_strategy_for(batch, dim);
  LookupFn fn = g_auto.fn[strategy_slot(s)].load(std::memory_order_relaxed);
  if (fn == nullptr) fn = resolve_auto_lookup(s);
  fn(out, table, dim, ids, batch);
}

// ---------------------------------------------------------------- one-hot matmuls
void fill_onehot(float* onehot, const int64_t* ids, int64_t batch, int64_t vocab) {
  std::memset(onehot, 0, sizeof(float) * static_cast<size_t>(batch * vocab));
  for (int64_t i = 0; i < batch; ++i) onehot[i * vocab + ids[i]] = 1.0f;
}

void onehot_matmul_dense(float* out, const float* onehot, const float* table, int64_t batch, int64_t vocab,
                         int64_t dim) {
  if (batch <= 0 || dim <= 0) return;
  if (use_avx2()) {
    detail::onehot_matmul_dense_avx2(out, onehot, table, batch, vocab, dim);
    return;
  }
  // Plain x86-64 build of Eigen (SSE2). Eigen is single-threaded here: the core is not
  // built with OpenMP, so no Eigen::setNbThreads is needed to match torch's 1 thread.
  using RowMajor = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  Eigen::Map<const RowMajor> x(onehot, batch, vocab);
  Eigen::Map<const RowMajor> w(table, vocab, dim);
  Eigen::Map<RowMajor> y(out, batch, dim);
  y.noalias() = x * w;
}

void onehot_matmul_sparse(float* out, const float* table, int64_t vocab, int64_t dim, const int64_t* row_ptr,
                          const int64_t* col, const float* val, int64_t batch) {
  if (batch <= 0 || dim <= 0) return;
  // A one-hot X has exactly one nonzero per row, equal to 1: then X·W *is* W[col],
  // and the fastest matmul that knows its zeros is the lookup itself.
  bool one_hot = true;
  for (int64_t i = 0; i < batch && one_hot; ++i)
    one_hot = row_ptr[i + 1] - row_ptr[i] == 1 && (val == nullptr || val[row_ptr[i]] == 1.0f);
  if (one_hot) {
    lookup_rows(out, table, vocab, dim, col + row_ptr[0], batch);
    return;
  }
  // General CSR x dense: out[i] = Σ_k val[k] · W[col[k]], over the nonzeros only.
  for (int64_t i = 0; i < batch; ++i) {
    float* y = out + i * dim;
    if (row_ptr[i] == row_ptr[i + 1]) {
      std::fill(y, y + dim, 0.0f);
      continue;
    }
    for (int64_t k = row_ptr[i]; k < row_ptr[i + 1]; ++k) {
      const float v = val ? val[k] : 1.0f;
      const float* w = table + col[k] * dim;
      if (k == row_ptr[i])
        for (int64_t j = 0; j < dim; ++j) y[j] = v * w[j];
      else
        for (int64_t j = 0; j < dim; ++j) y[j] += v * w[j];
    }
  }
}

const char* kernels_isa() { return use_avx512() ? "avx512f+avx2+fma" : use_avx2() ? "avx2+fma" : "sse2"; }

const char* kernels_isa_label() {
  static const char* const forced = [] {
    const char* v = std::getenv("LOOKUPVIZ_ISA_TEXT");
    return v && *v ? v : nullptr;
  }();
  return forced ? forced : kernels_isa();
}

bool kernels_use_avx2(bool allow) {
  g_allow_avx2.store(allow, std::memory_order_relaxed);
  forget_auto_lookup();
  return use_avx2();
}

bool kernels_use_avx512(bool allow) {
  g_allow_avx512.store(allow, std::memory_order_relaxed);
  forget_auto_lookup();
  return use_avx512();
}

}  // namespace lv
