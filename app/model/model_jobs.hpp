// model_jobs.hpp — the model's work that grows with the whole table, off the UI thread:
//   build   nn.Embedding(V, D)'s init for a big seeded table (a pending change waits for it)
//   facts   a file's whole-table read (app/model/table_facts.hpp): how many values of each
//           column are not finite (the one-hot product: Derived::nonfinite), the value range
//           and the heat map's overview (slide 7) — one pass, read by every slide
//   linear  the fresh nn.Linear(V, D)'s printed edges (V · D draws skipped over)
//   logits  slide 8: out_head(x) over every row of the vocabulary, its argmax and edges
// Work below kInlineElements runs inline (a small table answers in the same frame; the
// tests see results at once). poll_model_jobs, once a frame, takes what finished.
#pragma once
#include <string>

#include "app/model/model_state.hpp"

namespace lv::app {

// V · D (or T · V · D for the logits) up to which the work runs on the calling thread:
// about a millisecond.
constexpr int64_t kInlineElements = 262'144;
// A sentence up to this many bytes is tokenized on the calling thread (a few ms at most, the
// tokenizer's budget included); a longer one — only --text can be: 131,000 bytes — on a worker.
// The Text field holds 1 KB, a session's sentence 4 KB.
constexpr size_t kInlineTextBytes = 4096;
// The untied head's logits are held whole up to this many (T · V) values (64 MB).
constexpr int64_t kHeldLogits = int64_t{1} << 24;

// The seeded table for (seed, V, D) if made; null otherwise.
std::shared_ptr<const SeededTable> find_seeded(const ModelJobs& j, uint64_t seed, int64_t vocab, int64_t dim);
// Makes it now (a small table) and keeps it.
std::shared_ptr<const SeededTable> make_seeded_now(ModelJobs& j, uint64_t seed, int64_t vocab, int64_t dim);
void start_build(Model& app, uint64_t seed, int64_t vocab, int64_t dim);

// The whole-table facts of the view's file: done (returned), or started.
std::shared_ptr<const TableFacts> file_facts(Model& app, const TableView& t);
// The shown file's whole-table facts for the slides that read them: made, or null (a seeded
// table, or its pass runs or waits: *progress says how far it is, 0..1).
std::shared_ptr<const TableFacts> table_facts(const Model& app, float* progress = nullptr);
// The shown file changed on disk (app/chrome/ui_file_watch.cpp): its facts are made again
// (by the next recompute), once, for every slide.
void table_file_changed(Model& app);
// The fresh Linear(V, D)'s printed weight for a file's table: done, or started ("" until then).
std::string linear_print_for(Model& app, uint64_t seed, int64_t vocab, int64_t dim);
// Starts the whole-table work that waited for the first frame (ModelJobs::hold).
void release_held_work(Model& app);
// Lets the kinds of whole-table work in `work` (core/kernels/work_budget.hpp TableWork bits)
// start, and starts those that waited for it; the others wait (ModelJobs::wanted).
void want_table_work(Model& app, unsigned work);
// Slide 8's logits for the current Derived: inline when small, else started.
void start_logits(Model& app);

// Tokenizes `text` (already checked: UTF-8, not blank) on a worker with the tokenizer in use;
// poll_model_jobs applies it (set_text_ids). Says nothing until then (the status line does).
Change start_text_job(Model& app, const std::string& text);

// Slide 6: times both backward passes of the current state on a worker (the one-hot
// path's V × D gradient band by band, never held). The result for the state shown, or
// null; running: started and not yet taken for this state.
void start_backward_timing(Model& app);
const BackwardTiming* backward_timing(const Model& app);
bool backward_timing_running(const Model& app);

// Once a frame: takes finished jobs' results into the model (a ready pending change
// applies; the model's generation moves). True when anything changed. What the view
// should say is merged into *change (the state a result recomputed refused; a note
// for the status line: a job ran out of memory).
bool poll_model_jobs(Model& app, Change* change = nullptr);
// Waits for every job (the command line's screenshots, the tests), taking their results.
void finish_model_jobs(Model& app, Change* change = nullptr);
// True while any of the model's jobs runs or a change waits for one.
bool model_busy(const Model& app);
// Drops the pending change (Cancel, Esc): the shown state stays.
Change cancel_pending(Model& app);

// What the status line shows while work runs: "" when nothing runs.
struct ModelActivity {
  std::string what;       // "Drawing the 50,257 × 768 table from seed 123"
  float progress = 0.0f;  // 0..1
  bool cancellable = false;
};
ModelActivity model_activity(const Model& app);

// logits[i][j] = x[i] · head[j], for the cells a slide shows (tied head: read from the
// table; untied: from the held logits, NaN when not held). out is (r1 - r0) x (c1 - c0).
void logits_window(const Model& app, int64_t r0, int64_t r1, int64_t c0, int64_t c1, Matrix& out,
                   std::vector<float>& row);

}  // namespace lv::app
