// app_model.cpp — validation and recomputation of the model behind the slides.
#include "app/model/app_model.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <new>

#include "app/model/model_jobs.hpp"
#include "app/model/out_of_memory.hpp"
#include "core/torch/embedding_ops.hpp"
#include "core/tokenizer/gpt2_tokenizer.hpp"
#include "core/text/id_parse.hpp"
#include "core/torch/table_size.hpp"
#include "core/text/text_format.hpp"
#include "core/torch/torch_format.hpp"
#include "core/torch/torch_generator.hpp"
#include "core/torch/torch_layers.hpp"
#include "core/torch/torch_random.hpp"
#include "core/text/utf8_text.hpp"
#include "core/text/value_parse.hpp"

namespace lv::app {

const TableFile* file_head(const ModelInputs& in) {
  return in.file && in.file->head && !in.tie_weights ? in.file->head.get() : nullptr;
}

int64_t vocab_of(const ModelInputs& in) {
  if (in.file) return in.file->rows;
  if (in.vocab_mode == VocabMode::Fixed) return in.fixed_vocab;
  return std::max<int64_t>(1, vocab_for_ids(in.ids));  // a table has a row even before the first ID
}

bool ids_from_text(const ModelInputs& in) { return !in.text.empty() && in.ids == in.text_ids; }

std::string set_aside_text(const ModelInputs& in) {
  const ModelInputs::SetAside& a = in.set_aside;
  if (a.batch.empty() || in.ids != a.shown || !in.file) return "";
  const int64_t rows = in.file->rows;
  IdList out;
  for (int64_t id : a.batch)
    if (id >= rows && std::find(out.begin(), out.end(), id) == out.end()) out.push_back(id);
  if (out.empty()) return "";
  std::string list;
  for (size_t i = 0; i < out.size() && i < 4; ++i) list += (i ? ", " : "") + std::to_string(out[i]);
  if (out.size() > 4) list += ", …";
  const bool one = out.size() == 1;
  return std::string(one ? "ID " : "IDs ") + list + " set aside: this table has " + counted(rows, "row") +
         (rows > 1 ? " (IDs 0–" + with_commas(rows - 1) + ")" : " (ID 0)") + "; " + (one ? "it comes" : "they come") +
         " back with a table that holds " + (one ? "it" : "them");
}

namespace {

// Largest D a table of `vocab` rows may have under the seeded-element limit.
int64_t max_dim_for(int64_t vocab) {
  return std::max<int64_t>(1, std::min<int64_t>(kMaxDim, max_seeded_extent(vocab)));
}

// Edits are dropped by giving a new empty map: a pending change or an IDs edit's stash
// may still hold the old one.
void clear_edits(ModelInputs& in) {
  if (!in.edits->empty()) in.edits = std::make_shared<EditMap>();
  ++in.edits_version;
}

// The printed edges of a T x D matrix made of rows: everything below torch's threshold.
std::string repr_rows(const Matrix& m, const char* grad_fn) { return repr_tensor(m, ReprSuffix{grad_fn, false, ""}); }

// pos_emb.weight = nn.Embedding(T, D)'s draw right after the table's: T x D normals,
// tens of ms at T = 64, D = 4,096 — and an ID edit changes T. normal_ of n >= 16 values
// (n % 16 == 0) is a pure function of the uniform stream's first n draws, so such a
// draw of T rows is the first T rows of any longer such draw: the rows drawn are kept
// and reused while T moves below them (an edit costs the new rows once, not every time).
void pos_rows(Model& app, int64_t t, Matrix& out) {
  Derived& d = app.derived;
  PosCache& c = app.jobs.pos;
  const int64_t dim = d.dim;
  const bool same_source =
      c.seeded == d.seeded.get() && c.file == app.inputs.file.get() && c.seed == app.inputs.seed && c.dim == dim;
  auto prefix_ok = [dim](int64_t rows) { return rows * dim >= 16 && (rows * dim) % 16 == 0; };
  if (same_source && t <= c.rows.rows() && prefix_ok(t) && prefix_ok(c.rows.rows())) {
    out = c.rows.topRows(t);
    return;
  }
  TorchGenerator g = d.gen_after_table;
  out = embedding_init(t, dim, g);
  if (prefix_ok(t) && (!same_source || t > c.rows.rows())) {
    c.rows = out;
    c.seeded = d.seeded.get();
    c.file = app.inputs.file.get();
    c.seed = app.inputs.seed;
    c.dim = dim;
  }
}

// What every change recomputes after the table: the B x D outputs, the gradients,
// slide 8's inputs and the printed forms. O(B · D) plus the printed edges.
void recompute_outputs(Model& app) {
  const ModelInputs& in = app.inputs;
  Derived& d = app.derived;
  const int64_t v = d.vocab, dim = d.dim;
  d.batch = static_cast<int64_t>(in.ids.size());
  d.lookup_out = d.table.rows_of(in.ids);
  d.work.rows_read += d.batch;
  d.work.outputs_written += d.batch * dim;
  d.matmul_ready = !d.nonfinite.empty() || dim == 0;
  if (d.matmul_ready) {
    d.matmul_out = onehot_product(d.table, in.ids, d.lookup_out, d.nonfinite);
    d.paths_equal = torch_equal(d.lookup_out, d.matmul_out);
    d.cells_differ = 0;
    for (Eigen::Index i = 0; i < d.lookup_out.size(); ++i)
      if (!(d.lookup_out.data()[i] == d.matmul_out.data()[i])) ++d.cells_differ;
  } else {  // not known yet: shown as pending (the slides hide these cells)
    d.matmul_out = Matrix::Constant(d.batch, dim, std::numeric_limits<float>::quiet_NaN());
    d.paths_equal = false;
    d.cells_differ = 0;
  }
  d.lookup_bill = lookup_cost(d.batch, v, dim);
  d.matmul_bill = matmul_cost(d.batch, v, dim);

  // Backward: G, then the gradient both paths give (core: lookup_backward's numbers,
  // rows touched only). torch.randn(B, D) after manual_seed(grad_seed) is normal_ on a
  // fresh generator, the same draw as the core's.
  if (in.grad_mode == GradMode::SumOfOutputs) {
    d.grad_out = Matrix::Ones(d.batch, dim);
  } else {
    d.grad_out.resize(d.batch, dim);
    TorchGenerator g(in.grad_seed);
    normal_(d.grad_out.data(), static_cast<size_t>(d.grad_out.size()), 0.0, 1.0, g);
  }
  RowGrads& gr = d.grads;
  gr.rows = in.ids;
  std::sort(gr.rows.begin(), gr.rows.end());
  gr.rows.erase(std::unique(gr.rows.begin(), gr.rows.end()), gr.rows.end());
  gr.values = Matrix::Zero(static_cast<Eigen::Index>(gr.rows.size()), dim);
  // Rows of G added into zeros in batch order, as embedding_dense_backward_cpu (and the
  // one-hot path's running sums from +0, where the zeros add nothing) do.
  for (size_t i = 0; i < in.ids.size(); ++i)
    gr.values.row(gr.index_of(in.ids[i])) += d.grad_out.row(static_cast<Eigen::Index>(i));
  d.distinct_ids = static_cast<int64_t>(gr.rows.size());
  d.grads_equal = true;  // G is finite (ones or randn): the same sums either way
  d.lookup_bwd_bill = lookup_backward_cost(d.batch, v, dim);
  d.matmul_bwd_bill = matmul_backward_cost(d.batch, v, dim);
  d.print_grad_out = repr_tensor(d.grad_out);
  d.print_dw_lookup = repr_edges(edges_of<Matrix>(v, dim, [&](int64_t r, int64_t c) { return gr.at(r, c); }), v, dim);
  // linear.weight.grad is D x V: the same numbers read the other way.
  d.print_dw_matmul = repr_edges(edges_of<Matrix>(dim, v, [&](int64_t r, int64_t c) { return gr.at(c, r); }), dim, v);

  // A GPT's input and output ends: tok_emb and pos_emb are drawn one after the other
  // from the seeded generator (GPTModel.__init__'s order), then out_head (slide 8's
  // logits: app/model/model_jobs.hpp).
  {
    pos_rows(app, d.batch, d.pos_table);
    d.tok_out = d.lookup_out;
    d.x = d.tok_out + d.pos_table;
    d.print_x = repr_tensor(d.x, ReprSuffix{"AddBackward0", false, ""});
  }

  const Matrix weight_edges = edges_of<Matrix>(v, dim, [&](int64_t r, int64_t c) { return d.table.at(r, c); });
  d.print_weight = repr_parameter_edges(weight_edges, v, dim);
  d.table_scale = 0.0;
  for (const Matrix* m : {&weight_edges, static_cast<const Matrix*>(&d.lookup_out)})
    for (Eigen::Index i = 0; i < m->size(); ++i)
      if (std::isfinite(m->data()[i]))
        d.table_scale = std::max(d.table_scale, std::fabs(static_cast<double>(m->data()[i])));
  d.print_lookup = repr_rows(d.lookup_out, "EmbeddingBackward0");
  d.print_onehot = repr_edges(
      edges_of<IntMatrix>(
          d.batch, v, [&](int64_t i, int64_t k) { return static_cast<int64_t>(in.ids[static_cast<size_t>(i)] == k); }),
      d.batch, v);
  d.print_matmul = d.matmul_ready ? repr_rows(d.matmul_out, "MmBackward0") : "";
  d.print_equal = !d.matmul_ready ? "" : d.paths_equal ? "True" : "False";
  ++d.generation;
  ++d.outputs_version;
  start_logits(app);
}

}  // namespace

void merge(Change& a, const Change& b) {
  if (!b.error.empty()) a.error = b.error;
  if (!b.note.empty()) a.note = a.note.empty() ? b.note : a.note + "; " + b.note;
  if (!b.refused.empty()) a.refused = b.refused;
  if (b.accepted) {
    a.accepted = true;
    if (b.refused.empty()) a.refused.clear();
  }
  a.sync_fields = a.sync_fields || b.sync_fields;
}

float RowGrads::at(int64_t r, int64_t c) const {
  const int64_t i = index_of(r);
  return i < 0 ? 0.0f : values(i, c);
}

int64_t RowGrads::index_of(int64_t r) const {
  const auto it = std::lower_bound(rows.begin(), rows.end(), r);
  return it != rows.end() && *it == r ? it - rows.begin() : -1;
}

Change model_init(Model& app, const CliOptions& o, std::shared_ptr<const TableFile> file) {
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
  if (o.text) {  // --text: main has tokenized it (apply_text_ids)
    in.text = *o.text;
    in.text_ids = o.ids;
  }
  return recompute(app);
}

void set_tokenizer(Model& app, std::shared_ptr<const Gpt2Tokenizer> tokenizer, std::string error) {
  app.gpt2 = std::move(tokenizer);
  if (!app.model_tokenizer) {
    app.tokenizer = app.gpt2;
    app.tokenizer_error = std::move(error);
  }
}

Change set_model_tokenizer(Model& app, std::shared_ptr<const Tokenizer> tokenizer, std::string error) {
  if (tokenizer == app.model_tokenizer && error == app.model_tokenizer_error) return {};
  app.model_tokenizer = std::move(tokenizer);
  app.model_tokenizer_error = std::move(error);
  const bool tokenizing = app.jobs.text.active();  // a long sentence on its worker: the new tokenizer's now
  const bool from_text = ids_from_text(app.inputs) || tokenizing;
  const std::string text = tokenizing ? app.jobs.text_for : app.inputs.text;
  app.tokenizer = app.model_tokenizer ? app.model_tokenizer : std::shared_ptr<const Tokenizer>(app.gpt2);
  if (!app.tokenizer) return {};
  if (!app.model_tokenizer) app.tokenizer_error.clear();
  // Typed text keeps its words: its IDs are now the new tokenizer's.
  if (from_text) return set_text(app, text);
  return {};
}

// The shape the budget prices for these inputs (core/kernels/work_budget.hpp).
StateShape shape_of(const ModelInputs& in) {
  StateShape s;
  s.batch = static_cast<int64_t>(in.ids.size());
  IdList sorted = in.ids;
  std::sort(sorted.begin(), sorted.end());
  s.distinct = std::unique(sorted.begin(), sorted.end()) - sorted.begin();
  s.vocab = vocab_of(in);
  s.dim = in.dim;
  s.seeded = in.file == nullptr;
  s.untied_head = !in.tie_weights && !file_head(in);  // a model's own head is read, not drawn
  s.seeded_gradient = in.grad_mode == GradMode::Seeded;
  return s;
}

namespace {

// Whether `in` asks for another state than `shown` (an accepted one clears a refusal's
// message; a job's result recomputing the shown state does not).
bool another_state(const ModelInputs& in, const ModelInputs& shown) {
  return in.ids != shown.ids || in.dim != shown.dim || vocab_of(in) != vocab_of(shown) || in.file != shown.file ||
         in.seed != shown.seed || in.dtype != shown.dtype || in.tie_weights != shown.tie_weights ||
         in.grad_mode != shown.grad_mode || in.grad_seed != shown.grad_seed;
}

void recompute_within_budget(Model& app);

}  // namespace

// Every change of the model comes here. Its cost is checked first: a state past the
// budget is refused and the last one computed stays (at start, with none yet, the
// notebook's 4 × 5). Out of memory while computing one (issue 17, item 6) is the same:
// the state is refused and the last good one is computed again — its numbers are a
// function of its inputs — unless there is none (then the caller's bad_alloc stands:
// the command line says so and exits 1).
Change recompute(Model& app) {
  ModelInputs& in = app.inputs;
  ModelJobs& j = app.jobs;
  const bool have_shown = app.derived.generation != 0;
  const StateShape shape = shape_of(in);
  Budget budget = app.budget ? *app.budget : machine_budget();
  if (!app.budget) budget.workers_cancellable = app.interactive;
  // Only the whole-table work that may start counts (a picture's slide's; all in the window).
  const std::string why = over_budget(shape, window_cost(shape, j.wanted), budget, BudgetWords::Window);
  Change change;
  if (!why.empty()) {
    change.refused = why;
    if (have_shown) {
      in = j.shown;
      return change;
    }
    const ModelInputs want = in;
    in = ModelInputs{};
    in.seed = want.seed;
    in.seed_text = want.seed_text;
  } else if (!have_shown || another_state(in, j.shown)) {
    change.accepted = true;
  }
  const ModelInputs last_good = j.shown;
  try {
    recompute_within_budget(app);
  } catch (const std::bad_alloc&) {
    if (!have_shown) throw;
    in = last_good;
    if (j.has_pending && another_state(j.pending, last_good)) cancel_pending(app);
    recompute_within_budget(app);  // fits: it did a moment ago
    change.refused = kOutOfMemoryWindowLine;
    change.accepted = false;
    change.sync_fields = true;
  }
  return change;
}

namespace {

void recompute_within_budget(Model& app) {
  ModelInputs& in = app.inputs;
  ModelJobs& j = app.jobs;
  Derived& d = app.derived;
  const int64_t v = vocab_of(in), dim = in.dim;
  d.work = {};
  // The table: a file's where it lies, or the seed's — made once per seed and shape; a
  // big one on a worker while the window keeps showing the last state it computed.
  std::shared_ptr<const SeededTable> seeded;
  if (!in.file) {
    seeded = find_seeded(j, in.seed, v, dim);
    if (!seeded && v * dim <= kInlineElements) seeded = make_seeded_now(j, in.seed, v, dim);
    if (!seeded) {
      const ModelInputs want = in;
      if (d.generation == 0) {
        // Nothing shown yet (a big table asked for at start): the notebook's 4 × 5 meanwhile.
        in = ModelInputs{};
        in.seed = want.seed;
        in.seed_text = want.seed_text;
        recompute_within_budget(app);
      } else {
        in = j.shown;  // the last state computed stays on screen
      }
      j.pending = want;
      j.has_pending = true;
      start_build(app, want.seed, v, dim);
      return;
    }
  }
  if (j.has_pending) {  // this change needs no new table: whatever waited is dropped
    j.has_pending = false;
    j.build.stop();
    j.build_out.reset();
  }
  d.vocab = v;
  d.dim = dim;
  d.seeded = seeded;
  d.table = TableView(seeded ? seeded->values : nullptr, in.file, in.dtype, in.edits);
  if (seeded) {
    d.gen_after_table = seeded->after;
    d.print_linear_init = seeded->print_linear_init;
    // N(0, 1) draws, rounded or not, are all finite: the product needs no read of the table.
    d.nonfinite.assign(static_cast<size_t>(dim), 0);
  } else {
    // Embedding.from_pretrained draws nothing: pos_emb comes first from the seed.
    d.gen_after_table = TorchGenerator(in.seed);
    d.print_linear_init = linear_print_for(app, in.seed, v, dim);
    const auto facts = file_facts(app, d.table);
    if (facts) d.nonfinite = facts->nonfinite_for(in.dtype);
    else d.nonfinite.clear();
  }
  j.shown = in;
  recompute_outputs(app);
}

}  // namespace

namespace {

IdParse parse_ids_for(const Model& app, const std::string& text) {
  IdRules rules;
  if (app.inputs.vocab_mode == VocabMode::Fixed) rules.vocab = vocab_of(app.inputs);
  rules.max_id = std::min<int64_t>(kMaxVocab, max_seeded_extent(app.inputs.dim)) - 1;
  return parse_ids(text, rules);
}

// The IDs during an edit: as set_ids, but the start's weight edits are kept aside
// (not lost) while the shape differs from the start's, and come back with it.
Change apply_edit_ids(Model& app, const IdList& ids) {
  ModelInputs& in = app.inputs;
  IdsEdit& t = app.ids_edit;
  in.ids = ids;
  if (vocab_of(in) != t.start_vocab) {
    if (!in.edits->empty()) {
      t.stash_edits = in.edits;
      clear_edits(in);
    }
  } else if (t.stash_edits) {
    in.edits = std::move(t.stash_edits);
    ++in.edits_version;
    t.stash_edits.reset();
  }
  return recompute(app);
}

}  // namespace

Change set_ids_text(Model& app, const std::string& text) {
  IdParse p = parse_ids_for(app, text);
  if (!p.ok) return change_error(p.error.message);
  return set_ids(app, p.ids);
}

void begin_ids_edit(Model& app) {
  IdsEdit& t = app.ids_edit;
  t.active = true;
  t.start_ids = app.inputs.ids;
  t.start_vocab = vocab_of(app.inputs);
  t.stash_edits.reset();
}

Change ids_typed(Model& app, const std::string& text) {
  if (!app.ids_edit.active) begin_ids_edit(app);
  IdParse p = parse_ids_for(app, text);
  if (!p.ok) return change_error(p.error.message);
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
    Change waits;
    waits.note = "A " + with_commas(static_cast<uint64_t>(v)) + " × " +
                 with_commas(static_cast<uint64_t>(app.inputs.dim)) + " table: press Enter to build it";
    return waits;
  }
  return apply_edit_ids(app, p.ids);
}

Change end_ids_edit(Model& app, const std::string& text, bool revert) {
  if (!app.ids_edit.active) begin_ids_edit(app);
  const IdParse p = revert ? IdParse{} : parse_ids_for(app, text);
  // Esc goes back to the IDs the edit started from. Text that does not parse is not a
  // state: the field returns to the last valid IDs, the ones on screen — what the
  // message under it said it was still showing (issue 25, item 8).
  Change change = apply_edit_ids(app, revert ? app.ids_edit.start_ids : p.ok ? p.ids : app.inputs.ids);
  app.ids_edit = IdsEdit{};  // a stash left now belongs to another shape: dropped
  return change;
}

Change set_ids(Model& app, const IdList& ids) {
  if (ids.empty()) return {};
  const int64_t old_v = vocab_of(app.inputs);
  app.inputs.ids = ids;
  if (vocab_of(app.inputs) != old_v) clear_edits(app.inputs);  // a new shape: re-drawn from the seed
  return recompute(app);
}

Change set_seed_text(Model& app, const std::string& text) {
  SeedParse p = parse_seed(text, TypedIn::Window);
  if (!p.ok) return change_error(p.error.message);
  if (p.seed != app.inputs.seed) clear_edits(app.inputs);
  app.inputs.seed = p.seed;
  app.inputs.seed_text = std::move(p.seed_text);
  return recompute(app);
}

Change set_inputs(Model& app, ModelInputs inputs) {
  app.inputs = std::move(inputs);
  return recompute(app);
}

Change set_text(Model& app, const std::string& text) {
  if (!app.tokenizer)
    return change_error(app.tokenizer_error.empty() ? "GPT-2's tokenizer is not loaded" : app.tokenizer_error);
  if (text.find_first_not_of(" \t\n\r") == std::string::npos)
    return change_error(text.empty() ? "Type a sentence: empty text has no tokens"
                                     : "Type a sentence: only spaces (they are tokens, but "
                                       "type a word too)");
  if (std::string bad = utf8_problem("This text", text); !bad.empty()) return change_error(bad);
  if (text.size() > kInlineTextBytes) return start_text_job(app, text);  // applied by poll_model_jobs
  const Encoding e = app.tokenizer->encode(text);
  if (!e.ok) return change_error(capitalized(e.error));  // the command line puts "--text: " before the same clause
  return set_text_ids(app, text, e.ids);
}

Change set_text_ids(Model& app, const std::string& text, const IdList& ids) {
  if (!app.tokenizer)
    return change_error(app.tokenizer_error.empty() ? "GPT-2's tokenizer is not loaded" : app.tokenizer_error);
  const auto tokenizer_vocab = static_cast<int64_t>(app.tokenizer->vocab_size());
  if (ids.empty()) return change_error("This text gives no tokens");
  if (ids.size() > kMaxIds)
    return change_error("It gives " + with_commas(ids.size()) + " tokens: at most " + with_commas(kMaxIds) + " IDs");
  ModelInputs& in = app.inputs;
  const int64_t max_id = *std::max_element(ids.begin(), ids.end());
  // V as --text makes it: a file's rows decide, a fixed V stays (the tokens must fit it,
  // as with --vocab), otherwise GPT-2's table.
  int64_t v = tokenizer_vocab;
  if (in.file) v = in.file->rows;
  else if (in.vocab_mode == VocabMode::Fixed && in.fixed_vocab != static_cast<int64_t>(kGpt2VocabSize) &&
           in.fixed_vocab != tokenizer_vocab)
    v = in.fixed_vocab;  // as --vocab with --text: the user's V, checked below
  if (max_id >= v)
    return change_error("Token " + std::to_string(max_id) + " is out of range for this table's " +
                        with_commas(static_cast<uint64_t>(v)) +
                        " rows: " + (app.model_tokenizer ? "its tokenizer's IDs need " : "GPT-2's IDs need ") +
                        with_commas(static_cast<uint64_t>(tokenizer_vocab)));
  const int64_t b = static_cast<int64_t>(ids.size());
  if (std::string e = in.file ? "" : table_size_error(b, v, in.dim); !e.empty())
    return change_error(capitalized(e) + ". Make D or the text smaller.");
  const int64_t old_v = vocab_of(in);
  if (!in.file) {
    in.vocab_mode = VocabMode::Fixed;
    in.fixed_vocab = v;
  }
  in.ids = ids;
  in.text = text;
  in.text_ids = ids;
  if (vocab_of(in) != old_v) clear_edits(in);
  return recompute(app);
}

Change set_dim(Model& app, int64_t dim) {
  if (app.inputs.file) return {};  // a file's table has its own D
  dim = std::clamp<int64_t>(dim, 1, max_dim_for(vocab_of(app.inputs)));
  if (dim == app.inputs.dim) return {};
  app.inputs.dim = dim;
  clear_edits(app.inputs);
  return recompute(app);
}

Change set_vocab_mode(Model& app, VocabMode mode, int64_t fixed_vocab) {
  ModelInputs& in = app.inputs;
  if (in.file) return {};  // a file's table has its own V
  // A fixed V must still hold every ID.
  const int64_t least = std::max<int64_t>(1, vocab_for_ids(in.ids));
  fixed_vocab = std::clamp<int64_t>(fixed_vocab, least, std::max<int64_t>(least, max_seeded_extent(in.dim)));
  const int64_t old_v = vocab_of(in);
  in.vocab_mode = mode;
  in.fixed_vocab = fixed_vocab;
  if (vocab_of(in) != old_v) clear_edits(in);
  return recompute(app);
}

Change set_grad_mode(Model& app, GradMode mode, uint64_t seed) {
  app.inputs.grad_mode = mode;
  app.inputs.grad_seed = seed;
  return recompute(app);
}

Change set_table_file(Model& app, std::shared_ptr<const TableFile> file, std::shared_ptr<const Tokenizer> tokenizer,
                      std::string tokenizer_error) {
  ModelInputs& in = app.inputs;
  // The table's own tokenizer comes with it (GPT-2's without one); typed text is tokenized
  // again once the table is in place — a long one still on its worker too.
  const bool tokenizing = app.jobs.text.active();
  const bool from_text = ids_from_text(in) || tokenizing;
  const std::string text = tokenizing ? app.jobs.text_for : in.text;
  app.model_tokenizer = file ? std::move(tokenizer) : nullptr;
  app.model_tokenizer_error = file ? std::move(tokenizer_error) : "";
  app.tokenizer = app.model_tokenizer ? app.model_tokenizer : std::shared_ptr<const Tokenizer>(app.gpt2);
  if (file && !in.file) in.before_file = SeededShape{in.vocab_mode, in.fixed_vocab, in.dim};
  const bool closing = !file && in.file;
  in.file = std::move(file);
  in.unopened = {};  // the user chose a table: a session's unopened file is let go
  // IDs an earlier table could not hold come back, unless the user changed the IDs since.
  if (!in.set_aside.batch.empty() && in.ids == in.set_aside.shown) in.ids = in.set_aside.batch;
  in.set_aside = {};
  if (closing) {
    // Back to the seeded shape chosen before the file was opened; the IDs stay (a
    // fixed V grows to hold them, D shrinks if the element limit needs it).
    const SeededShape& b = in.before_file;
    in.vocab_mode = b.vocab_mode;
    in.fixed_vocab = std::max({b.fixed_vocab, vocab_for_ids(in.ids), int64_t{1}});
    in.dim = std::clamp<int64_t>(b.dim, 1, max_dim_for(vocab_of(in)));
  }
  if (in.file && !in.file->folder.empty()) in.tie_weights = !in.file->head;  // the model's config.json decides
  if (in.file) {
    in.dim = in.file->cols;
    in.fixed_vocab = in.file->rows;
    in.vocab_mode = VocabMode::Fixed;
    // IDs beyond the new table would be out of range: keep those that fit, and set the
    // batch aside (set_aside_text says which and why; a table that holds them brings
    // them back).
    IdList kept;
    for (int64_t id : in.ids)
      if (id < in.file->rows) kept.push_back(id);
    if (kept.empty()) kept.push_back(0);
    if (kept.size() != in.ids.size()) in.set_aside = {in.ids, kept};
    in.ids = kept;
  }
  clear_edits(in);
  Change c = recompute(app);
  if (from_text && app.tokenizer) merge(c, set_text(app, text));
  return c;
}

Change set_dtype(Model& app, TableDtype dtype) {
  if (app.inputs.dtype == dtype) return {};
  app.inputs.dtype = dtype;
  clear_edits(app.inputs);
  return recompute(app);
}

Change set_tie_weights(Model& app, bool tie) {
  app.inputs.tie_weights = tie;
  return recompute(app);
}

Change edit_cell(Model& app, int64_t row, int64_t col, float value) {
  ModelInputs& in = app.inputs;
  Derived& d = app.derived;
  const int64_t v = vocab_of(in);
  if (row < 0 || row >= v || col < 0 || col >= in.dim) return {};
  (*in.edits)[row * in.dim + col] = value;
  ++in.edits_version;
  if (d.vocab != v || d.dim != in.dim || app.jobs.has_pending) {
    return recompute(app);
  }
  // One cell: only the outputs that read it change — column `col` of the rows that
  // looked up `row` (and of the one-hot product, whose NaNs depend on the whole
  // column) — O(B) outputs, no table read.
  d.work = {};
  const int64_t b = d.batch;
  for (int64_t i = 0; i < b; ++i) {
    if (in.ids[static_cast<size_t>(i)] != row) continue;
    d.lookup_out(i, col) = value;
    d.tok_out(i, col) = value;
    d.x(i, col) = value + d.pos_table(i, col);
    ++d.work.outputs_written;
  }
  if (d.matmul_ready) {
    // The column's non-finite count with every edit applied, then the product's column.
    const int64_t bad = column_nonfinite(d.table, col, d.nonfinite[static_cast<size_t>(col)]);
    for (int64_t i = 0; i < b; ++i) {
      d.matmul_out(i, col) = onehot_cell(d.lookup_out(i, col), bad);
      ++d.work.outputs_written;
    }
    d.cells_differ = 0;
    for (Eigen::Index i = 0; i < d.lookup_out.size(); ++i)
      if (!(d.lookup_out.data()[i] == d.matmul_out.data()[i])) ++d.cells_differ;
    d.paths_equal = d.cells_differ == 0;
    d.print_matmul = repr_rows(d.matmul_out, "MmBackward0");
    d.print_equal = d.paths_equal ? "True" : "False";
  }
  d.print_weight = repr_parameter_edges(
      edges_of<Matrix>(v, in.dim, [&](int64_t r, int64_t c) { return d.table.at(r, c); }), v, in.dim);
  d.print_lookup = repr_rows(d.lookup_out, "EmbeddingBackward0");
  d.print_x = repr_tensor(d.x, ReprSuffix{"AddBackward0", false, ""});
  ++d.generation;
  ++d.outputs_version;
  start_logits(app);  // the tied head reads the table: its argmax goes over the rows again (a worker when big)
  return {};
}

Change reset_edits(Model& app) {
  clear_edits(app.inputs);
  return recompute(app);
}

bool has_edits(const Model& app) { return !app.inputs.edits->empty(); }

Change add_id(Model& app) {
  if (app.inputs.ids.size() >= kMaxIds) return {};
  IdList ids = app.inputs.ids;
  // The next ID: one past the last, wrapping inside a fixed table.
  int64_t next = ids.empty() ? 0 : ids.back() + 1;
  if (app.inputs.vocab_mode == VocabMode::Fixed) next %= app.inputs.fixed_vocab;
  ids.push_back(next);
  return set_ids(app, ids);
}

int64_t first_repeated_id(const IdList& ids) {
  for (size_t i = 0; i < ids.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (ids[j] == ids[i]) return ids[i];
  return -1;
}

Change add_repeat(Model& app) {
  if (app.inputs.ids.empty() || app.inputs.ids.size() >= kMaxIds) return {};
  IdList ids = app.inputs.ids;
  ids.push_back(ids.front());
  return set_ids(app, ids);
}

Change remove_id(Model& app, size_t i) {
  if (app.inputs.ids.size() <= 1 || i >= app.inputs.ids.size()) return {};
  IdList ids = app.inputs.ids;
  ids.erase(ids.begin() + static_cast<std::ptrdiff_t>(i));
  return set_ids(app, ids);
}

Change change_id(Model& app, size_t i, int64_t id) {
  if (i >= app.inputs.ids.size() || id < 0) return {};
  if (app.inputs.vocab_mode == VocabMode::Fixed && id >= app.inputs.fixed_vocab) return {};
  if (id >= kMaxVocab) return {};
  IdList ids = app.inputs.ids;
  ids[i] = id;
  return set_ids(app, ids);
}

Change move_id(Model& app, size_t from, size_t to) {
  IdList ids = app.inputs.ids;
  if (from >= ids.size() || to >= ids.size() || from == to) return {};
  const int64_t id = ids[from];
  ids.erase(ids.begin() + static_cast<std::ptrdiff_t>(from));
  ids.insert(ids.begin() + static_cast<std::ptrdiff_t>(to), id);
  return set_ids(app, ids);
}

}  // namespace lv::app
