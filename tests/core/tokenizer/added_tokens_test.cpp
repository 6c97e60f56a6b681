// added_tokens_test.cpp — a tokenizer.json's added tokens and Split pre-tokenizers
// (core/tokenizer/added_tokens.hpp, tokenizer_json.hpp), as the tokenizers crate reads them:
// lstrip / rstrip take the white space beside a token (Phi-3's <|end|>, issue 39 item 4),
// a merge listed twice keeps its last rank (a HashMap collected in order; llama.cpp keeps
// the first: gguf_tokenizer_test.cpp), every Split behaviour with and without invert
// (issue 40 item 2, Gemma-3's MergedWithPrevious), and thousands of added tokens matched
// by one trie in one pass (issue 39 item 2).
#include <gtest/gtest.h>

#include "core/tokenizer/bpe_vocab.hpp"
#include "core/tokenizer/tokenizer_json.hpp"
#include "tests/shared/tiny_models.hpp"

namespace {

using lvtest::json_str;

// A byte-level BPE tokenizer.json: GPT-2's 256 byte symbols as IDs 0..255 (so a byte's
// ID is its value), `extra` ordinary tokens after them, `merges`, `added` (JSON objects
// without their ID: they take the IDs after the vocabulary) and a pre-tokenizer.
struct JsonTokenizer {
  std::vector<std::string> extra;
  std::vector<std::string> merges;
  std::vector<std::string> added;
  std::string pre = R"({"type": "ByteLevel", "add_prefix_space": false, "use_regex": true})";

  std::string json() const {
    std::string vocab, m, a;
    size_t id = 0;
    for (; id < 256; ++id)
      vocab += (id ? ", " : "") + json_str(lv::bytes_as_symbols(std::string(1, static_cast<char>(id)))) + ": " +
               std::to_string(id);
    for (const std::string& t : extra) vocab += ", " + json_str(t) + ": " + std::to_string(id++);
    for (const std::string& s : merges) m += (m.empty() ? "" : ", ") + json_str(s);
    for (const std::string& s : added)
      a += (a.empty() ? "{\"id\": " : ", {\"id\": ") + std::to_string(id++) + ", " + s + "}";
    return R"({"added_tokens": [)" + a + R"(], "normalizer": null, "pre_tokenizer": )" + pre +
           R"(, "decoder": {"type": "ByteLevel"}, "model": {"type": "BPE", "vocab": {)" + vocab + R"(}, "merges": [)" +
           m + "]}}";
  }
  std::shared_ptr<const lv::BpeTokenizer> load() const {
    lv::ModelTokenizerLoad l = lv::tokenizer_from_json(json(), "t/tokenizer.json");
    EXPECT_TRUE(l.tokenizer) << l.error;
    return l.tokenizer;
  }
};

lv::IdList encode(const lv::Tokenizer& t, const std::string& text) {
  const lv::Encoding e = t.encode(text);
  EXPECT_TRUE(e.ok) << e.error;
  return e.ids;
}

lv::IdList bytes(const std::string& s) {
  lv::IdList out;
  for (unsigned char c : s) out.push_back(c);
  return out;
}

lv::IdList operator+(lv::IdList a, const lv::IdList& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// Phi-3's chat tokens have rstrip: true. For "<|user|>\n  Hello there <|end|> ok" the
// white space after each is part of it: 256, "Hello", " there", " ", 257, "ok" (no merges
// here, so each piece is its bytes). lstrip takes the white space before, but never what
// an earlier token took.
TEST(AddedTokens, LstripAndRstripTakeTheWhiteSpaceBeside) {
  JsonTokenizer j;
  j.added = {R"("content": "<|user|>", "special": true, "rstrip": true)",
             R"("content": "<|end|>", "special": true, "rstrip": true, "lstrip": false)",
             R"("content": "<|sys|>", "special": true, "lstrip": true)", R"("content": "<|plain|>", "special": true)"};
  const auto t = j.load();
  ASSERT_TRUE(t);
  EXPECT_EQ(encode(*t, "<|user|>\n  Hello there <|end|> ok"),
            lv::IdList{256} + bytes("Hello there ") + lv::IdList{257} + bytes("ok"));
  EXPECT_EQ(encode(*t, "a \t<|sys|>b"), bytes("a") + lv::IdList{258} + bytes("b"));
  EXPECT_EQ(encode(*t, "<|end|> \xE3\x80\x80<|sys|>x"), (lv::IdList{257, 258} + bytes("x")));  // U+3000 too
  EXPECT_EQ(encode(*t, "a <|plain|> b"), bytes("a ") + lv::IdList{259} + bytes(" b"));
  // The stripped white space is gone from the text the IDs decode to.
  EXPECT_EQ(t->decode(encode(*t, "x <|sys|> y")).bytes, "x<|sys|> y");
}

// The tokenizers crate keeps the last rank of a merge listed twice (llama.cpp the first).
TEST(AddedTokens, ATokenizerJsonMergeListedTwiceKeepsItsLastRank) {
  JsonTokenizer j;
  j.extra = {"ab", "bc"};
  j.merges = {"b c", "a b", "b c"};
  const auto t = j.load();
  ASSERT_TRUE(t);
  EXPECT_EQ(encode(*t, "abc"), (lv::IdList{256, 'c'}));  // [ab, c], as tokenizers.js gives
}

std::vector<std::string> pieces(const lv::Tokenizer& t, const std::string& text) {
  std::vector<lv::TextPiece> p;
  std::string why;
  EXPECT_TRUE(t.split(text, p, &why)) << why;
  std::vector<std::string> out;
  for (const lv::TextPiece& x : p) out.push_back(x.text);
  return out;
}

// The tokenizers crate's own examples (SplitDelimiterBehavior's documentation), and what
// invert makes of them, worked out by its NormalizedString::split's folds.
TEST(AddedTokens, EverySplitBehaviour) {
  using P = std::vector<std::string>;
  const std::pair<std::string, P> cases[] = {
      {"Removed", {"the", "final", "countdown"}},
      {"Isolated", {"the", "-", "final", "-", "-", "countdown"}},
      {"MergedWithPrevious", {"the-", "final-", "-", "countdown"}},
      {"MergedWithNext", {"the", "-final", "-", "-countdown"}},
      {"Contiguous", {"the", "-", "final", "--", "countdown"}},
  };
  // invert: the words are the matches, the dashes the text between them.
  const std::pair<std::string, P> inverted[] = {
      {"Removed", {"-", "-", "-"}},
      {"Isolated", {"the", "-", "final", "-", "-", "countdown"}},
      {"MergedWithPrevious", {"the", "-final", "-", "-countdown"}},
      {"MergedWithNext", {"the-", "final-", "-", "countdown"}},
      {"Contiguous", {"the", "-", "final", "--", "countdown"}},
  };
  for (bool invert : {false, true})
    for (const auto& [behavior, want] : invert ? inverted : cases) {
      JsonTokenizer j;
      j.pre = R"({"type": "Sequence", "pretokenizers": [{"type": "Split", "pattern": {"Regex": "-"}, "behavior": ")" +
              behavior + R"(", "invert": )" + (invert ? "true" : "false") +
              R"(}, {"type": "ByteLevel", "add_prefix_space": false, "use_regex": false}]})";
      const auto t = j.load();
      ASSERT_TRUE(t) << behavior;
      EXPECT_EQ(pieces(*t, "the-final--countdown"), want) << behavior << (invert ? " inverted" : "");
    }
}

// Gemma-3's published pre-tokenizer: a Split on " " merged with the previous piece.
TEST(AddedTokens, GemmaThreesSplitOpens) {
  JsonTokenizer j;
  j.pre = R"({"type": "Split", "pattern": {"String": " "}, "behavior": "MergedWithPrevious", "invert": false})";
  const auto t = j.load();
  ASSERT_TRUE(t);
  EXPECT_EQ(pieces(*t, "a b  c"), (std::vector<std::string>{"a ", "b ", " ", "c"}));
}

// 5,000 added tokens (many sharing prefixes) in 1 MB of text: one pass over the text
// (the report times it; scanning every token at every position took ~14 s).
TEST(AddedTokens, FiveThousandAddedTokensInAMegabyte) {
  JsonTokenizer j;
  j.pre = "null";  // the text between added tokens stays whole: the test weighs the matching
  for (int k = 0; k < 5000; ++k)
    j.added.push_back("\"content\": \"<|t" + std::to_string(k) + "|>\", \"special\": true");
  const auto t = j.load();
  ASSERT_TRUE(t);
  std::string text;
  std::vector<std::string> want;  // the pieces: words, then an added token, …
  for (int k = 0; text.size() < (1u << 20); ++k) {
    want.push_back(" lorem ipsum <|t dolor|> sit amet <|t" + std::to_string(k % 50) + "x ");
    want.push_back("<|t" + std::to_string((k * 7919) % 5000) + "|>");
    text += want[want.size() - 2] + want.back();
  }
  std::vector<lv::TextPiece> got;
  std::string why;
  ASSERT_TRUE(t->split(text, got, &why)) << why;
  ASSERT_EQ(got.size(), want.size());
  for (size_t k = 0; k < got.size(); ++k) {
    ASSERT_EQ(got[k].text, want[k]) << k;
    ASSERT_EQ(got[k].special, k % 2 == 1) << k;
  }
  EXPECT_EQ(t->special_id(got[1].text), 256);  // <|t0|>
  EXPECT_EQ(t->special_id(got.back().text), 256 + std::stoi(got.back().text.substr(3)));
}

// A hostile vocabulary: one long added token that the text almost matches at every place
// would cost its length at each; past 64 trie steps a byte the text is refused in one
// sentence instead (issue 39 item 2: a budget for the whole text).
TEST(AddedTokens, ALongAlmostMatchingTokenIsRefusedWithinItsBudget) {
  JsonTokenizer j;
  j.added = {"\"content\": \"" + std::string(4000, 'a') + "b\", \"special\": true"};
  const auto t = j.load();
  ASSERT_TRUE(t);
  const lv::Encoding e = t->encode(std::string(16 << 10, 'a'));
  EXPECT_FALSE(e.ok);
  EXPECT_NE(e.error.find("too long and too alike"), std::string::npos) << e.error;
  // The same token in a short text is found.
  EXPECT_EQ(encode(*t, "x" + std::string(4000, 'a') + "b"), (lv::IdList{'x', 256}));
}

// An added token decodes through the space symbol too, as the crate decodes every token:
// Gemma-3's whitespace tokens ("▁▁") are spaces, not ▁ (checked against tokenizers.js on
// Gemma-3's published tokenizer.json).
TEST(AddedTokens, AnAddedTokensSpaceSymbolsDecodeAsSpaces) {
  const lv::ModelTokenizerLoad l = lv::tokenizer_from_json(
      R"({"added_tokens": [{"id": 2, "content": "\u2581\u2581", "special": false}], "normalizer": {"type": )"
      R"("Replace", "pattern": {"String": " "}, "content": "\u2581"}, "pre_tokenizer": null, "decoder": )"
      R"({"type": "Sequence", "decoders": [{"type": "Replace", "pattern": {"String": "\u2581"}, "content": " "}]},)"
      R"( "model": {"type": "BPE", "vocab": {"\u2581": 0, "a": 1}, "merges": []}})",
      "g/tokenizer.json");
  ASSERT_TRUE(l.tokenizer) << l.error;
  EXPECT_EQ(l.tokenizer->decode({1, 2, 1, 0, 1}).bytes, "a  a a");
}

}  // namespace
