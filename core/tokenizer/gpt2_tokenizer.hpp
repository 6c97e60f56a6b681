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
#include "core/torch/tensor.hpp"

namespace lv {

struct Encoding {
  bool ok = false;
  IdList ids;         // when ok
  std::string error;  // when !ok, one line, e.g. "the text is not valid UTF-8 (byte 0xFF at offset 3)"
};

struct Decoding {
  bool ok = false;
  std::string bytes;  // when ok
  std::string error;
};

// One merge of a piece's replay: parts `left` and `right`, the left one starting at
// byte `at` of the piece, became token `merged` (its ID is the merge's rank + 256).
struct BpeStep {
  uint32_t at, left, right, merged;
};

// A cut of the text as encode() makes it: a piece of ordinary text for the pattern and
// BPE, or <|endoftext|>.
struct TextPiece {
  std::string_view text;
  bool special = false;
};

class Gpt2Tokenizer {
 public:
  explicit Gpt2Tokenizer(BpeVocab vocab) : vocab_(std::move(vocab)) {}

  Encoding encode(std::string_view text) const;
  Decoding decode(const IdList& ids) const;

  // One piece of ordinary text (no special tokens) -> its IDs, appended to `out`.
  void encode_piece(std::string_view piece, IdList& out) const;

  // For showing the work (chapter 2's slide): the text's pieces, in order, and the merges
  // that build a piece from its single bytes, in the order BPE applies them. The replay
  // never takes encode_piece's whole-token shortcut, so "unknown" shows its merges too;
  // `parts` (optional) gets the tokens the replay ends with.
  bool split(std::string_view text, std::vector<TextPiece>& pieces, std::string* why) const;
  std::vector<BpeStep> merge_steps(std::string_view piece, IdList* parts = nullptr) const;

  const BpeVocab& vocab() const { return vocab_; }
  const Gpt2Pattern& pattern() const { return pattern_; }

 private:
  // The heap merge of `piece` from single bytes; each merge is appended to *steps if given.
  void merge_bytes(std::string_view piece, IdList& out, std::vector<BpeStep>* steps) const;

  BpeVocab vocab_;
  Gpt2Pattern pattern_;
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
