// gpt2_tokenizer.cpp — GPT-2 BPE as tiktoken runs it. The merge loop keeps the pairs in
// a heap ordered by (rank, position), so a long piece (a 16 KB run of letters) costs
// O(n log n) instead of tiktoken's O(n^2) rescans, with the same result: the leftmost
// pair of lowest rank is always the one merged next.
#include "core/tokenizer/gpt2_tokenizer.hpp"

#include <unistd.h>

#include <cstdlib>
#include <functional>
#include <queue>
#include <tuple>
#include <type_traits>

#include "core/text/utf8_text.hpp"

#ifndef LOOKUPVIZ_INSTALL_DATADIR
#define LOOKUPVIZ_INSTALL_DATADIR "/usr/share/lookupviz"
#endif

namespace lv {

void Gpt2Tokenizer::encode_piece(std::string_view piece, IdList& out) const {
  if (piece.empty()) return;
  if (piece.size() == 1) {
    out.push_back(vocab_.byte_token[static_cast<uint8_t>(piece[0])]);
    return;
  }
  if (const int64_t whole = vocab_.find(piece); whole >= 0) {  // tiktoken's shortcut
    out.push_back(whole);
    return;
  }
  merge_bytes(piece, out, nullptr);
}

void Gpt2Tokenizer::merge_bytes(std::string_view piece, IdList& out, std::vector<BpeStep>* steps) const {
  if (piece.empty()) return;
  // Parts are named by their first byte; part s spans [s, end[s]) and has token id[s].
  const size_t n = piece.size();
  std::vector<uint32_t> end(n), id(n);
  std::vector<bool> alive(n, true);
  std::vector<int64_t> prev(n);
  for (size_t i = 0; i < n; ++i) {
    end[i] = static_cast<uint32_t>(i + 1);
    id[i] = vocab_.byte_token[static_cast<uint8_t>(piece[i])];
    prev[i] = static_cast<int64_t>(i) - 1;
  }
  // (rank, left start, left end, right end): stale once either part has changed.
  using Pair = std::tuple<int64_t, uint32_t, uint32_t, uint32_t>;
  std::priority_queue<Pair, std::vector<Pair>, std::greater<Pair>> heap;
  auto push_pair = [&](size_t left) {
    const uint32_t right = end[left];
    if (right >= n) return;
    const int64_t rank = vocab_.find(piece.substr(left, end[right] - left));
    if (rank >= 0) heap.emplace(rank, static_cast<uint32_t>(left), right, end[right]);
  };
  for (size_t i = 0; i + 1 < n; ++i) push_pair(i);
  while (!heap.empty()) {
    const auto [rank, left, mid, right_end] = heap.top();
    heap.pop();
    if (!alive[left] || end[left] != mid || mid >= n || !alive[mid] || end[mid] != right_end) continue;
    if (steps)
      steps->push_back({left, id[left], id[mid], static_cast<uint32_t>(rank), static_cast<uint32_t>(rank - 256)});
    alive[mid] = false;  // the right part joins the left one
    end[left] = right_end;
    id[left] = static_cast<uint32_t>(rank);  // tiktoken's ranks are the tokens' IDs
    if (right_end < n) prev[right_end] = left;
    if (prev[left] >= 0) push_pair(static_cast<size_t>(prev[left]));
    push_pair(left);
  }
  for (size_t s = 0; s < n; s = end[s]) out.push_back(id[s]);
}

std::vector<BpeStep> Gpt2Tokenizer::merge_steps(std::string_view piece, IdList* parts) const {
  std::vector<BpeStep> steps;
  IdList ids;
  merge_bytes(piece, ids, &steps);
  if (parts) *parts = std::move(ids);
  return steps;
}

MergeReplay Gpt2Tokenizer::replay(std::string_view piece) const {
  MergeReplay r;
  for (size_t i = 0; i < piece.size(); ++i) {
    r.start.push_back(vocab_.byte_token[static_cast<uint8_t>(piece[i])]);
    r.start_at.push_back(static_cast<uint32_t>(i));
  }
  IdList parts;
  merge_bytes(piece, parts, &r.steps);
  return r;
}

bool Gpt2Tokenizer::split(std::string_view text, std::vector<TextPiece>& pieces, std::string* why) const {
  if (const auto bad = utf8_error_offset(text)) {
    *why = "the text is not valid UTF-8 (at byte " + std::to_string(*bad) + ")";
    return false;
  }
  std::vector<std::string_view> ordinary;
  while (!text.empty()) {
    const size_t special = text.find(kEndOfTextText);
    ordinary.clear();
    if (!pattern_.split(text.substr(0, special), ordinary, why)) return false;
    for (std::string_view p : ordinary) pieces.push_back({std::string(p), false});
    if (special == std::string_view::npos) break;
    pieces.push_back({std::string(kEndOfTextText), true});
    text.remove_prefix(special + kEndOfTextText.size());
  }
  return true;
}

// IdList (encode) or 32-bit IDs (encode_compact): each piece's IDs appended as it is found.
template <typename Ids>
bool Gpt2Tokenizer::encode_into(std::string_view text, Ids& ids, std::string* why) const {
  if (std::string e = utf8_problem("the text", text); !e.empty()) {
    *why = std::move(e);
    return false;
  }
  IdList piece_ids;  // compact: one piece's, then narrowed
  const auto piece = [&](std::string_view p) {
    if constexpr (std::is_same_v<Ids, IdList>) encode_piece(p, ids);
    else {
      piece_ids.clear();
      encode_piece(p, piece_ids);
      ids.insert(ids.end(), piece_ids.begin(), piece_ids.end());
    }
  };
  while (!text.empty()) {
    const size_t special = text.find(kEndOfTextText);
    const std::string_view ordinary = text.substr(0, special);
    // Each piece encoded as it is found: no list of a long text's pieces (issue 39).
    if (!pattern_.for_each_piece(ordinary, piece, why)) {
      ids = {};
      return false;
    }
    if (special == std::string_view::npos) break;
    ids.push_back(kGpt2EndOfText);
    text.remove_prefix(special + kEndOfTextText.size());
  }
  return true;
}

Encoding Gpt2Tokenizer::encode(std::string_view text) const {
  Encoding r;
  r.ok = encode_into(text, r.ids, &r.error);
  return r;
}

bool Gpt2Tokenizer::encode_compact(std::string_view text, std::vector<uint32_t>& ids, std::string* why) const {
  std::string error;
  ids.clear();
  ids.reserve(text.size());  // a token a byte at most for GPT-2, taken once (no copy on growth)
  const bool ok = encode_into(text, ids, &error);
  if (!ok && why) *why = std::move(error);
  return ok;
}

Decoding Gpt2Tokenizer::decode(const IdList& ids) const {
  Decoding r;
  for (int64_t id : ids) {
    if (id < 0 || id >= static_cast<int64_t>(vocab_.size())) {
      r.error = std::to_string(id) + " is not a GPT-2 token: IDs go from 0 to 50,256";
      r.bytes.clear();
      return r;
    }
    r.bytes += vocab_.token(static_cast<uint32_t>(id));
  }
  r.ok = true;
  return r;
}

TokenizerLoad load_gpt2_tokenizer(const std::string& pack_path) {
  TokenizerLoad r;
  r.path = pack_path;
  VocabLoad v = read_pack_file(pack_path);
  if (!v.ok) {
    r.error = v.error;
    return r;
  }
  auto t = std::make_unique<Gpt2Tokenizer>(std::move(v.vocab));
  if (!t->pattern().ok()) {
    r.error = t->pattern().error();
    return r;
  }
  r.tokenizer = std::move(t);
  return r;
}

std::vector<std::string> gpt2_pack_candidates(const std::string& exe_path) {
  std::vector<std::string> dirs;
  if (const char* env = std::getenv("LOOKUPVIZ_DATA_DIR"); env && *env) dirs.push_back(env);
  const size_t slash = exe_path.rfind('/');
  if (slash != std::string::npos) {
    const std::string exe_dir = exe_path.substr(0, slash);
    dirs.push_back(exe_dir + "/share/lookupviz");     // the build tree: build/lookupviz
    dirs.push_back(exe_dir + "/../share/lookupviz");  // installed: <prefix>/bin/lookupviz
  }
  dirs.push_back(LOOKUPVIZ_INSTALL_DATADIR);
  std::vector<std::string> paths;
  for (const std::string& d : dirs) paths.push_back(d + "/" + std::string(kBpePackFileName));
  return paths;
}

TokenizerLoad find_gpt2_tokenizer(const std::string& exe_path) {
  std::string looked;
  for (const std::string& p : gpt2_pack_candidates(exe_path)) {
    if (access(p.c_str(), F_OK) != 0) {
      looked += (looked.empty() ? "" : ", ") + p;
      continue;
    }
    return load_gpt2_tokenizer(p);  // a pack that is there but bad is an error, not skipped
  }
  TokenizerLoad r;
  r.error = "GPT-2's tokenizer data (" + std::string(kBpePackFileName) + ") is not installed; looked in " + looked;
  return r;
}

}  // namespace lv
