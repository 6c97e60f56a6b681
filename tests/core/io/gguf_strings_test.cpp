// gguf_strings_test.cpp — a GGUF's long string arrays checked in the file but not copied
// (parse_gguf_header's strings_in_file_from, core/io/gguf_strings.hpp; issue 39): the header
// reads the same otherwise, the strings come back from the file as the copy gave them, the
// tokenizer made that way encodes alike, and a string whose length runs past the file is one
// sentence, as in the copied read.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <string>
#include <vector>

#include "core/io/gguf_file.hpp"
#include "core/io/gguf_strings.hpp"
#include "core/tokenizer/gguf_tokenizer.hpp"
#include "tests/shared/temp_dir.hpp"
#include "tests/shared/tiny_models.hpp"

namespace {

lv::GgufParse parse(const std::string& bytes, uint64_t strings_in_file_from = UINT64_MAX) {
  return lv::parse_gguf_header(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), "m.gguf",
                               strings_in_file_from);
}

struct OpenFile {
  lv::test::TempDir dir{"lookupviz_ggufstr"};
  int fd = -1;
  explicit OpenFile(const std::string& bytes) {
    lv::test::write_file(dir.file("m.gguf"), bytes);
    fd = open(dir.file("m.gguf").c_str(), O_RDONLY | O_CLOEXEC);
  }
  ~OpenFile() { close(fd); }
};

TEST(GgufStrings, ALongArrayIsLeftInTheFileAndReadFromItAlike) {
  const std::string bytes = lvtest::llama_gguf(300, 4);
  const lv::GgufParse copied = parse(bytes), in_file = parse(bytes, 100);
  ASSERT_TRUE(copied.ok) << copied.error;
  ASSERT_TRUE(in_file.ok) << in_file.error;
  EXPECT_LT(in_file.header.bytes.size() + 1000, copied.header.bytes.size());  // the tokens' bytes not copied
  EXPECT_EQ(in_file.header.data_offset, copied.header.data_offset);
  ASSERT_EQ(in_file.header.tensors.size(), 1u);
  EXPECT_EQ(in_file.header.tensors[0].offset, copied.header.tensors[0].offset);
  EXPECT_EQ(in_file.header.get_numbers("tokenizer.ggml.scores"), copied.header.get_numbers("tokenizer.ggml.scores"));
  EXPECT_EQ(in_file.header.get_uint("tokenizer.ggml.eos_token_id"), 2u);
  const lv::GgufKv* kv = in_file.header.find("tokenizer.ggml.tokens");
  ASSERT_TRUE(kv && kv->in_file);
  EXPECT_FALSE(in_file.header.get_strings("tokenizer.ggml.tokens"));  // not in the copy
  const OpenFile f(bytes);
  std::string why;
  const auto read = lv::read_gguf_strings(f.fd, bytes.size(), kv->value_at, kv->count, &why);
  ASSERT_TRUE(read) << why;
  const auto want = copied.header.get_strings("tokenizer.ggml.tokens");
  ASSERT_TRUE(want);
  EXPECT_EQ(*read, std::vector<std::string>(want->begin(), want->end()));
  // A file cut short since: refused with a reason.
  EXPECT_FALSE(lv::read_gguf_strings(f.fd, kv->value_at + 20, kv->value_at, kv->count, &why));
  EXPECT_FALSE(why.empty());
}

TEST(GgufStrings, TheTokenizerFromTheFileEncodesAlike) {
  const std::string bytes = lvtest::llama_gguf(300, 4);
  const lv::GgufParse copied = parse(bytes);
  lv::GgufParse in_file = parse(bytes, 100);
  ASSERT_TRUE(copied.ok && in_file.ok);
  const OpenFile f(bytes);
  const lv::ModelTokenizerLoad a = lv::tokenizer_from_gguf(copied.header, "m.gguf");
  const lv::ModelTokenizerLoad b = lv::tokenizer_from_gguf(std::move(in_file.header), "m.gguf", {f.fd, bytes.size()});
  ASSERT_TRUE(a.tokenizer && b.tokenizer) << a.error << b.error;
  for (const char* text : {"Hello world!", " Hello  world\n", "caf\xC3\xA9 <s>"})
    EXPECT_EQ(a.tokenizer->encode(text).ids, b.tokenizer->encode(text).ids) << text;
  EXPECT_EQ(b.tokenizer->encode("Hello world!").ids, lvtest::hello_world_ids());
  // Without the file at hand, the vocabulary cannot be read: one sentence.
  lv::GgufParse again = parse(bytes, 100);
  const lv::ModelTokenizerLoad none = lv::tokenizer_from_gguf(std::move(again.header), "m.gguf", {});
  EXPECT_FALSE(none.tokenizer);
  EXPECT_NE(none.error.find("tokenizer.ggml.tokens cannot be read"), std::string::npos) << none.error;
}

TEST(GgufStrings, AStringRunningPastTheFileIsOneSentence) {
  std::string bytes = lvtest::llama_gguf(300, 4);
  const size_t at = bytes.find(std::string("\x05\0\0\0\0\0\0\0<unk>", 13));  // the first token, "<unk>"
  ASSERT_NE(at, std::string::npos);
  bytes[at + 6] = '\x7F';  // its length: 2^48 and more
  const lv::GgufParse copied = parse(bytes), in_file = parse(bytes, 100);
  EXPECT_FALSE(copied.ok);
  ASSERT_FALSE(in_file.ok);
  EXPECT_NE(in_file.error.find("m.gguf is damaged"), std::string::npos) << in_file.error;
  EXPECT_EQ(in_file.error.find('\n'), std::string::npos);
}

}  // namespace
