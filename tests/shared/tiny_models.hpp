// tiny_models.hpp — small models with their own tokenizers, written byte by byte for the
// tests of core/tokenizer/model_tokenizer.hpp and its uses (core, CLI, UI):
//   llama_gguf()      a .gguf with an F32 token_embd.weight and a llama-type (SentencePiece)
//                     vocabulary: scores, token types, <0xNN> byte tokens
//   tokenizer_json()  a SentencePiece-style BPE tokenizer.json (Llama-2's normalizer, byte
//                     fallback) whose merges make ▁Hello and ▁world
//   npy_table()       a rows × cols float32 .npy (value (i, j) = i + j / 8)
// Both tokenizers encode "Hello world!" as kHelloWorldIds — GPT-2's IDs are [15496, 995, 0].
#pragma once
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

namespace lvtest {

inline void put_le(std::string& b, uint64_t v, int n) {
  for (int i = 0; i < n; ++i) b += static_cast<char>((v >> (8 * i)) & 0xFF);
}

// The vocabulary both tokenizers share, by ID, with SentencePiece scores: <unk> <s> </s>,
// the 256 byte tokens (IDs 3..258), single characters, then merged pieces whose scores make
// ▁Hello and ▁world (the higher score merges first).
inline std::vector<std::pair<std::string, float>> tiny_vocab() {
  std::vector<std::pair<std::string, float>> v = {{"<unk>", 0}, {"<s>", 0}, {"</s>", 0}};
  for (int b = 0; b < 256; ++b) {
    char name[8];
    std::snprintf(name, sizeof name, "<0x%02X>", b);
    v.push_back({name, 0});
  }
  for (const char* c : {"\xE2\x96\x81", "H", "e", "l", "o", "w", "r", "d"}) v.push_back({c, -100});
  const char* merged[] = {
      "ll", "\xE2\x96\x81H",    "\xE2\x96\x81He", "llo", "\xE2\x96\x81Hello", "\xE2\x96\x81w", "or", "\xE2\x96\x81wor",
      "ld", "\xE2\x96\x81world"};
  float score = -1;
  for (const char* m : merged) v.push_back({m, score--});
  return v;
}
inline int64_t tiny_id(const std::string& token) {
  const auto v = tiny_vocab();
  for (size_t i = 0; i < v.size(); ++i)
    if (v[i].first == token) return static_cast<int64_t>(i);
  return -1;
}
// "Hello world!": ▁Hello, ▁world, then '!' (no token of its own) as its byte <0x21>.
inline std::vector<int64_t> hello_world_ids() {
  return {tiny_id("\xE2\x96\x81Hello"), tiny_id("\xE2\x96\x81world"), 3 + 0x21};
}

inline std::string gguf_key(const std::string& key, uint32_t type) {
  std::string b;
  put_le(b, key.size(), 8);
  b += key;
  put_le(b, type, 4);
  return b;
}
inline std::string gguf_str(const std::string& s) {
  std::string b;
  put_le(b, s.size(), 8);
  return b + s;
}

// A GGUF v3 file: `rows` × `cols` float32 token_embd.weight (value (i, j) = i + j / 8) and,
// when `with_tokenizer`, the llama-type vocabulary above (rows should be ≥ its 277 tokens).
inline std::string llama_gguf(uint64_t rows, uint64_t cols, bool with_tokenizer = true) {
  const auto vocab = tiny_vocab();
  std::string kv;
  uint64_t n_kv = 0;
  kv += gguf_key("general.architecture", 8) + gguf_str("llama"), ++n_kv;
  if (with_tokenizer) {
    kv += gguf_key("tokenizer.ggml.model", 8) + gguf_str("llama"), ++n_kv;
    kv += gguf_key("tokenizer.ggml.tokens", 9), put_le(kv, 8, 4), put_le(kv, vocab.size(), 8), ++n_kv;
    for (const auto& [t, s] : vocab) kv += gguf_str(t);
    kv += gguf_key("tokenizer.ggml.scores", 9), put_le(kv, 6, 4), put_le(kv, vocab.size(), 8), ++n_kv;
    for (const auto& [t, s] : vocab) {
      uint32_t bits;
      std::memcpy(&bits, &s, 4);
      put_le(kv, bits, 4);
    }
    kv += gguf_key("tokenizer.ggml.token_type", 9), put_le(kv, 5, 4), put_le(kv, vocab.size(), 8), ++n_kv;
    for (size_t i = 0; i < vocab.size(); ++i) put_le(kv, i == 0 ? 2 : i < 3 ? 3 : i < 259 ? 6 : 1, 4);
    kv += gguf_key("tokenizer.ggml.bos_token_id", 4), put_le(kv, 1, 4), ++n_kv;
    kv += gguf_key("tokenizer.ggml.eos_token_id", 4), put_le(kv, 2, 4), ++n_kv;
  }
  std::string b = "GGUF";
  put_le(b, 3, 4), put_le(b, 1, 8), put_le(b, n_kv, 8);
  b += kv;
  b += gguf_str("token_embd.weight");
  put_le(b, 2, 4), put_le(b, cols, 8), put_le(b, rows, 8), put_le(b, 0, 4), put_le(b, 0, 8);
  b.resize((b.size() + 31) / 32 * 32, '\0');
  for (uint64_t i = 0; i < rows; ++i)
    for (uint64_t j = 0; j < cols; ++j) {
      const float v = static_cast<float>(i) + static_cast<float>(j) / 8.0f;
      uint32_t bits;
      std::memcpy(&bits, &v, 4);
      put_le(b, bits, 4);
    }
  return b;
}

inline std::string json_str(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

// The same vocabulary as a Hugging Face tokenizer.json (SentencePiece-style BPE as Llama-2's):
// merges in the scores' order, so both encode alike.
inline std::string tokenizer_json() {
  const auto vocab = tiny_vocab();
  std::string v, merges;
  for (size_t i = 0; i < vocab.size(); ++i) v += (i ? ", " : "") + json_str(vocab[i].first) + ": " + std::to_string(i);
  const char* pairs[][2] = {{"l", "l"},
                            {"\xE2\x96\x81", "H"},
                            {"\xE2\x96\x81H", "e"},
                            {"ll", "o"},
                            {"\xE2\x96\x81He", "llo"},
                            {"\xE2\x96\x81", "w"},
                            {"o", "r"},
                            {"\xE2\x96\x81w", "or"},
                            {"l", "d"},
                            {"\xE2\x96\x81wor", "ld"}};
  for (const auto& p : pairs)
    merges += std::string(merges.empty() ? "" : ", ") + json_str(std::string(p[0]) + " " + p[1]);
  return R"({"version": "1.0", "added_tokens": [)"
         R"({"id": 0, "content": "<unk>", "special": true}, {"id": 1, "content": "<s>", "special": true},)"
         R"( {"id": 2, "content": "</s>", "special": true}],)"
         R"( "normalizer": {"type": "Sequence", "normalizers": [{"type": "Prepend", "prepend": "▁"},)"
         R"( {"type": "Replace", "pattern": {"String": " "}, "content": "▁"}]},)"
         R"( "pre_tokenizer": null, "post_processor": null,)"
         R"( "decoder": {"type": "Sequence", "decoders": [{"type": "Replace", "pattern": {"String": "▁"}, "content": " "},)"
         R"( {"type": "ByteFallback"}, {"type": "Fuse"}, {"type": "Strip", "content": " ", "start": 1, "stop": 0}]},)"
         R"( "model": {"type": "BPE", "dropout": null, "unk_token": "<unk>", "fuse_unk": true, "byte_fallback": true,)"
         R"( "vocab": {)" +
         v + R"(}, "merges": [)" + merges + "]}}";
}

// A rows × cols float32 .npy whose value (i, j) is i + j / 8.
inline std::string npy_table(int rows, int cols) {
  std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': (" + std::to_string(rows) + ", " +
                       std::to_string(cols) + "), }";
  while ((10 + header.size() + 1) % 64 != 0) header += ' ';
  header += '\n';
  std::string out = std::string("\x93NUMPY\x01\x00", 8);
  put_le(out, header.size(), 2);
  out += header;
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) {
      const float v = static_cast<float>(i) + static_cast<float>(j) / 8.0f;
      uint32_t bits;
      std::memcpy(&bits, &v, 4);
      put_le(out, bits, 4);
    }
  return out;
}

}  // namespace lvtest
