// gguf_tokenizer_test.cpp — a .gguf's tokenizer (core/tokenizer/gguf_tokenizer.hpp) read as
// llama.cpp reads it, on small vocabularies built here: a control token that splits a UTF-8
// character never hands ill-formed text to PCRE2 (issue 39, item 1: run under ASan by
// scripts/test.sh --sanitize), duplicate merges keep their first rank (bpe_ranks.emplace),
// every tokenizer.ggml.pre name llama.cpp knows, and which token types are matched as
// special tokens (cache_special_tokens: CONTROL, USER_DEFINED and UNKNOWN).
#include <gtest/gtest.h>

#include <cstring>
#include <optional>

#include "core/io/gguf_file.hpp"
#include "core/tokenizer/bpe_vocab.hpp"
#include "core/tokenizer/gguf_tokenizer.hpp"
#include "core/tokenizer/llama_cpp_pre.hpp"
#include "core/tokenizer/split_regex.hpp"
#include "tests/shared/tiny_models.hpp"

namespace {

using lvtest::gguf_key;
using lvtest::gguf_str;
using lvtest::put_le;

enum : int { kNormal = 1, kUnknown = 2, kControl = 3, kUserDefined = 4, kByte = 6 };

// A tokenizer-only GGUF v3 file (no tensors), as llama.cpp's converter writes the keys.
struct GgufVocab {
  std::string model = "gpt2";
  std::optional<std::string> pre = "gpt-2";
  std::vector<std::string> tokens;
  std::vector<int> types;  // one per token, or none
  std::vector<std::string> merges;
  std::vector<float> scores;                          // model "llama"
  std::vector<std::pair<std::string, bool>> flags;    // tokenizer.ggml.add_bos_token, …
  std::vector<std::pair<std::string, uint32_t>> ids;  // tokenizer.ggml.bos_token_id, …

  // The 256 byte-level symbols as IDs 0..255 (GPT-2's alphabet in byte order).
  static GgufVocab byte_level() {
    GgufVocab v;
    for (int b = 0; b < 256; ++b) v.add(lv::bytes_as_symbols(std::string(1, static_cast<char>(b))));
    return v;
  }
  int64_t add(const std::string& token, int type = kNormal) {
    tokens.push_back(token);
    types.push_back(type);
    return static_cast<int64_t>(tokens.size() - 1);
  }
  std::string bytes() const {
    std::string kv;
    uint64_t n = 0;
    auto strings = [&](const std::string& key, const std::vector<std::string>& list) {
      kv += gguf_key(key, 9), put_le(kv, 8, 4), put_le(kv, list.size(), 8), ++n;
      for (const std::string& s : list) kv += gguf_str(s);
    };
    kv += gguf_key("tokenizer.ggml.model", 8) + gguf_str(model), ++n;
    if (pre) kv += gguf_key("tokenizer.ggml.pre", 8) + gguf_str(*pre), ++n;
    strings("tokenizer.ggml.tokens", tokens);
    if (!types.empty()) {
      kv += gguf_key("tokenizer.ggml.token_type", 9), put_le(kv, 5, 4), put_le(kv, types.size(), 8), ++n;
      for (int t : types) put_le(kv, static_cast<uint32_t>(t), 4);
    }
    if (model == "gpt2") strings("tokenizer.ggml.merges", merges);  // llama.cpp needs the key
    if (!scores.empty()) {
      kv += gguf_key("tokenizer.ggml.scores", 9), put_le(kv, 6, 4), put_le(kv, scores.size(), 8), ++n;
      for (float f : scores) {
        uint32_t bits = 0;
        std::memcpy(&bits, &f, 4);
        put_le(kv, bits, 4);
      }
    }
    for (const auto& [key, on] : flags) kv += gguf_key(key, 7), put_le(kv, on ? 1 : 0, 1), ++n;
    for (const auto& [key, id] : ids) kv += gguf_key(key, 4), put_le(kv, id, 4), ++n;
    std::string b = "GGUF";
    put_le(b, 3, 4), put_le(b, 0, 8), put_le(b, n, 8);
    return b + kv;
  }
};

lv::ModelTokenizerLoad load(const GgufVocab& v) {
  const std::string bytes = v.bytes();
  const lv::GgufParse g = lv::parse_gguf_header(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), "t.gguf");
  EXPECT_TRUE(g.ok) << g.error;
  return lv::tokenizer_from_gguf(g.header, "t.gguf");
}

lv::IdList encode(const lv::Tokenizer& t, const std::string& text) {
  const lv::Encoding e = t.encode(text);
  EXPECT_TRUE(e.ok) << e.error;
  return e.ids;
}

lv::IdList repeat(int64_t id, size_t n) { return lv::IdList(n, id); }

lv::IdList concat(lv::IdList a, const lv::IdList& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// ---------------------------------------------------------------- issue 39, item 1

// The hostile file: GPT-2's byte alphabet and one control token, "\x96\x81", the last two
// bytes of ▁ (E2 96 81). Cut out of "aaa…a▁", it leaves the lone lead byte 0xE2 at the end
// of an ordinary segment. Before the fix PCRE2 ran on it with PCRE2_NO_UTF_CHECK and read
// past the end of the heap block (valgrind: "Invalid read of size 1" in its JIT code).
TEST(GgufTokenizer, AControlTokenThatSplitsACharacterLeavesItsBytesAsAPiece) {
  GgufVocab v = GgufVocab::byte_level();
  const int64_t tail = v.add("\x96\x81", kControl);
  const lv::ModelTokenizerLoad l = load(v);
  ASSERT_TRUE(l.tokenizer) << l.error;
  for (size_t n : {size_t{1}, size_t{7}, size_t{40}, size_t{53}}) {
    const std::string text = std::string(n, 'a') + "\xE2\x96\x81";
    std::vector<lv::TextPiece> pieces;
    std::string why;
    ASSERT_TRUE(l.tokenizer->split(text, pieces, &why)) << why;
    ASSERT_EQ(pieces.size(), 3u) << n;
    EXPECT_EQ(pieces[0].text, std::string(n, 'a'));
    EXPECT_EQ(pieces[1].text, "\xE2");  // the lone lead byte: a piece of its own
    EXPECT_FALSE(pieces[1].special);
    EXPECT_TRUE(pieces[2].special);
    const lv::IdList ids = encode(*l.tokenizer, text);
    EXPECT_EQ(ids, concat(repeat('a', n), {0xE2, tail})) << n;
    const lv::Decoding d = l.tokenizer->decode(ids);
    ASSERT_TRUE(d.ok) << d.error;
    EXPECT_EQ(d.bytes, text);  // every byte comes back
  }
  // The same bytes in the middle of words and between spaces.
  const std::string mixed = "x\xE2\x96\x81 y  \xE2\x96\x81\xE2\x96\x81z";
  const lv::IdList ids = encode(*l.tokenizer, mixed);
  EXPECT_EQ(l.tokenizer->decode(ids).bytes, mixed);
}

TEST(GgufTokenizer, APatternNeverSeesIllFormedUtf8) {
  const lv::SplitRegex letters("\\p{L}+", false);
  ASSERT_TRUE(letters.ok()) << letters.error();
  std::vector<std::pair<size_t, size_t>> hits;
  std::string why;
  ASSERT_TRUE(letters.matches("ab\xE2"
                              "cd\xF0\x9F"
                              "e\xFF",
                              hits, &why))
      << why;
  const std::vector<std::pair<size_t, size_t>> want = {{0, 2}, {3, 5}, {7, 8}};
  EXPECT_EQ(hits, want);
  // Only ill-formed bytes: nothing to search, nothing matched.
  hits.clear();
  ASSERT_TRUE(letters.matches("\xE2\x96", hits, &why)) << why;
  EXPECT_TRUE(hits.empty());
}

// ---------------------------------------------------------------- issue 39, items 4 and 5

TEST(GgufTokenizer, AMergeListedTwiceKeepsItsFirstRank) {
  GgufVocab v;
  for (const char* t : {"a", "b", "c", "ab", "bc"}) v.add(t);
  v.merges = {"b c", "a b", "b c"};
  const lv::ModelTokenizerLoad l = load(v);
  ASSERT_TRUE(l.tokenizer) << l.error;
  EXPECT_EQ(encode(*l.tokenizer, "abc"), (lv::IdList{0, 4}));  // llama.cpp: bpe_ranks.emplace keeps rank 0
}

TEST(GgufTokenizer, AnEmptyModelNameIsSaidSo) {
  GgufVocab v = GgufVocab::byte_level();
  v.model = "";
  const lv::ModelTokenizerLoad l = load(v);
  EXPECT_FALSE(l.tokenizer);
  EXPECT_NE(l.error.find("empty"), std::string::npos) << l.error;
  EXPECT_EQ(l.error.find("  "), std::string::npos) << l.error;
}

// ---------------------------------------------------------------- issue 40: pre-tokenizers

std::vector<std::string> pieces_of(const lv::Tokenizer& t, const std::string& text) {
  std::vector<lv::TextPiece> pieces;
  std::string why;
  EXPECT_TRUE(t.split(text, pieces, &why)) << why;
  std::vector<std::string> out;
  for (const lv::TextPiece& p : pieces) out.push_back(p.text);
  return out;
}

// Every name llama.cpp knows opens, with its own expressions compiled.
TEST(GgufTokenizer, EveryPreTokenizerNameLlamaCppKnowsOpens) {
  const std::vector<std::string> names = lv::llama_cpp_pre_names();
  EXPECT_GE(names.size(), 60u);
  for (const std::string& name : names) {
    GgufVocab v = GgufVocab::byte_level();
    v.pre = name;
    const lv::ModelTokenizerLoad l = load(v);
    ASSERT_TRUE(l.tokenizer) << name << ": " << l.error;
    const std::string text = "Hello, World 2024!\n\tx";
    const lv::Decoding d = l.tokenizer->decode(encode(*l.tokenizer, text));
    EXPECT_EQ(d.bytes, text) << name;
  }
}

// The pieces each type cuts, against Python's `regex` module running the same expressions
// as llama.cpp's unicode_regex_split does (each expression cuts every piece; the text
// between matches stays a piece): made by hand with /usr/bin/python3 -c 'import regex …'.
TEST(GgufTokenizer, EachPreTokenizerCutsAsLlamaCppDoes) {
  const std::string text =
      "Hello World's I'LL 12345 \xC5\x9E"
      "EN \xC3\xA9lan \xE4\xBD\xA0\xE5\xA5\xBD\xE4\xB8\x96\xE7\x95\x8C "
      "\xE3\x82\xAB\xE3\x82\xBF\xE3\x82\xAB\xE3\x83\x8A \xED\x95\x9C\xEA\xB5\xAD\xEC\x96\xB4 <sentinel:3>\n\n  "
      "tab\there!? a...b $x+=1;";
  const std::pair<std::string, std::vector<std::string>> cases[] = {
      {"gpt-2", {"Hello",     " World",  "'s", " I",       "'", "LL", " 12345", " ŞEN",  " élan", " 你好世界",
                 " カタカナ", " 한국어", " <", "sentinel", ":", "3",  ">",      "\n\n ", " tab",  "\t",
                 "here",      "!?",      " a", "...",      "b", " $", "x",      "+=",    "1",     ";"}},
      {"llama-bpe", {"Hello",     " World",    "'s",      " I",  "'LL",      " ",  "123", "45",    " ŞEN", " élan",
                     " 你好世界", " カタカナ", " 한국어", " <",  "sentinel", ":",  "3",   ">\n\n", " ",    " tab",
                     "\there",    "!?",        " a",      "...", "b",        " $", "x",   "+=",    "1",    ";"}},
      {"qwen2", {"Hello", " World", "'s",        " I",        "'LL",     " ",  "1",        "2", "3",  "4",     "5",
                 " ŞEN",  " élan",  " 你好世界", " カタカナ", " 한국어", " <", "sentinel", ":", "3",  ">\n\n", " ",
                 " tab",  "\there", "!?",        " a",        "...",     "b",  " $",       "x", "+=", "1",     ";"}},
      {"default",
       {"Hello",     " World",    "'",       "s",   " I", "'",        "LL", " ", "123", "45",    " ŞEN", " élan",
        " 你好世界", " カタカナ", " 한국어", " ",   "<",  "sentinel", ":",  "3", ">",   "\n\n ", " tab", "\t",
        "here",      "!?",        " a",      "...", "b",  " ",        "$",  "x", "+=",  "1",     ";"}},
      {"falcon",
       {"Hello",     " World",    "'",       "s",   " I", "'",        "LL", " ", "123", "45",    " ŞEN", " élan",
        " 你好世界", " カタカナ", " 한국어", " ",   "<",  "sentinel", ":",  "3", ">",   "\n\n ", " tab", "\t",
        "here",      "!?",        " a",      "...", "b",  " ",        "$",  "x", "+=",  "1",     ";"}},
      {"starcoder",
       {"Hello", " World", "'s",        " I",        "'",       "LL", " ",        "1", "2",  "3", "4",     "5",
        " ŞEN",  " élan",  " 你好世界", " カタカナ", " 한국어", " <", "sentinel", ":", "3",  ">", "\n\n ", " tab",
        "\t",    "here",   "!?",        " a",        "...",     "b",  " $",       "x", "+=", "1", ";"}},
      {"bloom",
       {"Hello", " World's", " I'LL", " 12345", " ŞEN", " élan", " 你好世界", " カタカナ", " 한국어", " <sentinel:3>",
        "\n\n ", " tab", "\t", "here", "!?", " a", "...", "b", " $x+=1;"}},
      {"viking", {"Hello", " World's",  " I'LL",     " ",       "1",           "2",     "3", "4",     "5",    " ŞEN",
                  " élan", " 你好世界", " カタカナ", " 한국어", " <sentinel:", "3",     ">", "\n\n ", " tab", "\t",
                  "here",  "!?",        " a",        "...",     "b",           " $x+=", "1", ";"}},
      {"tekken",
       {"Hello",  " World", "'s",        " I",        "'LL",     " ",  "1",        "2",  "3", "4",     "5", " Ş",
        "EN",     " élan",  " 你好世界", " カタカナ", " 한국어", " <", "sentinel", ":",  "3", ">\n\n", " ", " tab",
        "\there", "!?",     " a",        "...",       "b",       " $", "x",        "+=", "1", ";"}},
      {"gpt-4o", {"Hello",     " World's", " I'LL", " ",        "123", "45", " Ş",    "EN", " élan", " 你好世界",
                  " カタカナ", " 한국어",  " <",    "sentinel", ":",   "3",  ">\n\n", " ",  " tab",  "\there",
                  "!?",        " a",       "...",   "b",        " $",  "x",  "+=",    "1",  ";"}},
      {"superbpe",
       {"Hello World's I'LL ", "12", "345", " ŞEN élan 你好世界 カタカナ 한국어 <sentinel:", "3",
        ">\n\n  tab\there!? a...b $x+=", "1", ";"}},
      {"deepseek-v3",
       {"Hello",    " World", "'s",       " I",      "'LL", " ",        "123", "45", " ŞEN",  " élan", " ",
        "你好世界", " ",      "カタカナ", " 한국어", " <",  "sentinel", ":",   "3",  ">\n\n", " ",     " tab",
        "\there",   "!?",     " a",       "...",     "b",   " $",       "x",   "+=", "1",     ";"}},
      {"deepseek-coder", {"Hello",  " World", "'",        "s",    " I",    "'",  "LL",       " ",  "1",        "2",
                          "3",      "4",      "5",        " ŞEN", " élan", " ",  "你好世界", " ",  "カタカナ", " ",
                          "한국어", " <",     "sentinel", ":",    "3",     ">",  "\n",       "\n", " ",        " tab",
                          "\there", "!?",     " a",       "...",  "b",     " $", "x",        "+=", "1",        ";"}},
      {"chameleon",
       {"Hello", " World", "'",    "s",     " I",        "'",         "LL",      " ",    "1", "2",        "3",
        "4",     "5",      " ŞEN", " élan", " 你好世界", " カタカナ", " 한국어", " ",    "<", "sentinel", ":",
        "3",     ">",      "\n",   "\n",    "  ",        "tab",       "\t",      "here", "!", "?",        " a",
        ".",     ".",      ".",    "b",     " ",         "$",         "x",       "+",    "=", "1",        ";"}},
      {"bailingmoe",
       {"Hello", " World", "'s",        " I",        "'LL",     " ",  "1",        "2", "3",  "4",     "5",
        " ŞEN",  " élan",  " 你好世界", " カタカナ", " 한국어", " <", "sentinel", ":", "3",  ">\n\n", " ",
        " tab",  "\there", "!?",        " a",        "...",     "b",  " $",       "x", "+=", "1",     ";"}},
      {"deepseek-llm",
       {"Hello", " World",   "'",      "s",        " I", "'",      "LL", " ",        "12345", " Ş", "EN", " é", "lan",
        " ",     "你好世界", " ",      "カタカナ", " ",  "한국어", " <", "sentinel", ":",     "3",  ">",  "\n", "\n",
        " ",     " tab",     "\there", "!?",       " a", "...",    "b",  " $",       "x",     "+=", "1",  ";"}},
      {"seed-coder",
       {"Hello",  " World",    "'s",        " I",      "'LL", " ",        "1", "2",  "3", "4",    "5", " ŞEN",
        " élan",  " 你好世界", " カタカナ", " 한국어", " <",  "sentinel", ":", "3",  ">", "\n\n", " ", " tab",
        "\there", "!?",        " a",        "...",     "b",   " $",       "x", "+=", "1", ";"}}};
  for (const auto& [name, want] : cases) {
    GgufVocab v = GgufVocab::byte_level();
    v.pre = name;
    const lv::ModelTokenizerLoad l = load(v);
    ASSERT_TRUE(l.tokenizer) << name << ": " << l.error;
    EXPECT_EQ(pieces_of(*l.tokenizer, text), want) << name;
  }
}

// Llama-3's family takes a whole piece that is a token (ignore_merges); GPT-2's merges.
TEST(GgufTokenizer, IgnoreMergesFollowsTheType) {
  for (const char* name : {"llama-bpe", "tekken", "gpt-2", "dbrx"}) {
    GgufVocab v = GgufVocab::byte_level();
    v.pre = name;
    const int64_t whole = v.add("Hello");
    const lv::ModelTokenizerLoad l = load(v);
    ASSERT_TRUE(l.tokenizer) << l.error;
    const bool ignores = std::string(name) == "llama-bpe" || std::string(name) == "tekken";
    EXPECT_EQ(encode(*l.tokenizer, "Hello"), ignores ? lv::IdList{whole} : (lv::IdList{'H', 'e', 'l', 'l', 'o'}))
        << name;
  }
}

// A name llama.cpp does not know: llama.cpp's default, and the tokenizer's name says so.
TEST(GgufTokenizer, AnUnknownPreTokenizerFallsBackAndSaysSo) {
  GgufVocab v = GgufVocab::byte_level();
  v.pre = "no-such-pre";
  const lv::ModelTokenizerLoad l = load(v);
  ASSERT_TRUE(l.tokenizer) << l.error;
  EXPECT_TRUE(l.error.empty()) << l.error;
  EXPECT_NE(l.tokenizer->name().find("no-such-pre"), std::string::npos) << l.tokenizer->name();
  EXPECT_NE(l.tokenizer->name().find("default"), std::string::npos) << l.tokenizer->name();
  EXPECT_EQ(pieces_of(*l.tokenizer, "x$1234"), (std::vector<std::string>{"x", "$", "123", "4"}));
  // No tokenizer.ggml.pre at all, or an empty one: llama.cpp's default too, without a note.
  for (const std::optional<std::string>& pre : {std::optional<std::string>(), std::optional<std::string>("")}) {
    v.pre = pre;
    const lv::ModelTokenizerLoad none = load(v);
    ASSERT_TRUE(none.tokenizer) << none.error;
    EXPECT_EQ(none.tokenizer->name().find("not one"), std::string::npos) << none.tokenizer->name();
    EXPECT_EQ(pieces_of(*none.tokenizer, "x$1234"), (std::vector<std::string>{"x", "$", "123", "4"}));
  }
}

// ---------------------------------------------------------------- issue 40: special tokens

// cache_special_tokens holds CONTROL, USER_DEFINED and UNKNOWN tokens: a typed <unk> is one
// token (llama.cpp: [0]), where lookupviz used to spell it out ([▁<, unk, >]).
TEST(GgufTokenizer, ATypedUnknownTokenIsMatchedWhole) {
  const std::string bytes = lvtest::llama_gguf(300, 4);
  const lv::GgufParse g = lv::parse_gguf_header(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), "m.gguf");
  ASSERT_TRUE(g.ok) << g.error;
  const lv::ModelTokenizerLoad l = lv::tokenizer_from_gguf(g.header, "m.gguf");
  ASSERT_TRUE(l.tokenizer) << l.error;
  EXPECT_EQ(encode(*l.tokenizer, "<unk>"), (lv::IdList{0}));
  EXPECT_EQ(encode(*l.tokenizer, "<s><unk></s>"), (lv::IdList{1, 0, 2}));
}

// llama.cpp cuts the longest special tokens out first, everywhere, then shorter ones in
// what is left: "abcd" with "ab" and "bcd" is a + bcd (Hugging Face's leftmost-longest
// rule would give ab + c + d). Types other than these three are ordinary text.
TEST(GgufTokenizer, LongerSpecialTokensAreCutFirst) {
  GgufVocab v = GgufVocab::byte_level();
  const int64_t ab = v.add("ab", kUserDefined), bcd = v.add("bcd", kControl);
  const int64_t normal = v.add("xyz", kNormal);
  const lv::ModelTokenizerLoad l = load(v);
  ASSERT_TRUE(l.tokenizer) << l.error;
  EXPECT_EQ(encode(*l.tokenizer, "abcd"), (lv::IdList{'a', bcd}));
  EXPECT_EQ(encode(*l.tokenizer, "ab abcdab"), (lv::IdList{ab, ' ', 'a', bcd, ab}));
  EXPECT_EQ(encode(*l.tokenizer, "aab"), (lv::IdList{'a', ab}));
  EXPECT_NE(encode(*l.tokenizer, "xyz"), (lv::IdList{normal}));
}

// Qwen's GGUFs: the text is composed (NFC) first, as Qwen's own tokenizer.json does it
// (llama.cpp does not: there "e" + U+0301 stays two characters).
TEST(GgufTokenizer, QwenComposesTheTextFirst) {
  GgufVocab v = GgufVocab::byte_level();
  v.pre = "qwen2";
  const int64_t e_acute = v.add("\xC3\x83\xC2\xA9");  // é as byte-level symbols (Ã ©)
  v.merges = {"\xC3\x83 \xC2\xA9"};
  const lv::ModelTokenizerLoad l = load(v);
  ASSERT_TRUE(l.tokenizer) << l.error;
  EXPECT_EQ(encode(*l.tokenizer, "e\xCC\x81"), (lv::IdList{e_acute}));
  v.pre = "llama-bpe";
  const lv::ModelTokenizerLoad other = load(v);
  ASSERT_TRUE(other.tokenizer) << other.error;
  EXPECT_EQ(encode(*other.tokenizer, "e\xCC\x81"), (lv::IdList{'e', 0xCC, 0x81}));
}

// --special on a .gguf: what llama.cpp's tokenize(text, add_special = true) puts around the
// text (llama_vocab's load): a SentencePiece model's BOS; for byte-level BPE, BOS only for the
// pre-tokenizers that set add_bos (Llama-3's llama-bpe), none for gpt-2; the file's
// add_bos_token and add_eos_token decide where it has them.
lv::IdList with_special(const GgufVocab& v, const std::string& text) {
  const lv::ModelTokenizerLoad l = load(v);
  EXPECT_TRUE(l.tokenizer) << l.error;
  if (!l.tokenizer) return {};
  lv::IdList ids = encode(*l.tokenizer, text);
  std::string why;
  EXPECT_TRUE(l.tokenizer->add_special_tokens(ids, &why)) << why;
  return ids;
}

TEST(GgufTokenizer, SpecialTokensAreLlamaCppsAddBosAndAddEos) {
  GgufVocab v = GgufVocab::byte_level();
  const int64_t bos = v.add("<|begin_of_text|>", kControl), eos = v.add("<|end_of_text|>", kControl);
  v.ids = {{"tokenizer.ggml.bos_token_id", static_cast<uint32_t>(bos)},
           {"tokenizer.ggml.eos_token_id", static_cast<uint32_t>(eos)}};
  EXPECT_EQ(with_special(v, "ab"), (lv::IdList{'a', 'b'}));  // gpt-2: no BOS
  v.pre = "llama-bpe";
  EXPECT_EQ(with_special(v, "ab"), (lv::IdList{bos, 'a', 'b'}));
  v.flags = {{"tokenizer.ggml.add_bos_token", false}, {"tokenizer.ggml.add_eos_token", true}};
  EXPECT_EQ(with_special(v, "ab"), (lv::IdList{'a', 'b', eos}));
  v.pre = "gpt-2";
  v.flags = {{"tokenizer.ggml.add_bos_token", true}};
  EXPECT_EQ(with_special(v, ""), (lv::IdList{bos}));  // an empty text still gets its BOS
  v.ids.clear();                                      // no ID named: llama.cpp's default for gpt2, 11
  EXPECT_EQ(with_special(v, "a"), (lv::IdList{11, 'a'}));

  // SentencePiece: BOS (the file's, else 1) unless the file says not to.
  const std::string bytes = lvtest::llama_gguf(300, 4);
  const lv::GgufParse g = lv::parse_gguf_header(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), "m.gguf");
  ASSERT_TRUE(g.ok) << g.error;
  const lv::ModelTokenizerLoad spm = lv::tokenizer_from_gguf(g.header, "m.gguf");
  ASSERT_TRUE(spm.tokenizer) << spm.error;
  lv::IdList ids = encode(*spm.tokenizer, "<unk>");
  std::string why;
  ASSERT_TRUE(spm.tokenizer->add_special_tokens(ids, &why)) << why;
  EXPECT_EQ(ids, (lv::IdList{1, 0}));
}

}  // namespace
