// ui_budget_test.cpp — issue 17 in the window: a state past the budget is refused with
// its reason in the editor bar and the last good state kept (item 4); the window's memory
// estimate (core/kernels/work_budget.hpp window_cost) matches the high-water mark of really
// computing the state within 25 %; out of memory while computing a state keeps the last
// good one and says so, never exits (item 6).
#include <gtest/gtest.h>
#include <malloc.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "app/deck/app_init.hpp"
#include "app/model/out_of_memory.hpp"
#include "../shared/spread_ids.hpp"
#include "headless.hpp"
#include "screen_text.hpp"

namespace lv::app::test {
namespace {

// A budget that refuses little work, so the test's states stay small and fast.
constexpr Budget kSmallWork{int64_t{1} << 40, 100'000.0};
constexpr Budget kUnlimited{int64_t{1} << 62, 1e18};

TEST(UiBudget, AnIdsEditPastTheBudgetIsRefusedAndTheLastStateStays) {
  Headless h;
  h.init();
  h.app.budget = kSmallWork;
  h.frames(2);
  const Matrix before = h.app.derived.lookup_out;
  ASSERT_EQ(h.app.derived.vocab, 4);
  // 3,001 rows: typed live (3,001 × 5 is small enough to build while typing) and refused.
  ASSERT_TRUE(h.replace_text("ids-text", "0, 1, 2, 3000"));
  EXPECT_EQ(h.app.inputs.ids, (IdList{2, 3, 1}));
  EXPECT_EQ(h.app.derived.vocab, 4);
  EXPECT_EQ(h.app.derived.lookup_out, before);
  EXPECT_NE(h.app.ui.editor.state_error.find("4 IDs into a 3,001 × 5 table need about"), std::string::npos)
      << h.app.ui.editor.state_error;
  h.press(kEnter);
  h.frames(2);
  EXPECT_EQ(h.app.inputs.ids, (IdList{2, 3, 1}));
  EXPECT_STREQ(h.app.ui.editor.ids_buf, "2, 3, 1");
  EXPECT_EQ(h.app.derived.lookup_out, before);
  // What the user reads: the reason, and that the last state is still shown.
  const ScreenText s = read_screen();
  EXPECT_TRUE(s.contains("4 IDs into a 3,001 × 5 table need about")) << s.all();
  EXPECT_TRUE(s.contains("a few seconds allow: use fewer IDs, a smaller D or a smaller table")) << s.all();
  EXPECT_TRUE(s.contains("still showing the last state")) << s.all();
  // A state that fits is taken, and the message goes.
  ASSERT_TRUE(h.replace_text("ids-text", "0, 5"));
  h.press(kEnter);
  h.frames(2);
  EXPECT_EQ(h.app.inputs.ids, (IdList{0, 5}));
  EXPECT_EQ(h.app.derived.vocab, 6);
  EXPECT_TRUE(h.app.ui.editor.state_error.empty());
  EXPECT_FALSE(read_screen().contains("still showing the last state"));
}

TEST(UiBudget, ADimPastTheBudgetIsRefusedToo) {
  Headless h;
  h.init();
  h.app.budget = kSmallWork;
  take_change(h.app, set_dim(h.app, 4000));  // 4 × 4,000: within every other limit
  EXPECT_EQ(h.app.inputs.dim, 5);
  EXPECT_EQ(h.app.derived.dim, 5);
  EXPECT_NE(h.app.ui.editor.state_error.find("3 IDs into a 4 × 4,000 table need about"), std::string::npos)
      << h.app.ui.editor.state_error;
  h.app.budget = kUnlimited;
  take_change(h.app, set_dim(h.app, 4000));
  EXPECT_EQ(h.app.derived.dim, 4000);
  EXPECT_TRUE(h.app.ui.editor.state_error.empty());
}

// ---------------------------------------------------------------- measured in a child
long long status_kb(const char* key) {
  std::ifstream f("/proc/self/status");
  std::string k;
  long long v = -1;
  for (std::string line; std::getline(f, line);)
    if (line.rfind(key, 0) == 0) v = std::stoll(line.substr(std::string(key).size()));
  return v;
}

// The resident high-water mark's growth while the window computes `args`'s state (every
// job finished), in a child process: its own peak, reset first (clear_refs 5). Blocks of
// 64 kB and more are mapped fresh (a fixed mmap threshold), so what the state allocates
// is counted, not hidden in memory the test freed before. -1 on failure.
long long state_peak_bytes(const std::vector<std::string>& args) {
  int fd[2];
  if (pipe(fd) != 0) return -1;
  const pid_t pid = fork();
  if (pid == 0) {
    close(fd[0]);
    mallopt(M_MMAP_THRESHOLD, 64 * 1024);
    {
      std::ofstream c("/proc/self/clear_refs");
      c << "5";
    }
    const long long before = status_kb("VmHWM:");
    {
      App app;
      app.budget = kUnlimited;
      app_init(app, parse_cli(args).options);
      finish_jobs(app);
      const long long peak = status_kb("VmHWM:");
      const long long grew = (peak - before) * 1024;
      if (write(fd[1], &grew, sizeof grew) != sizeof grew) _exit(1);
    }
    _exit(0);
  }
  close(fd[1]);
  long long grew = -1;
  if (read(fd[0], &grew, sizeof grew) != sizeof grew) grew = -1;
  close(fd[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? grew : -1;
}

TEST(UiBudget, TheWindowsMemoryEstimateMatchesItsPeakWithin25Percent) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "AddressSanitizer's shadow and quarantine are part of the resident set";
#endif
  auto shape = [](int64_t b, int64_t v, int64_t d) {
    StateShape s;
    s.batch = b;
    s.vocab = v;
    s.dim = d;
    return s;
  };
  auto args = [](const StateShape& s) {
    return std::vector<std::string>{"lookupviz", "--ids", spread_ids(s.batch, s.vocab), "--dim", std::to_string(s.dim)};
  };
  const StateShape tiny = shape(1, 1, 1);
  const long long base = state_peak_bytes(args(tiny));
  ASSERT_GE(base, 0);
  // A big table and few IDs; many IDs and a small table; both in between.
  const StateShape shapes[] = {shape(64, 4096, 1024), shape(2048, 16, 4096), shape(32, 16384, 256),
                               shape(512, 64, 8192)};
  for (const StateShape& s : shapes) {
    const long long peak = state_peak_bytes(args(s));
    ASSERT_GT(peak, 0);
    const double measured = static_cast<double>(peak - base);
    const double estimated = static_cast<double>(window_cost(s).bytes - window_cost(tiny).bytes);
    std::printf("window B=%lld V=%lld D=%lld: estimated %.1f MB, measured %.1f MB (%+.1f %%)\n",
                static_cast<long long>(s.batch), static_cast<long long>(s.vocab), static_cast<long long>(s.dim),
                estimated / 1e6, measured / 1e6, (estimated / measured - 1.0) * 100.0);
    EXPECT_NEAR(estimated, measured, measured * 0.25) << s.batch << " × " << s.vocab << " × " << s.dim;
  }
}

// Item 6: a state that fits the budget but not this process (an address-space limit a
// little above what it uses): its first big matrix cannot be allocated. The window says
// so in the editor bar and shows the last good state; nothing exits.
TEST(UiBudget, OutOfMemoryWhileComputingAStateKeepsTheLastGoodOne) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "an address-space limit and AddressSanitizer do not mix";
#endif
  const pid_t pid = fork();
  if (pid == 0) {
    Headless h;
    h.init({"lookupviz", "--ids", "0,1,2,3", "--dim", "16384"});
    h.app.budget = kUnlimited;  // the budget would refuse it first on a small machine
    h.frames(2);
    const Matrix before = h.app.derived.lookup_out;
    // 4,096 IDs × 16,384: 256 MB a matrix, with 64 MB of room.
    const long long vm = status_kb("VmSize:") * 1024;
    rlimit old{};
    getrlimit(RLIMIT_AS, &old);
    const rlimit tight{static_cast<rlim_t>(vm + (64ll << 20)), old.rlim_max};
    if (setrlimit(RLIMIT_AS, &tight) != 0) _exit(10);
    IdList many;
    for (int i = 0; i < 4096; ++i) many.push_back(i % 4);
    const Change change = set_ids(h.app, many);
    setrlimit(RLIMIT_AS, &old);
    take_change(h.app, change);  // the view shows what the model said
    if (h.app.inputs.ids != (IdList{0, 1, 2, 3})) _exit(11);
    if (h.app.derived.batch != 4 || h.app.derived.lookup_out != before) _exit(12);
    if (h.app.ui.editor.state_error != kOutOfMemoryWindowLine) _exit(13);
    h.frames(2);
    if (!read_screen().contains("There is not enough memory for that state")) _exit(14);
    if (!read_screen().contains("still showing the last state")) _exit(15);
    // And the window goes on: a state that fits is taken.
    take_change(h.app, set_ids(h.app, IdList{3, 0}));
    if (h.app.derived.batch != 2 || !h.app.ui.editor.state_error.empty()) _exit(16);
    _exit(0);
  }
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status)) << "signal " << (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
  EXPECT_EQ(WEXITSTATUS(status), 0) << "10: no limit; 11: IDs; 12: outputs; 13: message; 14-15: screen; 16: after";
}

}  // namespace
}  // namespace lv::app::test
