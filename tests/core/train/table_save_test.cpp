// table_save_test.cpp — File ▸ Save table as…: the trained table written as .safetensors
// reads back (lookupviz's own loader) as the very floats the trainer holds, lazily decayed
// rows included; the write is atomic and refuses what is not a regular file.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <algorithm>
#include <filesystem>
#include <memory>

#include "core/io/table_file.hpp"
#include "core/train/table_save.hpp"
#include "core/torch/torch_generator.hpp"
#include "core/torch/torch_layers.hpp"

namespace lv {
namespace {

namespace fs = std::filesystem;

Trainer trained_adamw() {
  TorchGenerator gen(123);
  TableView base(std::make_shared<const Matrix>(embedding_init(4, 3, gen)), nullptr, TableDtype::Float32, nullptr);
  TrainConfig c;
  c.optimizer = TrainOptimizer::AdamW;
  Trainer t(base, c);
  t.step(IdList{2});
  t.step(IdList{0});
  return t;
}

fs::path temp_dir() {
  const fs::path d = fs::path(::testing::TempDir()) / ("lv_table_save_" + std::to_string(getpid()));
  fs::create_directories(d);
  return d;
}

TEST(TableSave, TheTrainedTableReadsBackBitForBit) {
  const Trainer t = trained_adamw();
  const fs::path path = temp_dir() / "trained.safetensors";
  ASSERT_EQ(save_trained_safetensors(t, path.string()), "");
  TableLoad l = load_table(path.string());
  ASSERT_TRUE(l.ok) << l.error;
  ASSERT_EQ(l.table.rows, 4);
  ASSERT_EQ(l.table.cols, 3);
  TableView back(nullptr, std::make_shared<const TableFile>(std::move(l.table)), TableDtype::Float32, nullptr);
  for (int64_t r = 0; r < 4; ++r)
    for (int64_t c = 0; c < 3; ++c) {
      const float a = t.at(r, c), b = back.at(r, c);
      EXPECT_EQ(std::memcmp(&a, &b, sizeof a), 0) << r << ", " << c;  // rows 1 and 3: decayed lazily
    }
  // Nothing left beside it (the temporary file was renamed over the target).
  int files = 0;
  for (const auto& e : fs::directory_iterator(path.parent_path())) files += e.path().filename() != ".";
  EXPECT_EQ(files, 1);
  fs::remove_all(path.parent_path());
}

TEST(TableSave, RefusesWhatIsNotARegularFile) {
  const Trainer t = trained_adamw();
  const fs::path dir = temp_dir();
  const fs::path fifo = dir / "fifo.safetensors";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  const std::string e = save_trained_safetensors(t, fifo.string());
  EXPECT_NE(e.find("FIFO"), std::string::npos) << e;
  struct stat st;
  ASSERT_EQ(stat(fifo.c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode)) << "the FIFO is left alone, not replaced";
  EXPECT_NE(save_trained_safetensors(t, dir.string()), "") << "a folder is refused";
  EXPECT_TRUE(fs::is_directory(dir));
  fs::remove_all(dir);
}

// The save tells how far it is after each band of rows; told to stop, it leaves the target
// as it was (the last good file) and no temporary file beside it.
TEST(TableSave, ProgressIsToldAndAStoppedSaveKeepsTheLastGoodFile) {
  TorchGenerator gen(7);
  TableView base(std::make_shared<const Matrix>(embedding_init(3000, 200, gen)), nullptr, TableDtype::Float32, nullptr);
  TrainConfig c;
  c.optimizer = TrainOptimizer::Adam;
  Trainer t(base, c);
  t.step(IdList{5, 2999});
  const fs::path dir = temp_dir();
  const fs::path path = dir / "trained.safetensors";
  std::vector<double> told;
  ASSERT_EQ(save_trained_safetensors(
                t, path.string(),
                [&](double f) {
    told.push_back(f);
    return true;
                }),
            "");
  ASSERT_GE(told.size(), 2u) << "3,000 × 200 floats are more than one band of about 1 MB";
  EXPECT_TRUE(std::is_sorted(told.begin(), told.end()));
  EXPECT_EQ(told.back(), 1.0);
  const auto good = fs::file_size(path);
  t.step(IdList{7});
  int calls = 0;
  EXPECT_EQ(save_trained_safetensors(t, path.string(), [&](double) { return ++calls < 2; }), "stopped");
  EXPECT_EQ(fs::file_size(path), good);
  TableLoad l = load_table(path.string());
  ASSERT_TRUE(l.ok) << l.error;
  int files = 0;
  for (const auto& e : fs::directory_iterator(dir)) files += e.path().filename() != ".";
  EXPECT_EQ(files, 1) << "the stopped save's temporary file is removed";
  fs::remove_all(dir);
}

// Issue 39: a file replaced keeps its mode (a 0600 table never becomes 0644 by a save), a
// new file gets 0666 less the umask, as any new file.
TEST(TableSave, AReplacedFileKeepsItsMode) {
  const Trainer t = trained_adamw();
  const fs::path dir = temp_dir() / "mode";
  fs::create_directories(dir);
  for (unsigned mode : {0600u, 0640u, 0604u}) {
    const fs::path path = dir / ("private_" + std::to_string(mode) + ".safetensors");
    ASSERT_EQ(save_trained_safetensors(t, path.string()), "");
    ASSERT_EQ(chmod(path.c_str(), mode), 0);
    ASSERT_EQ(save_trained_safetensors(t, path.string()), "");
    struct stat st;
    ASSERT_EQ(stat(path.c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 07777, mode) << std::oct << mode;
    EXPECT_EQ(st.st_uid, geteuid());
  }
  // Through a symlink: the target keeps its mode, the link stays a link.
  const fs::path target = dir / "private_384.safetensors", link = dir / "link.safetensors";
  fs::create_symlink(target.filename(), link);
  ASSERT_EQ(save_trained_safetensors(t, link.string()), "");
  EXPECT_TRUE(fs::is_symlink(link));
  struct stat st;
  ASSERT_EQ(stat(target.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0600u);
  // The owner and group are kept where the saver may set them (root may give any; EPERM
  // otherwise is ignored): as root, a file of uid 1234 stays 1234's.
  if (geteuid() == 0) {
    const fs::path theirs = dir / "theirs.safetensors";
    ASSERT_EQ(save_trained_safetensors(t, theirs.string()), "");
    ASSERT_EQ(chown(theirs.c_str(), 1234, 4321), 0);
    // Set-user-ID too: the save sets the mode after the owner (chown clears it).
    ASSERT_EQ(chmod(theirs.c_str(), 04640), 0);
    ASSERT_EQ(save_trained_safetensors(t, theirs.string()), "");
    struct stat o;
    ASSERT_EQ(stat(theirs.c_str(), &o), 0);
    EXPECT_EQ(o.st_uid, 1234u);
    EXPECT_EQ(o.st_gid, 4321u);
    EXPECT_EQ(o.st_mode & 07777, 04640u);
  }
  // A new name: 0666 less the umask.
  const mode_t mask = umask(022);
  umask(mask);
  const fs::path fresh = dir / "new.safetensors";
  ASSERT_EQ(save_trained_safetensors(t, fresh.string()), "");
  ASSERT_EQ(stat(fresh.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0666u & ~mask);
  fs::remove_all(dir);
}

// Every failure names the path: a folder that is not there (today's "No such file or
// directory" said nothing of where), a FIFO, a folder; plan_table_save says the same
// before the save starts, and whether a file would be replaced.
TEST(TableSave, EveryFailureNamesThePath) {
  const Trainer t = trained_adamw();
  const fs::path dir = temp_dir() / "fail";
  fs::create_directories(dir);
  const std::string missing = (dir / "no_such_folder" / "t.safetensors").string();
  const std::string why = missing + ": the folder " + (dir / "no_such_folder").string() + " does not exist";
  EXPECT_EQ(save_trained_safetensors(t, missing), why);
  EXPECT_EQ(plan_table_save(missing).error, why);
  const fs::path file = dir / "plain.txt";
  {
    std::FILE* f = std::fopen(file.c_str(), "w");
    ASSERT_NE(f, nullptr);
    std::fputs("notes", f);
    std::fclose(f);
  }
  const std::string under_file = (file / "t.safetensors").string();
  EXPECT_EQ(plan_table_save(under_file).error, under_file + ": " + file.string() + " is not a folder");
  EXPECT_EQ(save_trained_safetensors(t, under_file), under_file + ": " + file.string() + " is not a folder");
  const fs::path fifo = dir / "fifo";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_EQ(save_trained_safetensors(t, fifo.string()),
            fifo.string() + ": it is a FIFO (named pipe), not a regular file");
  EXPECT_EQ(plan_table_save(fifo.string()).error, fifo.string() + ": it is a FIFO (named pipe), not a regular file");
  EXPECT_EQ(plan_table_save(dir.string()).error, dir.string() + ": it is a folder, not a regular file");
  // A file that is there (a table or not): planned as a replacement, no error.
  const TableSavePlan p = plan_table_save(file.string());
  EXPECT_EQ(p.error, "");
  EXPECT_TRUE(p.replaced.exists);
  EXPECT_EQ(p.replaced.size, 5);
  EXPECT_FALSE(plan_table_save((dir / "new.safetensors").string()).replaced.exists);
  EXPECT_EQ(plan_table_save("").error, "no file name given");
  fs::remove_all(dir);
}

}  // namespace
}  // namespace lv
