// background_job.hpp — the one way the app runs work off the UI thread: the model's slow
// work (drawing a big seeded table, reading a file's whole table once, the logits over
// every row), a table file's load, a file dialog, slide 7's whole-table summary and timing.
// The UI thread starts a job, reads its progress each frame and takes its result when
// done (poll never blocks); starting another or destroying it cancels the running one and
// joins (the work checks the flag between bands of rows, so that is prompt) — except a
// detached job (a dialog open as long as the user likes), which is let go instead. A
// finished job wakes the window (the wake installed with set_job_wake, or its own).
//
// The wake lives here, at the bottom, so the model's jobs need nothing of the UI: the
// platform installs it (app/ui_base/ui_wake.hpp forwards to it).
#pragma once
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

namespace lv::app {

using JobWake = void (*)();

namespace detail {
inline std::atomic<JobWake> g_job_wake{nullptr};

// Jobs let go (BackgroundJob::let_go): their threads, joined once they end — as the next one is
// let go, and at exit (a static's destructor), never on the UI thread while they run.
struct LetGoJobs {
  std::mutex mutex;
  std::vector<std::pair<std::shared_ptr<const std::atomic<bool>>, std::thread>> jobs;  // (finished, thread)
  void add(std::shared_ptr<const std::atomic<bool>> finished, std::thread t) {
    std::lock_guard lock(mutex);
    std::erase_if(jobs, [](auto& j) {
      if (!j.first->load(std::memory_order_acquire)) return false;
      j.second.join();  // ended: immediate
      return true;
    });
    jobs.emplace_back(std::move(finished), std::move(t));
  }
  ~LetGoJobs() {
    for (auto& j : jobs) j.second.join();
  }
};
inline LetGoJobs& let_go_jobs() {
  static LetGoJobs jobs;
  return jobs;
}
}  // namespace detail

// What wakes the UI's loop when a job finishes (any thread may call job_wake()).
inline void set_job_wake(JobWake wake) { detail::g_job_wake.store(wake, std::memory_order_release); }
inline void job_wake() {
  if (JobWake w = detail::g_job_wake.load(std::memory_order_acquire)) w();
}

// The calling thread yields to the UI thread: a worker never delays a frame (Linux
// gives each thread its own nice value). Ten levels nicer than the thread that made it
// (19 at most), not nice 10 outright: an app started with `nice -n 15` — or by a shell
// that runs everything at 19 — must not have workers that outrank its UI thread (as root,
// setting 10 from 19 succeeds).
inline void lower_thread_priority() {
  const id_t self = static_cast<id_t>(gettid());
  errno = 0;
  const int now = getpriority(PRIO_PROCESS, self);
  if (now == -1 && errno != 0) return;
  setpriority(PRIO_PROCESS, self, std::min(19, now + 10));
}

enum class JobPriority {
  Background,  // yields to the UI thread (10 nicer, 19 at most): building, reading, loading
  Normal,      // as the UI thread: work that measures itself (slide 7's timing)
};

struct JobOptions {
  JobPriority priority = JobPriority::Background;
  // Let go, not joined, when stopped or destroyed: a dialog may stay open as long as the user
  // likes and must not block quitting (end_dialogs() ends its process; its thread ends then).
  bool detached = false;
  JobWake wake = nullptr;  // called when it finishes; nullptr: the installed one (set_job_wake)
};

struct JobControl {
  std::atomic<bool> cancel{false};
  std::atomic<float> progress{0.0f};
  std::atomic<bool> finished{false};
  bool cancelled() const { return cancel.load(std::memory_order_relaxed); }
};

class BackgroundJob {
 public:
  BackgroundJob() = default;
  ~BackgroundJob() { stop(); }
  BackgroundJob(const BackgroundJob&) = delete;
  BackgroundJob& operator=(const BackgroundJob&) = delete;
  BackgroundJob(BackgroundJob&& o) noexcept
      : control_(std::move(o.control_)), thread_(std::move(o.thread_)), pending_(o.pending_) {
    o.pending_ = false;
  }
  BackgroundJob& operator=(BackgroundJob&& o) noexcept {
    if (this != &o) {
      stop();
      control_ = std::move(o.control_);
      thread_ = std::move(o.thread_);
      pending_ = o.pending_;
      o.pending_ = false;
    }
    return *this;
  }

  // work(control) runs on a new thread; it returns early when control.cancel is set.
  void start(std::function<void(JobControl&)> work, JobOptions options = {}) {
    stop();
    control_ = std::make_shared<JobControl>();
    pending_ = true;
    std::thread t([c = control_, w = std::move(work), options] {
      if (options.priority == JobPriority::Background) lower_thread_priority();
      w(*c);
      c->finished.store(true, std::memory_order_release);
      c->finished.notify_all();
      if (options.wake) options.wake();
      else job_wake();
    });
    if (options.detached) t.detach();
    else thread_ = std::move(t);
  }
  // Started, and its result not yet taken (running, or finished and waiting for take()).
  bool active() const { return pending_; }
  // Started and still working.
  bool running() const { return pending_ && !finished(); }
  bool finished() const { return control_ && control_->finished.load(std::memory_order_acquire); }
  float progress() const { return control_ ? control_->progress.load(std::memory_order_relaxed) : 0.0f; }
  // Once per job, when it has finished: joins (immediate) and says its result may be
  // read now. False while it runs, and after its result was taken or it was stopped.
  bool take() {
    if (!pending_ || !finished()) return false;
    if (thread_.joinable()) thread_.join();
    pending_ = false;
    return true;
  }
  // Blocks until the job has finished (its result is then take()n as usual).
  void wait() {
    if (thread_.joinable()) thread_.join();
    else if (control_) control_->finished.wait(false, std::memory_order_acquire);
  }
  // Asks the work to stop (it sees control.cancel) without waiting; take() or stop() after.
  void cancel() {
    if (control_) control_->cancel.store(true);
  }
  // Asks the work to stop and lets it end on its own, never waited for here (a step of slide 9's
  // training on a Llama-sized table notices the cancel only after it): what it made is dropped
  // with it, and its thread is joined once it has ended. The job is free to start another.
  void let_go() {
    cancel();
    if (thread_.joinable()) {
      auto finished = std::shared_ptr<const std::atomic<bool>>(control_, &control_->finished);
      detail::let_go_jobs().add(std::move(finished), std::move(thread_));
    }
    thread_ = std::thread{};
    pending_ = false;
  }
  // Cancels and joins (a detached job is let go): a result it may have made is dropped.
  void stop() {
    cancel();
    if (thread_.joinable()) thread_.join();
    pending_ = false;
  }

 private:
  std::shared_ptr<JobControl> control_;
  std::thread thread_;
  bool pending_ = false;
};

// What a job shows of itself while it runs, besides its progress (slide 7's timings as each
// lands, the stage it is at): the work changes it under the lock, the UI thread reads a copy
// each frame. The one way partial results cross threads; a job's final result stays in its
// own slot, read once take() says it finished.
template <class T>
class JobShared {
 public:
  // The work (or the UI thread before it starts a job): change(value), under the lock.
  template <class Change>
  void publish(Change&& change) {
    std::lock_guard lock(mutex_);
    change(value_);
  }
  // The UI thread: a copy (a version the work moves in it says what changed).
  T read() {
    std::lock_guard lock(mutex_);
    return value_;
  }

 private:
  std::mutex mutex_;
  T value_{};
};

}  // namespace lv::app
