// nearest_kernels.cpp — the scalar block kernel and the choice of path (see the header).
#include "core/nearest/nearest_kernels.hpp"

#include <cpuid.h>
#include <cstring>

#include "core/kernels/kernels.hpp"
#include "core/torch/dtype_round.hpp"

namespace lv {
namespace {

template <RowType T>
float element(const void* row, int64_t i) {
  if constexpr (T == RowType::F32) {
    return static_cast<const float*>(row)[i];
  } else {
    uint16_t h;
    std::memcpy(&h, static_cast<const uint16_t*>(row) + i, 2);
    return T == RowType::F16 ? half_bits_to_float(h) : bfloat16_bits_to_float(h);
  }
}

template <RowType T>
void block_scalar(const float* q, const void* rows, int64_t n, int64_t cols, float* dot, float* sq, float* l2) {
  const size_t row_bytes = static_cast<size_t>(cols) * (T == RowType::F32 ? 4 : 2);
  for (int64_t r = 0; r < n; ++r) {
    const void* row = static_cast<const uint8_t*>(rows) + static_cast<size_t>(r) * row_bytes;
    double d = 0, s = 0, e = 0;
    for (int64_t c = 0; c < cols; ++c) {
      const double v = element<T>(row, c);
      s += v * v;
      if (q) {
        const double x = static_cast<double>(q[c]);
        d += x * v;
        e += (x - v) * (x - v);
      }
    }
    if (sq) sq[r] = static_cast<float>(s);
    if (q && dot) dot[r] = static_cast<float>(d);
    if (q && l2) l2[r] = static_cast<float>(e);
  }
}

// F16C (CPUID leaf 1, ECX bit 29): clang 14's __builtin_cpu_supports does not know "f16c".
bool cpu_f16c() {
  unsigned a = 0, b = 0, c = 0, d = 0;
  return __get_cpuid(1, &a, &b, &c, &d) && (c & (1u << 29)) != 0;
}

bool cpu_avx2() {
  static const bool has = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && cpu_f16c();
  }();
  return has;
}

bool cpu_avx512() {
  static const bool has = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") != 0;
  }();
  return has;
}

}  // namespace

const char* nearest_path_name(NearestPath p) {
  switch (p) {
    case NearestPath::kAuto: return "auto";
    case NearestPath::kScalar: return "scalar";
    case NearestPath::kAvx2: return "avx2";
    case NearestPath::kAvx512: return "avx512";
  }
  return "?";
}

NearestPath nearest_path_for(NearestPath wanted, RowType /*type*/) {
  // kernels_isa() says what kernels_use_avx2/avx512 allow now ("avx512f+…", "avx2+fma", "sse2").
  const char* isa = kernels_isa();
  const bool allow512 = std::strncmp(isa, "avx512", 6) == 0, allow2 = allow512 || std::strncmp(isa, "avx2", 4) == 0;
  NearestPath p = wanted == NearestPath::kAuto ? NearestPath::kAvx512 : wanted;
  if (p == NearestPath::kAvx512 && !(cpu_avx512() && cpu_avx2() && (allow512 || wanted == NearestPath::kAvx512)))
    p = NearestPath::kAvx2;
  if (p == NearestPath::kAvx2 && !(cpu_avx2() && (allow2 || wanted == NearestPath::kAvx2))) p = NearestPath::kScalar;
  return p;
}

NearestBlockKernel nearest_block_kernel(NearestPath path, RowType type) {
  switch (path) {
    case NearestPath::kAvx512:
      return type == RowType::F32   ? detail::nearest_block_avx512_f32
             : type == RowType::F16 ? detail::nearest_block_avx512_f16
                                    : detail::nearest_block_avx512_bf16;
    case NearestPath::kAvx2:
      return type == RowType::F32   ? detail::nearest_block_avx2_f32
             : type == RowType::F16 ? detail::nearest_block_avx2_f16
                                    : detail::nearest_block_avx2_bf16;
    default:
      return type == RowType::F32   ? block_scalar<RowType::F32>
             : type == RowType::F16 ? block_scalar<RowType::F16>
                                    : block_scalar<RowType::BF16>;
  }
}

}  // namespace lv
