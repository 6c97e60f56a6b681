// model_tokenizer_test.cpp — a model's own tokenizer (core/tokenizer/model_tokenizer.hpp):
// a tokenizer.json and a .gguf's llama-type vocabulary give their own IDs (not GPT-2's), the
// path conventions find them (a folder, beside a file, a .gguf and FILE.gguf:NAME), and a
// broken tokenizer.json is one sentence, never a crash. Hugging Face's own answers on
// thousands of strings: oracle.tokenizer_json_reference (tests/tokenizer/hf_reference.sh).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "core/io/gguf_file.hpp"
#include "core/tokenizer/bpe_vocab.hpp"
#include "core/tokenizer/gguf_tokenizer.hpp"
#include "core/tokenizer/model_tokenizer.hpp"
#include "core/tokenizer/tokenizer_json.hpp"
#include "tests/shared/temp_dir.hpp"
#include "tests/shared/tiny_models.hpp"

namespace {

// A folder of its own (tests/shared/temp_dir.hpp).
struct TempDir : lv::test::TempDir {
  TempDir() : lv::test::TempDir("lookupviz_model_tok") {}
};
using lv::test::write_file;

lv::IdList encode(const lv::Tokenizer& t, const std::string& text) {
  const lv::Encoding e = t.encode(text);
  EXPECT_TRUE(e.ok) << e.error;
  return e.ids;
}

std::string decode(const lv::Tokenizer& t, const lv::IdList& ids) {
  const lv::Decoding d = t.decode(ids);
  EXPECT_TRUE(d.ok) << d.error;
  return d.bytes;
}

lv::ModelTokenizerLoad from_gguf(const std::string& bytes) {
  const lv::GgufParse g = lv::parse_gguf_header(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), "m.gguf");
  EXPECT_TRUE(g.ok) << g.error;
  return lv::tokenizer_from_gguf(g.header, "m.gguf");
}

TEST(ModelTokenizer, ATokenizerJsonGivesItsOwnIds) {
  const lv::ModelTokenizerLoad l = lv::tokenizer_from_json(lvtest::tokenizer_json(), "m/tokenizer.json");
  ASSERT_TRUE(l.tokenizer) << l.error;
  EXPECT_EQ(encode(*l.tokenizer, "Hello world!"), lvtest::hello_world_ids());
  EXPECT_EQ(decode(*l.tokenizer, lvtest::hello_world_ids()), "Hello world!");
  // Special tokens are cut out first; an unknown character falls back to its UTF-8 bytes.
  EXPECT_EQ(encode(*l.tokenizer, "<s>Hello"), (lv::IdList{1, lvtest::tiny_id("\xE2\x96\x81Hello")}));
  EXPECT_EQ(encode(*l.tokenizer, "\xC3\xA9"), (lv::IdList{lvtest::tiny_id("\xE2\x96\x81"), 3 + 0xC3, 3 + 0xA9}));
  EXPECT_NE(l.tokenizer->name().find("SentencePiece-style BPE"), std::string::npos) << l.tokenizer->name();
}

TEST(ModelTokenizer, AGgufLlamaVocabularyGivesItsOwnIds) {
  const lv::ModelTokenizerLoad l = from_gguf(lvtest::llama_gguf(300, 4));
  ASSERT_TRUE(l.tokenizer) << l.error;
  EXPECT_EQ(encode(*l.tokenizer, "Hello world!"), lvtest::hello_world_ids());
  EXPECT_EQ(decode(*l.tokenizer, lvtest::hello_world_ids()), "Hello world!");
  EXPECT_EQ(l.tokenizer->vocab_size(), lvtest::tiny_vocab().size());
  // Merges by score, replayed: ll first (the highest score), ▁Hello last.
  const lv::MergeReplay r = l.tokenizer->replay("\xE2\x96\x81Hello");
  ASSERT_EQ(r.steps.size(), 5u);
  EXPECT_EQ(r.steps.front().merged, lvtest::tiny_id("ll"));
  EXPECT_EQ(r.steps.back().merged, lvtest::tiny_id("\xE2\x96\x81Hello"));
  EXPECT_FALSE(l.tokenizer->ranked_merges());
  // No tokenizer.ggml.model: no tokenizer, and no error.
  const lv::ModelTokenizerLoad none = from_gguf(lvtest::llama_gguf(300, 4, false));
  EXPECT_FALSE(none.tokenizer);
  EXPECT_TRUE(none.error.empty()) << none.error;
}

// A gpt2-type vocabulary: the 256 byte symbols, merges for " world", and "Hello" that no
// merge makes: Llama-3's pre-tokenizer (ignore_merges) takes the whole word, GPT-2's does not.
std::string gpt2_gguf(const std::string& pre) {
  std::vector<std::string> tokens;
  for (int b = 0; b < 256; ++b) tokens.push_back(lv::bytes_as_symbols(std::string(1, static_cast<char>(b))));
  for (const char* t : {"\xC4\xA0w", "or", "\xC4\xA0wor", "ld", "\xC4\xA0world", "Hello", "<|end|>"})
    tokens.push_back(t);
  const std::vector<std::string> merges = {"\xC4\xA0 w", "o r", "\xC4\xA0w or", "l d", "\xC4\xA0wor ld"};
  std::string kv;
  kv += lvtest::gguf_key("tokenizer.ggml.model", 8) + lvtest::gguf_str("gpt2");
  kv += lvtest::gguf_key("tokenizer.ggml.pre", 8) + lvtest::gguf_str(pre);
  kv += lvtest::gguf_key("tokenizer.ggml.tokens", 9), lvtest::put_le(kv, 8, 4), lvtest::put_le(kv, tokens.size(), 8);
  for (const std::string& t : tokens) kv += lvtest::gguf_str(t);
  kv += lvtest::gguf_key("tokenizer.ggml.token_type", 9), lvtest::put_le(kv, 5, 4),
      lvtest::put_le(kv, tokens.size(), 8);
  for (size_t i = 0; i < tokens.size(); ++i) lvtest::put_le(kv, i + 1 == tokens.size() ? 3 : 1, 4);
  kv += lvtest::gguf_key("tokenizer.ggml.merges", 9), lvtest::put_le(kv, 8, 4), lvtest::put_le(kv, merges.size(), 8);
  for (const std::string& m : merges) kv += lvtest::gguf_str(m);
  std::string b = "GGUF";
  lvtest::put_le(b, 3, 4), lvtest::put_le(b, 0, 8), lvtest::put_le(b, 5, 8);
  return b + kv;
}

TEST(ModelTokenizer, AGgufGpt2VocabularyFollowsItsPreTokenizer) {
  const lv::ModelTokenizerLoad llama3 = from_gguf(gpt2_gguf("llama-bpe"));
  ASSERT_TRUE(llama3.tokenizer) << llama3.error;
  EXPECT_EQ(encode(*llama3.tokenizer, "Hello world<|end|>"), (lv::IdList{261, 260, 262}));
  const lv::ModelTokenizerLoad gpt2 = from_gguf(gpt2_gguf("gpt2"));
  ASSERT_TRUE(gpt2.tokenizer) << gpt2.error;
  EXPECT_EQ(encode(*gpt2.tokenizer, "Hello world"), (lv::IdList{'H', 'e', 'l', 'l', 'o', 260}));
  EXPECT_EQ(decode(*gpt2.tokenizer, {'H', 260, 262}), "H world<|end|>");
  EXPECT_NE(llama3.tokenizer->name().find("Llama-3"), std::string::npos) << llama3.tokenizer->name();
  // A name llama.cpp knows opens (gguf_tokenizer_test.cpp has them all); one it does not
  // opens with llama.cpp's default, and the tokenizer's name says which name was not known.
  const lv::ModelTokenizerLoad glm = from_gguf(gpt2_gguf("chatglm-bpe"));
  EXPECT_TRUE(glm.tokenizer) << glm.error;
  const lv::ModelTokenizerLoad other = from_gguf(gpt2_gguf("chatglm-bpf"));
  ASSERT_TRUE(other.tokenizer) << other.error;
  EXPECT_NE(other.tokenizer->name().find("chatglm-bpf"), std::string::npos) << other.tokenizer->name();
}

TEST(ModelTokenizer, FoundFromTheTablesPath) {
  TempDir dir;
  std::filesystem::create_directory(dir.file("hf"));
  write_file(dir.file("hf/tokenizer.json"), lvtest::tokenizer_json());
  write_file(dir.file("hf/table.npy"), lvtest::npy_table(300, 4));
  write_file(dir.file("m.gguf"), lvtest::llama_gguf(300, 4));
  write_file(dir.file("alone.npy"), lvtest::npy_table(3, 2));
  for (const std::string& p : {dir.file("hf"), dir.file("hf/"), dir.file("hf/table.npy"), dir.file("m.gguf"),
                               dir.file("m.gguf:token_embd.weight")}) {
    const lv::ModelTokenizerFind f = lv::find_model_tokenizer(p);
    ASSERT_TRUE(f.tokenizer) << p << ": " << f.error;
    EXPECT_EQ(encode(*f.tokenizer, "Hello world!"), lvtest::hello_world_ids()) << p;
  }
  // None: GPT-2's is used, and nothing is wrong.
  for (const std::string& p : {dir.file("alone.npy"), dir.file("missing.npy"), dir.path}) {
    const lv::ModelTokenizerFind f = lv::find_model_tokenizer(p);
    EXPECT_FALSE(f.tokenizer) << p;
    EXPECT_TRUE(f.error.empty()) << p << ": " << f.error;
  }
  // A broken one beside the table: one sentence naming it.
  write_file(dir.file("tokenizer.json"), "{\"model\": {\"type\": \"Unigram\"}}");
  const lv::ModelTokenizerFind bad = lv::find_model_tokenizer(dir.file("alone.npy"));
  EXPECT_FALSE(bad.tokenizer);
  EXPECT_NE(bad.error.find(dir.file("tokenizer.json")), std::string::npos) << bad.error;
  EXPECT_NE(bad.error.find("Unigram"), std::string::npos) << bad.error;
}

TEST(ModelTokenizer, ABrokenTokenizerJsonIsOneSentence) {
  const std::string good = lvtest::tokenizer_json();
  auto replaced = [&](const std::string& from, const std::string& to) {
    std::string s = good;
    const size_t at = s.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return at == std::string::npos ? s : s.replace(at, from.size(), to);
  };
  const std::pair<std::string, std::string> cases[] = {
      {"", "not valid JSON"},
      {"[]", "not valid JSON"},
      {"{}", "has no model"},
      {good.substr(0, good.size() / 2), "not valid JSON"},
      {good + "x", "not valid JSON"},
      {replaced("\"type\": \"BPE\"", "\"type\": \"Mystery\""), "its model is Mystery, not one lookupviz reads"},
      // WordPiece, Unigram and WordLevel are read (tests/core/tokenizer/word_models_test.cpp),
      // but their vocabularies are not BPE's: a BPE file with another type is refused.
      {replaced("\"type\": \"BPE\"", "\"type\": \"Unigram\""), "vocab is not a list of [piece, score] pairs"},
      {replaced("\"ll\": 267", "\"ll\": 9999999999"), "over"},
      {replaced("\"ll\": 267", "\"ll\": 266"), "appears twice"},
      {replaced("\"l l\"", "\"l q\""), "not in its vocab"},
      {replaced("\"l l\"", "\"l l x\""), "not two tokens"},
      {replaced("\"pre_tokenizer\": null", "\"pre_tokenizer\": {\"type\": \"Split\", \"pattern\": {\"Regex\": \"(\"}, "
                                           "\"behavior\": \"Isolated\"}"),
       "does not compile"},
      {replaced("\"pre_tokenizer\": null", "\"pre_tokenizer\": {\"type\": \"UnicodeScripts\"}"), "UnicodeScripts"},
      {replaced("\"type\": \"Prepend\"", "\"type\": \"Precompiled\""), "Precompiled"},  // Lowercase is read now
      {replaced("{\"id\": 0, \"content\": \"<unk>\"", "{\"id\": 5000000, \"content\": \"<unk>\""), "over"},
      {std::string(100, '[') + std::string(100, ']'), "not valid JSON"},
  };
  for (const auto& [json, part] : cases) {
    const lv::ModelTokenizerLoad l = lv::tokenizer_from_json(json, "x/tokenizer.json");
    EXPECT_FALSE(l.tokenizer) << json.substr(0, 200);
    EXPECT_NE(l.error.find("x/tokenizer.json"), std::string::npos) << l.error;
    EXPECT_NE(l.error.find(part), std::string::npos) << part << " | " << l.error;
    EXPECT_EQ(l.error.find('\n'), std::string::npos) << l.error;
  }
}

TEST(ModelTokenizer, IdsOutsideTheVocabularyDoNotDecode) {
  const lv::ModelTokenizerLoad l = lv::tokenizer_from_json(lvtest::tokenizer_json(), "m/tokenizer.json");
  ASSERT_TRUE(l.tokenizer) << l.error;
  const lv::Decoding d = l.tokenizer->decode({5, 100000});
  EXPECT_FALSE(d.ok);
  EXPECT_NE(d.error.find("100000"), std::string::npos) << d.error;
  EXPECT_FALSE(l.tokenizer->encode("\xFF").ok);
}

}  // namespace
