// tokenizer_json_parts.hpp — the parts of a tokenizer.json that belong to the models besides
// BPE (tokenizer_json.hpp reads the file): the WordPiece, Unigram and WordLevel models'
// options, the BERT normalizer, the word pre-tokenizers (BertPreTokenizer, Whitespace,
// WhitespaceSplit, Punctuation, each as the Split steps that cut the same pieces), the
// WordPiece decoder, and the post-processor's special tokens (TemplateProcessing's single
// template, BertProcessing, RobertaProcessing, ByteLevel — no tokens — and Sequence).
// Each returns false with `error` set (a clause naming what is wrong) on what it cannot use.
#pragma once
#include <string>
#include <unordered_map>

#include "core/tokenizer/bpe_tokenizer.hpp"
#include "core/tokenizer/json_node.hpp"

namespace lv {

// A Split's behaviour by the crate's name; false when it is none of them.
bool split_behavior(const std::string& name, PreTokenizeStep::Behavior& out);

// The model's options (its vocabulary already in spec.tokens, `id_of` its pieces' IDs);
// `type` is "WordPiece", "Unigram" or "WordLevel".
bool word_model_options(const JsonNode& model, const std::string& type,
                        const std::unordered_map<std::string, uint32_t>& id_of, BpeSpec& spec, std::string& error);

// BertNormalizer's steps appended.
void bert_normalizer_steps(const JsonNode& n, BpeSpec& spec);

// Whether `type` is a pre-tokenizer word_pre_steps reads.
bool is_word_pre_tokenizer(const std::string& type);
bool word_pre_steps(const JsonNode& n, const std::string& type, BpeSpec& spec, std::string& error);

// The WordPiece decoder's options.
void wordpiece_decoder(const JsonNode& n, BpeSpec& spec);

// spec.special_before / special_after from the post-processor (null: none).
bool post_processor_tokens(const JsonNode& n, BpeSpec& spec, std::string& error);

}  // namespace lv
