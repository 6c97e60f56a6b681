// recent_files_test.cpp — the recent-files list: order, repeats, the limit, the file.
#include "core/settings/recent_files.hpp"

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

using Files = std::vector<std::string>;

TEST(RecentFiles, NewestFirstWithoutRepeats) {
  Files r;
  lv::remember_recent(r, "/a.npy");
  lv::remember_recent(r, "/b.safetensors:wte");
  lv::remember_recent(r, "/a.npy");  // opened again: moves to the front
  EXPECT_EQ(r, (Files{"/a.npy", "/b.safetensors:wte"}));
  lv::remember_recent(r, "");                // nothing to remember
  lv::remember_recent(r, "/bad\nname.npy");  // cannot be stored one per line
  EXPECT_EQ(r.size(), 2u);
}

TEST(RecentFiles, KeepsAtMostTheLimit) {
  Files r;
  for (int i = 0; i < 25; ++i) lv::remember_recent(r, "/t" + std::to_string(i) + ".npy");
  ASSERT_EQ(r.size(), lv::kMaxRecentFiles);
  EXPECT_EQ(r.front(), "/t24.npy");
  EXPECT_EQ(r.back(), "/t" + std::to_string(25 - lv::kMaxRecentFiles) + ".npy");
}

TEST(RecentFiles, ParsesWhatItWrites) {
  const Files r = {"/home/ann/My Models/x.safetensors:wte.weight", "/tmp/t.npy"};
  EXPECT_EQ(lv::parse_recent_files(lv::recent_files_text(r)), r);
  // Blank lines, CRLF, repeats and a missing final newline are all fine.
  EXPECT_EQ(lv::parse_recent_files("\n/a\r\n\n/b\n/a\n/c"), (Files{"/a", "/b", "/c"}));
  std::string many;
  for (int i = 0; i < 40; ++i) many += "/f" + std::to_string(i) + "\n";
  EXPECT_EQ(lv::parse_recent_files(many).size(), lv::kMaxRecentFiles);
}

TEST(RecentFiles, RoundTripsThroughTheFile) {
  const auto dir = std::filesystem::temp_directory_path() / "lv-recent-test";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string path = (dir / lv::kRecentFilesName).string();
  EXPECT_TRUE(lv::load_recent_files(path).empty());  // no file yet
  const Files r = {"/x.npy", "/y.npy"};
  EXPECT_EQ(lv::save_recent_files(path, r), "");
  EXPECT_EQ(lv::load_recent_files(path), r);
  EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));
  // A folder that cannot be written: a reason, not a crash.
  EXPECT_NE(lv::save_recent_files((dir / "missing" / "recent").string(), r), "");
  std::filesystem::remove_all(dir);
}

// Two instances (here eight processes) adding their tables at once: each reads, adds and
// writes under the list's lock, so none is lost. Before, each wrote the list it had read
// at its start plus its own table, and the last rename won.
TEST(RecentFiles, InstancesRecordingAtOnceLoseNoEntry) {
  const auto dir = std::filesystem::temp_directory_path() / ("lv-recent-race-" + std::to_string(getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string path = (dir / lv::kRecentFilesName).string();
  constexpr int kProcs = 8;
  static_assert(kProcs <= static_cast<int>(lv::kMaxRecentFiles));
  std::vector<pid_t> kids;
  for (int p = 0; p < kProcs; ++p) {
    const pid_t pid = fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      // Each re-records its own table many times, so the writes interleave.
      const std::string mine = "/t" + std::to_string(p) + ".npy";
      bool ok = true;
      for (int k = 0; k < 40; ++k) ok &= lv::record_recent_file(path, mine, nullptr).empty();
      _exit(ok ? 0 : 1);
    }
    kids.push_back(pid);
  }
  for (pid_t k : kids) {
    int status = 0;
    waitpid(k, &status, 0);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  }
  const Files r = lv::load_recent_files(path);
  EXPECT_EQ(r.size(), static_cast<size_t>(kProcs));
  for (int p = 0; p < kProcs; ++p)
    EXPECT_NE(std::find(r.begin(), r.end(), "/t" + std::to_string(p) + ".npy"), r.end()) << p;
  Files merged;
  EXPECT_EQ(lv::record_recent_file(path, "/new.npy", &merged), "");
  EXPECT_EQ(merged.size(), static_cast<size_t>(kProcs + 1));
  EXPECT_EQ(merged.front(), "/new.npy");
  EXPECT_EQ(lv::load_recent_files(path), merged);
  std::filesystem::remove_all(dir);
}
