// word_models.cpp — see word_models.hpp.
#include "core/tokenizer/word_models.hpp"

#include <algorithm>
#include <cstdio>

#include "core/text/text_format.hpp"
#include "core/text/utf8_text.hpp"

namespace lv {
namespace {

size_t char_len(std::string_view s, size_t i) {
  size_t bad = 0;
  const size_t n = utf8_sequence_length(s, i, &bad);
  return n ? n : 1;
}

std::string budget_spent(const WordModelBudget& b) {
  return "its vocabulary's pieces are too long and too alike to split this text (over " + with_commas(b.most) +
         " trie steps); lookupviz stops rather than hang";
}

std::string code_point_name(std::string_view s, size_t at) {
  size_t bad = 0;
  const size_t n = utf8_sequence_length(s, at, &bad);
  char buf[16];
  std::snprintf(buf, sizeof buf, "U+%04X", n ? static_cast<unsigned>(utf8_code_point(s, at, n)) : 0xFFFDu);
  return buf;
}

}  // namespace

// ---------------------------------------------------------------- WordPiece

void WordPieceModel::build(const std::vector<std::string>& tokens, const std::string& prefix, size_t max_chars,
                           int64_t unk_id) {
  for (uint32_t id = 0; id < tokens.size(); ++id) {
    const std::string& t = tokens[id];
    if (t.empty()) continue;
    initial_.insert(t, id);
    if (t.compare(0, prefix.size(), prefix) == 0 && t.size() > prefix.size())
      continuing_.insert(std::string_view(t).substr(prefix.size()), id);
  }
  max_chars_ = max_chars;
  unk_id_ = unk_id;
}

bool WordPieceModel::encode(std::string_view word, IdList& out, WordModelBudget& budget, std::string* why) const {
  if (word.empty()) return true;
  size_t chars = 0;
  for (size_t i = 0; i < word.size(); i += char_len(word, i)) ++chars;
  const size_t start_size = out.size();
  bool unknown = chars > max_chars_;
  // The longest piece from each place (the crate shortens the candidate a character at a
  // time from the word's end: the same piece, found here in one walk).
  for (size_t at = 0; !unknown && at < word.size();) {
    size_t len = 0;
    uint32_t id = 0;
    budget.steps += (at == 0 ? initial_ : continuing_).walk(word, at, [&](size_t n, uint32_t v) { len = n, id = v; });
    if (budget.spent()) return *why = budget_spent(budget), false;
    if (len == 0) unknown = true;
    else out.push_back(id);
    at += len;
  }
  if (!unknown) return true;
  out.resize(start_size);
  if (unk_id_ < 0)
    return *why = "the word " + quoted_input(word) +
                  " has no pieces in its WordPiece vocabulary, and its unk_token is not in the vocabulary",
           false;
  out.push_back(unk_id_);
  return true;
}

// ---------------------------------------------------------------- Unigram

void UnigramModel::build(const std::vector<std::string>& pieces, const std::vector<double>& scores, int64_t unk_id,
                         bool byte_fallback) {
  min_score_ = scores.empty() ? 0 : *std::min_element(scores.begin(), scores.end());
  for (uint32_t id = 0; id < pieces.size(); ++id)
    if (!pieces[id].empty()) trie_.insert(pieces[id], id);
  scores_ = scores;
  unk_id_ = unk_id;
  byte_fallback_ = byte_fallback;
  for (int b = 0; b < 256; ++b) {
    char name[8];
    std::snprintf(name, sizeof name, "<0x%02X>", b);
    byte_token_[b] = exact(name);
  }
}

int64_t UnigramModel::exact(std::string_view piece) const {
  int64_t id = -1;
  trie_.walk(piece, 0, [&](size_t n, uint32_t v) {
    if (n == piece.size()) id = v;
  });
  return id;
}

bool UnigramModel::encode(std::string_view text, IdList& out, WordModelBudget& budget, std::string* why) const {
  constexpr double kUnkPenalty = 10.0;  // the crate's K_UNK_PENALTY
  struct Best {
    double score = 0;
    int64_t start = -1;  // -1: no path ends here yet
    int64_t id = 0;
  };
  const size_t n = text.size();
  std::vector<Best> best(n + 1);
  auto offer = [&](size_t end, size_t start, double score, int64_t id) {
    Best& b = best[end];  // strictly better replaces: a tie keeps the earlier start
    if (b.start < 0 || score > b.score) b = {score, static_cast<int64_t>(start), id};
  };
  for (size_t at = 0; at < n;) {
    const double here = best[at].score;
    const size_t mblen = char_len(text, at);
    bool single = false;
    budget.steps += trie_.walk(text, at, [&](size_t len, uint32_t id) {
      offer(at + len, at, scores_[id] + here, id);
      single = single || len == mblen;
    });
    if (budget.spent()) return *why = budget_spent(budget), false;
    if (!single) {
      const Best& b = best[at + mblen];
      const double unk = min_score_ - kUnkPenalty + here;
      if (unk_id_ < 0 && (b.start < 0 || unk > b.score))
        return *why = "the text has a character (" + code_point_name(text, at) +
                      ") that no piece of its Unigram vocabulary covers, and it names no unknown token (unk_id)",
               false;
      offer(at + mblen, at, unk, unk_id_);
    }
    at += mblen;
  }
  // Back from the end: the pieces, runs of unknown ones fused into one.
  std::vector<std::pair<size_t, size_t>> spans;  // [start, end), last first
  bool last_unk = false;
  for (size_t end = n; end > 0;) {
    const Best& b = best[end];
    const auto start = static_cast<size_t>(b.start);
    const bool unk = unk_id_ >= 0 && b.id == unk_id_;
    if (unk && last_unk) spans.back().first = start;
    else spans.emplace_back(start, end);
    last_unk = unk;
    end = start;
  }
  for (auto s = spans.rbegin(); s != spans.rend(); ++s) {
    const std::string_view piece = text.substr(s->first, s->second - s->first);
    if (const int64_t id = exact(piece); id >= 0) {
      out.push_back(id);
      continue;
    }
    bool bytes = byte_fallback_;
    for (size_t k = 0; bytes && k < piece.size(); ++k) bytes = byte_token_[static_cast<uint8_t>(piece[k])] >= 0;
    if (bytes)
      for (char c : piece) out.push_back(byte_token_[static_cast<uint8_t>(c)]);
    else out.push_back(unk_id_);  // an unknown run exists only when unk_id does
  }
  return true;
}

}  // namespace lv
