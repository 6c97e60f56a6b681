// precompiled_charsmap.hpp — a SentencePiece normalizer's precompiled charsmap (a tokenizer.json's
// Precompiled normalizer: T5's, XLM-R's, ALBERT's "nmt_nfkc" rules), read and applied as the
// tokenizers crate does (its spm_precompiled):
//   the blob    a little-endian uint32, the trie's size in bytes; the trie, a darts-clone
//               double array of uint32 units; then the replacement strings, each ended by a NUL
//   applying    the text cut into grapheme clusters (ICU's, extended); a cluster of fewer than
//               6 bytes is looked up whole; otherwise, or when it has no entry, each of its
//               characters is looked up alone; a lookup takes the first (shortest) key of the
//               trie that starts the chunk and gives its replacement, else the chunk stays.
// A blob that does not hold together (a size past its end, a unit that points outside the
// trie, a replacement with no end) is refused in one sentence at load; applying never reads
// outside it.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lv {

struct PrecompiledCharsmap {
  std::vector<uint32_t> trie;  // darts-clone units
  std::string normalized;      // the replacements, NUL-ended, indexed by the trie's values
};

// The blob read, or false with *why (one sentence).
bool parse_precompiled_charsmap(std::string_view blob, PrecompiledCharsmap& out, std::string* why);

// The replacement for the first key of the trie that starts `chunk` (nullopt: none).
std::optional<std::string_view> precompiled_lookup(const PrecompiledCharsmap& m, std::string_view chunk);

// `text` (UTF-8) normalized. False with *why when ICU cannot cut it into grapheme clusters,
// and with *why empty as soon as `out` would pass `most` bytes (a charsmap's replacements
// may be long: the caller's growth bound is kept while it is built, not after).
bool precompiled_normalize(const PrecompiledCharsmap& m, std::string_view text, std::string& out, size_t most,
                           std::string* why);

}  // namespace lv
