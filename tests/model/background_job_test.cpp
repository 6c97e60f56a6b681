// background_job_test.cpp — the one way background work runs (app/model/background_job.hpp):
// progress seen from the UI thread, cancel, the wake when a job finishes, priority, and a
// detached job (a dialog) that neither blocks its owner's end nor loses its wait().
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>

#include "app/model/background_job.hpp"

namespace lv::app {
namespace {

std::atomic<int> g_installed_wakes{0};
std::atomic<int> g_own_wakes{0};

using namespace std::chrono_literals;

void wait_for(const std::atomic<bool>& flag) {
  for (int i = 0; i < 5000 && !flag.load(); ++i) std::this_thread::sleep_for(1ms);
}

TEST(BackgroundJob, ProgressIsSeenWhileItRunsAndTheResultOnceWhenTaken) {
  BackgroundJob job;
  std::atomic<bool> halfway{false}, go_on{false};
  job.start([&](JobControl& c) {
    c.progress.store(0.5f);
    halfway.store(true);
    wait_for(go_on);
    c.progress.store(1.0f);
  });
  wait_for(halfway);
  EXPECT_TRUE(job.active());
  EXPECT_TRUE(job.running());
  EXPECT_FLOAT_EQ(job.progress(), 0.5f);
  EXPECT_FALSE(job.take()) << "not before it has finished";
  go_on.store(true);
  job.wait();
  EXPECT_FALSE(job.running());
  EXPECT_TRUE(job.take());
  EXPECT_FALSE(job.take()) << "a result is taken once";
  EXPECT_FALSE(job.active());
}

TEST(BackgroundJob, CancelIsSeenByTheWorkAndStopJoinsPromptly) {
  BackgroundJob job;
  std::atomic<int> bands{0};
  std::atomic<bool> saw_cancel{false};
  job.start([&](JobControl& c) {
    while (!c.cancelled()) {  // work in bands, checking the flag between them
      ++bands;
      std::this_thread::sleep_for(1ms);
    }
    saw_cancel.store(true);
  });
  while (bands.load() < 3) std::this_thread::sleep_for(1ms);
  job.cancel();  // asks, does not wait
  job.wait();
  EXPECT_TRUE(saw_cancel.load());
  EXPECT_TRUE(job.take()) << "a cancelled job still finishes; its owner decides what its result means";

  const auto t0 = std::chrono::steady_clock::now();
  job.start([](JobControl& c) {
    while (!c.cancelled()) std::this_thread::sleep_for(1ms);
  });
  job.stop();
  EXPECT_LT(std::chrono::steady_clock::now() - t0, 2s);
  EXPECT_FALSE(job.active()) << "a stopped job's result is dropped";
}

// Slide 9's steps, cancelled mid-way: let go, never waited for by the one who lets go; the job
// starts another at once, and the one let go still ends (and is joined) on its own.
TEST(BackgroundJob, ALetGoJobIsNotWaitedForAndEndsOnItsOwn) {
  BackgroundJob job;
  std::atomic<bool> started{false}, release{false}, saw_cancel{false}, ended{false};
  job.start([&](JobControl& c) {
    started.store(true);
    wait_for(release);  // a step that notices the cancel only when it is done
    saw_cancel.store(c.cancelled());
    ended.store(true);
  });
  wait_for(started);
  const auto t0 = std::chrono::steady_clock::now();
  job.let_go();
  EXPECT_LT(std::chrono::steady_clock::now() - t0, 1s) << "let_go() waited for the work";
  EXPECT_FALSE(job.active()) << "what it makes is dropped";
  EXPECT_FALSE(ended.load());
  std::atomic<bool> second{false};
  job.start([&](JobControl&) { second.store(true); });
  job.wait();
  EXPECT_TRUE(job.take());
  EXPECT_TRUE(second.load());
  release.store(true);
  wait_for(ended);
  EXPECT_TRUE(saw_cancel.load()) << "it was asked to stop";
}

// Slide 7's timings as they land: what the work publishes is read whole by the UI thread
// (never half of one publish), and the last publish is what remains.
TEST(BackgroundJob, WhatAJobPublishesIsReadWhole) {
  struct Pair {
    int64_t a = 0, b = 0;  // always published together: b == 2 * a
  };
  JobShared<Pair> shared;
  BackgroundJob job;
  job.start([&](JobControl& c) {
    for (int64_t i = 1; i <= 200'000 && !c.cancelled(); ++i)
      shared.publish([i](Pair& p) {
        p.a = i;
        p.b = 2 * i;
      });
  });
  int64_t last = 0, reads = 0;
  while (job.running()) {
    const Pair p = shared.read();
    ASSERT_EQ(p.b, 2 * p.a) << "a torn read";
    ASSERT_GE(p.a, last) << "went back";
    last = p.a;
    ++reads;
  }
  job.wait();
  EXPECT_TRUE(job.take());
  EXPECT_EQ(shared.read().a, 200'000);
  EXPECT_GT(reads, 0);
}

TEST(BackgroundJob, AFinishedJobWakesTheWindowWithTheInstalledWakeOrItsOwn) {
  set_job_wake([] { ++g_installed_wakes; });
  {
    BackgroundJob job;
    job.start([](JobControl&) {});
    job.wait();
    EXPECT_EQ(g_installed_wakes.load(), 1);
    JobOptions own;
    own.wake = [] { ++g_own_wakes; };
    job.start([](JobControl&) {}, own);
    job.wait();
    EXPECT_EQ(g_own_wakes.load(), 1);
    EXPECT_EQ(g_installed_wakes.load(), 1) << "its own wake replaces the installed one";
  }
  set_job_wake(nullptr);
}

TEST(BackgroundJob, BackgroundWorkYieldsToTheUiThreadAndTimingDoesNot) {
  const int ui = getpriority(PRIO_PROCESS, static_cast<id_t>(gettid()));
  std::atomic<int> nice_bg{-100}, nice_normal{-100};
  BackgroundJob job;
  job.start([&](JobControl&) { nice_bg.store(getpriority(PRIO_PROCESS, static_cast<id_t>(gettid()))); });
  job.wait();
  JobOptions normal;
  normal.priority = JobPriority::Normal;
  job.start([&](JobControl&) { nice_normal.store(getpriority(PRIO_PROCESS, static_cast<id_t>(gettid()))); }, normal);
  job.wait();
  // Ten levels nicer than the UI thread, 19 at most — never less nice than it, even when the
  // process already runs niced (a shell at nice 19: the worker was made nice 10 outright,
  // ahead of its UI thread).
  EXPECT_EQ(nice_bg.load(), std::min(19, ui + 10));
  EXPECT_GE(nice_bg.load(), ui);
  EXPECT_EQ(nice_normal.load(), ui);
}

TEST(BackgroundJob, AWorkerOfANicedProcessIsNeverAheadOfItsUiThread) {
  // The UI thread itself niced to 15 (as `nice -n 15 lookupviz` starts it): its worker is 19.
  const id_t self = static_cast<id_t>(gettid());
  const int before = getpriority(PRIO_PROCESS, self);
  if (before > 15) GTEST_SKIP() << "this thread already runs at nice " << before;
  ASSERT_EQ(setpriority(PRIO_PROCESS, self, 15), 0);
  std::atomic<int> nice_bg{-100};
  BackgroundJob job;  // the worker thread inherits the nice value of the thread that makes it
  job.start([&](JobControl&) { nice_bg.store(getpriority(PRIO_PROCESS, static_cast<id_t>(gettid()))); });
  job.wait();
  EXPECT_EQ(nice_bg.load(), 19);
  setpriority(PRIO_PROCESS, self, before);  // root may go back; others stay at 15 (harmless in a test)
}

TEST(BackgroundJob, ADetachedJobIsLetGoNotWaitedFor) {
  auto release = std::make_shared<std::atomic<bool>>(false);
  auto done = std::make_shared<std::atomic<bool>>(false);
  JobOptions detached;
  detached.detached = true;
  {
    BackgroundJob job;
    job.start(
        [release, done](JobControl&) {
      wait_for(*release);
      done->store(true);
        },
        detached);
    EXPECT_TRUE(job.running());
    const auto t0 = std::chrono::steady_clock::now();
    job.stop();  // as quitting with a dialog open does
    EXPECT_LT(std::chrono::steady_clock::now() - t0, 1s) << "a dialog left open must not block quitting";
    EXPECT_FALSE(job.active());
  }
  release->store(true);
  for (int i = 0; i < 5000 && !done->load(); ++i) std::this_thread::sleep_for(1ms);
  EXPECT_TRUE(done->load());

  BackgroundJob answered;
  answered.start([](JobControl& c) { c.progress.store(1.0f); }, detached);
  answered.wait();  // waits on the flag, there is no thread to join
  EXPECT_TRUE(answered.take());
}

}  // namespace
}  // namespace lv::app
