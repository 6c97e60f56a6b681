// table_file.hpp — an embedding table from a file: `.npy` (versions 1–3, little-endian
// f4/f2/f8, C or Fortran order) or `.safetensors` (F32/F16/BF16/F64), any 2-D tensor.
//
// Files are untrusted. Every size in a header is checked with overflow-safe math
// against the bytes actually present; headers are bounded (npy 64 KiB, safetensors
// 100 MB); nothing is read past the data. The file is memory-mapped and converted
// into an owned float32 matrix (row-major; Fortran order transposed) under a SIGBUS
// guard, then unmapped, so a file truncated or replaced later cannot crash the app.
// Every failure is one sentence naming the file and the problem; the caller keeps
// its current table.
//
// parse_npy / parse_safetensors are the same code on bytes already in memory (the
// fuzz targets call them).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/tensor.hpp"

namespace lv {

// The largest table accepted: V × D values (8 GiB as float32). Loads are also refused
// when the float32 copy would not fit in this machine's physical memory.
inline constexpr int64_t kMaxTableElements = int64_t{1} << 31;
inline constexpr size_t kMaxNpyHeaderBytes = 65'536;
inline constexpr uint64_t kMaxSafetensorsHeaderBytes = 100'000'000;

struct TableFile {
  int64_t rows = 0;      // V
  int64_t cols = 0;      // D
  std::string dtype;     // the file's dtype: "float32", "float16", "bfloat16" or "float64"
  std::string name;      // the safetensors tensor's name; empty for .npy
  std::string path;      // the file as given (empty for parse_* on bytes)
  Matrix data;           // rows × cols float32, owned (the file is no longer mapped)
};

// Why a load failed: the file (exit 2 on the command line) or the machine (exit 1).
enum class TableLoadFailure {
  None,
  BadInput,  // the file is missing, malformed, too big for lookupviz, or has no such tensor
  NoMemory,  // the file is fine but this machine cannot hold its float32 copy
};

struct TableLoad {
  bool ok = false;
  TableLoadFailure failure = TableLoadFailure::None;  // when !ok
  TableFile table;                        // when ok
  std::string error;                      // when !ok: one sentence, no trailing newline
  // When a .safetensors file holds several 2-D tensors and no NAME was given: their
  // names for a chooser, the embedding-looking ones (wte, embed_tokens, tok_embeddings,
  // word_embeddings) first, then by name (error then says so too). Empty otherwise.
  std::vector<std::string> tensor_names;
};

// spec: "FILE" or "FILE:NAME". The whole string is tried as a path first (paths may
// contain ':'); otherwise it is split at the last ':'.
TableLoad load_table(const std::string& spec);

// The same parsers on bytes in memory. label names the data in error messages.
TableLoad parse_npy(const uint8_t* bytes, size_t n, const std::string& label = "the .npy data");
TableLoad parse_safetensors(const uint8_t* bytes, size_t n, const std::string& name,
                            const std::string& label = "the .safetensors data");

// "154,389,504" — thousands separators, as the error messages print sizes.
std::string with_commas(uint64_t v);

}  // namespace lv
