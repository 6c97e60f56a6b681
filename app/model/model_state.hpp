// model_state.hpp — the model behind the window, apart from the view: no ImGui, no GL,
// nothing from app/ outside app/model/ (core/ and the standard library only).
//   ModelInputs  what the user chose (seed, IDs, D, V mode, edited weights)
//   Derived      what the core computes from it (recomputed only when inputs change)
//   IdsEdit      the IDs field's edit in progress (what Esc returns to, weight edits set aside)
//   ModelJobs    its whole-table work on workers (app/model/model_jobs.hpp)
//   Model        all of it, with GPT-2's tokenizer and the budget (App holds it)
//   Change       what a setter says back: the view shows it (app/state/app_edits.hpp)
// Sections: inputs · derived · the IDs field's edit · model jobs · change · Model
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/model/background_job.hpp"
#include "app/model/table_facts.hpp"
#include "core/torch/backward_timing.hpp"
#include "core/torch/dtype_round.hpp"
#include "core/torch/embedding_ops.hpp"
#include "core/settings/session_settings.hpp"
#include "core/io/table_file.hpp"
#include "core/io/table_view.hpp"
#include "core/torch/tensor.hpp"
#include "core/torch/torch_generator.hpp"
#include "core/kernels/work_budget.hpp"

namespace lv {
class Gpt2Tokenizer;
class Tokenizer;
}  // namespace lv

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
  uint64_t seed = 123;                          // torch.manual_seed(seed)
  std::string seed_text = "123";                // as Python prints it
  IdList ids = {2, 3, 1};                       // idx = torch.tensor(ids)
  int64_t dim = 5;                              // out_dim
  VocabMode vocab_mode = VocabMode::FromIds;    // num_idx = max(ids)+1, as the notebook does
  int64_t fixed_vocab = 4;                      // num_idx when vocab_mode == Fixed
  GradMode grad_mode = GradMode::SumOfOutputs;  // slide 6: the upstream gradient G
  uint64_t grad_seed = 0;                       // G = torch.randn(B, D) after torch.manual_seed(grad_seed)
  bool tie_weights = true;                      // slide 8: out_head.weight = tok_emb.weight (weight tying)
  std::shared_ptr<const TableFile> file;        // a table loaded from a file (--weights, File ▸ Open); null: seeded
  SeededShape before_file;                      // while `file` is shown: the seeded shape to return to
  TableDtype dtype = TableDtype::Float32;       // the table rounded through float16 / bfloat16 (computed in float32)
  // Table values typed or dragged by the user (row * D + col -> value), on top of the
  // seeded or loaded table: one entry per edited cell, whatever the table's size. An
  // edit changes the map in place; anything that drops the edits gives a new empty map
  // (a pending change keeps the shown state's map intact).
  std::shared_ptr<EditMap> edits = std::make_shared<EditMap>();
  uint64_t edits_version = 0;  // bumped by every edit (work that read the table restarts)
  // The session's table file when it could not be reopened at launch (moved, on an
  // unmounted disk): the seeded table is shown, but the file, its shape and its edits
  // stay in the saved session until the user opens another table (set_table_file).
  struct Unopened {
    std::string weights;         // FILE or FILE:NAME, as saved; empty: nothing kept
    int64_t rows = 0, cols = 0;  // the shape its edits were made on
    std::vector<SettingsEdit> edits;
    IdList ids;              // the session's IDs (the seeded stand-in may not hold them)
    bool reopening = false;  // not tried yet: reopened on a worker once the window is up
    std::string text;        // the session's sentence: tokenized once the table's own tokenizer is known
  } unopened;
  // IDs a table could not hold (set_table_file): the batch as it was, and the IDs shown
  // in its place. The batch comes back when a table that holds it is shown (a bigger
  // file, or the seeded table) unless the IDs were changed meanwhile (ids != shown).
  struct SetAside {
    IdList batch;  // the IDs before the drop; empty: nothing set aside
    IdList shown;  // what was kept of them (or {0})
  } set_aside;
  // The sentence the IDs came from (Text mode, --text): its GPT-2 tokens were `text_ids`.
  // The IDs still come from it while ids == text_ids (a chip edit makes them typed IDs).
  std::string text;
  IdList text_ids;
};

int64_t vocab_of(const ModelInputs& in);
// Slide 8's untied head when it is the model's own (a Hugging Face folder's lm_head.weight,
// TableFile::head) and tying is off; null otherwise (tied, or rows drawn from the seed).
const TableFile* file_head(const ModelInputs& in);
// "ID 3 set aside: …" while IDs a smaller table cannot hold are set aside (and the
// IDs were not changed since); "" otherwise.
std::string set_aside_text(const ModelInputs& in);
// Whether the IDs are the GPT-2 tokens of inputs.text (the code panel writes tiktoken's call).
bool ids_from_text(const ModelInputs& in);

// ---------------------------------------------------------------- derived
// nn.Embedding(V, D)'s init after torch.manual_seed(seed): made once per seed and shape
// (a big one on a worker, app/model/model_jobs.hpp), shared by every state that shows it.
struct SeededTable {
  uint64_t seed = 0;
  int64_t vocab = 0, dim = 0;
  std::shared_ptr<const Matrix> values;  // V x D
  TorchGenerator after;                  // the generator right after the init (pos_emb draws next)
  std::string print_linear_init;         // the fresh nn.Linear(V, D) after re-seeding, as printed
};

// The embedding gradient as torch holds it for nn.Embedding(..., sparse=True): only the
// rows the IDs touched (sorted), every other row zero. Both paths' gradients are these
// numbers (the dense one-hot path's V × D is zeros elsewhere: counted, never held).
struct RowGrads {
  IdList rows;                           // distinct IDs, ascending
  Matrix values;                         // rows.size() x D: G's rows added in batch order
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
  TableView table;  // V x D: the seeded or loaded table with the user's edits, read where it lies
  // A model folder's own output head (lm_head.weight) as a view, made with the logits (empty
  // when the head is tied or seeded): slide 8 reads the cells on screen through it, and a
  // view made per frame would allocate (its edit map, its row cache).
  TableView head;
  std::shared_ptr<const SeededTable> seeded;  // the seeded table (null while a file's table is shown)
  Matrix lookup_out;                          // B x D: embedding(idx)
  // The largest finite |value| among what torch's print reads of the table (its edges)
  // and the IDs' rows: how many decimals its cells show (grid_use_scale), 0 if none.
  double table_scale = 0.0;
  // The one-hot product reads every row of the table: per column, how many values are not
  // finite (core/io/table_view.hpp onehot_product). A file's come from its whole-table facts
  // (ModelJobs::facts, counted once on a worker); until then matmul_out is not known
  // (matmul_ready false) and the slides say so.
  std::vector<int64_t> nonfinite;
  bool matmul_ready = false;
  Matrix matmul_out;  // B x D: linear(onehot.float()) with linear.weight = tableᵀ
  bool paths_equal = false;
  int cells_differ = 0;  // cells where the two outputs differ (NaN/inf in the table)
  OpCounts lookup_bill, matmul_bill;
  // Backward (slide 6): G flows back through both paths.
  Matrix grad_out;  // B x D: G
  RowGrads grads;   // embedding.weight.grad = (linear.weight.grad)ᵀ, sparse by rows
  bool grads_equal = false;
  int64_t distinct_ids = 0;  // rows that receive a gradient
  OpCounts lookup_bwd_bill, matmul_bwd_bill;
  std::string print_grad_out, print_dw_lookup, print_dw_matmul;
  // Inside a GPT (slide 8): T = B tokens, context_length = T.
  TorchGenerator gen_after_table;  // the generator right after nn.Embedding(V, D)'s init
  Matrix pos_table;                // T x D: pos_emb.weight, drawn next from the same generator
  Matrix tok_out;                  // T x D: tok_emb(idx) (= lookup_out)
  Matrix x;                        // T x D: tok_emb(idx) + pos_emb(arange(T))
  // out_head(x) = x · headᵀ is T x V: every row of the vocabulary. Its argmax and printed
  // edges come from a worker for a big table (logits_ready false until then); the cells
  // on screen are computed when drawn (logit()). `logits` holds all T x V only for an
  // untied head (its rows are drawn, not stored) of a modest size.
  bool logits_ready = false;
  Matrix logits;    // T x V when held (untied head, T·V ≤ kHeldLogits), else empty
  IdList next_ids;  // T: logits.argmax(dim=-1)
  std::string print_x, print_logits, print_next;
  // What PyTorch prints for each step, from the core's formatter.
  std::string print_weight, print_lookup, print_onehot, print_matmul, print_equal;
  std::string print_linear_init;  // the fresh nn.Linear(V, D, bias=False).weight (D x V) before tying, as printed
  uint64_t generation = 0;  // bumped by the model whenever its outputs or printed texts change (the view caches on it)
  uint64_t outputs_version = 0;  // bumped when the numbers change (not a printed text arriving): work keys on it
  ModelWork work;                // what the last recompute did
};

// ---------------------------------------------------------------- the IDs field's edit
// An edit of the IDs field in progress: what to return to when it ends with text
// that does not parse (or Esc). Typing applies what parses on the way; a change of V
// re-draws the table from the seed, so the start's weight edits wait here until the
// shape is the start's again.
struct IdsEdit {
  bool active = false;
  IdList start_ids;                      // the IDs when the field was entered
  int64_t start_vocab = 0;               // and the table's V then
  std::shared_ptr<EditMap> stash_edits;  // the start's edited weights while V differs (null: none)
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
// (app/model/model_jobs.hpp). While a change waits for a big seeded table, the window keeps
// showing the last state it computed (`shown`); the change (`pending`) applies when
// the table is ready, or is dropped by Cancel.
struct ModelJobs {
  PosCache pos;
  std::vector<std::shared_ptr<const SeededTable>> seeded_cache;  // the last few made (newest last)
  BackgroundJob build;                                           // drawing a big seeded table
  std::shared_ptr<SeededTable> build_out;                        // what it fills (read after take())
  bool has_pending = false;
  ModelInputs pending;  // the change waiting for it
  ModelInputs shown;    // the inputs Derived was computed from
  // Until the window's first frame is up, whole-table work (facts, linear, logits) waits: on a
  // two-core machine its page faults on a 1 GB mapping slowed the first frame by a
  // quarter (release_held_work starts it). Only the interactive window holds.
  bool hold = false;
  // Which kinds of it may start (core/kernels/work_budget.hpp TableWork bits): all in the window;
  // a command-line picture only what the slides it draws need (SlideDef::table_work), so
  // slide 2 of a Llama-sized table waits for three rows, not 5.8 billion multiply-adds'
  // worth. Work not wanted waits as held work does (want_table_work starts it).
  unsigned wanted = kTableWorkAll;
  bool held = false;  // something waited (recompute when released)
  // A file's whole-table facts (app/model/table_facts.hpp: non-finite values per column and
  // dtype, the value range, the heat map's overview): one pass per file, read by every slide.
  BackgroundJob facts;
  std::shared_ptr<TableFacts> facts_out;
  std::weak_ptr<const TableFile> facts_for;      // the file it reads (weak: a closed file's address may come back)
  std::shared_ptr<const TableFacts> facts_done;  // made for facts_done_for
  std::weak_ptr<const TableFile> facts_done_for;
  int64_t facts_passes = 0;  // whole-table passes started (tests: one per file and change on disk)
  struct ShapeKey {
    uint64_t seed = 0;
    int64_t vocab = -1, dim = -1;
    bool operator==(const ShapeKey&) const = default;
  };
  BackgroundJob linear;  // the fresh nn.Linear(V, D)'s printed edges (V·D draws)
  std::shared_ptr<std::string> linear_out;
  ShapeKey linear_for;       // what it draws
  ShapeKey linear_done_for;  // what linear_done was drawn for
  std::string linear_done;
  BackgroundJob logits;  // slide 8's argmax over every row
  struct LogitsOut {
    IdList next_ids;
    Matrix edges;                // T x V's printed edges
    Matrix full;                 // T x V when held
    bool out_of_memory = false;  // the job could not allocate: nothing to apply
  };
  std::shared_ptr<LogitsOut> logits_out;
  uint64_t logits_for = 0;  // the Derived::outputs_version it was started for
  // Slide 6's "Time it": both backward passes timed (core/torch/backward_timing.hpp) for the
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
  BackwardTiming backward_done;  // for backward_done_for
  // A sentence past kInlineTextBytes tokenized (issue 39: never on the UI thread): set_text
  // starts it and the state shown stays until poll_model_jobs applies it — if the tokenizer and
  // the IDs are still those it started from (another edit since wins; another tokenizer starts
  // it again with that one).
  struct TextOut {
    bool ok = false;
    IdList ids;
    std::string error;
  };
  BackgroundJob text;
  std::shared_ptr<TextOut> text_out;
  std::string text_for;                       // the sentence
  const Tokenizer* text_tokenizer = nullptr;  // the tokenizer it was started with
  IdList text_over;                           // the IDs shown when it started
};

// ---------------------------------------------------------------- change
// What a setter says back. The model keeps no message: the view puts these where the
// user reads them (the editor bar's lines, the footer) and refreshes its own text
// fields from the model (app/state/app_edits.hpp take_change).
struct Change {
  std::string error;         // the input was not applied: why (the model is untouched)
  std::string note;          // applied, or left waiting, with something to say ("press Enter to build it")
  std::string refused;       // the state it asked for is past the budget or ran out of memory: why (the last stays)
  bool accepted = false;     // another state was accepted: a refusal said earlier no longer holds
  bool sync_fields = false;  // the inputs moved by themselves (a waiting change applied, out of memory
                             // reverted them): the view's text fields follow the model
};

// A Change that only says why the input was refused, or only notes something.
inline Change change_error(std::string why) {
  Change c;
  c.error = std::move(why);
  return c;
}
inline Change change_note(std::string note) {
  Change c;
  c.note = std::move(note);
  return c;
}
// b after a: the later refusal or error stands, the flags add up, the notes join.
void merge(Change& a, const Change& b);

// ---------------------------------------------------------------- Model
struct Model {
  // The tokenizer in use (Text mode, slide 0, the chips, slide 8's decoding): the table's
  // own (model_tokenizer) when it has one, else GPT-2's; null when neither is there
  // (tokenizer_error says why, and those places say it too).
  std::shared_ptr<const Tokenizer> tokenizer;
  std::string tokenizer_error;
  std::shared_ptr<const Gpt2Tokenizer> gpt2;         // GPT-2's, from its pack (Learn mode's questions)
  std::shared_ptr<const Tokenizer> model_tokenizer;  // the table's own (core/tokenizer/model_tokenizer.hpp)
  std::string model_tokenizer_error;                 // why the table's own could not be used
  ModelInputs inputs;
  Derived derived;
  IdsEdit ids_edit;  // the IDs field's edit in progress (app_model.hpp: begin_ids_edit)
  ModelJobs jobs;
  // The budget a state must fit (core/kernels/work_budget.hpp); unset: the machine's, read at
  // each change (tests set a small one).
  std::optional<Budget> budget;
  bool interactive = false;  // a person drives the window: work on workers may be cancelled (Budget)
};

}  // namespace lv::app
