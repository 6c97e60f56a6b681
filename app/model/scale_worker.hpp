// scale_worker.hpp — the whole-table work of slide 7 ("At scale") off the UI thread, in the
// model with the other workers (issue 37, item 5): building GPT-2 small's table
// (50,257 × 768, torch-exact, a few seconds) with a progress fraction and summarizing it
// for the heat map — or taking the table loaded from a file as it is, with the model's
// whole-table facts of it (app/model/table_facts.hpp: one pass, made by the model for every
// slide, never again here) — and timing the two paths on it (lookup vs dense one-hot
// matmul at B = 1, 16, 256, median of repeats).
//
// One worker thread at a time. The UI thread calls poll() once per frame; poll never
// blocks: it joins a thread that has finished, starts the next job, and copies the
// published progress and results into a snapshot the frame reads. Jobs check a
// cancel flag often: every 64K elements while building, between row blocks of the
// table in the matmul (a few ms to ~30 ms apart). Timing also stops by itself when
// the UI stops polling (the user left the slide, or the window is minimised).
// Destroying the worker cancels and joins, so quitting mid-job is prompt.
#pragma once
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "app/model/background_job.hpp"
#include "app/model/table_facts.hpp"
#include "core/heatmap/heatmap_aggregate.hpp"
#include "core/io/table_view.hpp"
#include "core/kernels/huge_pages.hpp"

namespace lv::app {

constexpr int kTimingBatchCount = 3;
constexpr int kTimingBatches[kTimingBatchCount] = {1, 16, 256};

struct PathTiming {  // one path at one batch size
  bool done = false;
  double ms = 0.0;            // median time per call
  double gbs = 0.0;           // bytes moved / time, GB/s (10^9)
  double bytes = 0.0;         // per call: lookup B·D·4 read + written; matmul V·D·4 + B·V·4 read
  int repeats = 0;            // samples in the median
  double skipped_work = 0.0;  // > 0: not timed, its multiply-adds past the limit (set_matmul_limit)
};

struct BatchTiming {
  int batch = 0;
  PathTiming lookup, matmul;
  bool same = false;  // torch.equal(lookup, matmul) for this batch
};

enum class TablePhase { None, Building, Summarizing, Ready, Failed };
enum class TimingPhase { None, Running, Done, Cancelled, Failed };

// The float32 copy timing makes of a file read where it lies is held to this many bytes
// (and to half the memory available, and to half the address space left under a limit):
// a larger table is timed on its first rows, as many as fit (an 8 GiB table's copy took
// 17 GB at the peak, and under `prlimit --as` its failure was retried without end).
inline constexpr int64_t kTimingCopyMaxBytes = int64_t{1} << 31;  // 2 GiB: a Llama's 128,256 × 4,096 fits
// Fewer rows than this cannot stand for the table: timing fails instead (once, with why).
inline constexpr int64_t kTimingMinRows = 1024;

// What the frame reads (filled by poll(); UI thread only).
struct ScaleSnapshot {
  TablePhase table = TablePhase::None;
  float build_progress = 0.0f;      // 0..1 while building, then while summarizing
  double build_seconds = 0.0;       // so far, or what the build took
  const char* error = "";           // when Failed
  const TableFile* file = nullptr;  // the loaded table it shows (null: seeded)
  uint64_t seed = 0;                // the seeded table's (once Ready)
  int64_t vocab = 0, dim = 0;
  // vocab × dim float32, row-major, when Ready; stable until the table changes. Null for a
  // file read where it lies (mapped, or another dtype): read its rows through `file`.
  const float* data = nullptr;
  uint64_t version = 0;  // bumped for every table built
  ValueRange range;      // of the whole table
  // The table shrunk for far zoom (each block's value of largest |value|), already as
  // the heat map's texture bytes: heatmap_encode(value, overview_norm).
  const uint8_t* overview = nullptr;
  int64_t overview_rows = 0, overview_cols = 0;
  float overview_norm = 1.0f;

  TimingPhase timing = TimingPhase::None;
  float timing_progress = 0.0f;
  int timing_stage = 0;  // running: -1 reading a file as float32; 0..2 the lookups at B = 1, 16, 256; 3..5 the matmuls
  const char* timing_error = "";  // when Failed: why, in the slide's words (shown once; not retried by itself)
  // The rows timed: vocab, or the first rows of a table whose float32 copy would pass
  // the budget (timing_copy_budget). 0 until timing starts.
  int64_t timed_rows = 0;
  double timing_seconds = 0.0;
  BatchTiming results[kTimingBatchCount];
  const char* isa = "";   // the kernels' instruction sets ("avx512f+avx2+fma" / "avx2+fma" / "sse2")
  uint64_t revision = 0;  // bumped when a phase changes or a result lands
};

class ScaleWorker {
 public:
  ScaleWorker();
  ~ScaleWorker();  // cancels and joins
  ScaleWorker(const ScaleWorker&) = delete;
  ScaleWorker& operator=(const ScaleWorker&) = delete;

  // The table the slide wants: seeded (file null), or the loaded file's own table
  // (seed, vocab and dim are then ignored; the worker keeps the file alive, no copy) with
  // the model's whole-table facts of it (app/model/model_jobs.hpp table_facts: null while
  // its pass runs, `facts_progress` how far; the worker shows them, it reads nothing).
  // A different table cancels the running job; the old table is freed and the new build
  // starts at a later poll().
  void want_table(uint64_t seed, int64_t vocab, int64_t dim, std::shared_ptr<const TableFile> file = nullptr,
                  std::shared_ptr<const TableFacts> facts = nullptr, float facts_progress = 0.0f);
  void start_timing();  // runs once the wanted table is ready (results are cleared)
  // The most multiply-adds one timed call of the dense matmul may take; 0 (the window's
  // default): no limit. A command-line picture waits for what it times, so it passes
  // the work budget's (core/kernels/work_budget.hpp kWorkLimit): a Llama-sized table's matmul at
  // B = 256 is 134 billion, and the picture says it was not timed instead.
  void set_matmul_limit(double multiply_adds) { matmul_limit_.store(multiply_adds); }
  void cancel_timing();  // stops timing (or a queued start); the table is kept
  void poll();           // once per frame, UI thread; never blocks
  // The file's contents changed on disk (app/chrome/ui_file_watch.cpp): the map and
  // the figures are of the old contents. Whatever runs is cancelled; the next poll()
  // waits for the model's facts of the new contents.
  void table_changed();
  // Once per frame while slide 7 is not shown: frees the table if slide 7 would no
  // longer want it (a file closed or replaced, another seed or shape), so a big table
  // left behind is not held beside the next one; joins a finished job. Starts
  // nothing, and is not a poll (the timing watchdog still sees the slide as left).
  void release_unwanted(uint64_t seed, int64_t vocab, int64_t dim, const TableFile* file);

  const ScaleSnapshot& snapshot() const { return snap_; }
  // The ready table as a view (empty: none ready): the seeded one shared with its reader (the
  // map's worker keeps it alive past a drop; nothing is copied), or the file's where it lies.
  TableView table_view() const;
  bool busy() const { return job_ != Job::None || pending(); }  // a job runs or is about to start

  // How long timing keeps going without poll() (the slide is not being drawn).
  static constexpr double kWatchdogSeconds = 2.0;
  void set_watchdog(double seconds) { watchdog_s_.store(seconds); }  // tests shorten it
  // Bytes the float32 copy for timing may take: kTimingCopyMaxBytes, half the memory
  // available, half the address space left under RLIMIT_AS; or what a test set.
  int64_t timing_copy_budget() const;
  void set_copy_budget(int64_t bytes) { copy_budget_override_.store(bytes); }  // tests; < 0: the machine's
  int timing_jobs_started() const { return timing_jobs_; }                     // tests: a failure is not retried
  int build_jobs_started() const { return build_jobs_; }  // tests: a file is never read here (the model's facts are)

 private:
  enum class Job { None, Build, Time };
  bool pending() const;
  bool have_wanted_table() const;
  bool snap_is_wanted() const;  // the snapshot describes the wanted table (in any phase)
  void drop_table();            // frees the table and its facts (the snapshot keeps its phase)
  void take_file_facts(std::chrono::steady_clock::time_point now);  // a file's: shown once the model made them
  void start(Job job);
  void finish();
  void run_build(JobControl& c, uint64_t seed, int64_t vocab, int64_t dim);  // a table drawn from the seed
  // table: float32 in memory, or null to read `file` into a copy first (timing only).
  void run_timing(JobControl& c, const float* table, const TableFile* file, int64_t vocab, int64_t dim);
  const float* read_for_timing(JobControl& c, const TableFile* file, int64_t& vocab, int64_t dim, TableBuffer& copy);
  bool time_lookups(JobControl& c, const float* table, int64_t vocab, int64_t dim, const std::vector<int64_t>& pool,
                    std::vector<float>& out, const float* weight, float& before);
  bool stop_timing(const JobControl& c) const;  // cancel, or the UI stopped polling

  using Clock = std::chrono::steady_clock;
  BackgroundJob job_thread_;  // the one job at a time (its progress, cancel, wake)
  Job job_ = Job::None;
  Clock::time_point job_start_;
  std::atomic<double> matmul_limit_{0.0};
  std::atomic<int64_t> last_poll_ns_{0};
  std::atomic<double> watchdog_s_{kWatchdogSeconds};
  std::atomic<int64_t> copy_budget_override_{-1};
  int timing_jobs_ = 0;
  int build_jobs_ = 0;

  // What the job publishes while it runs (JobShared: the one way partial results cross).
  struct Published {
    int phase = 0;  // build: 0 building, 1 summarizing
    int stage = 0;  // timing: the path and batch being timed (-1: reading the file's rows)
    int64_t timed_rows = 0;
    BatchTiming results[kTimingBatchCount];
    uint64_t results_version = 0;  // moves with each result published
  };
  JobShared<Published> shared_;
  uint64_t results_seen_ = 0;  // the results_version the snapshot holds

  // Handed over at join (the thread owns them while it runs).
  TableBuffer built_;
  std::shared_ptr<TableFacts> built_facts_;
  bool job_ok_ = false;
  const char* job_error_ = "";

  std::shared_ptr<float> table_;             // the ready seeded table (in 2 MB pages when the kernel allows)
  std::shared_ptr<const TableFile> file_;    // or the ready loaded one
  std::shared_ptr<const TableFacts> facts_;  // the ready table's: its overview and range
  bool want_ = false;
  std::shared_ptr<const TableFile> want_file_;
  std::shared_ptr<const TableFacts> want_facts_;  // the model's facts of want_file_ (null: not made yet)
  float want_facts_progress_ = 0.0f;
  Clock::time_point facts_wait_start_;  // when the wait for a file's facts began
  uint64_t want_seed_ = 0;
  int64_t want_vocab_ = 0, want_dim_ = 0;
  uint64_t building_seed_ = 0;
  int64_t building_vocab_ = 0, building_dim_ = 0;
  bool timing_wanted_ = false;
  bool stale_ = false;  // table_changed(): drop the table at the next poll that can
  ScaleSnapshot snap_;
};

}  // namespace lv::app
