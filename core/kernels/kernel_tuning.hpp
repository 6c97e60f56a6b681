// kernel_tuning.hpp — the lookup's size knobs, derived from the cache sizes the CPU
// reports (core/kernels/cpu_info.hpp) instead of constants measured on one CPU.
//
// Each knob is scaled so that on the AMD EPYC (Zen 3) the kernels were tuned on —
// L1d 32 KiB, L2 512 KiB — it gives what was measured best there (kernels.cpp has
// those measurements); on another CPU it follows that CPU's caches. Whether each
// tuned copy is used at all is then measured per process (core/kernels/kernel_calibration.hpp).
#pragma once
#include <cstdint>
#include <string>

namespace lv {

struct KernelTuning {
  // How far ahead to prefetch, in bytes of rows: one row at a time (kPrefetch without
  // row groups) and for groups of rows. Rows in flight should fit the L1d they are
  // prefetched into, with room to spare: 3/4 L1d and 1.5 L1d (the grouped copy
  // consumes its rows sooner). Zen 3: 24 KiB (8 GPT-2 rows) and 48 KiB (16 rows).
  int64_t prefetch_ahead_bytes = 24 * 1024;
  int64_t group_ahead_bytes = 48 * 1024;
  // Stream the output (non-temporal stores) from this many bytes on: once the output is
  // well past what the core's own L2 holds it is written back from cache anyway. 8 × L2,
  // within [4 MiB, 32 MiB]. Not the L3: a VM may report the host's (256 MiB here), and
  // the L3 is shared with other cores. Zen 3: 4 MiB (B = 1024 GPT-2 rows, 3 MiB, is not
  // streamed; B = 4096, 12.6 MB, is — as measured best there).
  int64_t stream_min_out_bytes = 8 * 1024 * 1024;
};

// The knobs for caches of these sizes in bytes (0 = not reported: the Zen 3 values).
KernelTuning kernel_tuning_for(int64_t l1d_bytes, int64_t l2_bytes);

// For this CPU, read once.
const KernelTuning& kernel_tuning();

// "prefetch 24 KiB ahead (groups 48 KiB), stream from 4 MiB out"
std::string kernel_tuning_summary(const KernelTuning& t);

}  // namespace lv
