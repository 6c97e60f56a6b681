// tokenizer_json.cpp — see tokenizer_json.hpp. The vocabulary and the merges (hundreds of
// thousands of entries) are read as they stream past; the small parts (normalizer,
// pre-tokenizer, decoder, added tokens) into a little tree first.
#include "core/tokenizer/tokenizer_json.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <optional>

#include "core/io/json_reader.hpp"
#include "core/tokenizer/json_node.hpp"
#include "core/tokenizer/tokenizer_json_parts.hpp"
#include "core/io/small_file.hpp"
#include "core/text/base64.hpp"
#include "core/text/text_format.hpp"
#include "core/text/utf8_text.hpp"

namespace lv {

// A name from the file for a sentence: at most 40 characters, control characters as '?'.
std::string printable(std::string_view s) {
  std::string out;
  for (char c : s.substr(0, 40)) out += static_cast<unsigned char>(c) < 0x20 || c == 0x7F ? '?' : c;
  return (s.size() > 40 ? out + "…" : out);
}

namespace {

constexpr auto kMaxId = static_cast<uint64_t>(kMaxTokenizerId);

// What the file holds, before it is checked.
struct Raw {
  std::vector<std::pair<std::string, uint64_t>> vocab;
  std::vector<std::pair<std::string, std::string>> merges;
  JsonNode model;                                       // the model's other members
  std::vector<std::pair<std::string, double>> unigram;  // a Unigram model's [piece, score] list
  bool vocab_is_list = false;
  std::string problem;  // valid JSON that is no tokenizer (a score that is no number): said as is
  JsonNode added, normalizer, pre, decoder, post;
  bool has_model = false;
};

// A Unigram model's vocab: [["piece", score], …], each score a finite number.
bool read_unigram_vocab(JsonReader& r, Raw& raw) {
  ++r.i;  // '['
  raw.vocab_is_list = true;
  std::string piece;
  for (bool first = true;; first = false) {
    if (r.peek(']')) {
      ++r.i;
      return true;
    }
    if (!first && !r.expect(',')) return false;
    if (!r.expect('[') || !r.string(piece) || !r.expect(',')) return false;
    r.ws();
    const size_t start = r.i;
    const bool number = r.i < r.s.size() && (r.s[r.i] == '-' || (r.s[r.i] >= '0' && r.s[r.i] <= '9'));
    if (!r.skip(2)) return false;
    const double score = number ? std::strtod(std::string(r.s.substr(start, r.i - start)).c_str(), nullptr) : NAN;
    if (!std::isfinite(score))
      raw.problem = "the score of its Unigram piece " + with_commas(raw.unigram.size()) + " is not a finite number";
    if (raw.unigram.size() >= static_cast<size_t>(kMaxTokenizerTokens))
      raw.problem = "its Unigram vocabulary has more than " + with_commas(kMaxTokenizerTokens) + " pieces";
    if (!raw.problem.empty()) return r.err(raw.problem);
    if (!r.expect(']')) return false;
    raw.unigram.emplace_back(std::move(piece), score);
  }
}

bool read_vocab(JsonReader& r, Raw& raw) {
  if (r.peek('[')) return read_unigram_vocab(r, raw);
  if (!r.expect('{')) return false;
  return r.members([&](const std::string& token) {
    uint64_t id = 0;
    if (!r.uinteger(id)) return false;
    if (id > kMaxId) return r.err("a token ID over " + with_commas(kMaxId));
    raw.vocab.emplace_back(token, id);
    return true;
  });
}

bool read_merges(JsonReader& r, Raw& raw) {
  if (!r.expect('[')) return false;
  std::string a, b;
  for (bool first = true;; first = false) {
    if (r.peek(']')) {
      ++r.i;
      return true;
    }
    if (!first && !r.expect(',')) return false;
    if (r.peek('[')) {  // ["a", "b"]
      ++r.i;
      if (!r.string(a) || !r.expect(',') || !r.string(b) || !r.expect(']')) return false;
    } else {  // "a b"
      if (!r.string(a)) return false;
      const size_t sp = a.find(' ');
      if (sp == std::string::npos || a.find(' ', sp + 1) != std::string::npos)
        return r.err("merge " + with_commas(raw.merges.size()) + " is not two tokens");
      b = a.substr(sp + 1);
      a.resize(sp);
    }
    raw.merges.emplace_back(std::move(a), std::move(b));
  }
}

bool read_model(JsonReader& r, Raw& raw) {
  if (!r.expect('{')) return false;
  raw.has_model = true;
  raw.model.type = JsonNode::Object;
  return r.members([&](const std::string& key) {
    if (key == "vocab") return read_vocab(r, raw);
    if (key == "merges") return read_merges(r, raw);
    raw.model.keys.push_back(key);
    raw.model.values.emplace_back();
    return read_json_node(r, raw.model.values.back(), 2);
  });
}

bool read_raw(std::string_view json, Raw& raw, std::string& error) {
  JsonReader r(json);
  bool ok = r.expect('{') && r.members([&](const std::string& key) {
    if (key == "model") return read_model(r, raw);
    JsonNode* into = key == "added_tokens"     ? &raw.added
                     : key == "normalizer"     ? &raw.normalizer
                     : key == "pre_tokenizer"  ? &raw.pre
                     : key == "decoder"        ? &raw.decoder
                     : key == "post_processor" ? &raw.post
                                               : nullptr;
    if (!into) return r.skip(1);
    return read_json_node(r, *into, 1);
  });
  if (ok) {
    r.ws();
    if (r.i != json.size()) ok = r.err("text after the JSON");
  }
  if (!ok) error = raw.problem.empty() ? "it is not valid JSON (" + r.error + ")" : raw.problem;
  return ok;
}

// ---------------------------------------------------------------- the parts

bool normalizer_steps(const JsonNode& n, BpeSpec& spec, std::string& error) {
  if (n.type == JsonNode::Null) return true;
  const std::string type = n.text("type");
  if (type == "Sequence") {
    const JsonNode* list = n.get("normalizers");
    if (!list || list->type != JsonNode::Array) return error = "its normalizer Sequence has no list", false;
    for (const JsonNode& s : list->items)
      if (!normalizer_steps(s, spec, error)) return false;
    return true;
  }
  if (type == "BertNormalizer") {
    bert_normalizer_steps(n, spec);
    return true;
  }
  if (type == "Prepend") {
    spec.normalizer.push_back({NormalizeStep::Prepend, n.text("prepend"), ""});
    return true;
  }
  if (type == "Replace") {
    const JsonNode* p = n.get("pattern");
    if (!p || !p->get("String")) return error = "its normalizer Replace has a regex (lookupviz reads a string)", false;
    spec.normalizer.push_back({NormalizeStep::Replace, p->text("String"), n.text("content")});
    return true;
  }
  using K = NormalizeStep::Kind;
  const std::pair<const char*, K> simple[] = {{"NFC", K::Nfc},
                                              {"NFD", K::Nfd},
                                              {"NFKC", K::Nfkc},
                                              {"NFKD", K::Nfkd},
                                              {"Lowercase", K::Lowercase},
                                              {"StripAccents", K::StripAccents}};
  for (const auto& [name, kind] : simple)
    if (type == name) {
      spec.normalizer.push_back({kind, "", ""});
      return true;
    }
  if (type == "Precompiled") {  // SentencePiece's charsmap (T5, XLM-R, ALBERT), base64
    const JsonNode* c = n.get("precompiled_charsmap");
    if (!c || c->type != JsonNode::String)
      return error = "its Precompiled normalizer has no precompiled_charsmap", false;
    const std::optional<std::string> blob = base64_decode(c->str);
    if (!blob) return error = "its Precompiled normalizer's precompiled_charsmap is not base64", false;
    NormalizeStep s;
    if (!precompiled_step(*blob, s, &error)) return false;
    spec.normalizer.push_back(std::move(s));
    return true;
  }
  if (type == "Strip") {
    NormalizeStep s{K::Strip, "", ""};
    s.left = n.flag("strip_left", true);
    s.right = n.flag("strip_right", true);
    spec.normalizer.push_back(s);
    return true;
  }
  return error = "its normalizer " + (type.empty() ? std::string("(no type)") : printable(type)) +
                 " is not one lookupviz reads (NFC, NFD, NFKC, NFKD, Lowercase, StripAccents, Strip, Replace, "
                 "Prepend, Precompiled, BertNormalizer, Sequence)",
         false;
}

bool pre_steps(const JsonNode& n, BpeSpec& spec, std::string& error) {
  if (n.type == JsonNode::Null) return true;
  const std::string type = n.text("type");
  PreTokenizeStep step;
  if (type == "Sequence") {
    const JsonNode* list = n.get("pretokenizers");
    if (!list || list->type != JsonNode::Array) return error = "its pre_tokenizer Sequence has no list", false;
    for (const JsonNode& s : list->items)
      if (!pre_steps(s, spec, error)) return false;
    return true;
  }
  if (spec.byte_level)
    return error = "its pre_tokenizer has a step after ByteLevel (lookupviz reads ByteLevel last)", false;
  if (is_word_pre_tokenizer(type)) return word_pre_steps(n, type, spec, error);
  if (type == "Split" || type == "Digits") {
    step.kind = PreTokenizeStep::Split;
    const JsonNode* p = n.get("pattern");
    const bool literal = p && p->get("String");
    const std::string pattern = type == "Digits" ? (n.flag("individual_digits", false) ? "\\p{N}" : "\\p{N}+")
                                                 : (p ? p->text(literal ? "String" : "Regex") : "");
    const std::string behavior = type == "Digits" ? "Isolated" : n.text("behavior");
    if (type == "Split" && (!p || (!literal && !p->get("Regex"))))
      return error = "its Split pre-tokenizer has no pattern", false;
    if (!split_behavior(behavior, step.behavior))
      return error = "its Split pre-tokenizer's behavior " + printable(behavior) +
                     " is not one of the tokenizers crate's (Removed, Isolated, MergedWithPrevious, "
                     "MergedWithNext, Contiguous)",
             false;
    step.invert = n.flag("invert", false);
    auto re = std::make_shared<const SplitRegex>(pattern, literal);
    if (!re->ok()) return error = "its Split pre-tokenizer's pattern does not compile: " + re->error(), false;
    step.regex = std::move(re);
  } else if (type == "ByteLevel") {
    step.kind = PreTokenizeStep::ByteLevel;
    step.add_prefix_space = n.flag("add_prefix_space", true);
    step.use_regex = n.flag("use_regex", true);
    if (step.use_regex)
      step.regex = std::make_shared<const SplitRegex>(
          "'s|'t|'re|'ve|'m|'ll|'d| ?\\p{L}+| ?\\p{N}+| ?[^\\s\\p{L}\\p{N}]+|\\s+(?!\\S)|\\s+", false);
    spec.byte_level = true;
  } else if (type == "Metaspace") {
    step.kind = PreTokenizeStep::Metaspace;
    step.replacement = n.text("replacement", step.replacement);
    const std::string scheme = n.text("prepend_scheme", n.flag("add_prefix_space", true) ? "always" : "never");
    step.prepend = scheme == "first"   ? PreTokenizeStep::First
                   : scheme == "never" ? PreTokenizeStep::Never
                                       : PreTokenizeStep::Always;
    step.split = n.flag("split", true);
    if (step.replacement.empty()) return error = "its Metaspace pre-tokenizer has no replacement", false;
    // One character, as the tokenizers crate reads it (a char): a longer one made each
    // space that long and the split before each one quadratic (issue 39: 300k ▁, 5.7 s).
    size_t bad = 0;
    if (utf8_sequence_length(step.replacement, 0, &bad) != step.replacement.size())
      return error = "its Metaspace pre-tokenizer's replacement is " + with_commas(step.replacement.size()) +
                     " bytes, not one character (the tokenizers crate reads one)",
             false;
  } else {
    return error = "its pre_tokenizer " + (type.empty() ? std::string("(no type)") : printable(type)) +
                   " is not one lookupviz reads (Split, ByteLevel, Metaspace, Digits, BertPreTokenizer, Whitespace, "
                   "WhitespaceSplit, Punctuation, Sequence)",
           false;
  }
  spec.pre_tokenizer.push_back(std::move(step));
  return true;
}

void decoder_steps(const JsonNode& n, BpeSpec& spec) {
  const std::string type = n.text("type");
  if (type == "Sequence")
    if (const JsonNode* list = n.get("decoders"))
      for (const JsonNode& s : list->items) decoder_steps(s, spec);
  if (type == "ByteLevel") spec.byte_level = true;
  if (type == "ByteFallback") spec.decode_byte_tokens = true;
  if (type == "WordPiece") wordpiece_decoder(n, spec);
  if (type == "Metaspace") {
    spec.space_symbol = n.text("replacement", kMetaspace);
    spec.strip_leading_space =
        n.text("prepend_scheme", n.flag("add_prefix_space", true) ? "always" : "never") != "never";
  }
  if (type == "Replace")
    if (const JsonNode* p = n.get("pattern"); p && n.text("content") == " ") spec.space_symbol = p->text("String");
  if (type == "Strip" && n.text("content") == " " && n.number("start", 0) >= 1) spec.strip_leading_space = true;
}

bool model_spec(Raw& raw, BpeSpec& spec, std::string& error) {
  if (!raw.has_model) return error = "it has no model", false;
  const std::string type = raw.model.text("type", "BPE");
  if (type != "BPE" && type != "WordPiece" && type != "Unigram" && type != "WordLevel")
    return error = "its model is " + printable(type) + ", not one lookupviz reads (BPE, WordPiece, Unigram, WordLevel)",
           false;
  if ((type == "Unigram") != raw.vocab_is_list || (type == "Unigram" && !raw.vocab.empty()))
    return error = type == "Unigram" ? "its Unigram model's vocab is not a list of [piece, score] pairs"
                                     : "its " + type + " model's vocab is a list (lookupviz reads {\"token\": ID})",
           false;
  for (uint32_t k = 0; k < raw.unigram.size(); ++k) {  // a Unigram piece's ID is its place in the list
    raw.vocab.emplace_back(std::move(raw.unigram[k].first), k);
    spec.unigram_scores.push_back(raw.unigram[k].second);
  }
  for (const char* key : {"continuing_subword_prefix", "end_of_word_suffix"})
    if (type == "BPE" && !raw.model.text(key).empty())
      return error = std::string("its BPE model has a ") + key + " (not read)", false;
  uint64_t size = 0;
  for (const auto& [t, id] : raw.vocab) size = std::max(size, id + 1);
  for (const JsonNode& a : raw.added.items) {
    const double id = a.number("id", -1);
    if (!(id >= 0 && id <= static_cast<double>(kMaxId)) || id != static_cast<double>(static_cast<uint64_t>(id)))
      return error =
                 "an added token's ID is not a whole number from 0 to " + with_commas(kMaxId) + " (over, or missing)",
             false;
    size = std::max<uint64_t>(size, static_cast<uint64_t>(id) + 1);
  }
  spec.tokens.assign(size, std::string());
  std::unordered_map<std::string, uint32_t> id_of;
  id_of.reserve(raw.vocab.size());
  for (auto& [t, id] : raw.vocab) {
    if (!spec.tokens[id].empty())
      return error = "token ID " + std::to_string(id) + " appears twice in its vocab", false;
    id_of.emplace(t, static_cast<uint32_t>(id));
    spec.tokens[id] = std::move(t);
  }
  if (type != "BPE" && !word_model_options(raw.model, type, id_of, spec, error)) return false;
  for (size_t k = 0; k < raw.merges.size(); ++k) {
    const auto a = id_of.find(raw.merges[k].first), b = id_of.find(raw.merges[k].second);
    if (a == id_of.end() || b == id_of.end())
      return error = "merge " + with_commas(k) + " names a token that is not in its vocab", false;
    spec.merges.emplace_back(a->second, b->second);
  }
  if (type == "BPE") spec.byte_fallback = raw.model.flag("byte_fallback", false);
  spec.ignore_merges = raw.model.flag("ignore_merges", false);
  spec.fuse_unk = raw.model.flag("fuse_unk", false);
  if (const std::string unk = raw.model.text("unk_token"); !unk.empty() && type == "BPE")
    if (const auto it = id_of.find(unk); it != id_of.end()) spec.unk_id = it->second;
  for (const JsonNode& a : raw.added.items) {
    const double id = a.number("id", -1);  // checked above
    if (a.text("content").empty()) return error = "an added token has no content", false;
    spec.added.push_back(
        {a.text("content"), static_cast<uint32_t>(id), a.flag("lstrip", false), a.flag("rstrip", false)});
  }
  return true;
}

}  // namespace

std::string short_label(const std::string& path) {
  const size_t last = path.rfind('/');
  if (last == std::string::npos || last == 0) return path;
  const size_t before = path.rfind('/', last - 1);
  return before == std::string::npos ? path : path.substr(before + 1);
}

ModelTokenizerLoad tokenizer_from_json(std::string_view json, const std::string& label) {
  ModelTokenizerLoad out;
  Raw raw;
  BpeSpec spec;
  std::string error;
  if (read_raw(json, raw, error) && model_spec(raw, spec, error) && normalizer_steps(raw.normalizer, spec, error) &&
      pre_steps(raw.pre, spec, error)) {
    decoder_steps(raw.decoder, spec);
    const bool metaspace = !spec.space_symbol.empty() ||
                           std::any_of(spec.pre_tokenizer.begin(), spec.pre_tokenizer.end(),
                                       [](const PreTokenizeStep& s) { return s.kind == PreTokenizeStep::Metaspace; });
    if (metaspace && spec.space_symbol.empty()) spec.space_symbol = kMetaspace;
    // No decoder: the crate joins a non-BPE model's tokens with spaces.
    spec.join_with_spaces = spec.model != BpeSpec::Bpe && raw.decoder.type == JsonNode::Null;
    // A post-processor lookupviz cannot read leaves the tokenizer usable; --special says why.
    if (std::string why; !post_processor_tokens(raw.post, spec, why)) {
      spec.special_error = label + "'s special tokens cannot be added: " + why + ".";
      spec.special_before.clear();
      spec.special_after.clear();
    }
    const char* model = spec.model == BpeSpec::WordPiece   ? "WordPiece"
                        : spec.model == BpeSpec::Unigram   ? (metaspace ? "SentencePiece Unigram" : "Unigram")
                        : spec.model == BpeSpec::WordLevel ? "WordLevel"
                        : spec.byte_level                  ? "byte-level BPE"
                        : metaspace                        ? "SentencePiece-style BPE"
                                                           : "BPE";
    spec.name =
        std::string(model) + " from " + short_label(label) + " (" + with_commas(spec.tokens.size()) + " tokens)";
    spec.origin = {TokenizerOrigin::TokenizerJson, label};
    auto t = std::make_shared<BpeTokenizer>(std::move(spec));
    if (t->error().empty()) out.tokenizer = std::move(t);
    else error = t->error();
  }
  if (!out.tokenizer) out.error = label + " is not a tokenizer lookupviz can use: " + error + ".";
  return out;
}

ModelTokenizerLoad tokenizer_from_json_file(const std::string& path) {
  SmallFileRead f = read_small_file(path, kMaxTokenizerJsonBytes);
  if (!f.ok()) {
    ModelTokenizerLoad r;
    r.error = "cannot read " + path + ": " + f.reason;
    return r;
  }
  return tokenizer_from_json(f.text, path);
}

}  // namespace lv
