// bpe_replay.hpp — slide 0's model: the sentence behind the IDs cut into the pattern's
// pieces, each piece's tokens, and one piece's merges replayed from single bytes
// (BpeState: slide 0's own state, kept with the slide, not in UiState). Rebuilt when the
// IDs, their text or the chosen piece change. Kept with slide 0's context and read by slide 0
// and by the editor bar's token chips (so it lives here, below both, not in slides/).
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "app/model/background_job.hpp"
#include "app/state/slide_context.hpp"
#include "core/torch/tensor.hpp"

namespace lv {
class Tokenizer;
}

namespace lv::app {

struct App;

// The longest piece whose merges are replayed one by one (issue 39): a replay keeps the
// piece's parts after every merge, so its memory and time grow with the square of its length
// (131,000 spaces, one piece under Llama-3's pattern, held the window for minutes). A longer
// piece shows its tokens, and its label is cut to kLongPieceLabelChars characters and its size.
inline constexpr size_t kMaxReplayBytes = 256;
inline constexpr size_t kLongPieceLabelChars = 24;

// A sentence longer than this is cut into its pieces (and each short piece's merges counted)
// on a worker, never on the UI thread (issue 39): --text may hold 131,000 bytes, and its
// pieces took the first frame ~100 ms. The Text field holds 1 KB, a session's sentence 4 KB.
inline constexpr size_t kCutOnWorkerBytes = 4096;

// The tokenizer's work on one sentence, without a label (it runs on the worker for a long
// one; the labels, which need the UI's fonts, are made on the UI thread from it).
struct CutPiece {
  std::string text;
  bool special = false;
  IdList ids;
  size_t merges = 0;  // the merges replaying it takes (a replayable piece; 0 otherwise)
};
struct CutSentence {
  std::vector<CutPiece> pieces;
  std::string why;         // split failed: why (one sentence)
  bool cancelled = false;  // stopped before the end (a newer sentence replaced it)
};
// Cuts `text` as the tokenizer does: its pieces, each piece's tokens, and the merges of each
// piece short enough to replay. `control` (a worker's): stops early when cancelled.
CutSentence cut_sentence(const Tokenizer& t, std::string_view text, const JobControl* control = nullptr);

// Slide 0's replay of GPT-2's tokenizer, rebuilt when its text or the chosen piece changes
// (not every frame).
struct BpeReplayPiece {
  std::string text;         // the piece's bytes (UTF-8 here: it came from UTF-8 text)
  bool special = false;     // <|endoftext|>
  bool replayable = false;  // not special, and at most kMaxReplayBytes long
  IdList ids;               // its tokens
  std::string label;        // the piece as drawn: a space as ␣, a newline as ↵ (core/text/token_text.hpp)
  std::string symbols;      // its bytes as GPT-2's byte-level symbols ("Ġsunlit")
  std::vector<std::string> token_labels;  // each token's label, as `label`
  size_t merges = 0;                      // the merges its replay takes (replayable pieces)
};
struct BpeReplay {
  bool built = false;
  const void* for_tokenizer = nullptr;  // what it was built from (update_bpe_replay compares)
  IdList for_ids;
  std::string for_text;
  int for_pick = -1;
  std::string text;      // the sentence it shows
  bool decoded = false;  // the text is the current IDs decoded (they were not typed as text)
  std::string problem;   // why there is nothing to show (empty: the replay is valid)
  bool cutting = false;  // a long sentence is being cut on a worker (problem says so meanwhile)
  std::vector<BpeReplayPiece> pieces;
  int chosen = -1;  // the piece whose merges are replayed
  // The chosen piece's parts after each merge: parts[0] is its single bytes, parts[k]
  // after merge k (token IDs, in order); merged_at[k] the index of the part merge k made.
  std::vector<IdList> parts;
  std::vector<int> merged_at;
  std::vector<std::vector<std::string>> part_symbols;  // parts' tokens as the vocabulary writes them
  std::vector<int64_t> merge_rank;                     // merge k's rank (-1: merged by score, no rank)
  // decoded: the IDs were typed, so they skip the tokenizer. Step 3 shows each ID's own
  // token (id_labels[i] for ids[i], as `label`): the rows the next slides look up. reencoded:
  // what the tokenizer makes of their text (2, 3, 1 read "#$\"", which encodes as 29953, 1).
  std::vector<std::string> id_labels;
  IdList reencoded;
  std::string decoded_label;  // the decoded text as drawn (visible_token_text, slots for wide characters)
};

// Slide 0's own state (app/slides/slides.hpp slide_state): the user's pick and the replay.
struct BpeState {
  int pick = -1;     // the piece the user chose to replay (-1: the default)
  BpeReplay replay;  // as last built
  // A long sentence's cut (kCutOnWorkerBytes), for the replay's for_* state: started again,
  // which cancels it, when that changes; taken by the next update_bpe_replay.
  BackgroundJob cut_job;
  std::shared_ptr<CutSentence> cut_out;
  std::function<void()> cut_hook;  // tests: called on the worker before it cuts
};

// True while a long sentence's cut runs (or waits to be taken): a picture waits for it.
bool bpe_replay_cutting(const SlideContext& cx);

// The replay for the model as it is now (built again when the IDs, their text, the
// tokenizer or the pick changed; a new sentence replays its default piece): slide 0
// draws it, the editor bar's Text mode draws its tokens as chips.
const BpeReplay& bpe_replay(const SlideContext& cx);

// The sentence slide 0 shows: the IDs' own text when they came from one, else the IDs
// decoded as the tokenizer's tokens (the table's own, or GPT-2's) (when they all are, and make UTF-8 text); else the
// replay's problem says why there is none. Cheap when nothing changed (no allocation); `rebuild` builds it again anyway
// (another tokenizer was installed).
void update_bpe_replay(const SlideContext& cx, bool rebuild = false);

// The piece whose merges are replayed: the user's pick (a piece index, of a replayable
// piece), or -1 for the default — the book's "someunknownPlace" when the text has it, else
// the replayable piece with the most merges.
void set_bpe_pick(const SlideContext& cx, int piece);

// The default choice for these pieces (exposed for tests).
int default_bpe_piece(const BpeReplay& r);

}  // namespace lv::app
