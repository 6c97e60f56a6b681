// bpe_tokenizer.cpp — see bpe_tokenizer.hpp. Hugging Face's BPE merges the adjacent pair
// of lowest rank, leftmost first (a heap of (rank, position), stale entries skipped, as
// tokenizers' Word::merge_all); llama.cpp's SentencePiece merges the adjacent pair whose
// concatenation is the token of highest score, leftmost first (llm_tokenizer_spm).
#include "core/tokenizer/bpe_tokenizer.hpp"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <queue>
#include <tuple>
#include <type_traits>

#include "core/text/text_format.hpp"
#include "core/text/utf8_text.hpp"
#include "core/tokenizer/bpe_vocab.hpp"

namespace lv {
namespace {

constexpr auto kMaxTokens = static_cast<size_t>(kMaxTokenizerTokens);

size_t char_len(std::string_view s, size_t i) {
  size_t bad = 0;
  const size_t n = utf8_sequence_length(s, i, &bad);
  return n ? n : 1;
}

void replace_all(std::string& s, std::string_view from, std::string_view to) {
  if (from.empty()) return;
  std::string out;
  size_t at = 0;
  for (size_t hit; (hit = s.find(from, at)) != std::string::npos; at = hit + from.size()) {
    out.append(s, at, hit - at);
    out += to;
  }
  out.append(s, at, std::string::npos);
  s = std::move(out);
}

constexpr std::string_view kSpace(kMetaspace);

// Whether `t` holds a ▁ right after a character that is not ▁ (a token that would cross a
// cut of bpe_tokenizer.hpp's cut_at_spaces_).
bool metaspace_after_other(std::string_view t) {
  for (size_t at = t.find(kSpace, 1); at != std::string_view::npos; at = t.find(kSpace, at + 1))
    if (at < 3 || t.compare(at - 3, 3, kSpace) != 0) return true;
  return false;
}

// GPT-2's byte-level symbols back to bytes; a token with a character that stands for no
// byte is its own UTF-8 (as the tokenizers crate's ByteLevel decoder keeps it).
std::string symbols_as_bytes(std::string_view t) {
  std::string out;
  for (size_t i = 0; i < t.size();) {
    const size_t n = char_len(t, i);
    char32_t c = static_cast<uint8_t>(t[i]);
    if (n > 1) {
      c &= 0x7F >> n;
      for (size_t k = 1; k < n && i + k < t.size(); ++k) c = c << 6 | (static_cast<uint8_t>(t[i + k]) & 0x3F);
    }
    const int b = symbol_to_byte(c);
    if (b < 0) return std::string(t);
    out += static_cast<char>(b);
    i += n;
  }
  return out;
}

// A Split step on one piece, as the tokenizers crate's NormalizedString::split: the text
// as parts (the matches and the gaps between them, in order), matches and gaps swapped by
// `invert`, then joined or dropped by the behaviour; empty pieces vanish. One pass: a part
// comes in, a piece goes out as soon as nothing can join it.
class SplitCutter {
 public:
  using Emit = std::function<bool(size_t a, size_t b)>;
  SplitCutter(const PreTokenizeStep& step, const Emit& emit) : step_(step), emit_(emit) {}

  // A match [a, b) found after the text before it: the gap, then the match.
  bool match(size_t a, size_t b) {
    if (a > at_ && !part(at_, a, step_.invert)) return false;
    at_ = b;
    any_ = true;
    return part(a, b, !step_.invert);
  }
  // The text after the last match; the pieces still held.
  bool finish(size_t size) {
    if ((at_ < size || !any_) && !part(at_, size, step_.invert)) return false;
    if (step_.behavior == PreTokenizeStep::MergedWithNext) return !pending_ || put(pa_, pb_);
    return !open_ || put(ka_, kb_);
  }

 private:
  bool put(size_t a, size_t b) { return b <= a || emit_(a, b); }
  bool part(size_t a, size_t b, bool is_match) {
    using B = PreTokenizeStep;
    if (step_.behavior == B::MergedWithNext) {  // a match joins the part after it, unless that is a match
      if (is_match) {
        const bool ok = !pending_ || put(pa_, pb_);
        pending_ = true, pa_ = a, pb_ = b;
        return ok;
      }
      const size_t from = pending_ ? pa_ : a;
      pending_ = false;
      return put(from, b);
    }
    const bool join = open_ && (step_.behavior == B::Contiguous           ? is_match == previous_match_
                                : step_.behavior == B::MergedWithPrevious ? is_match && !previous_match_
                                                                          : false);
    previous_match_ = is_match;
    if (join) {
      kb_ = b;
      return true;
    }
    if (step_.behavior == B::Removed && is_match) return true;
    const bool ok = !open_ || put(ka_, kb_);
    open_ = true, ka_ = a, kb_ = b;
    return ok;
  }

  const PreTokenizeStep& step_;
  const Emit& emit_;
  size_t at_ = 0;
  bool any_ = false, previous_match_ = false;
  bool open_ = false;  // [ka_, kb_): the last piece kept, which the next part may still join
  size_t ka_ = 0, kb_ = 0;
  bool pending_ = false;  // MergedWithNext: a match [pa_, pb_) waiting for the part after it
  size_t pa_ = 0, pb_ = 0;
};

}  // namespace

BpeTokenizer::BpeTokenizer(BpeSpec spec) : spec_(std::move(spec)) { init(nullptr); }

BpeTokenizer::BpeTokenizer(BpeSpec spec, BpeIndexes indexes) : spec_(std::move(spec)), keep_(std::move(indexes.keep)) {
  init(&indexes);
}

void BpeTokenizer::append_indexes(std::string& out) const {
  by_text_.append_to(out);
  merge_of_.append_to(out);
}

void BpeTokenizer::init(BpeIndexes* given) {
  // The cache's tokens in place (spec_.tokens empty), or the spec's own.
  const bool in_place = given && spec_.tokens.empty();
  if (in_place) texts_ = std::move(given->texts);
  else texts_.view_strings(&spec_.tokens);
  const size_t n = texts_.size();
  for (int64_t& t : byte_token_) t = -1;
  if (n == 0 || n > kMaxTokens) {
    error_ =
        n == 0 ? "its vocabulary is empty" : "its vocabulary has " + with_commas(n) + " tokens, more than any model";
    return;
  }
  is_added_.assign(n, false);
  for (const AddedToken& a : spec_.added) {
    if (a.id >= n || a.content.empty()) {
      error_ = a.content.empty()
                   ? "an added token is empty"
                   : "added token " + std::to_string(a.id) + " is outside its vocabulary of " + with_commas(n);
      return;
    }
    is_added_[a.id] = true;
    added_by_text_.emplace(a.content, a.id);
    if (!in_place) spec_.tokens[a.id] = a.content;
    else if (texts_[a.id] != a.content) {  // the cache was written with them in place
      error_ = "added token " + std::to_string(a.id) + " is not its vocabulary's token " + std::to_string(a.id);
      return;
    }
  }
  added_matcher_.build(
      spec_.added, spec_.longest_added_first ? AddedTokenMatcher::LongestFirst : AddedTokenMatcher::LeftmostLongest);
  if (given) by_text_ = std::move(given->by_text);
  else by_text_.build(spec_.tokens);  // added ones too, as the model's vocab
  if (spec_.by_score && spec_.scores.size() != n) {
    error_ = "it has " + with_commas(spec_.scores.size()) + " scores for " + with_commas(n) + " tokens";
    return;
  }
  if (spec_.unk_id >= static_cast<int64_t>(n)) spec_.unk_id = -1;
  if (spec_.model != BpeSpec::Bpe) {
    build_word_model();
    return;
  }
  if (given) merge_of_ = std::move(given->merge_of);
  else if (!index_merges()) return;
  for (int b = 0; b < 256; ++b) {
    char name[8];
    std::snprintf(name, sizeof name, "<0x%02X>", b);
    byte_token_[b] = find(name);
  }
  cut_at_spaces_ = !spec_.byte_level && find(kMetaspace) >= 0 && !ends_with_metaspace(spec_.unk_id);
  for (uint32_t id = 0; cut_at_spaces_ && id < n; ++id) cut_at_spaces_ = !metaspace_after_other(texts_[id]);
}

// The merges indexed. The token each makes is found by its text, or, when the spec gives it
// (the cache, tokenizer_cache.hpp), checked to be the two tokens' bytes end to end: no
// string is built and looked up for each of 280k merges.
bool BpeTokenizer::index_merges() {
  const size_t n = spec_.tokens.size(), m = spec_.merges.size();
  const bool given = spec_.merged.size() == m;
  if (!given) spec_.merged.assign(m, 0);
  for (uint32_t rank = 0; rank < m; ++rank) {
    const auto [l, r] = spec_.merges[rank];
    if (constexpr uint32_t kAhead = 16; given && rank + kAhead < m) {  // the three tokens fetched ahead
      const auto [l2, r2] = spec_.merges[rank + kAhead];
      for (uint32_t t : {l2, r2, spec_.merged[rank + kAhead]})
        if (t < n) __builtin_prefetch(&spec_.tokens[t]);
    }
    int64_t made = -1;
    if (l < n && r < n && !given) made = find(spec_.tokens[l] + spec_.tokens[r]);
    else if (l < n && r < n && spec_.merged[rank] < n) {
      const std::string &a = spec_.tokens[l], &b = spec_.tokens[r], &t = spec_.tokens[spec_.merged[rank]];
      if (t.size() == a.size() + b.size() && t.compare(0, a.size(), a) == 0 && t.compare(a.size(), b.size(), b) == 0)
        made = spec_.merged[rank];
    }
    if (made < 0) {
      error_ = "merge " + with_commas(rank) + " makes a token that is not in its vocabulary";
      return false;
    }
    spec_.merged[rank] = static_cast<uint32_t>(made);
  }
  // A merge listed twice: the tokenizers crate (a HashMap collected in order) keeps the
  // last rank, llama.cpp (bpe_ranks.emplace) the first.
  merge_of_.build(spec_.merges, spec_.merged, spec_.first_merge_wins);
  return true;
}

bool BpeTokenizer::ends_with_metaspace(int64_t id) const {
  if (id < 0) return false;
  const std::string_view t = texts_[static_cast<size_t>(id)];
  return t.size() >= 3 && t.compare(t.size() - 3, 3, kMetaspace) == 0;
}

int64_t BpeTokenizer::find(std::string_view token) const { return by_text_.find(token, texts_); }

int64_t BpeTokenizer::special_id(std::string_view piece) const {
  const auto it = added_by_text_.find(std::string(piece));
  return it == added_by_text_.end() ? -1 : static_cast<int64_t>(it->second);
}

// ---------------------------------------------------------------- text -> pieces

bool BpeTokenizer::split(std::string_view text, std::vector<TextPiece>& pieces, std::string* why) const {
  return for_each_piece(
      text,
      [&](std::string&& p, bool special) {
    pieces.push_back({std::move(p), special});
    return true;
      },
      why);
}

// One ordinary segment's walk through the pre-tokenizer steps, depth first: each piece a
// step makes goes through the later steps before the step makes its next piece.
struct BpeTokenizer::Walk {
  bool at_text_start;        // the segment starts the text (Metaspace's prepend "first")
  RegexBudget& budget;       // the whole text's
  std::vector<size_t> seen;  // by step: the pieces that reached it so far
  const PieceSink& sink;
  std::string* why;
};

bool BpeTokenizer::for_each_piece(std::string_view text, const PieceSink& sink, std::string* why) const {
  if (!error_.empty()) return *why = error_, false;
  if (const auto bad = utf8_error_offset(text)) {
    *why = "the text is not valid UTF-8 (at byte " + std::to_string(*bad) + ")";
    return false;
  }
  std::vector<AddedSpan> spans;
  why->clear();
  if (!added_matcher_.find(text, spans, why)) return false;
  RegexBudget budget(text.size());  // the patterns' work on the whole text (split_regex.hpp)
  auto ordinary = [&](size_t from, size_t to) {
    if (to <= from) return true;
    std::string segment(text.substr(from, to - from));
    if (!normalize(spec_.normalizer, segment, why)) return false;
    Walk w{from == 0, budget, std::vector<size_t>(spec_.pre_tokenizer.size(), 0), sink, why};
    return pre_steps(0, std::move(segment), w);
  };
  size_t from = 0;  // the current ordinary segment's start
  for (const AddedSpan& a : spans) {
    if (!ordinary(from, a.begin)) return false;
    if (!sink(std::string(spec_.added[a.index].content), true)) return false;  // stripped white space is dropped
    from = a.end;
  }
  return ordinary(from, text.size());
}

bool BpeTokenizer::pre_steps(size_t k, std::string p, Walk& w) const {
  if (k == spec_.pre_tokenizer.size()) return p.empty() || w.sink(std::move(p), false);
  const bool first = w.seen[k]++ == 0;
  const PreTokenizeStep& step = spec_.pre_tokenizer[k];
  if (step.kind == PreTokenizeStep::ByteLevel && step.add_prefix_space && (p.empty() || p[0] != ' ')) p.insert(0, " ");
  if (step.kind == PreTokenizeStep::Metaspace) {
    replace_all(p, " ", step.replacement);
    const bool starts = p.compare(0, step.replacement.size(), step.replacement) == 0;
    if (!starts && (step.prepend == PreTokenizeStep::Always ||
                    (step.prepend == PreTokenizeStep::First && w.at_text_start && first)))
      p.insert(0, step.replacement);
    if (!step.split) return pre_steps(k + 1, std::move(p), w);
    size_t at = 0;
    for (size_t hit = p.find(step.replacement, 1); hit != std::string::npos; hit = p.find(step.replacement, hit + 1)) {
      if (!pre_steps(k + 1, p.substr(at, hit - at), w)) return false;
      at = hit;
    }
    return pre_steps(k + 1, p.substr(at), w);
  }
  if (!step.regex) return pre_steps(k + 1, std::move(p), w);  // ByteLevel without its pattern
  const SplitCutter::Emit emit = [&](size_t a, size_t b) { return pre_steps(k + 1, p.substr(a, b - a), w); };
  SplitCutter cut(step, emit);
  if (!step.regex->for_each_match(
          p, [&](size_t a, size_t b) { return cut.match(a, b); }, w.why, &w.budget))
    return false;
  return cut.finish(p.size());
}

// ---------------------------------------------------------------- pieces -> IDs

void BpeTokenizer::first_parts(std::string_view word, std::vector<Part>& parts) const {
  int64_t unk_at = -1;  // a pending unknown run (fuse_unk)
  auto flush_unk = [&](uint32_t end) {
    if (unk_at >= 0)
      parts.push_back({spec_.unk_id, static_cast<uint32_t>(unk_at), end - static_cast<uint32_t>(unk_at)});
    unk_at = -1;
  };
  for (size_t i = 0; i < word.size();) {
    const size_t n = char_len(word, i);
    const auto at = static_cast<uint32_t>(i);
    const int64_t id = find(word.substr(i, n));
    i += n;
    if (spec_.by_score || id >= 0) {
      flush_unk(at);
      parts.push_back({id, at, static_cast<uint32_t>(n)});
      continue;
    }
    bool bytes = spec_.byte_fallback;
    for (size_t k = 0; bytes && k < n; ++k) bytes = byte_token_[static_cast<uint8_t>(word[at + k])] >= 0;
    if (bytes) {
      flush_unk(at);
      for (size_t k = 0; k < n; ++k)
        parts.push_back({byte_token_[static_cast<uint8_t>(word[at + k])], static_cast<uint32_t>(at + k), 1});
      continue;
    }
    if (spec_.unk_id < 0) continue;  // no unknown token: the character is dropped (as the tokenizers crate)
    if (unk_at >= 0 && !spec_.fuse_unk) flush_unk(at);
    if (unk_at < 0) unk_at = at;
  }
  flush_unk(static_cast<uint32_t>(word.size()));
}

void BpeTokenizer::merge_by_rank(std::vector<Part>& parts, std::vector<BpeStep>* steps) const {
  const size_t n = parts.size();
  std::vector<int64_t> prev(n), next(n);
  std::vector<bool> alive(n, true);
  for (size_t i = 0; i < n; ++i) {
    prev[i] = static_cast<int64_t>(i) - 1;
    next[i] = i + 1 < n ? static_cast<int64_t>(i + 1) : -1;
  }
  using Cand = std::tuple<uint32_t, uint32_t, uint32_t>;  // (rank, left part, merged)
  std::priority_queue<Cand, std::vector<Cand>, std::greater<Cand>> heap;
  auto push = [&](int64_t left) {
    if (left < 0 || next[left] < 0) return;
    const int64_t a = parts[left].id, b = parts[next[left]].id;
    if (a < 0 || b < 0) return;
    if (const auto m = merge_of_.find(static_cast<uint32_t>(a), static_cast<uint32_t>(b)))
      heap.emplace(m->rank, static_cast<uint32_t>(left), m->merged);
  };
  for (size_t i = 0; i + 1 < n; ++i) push(static_cast<int64_t>(i));
  while (!heap.empty()) {
    const auto [rank, left, merged] = heap.top();
    heap.pop();
    if (!alive[left] || next[left] < 0) continue;
    const int64_t right = next[left];
    const auto m = merge_of_.find(static_cast<uint32_t>(parts[left].id), static_cast<uint32_t>(parts[right].id));
    if (!m || m->merged != merged || m->rank != rank) continue;
    if (steps)
      steps->push_back({parts[left].at, static_cast<uint32_t>(parts[left].id), static_cast<uint32_t>(parts[right].id),
                        merged, rank});
    parts[left].id = merged;
    parts[left].len += parts[right].len;
    alive[right] = false;
    next[left] = next[right];
    if (next[right] >= 0) prev[next[right]] = left;
    push(prev[left]);
    push(left);
  }
  std::vector<Part> kept;
  for (size_t i = 0; i < n; ++i)
    if (alive[i]) kept.push_back(parts[i]);
  parts.swap(kept);
}

void BpeTokenizer::merge_by_score(std::string_view word, std::vector<Part>& parts, std::vector<BpeStep>* steps) const {
  const size_t n = parts.size();
  std::vector<int64_t> prev(n), next(n);
  for (size_t i = 0; i < n; ++i) {
    prev[i] = static_cast<int64_t>(i) - 1;
    next[i] = i + 1 < n ? static_cast<int64_t>(i + 1) : -1;
  }
  // (score, −left, bytes, token): the highest score first, then the leftmost.
  using Cand = std::tuple<float, int64_t, uint32_t, uint32_t>;
  std::priority_queue<Cand> heap;
  auto push = [&](int64_t left) {
    if (left < 0 || next[left] < 0) return;
    const Part& a = parts[left];
    const uint32_t len = a.len + parts[next[left]].len;
    const int64_t id = find(word.substr(a.at, len));
    if (id >= 0) heap.emplace(spec_.scores[id], -left, len, static_cast<uint32_t>(id));
  };
  for (size_t i = 0; i + 1 < n; ++i) push(static_cast<int64_t>(i));
  while (!heap.empty()) {
    const auto [score, neg_left, len, id] = heap.top();
    heap.pop();
    const int64_t left = -neg_left, right = next[left];
    if (parts[left].len == 0 || right < 0 || parts[left].len + parts[right].len != len) continue;
    auto shown = [&](const Part& p) {  // a symbol that is no token shows as its first byte's
      return static_cast<uint32_t>(p.id >= 0 ? p.id
                                             : std::max<int64_t>(0, byte_token_[static_cast<uint8_t>(word[p.at])]));
    };
    if (steps) steps->push_back({parts[left].at, shown(parts[left]), shown(parts[right]), id, id});
    parts[left].id = id;
    parts[left].len = len;
    parts[right].len = 0;
    next[left] = next[right];
    if (next[right] >= 0) prev[next[right]] = left;
    push(prev[left]);
    push(left);
  }
  std::vector<Part> kept;
  for (const Part& p : parts) {
    if (p.len == 0) continue;
    if (p.id >= 0) {
      kept.push_back(p);
      continue;
    }
    for (uint32_t k = 0; k < p.len; ++k) {  // resegment: byte fallback, else unknown
      const int64_t b = byte_token_[static_cast<uint8_t>(word[p.at + k])];
      if (b >= 0 || spec_.unk_id >= 0) kept.push_back({b >= 0 ? b : spec_.unk_id, p.at + k, 1});
    }
  }
  parts.swap(kept);
}

void BpeTokenizer::encode_word(std::string_view word, IdList& out, MergeReplay* replay) const {
  if (word.empty()) return;
  if (!replay && spec_.ignore_merges && !spec_.by_score)
    if (const int64_t whole = find(word); whole >= 0) {
      out.push_back(whole);
      return;
    }
  std::vector<Part> parts;
  first_parts(word, parts);
  if (replay)
    for (const Part& p : parts) {
      const int64_t shown = p.id >= 0 ? p.id : std::max<int64_t>(0, byte_token_[static_cast<uint8_t>(word[p.at])]);
      replay->start.push_back(shown);
      replay->start_at.push_back(p.at);
    }
  std::vector<BpeStep>* steps = replay ? &replay->steps : nullptr;
  if (spec_.by_score) merge_by_score(word, parts, steps);
  else merge_by_rank(parts, steps);
  for (const Part& p : parts) out.push_back(p.id);
}

void BpeTokenizer::encode_piece(std::string_view piece, IdList& out) const {
  if (spec_.model != BpeSpec::Bpe) {  // within the piece's budget, as encode() gives it
    WordModelBudget budget(piece.size());
    std::string why;
    if (!encode_words(piece, out, budget, &why) && spec_.unk_id >= 0) out.push_back(spec_.unk_id);
    return;
  }
  if (spec_.byte_level) return encode_word(bytes_as_symbols(piece), out, nullptr);
  if (!cut_at_spaces_) return encode_word(piece, out, nullptr);
  // Stretches cut before each ▁ after another character: no merge crosses them, so the IDs
  // are the whole word's, and the merge state is one stretch's, not the text's (issue 39: a
  // 60 MB text as one SentencePiece word held ~50 bytes per byte).
  size_t from = 0;
  for (size_t at = piece.find(kSpace, 1); at != std::string_view::npos; at = piece.find(kSpace, at + 1))
    if (at < 3 || piece.compare(at - 3, 3, kSpace) != 0) {
      encode_word(piece.substr(from, at - from), out, nullptr);
      from = at;
    }
  encode_word(piece.substr(from), out, nullptr);
}

MergeReplay BpeTokenizer::replay(std::string_view piece) const {
  MergeReplay r;
  if (spec_.model != BpeSpec::Bpe) {  // no merges: the piece's tokens as they come
    encode_piece(piece, r.start);
    for (uint32_t k = 0; k < r.start.size(); ++k) r.start_at.push_back(k);
    return r;
  }
  IdList ids;
  const std::string word = piece_symbols(piece);
  encode_word(word, ids, &r);
  if (spec_.byte_level) {  // the symbols' offsets -> the piece's bytes (a symbol is one byte)
    std::vector<uint32_t> byte_of(word.size() + 1, 0);
    uint32_t b = 0;
    for (size_t i = 0; i < word.size(); i += char_len(word, i), ++b) byte_of[i] = b;
    for (uint32_t& at : r.start_at) at = byte_of[at];
    for (BpeStep& s : r.steps) s.at = byte_of[s.at];
  }
  return r;
}

// IdList (encode) or 32-bit IDs (encode_compact): each piece's IDs appended as it is made.
template <typename Ids>
bool BpeTokenizer::encode_into(std::string_view text, Ids& ids, std::string* why) const {
  if (std::string e = utf8_problem("the text", text); !e.empty()) {
    *why = std::move(e);
    return false;
  }
  IdList piece_ids;  // compact: one piece's, then narrowed
  const bool ok = for_each_piece(
      text,
      [&](std::string&& p, bool special) {
    if (special) {
      ids.push_back(static_cast<typename Ids::value_type>(special_id(p)));
      return true;
    }
    auto one = [&](IdList& out) {
      if (spec_.model == BpeSpec::Bpe) {
        encode_piece(p, out);
        return true;
      }
      WordModelBudget budget(p.size());  // each piece's own, as encode_piece's (word_models.hpp)
      return encode_words(p, out, budget, why);
    };
    if constexpr (std::is_same_v<Ids, IdList>) return one(ids);
    piece_ids.clear();
    if (!one(piece_ids)) return false;
    ids.insert(ids.end(), piece_ids.begin(), piece_ids.end());
    return true;
      },
      why);
  if (!ok) ids = {};  // the last good state is the caller's
  return ok;
}

Encoding BpeTokenizer::encode(std::string_view text) const {
  Encoding r;
  r.ok = encode_into(text, r.ids, &r.error);
  return r;
}

bool BpeTokenizer::encode_compact(std::string_view text, std::vector<uint32_t>& ids, std::string* why) const {
  std::string error;
  ids.clear();
  // Room for a token a byte, taken once: growing by doubling would copy (and touch) the
  // list again; pages never written are never resident.
  ids.reserve(text.size());
  const bool ok = encode_into(text, ids, &error);
  if (!ok && why) *why = std::move(error);
  return ok;
}

// ---------------------------------------------------------------- IDs -> text

std::string BpeTokenizer::token_bytes(int64_t id) const {
  if (!has_id(id)) return {};
  const std::string_view t = texts_[static_cast<size_t>(id)];
  // An added token is its text, through the space symbol's replacement too (the crate
  // decodes every token: Gemma-3's whitespace tokens "▁▁" are two spaces).
  if (is_added_[static_cast<size_t>(id)] && (spec_.byte_level || spec_.space_symbol.empty())) return std::string(t);
  if (is_added_[static_cast<size_t>(id)]) {
    std::string s(t);
    replace_all(s, spec_.space_symbol, " ");
    return s;
  }
  if (spec_.byte_level) return symbols_as_bytes(t);
  if (spec_.decode_byte_tokens && t.size() == 6 && t.compare(0, 3, "<0x") == 0 && t[5] == '>')
    for (int b = 0; b < 256; ++b)
      if (byte_token_[b] == id) return std::string(1, static_cast<char>(b));
  std::string s(t);
  if (!spec_.space_symbol.empty()) replace_all(s, spec_.space_symbol, " ");
  return s;
}

std::string BpeTokenizer::token_symbols(int64_t id) const {
  return has_id(id) ? std::string(texts_[static_cast<size_t>(id)]) : std::string();
}

std::string BpeTokenizer::piece_symbols(std::string_view piece) const {
  return spec_.byte_level ? bytes_as_symbols(piece) : std::string(piece);
}

Decoding BpeTokenizer::decode(const IdList& ids) const {
  Decoding r;
  for (int64_t id : ids) {
    if (!has_id(id)) {
      r.error = std::to_string(id) + " is not a token of " + spec_.name + ": IDs go from 0 to " +
                with_commas(vocab_size() - 1);
      r.bytes.clear();
      return r;
    }
    if (!spec_.wordpiece_decoder && !spec_.join_with_spaces) r.bytes += token_bytes(id);
  }
  if (spec_.wordpiece_decoder || spec_.join_with_spaces) r.bytes = decode_tokens(ids);
  if (spec_.strip_leading_space && !r.bytes.empty() && r.bytes[0] == ' ') r.bytes.erase(0, 1);
  r.ok = true;
  return r;
}

}  // namespace lv
