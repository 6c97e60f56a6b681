// normalizer.hpp — a tokenizer.json's normalizer steps, as the tokenizers crate applies them
// to each stretch of text between added tokens: Unicode's NFC, NFD, NFKC and NFKD (ICU,
// Debian's libicu), Lowercase (each character's full lower case, as Rust's
// char::to_lowercase: no context, so a final Σ is σ), StripAccents (marks dropped: Mn, Mc,
// Me), Strip (white space at either end), Replace (a string), Prepend (before a non-empty
// text). Each is bounded: the text may grow to at most 8 times its length plus 1,024 bytes
// through all the steps (a Sequence of Replace "a" -> "aa" would double it each time).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "core/tokenizer/precompiled_charsmap.hpp"

namespace lv {

struct NormalizeStep {
  // The BERT normalizer's steps (the crate's normalizers::bert), in the order it takes them:
  // BertClean drops NUL, U+FFFD and "other" characters (Cc, Cf, Cs, Co, Cn) but tab, newline
  // and return, and makes each White_Space character a space; BertChinese puts a space either
  // side of each CJK ideograph (the crate's ranges); BertStripAccents is NFD, then the
  // non-spacing marks (Mn) dropped; then Lowercase.
  enum Kind {
    Prepend,
    Replace,
    Nfc,
    Nfd,
    Nfkc,
    Nfkd,
    Lowercase,
    StripAccents,
    Strip,
    BertClean,
    BertChinese,
    BertStripAccents,
    Precompiled,  // SentencePiece's charsmap (precompiled_charsmap.hpp): `text` holds its bytes
  } kind = Prepend;
  std::string text, with;          // Prepend: text; Replace: text -> with; Precompiled: the blob
  bool left = true, right = true;  // Strip: which ends
  std::shared_ptr<const PrecompiledCharsmap> charsmap = nullptr;  // Precompiled: `text` read (precompiled_step)
};

// A Precompiled step from its blob (the bytes a tokenizer.json's base64 holds), or false with
// *why (one sentence) when the blob does not hold together.
bool precompiled_step(std::string blob, NormalizeStep& out, std::string* why);

// `text` through the steps in order. False with *why (one sentence) when the text would
// grow past the bound, or ICU cannot normalize it.
bool normalize(const std::vector<NormalizeStep>& steps, std::string& text, std::string* why);

}  // namespace lv
