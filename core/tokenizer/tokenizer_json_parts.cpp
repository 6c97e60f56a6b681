// tokenizer_json_parts.cpp — see tokenizer_json_parts.hpp.
#include "core/tokenizer/tokenizer_json_parts.hpp"

#include <cmath>
#include <memory>

#include "core/text/text_format.hpp"
#include "core/tokenizer/tokenizer_json.hpp"

namespace lv {
namespace {

constexpr auto kMaxId = static_cast<double>(kMaxTokenizerId);

bool whole_id(double v) { return v >= 0 && v <= kMaxId && v == std::floor(v); }

// The Unicode punctuation (P*) and ASCII's, one character a match: the crate's is_bert_punc.
constexpr char kPunctuation[] = "[\\p{P}!-/:-@\\[-`{-~]";
// Oniguruma's \w, as the crate's Whitespace pattern \w+|[^\w\s]+ reads it.
constexpr char kWord[] = "\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}\\x{200C}\\x{200D}";

bool push_split(BpeSpec& spec, const std::string& pattern, PreTokenizeStep::Behavior behavior, bool invert,
                std::string& error) {
  PreTokenizeStep step;
  step.kind = PreTokenizeStep::Split;
  step.behavior = behavior;
  step.invert = invert;
  auto re = std::make_shared<const SplitRegex>(pattern, false);
  if (!re->ok()) return error = "its pre-tokenizer's pattern does not compile: " + re->error(), false;
  step.regex = std::move(re);
  spec.pre_tokenizer.push_back(std::move(step));
  return true;
}

// ["[SEP]", 102] (BertProcessing's and RobertaProcessing's sep and cls): the ID.
bool pair_id(const JsonNode* p, const char* key, int64_t& id, std::string& error) {
  if (!p || p->type != JsonNode::Array || p->items.size() != 2 || p->items[1].type != JsonNode::Number ||
      !whole_id(p->items[1].num))
    return error = std::string("its post-processor's ") + key + " is not a [token, ID] pair", false;
  id = static_cast<int64_t>(p->items[1].num);
  return true;
}

// TemplateProcessing's single template: the special tokens' IDs before and after $A.
bool template_tokens(const JsonNode& n, IdList& before, IdList& after, std::string& error) {
  const JsonNode* single = n.get("single");
  const JsonNode* specials = n.get("special_tokens");
  if (!single || single->type != JsonNode::Array)
    return error = "its TemplateProcessing post-processor has no single template", false;
  int sequences = 0;
  for (const JsonNode& piece : single->items) {
    if (piece.get("Sequence")) {
      ++sequences;
      continue;
    }
    const JsonNode* s = piece.get("SpecialToken");
    const std::string name = s ? s->text("id") : "";
    const JsonNode* token = specials ? specials->get(name) : nullptr;
    const JsonNode* ids = token ? token->get("ids") : nullptr;
    if (!ids || ids->type != JsonNode::Array)
      return error = "its TemplateProcessing post-processor names a special token (" + printable(name) +
                     ") it does not list",
             false;
    for (const JsonNode& id : ids->items) {
      if (id.type != JsonNode::Number || !whole_id(id.num))
        return error = "its TemplateProcessing post-processor's " + printable(name) + " has an ID that is not one",
               false;
      (sequences ? after : before).push_back(static_cast<int64_t>(id.num));
    }
  }
  if (sequences != 1)
    return error = "its TemplateProcessing post-processor's single template holds the text " +
                   std::to_string(sequences) + " times (lookupviz reads it once)",
           false;
  return true;
}

}  // namespace

bool split_behavior(const std::string& name, PreTokenizeStep::Behavior& out) {
  using B = PreTokenizeStep;
  const std::pair<const char*, B::Behavior> known[] = {{"Removed", B::Removed},
                                                       {"Isolated", B::Isolated},
                                                       {"MergedWithPrevious", B::MergedWithPrevious},
                                                       {"MergedWithNext", B::MergedWithNext},
                                                       {"Contiguous", B::Contiguous}};
  for (const auto& [n, b] : known)
    if (name == n) return out = b, true;
  return false;
}

bool word_model_options(const JsonNode& model, const std::string& type,
                        const std::unordered_map<std::string, uint32_t>& id_of, BpeSpec& spec, std::string& error) {
  spec.model = type == "WordPiece" ? BpeSpec::WordPiece : type == "Unigram" ? BpeSpec::Unigram : BpeSpec::WordLevel;
  spec.byte_fallback = model.flag("byte_fallback", false);
  if (spec.model == BpeSpec::Unigram) {
    if (spec.unigram_scores.empty()) return error = "its Unigram vocabulary is empty", false;  // the crate's too
    const JsonNode* unk = model.get("unk_id");
    if (unk && unk->type != JsonNode::Null) {
      if (unk->type != JsonNode::Number || !whole_id(unk->num) || unk->num >= spec.unigram_scores.size())
        return error = "its Unigram model's unk_id is not the index of one of its " +
                       with_commas(spec.unigram_scores.size()) + " pieces",
               false;
      spec.unk_id = static_cast<int64_t>(unk->num);
    }
    return true;
  }
  const std::string unk = model.text("unk_token", "[UNK]");
  if (const auto it = id_of.find(unk); it != id_of.end()) spec.unk_id = it->second;
  if (spec.model == BpeSpec::WordLevel) return true;
  spec.subword_prefix = model.text("continuing_subword_prefix", "##");
  const double most = model.number("max_input_chars_per_word", 100);
  if (!(most >= 0 && most <= static_cast<double>(kMaxWordPieceChars)) || most != std::floor(most))
    return error = "its WordPiece model's max_input_chars_per_word is not a whole number from 0 to " +
                   with_commas(kMaxWordPieceChars) + " (BERT's is 100)",
           false;
  spec.max_word_chars = static_cast<size_t>(most);
  return true;
}

void bert_normalizer_steps(const JsonNode& n, BpeSpec& spec) {
  using K = NormalizeStep::Kind;
  const bool lowercase = n.flag("lowercase", true);
  if (n.flag("clean_text", true)) spec.normalizer.push_back({K::BertClean, "", ""});
  if (n.flag("handle_chinese_chars", true)) spec.normalizer.push_back({K::BertChinese, "", ""});
  if (n.flag("strip_accents", lowercase)) spec.normalizer.push_back({K::BertStripAccents, "", ""});  // null: lowercase
  if (lowercase) spec.normalizer.push_back({K::Lowercase, "", ""});
}

bool is_word_pre_tokenizer(const std::string& type) {
  return type == "BertPreTokenizer" || type == "Whitespace" || type == "WhitespaceSplit" || type == "Punctuation";
}

bool word_pre_steps(const JsonNode& n, const std::string& type, BpeSpec& spec, std::string& error) {
  using B = PreTokenizeStep;
  if (type == "WhitespaceSplit") return push_split(spec, "\\s+", B::Removed, false, error);
  if (type == "BertPreTokenizer")
    return push_split(spec, "\\s+", B::Removed, false, error) &&
           push_split(spec, kPunctuation, B::Isolated, false, error);
  if (type == "Whitespace")  // the matches are the pieces; the white space between them goes
    return push_split(spec, std::string("[") + kWord + "]+|[^" + kWord + "\\s]+", B::Removed, true, error);
  B::Behavior behavior = B::Isolated;  // Punctuation
  if (!split_behavior(n.text("behavior", "Isolated"), behavior))
    return error = "its Punctuation pre-tokenizer's behavior " + printable(n.text("behavior")) +
                   " is not one of the tokenizers crate's",
           false;
  return push_split(spec, kPunctuation, behavior, false, error);
}

void wordpiece_decoder(const JsonNode& n, BpeSpec& spec) {
  spec.wordpiece_decoder = true;
  spec.decoder_prefix = n.text("prefix", "##");
  spec.decoder_cleanup = n.flag("cleanup", true);
}

bool post_processor_tokens(const JsonNode& n, BpeSpec& spec, std::string& error) {
  if (n.type == JsonNode::Null) return true;
  const std::string type = n.text("type");
  IdList before, after;
  if (type == "Sequence") {
    const JsonNode* list = n.get("processors");
    if (!list || list->type != JsonNode::Array) return error = "its post-processor Sequence has no list", false;
    for (const JsonNode& p : list->items)
      if (!post_processor_tokens(p, spec, error)) return false;
    return true;
  }
  if (type == "ByteLevel") return true;  // offsets only
  if (type == "BertProcessing" || type == "RobertaProcessing") {
    int64_t cls = 0, sep = 0;
    if (!pair_id(n.get("cls"), "cls", cls, error) || !pair_id(n.get("sep"), "sep", sep, error)) return false;
    before = {cls};
    after = {sep};
  } else if (type == "TemplateProcessing") {
    if (!template_tokens(n, before, after, error)) return false;
  } else {
    return error = "its post_processor " + (type.empty() ? std::string("(no type)") : printable(type)) +
                   " is not one lookupviz reads (TemplateProcessing, BertProcessing, RobertaProcessing, ByteLevel, "
                   "Sequence)",
           false;
  }
  for (const IdList* list : {&before, &after})
    for (int64_t id : *list)
      if (id >= static_cast<int64_t>(spec.tokens.size()))
        return error = "its post-processor's special token " + std::to_string(id) + " is outside its vocabulary of " +
                       with_commas(spec.tokens.size()),
               false;
  // A later processor wraps what the earlier ones made.
  spec.special_before.insert(spec.special_before.begin(), before.begin(), before.end());
  spec.special_after.insert(spec.special_after.end(), after.begin(), after.end());
  return true;
}

}  // namespace lv
