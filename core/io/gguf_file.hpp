// gguf_file.hpp — the header of a .gguf file (llama.cpp's format, versions 2 and 3):
// its metadata (every value type: integers, floats, bools, strings, arrays of any of
// them, arrays of arrays) and its tensor infos, checked, with the data section's place.
//
// The file is untrusted. Every count and length is checked against the bytes that are
// actually there before anything is read or allocated (a count that lies ends the read
// with a sentence saying so, never a huge allocation); arrays of arrays are at most
// kMaxGgufNesting deep; every tensor's bytes must lie inside the file at an offset that
// is a multiple of `general.alignment`. Errors are one sentence naming the file.
//
// Nothing of the data section is read here: load_table (table_file.hpp) maps the file and
// reads a tensor's rows where they lie, dequantized as they are read (ggml_quants.hpp).
// Values are kept as offsets into a copy of the header bytes and decoded when asked for.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lv {

inline constexpr uint64_t kMaxGgufHeaderBytes = 512ull << 20;  // a 256k-token vocabulary is ~10 MB
inline constexpr int kMaxGgufNesting = 8;                      // arrays of arrays of …
inline constexpr int kMaxGgufDims = 4;                         // GGML_MAX_DIMS
// Real files hold tens of metadata entries and up to a few thousand tensors; a file that
// holds millions of tiny ones would cost far more memory than its bytes.
inline constexpr uint64_t kMaxGgufEntries = 1'000'000;

// GGUF's metadata value types (gguf_type).
enum class GgufValueType : uint32_t {
  U8 = 0,
  I8 = 1,
  U16 = 2,
  I16 = 3,
  U32 = 4,
  I32 = 5,
  F32 = 6,
  BOOL = 7,
  STRING = 8,
  ARRAY = 9,
  U64 = 10,
  I64 = 11,
  F64 = 12,
};
const char* gguf_value_type_name(uint32_t t);  // "UINT32", "ARRAY", …; null when not one

struct GgufKv {
  std::string key;
  GgufValueType type = GgufValueType::U8;
  GgufValueType elem = GgufValueType::U8;  // arrays: the items' type
  uint64_t count = 0;                      // arrays: the number of items
  uint64_t value_at = 0;  // where the value starts in GgufHeader::bytes (after an array's type and count)
  // A long array of strings left in the file (parse_gguf_header's strings_in_file_from):
  // value_at is then its items' offset in the file, read with read_gguf_strings
  // (gguf_strings.hpp); get_strings gives nullopt for it.
  bool in_file = false;
};

struct GgufTensorInfo {
  std::string name;
  std::vector<uint64_t> ne;  // ggml's order: ne[0] is the contiguous one (D of a V × D table)
  uint32_t type = 0;         // ggml_type (ggml_quants.hpp)
  uint64_t offset = 0;       // from the data section's start
  uint64_t nbytes = 0;       // 0 when the type's layout is unknown to lookupviz
};

struct GgufHeader {
  uint32_t version = 0;
  uint64_t alignment = 32;
  uint64_t data_offset = 0;  // the data section's start, from the file's start
  std::vector<GgufKv> kv;    // in file order
  std::vector<GgufTensorInfo> tensors;
  std::string bytes;  // the header as read (the values' bytes live here)

  const GgufKv* find(std::string_view key) const;
  // Scalar values; nullopt when the key is missing or of another kind.
  std::optional<uint64_t> get_uint(std::string_view key) const;  // any unsigned type, or a signed one >= 0
  std::optional<int64_t> get_int(std::string_view key) const;
  std::optional<double> get_float(std::string_view key) const;  // F32, F64
  std::optional<bool> get_bool(std::string_view key) const;
  std::optional<std::string> get_string(std::string_view key) const;
  // An array of strings (e.g. tokenizer.ggml.tokens) / of numbers as doubles (scores,
  // token types); nullopt when the key is missing or of another kind.
  std::optional<std::vector<std::string_view>> get_strings(std::string_view key) const;
  std::optional<std::vector<double>> get_numbers(std::string_view key) const;
};

struct GgufParse {
  bool ok = false;
  GgufHeader header;
  std::string error;     // when !ok: one sentence
  bool changed = false;  // the file changed under the read (a guarded copy failed)
};

// The header of the n bytes at base (a file's mapping: copied out under the SIGBUS
// guard, a bit at a time, as far as the header goes). label names the file in errors.
// Arrays of at least `strings_in_file_from` strings are checked in the file but not copied
// (GgufKv::in_file): a tokenizer reads its vocabulary once, from the file.
GgufParse parse_gguf_header(const uint8_t* base, size_t n, const std::string& label,
                            uint64_t strings_in_file_from = UINT64_MAX);
// What a reader that needs no vocabulary (the table, its unused rows) or reads it from the
// file (the tokenizer) passes: arrays of this many strings are a vocabulary or its merges.
inline constexpr uint64_t kGgufStringsInFile = 4096;

}  // namespace lv
