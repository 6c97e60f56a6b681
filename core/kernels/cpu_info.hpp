// cpu_info.hpp — what this CPU says about itself, for the benchmark's header and for
// choosing kernels: vendor, family and model (CPUID, as the kernel's /proc/cpuinfo
// reads them), the vector extensions the kernels could use, and the cache sizes.
#pragma once
#include <cstdint>
#include <string>

namespace lv {

struct CpuInfo {
  std::string vendor;                       // "AuthenticAMD", "GenuineIntel"
  std::string name;                         // the brand string, "AMD EPYC 9R45 ..."
  int family = 0, model = 0, stepping = 0;  // display family/model (extended fields folded in)
  std::string extensions;                   // the ones that matter here, e.g. "sse2 avx avx2 fma avx512f avx512bw erms"
  int64_t l1d = 0, l2 = 0, l3 = 0;          // bytes (sysconf); 0 when not reported
};

const CpuInfo& cpu_info();  // read once

// "AMD EPYC (AuthenticAMD family 25 model 1); sse2 avx avx2 fma erms; L1d 32 KiB, L2 512 KiB, L3 256 MiB"
std::string cpu_summary(const CpuInfo& c);

}  // namespace lv
