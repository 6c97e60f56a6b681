// attention_questions.hpp — slide 10's questions (attention as a soft lookup), the kinds the
// slide brings with it (question_kinds.hpp KindFamily): attn_top_key, attn_row_sum,
// attn_hard_limit, attn_masked and attn_grad_rows, numbered from kFirstFamilyKind. The slide's
// line of the deck names kAttentionKinds; core's own kinds and switches never name them.
#pragma once
#include <cstdint>

#include "core/quiz/question_kinds.hpp"
#include "core/torch/attention.hpp"

namespace lv::quiz {

inline constexpr QuestionKind kAttnTopKey{kFirstFamilyKind + 0};
inline constexpr QuestionKind kAttnRowSum{kFirstFamilyKind + 1};
inline constexpr QuestionKind kAttnHardLimit{kFirstFamilyKind + 2};
inline constexpr QuestionKind kAttnMasked{kFirstFamilyKind + 3};
inline constexpr QuestionKind kAttnGradRows{kFirstFamilyKind + 4};

extern const KindFamily kAttentionKinds;

// The attention the model's slide values set (attention.beta, .d_out, .mask, .positions: the
// slide's controls, or --beta, --d-out, --no-mask, --positions on the command line).
AttentionSpec attention_spec_of(const QuizModel& m);
// The attention over the IDs' rows x = table.rows_of(ids), its W_query, W_key, W_value drawn
// from after_table (as the slide and --attention-print draw them), with attention_spec_of(m).
// At most kMaxAttentionTokens IDs (the family's askable says so).
Attention attention_of(const QuizModel& m);
// The position query t gives its largest weight (the lowest on a tie; -1: the row is NaN).
int64_t attn_top_key(const QuizModel& m, int64_t t);
// The sum of weight row t (1 up to float32 rounding: softmax divides by the row's total).
double attn_row_sum(const QuizModel& m, int64_t t);
// As β → ∞, the value row context row t copies (attention.hpp hard_limit_position; -1: a tie).
int64_t attn_hard_limit(const QuizModel& m, int64_t t);
// The positions whose weight in row t is exactly 0 (the masked ones, and any that underflow), sorted.
IdList attn_masked(const QuizModel& m, int64_t t);
// After context_vec.sum().backward(): how many value rows get a nonzero gradient.
int64_t attn_grad_rows(const QuizModel& m);

}  // namespace lv::quiz
