// app_model.hpp — the only way the UI changes the model: each setter validates,
// applies, and recomputes Derived in the same call (so every number on screen
// updates in the same frame). Setters that can fail return an error sentence and
// leave the state untouched.
#pragma once
#include <string>

#include "app/app_state.hpp"
#include "core/cli_options.hpp"

namespace lv::app {

void app_init(App& app, const CliOptions& options, std::shared_ptr<const TableFile> file = nullptr);
// inputs -> derived, within the budget (core/work_budget.hpp): a state past it, or one
// that runs out of memory, is refused (ui.state_error says why) and the last stays.
void recompute(App& app);
StateShape shape_of(const ModelInputs& in);  // what the budget prices

// Each returns "" on success, else the reason (the last valid state is kept).
std::string set_ids_text(App& app, const std::string& text);

// The IDs field as an edit: entered, typed into (each change applies what parses,
// live, unless it would build a large table: that waits for the end), and left.
// Leaving (Enter, a click elsewhere, Tab) with text that parses applies it; with
// text that does not, or with Esc (revert), it returns to the IDs it started from.
constexpr int64_t kLiveTableElements = 65'536;  // V × D up to which typing rebuilds the table live
void begin_ids_edit(App& app);
void ids_typed(App& app, const std::string& text);       // sets ui.ids_error / ui.ids_note
void end_ids_edit(App& app, const std::string& text, bool revert);
std::string set_seed_text(App& app, const std::string& text);

// Text mode: the IDs become the sentence's GPT-2 tokens, and V GPT-2's 50,257 as --text
// makes it (a file's table keeps its rows; a fixed V that holds the tokens stays). An
// empty sentence, text that is not UTF-8 or tokens that do not fit: the reason, and
// nothing changes. set_ids_input switches the editor bar (Text applies its sentence).
std::string set_text(App& app, const std::string& text);
// The Text field's sentence as UTF-8, byte for byte what was typed or pasted (ui.text_buf
// holds characters beyond U+FFFF as private-use slots, core/wide_text.hpp), and back.
std::string text_field(const App& app);
void set_text_field(App& app, const std::string& text);
void set_ids_input(App& app, IdsInput mode);
// The tokenizer the window uses (main loads it; tests give theirs).
void set_tokenizer(App& app, std::shared_ptr<const Gpt2Tokenizer> tokenizer, std::string error = "");
void set_ids(App& app, const IdList& ids);  // already valid
void set_dim(App& app, int64_t dim);        // clamped to 1..kMaxDim and the element limit
void set_vocab_mode(App& app, VocabMode mode, int64_t fixed_vocab);
void edit_cell(App& app, int64_t row, int64_t col, float value);
void set_grad_mode(App& app, GradMode mode, uint64_t seed);  // slide 6's upstream gradient
void set_tie_weights(App& app, bool tie);                      // slide 8's output head
// A loaded table (null: back to the seeded one); V and D follow it, IDs that no
// longer fit are dropped.
void set_table_file(App& app, std::shared_ptr<const TableFile> file);
void set_dtype(App& app, TableDtype dtype);
void reset_edits(App& app);
bool has_edits(const App& app);

// Chips: add an ID (next unused row), remove the one at i, change the one at i.
void add_id(App& app);
// Repeats: the first ID that appears twice or more (-1: none), and one click that makes
// a repeat — the first ID again at the end (2, 3, 1 -> 2, 3, 1, 2; V and edits unchanged).
int64_t first_repeated_id(const IdList& ids);
void add_repeat(App& app);
void remove_id(App& app, size_t i);
void change_id(App& app, size_t i, int64_t id);
void move_id(App& app, size_t from, size_t to);  // drag-to-reorder

// The ids text field mirrors the model after a chip edit.
void sync_text_fields(App& app);

}  // namespace lv::app
