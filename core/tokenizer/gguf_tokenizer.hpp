// gguf_tokenizer.hpp — the tokenizer a .gguf carries in its metadata, as llama.cpp reads it:
//   tokenizer.ggml.model   "gpt2": byte-level BPE, tokenizer.ggml.merges ("a b" by rank) and
//                          tokenizer.ggml.pre naming the pre-tokenizer's pattern: default
//                          and gpt2 (GPT-2's), llama3 / llama-bpe (Llama-3's, ignore_merges),
//                          qwen2 (Qwen2's: digits one by one);
//                          "llama": SentencePiece, merges by tokenizer.ggml.scores, then
//                          <0xNN> byte tokens, a space prefix (add_space_prefix) and ▁ for spaces
//   tokenizer.ggml.tokens, token_type (control and user-defined tokens are matched in
//   the text first), unknown_token_id, bos_token_id, eos_token_id.
#pragma once
#include <string>

#include "core/io/gguf_file.hpp"
#include "core/tokenizer/tokenizer_json.hpp"

namespace lv {

// tokenizer.ggml.model absent: no tokenizer and no error. `label` names the file.
ModelTokenizerLoad tokenizer_from_gguf(const GgufHeader& h, const std::string& label);

}  // namespace lv
