// kernels.hpp — the tuned kernels: the lookup near memcpy speed, the dense one-hot
// matmul (Eigen, every zero multiplied) and a sparse one that knows its zeros.
// Plain functions over raw row-major float32 buffers with explicit sizes, so the
// benchmark, slide 7 and the tests call them without copies. The reference
// implementations (clear over fast) are in core/torch/embedding_ops.cpp; tests/core/
// kernels_test.cpp checks every kernel here against them.
//
// All kernels are single-threaded and run on any x86-64: SSE2 is the baseline, and
// AVX2/FMA and (for the lookup) AVX-512F code paths are chosen at run time when the
// CPU has them. Which path the lookup runs is measured once per process against plain
// memcpy (core/kernels/kernel_calibration.hpp).
#pragma once
#include <cstdint>

namespace lv {

// How lookup_rows copies. kAuto picks by B and the row size (see kernels.cpp).
enum class LookupStrategy {
  kAuto,
  kPlain,     // one memcpy per row: best when few rows (the call overhead is all there is)
  kPrefetch,  // prefetch the rows a few IDs ahead, then copy (8 rows at once with AVX2): hides DRAM latency
  kStream,    // prefetch + non-temporal stores: the output bypasses the cache (large B)
};
const char* lookup_strategy_name(LookupStrategy s);
// What kAuto picks: plain below 8 rows, stream when the output is at least
// kernel_tuning().stream_min_out_bytes (core/kernels/kernel_tuning.hpp) in rows of >= 256 bytes.
LookupStrategy lookup_strategy_for(int64_t batch, int64_t dim);

// Which code copies the rows, whatever the strategy.
enum class LookupPath {
  kAuto,      // the path calibrated for the strategy (core/kernels/kernel_calibration.hpp),
              // within what kernels_use_avx2/kernels_use_avx512 allow
  kBaseline,  // every strategy: memcpy per row, the next rows prefetched (glibc's copy for this CPU)
  kGather,    // every strategy: the plain gather — memcpy per row, every cache line of the row
              // lookup_gather_rows() rows ahead prefetched (issue 43: the floor the bench holds
              // every path to; the calibration chooses a tuned path only where it beats this)
  kSse2,      // plain/prefetch: memcpy per row (prefetch: rows ahead prefetched); stream: SSE2 non-temporal
  kAvx2,      // 32-byte copies; prefetch: 8 rows interleaved; stream: 4 rows, non-temporal
  kAvx512,    // the same with 64-byte AVX-512F copies and masked row tails (core/kernels/kernels_avx512.cpp)
};
const char* lookup_path_name(LookupPath p);  // "auto", "baseline", "gather", "sse2", "avx2", "avx512"
bool lookup_path_supported(LookupPath p);    // whether this CPU can run it (kAuto, kBaseline, kGather, kSse2: always)
// The path kAuto runs for this strategy now (kAuto picks the strategy by B and D first).
LookupPath lookup_path_for(LookupStrategy strategy);
// The code kAuto runs for this shape on this CPU, for the benchmark's table:
// e.g. "prefetch: avx2, 8 rows interleaved" or "prefetch: baseline memcpy per row, rows ahead prefetched".
const char* lookup_path(int64_t batch, int64_t dim);

// How far ahead the prefetching copies ask for rows, in bytes of rows (copies of row
// groups: twice that): kernel_tuning()'s, from the caches, until the calibration measures
// it on this CPU (core/kernels/kernel_calibration.hpp) and sets it; 0 goes back to the caches'.
void set_lookup_prefetch_bytes(int64_t bytes);
int64_t lookup_prefetch_bytes();
// How many rows ahead LookupPath::kGather prefetches every line of a row: 3 until the
// calibration measures 1..8 on this CPU and sets it; 0 goes back to 3.
void set_lookup_gather_rows(int64_t rows);
int64_t lookup_gather_rows();

// out (B x D) = table[ids] with table (V x D); every ids[i] must be in [0, V).
// out must not overlap the table. B = 0 does nothing. A path the CPU lacks runs as
// the widest one it has below it (avx512 → avx2 → sse2).
void lookup_rows(float* out, const float* table, int64_t vocab, int64_t dim, const int64_t* ids, int64_t batch,
                 LookupStrategy strategy = LookupStrategy::kAuto, LookupPath path = LookupPath::kAuto);

// onehot (B x V) = one_hot(ids, V).float(): zeros, and a 1 at (i, ids[i]).
void fill_onehot(float* onehot, const int64_t* ids, int64_t batch, int64_t vocab);

// out (B x D) = onehot (B x V) · table (V x D), dense: all B·V·D multiply-adds, the
// B·(V−1)·D by zero included (so 0·inf = NaN shows up as in torch). Eigen's GEMM,
// one thread; with AVX2+FMA (core/kernels/kernels_avx2.cpp) and B = 2..128, Eigen's micro-
// kernel over the table packed row by row in memory order (faster than Eigen's own
// packing when few columns share it).
void onehot_matmul_dense(float* out, const float* onehot, const float* table, int64_t batch, int64_t vocab,
                         int64_t dim);

// out (B x D) = X (B x V) · table (V x D) with X sparse in CSR form: row i's nonzeros
// are col[row_ptr[i] .. row_ptr[i+1]) with values val[...] (row_ptr has B+1 entries).
// Only the nonzeros are visited: B·nnz_per_row·D multiply-adds instead of B·V·D.
// A one-hot X (one 1 per row) makes this exactly the lookup, and it runs as one.
// val may be null: every nonzero is then 1.
void onehot_matmul_sparse(float* out, const float* table, int64_t vocab, int64_t dim, const int64_t* row_ptr,
                          const int64_t* col, const float* val, int64_t batch);

// Which instruction sets the kernels may use on this CPU: "avx512f+avx2+fma" (the
// lookup's AVX-512F copies; Eigen's dense product stays AVX2+FMA), "avx2+fma" or "sse2".
// (Whether the lookup runs them is calibrated: lookup_path_for.)
const char* kernels_isa();
// What the app shows for it: kernels_isa(), unless LOOKUPVIZ_ISA_TEXT (environment)
// replaces the text — never the kernels — so tests draw the longest text a CPU could
// give ("avx512f+avx512bw+avx512dq+…") on any machine.
const char* kernels_isa_label();
// Allow (default) or forbid the AVX2+FMA paths, for the tests of the SSE2 ones on an
// AVX2 machine (forbidding AVX2 forbids AVX-512 too). Returns whether AVX2 is now in use.
bool kernels_use_avx2(bool allow);
// Allow (default) or forbid the AVX-512F paths. Returns whether AVX-512F is now in use.
bool kernels_use_avx512(bool allow);

}  // namespace lv
