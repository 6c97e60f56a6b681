// background_job.hpp — one piece of the model's slow work on its own thread: drawing a
// big seeded table, reading a file's whole table once (the one-hot product's read),
// the logits over every row of the vocabulary. The UI thread starts it, reads its
// progress each frame and takes its result when done (poll never blocks); starting
// another or destroying it cancels the running one and joins (the work checks the
// flag between bands of rows, so that is prompt). A finished job wakes the window.
#pragma once
#include <sys/resource.h>
#include <unistd.h>

#include <atomic>
#include <functional>
#include <memory>
#include <thread>


namespace lv::app {

// What wakes the window when a job finishes: the view installs its wake-up
// (app/chrome/ui_wake.cpp set_ui_wake forwards it here); nothing by default.
using JobWakeFn = void (*)();
inline std::atomic<JobWakeFn> g_job_wake{nullptr};
inline void set_job_wake(JobWakeFn wake) { g_job_wake.store(wake, std::memory_order_release); }
inline void job_wake() {
  if (JobWakeFn w = g_job_wake.load(std::memory_order_acquire)) w();
}

// The calling thread yields to the UI thread: a worker never delays a frame (Linux
// gives each thread its own nice value).
inline void lower_thread_priority() { setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), 10); }

struct JobControl {
  std::atomic<bool> cancel{false};
  std::atomic<float> progress{0.0f};
  std::atomic<bool> finished{false};
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
  void start(std::function<void(JobControl&)> work) {
    stop();
    control_ = std::make_shared<JobControl>();
    pending_ = true;
    thread_ = std::thread([c = control_, w = std::move(work)] {
      lower_thread_priority();
      w(*c);
      c->finished.store(true, std::memory_order_release);
      job_wake();
    });
  }
  // Started, and its result not yet taken (running, or finished and waiting for take()).
  bool active() const { return pending_; }
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
  }
  // Cancels and joins: a result it may have made is dropped.
  void stop() {
    if (control_) control_->cancel.store(true);
    if (thread_.joinable()) thread_.join();
    pending_ = false;
  }

 private:
  std::shared_ptr<JobControl> control_;
  std::thread thread_;
  bool pending_ = false;
};

}  // namespace lv::app
