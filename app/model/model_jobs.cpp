// model_jobs.cpp — the model's whole-table work on workers (see the header).
#include "app/model/model_jobs.hpp"

#include <cmath>
#include <limits>
#include <new>
#include <utility>

#include "app/model/app_model.hpp"
#include "core/torch/backward_timing.hpp"
#include "core/torch/logits_argmax.hpp"
#include "core/io/table_builder.hpp"
#include "core/text/text_format.hpp"
#include "core/tokenizer/tokenizer.hpp"
#include "core/torch/torch_format.hpp"
#include "core/torch/torch_layers.hpp"
#include "core/torch/torch_random.hpp"
#include "core/io/table_view.hpp"

namespace lv::app {
namespace {

constexpr size_t kSeededKept = 2;  // seeded tables kept (the shown one and the one before)

void remember(ModelJobs& j, std::shared_ptr<const SeededTable> t) {
  j.seeded_cache.push_back(std::move(t));
  if (j.seeded_cache.size() > kSeededKept) j.seeded_cache.erase(j.seeded_cache.begin());
}

// Fills t (seed, vocab, dim set): the init, the generator after it, the Linear's print.
bool fill_seeded(SeededTable& t, JobControl* c) {
  auto m = std::make_shared<Matrix>(t.vocab, t.dim);
  TorchGenerator gen(t.seed);
  BuildControl bc;
  std::atomic<float> table_progress{0.0f};
  if (c) {
    bc.cancel = &c->cancel;
    bc.progress = &table_progress;
  }
  // Progress: the table is most of the work; the Linear's skipped draws the rest.
  if (!embedding_init_chunked(m->data(), t.vocab, t.dim, gen, bc)) return false;
  if (c) c->progress.store(0.8f);
  t.after = gen;
  TorchGenerator g2(t.seed);
  const Matrix edges = linear_weight_edges(t.vocab, t.dim, g2, c ? &c->cancel : nullptr);
  if (c && c->cancel.load()) return false;
  t.print_linear_init = repr_parameter_edges(edges, t.dim, t.vocab);
  t.values = std::move(m);
  if (c) c->progress.store(1.0f);
  return true;
}

std::string linear_print(uint64_t seed, int64_t vocab, int64_t dim, const std::atomic<bool>* cancel = nullptr) {
  TorchGenerator g(seed);
  const Matrix edges = linear_weight_edges(vocab, dim, g, cancel);
  return cancel && cancel->load() ? std::string() : repr_parameter_edges(edges, dim, vocab);
}

// The logits pass over rows [0, V): argmax per position (torch: the first maximum, NaN
// counting as the maximum), the printed edges, and all of them when held.
struct LogitsInput {
  TableView table;  // tied: the head's rows are the table's
  bool tied = true;
  TableView head;  // untied, from a model folder: its own lm_head.weight (file_head), read where it lies
  bool file_head = false;
  TorchGenerator head_gen;  // untied: the head's rows are drawn in order from here
  Matrix x;                 // T x D
  bool hold = false;
};

bool run_logits(const LogitsInput& in, ModelJobs::LogitsOut& out, JobControl* c) {
  const int64_t t = in.x.rows(), d = in.x.cols(), v = in.table.rows();
  out.next_ids.assign(static_cast<size_t>(t), 0);
  std::vector<ArgmaxFold> folds(static_cast<size_t>(t));  // core/torch/logits_argmax.hpp: torch.argmax's choice
  const int64_t ec = edge_count(v, t, v);
  out.edges = Matrix(t, ec);
  if (in.hold) out.full = Matrix(t, v);
  std::vector<float> row(static_cast<size_t>(d));
  TorchGenerator g = in.head_gen;
  const double a = std::sqrt(5.0), gain = std::sqrt(2.0 / (1.0 + a * a));
  const double bound = std::sqrt(3.0) * gain / std::sqrt(static_cast<double>(d));
  for (int64_t j = 0; j < v; ++j) {
    // Cancel is checked every 16 rows (a few ms at most), so a new edit's logits start promptly.
    if (c && (j & 15) == 0) {
      if (c->cancel.load(std::memory_order_relaxed)) return false;
      c->progress.store(static_cast<float>(j) / static_cast<float>(v), std::memory_order_relaxed);
    }
    if (in.tied) in.table.read_row(j, row.data());
    else if (in.file_head) in.head.read_row(j, row.data());
    else uniform_(row.data(), row.size(), -bound, bound, g);  // out_head.weight's row j, in draw order
    const int64_t e = edge_index(j, v, t, v);
    for (int64_t i = 0; i < t; ++i) {
      const float z = head_logit(in.x.row(i).data(), row.data(), d);
      const size_t ii = static_cast<size_t>(i);
      folds[ii].add(j, z);
      out.next_ids[ii] = folds[ii].id;
      if (e >= 0) out.edges(i, e) = z;
      if (in.hold) out.full(i, j) = z;
    }
  }
  return true;
}

void apply_logits(Derived& d, const ModelJobs::LogitsOut& out) {
  const int64_t t = d.batch, v = d.vocab;
  d.next_ids = out.next_ids;
  d.logits = out.full;
  // out.edges holds every position's row (the argmax needs them all), repr_edges wants the
  // edge rows only: with more than 6 positions, torch prints the first 3 and the last 3.
  const Matrix edges = edges_of<Matrix>(t, v, [&](int64_t i, int64_t j) {
    return out.edges(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(edge_index(j, v, t, v)));
  });
  d.print_logits = repr_edges(edges, t, v, ReprSuffix{"MmBackward0", false, ""});
  const int64_t n = static_cast<int64_t>(d.next_ids.size());
  d.print_next = repr_tensor(d.next_ids.data(), std::span<const int64_t>(&n, 1));
  d.logits_ready = true;
}

// The same file (a weak key never matches another file that took a closed one's address).
bool same_file(const std::weak_ptr<const TableFile>& key, const TableFile* f) {
  const std::shared_ptr<const TableFile> k = key.lock();
  return k && k.get() == f;
}

}  // namespace

std::shared_ptr<const SeededTable> find_seeded(const ModelJobs& j, uint64_t seed, int64_t vocab, int64_t dim) {
  for (const auto& t : j.seeded_cache)
    if (t->seed == seed && t->vocab == vocab && t->dim == dim) return t;
  return nullptr;
}

std::shared_ptr<const SeededTable> make_seeded_now(ModelJobs& j, uint64_t seed, int64_t vocab, int64_t dim) {
  auto t = std::make_shared<SeededTable>();
  t->seed = seed;
  t->vocab = vocab;
  t->dim = dim;
  fill_seeded(*t, nullptr);
  remember(j, t);
  return t;
}

void start_build(Model& app, uint64_t seed, int64_t vocab, int64_t dim) {
  ModelJobs& j = app.jobs;
  if (j.build_out && j.build.active() && j.build_out->seed == seed && j.build_out->vocab == vocab &&
      j.build_out->dim == dim)
    return;  // already drawing it
  auto out = std::make_shared<SeededTable>();
  out->seed = seed;
  out->vocab = vocab;
  out->dim = dim;
  j.build_out = out;
  j.build.start([out](JobControl& c) {
    try {
      if (!fill_seeded(*out, &c)) out->values.reset();
    } catch (const std::bad_alloc&) {
      out->values.reset();  // not enough memory: the change is dropped, the shown state stays
    }
  });
}

std::shared_ptr<const TableFacts> file_facts(Model& app, const TableView& t) {
  ModelJobs& j = app.jobs;
  const TableFile* f = t.file();
  if (j.facts_done && same_file(j.facts_done_for, f)) return j.facts_done;
  const std::shared_ptr<const TableFile>& file = app.inputs.file;  // the view's (keeps it alive)
  // A float32 table in memory is read in place; a mapped one through the guarded copy (it may shrink).
  const float* in_memory = file->mapped ? nullptr : file->f32();
  if (t.rows() * t.cols() <= kInlineElements) {
    auto facts = std::make_shared<TableFacts>();
    JobControl inline_control;
    summarize_table(in_memory, file.get(), file->rows, file->cols, true, inline_control, *facts);
    ++j.facts_passes;
    j.facts_done = facts;
    j.facts_done_for = file;
    return facts;
  }
  if (j.facts.active() && same_file(j.facts_for, f)) return nullptr;  // running
  if (j.hold || !(j.wanted & kTableWorkFacts)) {
    j.held = true;
    return nullptr;
  }
  auto out = std::make_shared<TableFacts>();
  j.facts_out = out;
  j.facts_for = file;
  ++j.facts_passes;
  j.facts.start([out, file, in_memory](JobControl& c) {
    try {
      if (!summarize_table(in_memory, file.get(), file->rows, file->cols, true, c, *out)) *out = TableFacts{};
    } catch (const std::bad_alloc&) {
      *out = TableFacts{};  // not counted: the product stays pending, slide 7 says why, nothing exits
      out->error = "not enough memory for the table's overview";
    }
  });
  return nullptr;
}

std::shared_ptr<const TableFacts> table_facts(const Model& app, float* progress) {
  const ModelJobs& j = app.jobs;
  const TableFile* f = app.inputs.file.get();
  if (progress) *progress = j.facts.active() && same_file(j.facts_for, f) ? j.facts.progress() : 0.0f;
  if (!f || !j.facts_done || !same_file(j.facts_done_for, f)) return nullptr;
  return j.facts_done;
}

void table_file_changed(Model& app) {
  ModelJobs& j = app.jobs;
  if (!app.inputs.file) return;
  if (same_file(j.facts_for, app.inputs.file.get())) {
    j.facts.stop();  // a pass over the old contents: dropped (it stops within a band)
    j.facts_out.reset();
    j.facts_for.reset();
  }
  if (same_file(j.facts_done_for, app.inputs.file.get())) {
    j.facts_done.reset();
    j.facts_done_for.reset();
  }
}

std::string linear_print_for(Model& app, uint64_t seed, int64_t vocab, int64_t dim) {
  ModelJobs& j = app.jobs;
  const ModelJobs::ShapeKey key{seed, vocab, dim};
  if (j.linear_done_for == key) return j.linear_done;
  if (vocab * dim <= kInlineElements) {
    j.linear_done = linear_print(seed, vocab, dim);
    j.linear_done_for = key;
    return j.linear_done;
  }
  if (j.hold || !(j.wanted & kTableWorkLinear)) {
    j.held = true;
    return "";
  }
  if (!(j.linear.active() && j.linear_for == key)) {
    auto out = std::make_shared<std::string>();
    j.linear_out = out;
    j.linear_for = key;
    j.linear.start([out, seed, vocab, dim](JobControl& c) {
      try {
        *out = linear_print(seed, vocab, dim, &c.cancel);
      } catch (const std::bad_alloc&) {
        out->clear();  // not printed: the panel says it is pending, nothing exits
      }
    });
  }
  return "";
}

void release_held_work(Model& app) {
  ModelJobs& j = app.jobs;
  j.hold = false;
  if (std::exchange(j.held, false)) recompute(app);
}

void want_table_work(Model& app, unsigned work) {
  ModelJobs& j = app.jobs;
  const bool more = (work & ~j.wanted) != 0;
  j.wanted = work;
  if (more && !j.hold && std::exchange(j.held, false)) recompute(app);
}

void start_logits(Model& app) {
  Derived& d = app.derived;
  ModelJobs& j = app.jobs;
  LogitsInput in;
  // A snapshot of the edits: the UI may edit on while the worker reads.
  in.table = TableView(d.seeded ? d.seeded->values : nullptr, app.inputs.file, d.table.dtype(),
                       std::make_shared<const EditMap>(d.table.edits()));
  in.tied = app.inputs.tie_weights;
  in.x = d.x;
  if (const TableFile* h = file_head(app.inputs)) {  // the model's own head: its cells are read when drawn
    in.file_head = true;
    in.head = TableView(nullptr, std::shared_ptr<const TableFile>(app.inputs.file, h), d.table.dtype(), nullptr);
    d.head = in.head;
  } else {
    d.head = TableView();
  }
  in.hold = !in.tied && !in.file_head && d.batch * d.vocab <= kHeldLogits;
  if (!in.tied && !in.file_head) {
    // pos_emb's T x D draws come right after the table's init, then the head's.
    in.head_gen = d.gen_after_table;
    Matrix skip(d.batch, d.dim);
    normal_(skip.data(), static_cast<size_t>(skip.size()), 0.0, 1.0, in.head_gen);
  }
  d.logits_ready = false;
  j.logits_for = d.outputs_version;
  if (d.batch * d.vocab * d.dim <= kInlineElements) {
    j.logits.stop();
    ModelJobs::LogitsOut out;
    run_logits(in, out, nullptr);
    apply_logits(d, out);
    return;
  }
  if (j.hold || !(j.wanted & kTableWorkLogits)) {  // every row of the table: after the first frame (if wanted)
    j.logits.stop();
    j.held = true;
    return;
  }
  auto out = std::make_shared<ModelJobs::LogitsOut>();
  j.logits_out = out;
  j.logits.start([out, in = std::move(in)](JobControl& c) {
    try {
      run_logits(in, *out, &c);
    } catch (const std::bad_alloc&) {
      out->out_of_memory = true;  // the window says so; the model stays as it is
    }
  });
}

namespace {

ModelJobs::BackwardKey backward_key(const Model& app) {
  return {app.inputs.ids, app.derived.vocab, app.derived.dim, app.inputs.grad_mode, app.inputs.grad_seed};
}

}  // namespace

void start_backward_timing(Model& app) {
  ModelJobs& j = app.jobs;
  const Derived& d = app.derived;
  j.backward_for = backward_key(app);
  auto out = std::make_shared<BackwardTiming>();
  j.backward_out = out;
  // What the worker reads is its own: the IDs and G (B × D), copied; V and D.
  j.backward.start([out, ids = app.inputs.ids, g = Matrix(d.grad_out), v = d.vocab, dim = d.dim](JobControl& c) {
    BackwardTimingControl control;
    control.cancel = &c.cancel;
    control.progress = &c.progress;
    try {
      *out = time_backward(ids.data(), static_cast<int64_t>(ids.size()), g.data(), v, dim, control);
    } catch (const std::bad_alloc&) {
      out->done = false;  // no figures: the slide still offers to time them, nothing exits
    }
  });
}

const BackwardTiming* backward_timing(const Model& app) {
  const ModelJobs& j = app.jobs;
  return j.backward_done.done && j.backward_done_for == backward_key(app) ? &j.backward_done : nullptr;
}

bool backward_timing_running(const Model& app) {
  return app.jobs.backward.active() && app.jobs.backward_for == backward_key(app);
}

Change start_text_job(Model& app, const std::string& text) {
  ModelJobs& j = app.jobs;
  auto out = std::make_shared<ModelJobs::TextOut>();
  j.text_out = out;
  j.text_for = text;
  j.text_tokenizer = app.tokenizer.get();
  j.text_over = app.inputs.ids;
  j.text.start([tokenizer = app.tokenizer, text, out](JobControl&) {
    Encoding e = tokenizer->encode(text);  // within the tokenizer's own budget (core/tokenizer/split_regex.hpp)
    out->ok = e.ok;
    out->ids = std::move(e.ids);
    out->error = std::move(e.error);
  });
  return {};
}

namespace {

// A finished text job: applied when nothing moved since it started; tokenized again when the
// tokenizer changed (a table with its own arrived); dropped when the user edited the IDs.
Change take_text(Model& app) {
  ModelJobs& j = app.jobs;
  std::shared_ptr<ModelJobs::TextOut> out = std::move(j.text_out);
  std::string text = std::move(j.text_for);
  if (!out || app.inputs.ids != j.text_over) return {};
  if (app.tokenizer.get() != j.text_tokenizer) return set_text(app, text);
  if (!out->ok) return change_error(capitalized(out->error));
  Change c = set_text_ids(app, text, out->ids);
  c.sync_fields = true;  // the IDs field shows the sentence's IDs
  return c;
}

}  // namespace

bool poll_model_jobs(Model& app, Change* change) {
  ModelJobs& j = app.jobs;
  bool changed = false;
  Change said;
  if (j.build.take()) {
    std::shared_ptr<SeededTable> made = std::move(j.build_out);
    if (made && made->values) {
      remember(j, made);
      if (j.has_pending && j.pending.seed == made->seed && vocab_of(j.pending) == made->vocab &&
          j.pending.dim == made->dim) {
        app.inputs = j.pending;
        j.has_pending = false;
        merge(said, recompute(app));
        said.sync_fields = true;
      }
    } else if (j.has_pending) {
      j.has_pending = false;
      merge(said, change_note("Not enough memory for that table; the current one stays."));
    }
    changed = true;
  }
  if (j.facts.take()) {
    if (j.facts_out) {
      j.facts_done = std::move(j.facts_out);
      j.facts_done_for = j.facts_for;
      if (app.inputs.file && same_file(j.facts_for, app.inputs.file.get())) merge(said, recompute(app));
    }
    changed = true;
  }
  if (j.facts_done && j.facts_done_for.expired()) j.facts_done.reset();  // its file is gone: so is its overview
  if (j.linear.take()) {
    if (j.linear_out) {
      j.linear_done = std::move(*j.linear_out);
      j.linear_done_for = j.linear_for;
      j.linear_out.reset();
      if (app.inputs.file &&
          j.linear_done_for == ModelJobs::ShapeKey{app.inputs.seed, app.derived.vocab, app.derived.dim}) {
        app.derived.print_linear_init = j.linear_done;
        ++app.derived.generation;
      }
    }
    changed = true;
  }
  if (j.backward.take()) {
    if (j.backward_out && j.backward_out->done) {
      j.backward_done = *j.backward_out;
      j.backward_done_for = j.backward_for;
      ++app.derived.generation;  // the slide and its code panel show the figures
    }
    j.backward_out.reset();
    changed = true;
  }
  if (j.text.take()) {
    merge(said, take_text(app));
    changed = true;
  }
  if (j.logits.take()) {
    if (j.logits_out && j.logits_out->out_of_memory) {
      merge(said, change_note("Not enough memory for the logits over every row; the rest of the state stays."));
    } else if (j.logits_out && j.logits_for == app.derived.outputs_version) {
      apply_logits(app.derived, *j.logits_out);
      ++app.derived.generation;  // the code panel shows the printed logits now
    }
    j.logits_out.reset();
    changed = true;
  }
  if (change) merge(*change, said);
  return changed;
}

void finish_model_jobs(Model& app, Change* change) {
  ModelJobs& j = app.jobs;
  for (int guard = 0; guard < 8; ++guard) {  // a result can start another job (a table, then its logits)
    j.build.wait();
    j.facts.wait();
    j.linear.wait();
    j.logits.wait();
    j.backward.wait();
    j.text.wait();
    if (!poll_model_jobs(app, change)) return;
  }
}

bool model_busy(const Model& app) {
  const ModelJobs& j = app.jobs;
  return j.has_pending || j.build.active() || j.facts.active() || j.linear.active() || j.logits.active() ||
         j.backward.active() || j.text.active();
}

Change cancel_pending(Model& app) {
  ModelJobs& j = app.jobs;
  if (j.text.active()) {  // the status line's Cancel: the sentence being tokenized (the IDs shown stay)
    j.text.stop();
    j.text_out.reset();
    return {};
  }
  if (!j.has_pending && j.backward.active()) {  // the status line's Cancel: the timing that runs
    j.backward.stop();
    j.backward_out.reset();
    return {};
  }
  if (!j.has_pending) return {};
  j.has_pending = false;
  j.build.stop();
  j.build_out.reset();
  Change dropped;
  dropped.sync_fields = true;  // the fields show the waiting change's text: back to the shown state
  return dropped;
}

ModelActivity model_activity(const Model& app) {
  const ModelJobs& j = app.jobs;
  ModelActivity a;
  if (j.has_pending && j.build.active()) {
    a.what = "Drawing the " + with_commas(static_cast<uint64_t>(vocab_of(j.pending))) + " × " +
             with_commas(static_cast<uint64_t>(j.pending.dim)) + " table from seed " + j.pending.seed_text;
    a.progress = j.build.progress();
    a.cancellable = true;
  } else if (j.text.active()) {
    a.what = "Tokenizing the " + with_commas(j.text_for.size()) + "-byte text" +
             (app.tokenizer ? " with " + app.tokenizer->name() : std::string());
    a.cancellable = true;
  } else if (j.facts.active()) {  // until its result is taken (the next frame)
    a.what = "The one-hot product reads the whole table";
    a.progress = j.facts.progress();
  } else if (j.logits.active()) {
    a.what = "Logits over " + counted(app.derived.vocab, "row");
    a.progress = j.logits.progress();
  } else if (j.backward.active()) {
    a.what = "Timing both backward passes";
    a.progress = j.backward.progress();
    a.cancellable = true;
  }
  return a;
}

void logits_window(const Model& app, int64_t r0, int64_t r1, int64_t c0, int64_t c1, Matrix& out,
                   std::vector<float>& row) {
  const Derived& d = app.derived;
  out.resize(r1 - r0, c1 - c0);
  const TableFile* head = file_head(app.inputs);
  if (!app.inputs.tie_weights && !head) {
    for (int64_t i = r0; i < r1; ++i)
      for (int64_t j = c0; j < c1; ++j)
        out(i - r0, j - c0) =
            d.logits.size() > 0 && d.logits_ready ? d.logits(i, j) : std::numeric_limits<float>::quiet_NaN();
    return;
  }
  row.resize(static_cast<size_t>(d.dim));
  // The head's rows: the table's (tied) or a model folder's lm_head.weight, as the logits pass
  // reads them. The tied head is read through the table's view: no view is made (a view
  // allocates), so slide 8's idle frame allocates nothing.
  auto cells = [&](const TableView& head_view) {
    for (int64_t j = c0; j < c1; ++j) {
      head_view.read_row(j, row.data());
      for (int64_t i = r0; i < r1; ++i)
        out(i - r0, j - c0) = head_logit(d.x.row(i).data(), row.data(), d.dim);  // as the logits pass (run_logits)
    }
  };
  if (!head) return cells(d.table);
  if (d.head.file() == head) return cells(d.head);  // made with the logits: nothing allocated
  cells(TableView(nullptr, std::shared_ptr<const TableFile>(app.inputs.file, head), d.table.dtype(), nullptr));
}

}  // namespace lv::app
