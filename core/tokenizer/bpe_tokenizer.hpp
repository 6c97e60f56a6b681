// bpe_tokenizer.hpp — a model's own BPE tokenizer, as its tokenizer.json or its .gguf
// describes it (tokenizer_json.hpp and gguf_tokenizer.hpp read those into a BpeSpec):
//
//   text ─ added/special tokens cut out first (added_tokens.hpp: Hugging Face's leftmost-
//          longest with lstrip/rstrip, or llama.cpp's longest first)
//        ─ normalizer (normalizer.hpp): NFC/NFD/NFKC/NFKD, Lowercase, StripAccents, Strip,
//          Prepend, Replace (Llama-2's "▁" for spaces), bounded in size
//        ─ pre-tokenizer steps: Split (a regex, each of the crate's behaviours), ByteLevel (bytes as
//          GPT-2's symbols, optionally its regex and a prefix space), Metaspace (spaces as
//          ▁, prepended always / first / never, split before each ▁)
//        ─ the model on each piece: Hugging Face's BPE (merges by rank, ignore_merges,
//          byte_fallback <0xNN>, unk) or llama.cpp's SentencePiece (merges by score,
//          then byte fallback); or, not BPE at all, WordPiece, Unigram or WordLevel
//          (word_models.hpp)
//        ─ with add_special_tokens (--special), the post-processor's special tokens around
//          the IDs (BERT's [CLS] … [SEP], Llama's <s> …)
//   IDs  ─ tokens' bytes (byte-level symbols back to bytes, ▁ to a space, <0xNN> to its
//          byte; added tokens as written), one leading space stripped when the decoder
//          strips it (Metaspace's prepend, Llama-2's Strip); WordPiece's decoder joins
//          "##" pieces to the one before and the others with a space; with no decoder, a
//          model that is not BPE has its tokens joined by spaces (as the crate does).
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/tokenizer/added_tokens.hpp"
#include "core/tokenizer/flat_index.hpp"
#include "core/tokenizer/normalizer.hpp"
#include "core/tokenizer/split_regex.hpp"
#include "core/tokenizer/tokenizer.hpp"
#include "core/tokenizer/word_models.hpp"

namespace lv {

// SentencePiece's space, ▁ (U+2581), as UTF-8. Built from its code point: no UI font has
// its glyph, so the app draws it as ␣ (app/state/bpe_replay.cpp), never as itself.
inline constexpr char kMetaspace[] = {static_cast<char>(0xE2), static_cast<char>(0x96), static_cast<char>(0x81), 0};

struct PreTokenizeStep {
  enum Kind { Split, ByteLevel, Metaspace } kind = Split;
  // Split
  std::shared_ptr<const SplitRegex> regex;
  // What becomes of the pattern's matches (the tokenizers crate's SplitDelimiterBehavior):
  // dropped, pieces of their own, joined to the piece before or after, or runs of them
  // joined into one piece. `invert`: the text between matches plays the matches' part.
  enum Behavior { Removed, Isolated, MergedWithPrevious, MergedWithNext, Contiguous } behavior = Isolated;
  bool invert = false;
  // ByteLevel
  bool add_prefix_space = false;
  bool use_regex = true;  // GPT-2's pattern
  // Metaspace
  std::string replacement = kMetaspace;
  enum Prepend { Always, First, Never } prepend = Always;
  bool split = true;
};

struct BpeSpec {
  // The model: BPE (merges), or one of word_models.hpp's.
  enum Model { Bpe, WordPiece, Unigram, WordLevel } model = Bpe;
  std::string name;                 // for the status line: "tokenizer.json (byte-level BPE)"
  TokenizerOrigin origin;           // the tokenizer.json or .gguf it was read from
  std::vector<std::string> tokens;  // by ID, as the vocabulary writes them ("" for a hole)
  // Hugging Face's BPE: merges by rank (token IDs). SentencePiece (by score): scores by ID.
  std::vector<std::pair<uint32_t, uint32_t>> merges;
  std::vector<uint32_t> merged;  // the token each merge makes: filled by BpeTokenizer (given by the cache: checked)
  std::vector<float> scores;
  bool by_score = false;
  bool byte_fallback = false;
  bool ignore_merges = false;
  int64_t unk_id = -1;
  bool fuse_unk = false;
  std::vector<NormalizeStep> normalizer;
  std::vector<PreTokenizeStep> pre_tokenizer;
  std::vector<AddedToken> added;     // matched in the text before anything else
  bool longest_added_first = false;  // llama.cpp's rule for them (added_tokens.hpp), not Hugging Face's
  bool first_merge_wins = false;     // a merge listed twice keeps its first rank (llama.cpp), not its last
  bool byte_level = false;           // the model's symbols are GPT-2's byte-level ones
  std::string space_symbol;          // decoding: this symbol is a space ("▁"), "" for none
  bool decode_byte_tokens = false;   // decoding: <0xNN> is its byte (a ByteFallback decoder)
  bool strip_leading_space = false;
  // WordPiece: continuing_subword_prefix and max_input_chars_per_word; Unigram: scores by ID.
  std::string subword_prefix = "##";
  size_t max_word_chars = 100;
  std::vector<double> unigram_scores;
  // Decoding: WordPiece's decoder (its prefix, and cleanup's " ." -> "." and the rest), or
  // none at all (join_with_spaces).
  bool wordpiece_decoder = false;
  std::string decoder_prefix = "##";
  bool decoder_cleanup = true;
  bool join_with_spaces = false;
  // The post-processor's special tokens for one sequence: `special_before` IDs, the text's,
  // `special_after` (TemplateProcessing's single template, BertProcessing, RobertaProcessing).
  IdList special_before, special_after;
  std::string special_error;  // why they cannot be added (a post-processor lookupviz cannot read), or ""
};

// What the tokenizer cache keeps of a BpeTokenizer besides its spec: its two indexes, read in
// place from bytes `keep` holds (the cache file, mapped, or a copy of it): opening Llama-3's
// builds neither (issue 40 item 6).
// The tokens' texts too, when the spec was read without them (decode_spec_in_place).
struct BpeIndexes {
  TokenIndex by_text;
  MergeIndex merge_of;
  TokenTexts texts;
  std::shared_ptr<const void> keep;
};

class BpeTokenizer : public Tokenizer {
 public:
  // The spec checked and indexed; a problem leaves error() set (one sentence).
  explicit BpeTokenizer(BpeSpec spec);
  // The same with the indexes `append_indexes` wrote for it (checked to be in range: the
  // spec's merges are not needed, and may be left out).
  BpeTokenizer(BpeSpec spec, BpeIndexes indexes);
  // Its texts_ may point into its own spec_: never copied or moved (it is held by pointer).
  BpeTokenizer(const BpeTokenizer&) = delete;
  BpeTokenizer& operator=(const BpeTokenizer&) = delete;
  void append_indexes(std::string& out) const;

  const std::string& error() const { return error_; }
  const std::string& name() const override { return spec_.name; }
  TokenizerOrigin origin() const override { return spec_.origin; }
  uint32_t vocab_size() const override { return static_cast<uint32_t>(texts_.size()); }
  bool ranked_merges() const override { return !spec_.by_score; }

  Encoding encode(std::string_view text) const override;
  bool encode_compact(std::string_view text, std::vector<uint32_t>& ids, std::string* why) const override;
  Decoding decode(const IdList& ids) const override;
  bool split(std::string_view text, std::vector<TextPiece>& pieces, std::string* why) const override;
  void encode_piece(std::string_view piece, IdList& out) const override;
  int64_t special_id(std::string_view piece) const override;
  MergeReplay replay(std::string_view piece) const override;
  std::string token_bytes(int64_t id) const override;
  std::string token_symbols(int64_t id) const override;
  std::string piece_symbols(std::string_view piece) const override;
  bool add_special_tokens(IdList& ids, std::string* why) const override;

  // Its spec; read from the cache it lacks the tokens and merges (they are read in place).
  const BpeSpec& spec() const { return spec_; }

 private:
  struct Part {
    int64_t id;  // -1: not a token (a SentencePiece symbol before resegmenting)
    uint32_t at, len;
  };
  void init(BpeIndexes* given);
  int64_t find(std::string_view token) const;
  bool index_merges();
  void build_word_model();
  bool ends_with_metaspace(int64_t id) const;
  void first_parts(std::string_view word, std::vector<Part>& parts) const;
  void merge_by_rank(std::vector<Part>& parts, std::vector<BpeStep>* steps) const;
  void merge_by_score(std::string_view word, std::vector<Part>& parts, std::vector<BpeStep>* steps) const;
  // The text's pieces in order, each handed to `sink` as it is made (false from it stops);
  // none are kept, so memory stays near the text's size (issue 39: ~50× when every step's
  // pieces were kept as strings).
  using PieceSink = std::function<bool(std::string&& piece, bool special)>;
  bool for_each_piece(std::string_view text, const PieceSink& sink, std::string* why) const;
  struct Walk;
  bool pre_steps(size_t k, std::string p, Walk& w) const;
  void encode_word(std::string_view word, IdList& out, MergeReplay* replay) const;
  template <typename Ids>
  bool encode_into(std::string_view text, Ids& ids, std::string* why) const;
  // A model that is not BPE on one piece, within the text's budget (word_models.hpp).
  bool encode_words(std::string_view piece, IdList& out, WordModelBudget& budget, std::string* why) const;
  std::string decode_tokens(const IdList& ids) const;  // a decoder that sees its neighbours

  BpeSpec spec_;
  std::string error_;
  std::shared_ptr<const void> keep_;  // the bytes the indexes lie in, when the cache gave them
  TokenTexts texts_;                  // by ID: spec_.tokens, or the cache's bytes
  TokenIndex by_text_;                // every ordinary token
  MergeIndex merge_of_;               // (left, right) -> (rank, merged)
  std::unordered_map<std::string, uint32_t> added_by_text_;
  AddedTokenMatcher added_matcher_;
  std::vector<bool> is_added_;
  int64_t byte_token_[256];  // <0xNN> (byte fallback), -1 when missing
  // A SentencePiece-style word (the whole text between added tokens, spaces as ▁) may be
  // encoded in stretches cut before each ▁ that follows another character: true when no
  // merge can cross such a cut (no token holds a ▁ after another character; ▁ is a token).
  bool cut_at_spaces_ = false;
  WordPieceModel wordpiece_;
  UnigramModel unigram_;
};

}  // namespace lv
