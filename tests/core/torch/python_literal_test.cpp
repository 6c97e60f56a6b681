// python_literal_test.cpp — python_str_repr() against what Python 3 prints for repr()
// of the same text (the expected strings were printed by CPython 3.11), and the token
// labels Text mode and slide 0 show.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>

#include "core/torch/notebook_transcript.hpp"
#include "core/torch/python_literal.hpp"
#include "core/text/token_text.hpp"

namespace {

TEST(PythonLiteral, ReprAsPythonPrintsIt) {
  const std::pair<std::string, std::string> cases[] = {
      {"Hello, do you like tea? <|endoftext|> In the sunlit terraces of someunknownPlace.",
       "'Hello, do you like tea? <|endoftext|> In the sunlit terraces of someunknownPlace.'"},
      {"it's", "\"it's\""},
      {"say \"hi\"", "'say \"hi\"'"},
      {"both ' and \"", "'both \\' and \"'"},
      {"back\\slash", "'back\\\\slash'"},
      {"a\nb\tc\r", "'a\\nb\\tc\\r'"},
      {std::string("\x00\x1f\x7f", 3), "'\\x00\\x1f\\x7f'"},
      {"\xC2\x85\xC2\xA0\xC3\xA9", "'\\x85\\xa0\xC3\xA9'"},                 // NEL, no-break space, é
      {"\xE2\x80\x8B\xE2\x80\xA8\xEF\xBB\xBF", "'\\u200b\\u2028\\ufeff'"},  // format and separator characters
      {"\xEE\x80\x80", "'\\ue000'"},                                        // private use
      {"日本語 😀", "'日本語 😀'"},
      {"\xF3\xA0\x80\x81", "'\\U000e0001'"},  // a tag character (Cf)
      {"\xCD\xB8", "'\\u0378'"},              // unassigned
  };
  for (const auto& [text, want] : cases) EXPECT_EQ(lv::python_str_repr(text), want) << want;
}

TEST(PythonLiteral, TheBooksTiktokenLines) {
  const std::vector<std::string> lines = lv::text_to_idx_code("it's \"x\"\n");
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[0], "import tiktoken");
  EXPECT_EQ(lines[1], "tokenizer = tiktoken.get_encoding(\"gpt2\")");
  EXPECT_EQ(lines[2], "text = 'it\\'s \"x\"\\n'");
  EXPECT_EQ(lines[3], "idx = torch.tensor(tokenizer.encode(text, allowed_special={\"<|endoftext|>\"}))");
}

// A model's own tokenizer is called as lookupviz encodes (issue 30): added and special tokens
// in the text matched, none added (no BOS); the path the user's, byte for byte.
TEST(PythonLiteral, AModelsOwnTokenizersLines) {
  const lv::TokenizerOrigin json{lv::TokenizerOrigin::TokenizerJson, "/m/it's/tokenizer.json"};
  EXPECT_EQ(lv::text_to_idx_code("Hi", json),
            (std::vector<std::string>{"from tokenizers import Tokenizer",
                                      "tokenizer = Tokenizer.from_file(\"/m/it's/tokenizer.json\")", "text = 'Hi'",
                                      "idx = torch.tensor(tokenizer.encode(text, add_special_tokens=False).ids)"}));
  const lv::TokenizerOrigin gguf{lv::TokenizerOrigin::Gguf, "m\\x 日本.gguf"};
  EXPECT_EQ(lv::text_to_idx_code("Hi", gguf),
            (std::vector<std::string>{
                "from llama_cpp import Llama",
                "tokenizer = Llama(model_path='m\\\\x 日本.gguf', vocab_only=True, verbose=False)", "text = 'Hi'",
                "idx = torch.tensor(tokenizer.tokenize(text.encode(), add_bos=False, special=True))"}));
  // A path that is not UTF-8 is still the user's bytes: os.fsdecode of a bytes literal.
  const lv::TokenizerOrigin raw{lv::TokenizerOrigin::Gguf, std::string("/t/\xff'\n.gguf")};
  const std::vector<std::string> lines = lv::text_to_idx_code("Hi", raw);
  ASSERT_EQ(lines.size(), 5u);
  EXPECT_EQ(lines[0], "import os");
  EXPECT_EQ(lines[2],
            "tokenizer = Llama(model_path=os.fsdecode(b'/t/\\xff\\'\\x0a.gguf'), vocab_only=True, verbose=False)");
  EXPECT_EQ(lv::python_path("\n\x7f"), "'\\n\\x7f'");  // UTF-8: Python's repr
}

TEST(TokenText, SpacesAndNewlinesAreVisible) {
  EXPECT_EQ(lv::visible_token_text(" sunlit"), "␣sunlit");
  EXPECT_EQ(lv::visible_token_text("\n"), "↵");
  EXPECT_EQ(lv::visible_token_text("\n\n"), "↵↵");
  EXPECT_EQ(lv::visible_token_text("Hello"), "Hello");
  EXPECT_EQ(lv::visible_token_text(std::string("\x01", 1)), "\\x01");
  EXPECT_EQ(lv::visible_token_text("\xE2\x80"), "\xEF\xBF\xBD");  // half a character: U+FFFD, as decode shows it
}

}  // namespace

namespace lv {
namespace {

// Each literal, read as Python does (a double) and stored as torch does (float32), is
// the very float: the code panel's edits reproduce the table bit for bit.
TEST(PythonLiteral, FloatReprReadsBackAsTheSameFloat32) {
  EXPECT_EQ(python_float_repr(0.123456789f), "0.12345679");  // not %.4g's 0.1235
  EXPECT_EQ(python_float_repr(1.0f), "1.0");                 // a float, not the int 1
  EXPECT_EQ(python_float_repr(-2.5f), "-2.5");
  EXPECT_EQ(python_float_repr(-0.0f), "-0.0");
  EXPECT_EQ(python_float_repr(1e20f), "1e+20");
  EXPECT_EQ(python_float_repr(std::numeric_limits<float>::infinity()), "float('inf')");
  EXPECT_EQ(python_float_repr(-std::numeric_limits<float>::infinity()), "-float('inf')");
  EXPECT_EQ(python_float_repr(std::numeric_limits<float>::quiet_NaN()), "float('nan')");
  // Every sort of float32 (subnormal, huge, ordinary) round-trips through the double.
  const float probes[] = {std::numeric_limits<float>::denorm_min(),
                          std::numeric_limits<float>::min(),
                          std::numeric_limits<float>::max(),
                          3.4028233e38f,
                          0.1f,
                          1.0f / 3.0f,
                          16777217.0f,
                          6.1e-5f};
  for (float v : probes) {
    const std::string s = python_float_repr(v);
    EXPECT_EQ(static_cast<float>(std::strtod(s.c_str(), nullptr)), v) << s;
  }
  uint32_t bits = 0x00000001u;  // a sweep over exponents and mantissas
  for (int i = 0; i < 200000; ++i, bits = bits * 1664525u + 1013904223u) {
    float v;
    std::memcpy(&v, &bits, 4);
    if (!std::isfinite(v)) continue;
    const std::string s = python_float_repr(v);
    ASSERT_EQ(static_cast<float>(std::strtod(s.c_str(), nullptr)), v) << s;
  }
}

}  // namespace
}  // namespace lv
