// kernel_tuning.cpp — see the header.
#include "core/kernels/kernel_tuning.hpp"

#include <algorithm>

#include "core/kernels/cpu_info.hpp"

namespace lv {

namespace {

constexpr int64_t kKiB = 1024, kMiB = 1024 * 1024;

std::string size_text(int64_t b) {
  if (b >= kMiB && b % kMiB == 0) return std::to_string(b / kMiB) + " MiB";
  return std::to_string(b / kKiB) + " KiB";
}

}  // namespace

KernelTuning kernel_tuning_for(int64_t l1d_bytes, int64_t l2_bytes) {
  KernelTuning t;
  // sysconf reports 0 (or -1) when it does not know; absurd values are ignored too.
  const int64_t l1d = l1d_bytes >= 8 * kKiB && l1d_bytes <= 1 * kMiB ? l1d_bytes : 32 * kKiB;
  const int64_t l2 = l2_bytes >= 64 * kKiB && l2_bytes <= 64 * kMiB ? l2_bytes : 512 * kKiB;
  t.prefetch_ahead_bytes = l1d * 3 / 4;
  t.group_ahead_bytes = l1d * 3 / 2;
  t.stream_min_out_bytes = std::clamp<int64_t>(8 * l2, 4 * kMiB, 32 * kMiB);
  return t;
}

const KernelTuning& kernel_tuning() {
  static const KernelTuning t = kernel_tuning_for(cpu_info().l1d, cpu_info().l2);
  return t;
}

std::string kernel_tuning_summary(const KernelTuning& t) {
  return "prefetch " + size_text(t.prefetch_ahead_bytes) + " ahead (row groups " + size_text(t.group_ahead_bytes) +
         "), stream from " + size_text(t.stream_min_out_bytes) + " out";
}

}  // namespace lv
