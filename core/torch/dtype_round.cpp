// dtype_round.cpp — float32 <-> float16 / bfloat16 with torch's exact bits.
// float16 follows c10's fp16_ieee_from_fp32_value / fp16_ieee_to_fp32_value (what
// torch 1.13 runs element by element); bfloat16 follows c10::round_to_nearest_even
// and, for NaN, Vectorized<BFloat16>'s cvtfp32_bf16 (see the header).
#include "core/torch/dtype_round.hpp"

#include <bit>
#include <cstring>

namespace lv {

std::string_view dtype_name(TableDtype t) {
  switch (t) {
    case TableDtype::Float16: return "float16";
    case TableDtype::BFloat16: return "bfloat16";
    default: return "float32";
  }
}

std::string_view torch_dtype_name(TableDtype t) {
  switch (t) {
    case TableDtype::Float16: return "torch.float16";
    case TableDtype::BFloat16: return "torch.bfloat16";
    default: return "torch.float32";
  }
}

uint16_t float_to_half_bits(float x) {
  const uint32_t f = std::bit_cast<uint32_t>(x);
  const uint16_t sign = static_cast<uint16_t>((f >> 16) & 0x8000u);
  const uint32_t a = f & 0x7fffffffu;           // |x|
  if (a > 0x7f800000u) return sign | 0x7e00u;   // NaN: quiet, payload dropped
  if (a >= 0x477ff000u) return sign | 0x7c00u;  // >= 65520 rounds to inf (and inf)
  if (a < 0x38800000u) {
    // Below 2^-14: a float16 subnormal (or zero). Its unit is 2^-24; round |x| / 2^-24
    // to an integer, ties to even. Below 2^-25 everything rounds to 0 (2^-25 is a tie).
    if (a < 0x33000000u) return sign;
    const uint32_t exp = a >> 23;  // biased; 102..112 here
    const uint32_t mant = (a & 0x7fffffu) | 0x800000u;
    const uint32_t shift = 126u - exp;  // value = mant * 2^(exp-150); unit 2^-24
    const uint32_t q = mant >> shift;
    const uint32_t rem = mant & ((1u << shift) - 1u);
    const uint32_t half = 1u << (shift - 1u);
    const uint32_t r = q + ((rem > half || (rem == half && (q & 1u))) ? 1u : 0u);
    return sign | static_cast<uint16_t>(r);  // r may reach 0x400: the smallest normal
  }
  // Normal: rebias the exponent (127 -> 15) and round the 23-bit mantissa to 10 bits;
  // a carry out of the mantissa correctly bumps the exponent (up to inf).
  const uint32_t rebased = a - (112u << 23);
  const uint32_t rounded = rebased + 0xfffu + ((rebased >> 13) & 1u);
  return sign | static_cast<uint16_t>(rounded >> 13);
}

float half_bits_to_float(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  const uint32_t exp = (h >> 10) & 0x1fu;
  uint32_t mant = h & 0x3ffu;
  uint32_t out;
  if (exp == 0x1f) {
    out = sign | 0x7f800000u | (mant << 13) | (mant ? 0x400000u : 0u);  // inf, or quiet NaN
  } else if (exp != 0) {
    out = sign | ((exp + 112u) << 23) | (mant << 13);
  } else if (mant == 0) {
    out = sign;
  } else {
    // Subnormal: normalise. value = mant * 2^-24.
    int e = 113;  // biased exponent of 2^-14
    while ((mant & 0x400u) == 0) {
      mant <<= 1;
      --e;
    }
    out = sign | (static_cast<uint32_t>(e) << 23) | ((mant & 0x3ffu) << 13);
  }
  return std::bit_cast<float>(out);
}

uint16_t float_to_bfloat16_bits(float x) {
  const uint32_t f = std::bit_cast<uint32_t>(x);
  if ((f & 0x7fffffffu) > 0x7f800000u) return 0xffffu;  // NaN, as torch's AVX2 conversion
  return static_cast<uint16_t>((f + 0x7fffu + ((f >> 16) & 1u)) >> 16);
}

float bfloat16_bits_to_float(uint16_t b) { return std::bit_cast<float>(static_cast<uint32_t>(b) << 16); }

float round_to(float x, TableDtype t) {
  switch (t) {
    case TableDtype::Float16: return round_to_float16(x);
    case TableDtype::BFloat16: return round_to_bfloat16(x);
    default: return x;
  }
}

void round_values(float* data, size_t n, TableDtype t) {
  if (t == TableDtype::Float16) {
    for (size_t i = 0; i < n; ++i) data[i] = round_to_float16(data[i]);
  } else if (t == TableDtype::BFloat16) {
    for (size_t i = 0; i < n; ++i) data[i] = round_to_bfloat16(data[i]);
  }
}

void round_table(Matrix& m, TableDtype t) { round_values(m.data(), static_cast<size_t>(m.size()), t); }

}  // namespace lv
