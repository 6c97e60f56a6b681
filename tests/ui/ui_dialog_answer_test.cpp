// ui_dialog_answer_test.cpp — the file dialog's output is not trusted (issue 26 item 3):
// stand-in zenity scripts that print for ever, print a path holding a line break, hang,
// or exit while a child of theirs keeps standard output open. run_dialog reads one
// line of at most kMaxDialogAnswerBytes, refuses more than one line, times out, and
// ends the dialog's process group; end_dialogs() ends a dialog still open at quit.
// Every case runs under alarm(): a hang fails the test instead of blocking the suite.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <future>
#include <thread>

#include "app/desktop/file_dialog.hpp"
#include "headless.hpp"

namespace lv::app::test {
namespace {

namespace fs = std::filesystem;
const std::string kTables = std::string(LOOKUPVIZ_GOLDEN_DIR) + "/tables/";

struct Stub {
  fs::path dir;
  Stub() {
    dir = fs::temp_directory_path() / ("lv-dialog-" + std::to_string(getpid()) + "-" +
                                       ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir);
    fs::create_directories(dir);
    alarm(60);
  }
  ~Stub() {
    alarm(0);
    fs::remove_all(dir);
  }
  // A stand-in zenity: a shell script.
  std::string zenity(const std::string& body) const {
    const std::string p = (dir / "zenity").string();
    std::ofstream(p) << "#!/bin/sh\n" << body << "\n";
    chmod(p.c_str(), 0755);
    return p;
  }
  std::string pid_file() const { return (dir / "pid").string(); }
  // The pid the script wrote (echo $$ > pid), waiting for it a little.
  pid_t written_pid() const {
    for (int i = 0; i < 500; ++i) {
      std::ifstream f(pid_file());
      pid_t p = 0;
      if (f >> p && p > 0) return p;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return 0;
  }
};

bool alive(pid_t pid) {
  if (kill(pid, 0) != 0) return false;
  // A zombie (exited, not yet reaped by its parent) is not alive.
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string s;
  std::getline(stat, s);
  const size_t close = s.rfind(')');
  return close == std::string::npos || s.size() < close + 3 || s[close + 2] != 'Z';
}

bool gone_within(pid_t pid, double seconds) {
  const auto t0 = std::chrono::steady_clock::now();
  while (alive(pid)) {
    if (std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() > seconds) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return true;
}

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

TEST(DialogAnswer, AnAnswerThatNeverEndsIsCutAndItsProcessEnded) {
  Stub s;
  const std::string z =
      s.zenity("echo $$ > '" + s.pid_file() + "'\nwhile :; do echo /tmp/aaaaaaaaaaaaaaaaaaaaaaaa; done");
  const auto t0 = std::chrono::steady_clock::now();
  const DialogResult r = run_dialog({z});
  EXPECT_LT(seconds_since(t0), 5.0);
  EXPECT_EQ(r.outcome, DialogResult::Refused);
  EXPECT_NE(r.error.find("more than 4096 bytes"), std::string::npos) << r.error;
  const pid_t pid = s.written_pid();
  ASSERT_GT(pid, 0);
  EXPECT_TRUE(gone_within(pid, 2.0));
}

TEST(DialogAnswer, OneLineWithoutItsLineEndIsAPathButTwoLinesAreRefused) {
  Stub s;
  DialogResult r = run_dialog({s.zenity("printf '%s' /tmp/x.npy")});
  EXPECT_EQ(r.outcome, DialogResult::Chosen);
  EXPECT_EQ(r.path, "/tmp/x.npy");
  // zenity prints a path holding a line break as two lines: the first is another file.
  r = run_dialog({s.zenity("printf '/tmp/a\\nb.npy\\n'")});
  EXPECT_EQ(r.outcome, DialogResult::Refused);
  EXPECT_TRUE(r.path.empty());
  EXPECT_NE(r.error.find("cannot be opened"), std::string::npos) << r.error;
  EXPECT_NE(r.error.find("line break"), std::string::npos) << r.error;
  EXPECT_EQ(r.error.find('\n'), std::string::npos) << r.error;  // one line on screen
}

TEST(DialogAnswer, ANewlinePathOpensNothingAndIsNotRemembered) {
  Stub s;
  fs::copy_file(kTables + "one_by_one.npy", s.dir / "a");  // the file the first line names
  Headless h;
  h.init();
  h.frames(2);
  h.app.loading.dialog.tool = {DialogKind::Zenity, s.zenity("printf '%s\\n' '" + (s.dir / "a\nb.npy").string() + "'")};
  request_open_table(h.app);
  for (int i = 0; i < 1000 && (h.app.loading.dialog.job.active() || table_loading(h.app)); ++i) {
    h.frame();
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  h.frames(2);
  EXPECT_EQ(h.app.inputs.file, nullptr);  // …/a was not opened in its place
  EXPECT_TRUE(h.app.loading.recent.empty());
  EXPECT_NE(h.app.loading.error.find("cannot be opened"), std::string::npos) << h.app.loading.error;
  EXPECT_EQ(h.app.loading.dialog.tool.kind, DialogKind::Zenity);  // still the dialog to use
  EXPECT_FALSE(h.app.loading.picker.open);
}

TEST(DialogAnswer, AHungDialogTimesOutAndIsEnded) {
  Stub s;
  const std::string z = s.zenity("echo $$ > '" + s.pid_file() + "'\nexec sleep 1000");
  const auto t0 = std::chrono::steady_clock::now();
  const DialogResult r = run_dialog({z}, /*timeout_seconds=*/1.0);
  EXPECT_LT(seconds_since(t0), 5.0);
  EXPECT_EQ(r.outcome, DialogResult::Refused);
  EXPECT_NE(r.error.find("no answer"), std::string::npos) << r.error;
  const pid_t pid = s.written_pid();
  ASSERT_GT(pid, 0);
  EXPECT_TRUE(gone_within(pid, 2.0));
}

TEST(DialogAnswer, ADialogStillOpenAtQuitIsEnded) {
  Stub s;
  // It ignores SIGTERM, as a stuck program may: SIGKILL follows.
  const std::string z = s.zenity("trap '' TERM\necho $$ > '" + s.pid_file() + "'\nwhile :; do sleep 1; done");
  auto job = std::async(std::launch::async, [z] { return run_dialog({z}); });
  const pid_t pid = s.written_pid();
  ASSERT_GT(pid, 0);
  EXPECT_TRUE(alive(pid));
  const auto t0 = std::chrono::steady_clock::now();
  end_dialogs();  // as main() does when the window closes
  ASSERT_EQ(job.wait_for(std::chrono::seconds(5)), std::future_status::ready);
  EXPECT_LT(seconds_since(t0), 5.0);
  EXPECT_TRUE(gone_within(pid, 2.0));
  EXPECT_NE(job.get().outcome, DialogResult::Chosen);
}

TEST(DialogAnswer, AChildKeepingTheOutputOpenDoesNotHoldTheAnswer) {
  Stub s;
  // The dialog answers and exits; a child it started keeps standard output open.
  const std::string z = s.zenity("sleep 1000 &\necho $! > '" + s.pid_file() + "'\necho /tmp/chosen.npy\nexit 0");
  const auto t0 = std::chrono::steady_clock::now();
  const DialogResult r = run_dialog({z});
  EXPECT_LT(seconds_since(t0), 5.0);
  EXPECT_EQ(r.outcome, DialogResult::Chosen) << r.error;
  EXPECT_EQ(r.path, "/tmp/chosen.npy");
  const pid_t child = s.written_pid();
  ASSERT_GT(child, 0);
  EXPECT_TRUE(gone_within(child, 2.0));  // the rest of its process group is ended
}

TEST(DialogAnswer, CancelAndFailureAreAsBefore) {
  Stub s;
  EXPECT_EQ(run_dialog({s.zenity("exit 1")}).outcome, DialogResult::Cancelled);
  const DialogResult r = run_dialog({s.zenity("exit 255")});
  EXPECT_EQ(r.outcome, DialogResult::Failed);
  EXPECT_EQ(r.error, "zenity failed (exit status 255)");
}

}  // namespace
}  // namespace lv::app::test
