// table_file.hpp — an embedding table from a file: `.npy` (versions 1–3, little-endian
// f4/f2/f8, C or Fortran order), `.safetensors` (F32/F16/BF16/F64), any 2-D tensor, or
// `.gguf` (versions 2 and 3: F32/F16/BF16/F64 and ggml's Q8_0, Q4_0, Q4_1, Q5_0, Q5_1,
// Q2_K, Q3_K, Q4_K, Q5_K, Q6_K; token_embd.weight unless another 2-D tensor is named).
//
// Files are untrusted. Every size in a header is checked with overflow-safe math
// against the bytes actually present; headers are bounded (npy 64 KiB, safetensors
// 100 MB); nothing is read past the data. The table stays where it is: the file is
// memory-mapped read-only and its values are read in their stored dtype, a row at a
// time, converted to float32 as they are read (a 1 GB bf16 table costs no memory of
// its own; a quantized row is dequantized as ggml does, a row at a time). Every read from the mapping runs under a
// SIGBUS guard, so a file truncated or replaced later cannot crash the app: the read fails (NaN) and `changed()` says
// so. Every failure is one sentence naming the file and the problem; the caller keeps its current table.
//
// parse_npy / parse_safetensors / parse_gguf are the same code on bytes already in memory (the
// fuzz targets call them).
#pragma once
#include <cstddef>
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/torch/tensor.hpp"

namespace lv {

// The largest table accepted: V × D values (8 GiB as float32).
inline constexpr int64_t kMaxTableElements = int64_t{1} << 31;
inline constexpr size_t kMaxNpyHeaderBytes = 65'536;
inline constexpr uint64_t kMaxSafetensorsHeaderBytes = 100'000'000;

// How the values are stored: a float type (one value per item) or one of ggml's block
// formats (core/io/ggml_quants.hpp: block_values values in block_bytes bytes).
enum class StoredType { F32, F16, BF16, F64, Q4_0, Q4_1, Q5_0, Q5_1, Q8_0, Q2_K, Q3_K, Q4_K, Q5_K, Q6_K };
// Values per block and bytes per block (1 and the itemsize for the float types).
int stored_block_values(StoredType t);
int stored_block_bytes(StoredType t);
inline bool stored_quantized(StoredType t) { return stored_block_values(t) > 1; }

struct TableFile {
  int64_t rows = 0;    // V
  int64_t cols = 0;    // D
  std::string dtype;   // the file's dtype: "float32", "float16", "bfloat16", "float64", or ggml's
                       // name of a block format ("Q4_K", "Q8_0", …)
  std::string name;    // the safetensors or gguf tensor's name; empty for .npy
  bool named = false;  // name is a tensor's (a .safetensors or .gguf file): "" is a name too
  bool gguf = false;   // from a .gguf file (its tensor is ggml's ne = [cols, rows])
  std::string path;    // the file as given (empty for parse_* on bytes); a folder's: the shard read

  // A Hugging Face folder's table (load_table on a folder, core/io/hf_folder.hpp); empty otherwise.
  std::string folder;                // the folder as given (no trailing '/'): what opens it again
  bool folder_named = false;         // opened as FOLDER:NAME (not the embedding config.json points to)
  std::string architecture;          // config.json's architectures[0], else its model_type; "" when neither
  std::string shard;                 // the file in the folder that holds the table ("model-00002-of-00003.safetensors")
  bool indexed = false;              // found through model.safetensors.index.json (else the folder's model.safetensors)
  bool tie_word_embeddings = false;  // config.json says true: slide 8's head is the table
  // The untied output head (lm_head.weight; embed_out.weight for GPT-NeoX), V × D like the
  // table, mapped from its own shard; null when tied, absent or unreadable (head_note says why).
  std::shared_ptr<const TableFile> head;
  std::string head_note;

  // Where the values are: element (i, j) at base + (fortran ? i + j·rows : i·cols + j) ·
  // itemsize; for a block format, row i at base + i · row_bytes(), j in its block j / block_values. `keep` holds what
  // base points into — the file's mapping, or a copy of the bytes parse_* was given, or a matrix built in memory
  // (from_matrix).
  StoredType type = StoredType::F32;
  bool fortran = false;  // column-major (.npy fortran_order)
  bool mapped = false;   // base is in a file mapping: reads are SIGBUS-guarded
  const uint8_t* base = nullptr;
  std::shared_ptr<const void> keep;

  // Bytes of one item: a value of a float type, a block of a block format.
  size_t itemsize() const { return static_cast<size_t>(stored_block_bytes(type)); }
  // Bytes of one row as stored (what looking one row up reads), and of the table.
  uint64_t row_bytes() const {
    return static_cast<uint64_t>(cols) / static_cast<uint64_t>(stored_block_values(type)) * itemsize();
  }
  uint64_t stored_bytes() const { return static_cast<uint64_t>(rows) * row_bytes(); }
  // The rows as float32 in place (no conversion needed): float32, C order. Else null.
  // Reading through it skips the SIGBUS guard: for workers that guard themselves.
  const float* f32() const {
    return type == StoredType::F32 && !fortran ? reinterpret_cast<const float*>(base) : nullptr;
  }

  // Row r (cols floats) into out. False (out NaN) if the file changed underneath.
  bool read_row(int64_t r, float* out) const;
  // Rows ids[0..n) into out (n × cols), under one guard.
  bool read_rows(const int64_t* ids, size_t n, float* out) const;
  // Rows [first, first + n) into out: for scans.
  bool read_range(int64_t first, int64_t n, float* out) const;
  float at(int64_t r, int64_t c) const;  // NaN if the file changed
  // The whole table as float32 (tests and small tables only: this is the copy the app never makes).
  Matrix to_matrix() const;
  // True once a read found the file truncated or replaced since it was opened, or
  // check_on_disk() saw it change.
  bool changed() const { return changed_->load(std::memory_order_relaxed); }

  // The file as it was when opened (mapped tables): what check_on_disk compares.
  struct DiskId {
    uint64_t dev = 0, ino = 0;
    int64_t size = -1;  // bytes
    int64_t mtime_ns = 0;
  } disk;
  uint64_t data_offset = 0;  // bytes from the file's start to base (mapped tables)
  // Looks at the file again: one stat of the path and one fstat of the file mapped (no
  // read of the table; call it about once a second, never per frame work of V × D).
  // "" while it is the same file, size and modification time; else one sentence saying
  // what changed ("… was changed on disk since it was opened …"). A file that shrank
  // makes every value past its new end read as NaN from then on (the bytes of its last
  // page past the end would read as zeros, not NaN) and sets changed(). Tables not from
  // a mapped file never change: "".
  std::string check_on_disk() const;

  // A table built in memory (tests; a table the app made), float32, row-major.
  static std::shared_ptr<TableFile> from_matrix(Matrix m, std::string path = "", std::string name = "");

  std::shared_ptr<std::atomic<bool>> changed_ = std::make_shared<std::atomic<bool>>(false);
  // Bytes of the file that still hold data (offset from its start), as last seen by
  // check_on_disk: values at or past it read as NaN.
  std::shared_ptr<std::atomic<uint64_t>> valid_end_ = std::make_shared<std::atomic<uint64_t>>(~uint64_t{0});
};

// Why a load failed: the file (exit 2 on the command line) or the machine (exit 1).
enum class TableLoadFailure {
  None,
  BadInput,  // the file is missing, malformed, too big for lookupviz, or has no such tensor
  NoMemory,  // the file is fine but this machine ran out of memory reading its header
};

// The spec that opens this table again: "FILE" or "FILE:NAME" (also "FILE:" for a
// tensor named "").
std::string table_spec(const TableFile& t);

struct TableLoad {
  bool ok = false;
  TableLoadFailure failure = TableLoadFailure::None;  // when !ok
  TableFile table;                                    // when ok
  std::string error;                                  // when !ok: one sentence, no trailing newline
  // When a .safetensors (or a .gguf without token_embd.weight) file holds several 2-D tensors and no NAME was given:
  // their names for a chooser, the embedding-looking ones (wte, embed_tokens, tok_embeddings, word_embeddings) first,
  // then by name (error then says so too). Empty otherwise.
  std::vector<std::string> tensor_names;
};

// spec: "FILE" or "FILE:NAME". The whole string is tried as a path first (paths may
// contain ':'); otherwise it is split at the last ':' that leaves an existing file.
// "FILE:" names the tensor "" (a name a file may hold). A folder (or its config.json or
// model.safetensors.index.json) opens as a Hugging Face model: its input embedding, found
// through the index (FOLDER:NAME for another tensor of it), with its output head.
TableLoad load_table(const std::string& spec);

// The same parsers on bytes in memory. label names the data in error messages.
TableLoad parse_npy(const uint8_t* bytes, size_t n, const std::string& label = "the .npy data");
TableLoad parse_safetensors(const uint8_t* bytes, size_t n, const std::string& name,
                            const std::string& label = "the .safetensors data");
// name: the tensor (empty: token_embd.weight, or the one 2-D tensor, or a chooser).
TableLoad parse_gguf(const uint8_t* bytes, size_t n, const std::string& name,
                     const std::string& label = "the .gguf data");

}  // namespace lv
