// tokenizer_cache_words_test.cpp — the tokenizer cache (core/tokenizer/tokenizer_cache.hpp)
// keeps every field of a BpeSpec, the models besides BPE (core/tokenizer/word_models.hpp) and
// the post-processor's special tokens included: a BERT-style WordPiece, a T5-style Unigram and
// a WordLevel tokenizer.json give the same IDs from the cache as parsed fresh, with and
// without --special (add_special_tokens), and decode alike; a spec with every field away from
// its default comes back from its bytes (core/tokenizer/spec_codec.hpp) field by field.
#include <gtest/gtest.h>

#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "core/tokenizer/spec_codec.hpp"
#include "core/tokenizer/tokenizer_cache.hpp"
#include "tests/shared/temp_dir.hpp"

namespace {

using lv::TokenizerCacheUse;

// BERT-style, as tests/core/tokenizer/word_models_test.cpp's, with options away from their
// defaults: max_input_chars_per_word 12, the decoder's cleanup off.
const char kBert[] = R"({
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
  "decoder": {"type": "WordPiece", "prefix": "##", "cleanup": false},
  "model": {"type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##",
            "max_input_chars_per_word": 12,
            "vocab": {"[PAD]": 0, "[UNK]": 1, "[CLS]": 2, "[SEP]": 3, "hello": 4, "world": 5, "un": 6,
                      "##aff": 7, "##able": 8, ",": 9, "!": 10, "cafe": 11, "中": 12, "a": 13, "##a": 14}}
})";

// T5-style Unigram with byte fallback: Metaspace, log-probabilities, </s> after the text.
const char kUnigram[] = R"({
  "added_tokens": [{"id": 0, "content": "<unk>", "special": true}, {"id": 8, "content": "</s>", "special": true}],
  "normalizer": null,
  "pre_tokenizer": {"type": "Sequence", "pretokenizers": [{"type": "WhitespaceSplit"},
                    {"type": "Metaspace", "replacement": "\u2581", "prepend_scheme": "always", "split": true}]},
  "post_processor": {"type": "TemplateProcessing",
    "single": [{"Sequence": {"id": "A", "type_id": 0}}, {"SpecialToken": {"id": "</s>", "type_id": 0}}],
    "special_tokens": {"</s>": {"id": "</s>", "ids": [8], "tokens": ["</s>"]}}},
  "decoder": {"type": "Metaspace", "replacement": "\u2581", "prepend_scheme": "always", "split": true},
  "model": {"type": "Unigram", "unk_id": 0, "byte_fallback": true,
            "vocab": [["<unk>", 0.0], ["\u2581", -1.0], ["a", -2.0], ["b", -2.0], ["ab", -3.0], ["\u2581a", -2.5],
                      ["\u2581ab", -6.0], ["c", -1.0], ["</s>", 0.0], ["<0x78>", -7.0]]}
})";

// WordLevel with no decoder (its tokens joined by spaces) and a post-processor lookupviz
// cannot read (--special says why, from the cache too).
const char kWordLevel[] = R"({
  "added_tokens": [],
  "pre_tokenizer": {"type": "Whitespace"},
  "post_processor": {"type": "Mystery"},
  "model": {"type": "WordLevel", "unk_token": "[UNK]", "vocab": {"[UNK]": 0, "hello": 1, "world": 2, "!": 3}}
})";

const char* const kTexts[] = {"Hello, World!",
                              "unaffable",
                              "CAF\xC3\x89 \xE4\xB8\xAD\xE5\x9B\xBD",
                              "aaaaaaaaaaaaa",
                              "[CLS]hello [SEP]",
                              "ab  c",
                              "axyb x xx",
                              "",
                              " ",
                              "hello there world!"};

struct Opened {
  lv::ModelTokenizerLoad fresh, cached;
};

// The tokenizer.json parsed fresh, then opened twice through the cache: written, then read.
Opened open_both(const std::string& json) {
  const lv::test::TempDir dir("lookupviz_tokcache_words");
  const std::string path = dir.file("tokenizer.json"), cache = dir.file("cache");
  lv::test::write_file(path, json);
  Opened o;
  o.fresh = lv::tokenizer_from_json_file(path);
  TokenizerCacheUse use;
  (void)lv::tokenizer_from_json_file_cached(path, cache, &use);
  EXPECT_EQ(use.outcome, TokenizerCacheUse::Written) << use.why;
  o.cached = lv::tokenizer_from_json_file_cached(path, cache, &use);
  EXPECT_EQ(use.outcome, TokenizerCacheUse::Hit) << use.why;
  EXPECT_TRUE(o.fresh.tokenizer) << o.fresh.error;
  EXPECT_TRUE(o.cached.tokenizer) << o.cached.error;
  return o;
}

// The same IDs (encode and encode_compact), the same IDs with the special tokens (or the same
// refusal), and the same decoded bytes, for every text; returns how many texts encoded.
size_t expect_same(const lv::Tokenizer& a, const lv::Tokenizer& b) {
  EXPECT_EQ(a.name(), b.name());
  EXPECT_EQ(a.vocab_size(), b.vocab_size());
  size_t encoded = 0;
  for (const char* text : kTexts) {
    lv::Encoding x = a.encode(text), y = b.encode(text);
    EXPECT_EQ(x.ok, y.ok) << text;
    EXPECT_EQ(x.error, y.error) << text;
    EXPECT_EQ(x.ids, y.ids) << text;
    std::vector<uint32_t> compact;
    std::string why;
    EXPECT_EQ(b.encode_compact(text, compact, &why), y.ok) << text;
    EXPECT_EQ(lv::IdList(compact.begin(), compact.end()), y.ids) << text;
    EXPECT_EQ(a.decode(x.ids).bytes, b.decode(y.ids).bytes) << text;
    std::string why_a, why_b;
    EXPECT_EQ(a.add_special_tokens(x.ids, &why_a), b.add_special_tokens(y.ids, &why_b)) << text;
    EXPECT_EQ(why_a, why_b) << text;
    EXPECT_EQ(x.ids, y.ids) << text << " with the special tokens";
    EXPECT_EQ(a.decode(x.ids).bytes, b.decode(y.ids).bytes) << text << " with the special tokens";
    encoded += x.ok;
  }
  return encoded;
}

TEST(TokenizerCacheWords, WordPieceFromTheCacheGivesTheSameIds) {
  const Opened o = open_both(kBert);
  ASSERT_TRUE(o.fresh.tokenizer && o.cached.tokenizer);
  EXPECT_EQ(expect_same(*o.fresh.tokenizer, *o.cached.tokenizer), std::size(kTexts));
  // Known answers, so that "the same" is not the same wrong: the template's [CLS] … [SEP].
  lv::IdList ids = o.cached.tokenizer->encode("Hello, World!").ids;
  std::string why;
  ASSERT_TRUE(o.cached.tokenizer->add_special_tokens(ids, &why)) << why;
  EXPECT_EQ(ids, (lv::IdList{2, 4, 9, 5, 10, 3}));
  EXPECT_EQ(o.cached.tokenizer->encode("aaaaaaaaaaaa").ids.size(), 12u);        // 12 characters: pieces
  EXPECT_EQ(o.cached.tokenizer->encode("aaaaaaaaaaaaa").ids, (lv::IdList{1}));  // 13: [UNK]
  EXPECT_EQ(o.cached.tokenizer->decode({4, 9}).bytes, "hello ,");               // no cleanup
}

TEST(TokenizerCacheWords, UnigramFromTheCacheGivesTheSameIds) {
  const Opened o = open_both(kUnigram);
  ASSERT_TRUE(o.fresh.tokenizer && o.cached.tokenizer);
  EXPECT_GE(expect_same(*o.fresh.tokenizer, *o.cached.tokenizer), 5u);
  lv::IdList ids = o.cached.tokenizer->encode("ab  c").ids;
  EXPECT_EQ(ids, (lv::IdList{1, 4, 1, 7}));
  std::string why;
  ASSERT_TRUE(o.cached.tokenizer->add_special_tokens(ids, &why)) << why;
  EXPECT_EQ(ids, (lv::IdList{1, 4, 1, 7, 8}));
  EXPECT_EQ(o.cached.tokenizer->encode("xx").ids, (lv::IdList{1, 9, 9}));  // byte fallback
}

TEST(TokenizerCacheWords, WordLevelAndAnUnreadablePostProcessorFromTheCache) {
  const Opened o = open_both(kWordLevel);
  ASSERT_TRUE(o.fresh.tokenizer && o.cached.tokenizer);
  expect_same(*o.fresh.tokenizer, *o.cached.tokenizer);
  EXPECT_EQ(o.cached.tokenizer->decode({1, 2, 3}).bytes, "hello world !");
  lv::IdList ids{1};
  std::string why;
  EXPECT_FALSE(o.cached.tokenizer->add_special_tokens(ids, &why));
  EXPECT_NE(why.find("post_processor Mystery"), std::string::npos) << why;
}

// Every field set away from its default survives the codec. A field added to BpeSpec and not
// to spec_codec.cpp fails here when it is added to this list (and every field must be).
TEST(TokenizerSpecCodec, EveryFieldComesBack) {
  lv::BpeSpec s;
  s.model = lv::BpeSpec::WordPiece;
  s.name = "n";
  s.origin.kind = lv::TokenizerOrigin::Gguf;
  s.origin.path = "/p";
  s.tokens = {"a", "b", "ab", "<0x41>"};
  s.merges = {{0, 1}};
  s.merged = {2};
  s.scores = {1.5f, -2, 0, 3};
  s.by_score = s.byte_fallback = s.ignore_merges = s.fuse_unk = s.longest_added_first = true;
  s.first_merge_wins = s.byte_level = s.decode_byte_tokens = s.strip_leading_space = true;
  s.unk_id = 3;
  s.normalizer = {{lv::NormalizeStep::BertStripAccents, "t", "w", false, true}};
  s.pre_tokenizer.push_back({});
  s.pre_tokenizer[0].regex = std::make_shared<const lv::SplitRegex>("a+", true);
  s.pre_tokenizer[0].behavior = lv::PreTokenizeStep::Contiguous;
  s.pre_tokenizer[0].invert = s.pre_tokenizer[0].add_prefix_space = true;
  s.pre_tokenizer[0].use_regex = s.pre_tokenizer[0].split = false;
  s.pre_tokenizer[0].replacement = "_";
  s.pre_tokenizer[0].prepend = lv::PreTokenizeStep::Never;
  s.added = {{"<x>", 3, true, true}};
  s.space_symbol = "_";
  s.subword_prefix = "@@";
  s.max_word_chars = 7;
  s.unigram_scores = {-0.25, -1e-300};
  s.wordpiece_decoder = s.join_with_spaces = true;
  s.decoder_cleanup = false;
  s.decoder_prefix = "%%";
  s.special_before = {0, 1};
  s.special_after = {3};
  s.special_error = "why";
  lv::BpeSpec t;
  std::string why;
  const std::string bytes = lv::encode_spec(s);
  ASSERT_TRUE(lv::decode_spec(bytes, t, &why)) << why;
  EXPECT_EQ(lv::encode_spec(t), bytes);
  EXPECT_EQ(t.model, s.model);
  EXPECT_EQ(t.name, s.name);
  EXPECT_EQ(t.origin.kind, s.origin.kind);
  EXPECT_EQ(t.origin.path, s.origin.path);
  EXPECT_EQ(t.tokens, s.tokens);
  EXPECT_EQ(t.merges, s.merges);
  EXPECT_EQ(t.merged, s.merged);
  EXPECT_EQ(t.scores, s.scores);
  for (const bool* f :
       {&t.by_score, &t.byte_fallback, &t.ignore_merges, &t.fuse_unk, &t.longest_added_first, &t.first_merge_wins,
        &t.byte_level, &t.decode_byte_tokens, &t.strip_leading_space, &t.wordpiece_decoder, &t.join_with_spaces})
    EXPECT_TRUE(*f);
  EXPECT_FALSE(t.decoder_cleanup);
  EXPECT_EQ(t.unk_id, 3);
  ASSERT_EQ(t.normalizer.size(), 1u);
  EXPECT_EQ(t.normalizer[0].kind, lv::NormalizeStep::BertStripAccents);
  EXPECT_EQ(t.normalizer[0].text + t.normalizer[0].with, "tw");
  EXPECT_FALSE(t.normalizer[0].left);
  EXPECT_TRUE(t.normalizer[0].right);
  ASSERT_EQ(t.pre_tokenizer.size(), 1u);
  const lv::PreTokenizeStep& p = t.pre_tokenizer[0];
  ASSERT_TRUE(p.regex);
  EXPECT_EQ(p.regex->pattern(), "a+");
  EXPECT_TRUE(p.regex->literal());
  EXPECT_EQ(p.behavior, lv::PreTokenizeStep::Contiguous);
  EXPECT_TRUE(p.invert && p.add_prefix_space);
  EXPECT_FALSE(p.use_regex || p.split);
  EXPECT_EQ(p.replacement, "_");
  EXPECT_EQ(p.prepend, lv::PreTokenizeStep::Never);
  ASSERT_EQ(t.added.size(), 1u);
  EXPECT_EQ(t.added[0].content, "<x>");
  EXPECT_EQ(t.added[0].id, 3u);
  EXPECT_TRUE(t.added[0].lstrip && t.added[0].rstrip);
  EXPECT_EQ(t.space_symbol, "_");
  EXPECT_EQ(t.subword_prefix, "@@");
  EXPECT_EQ(t.max_word_chars, 7u);
  EXPECT_EQ(t.unigram_scores, s.unigram_scores);
  EXPECT_EQ(t.decoder_prefix, "%%");
  EXPECT_EQ(t.special_before, s.special_before);
  EXPECT_EQ(t.special_after, s.special_after);
  EXPECT_EQ(t.special_error, "why");
}

// A special token's ID outside the vocabulary, or a WordPiece word length past the parser's
// bound, is refused (the cache file is untrusted).
TEST(TokenizerSpecCodec, WordFieldsOutOfRangeAreRefused) {
  lv::BpeSpec s;
  s.tokens = {"a"};
  s.special_after = {1};
  lv::BpeSpec t;
  std::string why;
  EXPECT_FALSE(lv::decode_spec(lv::encode_spec(s), t, &why));
  s.special_after = {0};
  s.max_word_chars = 100'001;
  EXPECT_FALSE(lv::decode_spec(lv::encode_spec(s), t, &why));
  s.max_word_chars = 100'000;
  EXPECT_TRUE(lv::decode_spec(lv::encode_spec(s), t, &why)) << why;
}

}  // namespace
