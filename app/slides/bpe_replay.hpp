// bpe_replay.hpp — slide 0's model: the sentence behind the IDs cut into the pattern's
// pieces, each piece's tokens, and one piece's merges replayed from single bytes
// (ui.bpe, app_state.hpp). Rebuilt when the IDs, their text or the chosen piece change.
#pragma once
#include <string_view>

#include "app/app_state.hpp"

namespace lv::app {

// The sentence slide 0 shows: the IDs' own text when they came from one, else the IDs
// decoded as GPT-2 tokens (when they all are, and make UTF-8 text); else ui.bpe.problem
// says why there is none. Cheap when nothing changed (no allocation).
void update_bpe_replay(App& app);

// The piece whose merges are replayed: the user's pick (a piece index), or -1 for the
// default — the book's "someunknownPlace" when the text has it, else the piece with
// the most merges.
void set_bpe_pick(App& app, int piece);

// The default choice for these pieces (exposed for tests).
int default_bpe_piece(const BpeReplay& r, const Gpt2Tokenizer& t);

}  // namespace lv::app
