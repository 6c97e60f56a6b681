// dtype_round.hpp — float16 / bfloat16 as torch (1.13, CPU) does them, bit for bit:
//   round_to_float16(x)  == x.to(torch.float16).float()
//   round_to_bfloat16(x) == x.to(torch.bfloat16).float()   (contiguous tensor)
// Round to nearest, ties to even; too large -> ±inf; subnormals kept (float16's
// smallest is 2^-24); NaN stays NaN. NaN bits follow torch: float16 keeps the sign and
// drops the payload (±0x7e00 -> ±0x7fc00000); bfloat16's vectorized conversion, which
// torch uses for every contiguous tensor, turns any NaN into 0xffff (-> 0xffff0000).
// The loaders use the exact widening conversions (half/bf16 -> float) below.
#pragma once
#include <cstdint>
#include <string_view>

#include "core/torch/tensor.hpp"

namespace lv {

enum class TableDtype { Float32, Float16, BFloat16 };

std::string_view dtype_name(TableDtype t);        // "float32", "float16", "bfloat16"
std::string_view torch_dtype_name(TableDtype t);  // "torch.float32", ...

uint16_t float_to_half_bits(float x);      // IEEE binary16, RNE
float half_bits_to_float(uint16_t h);      // exact
uint16_t float_to_bfloat16_bits(float x);  // RNE; NaN -> 0xffff as torch's AVX2 path
float bfloat16_bits_to_float(uint16_t b);  // exact: b << 16

inline float round_to_float16(float x) { return half_bits_to_float(float_to_half_bits(x)); }
inline float round_to_bfloat16(float x) { return bfloat16_bits_to_float(float_to_bfloat16_bits(x)); }
float round_to(float x, TableDtype t);

// Every element of m rounded in place (Float32: unchanged).
void round_table(Matrix& m, TableDtype t);
void round_values(float* data, size_t n, TableDtype t);

}  // namespace lv
