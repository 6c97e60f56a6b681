// special_tokens_cli_test.cpp — the real binary's --special: --tokenize adds the model's
// post-processor's special tokens (a BERT-style WordPiece tokenizer.json beside the table:
// [CLS] … [SEP]; a .gguf's BOS as llama.cpp adds it), GPT-2's has none, --special alone is a usage error, and a
// post-processor lookupviz cannot read exits 2 with one line naming the file (the IDs without it still work).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "run_binary.hpp"
#include "tests/shared/temp_dir.hpp"
#include "tests/shared/tiny_models.hpp"

namespace {

struct TempDir : lv::test::TempDir {
  TempDir() : lv::test::TempDir("lookupviz_special_cli") {}
};
using lv::test::write_file;

std::string bert_json(const std::string& post) {
  return R"({"added_tokens": [{"id": 0, "content": "[UNK]", "special": true}, {"id": 1, "content": "[CLS]", "special": true},
  {"id": 2, "content": "[SEP]", "special": true}],
  "normalizer": {"type": "BertNormalizer", "lowercase": true}, "pre_tokenizer": {"type": "BertPreTokenizer"},
  "post_processor": )" +
         post + R"(, "decoder": {"type": "WordPiece", "prefix": "##", "cleanup": true},
  "model": {"type": "WordPiece", "unk_token": "[UNK]", "vocab": {"[UNK]": 0, "[CLS]": 1, "[SEP]": 2, "hello": 3,
            "world": 4, "!": 5, "un": 6, "##known": 7}}})";
}

constexpr char kBertPost[] = R"({"type": "BertProcessing", "sep": ["[SEP]", 2], "cls": ["[CLS]", 1]})";

TEST(SpecialTokensCli, SpecialAddsThePostProcessorsTokens) {
  TempDir dir;
  std::filesystem::create_directory(dir.file("bert"));
  write_file(dir.file("bert/table.npy"), lvtest::npy_table(8, 4));
  write_file(dir.file("bert/tokenizer.json"), bert_json(kBertPost));
  const std::string table = dir.file("bert/table.npy");
  lvtest::RunResult r = lvtest::run_binary({"--tokenize", "Hello, unknown World!", "--weights", table});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "[3, 0, 6, 7, 4, 5]\n");  // "," is not in the vocabulary: [UNK]
  r = lvtest::run_binary({"--tokenize", "Hello, unknown World!", "--special", "--weights", table});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "[1, 3, 0, 6, 7, 4, 5, 2]\n");
  r = lvtest::run_binary({"--detokenize", "1, 3, 6, 7, 4, 5, 2", "--weights", table});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "[CLS] hello unknown world! [SEP]\n");
}

// A .gguf's tokenizer: what llama.cpp's tokenize(text, add_special = true) adds, a
// SentencePiece model's BOS (<s>, ID 1) before the text.
TEST(SpecialTokensCli, AGgufAddsItsBosAsLlamaCppDoes) {
  TempDir dir;
  write_file(dir.file("m.gguf"), lvtest::llama_gguf(300, 4));
  lvtest::RunResult r = lvtest::run_binary({"--tokenize", "Hello world!", "--weights", dir.file("m.gguf")});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string plain = r.out;
  r = lvtest::run_binary({"--tokenize", "Hello world!", "--special", "--weights", dir.file("m.gguf")});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  ASSERT_EQ(plain.substr(0, 1), "[");
  EXPECT_EQ(r.out, "[1, " + plain.substr(1));
}

TEST(SpecialTokensCli, Gpt2HasNoSpecialTokensToAdd) {
  const lvtest::RunResult r = lvtest::run_binary({"--tokenize", "Hello world!", "--special"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "[15496, 995, 0]\n");
}

TEST(SpecialTokensCli, SpecialWithoutTokenizeIsAUsageError) {
  const lvtest::RunResult r = lvtest::run_binary({"--special", "--print"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err,
            "lookupviz: --special adds the tokenizer's special tokens to --tokenize's IDs: give --tokenize TEXT (or "
            "--text-file FILE) too\n");
}

TEST(SpecialTokensCli, AnUnreadablePostProcessorFailsOnlyWithSpecial) {
  TempDir dir;
  write_file(dir.file("table.npy"), lvtest::npy_table(8, 4));
  write_file(dir.file("tokenizer.json"), bert_json(R"({"type": "TemplateProcessing", "single": []})"));
  lvtest::RunResult r = lvtest::run_binary({"--tokenize", "hello world", "--weights", dir.file("table.npy")});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "[3, 4]\n");
  r = lvtest::run_binary({"--tokenize", "hello world", "--special", "--weights", dir.file("table.npy")});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "lookupviz: --special: " + dir.file("tokenizer.json") +
                       "'s special tokens cannot be added: its TemplateProcessing post-processor's single template "
                       "holds the text 0 times (lookupviz reads it once).\n");
}

}  // namespace
