// tokenize_lines_test.cpp — the real binary's --tokenize-lines: many texts, one JSON string a
// line, each text's IDs on a line of their own, exactly what --tokenize prints for it (GPT-2's,
// or --weights' own tokenizer's); a line that is not one JSON string exits 2 naming it.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "run_binary.hpp"
#include "tests/shared/temp_dir.hpp"
#include "tests/shared/tiny_models.hpp"

namespace {

struct TempDir : lv::test::TempDir {
  TempDir() : lv::test::TempDir("lookupviz_tokenize_lines") {}
};
using lv::test::write_file;

// The texts, and their JSON lines (a new line and a tab inside, a special token, an empty text).
const std::vector<std::string> kTexts = {"Hello, world",    "a\nb\tc", "Hello world!",
                                         "<|endoftext|> x", "",        "caf\xC3\xA9 \xF0\x9F\x98\x80"};
const char kJsonLines[] = "\"Hello, world\"\n\"a\\nb\\tc\"\n  \"Hello world!\"  \r\n\"<|endoftext|> "
                          "x\"\n\"\"\n\"caf\\u00e9 \\ud83d\\ude00\"\n";

// What --tokenize prints for each text, one line each.
std::string one_by_one(const std::vector<std::string>& extra) {
  std::string out;
  for (const std::string& t : kTexts) {
    std::vector<std::string> args = {"--tokenize", t};
    args.insert(args.end(), extra.begin(), extra.end());
    const lvtest::RunResult r = lvtest::run_binary(args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    out += r.out;
  }
  return out;
}

TEST(TokenizeLines, EachLineGivesWhatTokenizeGivesForIt) {
  TempDir dir;
  write_file(dir.file("texts.jsonl"), kJsonLines);
  const lvtest::RunResult r = lvtest::run_binary({"--tokenize-lines", dir.file("texts.jsonl")});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, one_by_one({}));
  EXPECT_EQ(r.out.substr(0, 32), "[15496, 11, 995]\n[64, 198, 65, 1");
  // With a model's own tokenizer (a table with tokenizer.json beside it): that model's IDs.
  std::filesystem::create_directory(dir.file("model"));
  write_file(dir.file("model/table.npy"), lvtest::npy_table(300, 4));
  write_file(dir.file("model/tokenizer.json"), lvtest::tokenizer_json());
  const lvtest::RunResult own =
      lvtest::run_binary({"--tokenize-lines", dir.file("texts.jsonl"), "--weights", dir.file("model")});
  ASSERT_EQ(own.exit_code, 0) << own.err;
  EXPECT_EQ(own.out, one_by_one({"--weights", dir.file("model")}));
  EXPECT_NE(own.out, r.out);
}

TEST(TokenizeLines, ABadLineIsNamed) {
  TempDir dir;
  write_file(dir.file("bad.jsonl"), "\"fine\"\nnot json\n\"never read\"\n");
  lvtest::RunResult r = lvtest::run_binary({"--tokenize-lines", dir.file("bad.jsonl")});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "[38125]\n");  // the lines before it
  EXPECT_EQ(r.err, "lookupviz: --tokenize-lines: line 2 is not one JSON string (expected a string at byte 0)\n");
  write_file(dir.file("two.jsonl"), "\"a\" \"b\"\n");
  r = lvtest::run_binary({"--tokenize-lines", dir.file("two.jsonl")});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("line 1 is not one JSON string: something follows it"), std::string::npos) << r.err;
  write_file(dir.file("blank.jsonl"), "\"a\"\n\n\"b\"\n");
  r = lvtest::run_binary({"--tokenize-lines", dir.file("blank.jsonl")});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("line 2 is not one JSON string"), std::string::npos) << r.err;
  r = lvtest::run_binary({"--tokenize-lines", dir.file("missing.jsonl")});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--tokenize-lines: cannot open"), std::string::npos) << r.err;
  r = lvtest::run_binary({"--tokenize-lines", dir.file("bad.jsonl"), "--tokenize", "x"});
  EXPECT_EQ(r.err, "lookupviz: give --tokenize-lines alone, without --tokenize or --text-file\n");
  r = lvtest::run_binary({"--tokenize-lines", ""});
  EXPECT_EQ(
      r.err,
      "lookupviz: --tokenize-lines needs a file name, e.g. --tokenize-lines texts.jsonl (- for standard input)\n");
}

TEST(TokenizeLines, HelpNamesIt) {
  const lvtest::RunResult r = lvtest::run_binary({"--help"});
  EXPECT_NE(r.out.find("--tokenize-lines F   many texts in one run"), std::string::npos);
}

}  // namespace
