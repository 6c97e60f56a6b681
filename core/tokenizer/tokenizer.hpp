// tokenizer.hpp — what the app asks of a tokenizer, whichever it is: GPT-2's own
// (gpt2_tokenizer.hpp, from the compact pack) or a model's (bpe_tokenizer.hpp, from its
// tokenizer.json or its .gguf). Text -> IDs, IDs -> bytes, and, for slide 0, the text
// cut into pieces and one piece's merges replayed from its first symbols.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/torch/tensor.hpp"

namespace lv {

// The most tokens a vocabulary may hold (the largest real ones hold ~260k): an ID above
// kMaxTokenizerId is no token of any tokenizer lookupviz reads.
inline constexpr int64_t kMaxTokenizerTokens = int64_t{4} << 20;
inline constexpr int64_t kMaxTokenizerId = kMaxTokenizerTokens - 1;

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
// byte `at` of the piece, became token `merged`; `rank` is the merge's rank (GPT-2:
// merged − 256; a tokenizer.json: its place in "merges"; a SentencePiece vocabulary
// merges by score and has no rank: the merged token's ID).
struct BpeStep {
  uint32_t at, left, right, merged;
  uint32_t rank = 0;
};

// A cut of the text as encode() makes it: a piece of ordinary text for the pre-tokenizer
// and BPE (as the model sees it: a SentencePiece piece has its spaces as ▁), or a special
// (added) token.
struct TextPiece {
  std::string text;
  bool special = false;
};

// A piece's merges from its first symbols: `start` the tokens it begins with (a byte each
// for GPT-2; a character each, or a character's <0xNN> bytes, for SentencePiece), at bytes
// `start_at` of the piece, then the merges in the order BPE applies them.
struct MergeReplay {
  IdList start;
  std::vector<uint32_t> start_at;
  std::vector<BpeStep> steps;
};

// Where a tokenizer came from, for the code panels' Python (core/torch/notebook_transcript.hpp):
// GPT-2's pack (tiktoken's "gpt2"), a model's tokenizer.json or a model's .gguf, at `path`.
struct TokenizerOrigin {
  enum Kind { Gpt2, TokenizerJson, Gguf } kind = Gpt2;
  std::string path;
};

class Tokenizer {
 public:
  virtual ~Tokenizer() = default;

  // For the status line and messages: "GPT-2", "tokenizer.json (byte-level BPE)", …
  virtual const std::string& name() const = 0;
  // IDs go from 0 to vocab_size() − 1.
  virtual uint32_t vocab_size() const = 0;
  // The file it was read from (GPT-2's: none).
  virtual TokenizerOrigin origin() const { return {}; }
  // Whether the merge replay's ranks mean anything (false: merges by score).
  virtual bool ranked_merges() const { return true; }

  virtual Encoding encode(std::string_view text) const = 0;
  // The same IDs held in 32 bits each (every ID is at most kMaxTokenizerId): for a long text
  // whose tokens are about a byte each, encode()'s 8 bytes of IDs per byte of text made
  // --tokenize's peak 10-11 times the text (issue 39: at most 8). False with *why, and no
  // IDs, where encode() fails. This default narrows encode()'s list.
  virtual bool encode_compact(std::string_view text, std::vector<uint32_t>& ids, std::string* why) const {
    Encoding e = encode(text);
    ids.assign(e.ids.begin(), e.ids.end());
    if (!e.ok && why) *why = std::move(e.error);
    return e.ok;
  }
  virtual Decoding decode(const IdList& ids) const = 0;

  // The text's pieces in order (special tokens as their own pieces).
  virtual bool split(std::string_view text, std::vector<TextPiece>& pieces, std::string* why) const = 0;
  // One ordinary piece (as split() gives it) -> its IDs, appended.
  virtual void encode_piece(std::string_view piece, IdList& out) const = 0;
  // A special piece's ID (-1 when it is none).
  virtual int64_t special_id(std::string_view piece) const = 0;
  virtual MergeReplay replay(std::string_view piece) const = 0;

  // One token as bytes (what it decodes to alone, e.g. " Hello" for "▁Hello"); "" when the
  // ID is out of range.
  virtual std::string token_bytes(int64_t id) const = 0;
  // One token as its vocabulary writes it ("Ġsunlit", "▁Hello", "<0x0A>").
  virtual std::string token_symbols(int64_t id) const = 0;
  // A piece as the model's symbols (byte-level: "Ġsunlit"; SentencePiece: the piece).
  virtual std::string piece_symbols(std::string_view piece) const = 0;

  // The post-processor's special tokens put around a text's IDs, as add_special_tokens=True
  // asks (--special): BERT's [CLS] … [SEP], Llama's <s> …; none for GPT-2. False with *why
  // (one sentence) when the tokenizer has a post-processor lookupviz cannot read.
  virtual bool add_special_tokens(IdList& ids, std::string* why) const {
    (void)ids, (void)why;
    return true;
  }

  bool has_id(int64_t id) const { return id >= 0 && id < static_cast<int64_t>(vocab_size()); }
};

}  // namespace lv
