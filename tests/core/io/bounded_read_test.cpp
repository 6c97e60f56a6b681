// bounded_read_test.cpp — the files lookupviz reads for itself are read bounded
// (core/io/small_file.hpp, issue 26 item 2): recent-files, the tokenizer pack and
// user-dirs.dirs as a FIFO (never blocks), /dev/zero, a 10 GB sparse file, a folder, one
// 50 MB line. Each case runs under alarm(): a read that hangs fails the test (SIGALRM)
// instead of blocking the suite.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>

#include "core/tokenizer/bpe_vocab.hpp"
#include "core/settings/recent_files.hpp"
#include "core/io/small_file.hpp"
#include "core/settings/xdg_dirs.hpp"

namespace {

namespace fs = std::filesystem;
constexpr uint64_t kTenGB = 10'000'000'000ull;

struct Scratch {
  fs::path dir;
  Scratch() {
    dir = fs::temp_directory_path() / ("lv-bounded-" + std::to_string(getpid()) + "-" +
                                       ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir);
    fs::create_directories(dir);
    alarm(20);  // a hang is a failure, not a stuck suite
  }
  ~Scratch() {
    alarm(0);
    fs::remove_all(dir);
  }
  std::string fifo(const std::string& name) const {
    const std::string p = (dir / name).string();
    EXPECT_EQ(mkfifo(p.c_str(), 0644), 0);
    return p;
  }
  std::string sparse(const std::string& name, uint64_t size) const {
    const std::string p = (dir / name).string();
    const int fd = open(p.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    EXPECT_GE(fd, 0);
    EXPECT_EQ(ftruncate(fd, static_cast<off_t>(size)), 0);  // as truncate -s 10G
    close(fd);
    return p;
  }
  std::string folder(const std::string& name) const {
    fs::create_directories(dir / name);
    return (dir / name).string();
  }
  std::string file(const std::string& name, const std::string& text) const {
    std::ofstream((dir / name).string(), std::ios::binary) << text;
    return (dir / name).string();
  }
};

double seconds(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

TEST(SmallFile, ReadsARegularFileWhole) {
  Scratch s;
  const lv::SmallFileRead r = lv::read_small_file(s.file("a", "hello\n"), 100);
  ASSERT_TRUE(r.ok()) << r.reason;
  EXPECT_EQ(r.text, "hello\n");
  EXPECT_EQ(lv::read_small_file(s.file("b", ""), 100).text, "");
  EXPECT_EQ(lv::read_small_file((s.dir / "missing").string(), 100).status, lv::SmallFileRead::Missing);
  // Exactly the size expected, where it is known.
  EXPECT_TRUE(lv::read_small_file(s.file("c", "12345"), 100, 5).ok());
  const lv::SmallFileRead wrong = lv::read_small_file(s.file("d", "1234"), 100, 5);
  EXPECT_EQ(wrong.status, lv::SmallFileRead::TooLarge);
  EXPECT_EQ(wrong.reason, "it is 4 bytes, not 5");
}

TEST(SmallFile, AFifoIsRefusedWithoutWaitingForAWriter) {
  Scratch s;
  const auto t0 = std::chrono::steady_clock::now();
  const lv::SmallFileRead r = lv::read_small_file(s.fifo("fifo"), 1 << 20);
  EXPECT_EQ(r.status, lv::SmallFileRead::NotRegular);
  EXPECT_EQ(r.reason, "it is a FIFO (named pipe), not a regular file");
  EXPECT_LT(seconds(t0), 1.0);
}

TEST(SmallFile, DevicesFoldersAndGiantsAreNotRead) {
  Scratch s;
  EXPECT_EQ(lv::read_small_file("/dev/zero", 1 << 20).reason, "it is a character device, not a regular file");
  EXPECT_EQ(lv::read_small_file(s.folder("dir"), 1 << 20).reason, "it is a folder, not a regular file");
  const auto t0 = std::chrono::steady_clock::now();
  const lv::SmallFileRead big = lv::read_small_file(s.sparse("big", kTenGB), 1 << 20);
  EXPECT_EQ(big.status, lv::SmallFileRead::TooLarge);
  EXPECT_EQ(big.size, kTenGB);
  EXPECT_EQ(big.reason, "it is 10,000,000,000 bytes, more than the 1,048,576 such a file can be");
  EXPECT_TRUE(big.text.empty());
  EXPECT_LT(seconds(t0), 1.0);  // not read: refused by its size
}

TEST(SmallFile, WritesAtomicallyAndRefusesAFifo) {
  Scratch s;
  const std::string p = (s.dir / "out.ini").string();
  EXPECT_EQ(lv::write_small_file(p, "a=1\n"), "");
  EXPECT_EQ(lv::read_small_file(p, 100).text, "a=1\n");
  EXPECT_EQ(lv::write_small_file(p, "a=2\n"), "");
  EXPECT_EQ(lv::read_small_file(p, 100).text, "a=2\n");
  const std::string f = s.fifo("fifo.ini");
  EXPECT_EQ(lv::write_small_file(f, "x"), "it is a FIFO (named pipe), not a regular file");  // and never blocks
  struct stat st;
  ASSERT_EQ(lstat(f.c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode));  // left as it was
  size_t files = 0;
  for (const auto& e : fs::directory_iterator(s.dir))
    files += e.path().filename().string().find(".tmp") == std::string::npos;
  EXPECT_EQ(files, 2u);  // no temporary file left behind
}

// ---------------------------------------------------------------- recent-files

TEST(RecentFilesBounded, AFifoDevZeroAGiantAndALongLineReadAsNoList) {
  Scratch s;
  auto t0 = std::chrono::steady_clock::now();
  EXPECT_TRUE(lv::load_recent_files(s.fifo("recent-fifo")).empty());
  EXPECT_TRUE(lv::load_recent_files("/dev/zero").empty());
  EXPECT_TRUE(lv::load_recent_files(s.sparse("recent-sparse", kTenGB)).empty());
  EXPECT_TRUE(lv::load_recent_files(s.folder("recent-dir")).empty());
  EXPECT_LT(seconds(t0), 1.0);
  // One 50 MB line (and a good line after it): larger than any list, not read.
  std::string text(50u << 20, 'a');
  text = "/" + text + "\n/good.npy\n";
  const std::string long_line = s.file("recent-long", text);
  t0 = std::chrono::steady_clock::now();
  EXPECT_TRUE(lv::load_recent_files(long_line).empty());
  EXPECT_LT(seconds(t0), 1.0);  // refused by its size, not read
}

TEST(RecentFilesBounded, LinesLongerThanAPathAreSkipped) {
  const std::string longest = "/" + std::string(lv::kMaxRecentSpecBytes - 1, 'p');
  const std::string too_long = longest + "q";
  EXPECT_EQ(lv::parse_recent_files("/a\n" + too_long + "\n" + longest + "\n/b\n"),
            (std::vector<std::string>{"/a", longest, "/b"}));
  EXPECT_EQ(lv::parse_recent_files(std::string("/a\0b\n/c\n", 8)), std::vector<std::string>{"/c"});  // a NUL: no path
  // What cannot be read back is never stored.
  std::vector<std::string> r;
  lv::remember_recent(r, too_long);
  lv::remember_recent(r, std::string("/x\0y", 4));
  EXPECT_TRUE(r.empty());
  lv::remember_recent(r, longest);
  EXPECT_EQ(r.size(), 1u);
  // The biggest list this app writes fits the cap.
  std::vector<std::string> full;
  for (size_t i = 0; i < lv::kMaxRecentFiles; ++i)
    lv::remember_recent(full, longest.substr(0, longest.size() - 2) + std::to_string(10 + i));
  EXPECT_LE(lv::recent_files_text(full).size(), lv::kMaxRecentFilesBytes);
  Scratch s;
  EXPECT_EQ(lv::load_recent_files(s.file("recent", lv::recent_files_text(full))), full);
}

TEST(RecentFilesBounded, AFifoAtThePathIsNotReplacedBySaving) {
  Scratch s;
  const std::string fifo = s.fifo("recent-files");
  EXPECT_NE(lv::save_recent_files(fifo, {"/a.npy"}), "");
  struct stat st;
  ASSERT_EQ(lstat(fifo.c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode));
}

// ---------------------------------------------------------------- the tokenizer pack

TEST(BpePackBounded, ItsSizeIsKnown) { EXPECT_EQ(fs::file_size(LOOKUPVIZ_BPE_PACK), lv::kBpePackBytes); }

TEST(BpePackBounded, AGiantAFifoAndAFolderAreRefusedInTheirOwnWords) {
  Scratch s;
  const auto t0 = std::chrono::steady_clock::now();
  const std::string giant = s.sparse("gpt2-bpe.bin", kTenGB);
  lv::VocabLoad r = lv::read_pack_file(giant);
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.error, giant + " is 10,000,000,000 bytes, not 1,124,051: not a lookupviz tokenizer pack");
  const std::string fifo = s.fifo("fifo.bin");
  r = lv::read_pack_file(fifo);
  EXPECT_EQ(r.error, "cannot read " + fifo + ": it is a FIFO (named pipe), not a regular file");
  const std::string dir = s.folder("dir.bin");
  r = lv::read_pack_file(dir);
  EXPECT_EQ(r.error, "cannot read " + dir + ": it is a folder, not a regular file");  // not "not enough memory"
  EXPECT_LT(seconds(t0), 1.0);
}

// ---------------------------------------------------------------- user-dirs.dirs

TEST(UserDirsBounded, AFifoIsNotRead) {
  Scratch s;
  fs::create_directories(s.dir / "config");
  s.fifo("config/user-dirs.dirs");
  lv::XdgEnv env;
  env.home = s.dir.string();
  env.xdg_config_home = (s.dir / "config").string();
  EXPECT_FALSE(lv::xdg_user_dir(env, "PICTURES").has_value());  // and it returned
}

}  // namespace
