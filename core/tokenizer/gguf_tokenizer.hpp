// gguf_tokenizer.hpp — the tokenizer a .gguf carries in its metadata, as llama.cpp reads it:
//   tokenizer.ggml.model   "gpt2": byte-level BPE, tokenizer.ggml.merges ("a b" by rank; a
//                          merge listed twice keeps its first rank) and tokenizer.ggml.pre
//                          naming the pre-tokenizer (llama_cpp_pre.hpp: every name llama.cpp
//                          knows; another name gets llama.cpp's default and a note in the name);
//                          "llama": SentencePiece, merges by tokenizer.ggml.scores, then
//                          <0xNN> byte tokens, a space prefix (add_space_prefix) and ▁ for spaces
//   tokenizer.ggml.tokens, token_type (control, user-defined and unknown tokens are matched
//   in the text first, longest first, as llama.cpp's cache_special_tokens), unknown_token_id,
//   bos_token_id, eos_token_id; add_bos_token and add_eos_token (--special: what llama.cpp's
//   tokenize(text, add_special = true) puts around the text, with its defaults per model and pre).
#pragma once
#include <cstdint>
#include <string>

#include "core/io/gguf_file.hpp"
#include "core/tokenizer/tokenizer_json.hpp"

namespace lv {

// tokenizer.ggml.model absent: no tokenizer and no error. `label` names the file.
ModelTokenizerLoad tokenizer_from_gguf(const GgufHeader& h, const std::string& label);
// The file, open, for the arrays a header left in it (GgufKv::in_file): read with pread.
struct GgufBytes {
  int fd = -1;
  uint64_t n = 0;
};
// The same, with the vocabulary read from the file where the header left it there (a header
// parsed with strings_in_file_from: issue 39, the metadata is then never copied whole), and
// the header freed before the tokenizer's tables are built.
ModelTokenizerLoad tokenizer_from_gguf(GgufHeader&& h, const std::string& label, GgufBytes file);

}  // namespace lv
