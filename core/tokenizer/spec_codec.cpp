// spec_codec.cpp — see spec_codec.hpp.
#include "core/tokenizer/spec_codec.hpp"

#include <bit>
#include <cstring>

namespace lv {
namespace {

static_assert(std::endian::native == std::endian::little, "the cache is written as the machine holds its numbers");

struct Out {
  std::string s;
  template <typename T>
  void num(T v) {
    s.append(reinterpret_cast<const char*>(&v), sizeof v);
  }
  void u8(uint32_t v) { num(static_cast<uint8_t>(v)); }
  void str(std::string_view v) {
    num(static_cast<uint32_t>(v.size()));
    s.append(v);
  }
};

// Reads what Out wrote; past the end (or a count larger than the bytes left could hold)
// it stops, and `ok` stays false from then on.
struct In {
  std::string_view b;
  size_t at = 0;
  bool ok = true;
  template <typename T>
  T num() {
    T v{};
    if (!ok || b.size() - at < sizeof v) return ok = false, v;
    std::memcpy(&v, b.data() + at, sizeof v);
    at += sizeof v;
    return v;
  }
  uint32_t u8(uint32_t below) {  // an enum or a flag: below its count
    const auto v = num<uint8_t>();
    if (v >= below) ok = false;
    return ok ? v : 0;
  }
  // A count of items of at least `each` bytes: no more than the bytes left can hold.
  uint32_t count(size_t each) {
    const auto n = num<uint32_t>();
    if (ok && n > (b.size() - at) / each) ok = false;
    return ok ? n : 0;
  }
  std::string str() {
    const uint32_t n = count(1);
    if (!ok) return {};
    at += n;
    return std::string(b.substr(at - n, n));
  }
};

void put_pre(Out& o, const PreTokenizeStep& p) {
  o.u8(p.kind);
  o.u8(p.regex != nullptr);
  o.str(p.regex ? p.regex->pattern() : "");
  o.u8(p.regex && p.regex->literal());
  o.u8(p.behavior);
  o.u8(p.invert);
  o.u8(p.add_prefix_space);
  o.u8(p.use_regex);
  o.str(p.replacement);
  o.u8(p.prepend);
  o.u8(p.split);
}

bool get_pre(In& in, PreTokenizeStep& p, std::string* why) {
  p.kind = static_cast<PreTokenizeStep::Kind>(in.u8(3));
  const bool has_regex = in.u8(2);
  const std::string pattern = in.str();
  const bool literal = in.u8(2);
  p.behavior = static_cast<PreTokenizeStep::Behavior>(in.u8(5));
  p.invert = in.u8(2);
  p.add_prefix_space = in.u8(2);
  p.use_regex = in.u8(2);
  p.replacement = in.str();
  p.prepend = static_cast<PreTokenizeStep::Prepend>(in.u8(3));
  p.split = in.u8(2);
  if (!in.ok || !has_regex) return in.ok;
  auto re = std::make_shared<const SplitRegex>(pattern, literal);
  if (!re->ok()) return *why = "a pattern in it does not compile", false;
  p.regex = std::move(re);
  return true;
}

constexpr uint32_t kByScore = 1, kByteFallback = 2, kIgnoreMerges = 4, kFuseUnk = 8, kLongestAddedFirst = 16,
                   kFirstMergeWins = 32, kByteLevel = 64, kDecodeByteTokens = 128, kStripLeadingSpace = 256,
                   kWordPieceDecoder = 512, kDecoderCleanup = 1024, kJoinWithSpaces = 2048, kAllFlags = 4095;

uint32_t flags_of(const BpeSpec& s) {
  return (s.by_score ? kByScore : 0) | (s.byte_fallback ? kByteFallback : 0) | (s.ignore_merges ? kIgnoreMerges : 0) |
         (s.fuse_unk ? kFuseUnk : 0) | (s.longest_added_first ? kLongestAddedFirst : 0) |
         (s.first_merge_wins ? kFirstMergeWins : 0) | (s.byte_level ? kByteLevel : 0) |
         (s.decode_byte_tokens ? kDecodeByteTokens : 0) | (s.strip_leading_space ? kStripLeadingSpace : 0) |
         (s.wordpiece_decoder ? kWordPieceDecoder : 0) | (s.decoder_cleanup ? kDecoderCleanup : 0) |
         (s.join_with_spaces ? kJoinWithSpaces : 0);
}

void set_flags(BpeSpec& s, uint32_t f) {
  s.by_score = f & kByScore, s.byte_fallback = f & kByteFallback, s.ignore_merges = f & kIgnoreMerges;
  s.fuse_unk = f & kFuseUnk, s.longest_added_first = f & kLongestAddedFirst, s.first_merge_wins = f & kFirstMergeWins;
  s.byte_level = f & kByteLevel, s.decode_byte_tokens = f & kDecodeByteTokens;
  s.strip_leading_space = f & kStripLeadingSpace, s.wordpiece_decoder = f & kWordPieceDecoder;
  s.decoder_cleanup = f & kDecoderCleanup, s.join_with_spaces = f & kJoinWithSpaces;
}

// The models that are not BPE (word_models.hpp) and the post-processor's special tokens:
// the model, WordPiece's prefix and word length, Unigram's scores, the WordPiece decoder's
// prefix, the IDs --special puts before and after a text, and why it cannot.
void put_words(Out& o, const BpeSpec& s) {
  o.u8(s.model);
  o.str(s.subword_prefix);
  o.num(static_cast<uint64_t>(s.max_word_chars));
  o.num(static_cast<uint32_t>(s.unigram_scores.size()));
  for (double d : s.unigram_scores) o.num(d);
  o.str(s.decoder_prefix);
  for (const IdList* list : {&s.special_before, &s.special_after}) {
    o.num(static_cast<uint32_t>(list->size()));
    for (int64_t id : *list) o.num(id);
  }
  o.str(s.special_error);
}

bool get_words(In& in, BpeSpec& s, size_t n_tokens) {
  s.model = static_cast<BpeSpec::Model>(in.u8(BpeSpec::WordLevel + 1));
  s.subword_prefix = in.str();
  const auto most = in.num<uint64_t>();
  if (most > kMaxWordPieceChars) in.ok = false;
  s.max_word_chars = static_cast<size_t>(most);
  s.unigram_scores.resize(in.count(8));
  for (double& d : s.unigram_scores) d = in.num<double>();
  s.decoder_prefix = in.str();
  for (IdList* list : {&s.special_before, &s.special_after}) {
    list->resize(in.count(8));
    for (int64_t& id : *list)
      if (id = in.num<int64_t>(); id < 0 || static_cast<uint64_t>(id) >= n_tokens) in.ok = false;
  }
  s.special_error = in.str();
  return in.ok;
}

// The lists after the vocabulary: normalizer, pre-tokenizer, added tokens.
bool get_steps(In& in, BpeSpec& s, std::string* why) {
  s.normalizer.resize(in.count(11));
  for (NormalizeStep& n : s.normalizer) {
    n.kind = static_cast<NormalizeStep::Kind>(in.u8(NormalizeStep::Precompiled + 1));
    n.text = in.str();
    n.with = in.str();
    n.left = in.u8(2);
    n.right = in.u8(2);
    std::string bad;  // a charsmap is read again from its bytes (the cache holds them as written)
    if (n.kind == NormalizeStep::Precompiled && !precompiled_step(n.text, n, &bad)) in.ok = false;
  }
  s.pre_tokenizer.resize(in.count(17));
  for (PreTokenizeStep& p : s.pre_tokenizer)
    if (!get_pre(in, p, why)) return false;
  s.added.resize(in.count(10));
  for (AddedToken& a : s.added) {
    a.content = in.str();
    a.id = in.num<uint32_t>();
    a.lstrip = in.u8(2);
    a.rstrip = in.u8(2);
  }
  return in.ok;
}

}  // namespace

std::string encode_spec(const BpeSpec& s) {
  Out o;
  o.str(s.name);
  o.u8(s.origin.kind);
  o.str(s.origin.path);
  o.num(static_cast<uint32_t>(s.tokens.size()));
  for (const std::string& t : s.tokens) o.str(t);
  o.num(static_cast<uint32_t>(s.merges.size()));
  for (size_t k = 0; k < s.merges.size(); ++k) {
    o.num(s.merges[k].first);
    o.num(s.merges[k].second);
    o.num(k < s.merged.size() ? s.merged[k] : UINT32_MAX);
  }
  o.num(static_cast<uint32_t>(s.scores.size()));
  for (float f : s.scores) o.num(f);
  o.num(flags_of(s));
  o.num(s.unk_id);
  o.str(s.space_symbol);
  put_words(o, s);
  o.num(static_cast<uint32_t>(s.normalizer.size()));
  for (const NormalizeStep& n : s.normalizer) {
    o.u8(n.kind);
    o.str(n.text);
    o.str(n.with);
    o.u8(n.left);
    o.u8(n.right);
  }
  o.num(static_cast<uint32_t>(s.pre_tokenizer.size()));
  for (const PreTokenizeStep& p : s.pre_tokenizer) put_pre(o, p);
  o.num(static_cast<uint32_t>(s.added.size()));
  for (const AddedToken& a : s.added) {
    o.str(a.content);
    o.num(a.id);
    o.u8(a.lstrip);
    o.u8(a.rstrip);
  }
  return std::move(o.s);
}

namespace {

// token_at null: the tokens and merges read into the spec; else the tokens' places recorded
// and the merges skipped.
bool decode(std::string_view bytes, BpeSpec& s, std::vector<uint32_t>* token_at, std::string* why) {
  In in{bytes};
  s = BpeSpec();
  s.name = in.str();
  s.origin.kind = static_cast<TokenizerOrigin::Kind>(in.u8(TokenizerOrigin::Gguf + 1));
  s.origin.path = in.str();
  const uint32_t n = in.count(4);
  if (n > kMaxTokenizerTokens) return *why = "it holds more tokens than any model", false;
  if (bytes.size() > UINT32_MAX) return *why = "it is larger than a cache can be", false;
  if (token_at) {
    token_at->resize(n);
    for (uint32_t& at : *token_at) {
      at = static_cast<uint32_t>(in.at);  // its length, then its bytes: count() checks they are there
      const uint32_t len = in.count(1);
      in.at += len;
    }
  } else {
    s.tokens.resize(n);
    for (std::string& t : s.tokens) t = in.str();
  }
  const uint32_t m = in.count(12);
  if (token_at) in.at += size_t{m} * 12;  // within the bytes: count() checked
  else s.merges.resize(m), s.merged.resize(m);
  for (uint32_t k = 0; !token_at && k < m; ++k) {
    s.merges[k].first = in.num<uint32_t>();
    s.merges[k].second = in.num<uint32_t>();
    s.merged[k] = in.num<uint32_t>();
  }
  s.scores.resize(in.count(4));
  for (float& f : s.scores) f = in.num<float>();
  const auto flags = in.num<uint32_t>();
  if (flags & ~kAllFlags) in.ok = false;
  set_flags(s, flags);
  s.unk_id = in.num<int64_t>();
  s.space_symbol = in.str();
  if (!in.ok || !get_words(in, s, n) || !get_steps(in, s, why)) {
    if (why->empty()) *why = "it is cut short or damaged";
    return false;
  }
  if (in.at != bytes.size()) return *why = "it has bytes after its end", false;
  return true;
}

}  // namespace

bool decode_spec(std::string_view bytes, BpeSpec& s, std::string* why) { return decode(bytes, s, nullptr, why); }

bool decode_spec_in_place(std::string_view bytes, BpeSpec& s, std::vector<uint32_t>& token_at, std::string* why) {
  return decode(bytes, s, &token_at, why);
}

}  // namespace lv
