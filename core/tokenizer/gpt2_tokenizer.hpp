// gpt2_tokenizer.hpp — GPT-2's byte-level BPE, encode and decode, giving the IDs of
// tiktoken's "gpt2" encoding called as the book does:
//   tokenizer.encode(text, allowed_special={"<|endoftext|>"})
//
// encode: <|endoftext|> anywhere (even inside a word) is ID 50256; the text between
// goes through the pattern (gpt2_pattern.hpp), and each piece's UTF-8 bytes are merged
// as tiktoken does: a piece that is a whole token is that token; otherwise, starting
// from single bytes, the adjacent pair whose concatenation is the token of lowest ID
// is merged, leftmost first, until no pair is a token.
// decode: the tokens' bytes, concatenated (possibly not UTF-8: a token can be half a
// character; utf8_replace_invalid() prints it as Python would).
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/tokenizer/bpe_vocab.hpp"
#include "core/tokenizer/gpt2_pattern.hpp"
#include "core/tokenizer/tokenizer.hpp"
#include "core/torch/tensor.hpp"

namespace lv {

class Gpt2Tokenizer : public Tokenizer {
 public:
  explicit Gpt2Tokenizer(BpeVocab vocab) : vocab_(std::move(vocab)) {}

  const std::string& name() const override { return name_; }
  uint32_t vocab_size() const override { return vocab_.size(); }
  Encoding encode(std::string_view text) const override;
  bool encode_compact(std::string_view text, std::vector<uint32_t>& ids, std::string* why) const override;
  Decoding decode(const IdList& ids) const override;

  // One piece of ordinary text (no special tokens) -> its IDs, appended to `out`.
  void encode_piece(std::string_view piece, IdList& out) const override;
  int64_t special_id(std::string_view piece) const override {
    return piece == kEndOfTextText ? static_cast<int64_t>(kGpt2EndOfText) : -1;
  }
  MergeReplay replay(std::string_view piece) const override;
  std::string token_bytes(int64_t id) const override {
    return has_id(id) ? std::string(vocab_.token(static_cast<uint32_t>(id))) : std::string();
  }
  std::string token_symbols(int64_t id) const override {
    return id == kGpt2EndOfText ? std::string(kEndOfTextText) : bytes_as_symbols(token_bytes(id));
  }
  std::string piece_symbols(std::string_view piece) const override { return bytes_as_symbols(piece); }

  // For showing the work (chapter 2's slide): the text's pieces, in order, and the merges
  // that build a piece from its single bytes, in the order BPE applies them. The replay
  // never takes encode_piece's whole-token shortcut, so "unknown" shows its merges too;
  // `parts` (optional) gets the tokens the replay ends with.
  bool split(std::string_view text, std::vector<TextPiece>& pieces, std::string* why) const override;
  std::vector<BpeStep> merge_steps(std::string_view piece, IdList* parts = nullptr) const;

  const BpeVocab& vocab() const { return vocab_; }
  const Gpt2Pattern& pattern() const { return pattern_; }

 private:
  // The heap merge of `piece` from single bytes; each merge is appended to *steps if given.
  void merge_bytes(std::string_view piece, IdList& out, std::vector<BpeStep>* steps) const;
  template <typename Ids>
  bool encode_into(std::string_view text, Ids& ids, std::string* why) const;

  BpeVocab vocab_;
  Gpt2Pattern pattern_;
  std::string name_ = "GPT-2";
};

struct TokenizerLoad {
  std::unique_ptr<Gpt2Tokenizer> tokenizer;  // null on failure
  std::string error;                         // one line
  std::string path;                          // the pack that was read
};

// Reads the compact pack (checked by SHA-256) and compiles the pattern.
TokenizerLoad load_gpt2_tokenizer(const std::string& pack_path);

// Where the pack is looked for, in order: $LOOKUPVIZ_DATA_DIR, then next to the
// executable's tree (build/share/lookupviz/ for build/lookupviz; /usr/share/lookupviz/ for
// /usr/bin/lookupviz), then the install prefix's data directory.
std::vector<std::string> gpt2_pack_candidates(const std::string& exe_path);

// The first candidate that loads; the error names the places looked in.
TokenizerLoad find_gpt2_tokenizer(const std::string& exe_path);

}  // namespace lv
