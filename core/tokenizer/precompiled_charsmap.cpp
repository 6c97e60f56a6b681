// precompiled_charsmap.cpp — see the header.
#include "core/tokenizer/precompiled_charsmap.hpp"

#include <unicode/brkiter.h>
#include <unicode/unistr.h>

#include <cstring>
#include <memory>

#include "core/text/utf8_text.hpp"

namespace lv {
namespace {

// darts-clone's unit layout.
bool has_leaf(uint32_t u) { return ((u >> 8) & 1) == 1; }
uint32_t value(uint32_t u) { return u & ((1u << 31) - 1); }
uint32_t label(uint32_t u) { return u & ((1u << 31) | 0xFF); }
uint32_t offset(uint32_t u) { return (u >> 10) << ((u & (1u << 9)) >> 6); }

}  // namespace

bool parse_precompiled_charsmap(std::string_view blob, PrecompiledCharsmap& out, std::string* why) {
  if (blob.size() < 4) return *why = "its precompiled charsmap is shorter than its 4-byte header", false;
  uint32_t trie_bytes = 0;
  for (int i = 0; i < 4; ++i) trie_bytes |= static_cast<uint32_t>(static_cast<uint8_t>(blob[i])) << (8 * i);
  if (trie_bytes % 4 != 0 || trie_bytes > blob.size() - 4 || trie_bytes == 0)
    return *why = "its precompiled charsmap's trie size (" + std::to_string(trie_bytes) + " bytes) does not fit its " +
                  std::to_string(blob.size()) + " bytes",
           false;
  out.trie.resize(trie_bytes / 4);
  std::memcpy(out.trie.data(), blob.data() + 4, trie_bytes);  // little-endian, as x86-64
  out.normalized.assign(blob.substr(4 + trie_bytes));
  if (const auto bad = utf8_error_offset(out.normalized))  // the crate reads them as a Rust String
    return *why = "its precompiled charsmap's replacements are not UTF-8 (byte " +
                  std::to_string(4 + trie_bytes + *bad) + ")",
           false;
  return true;
}

std::optional<std::string_view> precompiled_lookup(const PrecompiledCharsmap& m, std::string_view chunk) {
  const std::vector<uint32_t>& a = m.trie;
  size_t node = 0;
  if (a.empty()) return std::nullopt;
  node ^= offset(a[0]);
  for (char ch : chunk) {
    const uint8_t c = static_cast<uint8_t>(ch);
    if (c == 0) break;
    node ^= c;
    if (node >= a.size()) return std::nullopt;  // a unit that points outside: no key
    const uint32_t unit = a[node];
    if (label(unit) != c) return std::nullopt;
    node ^= offset(unit);
    if (node >= a.size()) return std::nullopt;
    if (has_leaf(unit)) {
      const size_t at = value(a[node]);
      if (at >= m.normalized.size()) return std::nullopt;
      const size_t end = m.normalized.find('\0', at);
      return std::string_view(m.normalized).substr(at, (end == std::string::npos ? m.normalized.size() : end) - at);
    }
  }
  return std::nullopt;
}

bool precompiled_normalize(const PrecompiledCharsmap& m, std::string_view text, std::string& out, size_t most,
                           std::string* why) {
  out.clear();
  out.reserve(text.size());
  if (text.empty()) return true;
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<icu::BreakIterator> it(icu::BreakIterator::createCharacterInstance(icu::Locale::getRoot(), status));
  if (U_FAILURE(status) || !it)
    return *why = std::string("ICU cannot cut text into characters: ") + u_errorName(status), false;
  const icu::UnicodeString u =
      icu::UnicodeString::fromUTF8(icu::StringPiece(text.data(), static_cast<int32_t>(text.size())));
  it->setText(u);
  // Each cluster's UTF-8 bytes: the UTF-16 boundaries mapped back through the text's code points.
  size_t byte = 0;
  int32_t unit = 0;
  auto advance_to = [&](int32_t target) {  // from (unit, byte) to the UTF-16 index target
    const size_t from = byte;
    while (unit < target && byte < text.size()) {
      size_t bad = 1;
      const size_t len = utf8_sequence_length(text, byte, &bad);
      const char32_t c = len ? utf8_code_point(text, byte, len) : 0xFFFD;
      byte += len ? len : bad;
      unit += c > 0xFFFF ? 2 : 1;
    }
    return text.substr(from, byte - from);
  };
  for (int32_t end = it->next(); end != icu::BreakIterator::DONE; end = it->next()) {
    const std::string_view cluster = advance_to(end);
    if (cluster.size() < 6)
      if (const auto norm = precompiled_lookup(m, cluster)) {
        out += *norm;
        if (out.size() > most) return why->clear(), false;
        continue;
      }
    for (size_t i = 0; i < cluster.size();) {
      size_t bad = 1;
      const size_t len = utf8_sequence_length(cluster, i, &bad);
      const std::string_view one = cluster.substr(i, len ? len : bad);
      const auto norm = precompiled_lookup(m, one);
      out += norm ? *norm : one;
      if (out.size() > most) return why->clear(), false;
      i += one.size();
    }
  }
  out += advance_to(INT32_MAX);  // (nothing: the last boundary is the text's end)
  return true;
}

}  // namespace lv
