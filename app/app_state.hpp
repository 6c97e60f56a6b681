// app_state.hpp — everything the window shows is a function of these plain structs.
//   ModelInputs  what the user chose (seed, IDs, D, V mode, edited weights)
//   Derived      what the core computes from it (recomputed only when inputs change)
//   UiState      where the user is (slide, timeline, theme, text fields, panels)
// Sections: inputs · derived · timeline · ui · scale (slide 7) · App
#pragma once
#include <cstdint>
#include <future>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/background_job.hpp"
#include "app/desktop/file_dialog.hpp"
#include "app/widgets/widget_file_picker.hpp"
#include "app/widgets/widget_heatmap.hpp"
#include "core/wide_text.hpp"
#include "core/backward_timing.hpp"
#include "core/dtype_round.hpp"
#include "core/embedding_ops.hpp"
#include "core/session_settings.hpp"
#include "core/table_file.hpp"
#include "core/table_view.hpp"
#include "core/tensor.hpp"
#include "core/torch_generator.hpp"
#include "core/work_budget.hpp"

namespace lv {
class Gpt2Tokenizer;
}

namespace lv::app {

// ---------------------------------------------------------------- inputs
enum class VocabMode { FromIds, Fixed };
enum class GradMode { SumOfOutputs, Seeded };  // G = ones (out.sum().backward()) or torch.randn(B, D)

// The seeded table's shape choices, kept while a file's table is shown so that
// closing the file returns to them.
struct SeededShape {
  VocabMode vocab_mode = VocabMode::FromIds;
  int64_t fixed_vocab = 4;
  int64_t dim = 5;
};

struct ModelInputs {
  uint64_t seed = 123;             // torch.manual_seed(seed)
  std::string seed_text = "123";   // as Python prints it
  IdList ids = {2, 3, 1};          // idx = torch.tensor(ids)
  int64_t dim = 5;                 // out_dim
  VocabMode vocab_mode = VocabMode::FromIds;  // num_idx = max(ids)+1, as the notebook does
  int64_t fixed_vocab = 4;         // num_idx when vocab_mode == Fixed
  GradMode grad_mode = GradMode::SumOfOutputs;  // slide 6: the upstream gradient G
  uint64_t grad_seed = 0;          // G = torch.randn(B, D) after torch.manual_seed(grad_seed)
  bool tie_weights = true;         // slide 8: out_head.weight = tok_emb.weight (weight tying)
  std::shared_ptr<const TableFile> file;  // a table loaded from a file (--weights, File ▸ Open); null: seeded
  SeededShape before_file;         // while `file` is shown: the seeded shape to return to
  TableDtype dtype = TableDtype::Float32;  // the table rounded through float16 / bfloat16 (computed in float32)
  // Table values typed or dragged by the user (row * D + col -> value), on top of the
  // seeded or loaded table: one entry per edited cell, whatever the table's size. An
  // edit changes the map in place; anything that drops the edits gives a new empty map
  // (a pending change keeps the shown state's map intact).
  std::shared_ptr<EditMap> edits = std::make_shared<EditMap>();
  uint64_t edits_version = 0;      // bumped by every edit (work that read the table restarts)
  // The session's table file when it could not be reopened at launch (moved, on an
  // unmounted disk): the seeded table is shown, but the file, its shape and its edits
  // stay in the saved session until the user opens another table (set_table_file).
  struct Unopened {
    std::string weights;           // FILE or FILE:NAME, as saved; empty: nothing kept
    int64_t rows = 0, cols = 0;    // the shape its edits were made on
    std::vector<SettingsEdit> edits;
    IdList ids;                    // the session's IDs (the seeded stand-in may not hold them)
    bool reopening = false;        // not tried yet: reopened on a worker once the window is up
  } unopened;
  // IDs a table could not hold (set_table_file): the batch as it was, and the IDs shown
  // in its place. The batch comes back when a table that holds it is shown (a bigger
  // file, or the seeded table) unless the IDs were changed meanwhile (ids != shown).
  struct SetAside {
    IdList batch;                  // the IDs before the drop; empty: nothing set aside
    IdList shown;                  // what was kept of them (or {0})
  } set_aside;
  // The sentence the IDs came from (Text mode, --text): its GPT-2 tokens were `text_ids`.
  // The IDs still come from it while ids == text_ids (a chip edit makes them typed IDs).
  std::string text;
  IdList text_ids;
};

int64_t vocab_of(const ModelInputs& in);
// "ID 3 set aside: …" while IDs a smaller table cannot hold are set aside (and the
// IDs were not changed since); "" otherwise.
std::string set_aside_text(const ModelInputs& in);
// Whether the IDs are the GPT-2 tokens of inputs.text (the code panel writes tiktoken's call).
bool ids_from_text(const ModelInputs& in);

// ---------------------------------------------------------------- derived
// nn.Embedding(V, D)'s init after torch.manual_seed(seed): made once per seed and shape
// (a big one on a worker, app/model_jobs.hpp), shared by every state that shows it.
struct SeededTable {
  uint64_t seed = 0;
  int64_t vocab = 0, dim = 0;
  std::shared_ptr<const Matrix> values;  // V x D
  TorchGenerator after;                   // the generator right after the init (pos_emb draws next)
  std::string print_linear_init;          // the fresh nn.Linear(V, D) after re-seeding, as printed
};

// The embedding gradient as torch holds it for nn.Embedding(..., sparse=True): only the
// rows the IDs touched (sorted), every other row zero. Both paths' gradients are these
// numbers (the dense one-hot path's V × D is zeros elsewhere: counted, never held).
struct RowGrads {
  IdList rows;    // distinct IDs, ascending
  Matrix values;  // rows.size() x D: G's rows added in batch order
  float at(int64_t r, int64_t c) const;  // 0 for an untouched row
  int64_t index_of(int64_t r) const;     // -1 for an untouched row
};

// What a recompute did, counted (tests assert that an edit touches only what it must).
struct ModelWork {
  int64_t rows_read = 0;        // table rows read (converted, overlaid)
  int64_t outputs_written = 0;  // B x D output values (re)computed
  int64_t table_passes = 0;     // reads of the whole V x D table on this thread (must stay 0 for big tables)
};

struct Derived {
  int64_t vocab = 0, dim = 0, batch = 0;
  TableView table;      // V x D: the seeded or loaded table with the user's edits, read where it lies
  std::shared_ptr<const SeededTable> seeded;  // the seeded table (null while a file's table is shown)
  Matrix lookup_out;    // B x D: embedding(idx)
  // The largest finite |value| among what torch's print reads of the table (its edges)
  // and the IDs' rows: how many decimals its cells show (grid_use_scale), 0 if none.
  double table_scale = 0.0;
  // The one-hot product reads every row of the table: per column, how many values are not
  // finite (core/table_view.hpp onehot_product). A file's are counted once on a worker;
  // until then matmul_out is not known (matmul_ready false) and the slides say so.
  std::vector<int64_t> nonfinite;
  bool matmul_ready = false;
  Matrix matmul_out;    // B x D: linear(onehot.float()) with linear.weight = tableᵀ
  bool paths_equal = false;
  int cells_differ = 0;  // cells where the two outputs differ (NaN/inf in the table)
  OpCounts lookup_bill, matmul_bill;
  // Backward (slide 6): G flows back through both paths.
  Matrix grad_out;      // B x D: G
  RowGrads grads;       // embedding.weight.grad = (linear.weight.grad)ᵀ, sparse by rows
  bool grads_equal = false;
  int64_t distinct_ids = 0;  // rows that receive a gradient
  OpCounts lookup_bwd_bill, matmul_bwd_bill;
  std::string print_grad_out, print_dw_lookup, print_dw_matmul;
  // Inside a GPT (slide 8): T = B tokens, context_length = T.
  TorchGenerator gen_after_table;  // the generator right after nn.Embedding(V, D)'s init
  Matrix pos_table;     // T x D: pos_emb.weight, drawn next from the same generator
  Matrix tok_out;       // T x D: tok_emb(idx) (= lookup_out)
  Matrix x;             // T x D: tok_emb(idx) + pos_emb(arange(T))
  // out_head(x) = x · headᵀ is T x V: every row of the vocabulary. Its argmax and printed
  // edges come from a worker for a big table (logits_ready false until then); the cells
  // on screen are computed when drawn (logit()). `logits` holds all T x V only for an
  // untied head (its rows are drawn, not stored) of a modest size.
  bool logits_ready = false;
  Matrix logits;        // T x V when held (untied head, T·V ≤ kHeldLogits), else empty
  IdList next_ids;      // T: logits.argmax(dim=-1)
  std::string print_x, print_logits, print_next;
  // What PyTorch prints for each step, from the core's formatter.
  std::string print_weight, print_lookup, print_onehot, print_matmul, print_equal;
  std::string print_linear_init;  // the fresh nn.Linear(V, D, bias=False).weight (D x V) before tying, as printed
  uint64_t generation = 0;  // bumped on every recompute (widgets may cache on it)
  uint64_t outputs_version = 0;  // bumped when the numbers change (not a printed text arriving): work keys on it
  ModelWork work;           // what the last recompute did
};

// ---------------------------------------------------------------- timeline
// A slide is a sequence of steps; `pos` runs from 0 to steps: step k is shown
// fully when pos == k + 1, and pos in (k, k+1) is the transition into step k.
struct Timeline {
  float pos = 0.0f;     // 0 .. steps
  bool playing = false;
  float speed = 1.0f;   // 1x: one step per kStepSeconds
  float target = -1.0f; // >= 0: moving to this pos (a manual step), then stop
};

// ---------------------------------------------------------------- ui
enum class Theme { Dark, Light };
enum class IdsInput { Ids, Text };  // the editor bar's IDs typed as numbers, or as a sentence (GPT-2 BPE)

// Slide 0's replay of GPT-2's tokenizer (app/slides/bpe_replay.hpp), rebuilt when its text or
// the chosen piece changes (not every frame).
struct BpeReplayPiece {
  std::string text;           // the piece's bytes (UTF-8 here: it came from UTF-8 text)
  bool special = false;       // <|endoftext|>
  IdList ids;                 // its tokens
  std::string label;          // the piece as drawn: a space as ␣, a newline as ↵ (core/token_text.hpp)
  std::string symbols;        // its bytes as GPT-2's byte-level symbols ("Ġsunlit")
  std::vector<std::string> token_labels;  // each token's label, as `label`
};
struct BpeReplay {
  bool built = false;
  const void* for_tokenizer = nullptr;  // what it was built from (update_bpe_replay compares)
  IdList for_ids;
  std::string for_text;
  int for_pick = -1;
  std::string text;           // the sentence it shows
  bool decoded = false;       // the text is the current IDs decoded (they were not typed as text)
  std::string problem;        // why there is nothing to show (empty: the replay is valid)
  std::vector<BpeReplayPiece> pieces;
  int chosen = -1;            // the piece whose merges are replayed
  // The chosen piece's parts after each merge: parts[0] is its single bytes, parts[k]
  // after merge k (token IDs, in order); merged_at[k] the index of the part merge k made.
  std::vector<IdList> parts;
  std::vector<int> merged_at;
  std::vector<std::vector<std::string>> part_symbols;  // parts' tokens as byte-level symbols
  // decoded: the IDs were typed, so they skip the tokenizer. Step 3 shows each ID's own
  // token (id_labels[i] for ids[i], as `label`): the rows the next slides look up. reencoded:
  // what the tokenizer makes of their text (2, 3, 1 read "#$\"", which encodes as 29953, 1).
  std::vector<std::string> id_labels;
  IdList reencoded;
  std::string decoded_label;  // the decoded text as drawn (visible_token_text, slots for wide characters)
};

// An edit of the IDs field in progress: what to return to when it ends with text
// that does not parse (or Esc). Typing applies what parses on the way; a change of V
// re-draws the table from the seed, so the start's weight edits wait here until the
// shape is the start's again.
struct IdsEdit {
  bool active = false;
  bool escaped = false;            // Esc ended it: back to the start
  IdList start_ids;                // the IDs when the field was entered
  int64_t start_vocab = 0;         // and the table's V then
  std::shared_ptr<EditMap> stash_edits;  // the start's edited weights while V differs (null: none)
};

// The scroll position of one matrix grid (widget_matrix_grid.hpp).
struct GridView {
  int first_row = 0, first_col = 0;
};

// "The real code" and what PyTorch prints, as last built, and for what: rebuilt when
// the slide shown or the model (its generation) changes.
// Notes the screen adds to the output panel's REPL lines: {expression, note} draws
// ">>> expression" as ">>> expression   # note" (app/widgets/widget_code_panel.hpp). Only
// drawn: the output (copied, checked against torch) stays what PyTorch prints.
using OutputNotes = std::vector<std::pair<std::string, std::string>>;

struct CodePanelText {
  int slide = -1;            // the slide this text belongs to
  uint64_t generation = 0;   // Derived::generation it was built from
  std::string code, output;
  OutputNotes notes;         // what the screen adds to output's ">>> expr" lines (never in output itself)
};

// What a slide's grids last scrolled to: they follow the current ID only when the
// step, the IDs or the shape, or the window changes, so the user can scroll while a
// step holds, and a cell typed into a grid stays in view.
struct FollowKey {
  int step = -2;
  uint64_t batch = 0;  // the IDs and the table's shape (batch_key): a weight edit does not move the view
  int max_rows = 0, max_cols = 0;
  bool operator==(const FollowKey&) const = default;
};

// Slide 5: why the two outputs differ, counted once per model (generation).
struct DiffReasons {
  uint64_t generation = 0;
  int poisoned = 0;  // the lookup copied a number, the matmul got nan (0 × inf or 0 × nan from another row)
  int nan_both = 0;  // both nan: the same nan, but nan ≠ nan
  int other = 0;     // anything else (inf − inf in the picked row …)
};

// What the slides remember between frames (app/slides/ keeps no state of its own).
struct SlideMemory {
  FollowKey table_followed;     // slide 1: the table's window around the batch
  FollowKey onehot_followed;    // slide 3: the one-hot grid around the current 1
  FollowKey matmul_followed;    // slide 4: the table and the output around the current row
  FollowKey backward_followed;  // slide 6: the matmul step's last ID row (step and batch)
  DiffReasons diff_reasons;     // slide 5
};

struct UiState {
  int slide = 1;                  // the slide shown: its number, also its index in the slide table (1: the table)
  Timeline timeline;
  bool reduced_motion = false;    // every step shows its end state
  Theme theme = Theme::Dark;
  Theme applied_theme = Theme::Dark;  // the theme ImGui's style was last set for
  float applied_scale = 0.0f;         // the scale the style was last set for (0: never)
  float scale = 1.0f;             // font scale (HiDPI * user zoom)
  bool show_shortcuts = false;    // the F1 / ? overlay
  bool screenshot_requested = false;  // Ctrl+S: the platform saves the next frame
  bool quit_requested = false;        // Ctrl+Q / File > Quit
  bool presenting = false;            // F11: full screen, larger type, controls hidden until the mouse moves
  bool present_toggle = false;        // F11 pressed: the platform switches full screen
  bool present_code = false;          // presenting: the code panels shown (C toggles them)
  double controls_until = 0.0;        // app time until which the hidden controls show
  bool gif_requested = false;         // File > Export animation as GIF: the platform renders it
  float user_zoom = 1.0f;             // Ctrl+= / Ctrl+-: the text size on top of the monitor's scale
  float scale_request = 0.0f;         // > 0: the platform rebuilds the fonts at this zoom
  // A state refused before it was computed (core/work_budget.hpp: too much memory or
  // work) or that ran out of memory while computed: why, shown in the editor bar's
  // error line until another state is accepted. The last good state stays on screen.
  std::string state_error;
  std::string status;             // a transient line in the footer ("Saved …")
  double status_until = 0.0;

  // Text fields: the buffer shows what the user typed; the error says why it is
  // not applied (the last valid state stays on screen).
  char ids_buf[1024] = "2, 3, 1";
  std::string ids_error;          // the text does not parse (or breaks a limit): why
  std::string ids_note;           // it parses but makes a large table: built when the edit ends
  bool ids_field_active = false;
  IdsEdit ids_edit;               // the edit in progress (app_model.hpp: begin_ids_edit)
  int chip_edit_index = -1;       // the chip whose popup is open
  int chip_edit_value = 0;        // the value typed into it
  char seed_buf[48] = "123";
  std::string seed_error;
  IdsInput ids_input = IdsInput::Ids;  // the editor bar's Text mode shows text_buf instead of the IDs field
  // The sentence as ImGui edits it: characters beyond U+FFFF held as slots
  // (`wide`, core/wide_text.hpp); text_field() / set_text_field() (app_model.hpp) read and
  // write the real UTF-8.
  char text_buf[1024] = "Hello, do you like tea? <|endoftext|> In the sunlit terraces of someunknownPlace.";
  WideText wide;                       // the slots, and the glyphs the texts need (the fonts follow its generation)
  std::string text_error;              // the sentence was not applied: why (the last good IDs stay)
  int bpe_pick = -1;                   // slide 0: the piece the user chose to replay (-1: the default)
  BpeReplay bpe;                       // slide 0's replay, as last built
  // Slide 8: each position's argmax decoded as a GPT-2 token (only at V = 50,257), built
  // once per model output (next_text_for: the Derived::outputs_version it is for, 0: none).
  std::vector<std::string> next_text;
  uint64_t next_text_for = 0;

  GridView table_view, out_view, out2_view, onehot_view;  // scroll of the slides' grids
  int edit_row = -1, edit_col = -1;   // the table cell being dragged or typed into
  float edit_value = 0.0f;            // its value when the drag started
  char cell_buf[64] = "";             // the value typed into the cell editor
  std::string cell_error;             // why the typed value was not applied
  int hover_out_row = -1, hover_out_col = -1;  // slide 4: the output cell under the mouse
  Matrix scratch;                                // a slide's per-frame working buffer (kept to avoid allocations)
  std::vector<float> row_buf;                    // a table row read for a flight (kept likewise)
  Matrix logits_buf;                             // slide 8: the logits on screen
  std::vector<float> logits_row;                 // and the head row they read
  uint64_t canvas_fit_key = 0;                   // what the canvas zoom was chosen for (app/slides/canvas_fit.hpp)
  uint64_t canvas_view_key = 0;                  // its slide, room and type size
  int canvas_level = 4;                          // kCanvasNormalLevel: the zoom level the canvas is drawn at
  ImVec2 canvas_extent{0.0f, 0.0f};             // the slide's extent at that level (its steps' largest)
  uint64_t narrative_fit_key = 0;                // what the narrative's text size was chosen for
  int narrative_level = 4;                       // kCanvasNormalLevel: its text size (down to kNarrativeMinLevel)
  bool narrative_settling = false;               // its size is not settled yet: draw another frame
  bool narrative_skip = false;                   // it just stepped down: the next frame's extent is stale
  SlideMemory slides;                            // what the slides remember between frames
  uint64_t diff_followed = 0;                    // slide 5: the model generation whose differing cells were scrolled to
  int bill_vocab = 50257, bill_dim = 768;        // slide 5: the bill at a chosen scale
  int bill_scale_pos = 0;                        // 0: this table, 1000: GPT-2
  CodePanelText code_panel;                      // the code panels' text
  bool code_select = false;                      // the code panels show their text in read-only
                                                 // fields (select with the mouse, Ctrl+C) instead of in colour
};

// ---------------------------------------------------------------- loading a table file
// File ▸ Open reads and converts the file off the UI thread (tables can be GBs).
struct TableLoading {
  BackgroundJob job;             // active while a load runs (or its result is not yet taken)
  std::shared_ptr<TableLoad> result;  // what job fills (read once take() says so)
  std::string spec;              // FILE or FILE:NAME being loaded
  double started = 0.0;          // app time when it started
  FilePicker picker;             // File ▸ Open's in-app picker (when the desktop has no dialog)
  ExternalDialog dialog;         // File ▸ Open through zenity / kdialog (app/desktop/file_dialog.hpp)
  std::vector<std::string> recent;  // tables opened lately, newest first (core/recent_files.hpp)
  std::string recent_path;       // where that list is saved ("" : not saved, e.g. tests and headless runs)
  std::vector<std::string> tensor_choices;  // a .safetensors file with several 2-D tensors: pick one
  std::string choices_path;      // the file those names belong to
  std::string error;             // the last load's failure (the current table stays)
  bool restoring = false;        // the load running is the last session's table (app/app_session.hpp)
  // The table's file looked at again (app/chrome/ui_file_watch.hpp): a stat about once a second.
  double disk_checked = -1.0;    // app time of the last look (-1: not yet)
  const TableFile* disk_changed_file = nullptr;  // the table whose file was seen to change (said once)
  std::string disk_changed;      // what changed, while the Reopen prompt shows ("" : nothing to say)
};

// ---------------------------------------------------------------- slides' own state
// What each slide keeps of its own (app/slides/slides.hpp slide_state<T>): slide 7's
// worker and heat map view, say. Made at a slide's first use; a slide's thread is joined
// when the App goes.
struct SlideStates {
  int entered = -1;  // the slide whose enter() ran last (-1: none yet); slides_frame keeps it
  std::map<const void*, std::shared_ptr<void>> own;  // by the slide's SlideDef
};

// ---------------------------------------------------------------- model jobs
// pos_emb's rows as last drawn for a source (app_model.cpp pos_rows).
struct PosCache {
  const void* seeded = nullptr;
  const void* file = nullptr;
  uint64_t seed = 0;
  int64_t dim = -1;
  Matrix rows;
};

// The model's work that grows with the whole table, off the UI thread
// (app/model_jobs.hpp). While a change waits for a big seeded table, the window keeps
// showing the last state it computed (`shown`); the change (`pending`) applies when
// the table is ready, or is dropped by Cancel.
struct ModelJobs {
  PosCache pos;
  std::vector<std::shared_ptr<const SeededTable>> seeded_cache;  // the last few made (newest last)
  BackgroundJob build;                       // drawing a big seeded table
  std::shared_ptr<SeededTable> build_out;    // what it fills (read after take())
  bool has_pending = false;
  ModelInputs pending;                       // the change waiting for it
  ModelInputs shown;                         // the inputs Derived was computed from
  // Until the window's first frame is up, whole-table work (facts, linear, logits) waits: on a
  // two-core machine its page faults on a 1 GB mapping slowed the first frame by a
  // quarter (release_held_work starts it). Only the interactive window holds.
  bool hold = false;
  // Which kinds of it may start (core/work_budget.hpp TableWork bits): all in the window;
  // a command-line picture only what the slides it draws need (SlideDef::table_work), so
  // slide 2 of a Llama-sized table waits for three rows, not 5.8 billion multiply-adds'
  // worth. Work not wanted waits as held work does (want_table_work starts it).
  unsigned wanted = kTableWorkAll;
  bool held = false;                         // something waited (recompute when released)
  BackgroundJob facts;                       // a file's whole-table read: non-finite values per column
  std::shared_ptr<std::vector<int64_t>> facts_out;
  const void* facts_for = nullptr;           // the file it counts
  TableDtype facts_dtype = TableDtype::Float32;
  std::shared_ptr<const std::vector<int64_t>> facts_done;  // counted for (facts_done_for, facts_done_dtype)
  const void* facts_done_for = nullptr;
  TableDtype facts_done_dtype = TableDtype::Float32;
  struct ShapeKey {
    uint64_t seed = 0;
    int64_t vocab = -1, dim = -1;
    bool operator==(const ShapeKey&) const = default;
  };
  BackgroundJob linear;                      // the fresh nn.Linear(V, D)'s printed edges (V·D draws)
  std::shared_ptr<std::string> linear_out;
  ShapeKey linear_for;                       // what it draws
  ShapeKey linear_done_for;                  // what linear_done was drawn for
  std::string linear_done;
  BackgroundJob logits;                      // slide 8's argmax over every row
  struct LogitsOut {
    IdList next_ids;
    Matrix edges;  // T x V's printed edges
    Matrix full;   // T x V when held
    bool out_of_memory = false;  // the job could not allocate: nothing to apply
  };
  std::shared_ptr<LogitsOut> logits_out;
  uint64_t logits_for = 0;                   // the Derived::outputs_version it was started for
  // Slide 6's "Time it": both backward passes timed (core/backward_timing.hpp) for the
  // state they were started on; shown while the state is the same.
  struct BackwardKey {
    IdList ids;
    int64_t vocab = 0, dim = 0;
    GradMode grad_mode = GradMode::SumOfOutputs;
    uint64_t grad_seed = 0;
    bool operator==(const BackwardKey&) const = default;
  };
  BackgroundJob backward;
  std::shared_ptr<BackwardTiming> backward_out;
  BackwardKey backward_for, backward_done_for;
  BackwardTiming backward_done;              // for backward_done_for
};

// ---------------------------------------------------------------- App
struct App {
  // GPT-2's tokenizer (Text mode, slide 0, slide 8's decoding); null when its data is
  // not installed (tokenizer_error says so, and those places say it too).
  std::shared_ptr<const Gpt2Tokenizer> tokenizer;
  std::string tokenizer_error;
  ModelInputs inputs;
  Derived derived;
  ModelJobs jobs;
  UiState ui;
  SlideStates slide_states;  // each slide's own (slide 7's worker thread: App is move-only)
  TableLoading loading;      // File ▸ Open: a table being read on a worker thread
  // The budget a state must fit (core/work_budget.hpp); unset: the machine's, read at
  // each change (tests set a small one).
  std::optional<Budget> budget;
  bool interactive = false;  // a person drives the window: work on workers may be cancelled (Budget)
  double time = 0.0;         // seconds since start (ImGui::GetTime at the last frame)
  int frames_since_input = 0;
};

}  // namespace lv::app
