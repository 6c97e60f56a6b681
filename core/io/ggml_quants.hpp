// ggml_quants.hpp — ggml's block formats (the tensor types of a .gguf file) and their
// dequantization to float32, a row at a time, exactly as ggml's dequantize_row_* do.
//
// A row of a quantized tensor is cols / block_values blocks of block_bytes each; the
// values of one block depend on that block's bytes only. The arithmetic follows
// ggml-quants.c operation by operation in float32 (core is built with
// -ffp-contract=off, so no multiply-add is fused), which gives ggml's values bit for bit
// (core.GgufOracle in tests/core/io/gguf_file_test.cpp checks every type against gguf-oracle's
// transliteration of ggml's C code).
//
// Sources: ggml's src/ggml-common.h (the block structs), src/ggml-quants.c
// (dequantize_row_*, get_scale_min_k4), include/ggml.h (the type numbers).
#pragma once
#include <cstddef>
#include <cstdint>

namespace lv {

// ggml's type numbers (enum ggml_type). Only the ones lookupviz reads are named; the
// others are named by ggml_type_name for error messages.
enum class GgmlType : uint32_t {
  F32 = 0,
  F16 = 1,
  Q4_0 = 2,
  Q4_1 = 3,
  Q5_0 = 6,
  Q5_1 = 7,
  Q8_0 = 8,
  Q2_K = 10,
  Q3_K = 11,
  Q4_K = 12,
  Q5_K = 13,
  Q6_K = 14,
  F64 = 28,
  BF16 = 30,
};

// ggml's name of a type number ("Q4_K", "IQ2_XXS", "TQ1_0", …; "type 99" when unknown).
const char* ggml_type_name(uint32_t type);
// Values per block and bytes per block of a type (1 and the itemsize for F32/F16/BF16/F64);
// false for a type lookupviz does not know the layout of.
bool ggml_block_size(uint32_t type, uint32_t* values, uint32_t* bytes);
// True for the types lookupviz dequantizes (the enum above).
bool ggml_readable(uint32_t type);

// One row: n values (a multiple of the type's block_values) from the row's bytes
// (n / block_values × block_bytes of them) into out. Quantized types only (Q*).
void dequantize_row(GgmlType type, const uint8_t* src, float* out, int64_t n);

}  // namespace lv
