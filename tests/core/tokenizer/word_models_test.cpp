// word_models_test.cpp — the tokenizer models Hugging Face writes besides BPE
// (core/tokenizer/word_models.hpp) read from hand-written tokenizer.json files: WordPiece
// behind the BERT normalizer and pre-tokenizer, SentencePiece Unigram (T5-style), WordLevel,
// and the post-processors' special tokens. Every expected ID list is worked out by hand from
// the crate's algorithm in the comment beside it; tokenizers.js's answers on thousands of
// strings are oracle.word_models_reference (tests/tokenizer/word_models_reference.sh).
#include <gtest/gtest.h>

#include <string>

#include "core/tokenizer/tokenizer_json.hpp"

namespace {

const std::string kBert = R"({
  "added_tokens": [
    {"id": 0, "content": "[PAD]", "special": true}, {"id": 1, "content": "[UNK]", "special": true},
    {"id": 2, "content": "[CLS]", "special": true}, {"id": 3, "content": "[SEP]", "special": true}],
  "normalizer": {"type": "BertNormalizer", "clean_text": true, "handle_chinese_chars": true,
                 "strip_accents": null, "lowercase": true},
  "pre_tokenizer": {"type": "BertPreTokenizer"},
  "post_processor": {"type": "TemplateProcessing",
    "single": [{"SpecialToken": {"id": "[CLS]", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}},
               {"SpecialToken": {"id": "[SEP]", "type_id": 0}}],
    "pair": [],
    "special_tokens": {"[CLS]": {"id": "[CLS]", "ids": [2], "tokens": ["[CLS]"]},
                       "[SEP]": {"id": "[SEP]", "ids": [3], "tokens": ["[SEP]"]}}},
  "decoder": {"type": "WordPiece", "prefix": "##", "cleanup": true},
  "model": {"type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##",
            "max_input_chars_per_word": MAXCHARS,
            "vocab": {"[PAD]": 0, "[UNK]": 1, "[CLS]": 2, "[SEP]": 3, "hello": 4, "world": 5, "un": 6,
                      "##aff": 7, "##able": 8, ",": 9, "!": 10, "cafe": 11, "中": 12, "a": 13, "##a": 14}}
})";

std::string bert(const std::string& max_chars = "100") {
  std::string s = kBert;
  return s.replace(s.find("MAXCHARS"), 8, max_chars);
}

// T5-style: Metaspace (▁ prepended), a Unigram vocabulary with its log-probabilities, </s>
// after the text. ▁ is "\u2581".
const std::string kUnigram = R"({
  "added_tokens": [{"id": 0, "content": "<unk>", "special": true}, {"id": 8, "content": "</s>", "special": true}],
  "normalizer": null,
  "pre_tokenizer": {"type": "Sequence", "pretokenizers": [{"type": "WhitespaceSplit"},
                    {"type": "Metaspace", "replacement": "\u2581", "prepend_scheme": "always", "split": true}]},
  "post_processor": {"type": "TemplateProcessing",
    "single": [{"Sequence": {"id": "A", "type_id": 0}}, {"SpecialToken": {"id": "</s>", "type_id": 0}}],
    "special_tokens": {"</s>": {"id": "</s>", "ids": [8], "tokens": ["</s>"]}}},
  "decoder": {"type": "Metaspace", "replacement": "\u2581", "prepend_scheme": "always", "split": true},
  "model": {"type": "Unigram", "unk_id": UNKID, "byte_fallback": FALLBACK,
            "vocab": [["<unk>", 0.0], ["\u2581", -1.0], ["a", -2.0], ["b", -2.0], ["ab", -3.0], ["\u2581a", -2.5],
                      ["\u2581ab", ABSCORE], ["c", -1.0], ["</s>", 0.0], ["<0x78>", -7.0]]}
})";

std::string unigram(const std::string& ab_score = "-6.0", const std::string& unk_id = "0",
                    const std::string& fallback = "false") {
  std::string s = kUnigram;
  s.replace(s.find("UNKID"), 5, unk_id);
  s.replace(s.find("FALLBACK"), 8, fallback);
  return s.replace(s.find("ABSCORE"), 7, ab_score);
}

const std::string kWordLevel = R"({
  "added_tokens": [],
  "pre_tokenizer": {"type": "PRE"},
  "model": {"type": "WordLevel", "unk_token": "[UNK]", "vocab": {"[UNK]": 0, "hello": 1, "world": 2, "!": 3}}
})";

std::string word_level(const std::string& pre) {
  std::string s = kWordLevel;
  return s.replace(s.find("PRE"), 3, pre);
}

lv::ModelTokenizerLoad load(const std::string& json) { return lv::tokenizer_from_json(json, "m/tokenizer.json"); }

lv::IdList ids(const lv::ModelTokenizerLoad& l, const std::string& text) {
  EXPECT_TRUE(l.tokenizer) << l.error;
  if (!l.tokenizer) return {};
  const lv::Encoding e = l.tokenizer->encode(text);
  EXPECT_TRUE(e.ok) << e.error;
  return e.ids;
}

std::string text(const lv::ModelTokenizerLoad& l, const lv::IdList& ids) {
  const lv::Decoding d = l.tokenizer->decode(ids);
  EXPECT_TRUE(d.ok) << d.error;
  return d.bytes;
}

std::string encode_error(const lv::ModelTokenizerLoad& l, const std::string& text) {
  const lv::Encoding e = l.tokenizer->encode(text);
  EXPECT_FALSE(e.ok);
  return e.error;
}

TEST(WordPiece, BertNormalizerAndPreTokenizerThenLongestPieces) {
  const lv::ModelTokenizerLoad l = load(bert());
  ASSERT_TRUE(l.tokenizer) << l.error;
  EXPECT_NE(l.tokenizer->name().find("WordPiece from m/tokenizer.json"), std::string::npos) << l.tokenizer->name();
  // Lower-cased, then cut at white space and around each punctuation mark.
  EXPECT_EQ(ids(l, "Hello, World!"), (lv::IdList{4, 9, 5, 10}));
  // un + ##aff + ##able: the longest piece from each place.
  EXPECT_EQ(ids(l, "unaffable"), (lv::IdList{6, 7, 8}));
  // "un" matches, then nothing starts "##known…": the whole word is [UNK].
  EXPECT_EQ(ids(l, "unknown hello"), (lv::IdList{1, 4}));
  EXPECT_EQ(ids(l, "aaa"), (lv::IdList{13, 14, 14}));
  // Accents stripped (strip_accents null follows lowercase): NFD, then Mn dropped.
  EXPECT_EQ(ids(l, "CAF\xC3\x89"), (lv::IdList{11}));
  // Each CJK ideograph is a word of its own; 国 is not in the vocabulary.
  EXPECT_EQ(ids(l, "\xE4\xB8\xAD\xE5\x9B\xBD"), (lv::IdList{12, 1}));
  // clean_text: a control character dropped, a tab a space.
  EXPECT_EQ(ids(l, "\x01hello\tworld"), (lv::IdList{4, 5}));
  // An added token is cut out first.
  EXPECT_EQ(ids(l, "[CLS]hello"), (lv::IdList{2, 4}));
}

TEST(WordPiece, AWordLongerThanMaxInputCharsIsUnknown) {
  const lv::ModelTokenizerLoad l = load(bert("10"));
  EXPECT_EQ(ids(l, "aaaaaaaaaa"), (lv::IdList{13, 14, 14, 14, 14, 14, 14, 14, 14, 14}));  // 10 characters
  EXPECT_EQ(ids(l, "aaaaaaaaaaa"), (lv::IdList{1}));                                      // 11
}

TEST(WordPiece, TheDecoderJoinsContinuingPiecesAndCleansUp) {
  const lv::ModelTokenizerLoad l = load(bert());
  ASSERT_TRUE(l.tokenizer) << l.error;
  EXPECT_EQ(text(l, {6, 7, 8}), "unaffable");
  EXPECT_EQ(text(l, {2, 4, 9, 5, 10, 3}), "[CLS] hello, world! [SEP]");
}

TEST(WordPiece, SpecialTokensComeFromTheTemplate) {
  const lv::ModelTokenizerLoad l = load(bert());
  ASSERT_TRUE(l.tokenizer) << l.error;
  lv::IdList got = ids(l, "Hello world");
  std::string why;
  ASSERT_TRUE(l.tokenizer->add_special_tokens(got, &why)) << why;
  EXPECT_EQ(got, (lv::IdList{2, 4, 5, 3}));
}

TEST(Unigram, TheSplitWithTheHighestScoreWins) {
  const lv::ModelTokenizerLoad l = load(unigram());
  ASSERT_TRUE(l.tokenizer) << l.error;
  EXPECT_NE(l.tokenizer->name().find("SentencePiece Unigram"), std::string::npos) << l.tokenizer->name();
  // "▁ab": ▁ab −6, ▁a + b −4.5, ▁ + ab −4, ▁ + a + b −5: ▁ + ab.
  EXPECT_EQ(ids(l, "ab"), (lv::IdList{1, 4}));
  // Two words (WhitespaceSplit, then ▁ before each): "▁ab", "▁c" (▁ −1 + c −1).
  EXPECT_EQ(ids(l, "ab  c"), (lv::IdList{1, 4, 1, 7}));
  EXPECT_EQ(text(l, {1, 4, 1, 7}), "ab c");
}

TEST(Unigram, ATieGoesToThePieceThatStartsEarliest) {
  // ▁ab at −4 ties ▁ + ab (−1 − 3): the crate keeps the first offered, from the earlier start.
  EXPECT_EQ(ids(load(unigram("-4.0")), "ab"), (lv::IdList{6}));
  EXPECT_EQ(ids(load(unigram("-3.999")), "ab"), (lv::IdList{6}));
  EXPECT_EQ(ids(load(unigram("-4.001")), "ab"), (lv::IdList{1, 4}));
}

TEST(Unigram, UnknownCharactersAreFusedOrSpeltAsBytes) {
  // x and y have no piece: each is <unk> at the lowest score − 10, and the run is one <unk>.
  const lv::ModelTokenizerLoad l = load(unigram());
  EXPECT_EQ(ids(l, "xy"), (lv::IdList{1, 0}));
  EXPECT_EQ(ids(l, "axyb"), (lv::IdList{5, 0, 3}));
  // byte_fallback: the fused run's bytes as <0xNN> when every one exists (x: <0x78>), else <unk>.
  const lv::ModelTokenizerLoad b = load(unigram("-6.0", "0", "true"));
  EXPECT_EQ(ids(b, "x"), (lv::IdList{1, 9}));
  EXPECT_EQ(ids(b, "xx"), (lv::IdList{1, 9, 9}));
  EXPECT_EQ(ids(b, "xy"), (lv::IdList{1, 0}));
}

TEST(Unigram, NoUnknownTokenIsAnErrorOnlyWhenOneIsNeeded) {
  const lv::ModelTokenizerLoad l = load(unigram("-6.0", "null"));
  ASSERT_TRUE(l.tokenizer) << l.error;
  EXPECT_EQ(ids(l, "ab"), (lv::IdList{1, 4}));
  EXPECT_NE(encode_error(l, "q").find("(U+0071) that no piece of its Unigram vocabulary covers"), std::string::npos);
}

TEST(Unigram, PostProcessorAddsEndOfSequence) {
  const lv::ModelTokenizerLoad l = load(unigram());
  lv::IdList got = ids(l, "c");
  std::string why;
  ASSERT_TRUE(l.tokenizer->add_special_tokens(got, &why)) << why;
  EXPECT_EQ(got, (lv::IdList{1, 7, 8}));
}

TEST(WordLevel, WholeWordsOrTheUnknownToken) {
  const lv::ModelTokenizerLoad w = load(word_level("Whitespace"));
  ASSERT_TRUE(w.tokenizer) << w.error;
  EXPECT_EQ(ids(w, "hello world!"), (lv::IdList{1, 2, 3}));
  EXPECT_EQ(ids(w, "hello there"), (lv::IdList{1, 0}));
  // Whitespace's \w is Unicode's (Oniguruma's): "héllo" is one word.
  EXPECT_EQ(ids(w, "h\xC3\xA9llo"), (lv::IdList{0}));
  EXPECT_EQ(text(w, {1, 2, 3}), "hello world !");  // no decoder: joined by spaces
  const lv::ModelTokenizerLoad s = load(word_level("WhitespaceSplit"));
  EXPECT_EQ(ids(s, "hello  world!"), (lv::IdList{1, 0}));
}

TEST(PostProcessor, BertRobertaAndSequence) {
  std::string json = word_level("WhitespaceSplit");
  const std::string model = R"("model":)";
  auto with_post = [&](const std::string& post) {
    std::string j = json;
    return j.insert(j.find(model), R"("post_processor": )" + post + ",\n  ");
  };
  auto special = [&](const std::string& post) {
    const lv::ModelTokenizerLoad l = load(with_post(post));
    lv::IdList got = ids(l, "hello");
    std::string why;
    EXPECT_TRUE(l.tokenizer->add_special_tokens(got, &why)) << why;
    return got;
  };
  EXPECT_EQ(special(R"({"type": "BertProcessing", "sep": ["!", 3], "cls": ["world", 2]})"), (lv::IdList{2, 1, 3}));
  EXPECT_EQ(special(R"({"type": "RobertaProcessing", "sep": ["!", 3], "cls": ["world", 2], "trim_offsets": true})"),
            (lv::IdList{2, 1, 3}));
  EXPECT_EQ(special(R"({"type": "Sequence", "processors": [{"type": "ByteLevel"},
              {"type": "BertProcessing", "sep": ["!", 3], "cls": ["world", 2]}]})"),
            (lv::IdList{2, 1, 3}));
  // One the app cannot read keeps the tokenizer; only --special fails, saying why.
  const lv::ModelTokenizerLoad l = load(with_post(R"({"type": "Mystery"})"));
  ASSERT_TRUE(l.tokenizer) << l.error;
  lv::IdList got = ids(l, "hello");
  std::string why;
  EXPECT_FALSE(l.tokenizer->add_special_tokens(got, &why));
  EXPECT_EQ(why,
            "m/tokenizer.json's special tokens cannot be added: its post_processor Mystery is not one lookupviz reads "
            "(TemplateProcessing, BertProcessing, RobertaProcessing, ByteLevel, Sequence).");
  EXPECT_EQ(got, (lv::IdList{1}));
}

}  // namespace
