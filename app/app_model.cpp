// app_model.cpp — validation and recomputation of the model behind the slides.
#include "app/app_model.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "core/id_parse.hpp"
#include "core/torch_format.hpp"
#include "core/torch_generator.hpp"
#include "core/torch_layers.hpp"
#include "core/torch_random.hpp"

namespace lv::app {

int64_t vocab_of(const ModelInputs& in) {
  if (in.file) return in.file->rows;
  if (in.vocab_mode == VocabMode::Fixed) return in.fixed_vocab;
  int64_t m = 0;
  for (int64_t id : in.ids) m = std::max(m, id);
  return m + 1;
}

namespace {

// Largest D a table of `vocab` rows may have under the seeded-element limit.
int64_t max_dim_for(int64_t vocab) {
  return std::max<int64_t>(1, std::min<int64_t>(kMaxDim, kMaxSeededElements / std::max<int64_t>(1, vocab)));
}

void clear_edits(ModelInputs& in) {
  in.edits.clear();
  in.edited.clear();
}

}  // namespace

void app_init(App& app, const CliOptions& o, std::shared_ptr<const TableFile> file) {
  ModelInputs& in = app.inputs;
  in.file = std::move(file);
  // The seeded shape the command line asked for, returned to when the file is closed.
  in.before_file = SeededShape{o.vocab ? VocabMode::Fixed : VocabMode::FromIds, o.vocab ? *o.vocab : 4, o.dim};
  in.dtype = o.dtype;
  in.seed = o.seed;
  in.seed_text = o.seed_text;
  in.ids = o.ids;
  in.dim = in.file ? in.file->cols : o.dim;
  in.vocab_mode = o.vocab ? VocabMode::Fixed : VocabMode::FromIds;
  in.fixed_vocab = o.vocab ? *o.vocab : vocab_of(in);
  if (in.file) {  // a file's table fixes V: typed IDs are checked against it
    in.vocab_mode = VocabMode::Fixed;
    in.fixed_vocab = in.file->rows;
  }
  app.ui.reduced_motion = o.reduced_motion;
  app.ui.theme = o.light ? Theme::Light : Theme::Dark;
  recompute(app);
  sync_text_fields(app);
}

void recompute(App& app) {
  const ModelInputs& in = app.inputs;
  Derived& d = app.derived;
  const int64_t v = vocab_of(in), dim = in.dim;
  // Re-draw from the seed only when the seed or the shape changed (an edit or a
  // new ID list of the same V reuses the table, as re-running one notebook cell would).
  // A float32 file's table is used as it is (no copy in `seeded`).
  const bool file_as_is = in.file && in.dtype == TableDtype::Float32;
  const bool reseed = d.generation == 0 || d.seeded_with != in.seed || d.seeded_rows != v || d.seeded_cols != dim ||
                      d.seeded_from != in.file.get() || d.seeded_dtype != in.dtype;
  if (reseed) {
    // nn.Embedding(V, D) right after torch.manual_seed(seed) — or the loaded file's
    // table — then the fresh nn.Linear(V, D) after re-seeding (what slide 4 prints
    // before tying).
    TorchGenerator gen(in.seed);
    if (file_as_is) {
      d.seeded.resize(0, 0);
    } else {
      d.seeded = in.file ? in.file->data : embedding_init(v, dim, gen);
      round_table(d.seeded, in.dtype);
    }
    d.seeded_rows = v;
    d.seeded_cols = dim;
    d.gen_after_table = gen;
    d.seeded_from = in.file.get();
    d.seeded_dtype = in.dtype;
    // Only its printed form is needed: drawn edge by edge (core/torch_layers.hpp), a
    // big vocabulary's D × V init is neither held nor converted, only skipped over.
    TorchGenerator gen2(in.seed);
    d.print_linear_init = repr_parameter_edges(linear_weight_edges(v, dim, gen2), dim, v);
    d.seeded_with = in.seed;
  }
  d.vocab = v;
  d.dim = dim;
  d.batch = static_cast<int64_t>(in.ids.size());
  d.table = file_as_is ? in.file->data : d.seeded;
  if (in.edits.size() == static_cast<size_t>(v * dim)) {
    for (int64_t i = 0; i < v * dim; ++i)
      if (in.edited[static_cast<size_t>(i)]) d.table.data()[i] = in.edits[static_cast<size_t>(i)];
  }
  d.lookup_out = lookup(d.table, in.ids);
  d.onehot = one_hot(in.ids, v);
  d.onehot_f = d.onehot.cast<float>();
  d.matmul_out = onehot_matmul(d.onehot_f, d.table);
  d.paths_equal = torch_equal(d.lookup_out, d.matmul_out);
  d.cells_differ = 0;
  for (Eigen::Index i = 0; i < d.lookup_out.size(); ++i)
    if (!(d.lookup_out.data()[i] == d.matmul_out.data()[i])) ++d.cells_differ;
  d.lookup_bill = lookup_cost(d.batch, v, dim);
  d.matmul_bill = matmul_cost(d.batch, v, dim);

  // Backward: G, then both gradients. torch.randn(B, D) after manual_seed(grad_seed)
  // is normal_ on a fresh generator, the same draw as the core's.
  if (in.grad_mode == GradMode::SumOfOutputs) {
    d.grad_out = Matrix::Ones(d.batch, dim);
  } else {
    d.grad_out.resize(d.batch, dim);
    TorchGenerator g(in.grad_seed);
    normal_(d.grad_out.data(), static_cast<size_t>(d.grad_out.size()), 0.0, 1.0, g);
  }
  d.dw_lookup = lookup_backward(in.ids, d.grad_out, v);
  d.dw_matmul = onehot_backward(d.onehot_f, d.grad_out);
  d.grads_equal = torch_equal(d.dw_lookup, d.dw_matmul);
  {
    IdList sorted = in.ids;
    std::sort(sorted.begin(), sorted.end());
    d.distinct_ids = std::unique(sorted.begin(), sorted.end()) - sorted.begin();
  }
  d.lookup_bwd_bill = lookup_backward_cost(d.batch, v, dim);
  d.matmul_bwd_bill = matmul_backward_cost(d.batch, v, dim);
  d.print_grad_out = repr_tensor(d.grad_out);
  d.print_dw_lookup = repr_tensor(d.dw_lookup);
  d.print_dw_matmul = repr_transposed(d.dw_matmul);  // linear.weight.grad is D x V

  // A GPT's input and output ends: tok_emb and pos_emb are drawn one after the
  // other from the seeded generator (GPTModel.__init__'s order), then out_head.
  {
    const int64_t t = d.batch;
    TorchGenerator g = d.gen_after_table;
    d.pos_table = embedding_init(t, dim, g);
    d.tok_out = d.lookup_out;
    d.x = d.tok_out + d.pos_table;
    // Tied: the table itself, read the other way (no copy). Untied: its own init.
    if (in.tie_weights) d.head_weight.resize(0, 0);
    else d.head_weight = linear_init(dim, v, false, g).weight;
    const Matrix& head = in.tie_weights ? d.table : d.head_weight;
    d.logits = (d.x * head.transpose()).eval();
    d.next_ids.resize(static_cast<size_t>(t));
    for (int64_t i = 0; i < t; ++i) {
      // argmax like torch: the first maximum; NaN counts as the maximum.
      int64_t best = 0;
      for (int64_t j = 1; j < v; ++j) {
        const float a = d.logits(i, best), b = d.logits(i, j);
        if (std::isnan(a)) break;
        if (std::isnan(b) || b > a) best = j;
      }
      d.next_ids[static_cast<size_t>(i)] = best;
    }
    d.print_x = repr_tensor(d.x, ReprSuffix{"AddBackward0", false, ""});
    d.print_logits = repr_tensor(d.logits, ReprSuffix{"MmBackward0", false, ""});
    const int64_t n = static_cast<int64_t>(d.next_ids.size());
    d.print_next = repr_tensor(d.next_ids.data(), std::span<const int64_t>(&n, 1));
  }

  d.print_weight = repr_parameter(d.table);
  d.print_lookup = repr_tensor(d.lookup_out, ReprSuffix{"EmbeddingBackward0", false, ""});
  d.print_onehot = repr_tensor(d.onehot);
  d.print_matmul = repr_tensor(d.matmul_out, ReprSuffix{"MmBackward0", false, ""});
  d.print_equal = d.paths_equal ? "True" : "False";
  ++d.generation;
}

void sync_text_fields(App& app) {
  std::snprintf(app.ui.ids_buf, sizeof app.ui.ids_buf, "%s", format_ids(app.inputs.ids).c_str());
  std::snprintf(app.ui.seed_buf, sizeof app.ui.seed_buf, "%s", app.inputs.seed_text.c_str());
  app.ui.ids_error.clear();
  app.ui.seed_error.clear();
}

namespace {

IdParse parse_ids_for(const App& app, const std::string& text) {
  IdRules rules;
  if (app.inputs.vocab_mode == VocabMode::Fixed) rules.vocab = vocab_of(app.inputs);
  rules.max_id = std::min<int64_t>(kMaxVocab, kMaxSeededElements / std::max<int64_t>(1, app.inputs.dim)) - 1;
  return parse_ids(text, rules);
}

// The IDs during an edit: as set_ids, but the start's weight edits are kept aside
// (not lost) while the shape differs from the start's, and come back with it.
void apply_edit_ids(App& app, const IdList& ids) {
  ModelInputs& in = app.inputs;
  IdsEdit& t = app.ui.ids_edit;
  in.ids = ids;
  if (vocab_of(in) != t.start_vocab) {
    if (!in.edited.empty()) {
      t.stash_edits = std::move(in.edits);
      t.stash_edited = std::move(in.edited);
      clear_edits(in);
    }
  } else if (!t.stash_edited.empty()) {
    in.edits = std::move(t.stash_edits);
    in.edited = std::move(t.stash_edited);
    t.stash_edits.clear();
    t.stash_edited.clear();
  }
  recompute(app);
}

}  // namespace

std::string set_ids_text(App& app, const std::string& text) {
  IdParse p = parse_ids_for(app, text);
  if (!p.ok) return p.error;
  set_ids(app, p.ids);
  return "";
}

void begin_ids_edit(App& app) {
  IdsEdit& t = app.ui.ids_edit;
  t.active = true;
  t.start_ids = app.inputs.ids;
  t.start_vocab = vocab_of(app.inputs);
  t.stash_edits.clear();
  t.stash_edited.clear();
}

void ids_typed(App& app, const std::string& text) {
  UiState& ui = app.ui;
  if (!ui.ids_edit.active) begin_ids_edit(app);
  ui.ids_note.clear();
  IdParse p = parse_ids_for(app, text);
  if (!p.ok) {
    ui.ids_error = p.error;
    return;
  }
  ui.ids_error.clear();
  // Typing 99999 digit by digit must not build tables of 10, 100, … 100,000 rows on
  // the way: a large table is built only when the edit ends (Enter).
  ModelInputs probe_in;
  probe_in.ids = p.ids;
  probe_in.vocab_mode = app.inputs.vocab_mode;
  probe_in.fixed_vocab = app.inputs.fixed_vocab;
  probe_in.file = app.inputs.file;
  const int64_t v = vocab_of(probe_in);
  const bool grows = v != vocab_of(app.inputs);
  if (grows && v * app.inputs.dim > kLiveTableElements) {
    ui.ids_note = "A " + with_commas(static_cast<uint64_t>(v)) + " × " +
                  with_commas(static_cast<uint64_t>(app.inputs.dim)) + " table: press Enter to build it";
    return;
  }
  apply_edit_ids(app, p.ids);
}

void end_ids_edit(App& app, const std::string& text, bool revert) {
  UiState& ui = app.ui;
  if (!ui.ids_edit.active) begin_ids_edit(app);
  const IdParse p = revert ? IdParse{} : parse_ids_for(app, text);
  // Text that does not parse is not a state: back to the IDs the edit started from.
  apply_edit_ids(app, p.ok ? p.ids : ui.ids_edit.start_ids);
  ui.ids_edit = IdsEdit{};  // a stash left now belongs to another shape: dropped
  sync_text_fields(app);
  ui.ids_note.clear();
}

void set_ids(App& app, const IdList& ids) {
  if (ids.empty()) return;
  const int64_t old_v = vocab_of(app.inputs);
  app.inputs.ids = ids;
  if (vocab_of(app.inputs) != old_v) clear_edits(app.inputs);  // a new shape: re-drawn from the seed
  recompute(app);
}

std::string set_seed_text(App& app, const std::string& text) {
  CliParse p = parse_cli({"lookupviz", "--seed", text});
  if (!p.ok) {
    // The command-line parser names the flag; the field needs only the reason.
    std::string e = p.error;
    const std::string prefix = "--seed: ";
    if (e.rfind(prefix, 0) == 0) e = e.substr(prefix.size());
    return e;
  }
  if (p.options.seed != app.inputs.seed) clear_edits(app.inputs);
  app.inputs.seed = p.options.seed;
  app.inputs.seed_text = p.options.seed_text;
  recompute(app);
  return "";
}

void set_dim(App& app, int64_t dim) {
  if (app.inputs.file) return;  // a file's table has its own D
  dim = std::clamp<int64_t>(dim, 1, max_dim_for(vocab_of(app.inputs)));
  if (dim == app.inputs.dim) return;
  app.inputs.dim = dim;
  clear_edits(app.inputs);
  recompute(app);
}

void set_vocab_mode(App& app, VocabMode mode, int64_t fixed_vocab) {
  ModelInputs& in = app.inputs;
  if (in.file) return;  // a file's table has its own V
  int64_t max_id = 0;
  for (int64_t id : in.ids) max_id = std::max(max_id, id);
  // A fixed V must still hold every ID.
  fixed_vocab = std::clamp<int64_t>(fixed_vocab, max_id + 1, std::max<int64_t>(max_id + 1, kMaxSeededElements / in.dim));
  const int64_t old_v = vocab_of(in);
  in.vocab_mode = mode;
  in.fixed_vocab = fixed_vocab;
  if (vocab_of(in) != old_v) clear_edits(in);
  recompute(app);
}

void set_grad_mode(App& app, GradMode mode, uint64_t seed) {
  app.inputs.grad_mode = mode;
  app.inputs.grad_seed = seed;
  recompute(app);
}

void set_table_file(App& app, std::shared_ptr<const TableFile> file) {
  ModelInputs& in = app.inputs;
  if (file && !in.file) in.before_file = SeededShape{in.vocab_mode, in.fixed_vocab, in.dim};
  const bool closing = !file && in.file;
  in.file = std::move(file);
  in.unopened = {};  // the user chose a table: a session's unopened file is let go
  if (closing) {
    // Back to the seeded shape chosen before the file was opened; the IDs stay (a
    // fixed V grows to hold them, D shrinks if the element limit needs it).
    const SeededShape& b = in.before_file;
    int64_t max_id = 0;
    for (int64_t id : in.ids) max_id = std::max(max_id, id);
    in.vocab_mode = b.vocab_mode;
    in.fixed_vocab = std::max(b.fixed_vocab, max_id + 1);
    in.dim = std::clamp<int64_t>(b.dim, 1, max_dim_for(vocab_of(in)));
  }
  if (in.file) {
    in.dim = in.file->cols;
    in.fixed_vocab = in.file->rows;
    in.vocab_mode = VocabMode::Fixed;
    // IDs beyond the new table would be out of range: keep those that fit.
    IdList kept;
    for (int64_t id : in.ids)
      if (id < in.file->rows) kept.push_back(id);
    if (kept.empty()) kept.push_back(0);
    in.ids = kept;
  }
  clear_edits(in);
  recompute(app);
  sync_text_fields(app);
}

void set_dtype(App& app, TableDtype dtype) {
  if (app.inputs.dtype == dtype) return;
  app.inputs.dtype = dtype;
  clear_edits(app.inputs);
  recompute(app);
}

void set_tie_weights(App& app, bool tie) {
  app.inputs.tie_weights = tie;
  recompute(app);
}

void edit_cell(App& app, int64_t row, int64_t col, float value) {
  ModelInputs& in = app.inputs;
  const int64_t v = vocab_of(in);
  if (row < 0 || row >= v || col < 0 || col >= in.dim) return;
  const size_t n = static_cast<size_t>(v * in.dim);
  if (in.edits.size() != n) {
    in.edits.assign(n, 0.0f);
    in.edited.assign(n, 0);
  }
  const size_t k = static_cast<size_t>(row * in.dim + col);
  in.edits[k] = value;
  in.edited[k] = 1;
  recompute(app);
}

void reset_edits(App& app) {
  clear_edits(app.inputs);
  recompute(app);
}

bool has_edits(const App& app) {
  return std::find(app.inputs.edited.begin(), app.inputs.edited.end(), 1) != app.inputs.edited.end();
}

void add_id(App& app) {
  if (app.inputs.ids.size() >= kMaxIds) return;
  IdList ids = app.inputs.ids;
  // The next ID: one past the last, wrapping inside a fixed table.
  int64_t next = ids.empty() ? 0 : ids.back() + 1;
  if (app.inputs.vocab_mode == VocabMode::Fixed) next %= app.inputs.fixed_vocab;
  ids.push_back(next);
  set_ids(app, ids);
  sync_text_fields(app);
}

void remove_id(App& app, size_t i) {
  if (app.inputs.ids.size() <= 1 || i >= app.inputs.ids.size()) return;
  IdList ids = app.inputs.ids;
  ids.erase(ids.begin() + static_cast<std::ptrdiff_t>(i));
  set_ids(app, ids);
  sync_text_fields(app);
}

void change_id(App& app, size_t i, int64_t id) {
  if (i >= app.inputs.ids.size() || id < 0) return;
  if (app.inputs.vocab_mode == VocabMode::Fixed && id >= app.inputs.fixed_vocab) return;
  if (id >= kMaxVocab) return;
  IdList ids = app.inputs.ids;
  ids[i] = id;
  set_ids(app, ids);
  sync_text_fields(app);
}

void move_id(App& app, size_t from, size_t to) {
  IdList ids = app.inputs.ids;
  if (from >= ids.size() || to >= ids.size() || from == to) return;
  const int64_t id = ids[from];
  ids.erase(ids.begin() + static_cast<std::ptrdiff_t>(from));
  ids.insert(ids.begin() + static_cast<std::ptrdiff_t>(to), id);
  set_ids(app, ids);
  sync_text_fields(app);
}

}  // namespace lv::app
