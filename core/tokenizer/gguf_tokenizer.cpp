// gguf_tokenizer.cpp — see gguf_tokenizer.hpp.
#include "core/tokenizer/gguf_tokenizer.hpp"

#include <unordered_map>

#include "core/text/text_format.hpp"

namespace lv {
namespace {

constexpr const char* kGpt2Pattern =
    "'s|'t|'re|'ve|'m|'ll|'d| ?\\p{L}+| ?\\p{N}+| ?[^\\s\\p{L}\\p{N}]+|\\s+(?!\\S)|\\s+";
constexpr const char* kLlama3Pattern =
    "(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|"
    "\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+";
constexpr const char* kQwen2Pattern =
    "(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|"
    "\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+";

enum TokenType { kNormal = 1, kUnknown = 2, kControl = 3, kUserDefined = 4, kUnused = 5, kByte = 6 };

bool gpt2_style(const GgufHeader& h, BpeSpec& spec, std::string& error, std::string& style) {
  const std::string pre = h.get_string("tokenizer.ggml.pre").value_or("default");
  const char* pattern = nullptr;
  if (pre == "default" || pre == "gpt2") pattern = kGpt2Pattern, style = "GPT-2-style";
  else if (pre == "llama3" || pre == "llama-bpe" || pre == "llama-v3") {
    pattern = kLlama3Pattern, style = "Llama-3-style";
    spec.ignore_merges = true;
  } else if (pre == "qwen2") pattern = kQwen2Pattern, style = "Qwen2-style";
  else {
    error = "its pre-tokenizer (tokenizer.ggml.pre) " + printable(pre) +
            " is not one lookupviz knows (default, gpt2, llama3, llama-bpe, qwen2)";
    return false;
  }
  PreTokenizeStep split;
  split.regex = std::make_shared<const SplitRegex>(pattern, false);
  PreTokenizeStep bytes;
  bytes.kind = PreTokenizeStep::ByteLevel;
  bytes.use_regex = false;
  spec.pre_tokenizer = {split, bytes};
  spec.byte_level = true;
  const auto merges = h.get_strings("tokenizer.ggml.merges");
  if (!merges) return error = "it has no tokenizer.ggml.merges (a gpt2 tokenizer needs them)", false;
  std::unordered_map<std::string_view, uint32_t> id_of;
  for (uint32_t id = 0; id < spec.tokens.size(); ++id) id_of.emplace(spec.tokens[id], id);
  for (size_t k = 0; k < merges->size(); ++k) {
    const std::string_view m = (*merges)[k];
    const size_t sp = m.find(' ');
    const auto a = sp == std::string_view::npos ? id_of.end() : id_of.find(m.substr(0, sp));
    const auto b = sp == std::string_view::npos ? id_of.end() : id_of.find(m.substr(sp + 1));
    if (a == id_of.end() || b == id_of.end())
      return error = "merge " + with_commas(k) + " is not two tokens of its vocabulary", false;
    spec.merges.emplace_back(a->second, b->second);
  }
  return true;
}

bool llama_style(const GgufHeader& h, BpeSpec& spec, std::string& error) {
  const auto scores = h.get_numbers("tokenizer.ggml.scores");
  if (!scores || scores->size() != spec.tokens.size())
    return error = "its tokenizer.ggml.scores are missing or not one per token", false;
  spec.scores.assign(scores->begin(), scores->end());
  spec.by_score = true;
  spec.byte_fallback = true;
  spec.decode_byte_tokens = true;
  spec.space_symbol = kMetaspace;
  spec.normalizer.push_back({NormalizeStep::Replace, " ", spec.space_symbol});
  if (h.get_bool("tokenizer.ggml.add_space_prefix").value_or(true)) {
    spec.normalizer.push_back({NormalizeStep::Prepend, spec.space_symbol, ""});
    spec.strip_leading_space = true;
  }
  return true;
}

}  // namespace

ModelTokenizerLoad tokenizer_from_gguf(const GgufHeader& h, const std::string& label) {
  ModelTokenizerLoad out;
  const auto model = h.get_string("tokenizer.ggml.model");
  if (!model) return out;
  BpeSpec spec;
  std::string error, style;
  const auto tokens = h.get_strings("tokenizer.ggml.tokens");
  const auto types = h.get_numbers("tokenizer.ggml.token_type");
  if (!tokens || tokens->empty()) error = "it has no tokenizer.ggml.tokens";
  else if (types && types->size() != tokens->size()) error = "its token_type is not one per token";
  if (error.empty()) {
    spec.tokens.assign(tokens->begin(), tokens->end());
    for (size_t id = 0; types && id < types->size(); ++id) {
      const int t = static_cast<int>((*types)[id]);
      if (t == kControl || t == kUserDefined) spec.added.push_back({spec.tokens[id], static_cast<uint32_t>(id)});
      if (t == kUnknown && spec.unk_id < 0) spec.unk_id = static_cast<int64_t>(id);
    }
    if (const auto unk = h.get_uint("tokenizer.ggml.unknown_token_id"); unk && *unk < spec.tokens.size())
      spec.unk_id = static_cast<int64_t>(*unk);
    for (const char* key : {"tokenizer.ggml.bos_token_id", "tokenizer.ggml.eos_token_id"})
      if (const auto id = h.get_uint(key); id && *id >= spec.tokens.size())
        error = std::string("its ") + key + " " + std::to_string(*id) + " is outside its vocabulary";
  }
  if (error.empty()) {
    if (*model == "gpt2") gpt2_style(h, spec, error, style);
    else if (*model == "llama") llama_style(h, spec, error), style = "SentencePiece";
    else error = "its tokenizer model " + printable(*model) + " is not one lookupviz reads (gpt2, llama)";
  }
  if (error.empty()) {
    spec.name = style + (*model == "gpt2" ? " byte-level BPE" : " BPE") + " from " + short_label(label) + " (" +
                with_commas(spec.tokens.size()) + " tokens)";
    spec.origin = {TokenizerOrigin::Gguf, label};
    auto t = std::make_shared<BpeTokenizer>(std::move(spec));
    if (t->error().empty()) out.tokenizer = std::move(t);
    else error = t->error();
  }
  if (!out.tokenizer) out.error = label + "'s tokenizer cannot be used: " + error + ".";
  return out;
}

}  // namespace lv
