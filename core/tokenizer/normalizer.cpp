// normalizer.cpp — see normalizer.hpp.
#include "core/tokenizer/normalizer.hpp"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/ustring.h>

#include "core/text/text_format.hpp"
#include "core/text/utf8_text.hpp"

namespace lv {
namespace {

constexpr size_t kGrowth = 8, kSlack = 1024;  // the normalized text's bound: 8× its length + 1 KB

bool unicode_form(NormalizeStep::Kind kind, std::string& text, std::string* why) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* n = kind == NormalizeStep::Nfc    ? icu::Normalizer2::getNFCInstance(status)
                              : kind == NormalizeStep::Nfd  ? icu::Normalizer2::getNFDInstance(status)
                              : kind == NormalizeStep::Nfkc ? icu::Normalizer2::getNFKCInstance(status)
                                                            : icu::Normalizer2::getNFKDInstance(status);
  if (U_FAILURE(status) || !n)
    return *why = std::string("ICU has no Unicode normalization: ") + u_errorName(status), false;
  const icu::UnicodeString in = icu::UnicodeString::fromUTF8(text);
  if (n->isNormalized(in, status) && U_SUCCESS(status)) return true;
  status = U_ZERO_ERROR;
  const icu::UnicodeString out = n->normalize(in, status);
  if (U_FAILURE(status)) return *why = std::string("ICU could not normalize the text: ") + u_errorName(status), false;
  text.clear();
  out.toUTF8String(text);
  return true;
}

// The text rewritten a code point at a time: each(c, its bytes, out) appends what it becomes.
template <typename F>
void each_code_point(std::string& text, F&& each) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    size_t bad = 0;
    const size_t len = utf8_sequence_length(text, i, &bad);
    if (len == 0) {  // not reached: the text is checked; keep the bytes as they are
      out.append(text, i, bad);
      i += bad;
      continue;
    }
    each(utf8_code_point(text, i, len), std::string_view(text).substr(i, len), out);
    i += len;
  }
  text = std::move(out);
}

// Each code point on its own (no context: Rust's char::to_lowercase, which the crate maps
// character by character), with its full lower case (İ -> i + U+0307).
void lowercase(std::string& text) {
  each_code_point(text, [](char32_t c, std::string_view bytes, std::string& out) {
    if (c < 0x80) {
      out += static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
      return;
    }
    UChar buf[8];
    UErrorCode status = U_ZERO_ERROR;
    const icu::UnicodeString one(static_cast<UChar32>(c));
    const int32_t n = u_strToLower(buf, 8, one.getBuffer(), one.length(), "", &status);
    if (U_FAILURE(status)) out += bytes;
    else icu::UnicodeString(buf, n).toUTF8String(out);
  });
}

void strip_accents(std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    size_t bad = 0;
    const size_t len = utf8_sequence_length(text, i, &bad);
    const size_t n = len ? len : bad;
    const int8_t type = len ? u_charType(static_cast<UChar32>(utf8_code_point(text, i, len))) : 0;
    if (type != U_NON_SPACING_MARK && type != U_COMBINING_SPACING_MARK && type != U_ENCLOSING_MARK)
      out.append(text, i, n);
    i += n;
  }
  text = std::move(out);
}

// The crate's is_chinese_char (0x2B920, not BERT's 0x2B820: the crate's, kept).
bool chinese(char32_t c) {
  return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x20000 && c <= 0x2A6DF) ||
         (c >= 0x2A700 && c <= 0x2B73F) || (c >= 0x2B740 && c <= 0x2B81F) || (c >= 0x2B920 && c <= 0x2CEAF) ||
         (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x2F800 && c <= 0x2FA1F);
}

// BertClean, BertChinese, and BertStripAccents' filter (after NFD): each character kept,
// changed or dropped.
void bert_step(NormalizeStep::Kind kind, std::string& text) {
  each_code_point(text, [kind](char32_t c, std::string_view bytes, std::string& out) {
    const int8_t type = u_charType(static_cast<UChar32>(c));
    if (kind == NormalizeStep::BertClean) {
      const bool tnr = c == '\t' || c == '\n' || c == '\r';
      const bool other = type == U_CONTROL_CHAR || type == U_FORMAT_CHAR || type == U_SURROGATE ||
                         type == U_PRIVATE_USE_CHAR || type == U_UNASSIGNED;
      const bool dropped = c == 0 || c == 0xFFFD || (other && !tnr);
      if (!dropped) tnr || is_white_space(c) ? out += ' ' : out += bytes;
    } else if (kind == NormalizeStep::BertChinese && chinese(c)) {
      out += ' ';
      out += bytes;
      out += ' ';
    } else if (kind == NormalizeStep::BertChinese || type != U_NON_SPACING_MARK) {
      out += bytes;
    }
  });
}

void strip(std::string& text, bool left, bool right) {
  size_t begin = 0, end = text.size();
  auto white_at = [&](size_t i, size_t* len) {
    size_t bad = 0;
    *len = utf8_sequence_length(text, i, &bad);
    return *len > 0 && is_white_space(utf8_code_point(text, i, *len));
  };
  for (size_t len = 0; left && begin < end && white_at(begin, &len);) begin += len;
  while (right && end > begin) {
    size_t start = end - 1, len = 0;
    while (start > begin && (static_cast<uint8_t>(text[start]) & 0xC0) == 0x80) --start;
    if (!white_at(start, &len) || start + len != end) break;
    end = start;
  }
  text = text.substr(begin, end - begin);
}

// Replace every `from` by `to`, stopping (false) once the result would pass `most` bytes.
bool replace_all(std::string& s, const std::string& from, const std::string& to, size_t most) {
  if (from.empty()) return true;
  std::string out;
  size_t at = 0;
  for (size_t hit; (hit = s.find(from, at)) != std::string::npos; at = hit + from.size()) {
    out.append(s, at, hit - at);
    out += to;
    if (out.size() > most) return false;
  }
  out.append(s, at, std::string::npos);
  s = std::move(out);
  return s.size() <= most;
}

}  // namespace

bool precompiled_step(std::string blob, NormalizeStep& out, std::string* why) {
  auto m = std::make_shared<PrecompiledCharsmap>();
  if (!parse_precompiled_charsmap(blob, *m, why)) return false;
  out.kind = NormalizeStep::Precompiled;
  out.text = std::move(blob);
  out.charsmap = std::move(m);
  return true;
}

bool normalize(const std::vector<NormalizeStep>& steps, std::string& text, std::string* why) {
  const size_t original = text.size(), most = kGrowth * original + kSlack;
  auto too_long = [&] {
    *why = "its normalizer would make this text of " + with_commas(original) + " bytes longer than lookupviz allows (" +
           with_commas(most) + " bytes: 8 times, plus 1,024)";
    return false;
  };
  for (const NormalizeStep& s : steps) {
    using K = NormalizeStep::Kind;
    switch (s.kind) {
      case K::Prepend:
        if (text.empty()) break;
        if (text.size() + s.text.size() > most) return too_long();
        text.insert(0, s.text);
        break;
      case K::Replace:
        if (!replace_all(text, s.text, s.with, most)) return too_long();
        break;
      case K::Nfc:
      case K::Nfd:
      case K::Nfkc:
      case K::Nfkd:
        if (!unicode_form(s.kind, text, why)) return false;
        break;
      case K::Lowercase: lowercase(text); break;
      case K::StripAccents: strip_accents(text); break;
      case K::Strip: strip(text, s.left, s.right); break;
      case K::BertClean:
      case K::BertChinese: bert_step(s.kind, text); break;
      case K::BertStripAccents:
        if (!unicode_form(K::Nfd, text, why)) return false;
        bert_step(s.kind, text);
        break;
      case K::Precompiled: {
        if (!s.charsmap) return *why = "its Precompiled normalizer was not read", false;
        std::string out;
        if (!precompiled_normalize(*s.charsmap, text, out, most, why)) return why->empty() ? too_long() : false;
        text = std::move(out);
        break;
      }
    }
    if (text.size() > most) return too_long();  // NFKD (ﷺ is 18 code points) and Lowercase grow it too
  }
  return true;
}

}  // namespace lv
