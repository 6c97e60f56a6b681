// gguf_tokenizer.cpp — see gguf_tokenizer.hpp.
#include "core/tokenizer/gguf_tokenizer.hpp"

#include <algorithm>
#include <iterator>
#include <unordered_map>

#include "core/io/gguf_strings.hpp"
#include "core/text/text_format.hpp"
#include "core/tokenizer/llama_cpp_pre.hpp"

namespace lv {
namespace {

enum TokenType { kNormal = 1, kUnknown = 2, kControl = 3, kUserDefined = 4, kUnused = 5, kByte = 6 };

// An array of strings from the header's copy, or from the file itself when the header left it
// there (GgufKv::in_file); nullopt when missing, or with `error` when the file cannot give it.
std::optional<std::vector<std::string>> strings_of(const GgufHeader& h, std::string_view key, GgufBytes file,
                                                   std::string& error) {
  const GgufKv* kv = h.find(key);
  if (kv && kv->in_file) {
    std::string why = "the file is not at hand";
    auto read = file.fd >= 0 ? read_gguf_strings(file.fd, file.n, kv->value_at, kv->count, &why) : std::nullopt;
    if (!read) error = "its " + std::string(key) + " cannot be read: " + why;
    return read;
  }
  const auto views = h.get_strings(key);
  if (!views) return std::nullopt;
  return std::vector<std::string>(views->begin(), views->end());
}

// tokenizer.ggml.pre -> llama.cpp's expressions (llama_cpp_pre.hpp). A name llama.cpp does
// not know, or a type it cuts with code of its own, gets llama.cpp's default, and `note`
// says so (llama.cpp warns the same way and goes on).
bool gpt2_style(const GgufHeader& h, GgufBytes file, BpeSpec& spec, std::string& error, std::string& style,
                std::string& note) {
  // Absent or "": llama.cpp's default, as llama.cpp reads an empty name.
  const std::string pre_name = h.get_string("tokenizer.ggml.pre").value_or("");
  const LlamaCppPre* pre = llama_cpp_pre(pre_name.empty() ? "default" : pre_name);
  if (!pre) {
    note = "its pre-tokenizer " + printable(pre_name) + " is not one llama.cpp knows: llama.cpp's default is used";
    pre = &llama_cpp_default_pre();
  } else if (*pre->missing) {
    note = std::string("its pre-tokenizer is ") + pre->missing + ": llama.cpp's default is used";
  }
  style = std::string(pre->type) + "-style";
  // Qwen's own tokenizer.json composes the text (NFC) first; llama.cpp skips that, and so
  // cuts "e" + U+0301 apart where the model saw "é" (issue 40). lookupviz follows the model.
  if (pre_name == "qwen2" || pre_name == "deepseek-r1-qwen") spec.normalizer.push_back({NormalizeStep::Nfc, "", ""});
  spec.ignore_merges = pre->ignore_merges;
  spec.pre_tokenizer.clear();
  for (const std::string& pattern : pre->regexes) {
    PreTokenizeStep split;  // Isolated: the text between matches stays a piece
    auto re = std::make_shared<const SplitRegex>(pattern, false);
    if (!re->ok()) return error = "lookupviz's copy of its pre-tokenizer does not compile: " + re->error(), false;
    split.regex = std::move(re);
    spec.pre_tokenizer.push_back(std::move(split));
  }
  PreTokenizeStep bytes;
  bytes.kind = PreTokenizeStep::ByteLevel;
  bytes.use_regex = false;
  spec.pre_tokenizer.push_back(bytes);
  spec.byte_level = true;
  const auto merges = strings_of(h, "tokenizer.ggml.merges", file, error);
  if (!merges && error.empty()) error = "it has no tokenizer.ggml.merges (a gpt2 tokenizer needs them)";
  if (!merges) return false;
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

// What llama.cpp's tokenize(text, add_special = true) puts around a text's IDs (llama_vocab's
// load and tokenize; --special): BOS where add_bos (SentencePiece: yes; byte-level BPE: for the
// pre-tokenizers that set it, Llama-3's among them), EOS where add_eos (none by default);
// tokenizer.ggml.add_bos_token and add_eos_token decide where the file has them. The IDs are
// tokenizer.ggml.bos_token_id and eos_token_id, else llama.cpp's defaults (1 and 2; 11 for
// gpt2), while they are in the vocabulary.
void special_tokens(const GgufHeader& h, const std::string& model, BpeSpec& spec) {
  static constexpr std::string_view kBosPre[] = {"llama3",       "llama-v3", "llama-bpe", "falcon3",
                                                 "falcon-h1",    "pixtral",  "midm-2.0",  "lfm2",
                                                 "jina-v5-nano", "tekken",   "chameleon"};
  const bool spm = model == "llama";
  const std::string pre = h.get_string("tokenizer.ggml.pre").value_or("");
  bool add_bos = spm || std::find(std::begin(kBosPre), std::end(kBosPre), pre) != std::end(kBosPre);
  bool add_eos = false;
  if (const auto b = h.get_bool("tokenizer.ggml.add_bos_token")) add_bos = *b;
  if (const auto b = h.get_bool("tokenizer.ggml.add_eos_token")) add_eos = *b;
  if (pre == "gemma4" || pre == "granite-embed-multi-311m") add_bos = true;  // llama.cpp overrides it for them
  const uint64_t n = spec.tokens.size();
  auto id_of = [&](const char* key, uint64_t fallback) -> int64_t {
    const uint64_t id = h.get_uint(key).value_or(fallback);
    return id < n ? static_cast<int64_t>(id) : -1;
  };
  const int64_t bos = id_of("tokenizer.ggml.bos_token_id", spm ? 1 : 11);
  const int64_t eos = id_of("tokenizer.ggml.eos_token_id", spm ? 2 : 11);
  if ((add_bos && bos < 0) || (add_eos && eos < 0)) {
    spec.special_error = std::string("its special tokens cannot be added: it asks for a") +
                         (add_bos && bos < 0 ? " BOS token (tokenizer.ggml.add_bos_token) but has no bos_token_id"
                                             : "n EOS token (tokenizer.ggml.add_eos_token) but has no eos_token_id") +
                         " in its vocabulary";
    return;
  }
  if (add_bos) spec.special_before = {bos};
  if (add_eos) spec.special_after = {eos};
}

// The spec the metadata describes. False: no tokenizer (`error` empty) or a broken one.
bool spec_from_gguf(const GgufHeader& h, GgufBytes file, const std::string& label, BpeSpec& spec, std::string& error) {
  const auto model = h.get_string("tokenizer.ggml.model");
  if (!model) return false;
  std::string style, note;
  auto tokens = strings_of(h, "tokenizer.ggml.tokens", file, error);
  const auto types = h.get_numbers("tokenizer.ggml.token_type");
  if (!error.empty()) return false;
  if (!tokens || tokens->empty()) error = "it has no tokenizer.ggml.tokens";
  else if (types && types->size() != tokens->size()) error = "its token_type is not one per token";
  if (error.empty()) {
    spec.tokens = std::move(*tokens);
    spec.longest_added_first = true;
    spec.first_merge_wins = true;
    for (size_t id = 0; types && id < types->size(); ++id) {
      // A type is a small whole number (llama.cpp's int32 enum); any other value (a float or
      // uint32 array, 2.7e9: found by fuzz_gguf_tokenizer) is no type it knows, not a cast's UB.
      const double v = (*types)[id];
      const int t = v >= 0 && v < 64 && v == static_cast<double>(static_cast<int>(v)) ? static_cast<int>(v) : -1;
      // llama.cpp's cache_special_tokens: a typed <unk> is matched as one token too.
      if ((t == kControl || t == kUserDefined || t == kUnknown) && !spec.tokens[id].empty())
        spec.added.push_back({spec.tokens[id], static_cast<uint32_t>(id)});
      if (t == kUnknown && spec.unk_id < 0) spec.unk_id = static_cast<int64_t>(id);
    }
    if (const auto unk = h.get_uint("tokenizer.ggml.unknown_token_id"); unk && *unk < spec.tokens.size())
      spec.unk_id = static_cast<int64_t>(*unk);
    for (const char* key : {"tokenizer.ggml.bos_token_id", "tokenizer.ggml.eos_token_id"})
      if (const auto id = h.get_uint(key); id && *id >= spec.tokens.size())
        error = std::string("its ") + key + " " + std::to_string(*id) + " is outside its vocabulary";
  }
  if (error.empty()) {
    if (*model == "gpt2") gpt2_style(h, file, spec, error, style, note);
    else if (*model == "llama") llama_style(h, spec, error), style = "SentencePiece";
    else if (model->empty()) error = "its tokenizer.ggml.model is an empty name (lookupviz reads gpt2 and llama)";
    else error = "its tokenizer model " + printable(*model) + " is not one lookupviz reads (gpt2, llama)";
  }
  if (!error.empty()) return false;
  special_tokens(h, *model, spec);
  spec.name = style + (*model == "gpt2" ? " byte-level BPE" : " BPE") + " from " + short_label(label) + " (" +
              with_commas(spec.tokens.size()) + " tokens" + (note.empty() ? "" : "; " + note) + ")";
  spec.origin = {TokenizerOrigin::Gguf, label};
  return true;
}

ModelTokenizerLoad build(bool ok, BpeSpec spec, std::string error, const std::string& label) {
  ModelTokenizerLoad out;
  if (!ok && error.empty()) return out;  // no tokenizer
  if (ok) {
    auto t = std::make_shared<BpeTokenizer>(std::move(spec));
    if (t->error().empty()) out.tokenizer = std::move(t);
    else error = t->error();
  }
  if (!out.tokenizer) out.error = label + "'s tokenizer cannot be used: " + error + ".";
  return out;
}

}  // namespace

ModelTokenizerLoad tokenizer_from_gguf(const GgufHeader& h, const std::string& label) {
  BpeSpec spec;
  std::string error;
  const bool ok = spec_from_gguf(h, {}, label, spec, error);
  return build(ok, std::move(spec), std::move(error), label);
}

ModelTokenizerLoad tokenizer_from_gguf(GgufHeader&& h, const std::string& label, GgufBytes file) {
  BpeSpec spec;
  std::string error;
  const bool ok = spec_from_gguf(h, file, label, spec, error);
  h = GgufHeader{};  // the metadata's copy goes before the tokenizer's tables are built
  return build(ok, std::move(spec), std::move(error), label);
}

}  // namespace lv
