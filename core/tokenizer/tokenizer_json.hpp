// tokenizer_json.hpp — a Hugging Face tokenizer.json read into a BpeTokenizer: model
// "BPE" (vocab, merges as "a b" strings or [a, b] pairs, byte_fallback, ignore_merges,
// unk_token, fuse_unk), or WordPiece, Unigram or WordLevel (word_models.hpp; their options in
// tokenizer_json_parts.hpp), added_tokens (lstrip, rstrip), normalizer (normalizer.hpp: Sequence, NFC, NFD, NFKC,
// NFKD, Lowercase, StripAccents, Strip, Prepend, Replace, BertNormalizer), pre_tokenizer (Sequence, Split with each
// of the crate's behaviours, ByteLevel, Metaspace, Digits, BertPreTokenizer, Whitespace, WhitespaceSplit,
// Punctuation), decoder (ByteLevel, Metaspace, Replace, ByteFallback, Fuse, Strip, WordPiece) and post_processor
// (TemplateProcessing, BertProcessing, RobertaProcessing, ByteLevel, Sequence: the special tokens --special adds;
// one lookupviz cannot read leaves the tokenizer usable and --special says why).
// Anything else (a Precompiled normalizer, …) is refused in one sentence that names it;
// the file is untrusted (tests/fuzz/fuzz_tokenizer_json.cpp).
#pragma once
#include <memory>
#include <string>
#include <string_view>

#include "core/tokenizer/bpe_tokenizer.hpp"

namespace lv {

inline constexpr size_t kMaxTokenizerJsonBytes = 256u << 20;  // Llama-3's is 9 MB, Gemma's 33 MB

struct ModelTokenizerLoad {
  std::shared_ptr<const BpeTokenizer> tokenizer;  // null on failure
  std::string error;                              // one sentence naming the file
};

// `label` names the file in errors and in the tokenizer's name (and is its origin's path).
ModelTokenizerLoad tokenizer_from_json(std::string_view json, const std::string& label);
ModelTokenizerLoad tokenizer_from_json_file(const std::string& path);

// A name from an untrusted file for a sentence: at most 40 characters, no control characters.
std::string printable(std::string_view s);

// A path's last two parts ("Llama-3.2-1B/tokenizer.json"), for names.
std::string short_label(const std::string& path);

}  // namespace lv
