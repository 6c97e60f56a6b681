// hostile_input_test.cpp — issue 26 on the real binary: the tokenizer pack it reads for
// itself is bounded (a FIFO, a 10 GB sparse file, a folder at LOOKUPVIZ_DATA_DIR), and
// the command line's smaller rules (item 9): --detokenize's range and its empty lists,
// a repeated option, --weights=-, --tokenize - and --text-file past 131,071 bytes.
// Each run has a deadline (alarm() in the child): a hang is a failure, not a stuck suite.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "run_binary.hpp"

namespace {

namespace fs = std::filesystem;
using Args = std::vector<std::string>;

struct Ran {
  int exit_code = -1, signal = 0;
  std::string out, err;
  double seconds = 0;
};

// build/lookupviz args…, with stdin from stdin_path ("" : /dev/null), extra environment,
// and SIGALRM after `deadline` seconds (kept across exec).
Ran run(const Args& args, const std::string& stdin_path = "",
        const std::vector<std::pair<std::string, std::string>>& env = {}, unsigned deadline = 20) {
  char out_path[] = "/tmp/lv-hostile-out-XXXXXX", err_path[] = "/tmp/lv-hostile-err-XXXXXX";
  const int out_fd = mkstemp(out_path), err_fd = mkstemp(err_path);
  std::vector<std::string> argv_s = {LOOKUPVIZ_BIN};
  argv_s.insert(argv_s.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& s : argv_s) argv.push_back(s.data());
  argv.push_back(nullptr);
  const auto t0 = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid == 0) {
    dup2(out_fd, 1);
    dup2(err_fd, 2);
    const int in = open(stdin_path.empty() ? "/dev/null" : stdin_path.c_str(), O_RDONLY);
    if (in >= 0) dup2(in, 0);
    for (const auto& [k, v] : env) setenv(k.c_str(), v.c_str(), 1);
    alarm(deadline);
    execv(argv[0], argv.data());
    _exit(127);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  Ran r;
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  close(out_fd);
  close(err_fd);
  if (WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) r.signal = WTERMSIG(status);
  r.out = lvtest::slurp(out_path);
  r.err = lvtest::slurp(err_path);
  std::remove(out_path);
  std::remove(err_path);
  return r;
}

struct Scratch {
  fs::path dir;
  Scratch() {
    dir = fs::temp_directory_path() / ("lv-hostile-" + std::to_string(getpid()) + "-" +
                                       ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  ~Scratch() { fs::remove_all(dir); }
};

// ---------------------------------------------------------------- gpt2-bpe.bin (item 2)

TEST(HostilePack, AGiantAFifoAndAFolderAreRefusedAtOnce) {
  Scratch s;
  const std::string pack = (s.dir / "gpt2-bpe.bin").string();
  const std::vector<std::pair<std::string, std::string>> env = {{"LOOKUPVIZ_DATA_DIR", s.dir.string()}};
  // A 10 GB sparse file: its size is known to be 1,124,051, so nothing is read.
  {
    const int fd = open(pack.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ASSERT_EQ(ftruncate(fd, 10'000'000'000LL), 0);
    close(fd);
  }
  Ran r = run({"--tokenize", "hi"}, "", env);
  EXPECT_EQ(r.signal, 0);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "lookupviz: " + pack + " is 10,000,000,000 bytes, not 1,124,051: not a lookupviz tokenizer pack\n");
  EXPECT_LT(r.seconds, 5.0);
  // A FIFO: refused without waiting for a writer.
  fs::remove(pack);
  ASSERT_EQ(mkfifo(pack.c_str(), 0644), 0);
  r = run({"--tokenize", "hi"}, "", env);
  EXPECT_EQ(r.signal, 0) << "hung on the FIFO";
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "lookupviz: cannot read " + pack + ": it is a FIFO (named pipe), not a regular file\n");
  // A folder: said as such, not "there is not enough memory".
  fs::remove(pack);
  fs::create_directories(pack);
  r = run({"--tokenize", "hi"}, "", env);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "lookupviz: cannot read " + pack + ": it is a folder, not a regular file\n");
}

// ---------------------------------------------------------------- the command line (item 9)

TEST(HostileCli, DetokenizeNamesGpt2sRangeForAnyTooLargeId) {
  // Beyond any vocabulary: refused as it is read; beyond GPT-2's: by GPT-2's decode (a table's
  // own tokenizer, --weights, may have more tokens).
  Ran r = run({"--detokenize", "99999999999999999999999"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "lookupviz: --detokenize: 99999999999999999999999 is not a token of any tokenizer lookupviz reads "
                   "(GPT-2's IDs go from 0 to 50,256)\n");
  r = run({"--detokenize", "50257"});
  EXPECT_EQ(r.err, "lookupviz: --detokenize: 50257 is not a GPT-2 token: IDs go from 0 to 50,256\n");
}

TEST(HostileCli, OneRuleForEmptyItemsAndEmptyLists) {
  // Empty items are skipped; a list with no ID is the empty list, whatever its spelling.
  for (const char* empty : {"", "[]", "[ ]", ",", " , ", "[,]"}) {
    const Ran r = run({"--detokenize", empty});
    EXPECT_EQ(r.exit_code, 0) << "'" << empty << "': " << r.err;
    EXPECT_EQ(r.out, "\n") << "'" << empty << "'";
  }
  Ran r = run({"--detokenize", "15496,,11"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "Hello,\n");
  // --ids wants at least one, and says the rule.
  for (const char* empty : {"", "[]", "[ ]", ","}) {
    r = run({"--print", "--ids", empty});
    EXPECT_EQ(r.exit_code, 2) << empty;
    EXPECT_EQ(r.err, "lookupviz: --ids needs at least one ID, e.g. --ids 2,3,1 (IDs are separated by commas or spaces; "
                     "empty items are skipped)\n")
        << empty;
  }
  r = run({"--print", "--ids", "1,,2", "--dim", "2"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

TEST(HostileCli, ARepeatedOptionIsAnErrorNeverASilentOverride) {
  Ran r = run({"--print", "--dim", "3", "--dim", "4"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "lookupviz: --dim is given twice: give each option once (see --help)\n");
  r = run({"--print", "--seed=1", "--seed", "2"});
  EXPECT_EQ(r.err, "lookupviz: --seed is given twice: give each option once (see --help)\n");
  r = run({"--print", "--print"});
  EXPECT_EQ(r.err, "lookupviz: --print is given twice: give each option once (see --help)\n");
  r = run({"--weights", "a.npy", "--weights", "b.npy", "--print"});
  EXPECT_EQ(r.err, "lookupviz: --weights is given twice: give one table file\n");
  r = run({"--help"});
  EXPECT_NE(r.out.find("each at most once"), std::string::npos);
}

TEST(HostileCli, WeightsDashIsStandardInputAsAPositionalDashIs) {
  const Ran a = run({"--print", "--weights=-"}), b = run({"--print", "--weights", "-"}), c = run({"--print", "-"});
  EXPECT_EQ(a.exit_code, 2);
  EXPECT_EQ(a.err, "lookupviz: lookupviz cannot read a table from standard input: give a file name\n");
  EXPECT_EQ(b.err, a.err);
  EXPECT_EQ(c.err, a.err);
}

// Text longer than a command-line argument can hold (131,071 bytes): from standard input
// and from a file, tokenized exactly as the same text in pieces.
TEST(HostileCli, TokenizesMoreThanAnArgumentHolds) {
  Scratch s;
  std::string text;
  while (text.size() <= 200'000) text += "Every effort moves you. ";
  const std::string path = (s.dir / "story.txt").string();
  std::ofstream(path, std::ios::binary) << text;
  // The expected IDs: each repetition tokenizes alike ("Every effort moves you." then " Every…").
  const Ran one = run({"--tokenize", "Every effort moves you."});
  const Ran rest = run({"--tokenize", " Every effort moves you."});
  ASSERT_EQ(one.exit_code, 0) << one.err;
  const size_t reps = text.size() / std::string("Every effort moves you. ").size();
  std::string want = one.out.substr(0, one.out.size() - 2);  // "[…" without "]\n"
  const std::string more = ", " + rest.out.substr(1, rest.out.size() - 3);
  for (size_t i = 1; i < reps; ++i) want += more;
  want += ", 220]\n";  // the final space
  Ran r = run({"--tokenize", "-"}, path);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, want);
  r = run({"--text-file", path});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, want);
  // Bounded: /dev/zero is refused after 64 MiB, not read for ever; a folder is named.
  r = run({"--text-file", "/dev/zero"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err,
            "lookupviz: --text-file: /dev/zero holds more than 67,108,864 bytes; at most that many are tokenized\n");
  r = run({"--text-file", s.dir.string()});
  EXPECT_EQ(r.err, "lookupviz: --text-file: " + s.dir.string() + " is a folder, not a text file\n");
  r = run({"--tokenize", "hi", "--text-file", path});
  EXPECT_EQ(r.err, "lookupviz: give --tokenize or --text-file, not both\n");
}

}  // namespace
