// scale_worker.cpp — the worker thread's jobs (build, timing) and the UI-side poll.
// Sections: lifecycle · poll · build job · timing job
#include "app/model/scale_worker.hpp"

#include "app/model/background_job.hpp"
#include "app/model/model_jobs.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <new>
#include <random>
#include <vector>

#include <sys/resource.h>
#include <unistd.h>

#include "core/kernels/kernels.hpp"
#include "core/io/table_builder.hpp"
#include "core/torch/torch_generator.hpp"
#include "core/kernels/work_budget.hpp"

namespace lv::app {

// ---------------------------------------------------------------- lifecycle
ScaleWorker::ScaleWorker() {
  shared_.publish([](Published& s) {
    for (int i = 0; i < kTimingBatchCount; ++i) s.results[i].batch = kTimingBatches[i];
  });
  for (int i = 0; i < kTimingBatchCount; ++i) snap_.results[i].batch = kTimingBatches[i];
  snap_.isa = kernels_isa_label();
  last_poll_ns_.store(Clock::now().time_since_epoch().count());
}

ScaleWorker::~ScaleWorker() { job_thread_.stop(); }  // before the members its work writes

void ScaleWorker::want_table(uint64_t seed, int64_t vocab, int64_t dim, std::shared_ptr<const TableFile> file,
                             std::shared_ptr<const TableFacts> facts, float facts_progress) {
  if (file) {  // the file's shape; the seed plays no part
    seed = 0;
    vocab = file->rows;
    dim = file->cols;
  }
  want_facts_ = file ? std::move(facts) : nullptr;
  want_facts_progress_ = facts_progress;
  if (want_ && want_file_ == file && want_seed_ == seed && want_vocab_ == vocab && want_dim_ == dim) return;
  want_ = true;
  want_file_ = std::move(file);
  want_seed_ = seed;
  want_vocab_ = vocab;
  want_dim_ = dim;
  // Whatever runs is for another table now: a build of the wrong one, or timing of the old one.
  if (job_ == Job::Build && (want_file_ || building_seed_ != seed || building_vocab_ != vocab || building_dim_ != dim))
    job_thread_.cancel();
  if (job_ == Job::Time) job_thread_.cancel();
  timing_wanted_ = false;
  snap_.timing = TimingPhase::None;
  ++snap_.revision;
}

void ScaleWorker::start_timing() {
  if (job_ == Job::Time) return;
  timing_wanted_ = true;
  for (int i = 0; i < kTimingBatchCount; ++i) snap_.results[i] = BatchTiming{kTimingBatches[i], {}, {}, false};
  snap_.timing = TimingPhase::None;
  ++snap_.revision;
}

void ScaleWorker::cancel_timing() {
  timing_wanted_ = false;
  if (job_ == Job::Time) job_thread_.cancel();
  else if (snap_.timing == TimingPhase::None) return;
  snap_.timing = TimingPhase::Cancelled;
  ++snap_.revision;
}

void ScaleWorker::table_changed() {
  stale_ = true;
  if (job_ != Job::None) job_thread_.cancel();
}

bool ScaleWorker::snap_is_wanted() const {
  return snap_.file == want_file_.get() && snap_.seed == want_seed_ && snap_.vocab == want_vocab_ &&
         snap_.dim == want_dim_;
}

bool ScaleWorker::have_wanted_table() const {
  // A file's is shown with the model's facts of it as they are now (made again when the file changed).
  return (table_ || file_) && snap_.table == TablePhase::Ready && snap_is_wanted() && (!file_ || facts_ == want_facts_);
}

TableView ScaleWorker::table_view() const {
  if (!have_wanted_table()) return {};
  if (file_) return TableView(nullptr, file_, TableDtype::Float32, nullptr);
  return TableView::of_floats(table_, snap_.vocab, snap_.dim);
}

void ScaleWorker::drop_table() {
  table_.reset();
  file_.reset();
  facts_.reset();
  snap_.data = nullptr;
  snap_.overview = nullptr;
}

// A file's table is not read here: the model's whole-table pass (app/model/table_facts.hpp)
// made its range and overview for every slide. Until it has, the slide shows that pass's
// progress as its summarizing.
void ScaleWorker::take_file_facts(Clock::time_point now) {
  if (!want_facts_) {
    if (snap_.table != TablePhase::Summarizing || !snap_is_wanted()) {
      drop_table();
      snap_.table = TablePhase::Summarizing;
      snap_.file = want_file_.get();
      snap_.seed = want_seed_;
      snap_.vocab = want_vocab_;
      snap_.dim = want_dim_;
      snap_.error = "";
      facts_wait_start_ = now;
      ++snap_.revision;
    }
    snap_.build_progress = want_facts_progress_;
    snap_.build_seconds = std::chrono::duration<double>(now - facts_wait_start_).count();
    return;
  }
  drop_table();
  snap_.file = want_file_.get();
  snap_.seed = want_seed_;
  snap_.vocab = want_vocab_;
  snap_.dim = want_dim_;
  ++snap_.revision;
  if (*want_facts_->error) {
    snap_.table = TablePhase::Failed;
    snap_.error = want_facts_->error;
    return;
  }
  file_ = want_file_;
  facts_ = want_facts_;
  const Overview& o = facts_->overview;
  snap_.table = TablePhase::Ready;
  snap_.error = "";
  // A file read where it lies has no float32 array: the heat map reads its rows.
  snap_.data = !file_->mapped ? file_->f32() : nullptr;
  snap_.range = o.range;
  snap_.overview = o.bytes.empty() ? nullptr : o.bytes.data();
  snap_.overview_rows = o.rows;
  snap_.overview_cols = o.cols;
  snap_.overview_norm = o.norm;
  snap_.build_seconds = facts_->seconds;
  snap_.build_progress = 1.0f;
  ++snap_.version;
}

bool ScaleWorker::pending() const {
  if (job_ != Job::None) return false;
  if (want_ && !have_wanted_table() && snap_.table != TablePhase::Failed) return true;
  return timing_wanted_ && have_wanted_table();
}

// ---------------------------------------------------------------- poll
void ScaleWorker::poll() {
  const Clock::time_point now = Clock::now();
  last_poll_ns_.store(now.time_since_epoch().count(), std::memory_order_relaxed);
  if (job_ != Job::None && job_thread_.finished()) finish();
  if (stale_ && job_ == Job::None) {
    stale_ = false;
    drop_table();
    snap_.table = TablePhase::None;
    snap_.timing = TimingPhase::None;
    ++snap_.revision;
  }

  if (job_ == Job::None && want_) {
    const bool failed_same =
        snap_.table == TablePhase::Failed && snap_is_wanted() && (!want_file_ || !want_facts_ || *want_facts_->error);
    if (!have_wanted_table() && !failed_same && want_file_) {
      take_file_facts(now);
    } else if (!have_wanted_table() && !failed_same) {
      // Free the old table first: two 154 MB tables need not live at once.
      drop_table();
      snap_.table = TablePhase::Building;
      snap_.file = want_file_.get();
      snap_.seed = want_seed_;
      snap_.vocab = want_vocab_;
      snap_.dim = want_dim_;
      snap_.build_progress = 0.0f;
      snap_.error = "";
      start(Job::Build);
    } else if (timing_wanted_ && have_wanted_table()) {
      timing_wanted_ = false;
      shared_.publish([](Published& s) {
        for (int i = 0; i < kTimingBatchCount; ++i) s.results[i] = BatchTiming{kTimingBatches[i], {}, {}, false};
        s.timed_rows = 0;  // (the snapshot keeps the last results until the first new one lands)
      });
      snap_.timing = TimingPhase::Running;
      snap_.timing_progress = 0.0f;
      snap_.timing_error = "";
      snap_.timed_rows = 0;
      ++timing_jobs_;
      start(Job::Time);
    }
  }

  // Publish progress and results to the frame.
  const double elapsed = std::chrono::duration<double>(now - job_start_).count();
  if (job_ == Job::Build) {
    const TablePhase p = shared_.read().phase == 0 ? TablePhase::Building : TablePhase::Summarizing;
    if (p != snap_.table) ++snap_.revision;
    snap_.table = p;
    snap_.build_progress = job_thread_.progress();
    snap_.build_seconds = elapsed;
  } else if (job_ == Job::Time) {
    snap_.timing_progress = job_thread_.progress();
    snap_.timing_seconds = elapsed;
    const Published s = shared_.read();
    snap_.timing_stage = s.stage;
    snap_.timed_rows = s.timed_rows;
    if (s.results_version != results_seen_) {
      results_seen_ = s.results_version;
      std::copy(std::begin(s.results), std::end(s.results), std::begin(snap_.results));
      ++snap_.revision;
    }
  }
}

void ScaleWorker::release_unwanted(uint64_t seed, int64_t vocab, int64_t dim, const TableFile* file) {
  if (file) {  // as want_table keys it
    seed = 0;
    vocab = file->rows;
    dim = file->cols;
  }
  auto wanted = [&](const TableFile* f, uint64_t s, int64_t v, int64_t d) {
    return f == file && s == seed && v == vocab && d == dim;
  };
  if (job_ != Job::None) {
    if (!job_thread_.finished()) {
      if (job_ == Job::Build && !wanted(nullptr, building_seed_, building_vocab_, building_dim_))
        job_thread_.cancel();  // the next call joins it
      return;
    }
    finish();
  }
  // What slide 7 last asked for is stale too (want_table asks again when it is shown).
  if (want_ && !wanted(want_file_.get(), want_seed_, want_vocab_, want_dim_)) {
    want_ = false;
    want_file_.reset();
    want_facts_.reset();
    timing_wanted_ = false;
  }
  if ((table_ || file_ || snap_.table == TablePhase::Summarizing) &&
      !wanted(snap_.file, snap_.seed, snap_.vocab, snap_.dim)) {
    drop_table();
    snap_.file = nullptr;
    snap_.table = TablePhase::None;
    snap_.timing = TimingPhase::None;
    ++snap_.revision;
  }
}

void ScaleWorker::start(Job job) {
  job_ = job;
  job_start_ = Clock::now();
  shared_.publish([](Published& s) {
    s.phase = 0;
    s.stage = 0;
  });
  job_ok_ = false;
  job_error_ = "";
  ++snap_.revision;
  if (job == Job::Build) {
    building_seed_ = want_seed_;
    building_vocab_ = want_vocab_;
    building_dim_ = want_dim_;
    ++build_jobs_;
    // Building yields to the UI (the default priority); timing, below, does not: it measures.
    job_thread_.start([this, s = want_seed_, v = want_vocab_, d = want_dim_](JobControl& c) {
      try {
        run_build(c, s, v, d);
      } catch (const std::bad_alloc&) {  // the overview's bands: the slide says so, the window stays
        job_error_ = "not enough memory for the table's overview";
      }
    });
  } else {
    JobOptions timing;
    timing.priority = JobPriority::Normal;
    job_thread_.start(
        [this, t = snap_.data, f = file_.get(), v = snap_.vocab, d = snap_.dim](JobControl& c) {
      try {
        run_timing(c, t, f, v, d);
      } catch (const std::bad_alloc&) {
        job_ok_ = false;  // no figures, nothing exits; said once, not retried
        job_error_ = "there is not enough memory to time the table";
      }
        },
        timing);
  }
}

// The thread has finished: join (immediate) and take over what it made.
void ScaleWorker::finish() {
  job_thread_.take();
  const Job job = job_;
  job_ = Job::None;
  const double took = std::chrono::duration<double>(Clock::now() - job_start_).count();
  ++snap_.revision;
  if (job == Job::Build) {
    if (job_ok_) {
      table_ = std::shared_ptr<float>(built_.release(), FreeTableMemory{});
      facts_ = std::move(built_facts_);
      const Overview& o = facts_->overview;
      snap_.table = TablePhase::Ready;
      snap_.file = nullptr;
      snap_.seed = building_seed_;
      snap_.vocab = building_vocab_;
      snap_.dim = building_dim_;
      snap_.data = table_.get();
      snap_.range = o.range;
      snap_.overview = o.bytes.empty() ? nullptr : o.bytes.data();
      snap_.overview_rows = o.rows;
      snap_.overview_cols = o.cols;
      snap_.overview_norm = o.norm;
      snap_.build_seconds = took;
      snap_.build_progress = 1.0f;
      ++snap_.version;
    } else if (*job_error_) {
      snap_.table = TablePhase::Failed;
      snap_.error = job_error_;
      built_.reset();
    } else {
      snap_.table = TablePhase::None;  // cancelled: the next poll builds what is wanted now
      built_.reset();
    }
    built_facts_.reset();
  } else {
    const Published s = shared_.read();
    std::copy(std::begin(s.results), std::end(s.results), std::begin(snap_.results));
    // A failure (no memory for the copy) is a result: shown once, and not started again
    // until the user asks (Run again) or the table changes. Cancelled resumes by itself.
    snap_.timing = job_ok_ ? TimingPhase::Done : *job_error_ ? TimingPhase::Failed : TimingPhase::Cancelled;
    snap_.timing_error = job_ok_ ? "" : job_error_;
    snap_.timed_rows = s.timed_rows;
    snap_.timing_seconds = took;
    snap_.timing_progress = job_ok_ ? 1.0f : snap_.timing_progress;
    // A timing cancelled because the table changed is not a result to show.
    if (!have_wanted_table()) snap_.timing = TimingPhase::None;
  }
}

// ---------------------------------------------------------------- build job
void ScaleWorker::run_build(JobControl& c, uint64_t seed, int64_t vocab, int64_t dim) {
  const size_t n = static_cast<size_t>(vocab) * static_cast<size_t>(dim);
  TableBuffer data = make_table_buffer(std::max<size_t>(n, 1));
  if (!data) {
    job_error_ = "not enough memory for the table";
    return;
  }
  TorchGenerator gen(seed);  // torch.manual_seed(seed); nn.Embedding(vocab, dim)
  BuildControl control;
  control.cancel = &c.cancel;
  control.progress = &c.progress;
  if (!embedding_init_chunked(data.get(), vocab, dim, gen, control)) return;
  // Its overview and range: the pass the model makes of a file (N(0, 1) draws have no
  // non-finite values to count).
  shared_.publish([](Published& s) { s.phase = 1; });
  c.progress.store(0.0f);
  auto facts = std::make_shared<TableFacts>();
  if (!summarize_table(data.get(), nullptr, vocab, dim, false, c, *facts)) return;
  built_ = std::move(data);
  built_facts_ = std::move(facts);
  job_ok_ = true;
}

// ---------------------------------------------------------------- timing job
bool ScaleWorker::stop_timing(const JobControl& c) const {
  if (c.cancelled()) return true;
  const int64_t last = last_poll_ns_.load(std::memory_order_relaxed);
  const double since = std::chrono::duration<double>(Clock::now().time_since_epoch() - Clock::duration(last)).count();
  return since > watchdog_s_.load(std::memory_order_relaxed);
}

int64_t ScaleWorker::timing_copy_budget() const {
  const int64_t forced = copy_budget_override_.load();
  if (forced >= 0) return forced;
  int64_t budget = std::min<int64_t>(kTimingCopyMaxBytes, available_memory() / 2);
  // Under an address-space limit (ulimit -v, prlimit --as) the table's own mapping counts:
  // half of what is left.
  struct rlimit lim;
  if (getrlimit(RLIMIT_AS, &lim) == 0 && lim.rlim_cur != RLIM_INFINITY) {
    long long pages = 0;
    if (std::FILE* f = std::fopen("/proc/self/statm", "r")) {
      if (std::fscanf(f, "%lld", &pages) != 1) pages = 0;
      std::fclose(f);
    }
    const int64_t used = static_cast<int64_t>(pages) * sysconf(_SC_PAGESIZE);
    const int64_t left = static_cast<int64_t>(lim.rlim_cur) - used;
    budget = std::min(budget, std::max<int64_t>(0, left / 2));
  }
  return std::max<int64_t>(0, budget);
}

namespace {

double median(double* v, int n) {
  std::sort(v, v + n);
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

}  // namespace

// The file's first rows (as many as the budget holds) read into `copy` as float32, for
// timing; *vocab becomes their count. Null when memory lacks (job_error_ says so) or
// timing stopped.
const float* ScaleWorker::read_for_timing(JobControl& c, const TableFile* file, int64_t& vocab, int64_t dim,
                                          TableBuffer& copy) {
  shared_.publish([](Published& s) { s.stage = -1; });
  const int64_t row_bytes = std::max<int64_t>(1, dim) * 4;
  int64_t rows = std::min(vocab, timing_copy_budget() / row_bytes);
  const int64_t least = std::min(vocab, kTimingMinRows);
  while (rows >= least && rows > 0) {
    copy = make_table_buffer(static_cast<size_t>(rows) * static_cast<size_t>(dim));
    if (copy) break;
    rows /= 2;
  }
  if (!copy) {
    job_error_ = "there is not enough memory for a float32 copy of the table's rows to time";
    return nullptr;
  }
  vocab = rows;  // from here on, the table timed is these rows
  shared_.publish([rows](Published& s) { s.timed_rows = rows; });
  const int64_t band = std::max<int64_t>(1, (int64_t{1} << 20) / std::max<int64_t>(1, dim));
  for (int64_t r = 0; r < vocab; r += band) {
    if (stop_timing(c)) return nullptr;
    const int64_t n = std::min(band, vocab - r);
    file->read_range(r, n, copy.get() + r * dim);
    c.progress.store(0.1f * static_cast<float>(r + n) / static_cast<float>(vocab), std::memory_order_relaxed);
  }
  return copy.get();
}

// Times the lookups at every batch size: a sample is `inner` calls on successive windows
// of the pool, sized to take >= 0.2 ms; the median of up to 25 samples. Publishes each,
// moving the bar by weight[i] from `before`. False when timing stopped.
bool ScaleWorker::time_lookups(JobControl& c, const float* table, int64_t vocab, int64_t dim,
                               const std::vector<int64_t>& pool, std::vector<float>& out, const float* weight,
                               float& before) {
  using ms = std::chrono::duration<double, std::milli>;
  for (int i = 0; i < kTimingBatchCount; ++i) {
    shared_.publish([i](Published& s) { s.stage = i; });
    const int64_t b = kTimingBatches[i];
    const size_t windows = pool.size() / static_cast<size_t>(b);
    size_t w = 0;
    auto run = [&](int64_t inner) {
      const auto t0 = std::chrono::steady_clock::now();
      for (int64_t k = 0; k < inner; ++k) {
        lookup_rows(out.data(), table, vocab, dim, pool.data() + (w % windows) * static_cast<size_t>(b), b);
        ++w;
      }
      return ms(std::chrono::steady_clock::now() - t0).count();
    };
    int64_t inner = 1;
    while (inner < (1 << 16) && run(inner) < 0.2) inner *= 2;
    double samples[25];
    int n = 0;
    const auto start = std::chrono::steady_clock::now();
    while (n < 25 && (n < 5 || ms(std::chrono::steady_clock::now() - start).count() < 300.0)) {
      if (stop_timing(c)) return false;
      samples[n++] = run(inner) / static_cast<double>(inner);
    }
    PathTiming p;
    p.done = true;
    p.ms = median(samples, n);
    p.repeats = n;
    p.bytes = 2.0 * static_cast<double>(b * dim) * 4.0;
    p.gbs = p.bytes / (p.ms * 1e-3) / 1e9;
    shared_.publish([i, &p](Published& s) {
      s.results[i].lookup = p;
      ++s.results_version;
    });
    before += weight[i];
    c.progress.store(before, std::memory_order_relaxed);
  }
  return true;
}

void ScaleWorker::run_timing(JobControl& c, const float* table, const TableFile* file, int64_t vocab, int64_t dim) {
  using ms = std::chrono::duration<double, std::milli>;
  constexpr int kMaxBatch = 256;
  // The kernels time a float32 array in memory. A file read where it lies (another
  // dtype, or mapped: it could shrink under a kernel, which has no SIGBUS guard) is
  // first read into one, as `weights.float()` makes in torch; it lives only while
  // timing runs, so the table is held once at rest.
  // The copy is budgeted (timing_copy_budget): a bigger table is timed on its first
  // rows, as many as fit, and the slide says so. An allocation that fails anyway is
  // tried at half the rows, down to kTimingMinRows; below that timing fails, once.
  TableBuffer copy;
  if (!table && file) {
    table = read_for_timing(c, file, vocab, dim, copy);
  } else {
    shared_.publish([vocab](Published& s) { s.timed_rows = vocab; });
  }
  if (!table) return;
  // A pool of random IDs much larger than the cache: consecutive calls read rows
  // from all over the table, as real batches do.
  std::vector<int64_t> pool(size_t{1} << 16);
  std::mt19937_64 rng(20240607);
  std::uniform_int_distribution<int64_t> pick(0, vocab - 1);
  for (int64_t& id : pool) id = pick(rng);
  std::vector<float> out(static_cast<size_t>(kMaxBatch * dim)), ref(out.size()), tmp(out.size());
  // Progress weights: the lookups are instant; the matmul at 256 is most of the time.
  float weight[6] = {0.02f, 0.02f, 0.02f, 0.10f, 0.22f, 0.62f};
  float before = copy ? 0.1f : 0.0f;
  const float share = copy ? 0.9f : 1.0f;  // of the bar left for the timings
  for (float& w : weight) w *= share;
  auto publish = [&](int i, bool lookup, const PathTiming& p) {
    shared_.publish([&](Published& s) {
      (lookup ? s.results[i].lookup : s.results[i].matmul) = p;
      ++s.results_version;
    });
  };

  // 1. The lookups.
  if (!time_lookups(c, table, vocab, dim, pool, out, weight, before)) return;

  // 2. The dense one-hot matmul, in row blocks of the table so cancel is checked
  //    between blocks: out = Σ_k onehot[:, block k] · table[block k, :].
  for (int i = 0; i < kTimingBatchCount; ++i) {
    shared_.publish([i](Published& s) { s.stage = kTimingBatchCount + i; });
    const int64_t b = kTimingBatches[i];
    // Blocks of ~400M multiply-adds (~20 ms): B = 256 → 2,048 rows; small B → 16,384
    // rows (smaller blocks would add call overhead to the figure being measured).
    const int64_t kBlockRows = std::clamp<int64_t>(400'000'000 / std::max<int64_t>(1, b * dim), 2048, 16384);
    const int64_t blocks = (vocab + kBlockRows - 1) / kBlockRows;
    const int64_t* ids = pool.data();
    // One block's one-hot (B × block rows, zeros), reused block after block: its 1s are
    // set for the IDs in the block and cleared after (O(B) a block, next to the block's
    // B · rows · D multiply-adds), so the whole B × V one-hot (51 MB at B = 256) is
    // never held.
    const double work = static_cast<double>(b) * static_cast<double>(vocab) * static_cast<double>(dim);
    if (const double limit = matmul_limit_.load(); limit > 0.0 && work > limit) {
      PathTiming p;
      p.skipped_work = work;
      publish(i, false, p);
      before += weight[kTimingBatchCount + i];
      c.progress.store(before, std::memory_order_relaxed);
      continue;
    }
    std::vector<float> onehot(static_cast<size_t>(b * std::min(kBlockRows, vocab)), 0.0f);
    auto mark = [&](int64_t v0, int64_t vb, float one) {
      for (int64_t r = 0; r < b; ++r)
        if (ids[r] >= v0 && ids[r] < v0 + vb) onehot[static_cast<size_t>(r * vb + (ids[r] - v0))] = one;
    };
    const int max_reps = b >= 256 ? 3 : 5;
    const double budget_ms = b >= 256 ? 4000.0 : 1500.0;
    auto run_once = [&](int rep) -> double {  // < 0: stopped
      const auto t0 = std::chrono::steady_clock::now();
      std::fill(out.begin(), out.begin() + b * dim, 0.0f);
      for (int64_t k = 0; k < blocks; ++k) {
        if (stop_timing(c)) return -1.0;
        const int64_t v0 = k * kBlockRows, vb = std::min(kBlockRows, vocab - v0);
        mark(v0, vb, 1.0f);
        onehot_matmul_dense(tmp.data(), onehot.data(), table + v0 * dim, b, vb, dim);
        mark(v0, vb, 0.0f);
        for (int64_t e = 0; e < b * dim; ++e) out[static_cast<size_t>(e)] += tmp[static_cast<size_t>(e)];
        c.progress.store(before + weight[kTimingBatchCount + i] *
                                      (static_cast<float>(rep) + static_cast<float>(k + 1) / blocks) / max_reps,
                         std::memory_order_relaxed);
      }
      return ms(std::chrono::steady_clock::now() - t0).count();
    };
    if (b < 256 && run_once(0) < 0.0) return;  // warm-up (page faults, caches); the big one needs none
    double samples[8];
    int n = 0;
    double spent = 0.0;
    while (n < max_reps && (n == 0 || spent + samples[n - 1] < budget_ms)) {
      const double t = run_once(n);
      if (t < 0.0) return;
      samples[n++] = t;
      spent += t;
    }
    // The same numbers? The lookup of the same IDs, compared cell by cell.
    lookup_rows(ref.data(), table, vocab, dim, ids, b);
    bool same = true;
    for (int64_t e = 0; e < b * dim && same; ++e) same = out[static_cast<size_t>(e)] == ref[static_cast<size_t>(e)];
    PathTiming p;
    p.done = true;
    p.ms = median(samples, n);
    p.repeats = n;
    p.bytes = (static_cast<double>(vocab * dim) + static_cast<double>(b * vocab)) * 4.0;
    p.gbs = p.bytes / (p.ms * 1e-3) / 1e9;
    shared_.publish([i, &p, same](Published& s) {
      s.results[i].matmul = p;
      s.results[i].same = same;
      ++s.results_version;
    });
    before += weight[kTimingBatchCount + i];
    c.progress.store(before, std::memory_order_relaxed);
  }
  c.progress.store(1.0f);
  job_ok_ = true;
}

}  // namespace lv::app
