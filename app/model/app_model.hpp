// app_model.hpp — the only way the model changes: each setter validates, applies, and
// recomputes Derived in the same call (so every number on screen updates in the same
// frame). A setter returns a Change (app/model/model_state.hpp): an input it refuses
// leaves the state untouched and says why in Change::error; a state past the budget is
// refused (Change::refused) and the last stays. The model writes no message, text
// buffer or view cache: the view shows the Change and refreshes its fields from the
// model (app/state/app_edits.hpp).
#pragma once
#include <memory>
#include <string>

#include "app/model/model_state.hpp"
#include "core/settings/cli_options.hpp"

namespace lv::app {

// The inputs the command line asked for, computed (the view's app_init calls it).
Change model_init(Model& m, const CliOptions& options, std::shared_ptr<const TableFile> file = nullptr);
// inputs -> derived, within the budget (core/kernels/work_budget.hpp): a state past it, or one
// that runs out of memory, is refused (Change::refused says why) and the last stays.
Change recompute(Model& m);
StateShape shape_of(const ModelInputs& in);  // what the budget prices

// The IDs as typed: Change::error says why text that does not parse is not applied.
Change set_ids_text(Model& m, const std::string& text);

// The IDs field as an edit: entered, typed into (each change applies what parses,
// live, unless it would build a large table: that waits for the end), and left.
// Leaving (Enter, a click elsewhere, Tab) with text that parses applies it; with
// text that does not, or with Esc (revert), it returns to the IDs it started from.
constexpr int64_t kLiveTableElements = 65'536;  // V × D up to which typing rebuilds the table live
void begin_ids_edit(Model& m);
Change ids_typed(Model& m, const std::string& text);  // error: does not parse; note: a large table waits for Enter
Change end_ids_edit(Model& m, const std::string& text, bool revert);
Change set_seed_text(Model& m, const std::string& text);
// A whole state at once (the session restoring one): taken as it is, then computed
// within the budget as any change (a refused one leaves the last state).
Change set_inputs(Model& m, ModelInputs inputs);

// Text mode: the IDs become the sentence's tokens (the tokenizer in use: the table's own, or
// GPT-2's), and V the tokenizer's vocabulary (GPT-2's 50,257) as --text makes it (a file's table keeps its rows; a
// fixed V that holds the tokens stays). An empty sentence, text that is not UTF-8 or tokens that do not fit: the
// reason, and nothing changes. A sentence past kInlineTextBytes (model_jobs.hpp) is tokenized on
// a worker: the state shown stays until poll_model_jobs applies it.
Change set_text(Model& m, const std::string& text);
// The same with the sentence's tokens already made (by that worker): checked against the table.
Change set_text_ids(Model& m, const std::string& text, const IdList& ids);
// GPT-2's tokenizer (main loads it; tests give theirs): the one used when the table has none.
void set_tokenizer(Model& m, std::shared_ptr<const Gpt2Tokenizer> tokenizer, std::string error = "");
// The table's own tokenizer (null: none, GPT-2's is used; `error`: why the table's could not
// be used). Text typed in Text mode is tokenized again by the tokenizer now in use.
Change set_model_tokenizer(Model& m, std::shared_ptr<const Tokenizer> tokenizer, std::string error = "");
Change set_ids(Model& m, const IdList& ids);  // already valid
Change set_dim(Model& m, int64_t dim);        // clamped to 1..kMaxDim and the element limit
Change set_vocab_mode(Model& m, VocabMode mode, int64_t fixed_vocab);
Change edit_cell(Model& m, int64_t row, int64_t col, float value);
Change set_grad_mode(Model& m, GradMode mode, uint64_t seed);  // slide 6's upstream gradient
Change set_tie_weights(Model& m, bool tie);                    // slide 8's output head
// A loaded table (null: back to the seeded one); V and D follow it, IDs that no
// longer fit are dropped.
// The table's own tokenizer comes with it (find_model_tokenizer; null: GPT-2's is used,
// `tokenizer_error` why the table's could not be); closing the table goes back to GPT-2's.
Change set_table_file(Model& m, std::shared_ptr<const TableFile> file,
                      std::shared_ptr<const Tokenizer> tokenizer = nullptr, std::string tokenizer_error = "");
Change set_dtype(Model& m, TableDtype dtype);
Change reset_edits(Model& m);
bool has_edits(const Model& m);

// Chips: add an ID (next unused row), remove the one at i, change the one at i.
Change add_id(Model& m);
// Repeats: the first ID that appears twice or more (-1: none), and one click that makes
// a repeat — the first ID again at the end (2, 3, 1 -> 2, 3, 1, 2; V and edits unchanged).
int64_t first_repeated_id(const IdList& ids);
Change add_repeat(Model& m);
Change remove_id(Model& m, size_t i);
Change change_id(Model& m, size_t i, int64_t id);
Change move_id(Model& m, size_t from, size_t to);  // drag-to-reorder

}  // namespace lv::app
