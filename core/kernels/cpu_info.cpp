// cpu_info.cpp — see the header. CPUID through GCC's <cpuid.h>; caches through
// sysconf, which glibc answers from CPUID leaf 4 / 0x8000001D.
#include "core/kernels/cpu_info.hpp"

#include <unistd.h>

#include <cstring>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

#include "core/text/text_format.hpp"

namespace lv {

namespace {

// A cache size; "?" when the CPU did not say.
std::string bytes_text(int64_t b) { return b <= 0 ? "?" : binary_bytes(static_cast<uint64_t>(b)); }

CpuInfo read_cpu_info() {
  CpuInfo c;
#if defined(__x86_64__) || defined(__i386__)
  unsigned a = 0, b = 0, cc = 0, d = 0;
  if (__get_cpuid(0, &a, &b, &cc, &d)) {
    char v[13] = {};
    std::memcpy(v, &b, 4);
    std::memcpy(v + 4, &d, 4);
    std::memcpy(v + 8, &cc, 4);
    c.vendor = v;
  }
  if (__get_cpuid(1, &a, &b, &cc, &d)) {
    const int base_family = static_cast<int>((a >> 8) & 0xF), base_model = static_cast<int>((a >> 4) & 0xF);
    c.family = base_family == 0xF ? base_family + static_cast<int>((a >> 20) & 0xFF) : base_family;
    c.model =
        base_family == 0x6 || base_family == 0xF ? base_model | static_cast<int>(((a >> 16) & 0xF) << 4) : base_model;
    c.stepping = static_cast<int>(a & 0xF);
  }
  unsigned max_ext = __get_cpuid_max(0x80000000u, nullptr);
  if (max_ext >= 0x80000004u) {
    char brand[49] = {};
    for (unsigned i = 0; i < 3; ++i) {
      unsigned r[4];
      __get_cpuid(0x80000002u + i, &r[0], &r[1], &r[2], &r[3]);
      std::memcpy(brand + 16 * i, r, 16);
    }
    std::string s = brand;
    while (!s.empty() && s.back() == ' ') s.pop_back();
    while (!s.empty() && s.front() == ' ') s.erase(s.begin());
    c.name = s;
  }
  __builtin_cpu_init();
  struct Ext {
    const char* name;
    bool has;
  };
  const Ext exts[] = {
      {"sse2", __builtin_cpu_supports("sse2") != 0},
      {"avx", __builtin_cpu_supports("avx") != 0},
      {"avx2", __builtin_cpu_supports("avx2") != 0},
      {"fma", __builtin_cpu_supports("fma") != 0},
      {"avx512f", __builtin_cpu_supports("avx512f") != 0},
      {"avx512bw", __builtin_cpu_supports("avx512bw") != 0},
      {"avx512dq", __builtin_cpu_supports("avx512dq") != 0},
      {"avx512vl", __builtin_cpu_supports("avx512vl") != 0},
      {"avx512vbmi", __builtin_cpu_supports("avx512vbmi") != 0},
      {"avx512ifma", __builtin_cpu_supports("avx512ifma") != 0},
  };
  for (const Ext& e : exts)
    if (e.has) c.extensions += (c.extensions.empty() ? "" : " ") + std::string(e.name);
  // ERMS (fast rep movsb: glibc's memcpy uses it): CPUID 7, EBX bit 9.
  if (__get_cpuid_count(7, 0, &a, &b, &cc, &d) && (b & (1u << 9))) c.extensions += " erms";
#endif
  c.l1d = sysconf(_SC_LEVEL1_DCACHE_SIZE);
  c.l2 = sysconf(_SC_LEVEL2_CACHE_SIZE);
  c.l3 = sysconf(_SC_LEVEL3_CACHE_SIZE);
  return c;
}

}  // namespace

const CpuInfo& cpu_info() {
  static const CpuInfo info = read_cpu_info();
  return info;
}

std::string cpu_summary(const CpuInfo& c) {
  std::string s = c.name.empty() ? std::string("unknown CPU") : c.name;
  s += " (" + (c.vendor.empty() ? std::string("?") : c.vendor) + " family " + std::to_string(c.family) + " model " +
       std::to_string(c.model) + ")";
  s += "; " + (c.extensions.empty() ? std::string("no vector extensions reported") : c.extensions);
  s += "; L1d " + bytes_text(c.l1d) + ", L2 " + bytes_text(c.l2) + ", L3 " + bytes_text(c.l3);
  return s;
}

}  // namespace lv
