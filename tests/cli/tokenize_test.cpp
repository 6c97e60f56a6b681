// tokenize_test.cpp — the real binary's tokenizer modes: --tokenize prints exactly what
// print(tokenizer.encode(text, allowed_special={"<|endoftext|>"})) prints with tiktoken
// (the book's goldens), --detokenize what print(tokenizer.decode(ids)) prints, --text
// feeds --print; bad input exits 2 with one line, a missing or damaged tokenizer pack
// exits 1; the pack is found beside a build tree's binary and an installed one's.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "run_binary.hpp"

namespace {

namespace fs = std::filesystem;
using Args = std::vector<std::string>;

void expect_output(const Args& args, const std::string& out) {
  const lvtest::RunResult r = lvtest::run_binary(args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, out);
  EXPECT_EQ(r.err, "");
}

void expect_usage_error(const Args& args, const std::string& message) {
  const lvtest::RunResult r = lvtest::run_binary(args);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "lookupviz: " + message + "\n");
}

TEST(Tokenize, TheBooksGoldensExactly) {
  expect_output({"--tokenize", "Hello, do you like tea? <|endoftext|> In the sunlit terraces of someunknownPlace."},
                "[15496, 11, 466, 345, 588, 8887, 30, 220, 50256, 554, 262, 4252, 18250, 8812, 2114, 286, 617, 34680, "
                "27271, 13]\n");
  expect_output({"--tokenize", "Every effort moves you"}, "[6109, 3626, 6100, 345]\n");
  expect_output({"--tokenize", "Akwirw ier"}, "[33901, 86, 343, 86, 220, 959]\n");
  expect_output({"--tokenize", "Hello, world. Is this-- a test?"},
                "[15496, 11, 995, 13, 1148, 428, 438, 257, 1332, 30]\n");
  expect_output({"--tokenize", "Implementations"}, "[3546, 26908, 602]\n");
  expect_output({"--tokenize", "\n"}, "[198]\n");
  expect_output({"--tokenize="}, "[]\n");
  expect_output({"--tokenize=--"}, "[438]\n");
}

TEST(Tokenize, DetokenizePrintsTheText) {
  expect_output({"--detokenize", "15496,11"}, "Hello,\n");
  expect_output({"--detokenize", "[33901, 86, 343, 86, 220, 959]"}, "Akwirw ier\n");
  expect_output({"--detokenize", "50256"}, "<|endoftext|>\n");
  expect_output({"--detokenize", "[]"}, "\n");
  // Token 447 is the first two bytes of a three-byte character: Python prints U+FFFD.
  expect_output({"--detokenize", "447"}, "\xEF\xBF\xBD\n");
  // Token 188 is the byte 0x00: printed as is, as Python's print does.
  expect_output({"--detokenize", "188"}, std::string("\0\n", 2));
}

TEST(Tokenize, BadInputExits2) {
  expect_usage_error({"--tokenize", "ab\xFF"}, "--tokenize is not valid UTF-8 (byte 0xFF at offset 2)");
  expect_usage_error({"--text", "\xE2\x82", "--print"}, "--text is not valid UTF-8 (byte 0xE2 at offset 0)");
  expect_usage_error({"--detokenize", "50257"}, "--detokenize: 50257 is not a GPT-2 token: IDs go from 0 to 50,256");
  expect_usage_error({"--detokenize", "1,x"}, "--detokenize: “x” is not a whole number");
  expect_usage_error({"--text", "Hello", "--ids", "1"}, "give --ids or --text, not both");
  expect_usage_error({"--text", "Hello", "--vocab", "100", "--print"},
                     "--text gives token 15496, out of range for --vocab 100: GPT-2's IDs need --vocab 50257");
  // Caught before any window is needed.
  expect_usage_error({"--text", "Hello", "--vocab", "100", "--screenshot", "/tmp/never.png"},
                     "--text gives token 15496, out of range for --vocab 100: GPT-2's IDs need --vocab 50257");
}

TEST(Tokenize, TextFeedsPrint) {
  const lvtest::RunResult r = lvtest::run_binary({"--print", "--text", "Hello, world"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find(">>> embedding = torch.nn.Embedding(50257, 5)\n"), std::string::npos) << r.out;
  // idx made as the book makes it (chapter 2, tiktoken), then the IDs it gave.
  EXPECT_NE(r.out.find(">>> import tiktoken\n"
                       ">>> tokenizer = tiktoken.get_encoding(\"gpt2\")\n"
                       ">>> text = 'Hello, world'\n"
                       ">>> idx = torch.tensor(tokenizer.encode(text, allowed_special={\"<|endoftext|>\"}))\n"
                       ">>> idx.tolist()\n"
                       "[15496, 11, 995]\n"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("idx = torch.tensor([15496"), std::string::npos) << r.out;
  // Everything else is the transcript of giving those IDs and V by hand.
  std::string by_hand = lvtest::run_binary({"--print", "--ids", "15496,11,995", "--vocab", "50257"}).out;
  const std::string list_line = ">>> idx = torch.tensor([15496, 11, 995])\n";
  const size_t at = by_hand.find(list_line);
  ASSERT_NE(at, std::string::npos);
  by_hand.replace(at, list_line.size(),
                  ">>> import tiktoken\n>>> tokenizer = tiktoken.get_encoding(\"gpt2\")\n>>> text = 'Hello, world'\n"
                  ">>> idx = torch.tensor(tokenizer.encode(text, allowed_special={\"<|endoftext|>\"}))\n"
                  ">>> idx.tolist()\n[15496, 11, 995]\n");
  EXPECT_EQ(by_hand, r.out);
  const lvtest::RunResult small = lvtest::run_binary({"--print", "--text", "Hello", "--vocab", "20000", "--dim", "2"});
  EXPECT_NE(small.out.find("torch.nn.Embedding(20000, 2)"), std::string::npos) << small.err;
}

// The text is written as a Python literal that gives it back: quotes, backslashes,
// newlines and characters Python does not print escaped, as repr() writes them.
TEST(Tokenize, PrintWritesTheTextAsAPythonLiteral) {
  const std::pair<std::string, std::string> cases[] = {
      {"it's \"tea\"", ">>> text = 'it\\'s \"tea\"'\n"},
      {"say \"hi\"", ">>> text = 'say \"hi\"'\n"},
      {"it's", ">>> text = \"it's\"\n"},
      {"a\\b\nc\td", ">>> text = 'a\\\\b\\nc\\td'\n"},
      {"nbsp\xC2\xA0zwsp\xE2\x80\x8B", ">>> text = 'nbsp\\xa0zwsp\\u200b'\n"},
      {"caf\xC3\xA9 <|endoftext|>", ">>> text = 'caf\xC3\xA9 <|endoftext|>'\n"},
  };
  for (const auto& [text, line] : cases) {
    const lvtest::RunResult r = lvtest::run_binary({"--print", "--text", text});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find(line), std::string::npos) << line << "\n" << r.out;
  }
}

// A copy of the binary in a fresh tree: with no pack, a damaged one, the installed layout.
class Relocated : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("lookupviz-tok-" + std::to_string(::getpid()));
    fs::remove_all(root_);
    fs::create_directories(root_ / "bin");
    fs::copy_file(LOOKUPVIZ_BIN, root_ / "bin/lookupviz");
    fs::permissions(root_ / "bin/lookupviz", fs::perms::owner_all);
  }
  void TearDown() override { fs::remove_all(root_); }
  lvtest::RunResult run(const Args& a) { return lvtest::run_program((root_ / "bin/lookupviz").string(), a); }
  fs::path root_;
};

TEST_F(Relocated, InstalledLayoutFindsThePack) {
  fs::create_directories(root_ / "share/lookupviz");
  fs::copy_file(LOOKUPVIZ_BPE_PACK, root_ / "share/lookupviz/gpt2-bpe.bin");
  const lvtest::RunResult r = run({"--tokenize", "Every effort moves you"});  // bin/../share/lookupviz
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "[6109, 3626, 6100, 345]\n");
}

TEST_F(Relocated, MissingOrDamagedPackExits1) {
  if (fs::exists(std::string(LOOKUPVIZ_INSTALL_DATADIR) + "/gpt2-bpe.bin"))
    GTEST_SKIP() << "lookupviz is installed under " << LOOKUPVIZ_INSTALL_DATADIR << ": the copy would find that pack";
  lvtest::RunResult r = run({"--tokenize", "Hello"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err.rfind("lookupviz: GPT-2's tokenizer data (gpt2-bpe.bin) is not installed; looked in ", 0), 0u)
      << r.err;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1);  // one line
  fs::create_directories(root_ / "share/lookupviz");
  std::FILE* f = std::fopen((root_ / "share/lookupviz/gpt2-bpe.bin").c_str(), "wb");
  std::fputs("not a pack", f);
  std::fclose(f);
  r = run({"--text", "Hello", "--print"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "lookupviz: " + (root_ / "bin/../share/lookupviz/gpt2-bpe.bin").string() +
                       ": not a lookupviz tokenizer pack\n");
}

// "Ready to encode in under 50 ms from start" is a benchmark figure (scripts/bench.sh:
// tokenize_process_ms), not a timed test: on a loaded machine a wall-clock limit flakes.

}  // namespace
