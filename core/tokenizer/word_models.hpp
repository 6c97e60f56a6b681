// word_models.hpp — the tokenizer models Hugging Face writes besides BPE, each turning one
// pre-tokenized word into IDs exactly as the Rust tokenizers crate does
// (tokenizers/src/models/):
//   WordPiece  the longest vocabulary piece from the word's start, then the longest
//              "##"-prefixed piece from where it ended, and so on; a word longer than
//              max_input_chars_per_word characters, or one with a place no piece starts,
//              is the unknown token whole (BERT)
//   Unigram    SentencePiece's unigram: the split whose pieces' scores sum highest (the
//              crate's encode_optimized Viterbi: per end position the first best, so a tie
//              goes to the piece that starts earliest); a character no one-character piece
//              covers is the unknown token at the lowest score minus 10, runs of them fused
//              into one, then spelt as <0xNN> bytes when byte_fallback and they all exist
//              (T5, ALBERT, XLNet)
//   WordLevel  the word is a token or the unknown token (whole-word vocabularies)
// Every walk through a vocabulary's trie is counted against the word's budget, so a
// hostile vocabulary (long pieces the text almost matches everywhere) stops with a
// sentence instead of taking hours. A budget per word keeps the text's work linear: a word
// of n bytes walks at most n steps from each place, so it reaches the allowance below only
// when n passes ~1,000, and the whole text takes at most ~1,300 steps a byte.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/tokenizer/byte_trie.hpp"
#include "core/torch/tensor.hpp"

namespace lv {

// The trie steps allowed per byte of text, plus a fixed allowance (real vocabularies walk a
// few bytes per byte; SentencePiece's longest whitespace pieces, 16 ▁, walk 48).
inline constexpr size_t kWordModelStepsPerByte = 256, kWordModelStepsBase = size_t{1} << 20;

// The work one word (one pre-tokenized piece) may take.
struct WordModelBudget {
  size_t steps = 0, most = 0;
  explicit WordModelBudget(size_t text_bytes) : most(kWordModelStepsPerByte * text_bytes + kWordModelStepsBase) {}
  bool spent() const { return steps > most; }
};

// Largest max_input_chars_per_word read (BERT's is 100): a larger one is refused.
inline constexpr uint64_t kMaxWordPieceChars = 100'000;

class WordPieceModel {
 public:
  // tokens by ID ("" for a hole); unk_id -1 when the unknown token is not in the vocabulary.
  void build(const std::vector<std::string>& tokens, const std::string& prefix, size_t max_chars, int64_t unk_id);
  // The word's IDs appended; false with *why when the budget is spent or the word needs an
  // unknown token the vocabulary lacks.
  bool encode(std::string_view word, IdList& out, WordModelBudget& budget, std::string* why) const;

 private:
  ByteTrie initial_, continuing_;  // every piece; the pieces that start with the prefix, without it
  size_t max_chars_ = 100;
  int64_t unk_id_ = -1;
};

class UnigramModel {
 public:
  // pieces and scores by ID (finite); unk_id -1 for none.
  void build(const std::vector<std::string>& pieces, const std::vector<double>& scores, int64_t unk_id,
             bool byte_fallback);
  bool encode(std::string_view text, IdList& out, WordModelBudget& budget, std::string* why) const;

 private:
  int64_t exact(std::string_view piece) const;  // the piece's ID (the last one listed), or -1
  ByteTrie trie_;
  std::vector<double> scores_;
  double min_score_ = 0;
  int64_t unk_id_ = -1;
  bool byte_fallback_ = false;
  int64_t byte_token_[256];
};

}  // namespace lv
