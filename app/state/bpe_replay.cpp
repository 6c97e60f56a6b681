// bpe_replay.cpp — the tokenizer's work on the IDs' sentence, kept for slide 0.
#include "app/state/bpe_replay.hpp"

#include "core/tokenizer/bpe_vocab.hpp"
#include "core/tokenizer/bpe_tokenizer.hpp"  // kMetaspace
#include "core/tokenizer/tokenizer.hpp"
#include "core/text/text_format.hpp"
#include "core/text/token_text.hpp"
#include "core/text/utf8_text.hpp"
#include "core/text/wide_text.hpp"

namespace lv::app {
namespace {

BpeState& bpe_state(const SlideContext& cx) { return cx.own<BpeState>(); }

// What the replay was built from: rebuilt only when one of these differs.
bool up_to_date(const SlideContext& cx) {
  const BpeState& st = bpe_state(cx);
  const BpeReplay& r = st.replay;
  return r.built && r.for_tokenizer == cx.model.tokenizer.get() && r.for_ids == cx.model.inputs.ids &&
         r.for_text == cx.model.inputs.text && r.for_pick == st.pick;
}

// The sentence, or why there is none.
bool sentence_of(const SlideContext& cx, std::string& text, bool& decoded, std::string& problem) {
  const ModelInputs& in = cx.model.inputs;
  decoded = false;
  if (ids_from_text(in)) {
    text = in.text;
    return true;
  }
  const Tokenizer& t = *cx.model.tokenizer;
  const bool gpt2 = !cx.model.model_tokenizer;
  for (int64_t id : in.ids)
    if (!t.has_id(id)) {
      problem = "ID " + std::to_string(id) + " is not a " + (gpt2 ? "GPT-2" : "model") + " token (" +
                (gpt2 ? "GPT-2's" : "its tokenizer's") + " IDs go from 0 to " + with_commas(t.vocab_size() - 1) +
                "), so these IDs have no text. Switch the editor bar to Text and type a sentence to see how " +
                (gpt2 ? "GPT-2 makes its IDs." : "the tokenizer makes its IDs.");
      return false;
    }
  const Decoding d = cx.model.tokenizer->decode(in.ids);
  if (!d.ok) {
    problem = d.error;
    return false;
  }
  if (utf8_error_offset(d.bytes)) {
    problem = std::string("These IDs, read as ") + (gpt2 ? "GPT-2" : "the model's") +
              " tokens, are bytes that are not UTF-8 text (a token can be half a character). "
              "Switch the editor bar to Text and type a sentence to see how the tokenizer makes its IDs.";
    return false;
  }
  text = d.bytes;
  decoded = true;
  return true;
}

// SentencePiece's ▁ (a space) as ␣, as a space is drawn: no UI font has ▁'s glyph.
std::string metaspace_as_visible(std::string s) {
  for (size_t at = s.find(kMetaspace); at != std::string::npos; at = s.find(kMetaspace, at))
    s.replace(at, 3, "\xE2\x90\xA3");  // ␣
  return s;
}

// The first `chars` characters of s (a byte that is not UTF-8 counts as one).
std::string_view utf8_prefix(std::string_view s, size_t chars) {
  size_t i = 0;
  for (size_t n = 0; n < chars && i < s.size(); ++n) {
    size_t bad = 1;
    const size_t len = utf8_sequence_length(s, i, &bad);
    i += len ? len : bad;
  }
  return s.substr(0, i);
}

// parts[k] after merge k, from the merges in the order BPE applied them.
void replay_merges(const Tokenizer& t, std::string_view piece, BpeReplay& r) {
  const MergeReplay m = t.replay(piece);
  IdList parts = m.start;
  std::vector<uint32_t> starts = m.start_at;  // each part's first byte in the piece
  r.parts.push_back(parts);
  for (const BpeStep& s : m.steps) {
    size_t j = 0;
    while (j + 1 < starts.size() && starts[j] != s.at) ++j;
    if (j + 1 >= parts.size()) break;  // not a merge of two parts (cannot happen)
    parts[j] = s.merged;
    parts.erase(parts.begin() + static_cast<std::ptrdiff_t>(j) + 1);
    starts.erase(starts.begin() + static_cast<std::ptrdiff_t>(j) + 1);
    r.parts.push_back(parts);
    r.merged_at.push_back(static_cast<int>(j));
    r.merge_rank.push_back(t.ranked_merges() ? static_cast<int64_t>(s.rank) : -1);
  }
  for (const IdList& state : r.parts) {
    std::vector<std::string> symbols;
    for (int64_t id : state) symbols.push_back(metaspace_as_visible(t.token_symbols(id)));
    r.part_symbols.push_back(std::move(symbols));
  }
}

}  // namespace

int default_bpe_piece(const BpeReplay& r) {
  int best = -1;
  size_t best_merges = 0;
  for (size_t i = 0; i < r.pieces.size(); ++i) {
    const BpeReplayPiece& p = r.pieces[i];
    if (!p.replayable) continue;
    std::string_view word = p.text;
    if (!word.empty() && word.front() == ' ') word.remove_prefix(1);
    if (word == "someunknownPlace") return static_cast<int>(i);  // the book's example (§2.5)
    if (best < 0 || p.merges > best_merges) {
      best = static_cast<int>(i);
      best_merges = p.merges;
    }
  }
  return best;
}

CutSentence cut_sentence(const Tokenizer& t, std::string_view text, const JobControl* control) {
  CutSentence cut;
  std::vector<TextPiece> pieces;
  if (!t.split(text, pieces, &cut.why)) return cut;
  cut.pieces.reserve(pieces.size());
  for (const TextPiece& p : pieces) {
    if (control && control->cancelled()) {
      cut.cancelled = true;
      return cut;
    }
    CutPiece out;
    out.text = std::string(p.text);
    out.special = p.special;
    if (p.special) out.ids = {t.special_id(p.text)};
    else t.encode_piece(p.text, out.ids);
    if (!p.special && p.text.size() <= kMaxReplayBytes) out.merges = t.replay(p.text).steps.size();
    cut.pieces.push_back(std::move(out));
  }
  return cut;
}

bool bpe_replay_cutting(const SlideContext& cx) {
  const BpeState* st = cx.find_own<BpeState>();
  return st && st->replay.cutting;
}

const BpeReplay& bpe_replay(const SlideContext& cx) {
  update_bpe_replay(cx);  // (cheap when nothing changed)
  return bpe_state(cx).replay;
}

namespace {

// The replay from a cut sentence: each piece's labels (they need the UI's fonts: made here,
// on the UI thread, from what the tokenizer made), the pick, and the chosen piece's merges.
void finish_replay(const SlideContext& cx, CutSentence cut) {
  BpeState& st = bpe_state(cx);
  BpeReplay& r = st.replay;
  r.cutting = false;
  r.problem.clear();
  if (!cut.why.empty()) {
    r.problem = cut.why;
    return;
  }
  const Tokenizer& t = *cx.model.tokenizer;
  for (CutPiece& p : cut.pieces) {
    BpeReplayPiece out;
    out.text = std::move(p.text);
    out.special = p.special;
    out.ids = std::move(p.ids);
    out.merges = p.merges;
    // Labels as ImGui draws them: a character beyond U+FFFF as its slot, whose glyph is the
    // character's boxed code point; the glyphs the labels need are noted for the fonts.
    out.replayable = !out.special && out.text.size() <= kMaxReplayBytes;
    if (!out.special && !out.replayable) {  // its first characters and its size
      const std::string_view head = utf8_prefix(out.text, kLongPieceLabelChars);
      const std::string more = "… (" + with_commas(out.text.size()) + " bytes)";
      out.label = cx.door.display(metaspace_as_visible(visible_token_text(head)) + more);
      out.symbols = metaspace_as_visible(t.piece_symbols(head)) + "…";
    } else {
      out.label = cx.door.display(out.special ? out.text : metaspace_as_visible(visible_token_text(out.text)));
      out.symbols = out.special ? out.text : metaspace_as_visible(t.piece_symbols(out.text));
    }
    for (int64_t id : out.ids) out.token_labels.push_back(cx.door.display(visible_token_text(t.token_bytes(id))));
    r.pieces.push_back(std::move(out));
  }
  if (r.decoded) {
    r.decoded_label = cx.door.display(visible_token_text(r.text));
    for (int64_t id : cx.model.inputs.ids)
      r.id_labels.push_back(cx.door.display(visible_token_text(t.token_bytes(id))));
    for (const BpeReplayPiece& p : r.pieces) r.reencoded.insert(r.reencoded.end(), p.ids.begin(), p.ids.end());
  }
  const int pick = st.pick;
  const bool pick_ok =
      pick >= 0 && pick < static_cast<int>(r.pieces.size()) && r.pieces[static_cast<size_t>(pick)].replayable;
  r.chosen = pick_ok ? pick : default_bpe_piece(r);
  if (r.chosen >= 0) replay_merges(t, r.pieces[static_cast<size_t>(r.chosen)].text, r);
}

}  // namespace

void update_bpe_replay(const SlideContext& cx, bool rebuild) {
  BpeState& st = bpe_state(cx);
  BpeReplay& r = st.replay;
  if (!rebuild && up_to_date(cx)) {
    if (r.cutting && st.cut_job.take()) {  // the worker's cut of this very sentence
      std::shared_ptr<CutSentence> cut = std::move(st.cut_out);
      if (cut && !cut->cancelled) finish_replay(cx, std::move(*cut));
    }
    return;
  }
  st.cut_job.stop();  // a cut of another sentence (or tokenizer) is not wanted now
  st.cut_out.reset();
  if (r.built && r.for_text != cx.model.inputs.text) st.pick = -1;  // a new sentence: its default piece
  r = BpeReplay{};
  r.built = true;
  r.for_tokenizer = cx.model.tokenizer.get();
  r.for_ids = cx.model.inputs.ids;
  r.for_text = cx.model.inputs.text;
  r.for_pick = st.pick;
  if (!cx.model.tokenizer) {
    r.problem = cx.model.tokenizer_error.empty() ? "GPT-2's tokenizer is not loaded." : cx.model.tokenizer_error;
    return;
  }
  if (!sentence_of(cx, r.text, r.decoded, r.problem)) return;
  if (r.text.size() <= kCutOnWorkerBytes) {
    finish_replay(cx, cut_sentence(*cx.model.tokenizer, r.text));
    return;
  }
  // A long sentence: cut on a worker; the slide and the chips say so until it is taken.
  r.cutting = true;
  r.problem = "The tokenizer is cutting this " + with_commas(r.text.size()) + "-byte text into its pieces…";
  auto out = std::make_shared<CutSentence>();
  st.cut_out = out;
  st.cut_job.start([tokenizer = cx.model.tokenizer, text = r.text, out, hook = st.cut_hook](JobControl& c) {
    if (hook) hook();
    *out = cut_sentence(*tokenizer, text, &c);
  });
}

void set_bpe_pick(const SlideContext& cx, int piece) {
  bpe_state(cx).pick = piece;
  update_bpe_replay(cx);
}

}  // namespace lv::app
