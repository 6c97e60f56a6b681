// bpe_vocab.hpp — GPT-2's vocabulary as byte strings: 50,257 tokens (256 single bytes,
// 50,000 merges in rank order, <|endoftext|>), read from OpenAI's two files or from
// the compact pack made from them at build time.
//
//   encoder.json  {"token as byte-level symbols": id, ...}   (assets/gpt2/)
//   vocab.bpe     "#version: 0.2" then one merge "left right" per line, by rank
//
// Byte-level symbols: GPT-2 writes every byte as a printable code point (the space
// 0x20 is "Ġ" U+0120, the newline "Ċ" U+010A) so the files are plain text; the map
// is bytes_to_unicode() of openai/gpt-2's encoder.py, here byte_to_symbol().
//
// Both files are checked against their SHA-256 (a different encoder.json would give
// different IDs without any other error). The pack records those two hashes and its
// own payload's, checked again on every load.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/io/sha256.hpp"

namespace lv {

inline constexpr uint32_t kGpt2VocabSize = 50'257;  // tiktoken's gpt2: n_vocab
inline constexpr uint32_t kGpt2MergeCount = 50'000;
inline constexpr uint32_t kGpt2EndOfText = 50'256;  // <|endoftext|>
inline constexpr std::string_view kEndOfTextText = "<|endoftext|>";
inline constexpr std::string_view kEncoderJsonSha256 =
    "196139668be63f3b5d6574427317ae82f612a97c5d1cdaf36ed2256dbf636783";
inline constexpr std::string_view kVocabBpeSha256 = "1ce1664773c50f3e0cc8842619a93edc4624525b728b188a9e0be33b7726adc5";
inline constexpr std::string_view kBpePackFileName = "gpt2-bpe.bin";
inline constexpr uint64_t kBpePackBytes = 1'124'051;     // the pack's size: a larger file is not read
inline constexpr size_t kMaxBpeSourceBytes = 16u << 20;  // encoder.json (1 MB), vocab.bpe (456 KB): the cap

// The byte <-> symbol map of GPT-2's files: '!'..'~', '¡'..'¬', '®'..'ÿ' stand for
// themselves, the other 68 bytes for U+0100.. in byte order.
char32_t byte_to_symbol(uint8_t b);
int symbol_to_byte(char32_t c);                        // -1 when c stands for no byte
std::string bytes_as_symbols(std::string_view bytes);  // UTF-8 of the symbols, as in encoder.json

struct BpeMerge {
  uint32_t left, right;  // token IDs; the merge of rank r makes token 256 + r
};

struct BpeVocab {
  std::vector<uint32_t> offsets;           // token t's bytes are bytes[offsets[t] .. offsets[t+1])
  std::string bytes;                       // every token's bytes, in ID order
  std::array<uint32_t, 256> byte_token{};  // the ID of each single byte
  std::vector<uint32_t> by_bytes;          // the ordinary tokens' IDs (not <|endoftext|>), sorted by bytes
  std::vector<BpeMerge> merges;            // by rank

  uint32_t size() const { return static_cast<uint32_t>(offsets.empty() ? 0 : offsets.size() - 1); }
  std::string_view token(uint32_t id) const {
    return std::string_view(bytes).substr(offsets[id], offsets[id + 1] - offsets[id]);
  }
  // The ordinary token with exactly these bytes (its ID is also its merge priority,
  // as tiktoken ranks them), or -1.
  int64_t find(std::string_view b) const;
};

struct VocabLoad {
  bool ok = false;
  BpeVocab vocab;
  std::string error;  // one line when !ok
};

// From the two files' contents; `check_sha` off only for tests that feed altered text.
VocabLoad vocab_from_sources(std::string_view encoder_json, std::string_view vocab_bpe, bool check_sha = true);
VocabLoad vocab_from_files(const std::string& encoder_json_path, const std::string& vocab_bpe_path);

// The compact pack (little-endian): a 128-byte header (magic, version, counts, the two
// source hashes, the payload's hash), then offsets, byte_token, by_bytes, merges, bytes.
std::string write_pack(const BpeVocab& v);
VocabLoad read_pack(std::string_view pack);
VocabLoad read_pack_file(const std::string& path);

}  // namespace lv
