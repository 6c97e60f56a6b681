// tokenize_memory_test.cpp — tokenizing a long text holds at most 8 times the text (issue
// 39, item 2: ~50 times before): --text-file on 4 MB with GPT-2's tokenizer, a SentencePiece
// -style tokenizer.json, a llama-type .gguf and a byte-level vocabulary of the 256 bytes
// alone (an ID per byte: 10-11 times while IDs were held in 64 bits); the child's peak
// resident memory (wait4) against the same run on a one-word text, plus 8 bytes per byte of text.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "core/tokenizer/bpe_vocab.hpp"
#include "run_binary.hpp"
#include "tests/shared/temp_dir.hpp"
#include "tests/shared/tiny_models.hpp"

namespace {

using lv::test::TempDir;
using lv::test::write_file;

// About `bytes` of `unit` repeated.
std::string repeated(const std::string& unit, size_t bytes) {
  std::string s;
  s.reserve(bytes + unit.size());
  while (s.size() < bytes) s += unit;
  return s;
}

// The peak of `args` + --text-file on `text`, against `args` + --tokenize on one word.
void expect_within_eight_times(const std::vector<std::string>& args, const std::string& text, const TempDir& dir) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "ASan's shadow memory and quarantine are not the app's";
#endif
  write_file(dir.file("text.txt"), text);
  std::vector<std::string> small = args, big = args;
  small.insert(small.end(), {"--tokenize", "Hello"});
  big.insert(big.end(), {"--text-file", dir.file("text.txt")});
  const lvtest::RunResult base = lvtest::run_binary(small), r = lvtest::run_binary(big);
  ASSERT_EQ(base.exit_code, 0) << base.err;
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_GT(r.out.size(), text.size() / 8);  // the IDs were printed
  const long text_kb = static_cast<long>(text.size() / 1024);
  EXPECT_LE(r.max_rss_kb, base.max_rss_kb + 8 * text_kb + 4096)
      << "peak RSS " << r.max_rss_kb << " KB for " << text_kb << " KB of text (" << base.max_rss_kb
      << " KB for one word): " << static_cast<double>(r.max_rss_kb - base.max_rss_kb) / text_kb << " times";
}

const std::string kProse =
    "The quick brown fox's jumps over the lazy dog; we'll see 1,000.5 caf\xC3\xA9s (and so on) don't we?\n";

TEST(TokenizeMemory, Gpt2WithinEightTimesTheText) {
  TempDir dir("lookupviz-tokmem");
  expect_within_eight_times({}, repeated(kProse, 4 << 20), dir);
}

// The tiny vocabulary's words: ▁Hello and ▁world are a token each.
std::string hello_world_text() { return repeated("Hello world Hello world world Hello\n", 3 << 20); }

TEST(TokenizeMemory, ASentencePieceTokenizerJsonWithinEightTimesTheText) {
  TempDir dir("lookupviz-tokmem");
  std::filesystem::create_directories(dir.file("model"));
  write_file(dir.file("model/table.npy"), lvtest::npy_table(300, 4));
  write_file(dir.file("model/tokenizer.json"), lvtest::tokenizer_json());
  expect_within_eight_times({"--weights", dir.file("model")}, hello_world_text(), dir);
}

TEST(TokenizeMemory, ALlamaTypeGgufWithinEightTimesTheText) {
  TempDir dir("lookupviz-tokmem");
  write_file(dir.file("m.gguf"), lvtest::llama_gguf(300, 4));
  expect_within_eight_times({"--weights", dir.file("m.gguf")}, hello_world_text(), dir);
}

// A byte-level BPE tokenizer.json with the 256 bytes and no merges: every byte of the text
// is an ID of its own.
std::string bytes_only_tokenizer_json() {
  std::string vocab;
  for (int b = 0; b < 256; ++b)
    vocab += (b ? ", " : "") + lvtest::json_str(lv::bytes_as_symbols(std::string(1, static_cast<char>(b)))) + ": " +
             std::to_string(b);
  return R"({"version": "1.0", "added_tokens": [], "normalizer": null,)"
         R"( "pre_tokenizer": {"type": "ByteLevel", "add_prefix_space": false, "use_regex": true},)"
         R"( "decoder": {"type": "ByteLevel"}, "model": {"type": "BPE", "vocab": {)" +
         vocab + R"(}, "merges": []}})";
}

TEST(TokenizeMemory, AnIdPerByteWithinEightTimesTheText) {
  TempDir dir("lookupviz-tokmem");
  std::filesystem::create_directories(dir.file("model"));
  write_file(dir.file("model/table.npy"), lvtest::npy_table(256, 4));
  write_file(dir.file("model/tokenizer.json"), bytes_only_tokenizer_json());
  expect_within_eight_times({"--weights", dir.file("model")}, repeated(kProse, 4 << 20), dir);
}

}  // namespace
