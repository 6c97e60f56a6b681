// app_edits.hpp — the view's side of the model's changes. The model's setters
// (app/model/app_model.hpp) return a Change and touch nothing of the view; the editor
// bar, the transport, the session and main's set-up pass it here, which puts its words
// where the user reads them (the editor bar's lines, the footer) and refreshes what
// the view holds of the model: the text fields, slide 0's replay.
#pragma once
#include <memory>
#include <string>

#include "app/state/app_state.hpp"
#include "app/model/app_model.hpp"
#include "core/settings/cli_options.hpp"

namespace lv::app {

// The model from the command line, and the view's choices from it (Text mode, theme,
// reduced motion); the text fields show the model. (app/deck/app_init.hpp app_init adds
// the slides' own options.)
void init_from_options(App& app, const CliOptions& options, std::shared_ptr<const TableFile> file = nullptr);

// After any setter: a refused state's reason shows in the editor bar (ui.editor.state_error)
// until another state is accepted; with Fields::Sync (or when the model's inputs moved
// by themselves) the IDs and seed fields show the model again; slide 0's replay follows.
enum class Fields { Keep, Sync };
void take_change(App& app, const Change& change, Fields fields = Fields::Keep);

// The ids text field mirrors the model after a chip edit.
void sync_text_fields(App& app);

// The IDs field's edit (app/model/app_model.hpp begin_ids_edit): typing shows the Change's error
// and note under the field; leaving it shows the model's IDs again.
void ids_field_typed(App& app, const std::string& text);
void ids_field_left(App& app, const std::string& text, bool revert);

// Text mode's sentence applied (ui.editor.text_error says why not); a new sentence replays its
// default piece on slide 0.
void apply_text(App& app, const std::string& text);
// The window opens in Text mode with this sentence (a long --text, tokenized on a worker once
// the window is up: its IDs land when it is done, a refusal is said under the Text field).
void start_with_text(App& app, const std::string& text);
// The Text field's sentence as UTF-8, byte for byte what was typed or pasted (ui.editor.text_buf
// holds characters beyond U+FFFF as private-use slots, core/text/wide_text.hpp), and back.
std::string text_field(const App& app);
void set_text_field(App& app, const std::string& text);
// Switches the editor bar between IDs and Text (Text applies its sentence).
void set_ids_input(App& app, IdsInput mode);
// The tokenizer the window uses (main loads it; tests give theirs): slide 0's replay is rebuilt.
void use_tokenizer(App& app, std::shared_ptr<const Gpt2Tokenizer> tokenizer, std::string error = "");
// The table's own tokenizer (null: GPT-2's; `error`: why the table's cannot be used, said in
// the status line): Text mode's sentence is tokenized again, slide 0's replay rebuilt.
void use_model_tokenizer(App& app, std::shared_ptr<const Tokenizer> tokenizer, std::string error = "");

// ---- The one door (issue 37, item 4): every change of the model that the editor bar, the
// menus, the transport, Learn mode, the session and the slides (SlideDoor) make goes through
// these, each taking its Change through take_change. Nothing outside app/state/ calls the
// model's setters or take_change (structure.layers checks it).
void edit_add_id(App& app);
void edit_add_repeat(App& app);  // the first ID again at the end
void edit_change_id(App& app, size_t i, int64_t id);
void edit_remove_id(App& app, size_t i);
void edit_move_id(App& app, size_t from, size_t to);  // drag-to-reorder
void edit_ids(App& app, const IdList& ids);           // already valid (a row added as an ID)
void edit_cell_value(App& app, int64_t row, int64_t col, float value);
void edit_dim(App& app, int64_t dim);
void edit_vocab_mode(App& app, VocabMode mode, int64_t fixed_vocab, Fields fields = Fields::Keep);
void edit_dtype(App& app, TableDtype dtype);
void edit_seed_text(App& app, const std::string& text);  // its error under the seed field
void edit_reset_weights(App& app);
void edit_grad_mode(App& app, GradMode mode, uint64_t seed);
void edit_tie_weights(App& app, bool tie);
// A whole state at once (the session restoring one; Learn mode's practice state and the
// learner's own given back), and a practice state's sentence in Text mode.
void edit_inputs(App& app, ModelInputs inputs);
void edit_text(App& app, const std::string& text);
// A loaded table with its own tokenizer (null: GPT-2's; `error`: why the table's cannot be
// used), and back to the seeded table.
void open_table(App& app, std::shared_ptr<const TableFile> file, std::shared_ptr<const Tokenizer> tokenizer,
                std::string error);
void close_table(App& app);
// The open table's file changed on disk: its whole-table facts are made again, and what is on
// screen is read again (rows past a new end read as NaN).
void table_changed_on_disk(App& app);
void cancel_pending_edit(App& app);  // a large table's edit waiting for its pass (the footer's Cancel)
void ids_field_entered(App& app);    // the IDs field begins an edit (ids_field_typed, ids_field_left)

// Once a frame: the model's finished jobs taken (app/model/model_jobs.hpp), what they
// say shown (a note in the footer for a few seconds).
bool poll_jobs(App& app);
// Waits for every job (the command line's pictures), taking their results likewise.
void finish_jobs(App& app);

}  // namespace lv::app
