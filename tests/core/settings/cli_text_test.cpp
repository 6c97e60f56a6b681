// cli_text_test.cpp — the tokenizer's flags: --text, --tokenize, --detokenize parsed
// (UTF-8 checked before anything is loaded), and apply_text_ids() turning --text into
// the IDs with V = 50,257 unless --vocab or --weights decide.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "core/settings/cli_options.hpp"
#include "core/tokenizer/gpt2_tokenizer.hpp"

namespace {

lv::CliParse parse(std::vector<std::string> args) {
  args.insert(args.begin(), "lookupviz");
  return lv::parse_cli(args);
}

const lv::Gpt2Tokenizer& tokenizer() {
  static const lv::TokenizerLoad load = lv::load_gpt2_tokenizer(LOOKUPVIZ_BPE_PACK);
  if (!load.tokenizer) std::abort();
  return *load.tokenizer;
}

TEST(CliText, TokenizeAndDetokenizeParse) {
  lv::CliParse p = parse({"--tokenize", "Hello, world"});
  ASSERT_TRUE(p.ok) << p.error;
  EXPECT_EQ(p.options.tokenize, "Hello, world");
  EXPECT_TRUE(lv::needs_tokenizer(p.options));
  EXPECT_TRUE(parse({"--tokenize="}).ok);  // the empty text is [] as in Python
  p = parse({"--detokenize", "[15496, 11]"});
  ASSERT_TRUE(p.ok) << p.error;
  EXPECT_EQ(p.options.detokenize, (lv::IdList{15496, 11}));
  EXPECT_EQ(parse({"--detokenize=[]"}).options.detokenize, lv::IdList{});
  // GPT-2's range is its decode's to check (a --weights table's tokenizer may hold more).
  EXPECT_TRUE(parse({"--detokenize", "50257"}).ok);
  EXPECT_EQ(parse({"--detokenize", "4194304"}).error,
            "--detokenize: 4194304 is not a token of any tokenizer lookupviz reads (GPT-2's IDs go from 0 to 50,256)");
  EXPECT_EQ(parse({"--detokenize", "abc"}).error, "--detokenize: “abc” is not a whole number");
  EXPECT_FALSE(lv::needs_tokenizer(parse({"--print"}).options));
}

TEST(CliText, InvalidUtf8IsAUsageError) {
  EXPECT_EQ(parse({"--tokenize", "ab\xFF"}).error, "--tokenize is not valid UTF-8 (byte 0xFF at offset 2)");
  EXPECT_EQ(parse({"--text", "\xC3"}).error, "--text is not valid UTF-8 (byte 0xC3 at offset 0)");
  EXPECT_EQ(parse({"--text="}).error, "--text needs some text, e.g. --text \"Hello, world\"");
}

TEST(CliText, ModesAndConflicts) {
  EXPECT_EQ(parse({"--text", "hi", "--ids", "1"}).error, "give --ids or --text, not both");
  EXPECT_EQ(parse({"--tokenize", "a", "--detokenize", "1"}).error,
            "choose one of --print, --screenshot, --export-slides, --export-gif, --export-worksheet, --layout-report, "
            "--bench-frames, --tokenize and --detokenize");
  // --vocab smaller than the default IDs is no error with --text: its IDs come later.
  EXPECT_TRUE(parse({"--text", "hi", "--vocab", "2"}).ok);
}

TEST(CliText, TextSetsTheIdsAndGpt2sVocab) {
  lv::CliParse p = parse({"--text", "Hello, world. Is this-- a test?", "--print"});
  ASSERT_TRUE(p.ok) << p.error;
  lv::CliOptions o = p.options;
  EXPECT_EQ(lv::apply_text_ids(o, tokenizer()), "");
  EXPECT_EQ(o.ids, (lv::IdList{15496, 11, 995, 13, 1148, 428, 438, 257, 1332, 30}));
  EXPECT_EQ(o.vocab, 50257);
  EXPECT_EQ(lv::effective_vocab(o), 50257);

  o = parse({"--text", "Hello", "--vocab", "60000"}).options;  // --vocab says otherwise
  EXPECT_EQ(lv::apply_text_ids(o, tokenizer()), "");
  EXPECT_EQ(o.vocab, 60000);
  o = parse({"--text", "Hello", "--vocab", "100"}).options;
  EXPECT_EQ(lv::apply_text_ids(o, tokenizer()),
            "--text gives token 15496, out of range for --vocab 100: GPT-2's IDs need --vocab 50257");
  o = parse({"--text", "Hello", "--weights", "t.npy"}).options;  // the file's rows decide
  EXPECT_EQ(lv::apply_text_ids(o, tokenizer()), "");
  EXPECT_FALSE(o.vocab.has_value());
  EXPECT_EQ(o.ids, lv::IdList{15496});
}

TEST(CliText, TextThatIsTooBig) {
  std::string many;
  for (int i = 0; i < 5000; ++i) many += " a";
  lv::CliOptions o = parse({"--text", many}).options;
  EXPECT_EQ(lv::apply_text_ids(o, tokenizer()), "--text gives 5,000 tokens: at most 4,096 IDs");
  // 3,000 tokens × 50,257 rows of one-hot is more than the seeded limit.
  o = parse({"--text", many.substr(0, 6000)}).options;
  EXPECT_EQ(lv::apply_text_ids(o, tokenizer()),
            "the one-hot matrix (3,000 IDs × 50,257 rows) is too big: IDs × rows may be at most 134,217,728 values");
  o = parse({"--text", "a", "--dim", "65536"}).options;
  EXPECT_EQ(lv::apply_text_ids(o, tokenizer()),
            "a 50,257 × 65,536 table is too big: rows × dim may be at most 134,217,728 values");
}

}  // namespace
