// bpe_tokenizer_words.cpp — the part of BpeTokenizer (bpe_tokenizer.hpp) for the models that
// are not BPE (word_models.hpp), the decoders that see a token's neighbours (WordPiece's, and
// none at all), and the post-processor's special tokens.
#include <cstdio>

#include "core/text/text_format.hpp"
#include "core/tokenizer/bpe_tokenizer.hpp"

namespace lv {
namespace {

// The WordPiece decoder's cleanup (the tokenizers crate's decoders::wordpiece::cleanup), in
// its order.
std::string cleanup(std::string s) {
  static const std::pair<const char*, const char*> kSteps[] = {
      {" .", "."},   {" ?", "?"},           {" !", "!"},   {" ,", ","},     {" ' ", "'"},   {" n't", "n't"},
      {" 'm", "'m"}, {" do not", " don't"}, {" 's", "'s"}, {" 've", "'ve"}, {" 're", "'re"}};
  for (const auto& [from, to] : kSteps) {
    const std::string_view f(from), t(to);
    std::string out;
    size_t at = 0;
    for (size_t hit; (hit = s.find(f, at)) != std::string::npos; at = hit + f.size()) {
      out.append(s, at, hit - at);
      out += t;
    }
    out.append(s, at, std::string::npos);
    s = std::move(out);
  }
  return s;
}

}  // namespace

void BpeTokenizer::build_word_model() {
  // The cache's tokens in place are copied for these models' own indexes (vocabularies of
  // 30k; WordPiece's and Unigram's builds take strings).
  const std::vector<std::string> copies = spec_.tokens.empty() ? texts_.copies() : std::vector<std::string>();
  const std::vector<std::string>& tokens = spec_.tokens.empty() ? copies : spec_.tokens;
  const size_t n = tokens.size();
  if (spec_.model == BpeSpec::Unigram) {
    if (spec_.unigram_scores.empty() || spec_.unigram_scores.size() > n) {
      error_ = "its Unigram model has " + std::to_string(spec_.unigram_scores.size()) + " scores for " +
               std::to_string(n) + " tokens";
      return;
    }
    const std::vector<std::string> pieces(tokens.begin(),
                                          tokens.begin() + static_cast<std::ptrdiff_t>(spec_.unigram_scores.size()));
    unigram_.build(pieces, spec_.unigram_scores, spec_.unk_id, spec_.byte_fallback);
  }
  if (spec_.model == BpeSpec::WordPiece)
    wordpiece_.build(tokens, spec_.subword_prefix, spec_.max_word_chars, spec_.unk_id);
  for (int b = 0; b < 256; ++b) {  // <0xNN>, for a ByteFallback decoder
    char name[8];
    std::snprintf(name, sizeof name, "<0x%02X>", b);
    byte_token_[b] = find(name);
  }
}

bool BpeTokenizer::encode_words(std::string_view piece, IdList& out, WordModelBudget& budget, std::string* why) const {
  if (piece.empty()) return true;
  if (spec_.model == BpeSpec::WordPiece) return wordpiece_.encode(piece, out, budget, why);
  if (spec_.model == BpeSpec::Unigram) return unigram_.encode(piece, out, budget, why);
  // WordLevel: the word, or the unknown token.
  const int64_t id = find(piece);
  if (id >= 0 || spec_.unk_id >= 0) {
    out.push_back(id >= 0 ? id : spec_.unk_id);
    return true;
  }
  // (The word as text in a one-line message: its control characters shown as '?'.)
  *why = "the word " + quoted_input(piece) +
         " is not in its WordLevel vocabulary, and its unk_token is not in the vocabulary";
  return false;
}

std::string BpeTokenizer::decode_tokens(const IdList& ids) const {
  std::string out;
  for (size_t i = 0; i < ids.size(); ++i) {
    std::string t = token_symbols(ids[i]);
    if (spec_.join_with_spaces) {  // no decoder: the tokens as the vocabulary writes them, spaced
      out += (i ? " " : "") + t;
      continue;
    }
    const std::string& prefix = spec_.decoder_prefix;
    if (i > 0 && t.compare(0, prefix.size(), prefix) == 0) t.erase(0, prefix.size());  // "" : no change
    else if (i > 0) t.insert(0, " ");
    out += spec_.decoder_cleanup ? cleanup(std::move(t)) : t;
  }
  return out;
}

bool BpeTokenizer::add_special_tokens(IdList& ids, std::string* why) const {
  if (!spec_.special_error.empty()) return *why = spec_.special_error, false;
  if (spec_.special_before.empty() && spec_.special_after.empty()) return true;
  IdList out = spec_.special_before;
  out.insert(out.end(), ids.begin(), ids.end());
  out.insert(out.end(), spec_.special_after.begin(), spec_.special_after.end());
  ids = std::move(out);
  return true;
}

}  // namespace lv
