// recent_files_test.cpp — the recent-files list: order, repeats, the limit, the file.
#include "core/recent_files.hpp"

#include <gtest/gtest.h>

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
