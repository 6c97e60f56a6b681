// attention_questions_test.cpp — core/quiz/attention_questions.cpp: slide 10's five kinds on
// the notebook's state (seed 123, IDs 2, 3, 1, a 4 × 5 table: PyTorch's weights are
// [[1, 0, 0], [0.4543, 0.5457, 0], [0.3454, 0.4078, 0.2468]]), at β 0, 1 and 1,000, with
// and without the mask; their params avoid ties; the prompts and whys name the answer.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "core/quiz/attention_questions.hpp"
#include "core/quiz/question_kinds.hpp"
#include "core/torch/attention_cli.hpp"
#include "core/torch/embedding_rows.hpp"

namespace {

using namespace lv::quiz;
using lv::IdList;

QuizModel notebook(double beta = 1.0, bool causal = true, int64_t d_out = 2) {
  QuizModel m = seeded_model(123, {2, 3, 1}, 4, 5);
  lv::AttentionSpec spec;
  spec.beta = beta;
  spec.causal = causal;
  spec.d_out = d_out;
  lv::attention_values(spec, m.slide_values);  // as the slide's controls give them
  return m;
}

TEST(AttentionQuestions, TheNotebooksWeightsAsPyTorchGivesThem) {
  const QuizModel m = notebook();
  const lv::Attention a = attention_of(m);
  // --attention-print's numbers (tests/golden/attention): the same rows and generator.
  lv::TorchGenerator gen(123);
  const lv::Matrix x = lv::embedding_rows(4, 5, {2, 3, 1}, gen);
  const lv::Attention want = lv::attention_forward(x, attention_spec_of(m), gen);
  EXPECT_TRUE(a.weights == want.weights);
  EXPECT_NEAR(a.weights(1, 0), 0.4543f, 1e-4f);
  EXPECT_NEAR(a.weights(2, 1), 0.4078f, 1e-4f);
  EXPECT_EQ(attn_top_key(m, 0), 0);  // query 0 sees itself only
  EXPECT_EQ(attn_top_key(m, 1), 1);  // 0.5457
  EXPECT_EQ(attn_top_key(m, 2), 1);  // 0.4078
  EXPECT_EQ(attn_masked(m, 0), (IdList{1, 2}));
  EXPECT_EQ(attn_masked(m, 1), (IdList{2}));
  EXPECT_TRUE(attn_masked(m, 2).empty());
  for (int64_t t = 0; t < 3; ++t) EXPECT_NEAR(attn_row_sum(m, t), 1.0, 1e-6) << t;
  EXPECT_EQ(attn_grad_rows(m), 3);  // query 2 sees every row with a weight above 0
}

TEST(AttentionQuestions, WithoutTheMaskNoWeightIsZeroAtBetaOne) {
  const QuizModel m = notebook(1.0, false);
  for (int64_t t = 0; t < 3; ++t) EXPECT_TRUE(attn_masked(m, t).empty()) << t;
}

TEST(AttentionQuestions, TheHardLimitIsTheOneHotRowAtALargeBeta) {
  // At β = 1,000 every row the limit names is one-hot to float32 precision at that position.
  const QuizModel sharp = notebook(1000.0);
  const lv::Attention a = attention_of(sharp);
  for (int64_t t = 0; t < 3; ++t) {
    const int64_t p = attn_hard_limit(sharp, t);
    ASSERT_GE(p, 0) << t;
    EXPECT_EQ(lv::one_hot_position(a, t), p) << t;
    EXPECT_EQ(attn_hard_limit(notebook(1.0), t), p) << "β does not change the limit's row, only how near it is";
    // The rest of the row underflows to exactly 0: the zeros are more than the masked ones.
    const IdList zeros = attn_masked(sharp, t);
    EXPECT_EQ(static_cast<int64_t>(zeros.size()), 2) << t;
    EXPECT_EQ(std::count(zeros.begin(), zeros.end(), p), 0) << t;
  }
}

TEST(AttentionQuestions, BetaZeroIsTheMeanAndItsTiesAreNotAsked) {
  const QuizModel flat = notebook(0.0, false);
  const lv::Attention a = attention_of(flat);
  for (int64_t p = 0; p < 3; ++p) EXPECT_EQ(a.weights(2, p), a.weights(2, 0));
  // Every row is a three-way tie: no top key to click.
  EXPECT_FALSE(default_params(kAttnTopKey, flat).t.has_value());
  EXPECT_FALSE(askable_of(kAttnTopKey, flat));
  // With the mask, query 0's row is [1, 0, 0]: its top is position 0, asked as the last fair row.
  const QuizModel masked = notebook(0.0, true);
  EXPECT_EQ(default_params(kAttnTopKey, masked).t, 0);
}

constexpr QuestionKind kSlideTenKinds[] = {kAttnTopKey, kAttnRowSum, kAttnHardLimit, kAttnMasked, kAttnGradRows};

TEST(AttentionQuestions, QuestionsNameTheirAnswerAndAreJudged) {
  const QuizModel m = notebook();
  for (QuestionKind k : kSlideTenKinds) {
    ASSERT_TRUE(askable_of(k, m)) << kind_name(k);
    const Question q = make_question(10, k, m, default_params(k, m));
    EXPECT_FALSE(q.prompt.empty()) << kind_name(k);
    EXPECT_FALSE(q.why.empty()) << kind_name(k);
    EXPECT_TRUE(judge(q, q.answer)) << kind_name(k);
  }
  const Question top = make_question(10, kAttnTopKey, m, default_params(kAttnTopKey, m));
  EXPECT_EQ(*top.params.t, 2);  // the last fair query
  EXPECT_EQ(std::get<int64_t>(top.answer), 1);
  EXPECT_FALSE(judge(top, Answer(int64_t{2})));  // its own position is the natural wrong guess
  EXPECT_NE(top.why.find("not the query's own position"), std::string::npos) << top.why;
  const Question sum = make_question(10, kAttnRowSum, m, default_params(kAttnRowSum, m));
  EXPECT_TRUE(judge(sum, Answer(1.0)));
  EXPECT_FALSE(judge(sum, Answer(0.4078)));  // a weight is not the row
  const Question grads = make_question(10, kAttnGradRows, m, default_params(kAttnGradRows, m));
  EXPECT_NE(grads.why.find("3 of 3"), std::string::npos) << grads.why;
  EXPECT_FALSE(judge(grads, Answer(int64_t{1})));  // not only the row looked at most
}

TEST(AttentionQuestions, MoreThanSixtyFourIdsAskNothingOnSlideTen) {
  IdList ids(65, 1);
  ids[3] = 2;
  const QuizModel m = seeded_model(1, ids, 4, 3);
  for (QuestionKind k : kSlideTenKinds) EXPECT_FALSE(askable_of(k, m)) << kind_name(k);
  for (const Question& q : state_questions(m, std::nullopt)) EXPECT_NE(q.slide, 10);
}

}  // namespace
