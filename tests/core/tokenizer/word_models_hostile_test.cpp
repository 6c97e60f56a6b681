// word_models_hostile_test.cpp — hostile tokenizer.json files for the models besides BPE
// (core/tokenizer/word_models.hpp): each is refused in one sentence naming what is wrong, or
// (a vocabulary built to make the work explode) stops within its budget, never hangs or
// crashes. Negative Unigram scores are the norm (log-probabilities), not hostile: read.
#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "core/tokenizer/tokenizer_json.hpp"

namespace {

std::string wordpiece(const std::string& max_chars, const std::string& vocab) {
  return R"({"model": {"type": "WordPiece", "unk_token": "[UNK]", "max_input_chars_per_word": )" + max_chars +
         R"(, "vocab": )" + vocab + "}}";
}

std::string unigram(const std::string& unk_id, const std::string& vocab) {
  return R"({"model": {"type": "Unigram", "unk_id": )" + unk_id + R"(, "vocab": )" + vocab + "}}";
}

std::string refusal(const std::string& json) {
  const lv::ModelTokenizerLoad l = lv::tokenizer_from_json(json, "h/tokenizer.json");
  EXPECT_FALSE(l.tokenizer) << json.substr(0, 200);
  EXPECT_EQ(l.error.find('\n'), std::string::npos) << l.error;
  EXPECT_EQ(l.error.rfind("h/tokenizer.json is not a tokenizer lookupviz can use: ", 0), 0u) << l.error;
  return l.error;
}

TEST(WordModelsHostile, BadOptionsAreRefusedInOneSentence) {
  const std::string vocab = R"({"[UNK]": 0, "a": 1})";
  EXPECT_NE(refusal(wordpiece("1e12", vocab)).find("max_input_chars_per_word is not a whole number from 0 to 100,000"),
            std::string::npos);
  EXPECT_NE(refusal(wordpiece("-1", vocab)).find("max_input_chars_per_word"), std::string::npos);
  EXPECT_NE(refusal(wordpiece("2.5", vocab)).find("max_input_chars_per_word"), std::string::npos);
  EXPECT_NE(refusal(wordpiece("100", "{}")).find("its vocabulary is empty"), std::string::npos);
  EXPECT_NE(refusal(unigram("0", "[]")).find("its Unigram vocabulary is empty"), std::string::npos);
  const std::string pieces = R"([["<unk>", 0.0], ["a", -1.5]])";
  EXPECT_NE(refusal(unigram("-1", pieces)).find("unk_id is not the index of one of its 2 pieces"), std::string::npos);
  EXPECT_NE(refusal(unigram("2", pieces)).find("unk_id is not the index"), std::string::npos);
  EXPECT_NE(refusal(unigram("0", R"([["<unk>", 0.0], ["a", 1e999]])"))
                .find("is not a tokenizer lookupviz can use: the score of its Unigram piece 1 is not a finite number."),
            std::string::npos);
  EXPECT_NE(refusal(unigram("0", R"([["<unk>", 0.0], ["a", NaN]])")).find("not valid JSON"), std::string::npos);
  EXPECT_NE(refusal(unigram("0", R"([["<unk>", 0.0], ["a", null]])")).find("not a finite number"), std::string::npos);
  EXPECT_NE(refusal(unigram("0", R"([["<unk>", 0.0], ["a"]])")).find("not valid JSON"), std::string::npos);
  EXPECT_NE(refusal(unigram("0", R"({"a": 0})")).find("vocab is not a list of [piece, score] pairs"),
            std::string::npos);
  // Negative scores (every real Unigram's) and the largest finite ones are read.
  const lv::ModelTokenizerLoad ok = lv::tokenizer_from_json(unigram("0", R"([["<unk>", -1e300], ["a", 1e300]])"), "ok");
  EXPECT_TRUE(ok.tokenizer) << ok.error;
}

TEST(WordModelsHostile, AHugeVocabularyIsRefused) {
  // kMaxTokenizerTokens + 1 pieces: refused as it is read, before anything is built for them.
  std::string json = R"({"model": {"type": "Unigram", "unk_id": 0, "vocab": [)";
  const size_t n = static_cast<size_t>(lv::kMaxTokenizerTokens) + 1;
  json.reserve(json.size() + n * 9 + 8);
  for (size_t k = 0; k < n; ++k) json += k ? R"(,["",-1])" : R"(["",-1])";
  json += "]}}";
  EXPECT_NE(refusal(json).find("its Unigram vocabulary has more than 4,194,304 pieces."), std::string::npos);
}

// A vocabulary whose long pieces the text almost matches at every place: the trie walk from
// each place goes ~20,000 bytes deep. Stopped by the budget (256 steps a byte + 1 M).
TEST(WordModelsHostile, LongAlikePiecesStopWithinTheBudget) {
  const std::string run(20000, 'a');
  const auto started = std::chrono::steady_clock::now();
  const lv::ModelTokenizerLoad u =
      lv::tokenizer_from_json(unigram("0", R"([["<unk>", 0.0], ["a", -1.0], [")" + run + R"(b", -1.0]])"), "u");
  ASSERT_TRUE(u.tokenizer) << u.error;
  lv::Encoding e = u.tokenizer->encode(run);
  EXPECT_FALSE(e.ok);
  EXPECT_NE(e.error.find("too long and too alike to split this text"), std::string::npos) << e.error;
  const lv::ModelTokenizerLoad w = lv::tokenizer_from_json(
      wordpiece("100000", R"({"[UNK]": 0, "a": 1, "##a": 2, ")" + run + R"(b": 3, "##)" + run + R"(b": 4})"), "w");
  ASSERT_TRUE(w.tokenizer) << w.error;
  e = w.tokenizer->encode(run);
  EXPECT_FALSE(e.ok);
  EXPECT_NE(e.error.find("too long and too alike to split this text"), std::string::npos) << e.error;
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(5));
  // A short text with the same vocabulary is within its budget and comes out whole.
  e = w.tokenizer->encode("aaa");
  EXPECT_TRUE(e.ok) << e.error;
  EXPECT_EQ(e.ids, (lv::IdList{1, 2, 2}));
}

TEST(WordModelsHostile, AWordPieceWithoutItsUnknownTokenSaysSo) {
  const lv::ModelTokenizerLoad l = lv::tokenizer_from_json(wordpiece("100", R"({"a": 0})"), "w");
  ASSERT_TRUE(l.tokenizer) << l.error;
  const lv::Encoding e = l.tokenizer->encode("b");
  EXPECT_FALSE(e.ok);
  EXPECT_EQ(e.error,
            "the word “b” has no pieces in its WordPiece vocabulary, and its unk_token is not in the vocabulary");
}

}  // namespace
