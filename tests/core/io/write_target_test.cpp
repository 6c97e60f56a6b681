// write_target_test.cpp — saving never replaces what is not a regular file (issue 17,
// item 1): a symlink stays a link and its target gets the new contents, atomically; a
// FIFO, a device or a socket is refused with a sentence and left exactly as it was.
// Checked on resolve_write_target and on the two core writers (GIF, session); the PNG
// path is checked on the real binary in tests/cli/failure_paths_test.cpp.
#include "core/io/write_target.hpp"

#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/io/gif_writer.hpp"
#include "core/settings/session_settings.hpp"

namespace {

namespace fs = std::filesystem;

struct TempDir {
  std::string path;
  TempDir() {
    char tmpl[] = "/tmp/lookupviz_wt_XXXXXX";
    path = mkdtemp(tmpl);
  }
  ~TempDir() { fs::remove_all(path); }
};

std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

void spit(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

bool is_link(const std::string& p) {
  struct stat st;
  return lstat(p.c_str(), &st) == 0 && S_ISLNK(st.st_mode);
}
bool is_fifo(const std::string& p) {
  struct stat st;
  return lstat(p.c_str(), &st) == 0 && S_ISFIFO(st.st_mode);
}

std::vector<std::string> list_dir(const std::string& dir) {
  std::vector<std::string> v;
  for (const auto& e : fs::directory_iterator(dir)) v.push_back(e.path().filename().string());
  std::sort(v.begin(), v.end());
  return v;
}

// A 4 × 4 grey frame, enough for a valid GIF.
std::string write_gif(const std::string& path) {
  std::vector<uint8_t> px(4 * 4 * 4, 128);
  lv::GifWriter gif(path);
  if (!gif.error().empty()) return gif.error();
  if (std::string e = gif.add_frame(px.data(), 4, 4, 10); !e.empty()) return e;
  return gif.finish();
}

TEST(WriteTarget, APlainOrMissingPathIsItself) {
  TempDir d;
  EXPECT_EQ(lv::resolve_write_target(d.path + "/new.png").path, d.path + "/new.png");
  spit(d.path + "/old.png", "x");
  const lv::WriteTarget t = lv::resolve_write_target(d.path + "/old.png");
  EXPECT_EQ(t.error, lv::WriteTargetError::None);
  EXPECT_EQ(t.path, d.path + "/old.png");
}

TEST(WriteTarget, SymlinksAreFollowedRelativeToTheirFolder) {
  TempDir d;
  fs::create_directory(d.path + "/real");
  spit(d.path + "/real/s.ini", "old");
  ASSERT_EQ(symlink("real/s.ini", (d.path + "/hop").c_str()), 0);                // relative to d
  ASSERT_EQ(symlink((d.path + "/hop").c_str(), (d.path + "/link").c_str()), 0);  // absolute, a chain
  const lv::WriteTarget t = lv::resolve_write_target(d.path + "/link");
  EXPECT_EQ(t.error, lv::WriteTargetError::None);
  EXPECT_EQ(t.path, d.path + "/real/s.ini");
  // A dangling link names the file to create.
  ASSERT_EQ(symlink("real/later.png", (d.path + "/dangling").c_str()), 0);
  EXPECT_EQ(lv::resolve_write_target(d.path + "/dangling").path, d.path + "/real/later.png");
}

TEST(WriteTarget, FifosDevicesSocketsFoldersAndLoopsAreRefused) {
  TempDir d;
  ASSERT_EQ(mkfifo((d.path + "/fifo").c_str(), 0600), 0);
  lv::WriteTarget t = lv::resolve_write_target(d.path + "/fifo");
  EXPECT_EQ(t.error, lv::WriteTargetError::NotRegularFile);
  EXPECT_EQ(t.reason, "it is a FIFO (named pipe), not a regular file");
  t = lv::resolve_write_target("/dev/null");
  EXPECT_EQ(t.error, lv::WriteTargetError::NotRegularFile);
  EXPECT_EQ(t.reason, "it is a character device, not a regular file");
  ASSERT_EQ(symlink("/dev/null", (d.path + "/to-null").c_str()), 0);  // a device behind a link
  EXPECT_EQ(lv::resolve_write_target(d.path + "/to-null").error, lv::WriteTargetError::NotRegularFile);
  EXPECT_EQ(lv::resolve_write_target(d.path).error, lv::WriteTargetError::NotRegularFile);
  const std::string sock_path = d.path + "/sock";
  const int s = socket(AF_UNIX, SOCK_STREAM, 0);
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  std::strncpy(addr.sun_path, sock_path.c_str(), sizeof addr.sun_path - 1);
  ASSERT_EQ(bind(s, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
  t = lv::resolve_write_target(sock_path);
  close(s);
  EXPECT_EQ(t.reason, "it is a socket, not a regular file");
  ASSERT_EQ(symlink("loop", (d.path + "/loop").c_str()), 0);
  EXPECT_EQ(lv::resolve_write_target(d.path + "/loop").error, lv::WriteTargetError::LinkLoop);
}

TEST(WriteTarget, TheSessionThroughASymlinkKeepsTheLink) {
  TempDir d;
  fs::create_directory(d.path + "/dotfiles");
  spit(d.path + "/dotfiles/session.ini", "old");
  ASSERT_EQ(symlink("dotfiles/session.ini", (d.path + "/session.ini").c_str()), 0);
  const std::string text = lv::write_settings(lv::SessionSettings{});
  ASSERT_EQ(lv::save_settings_file(d.path + "/session.ini", text), "");
  EXPECT_TRUE(is_link(d.path + "/session.ini"));
  EXPECT_EQ(slurp(d.path + "/dotfiles/session.ini"), text);
  EXPECT_EQ(list_dir(d.path + "/dotfiles"), std::vector<std::string>{"session.ini"});  // no temp file left
  EXPECT_TRUE(lv::load_settings_file(d.path + "/session.ini").ok);
}

TEST(WriteTarget, TheSessionIsNeverWrittenOverAFifo) {
  TempDir d;
  const std::string path = d.path + "/session.ini";
  ASSERT_EQ(mkfifo(path.c_str(), 0600), 0);
  EXPECT_EQ(lv::save_settings_file(path, "text"),
            "Could not save the session to " + path + " (it is a FIFO (named pipe), not a regular file).");
  EXPECT_TRUE(is_fifo(path));
  EXPECT_EQ(list_dir(d.path), std::vector<std::string>{"session.ini"});
}

TEST(WriteTarget, AGifThroughASymlinkKeepsTheLinkAndAFifoIsRefused) {
  TempDir d;
  ASSERT_EQ(symlink("out/real.gif", (d.path + "/a.gif").c_str()), 0);
  fs::create_directory(d.path + "/out");
  ASSERT_EQ(write_gif(d.path + "/a.gif"), "");
  EXPECT_TRUE(is_link(d.path + "/a.gif"));
  EXPECT_EQ(slurp(d.path + "/out/real.gif").substr(0, 6), "GIF89a");
  EXPECT_EQ(list_dir(d.path + "/out"), std::vector<std::string>{"real.gif"});

  ASSERT_EQ(mkfifo((d.path + "/b.gif").c_str(), 0600), 0);
  EXPECT_EQ(write_gif(d.path + "/b.gif"),
            "cannot write " + d.path + "/b.gif: it is a FIFO (named pipe), not a regular file");
  EXPECT_TRUE(is_fifo(d.path + "/b.gif"));
  EXPECT_FALSE(fs::exists(d.path + "/b.gif.part"));
}

}  // namespace
