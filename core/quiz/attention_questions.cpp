// attention_questions.cpp — slide 10's questions (attention as a soft lookup): the
// answers from core/torch/attention.hpp, computed as the slide computes them, and why
// lines that name what a wrong answer believed (the token's own position always wins;
// the weights are the raw scores; the mask is the only source of zeros; only the row a
// query looks at most learns).
#include <cmath>
#include <cstdio>
#include <string>

#include "core/quiz/attention_questions.hpp"
#include "core/torch/attention_cli.hpp"
#include "core/text/id_parse.hpp"
#include "core/text/text_format.hpp"

namespace lv::quiz {

namespace {
// x as the slide attends over it (the IDs' rows, plus slide 8's positions when on); gen ends
// where W_query is drawn.
Matrix input_of(const QuizModel& m, TorchGenerator& gen) {
  gen = m.after_table;  // (pos_emb, then) W_query, W_key, W_value come right after the table
  return attention_input(m.table.rows_of(m.ids), m.batch(), attention_spec_of(m), gen);
}
}  // namespace

AttentionSpec attention_spec_of(const QuizModel& m) { return attention_spec_from(m.slide_values); }

Attention attention_of(const QuizModel& m) {
  TorchGenerator gen;
  const Matrix x = input_of(m, gen);
  return attention_forward(x, attention_spec_of(m), gen);
}

namespace {

int64_t top_of(const Attention& a, int64_t t) {
  int64_t at = -1;
  for (int64_t p = 0; p < a.weights.cols(); ++p) {
    const float w = a.weights(t, p);
    if (std::isnan(w)) return -1;
    if (at < 0 || w > a.weights(t, at)) at = p;
  }
  return at;
}

// Whether row t's largest weight is held by one position only (a question with one answer).
bool top_unique(const Attention& a, int64_t t) {
  const int64_t at = top_of(a, t);
  if (at < 0) return false;
  for (int64_t p = 0; p < a.weights.cols(); ++p)
    if (p != at && a.weights(t, p) == a.weights(t, at)) return false;
  return true;
}

IdList zeros_of(const Attention& a, int64_t t) {
  IdList out;
  for (int64_t p = 0; p < a.weights.cols(); ++p)
    if (a.weights(t, p) == 0.0f) out.push_back(p);
  return out;
}

std::string num(int64_t v) { return with_commas(v); }

std::string weight_text(float w) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4f", static_cast<double>(w));
  return buf;
}

}  // namespace

int64_t attn_top_key(const QuizModel& m, int64_t t) { return top_of(attention_of(m), t); }

double attn_row_sum(const QuizModel& m, int64_t t) {
  const Attention a = attention_of(m);
  double s = 0.0;  // exact enough: the learner's answer is judged within 1e-4
  for (int64_t p = 0; p < a.weights.cols(); ++p) s += static_cast<double>(a.weights(t, p));
  return s;
}

int64_t attn_hard_limit(const QuizModel& m, int64_t t) {
  return hard_limit_position(attention_of(m), t, attention_spec_of(m).causal);
}

IdList attn_masked(const QuizModel& m, int64_t t) { return zeros_of(attention_of(m), t); }

int64_t attn_grad_rows(const QuizModel& m) {
  TorchGenerator gen;
  const Matrix x = input_of(m, gen);
  return attention_value_backward(attention_forward(x, attention_spec_of(m), gen), x).rows_with_gradient;
}

namespace {

Params attention_params(QuestionKind k, const QuizModel& m, QuizRng* rng) {
  Params p;
  const int64_t b = m.batch();
  if (k == kAttnGradRows || b < 1) return p;
  if (k == kAttnMasked) {  // any query: its zeros are a list (maybe none)
    p.t = rng ? rng->below(b) : 0;
    return p;
  }
  // A query whose answer is one position (no tie), or whose row adds up to a number (a table
  // holding inf gives NaN rows): the last such one, or one drawn.
  const Attention a = attention_of(m);
  IdList fair;
  for (int64_t t = 0; t < b; ++t) {
    bool one = false;
    if (k == kAttnTopKey) one = top_unique(a, t);
    else if (k == kAttnHardLimit) one = hard_limit_position(a, t, attention_spec_of(m).causal) >= 0;
    else one = a.weights.row(t).array().isFinite().all();
    if (one) fair.push_back(t);
  }
  if (fair.empty()) return p;
  p.t = fair[static_cast<size_t>(rng ? rng->below(static_cast<int64_t>(fair.size())) : fair.size() - 1)];
  return p;
}

void ask_attention(Question& q, const QuizModel& m) {
  const Attention a = attention_of(m);
  const int64_t t = q.params.t.value_or(0);
  const std::string row = "query " + num(t);
  const bool causal = attention_spec_of(m).causal;
  // The family's kinds are not enumerators of QuestionKind: compared, not switched on.
  if (q.kind == kAttnTopKey) {
    const int64_t p = top_of(a, t);
    q.prompt = "Which position gets the largest weight in " + row + "'s row (click it)?";
    q.answer = p;
    q.why = "attn_weights[" + num(t) + "][" + num(p) + "] = " + weight_text(p >= 0 ? a.weights(t, p) : NAN) +
            ": softmax keeps the order of the scores, and queries[" + num(t) + "]·keys[" + num(p) +
            "] is the largest " + (causal ? "visible " : "") + "score" +
            (p == t ? " — here it is the query's own position"
                    : " — not the query's own position: the projections, not the ID, decide");
    return;
  }
  if (q.kind == kAttnRowSum) {
    const double s = attn_row_sum(m, t);
    q.prompt = "What do the weights of " + row + "'s row add up to?";
    q.answer = s;
    q.why = "softmax divides each exp(score) by the row's total, so every row adds up to 1 (here " +
            weight_text(static_cast<float>(s)) +
            "), whatever the scores, beta and the mask: the weights are not the scores";
    return;
  }
  if (q.kind == kAttnHardLimit) {
    const int64_t p = hard_limit_position(a, t, causal);
    q.prompt = "As beta grows without bound, which value row does context row " + num(t) + " copy (click it)?";
    q.answer = p;
    q.why = "beta × the largest score pulls away from the others, so the weight row becomes one-hot at position " +
            num(p) + " (queries[" + num(t) + "]·keys[" + num(p) + "] is the largest" + (causal ? " visible" : "") +
            " score): context row " + num(t) + " = value row " + num(p) + " — a lookup again" +
            (p == t ? "" : ", and not of the query's own row");
    return;
  }
  if (q.kind == kAttnMasked) {
    const IdList z = zeros_of(a, t);
    IdList masked;
    if (causal)
      for (int64_t p = t + 1; p < a.weights.cols(); ++p) masked.push_back(p);
    q.prompt = "Which positions get weight exactly 0 in " + row + "'s row (none: leave it empty)?";
    q.answer = z;
    const std::string later =
        masked.empty() ? std::string(causal ? "no later position exists" : "no mask: every position is visible")
                       : "the mask sets the later positions " + format_ids(masked) + " to -inf, and exp(-inf) = 0";
    q.why = later + (z.size() > masked.size() ? "; beta is large enough that exp() of the other scores underflows to 0 "
                                                "in float32 too"
                                              : "; every visible position gets some weight, however small");
    return;
  }
  // kAttnGradRows
  TorchGenerator gen;
  const AttentionValueGrad g = attention_value_backward(a, input_of(m, gen));
  q.prompt = "After context_vec.sum().backward(), how many value rows get a nonzero gradient?";
  q.answer = g.rows_with_gradient;
  q.why = num(g.rows_with_gradient) + " of " + num(m.batch()) +
          ": value row j gets the sum of the weights the queries give it, so every row some query weighs above 0 "
          "learns — not only the one it looks at most (the lookup's gradient reaches its looked-up rows only)";
}

bool attention_askable(QuestionKind k, const QuizModel& m) {
  if (m.batch() > kMaxAttentionTokens) return false;
  return k == kAttnGradRows || attention_params(k, m, nullptr).t.has_value();
}

constexpr KindInfo kKinds[] = {
    {kAttnTopKey, "attn_top_key", AnswerType::Int},       {kAttnRowSum, "attn_row_sum", AnswerType::Float},
    {kAttnHardLimit, "attn_hard_limit", AnswerType::Int}, {kAttnMasked, "attn_masked", AnswerType::IntList},
    {kAttnGradRows, "attn_grad_rows", AnswerType::Int},
};

}  // namespace

const KindFamily kAttentionKinds{kKinds, attention_askable, attention_params, ask_attention};

}  // namespace lv::quiz
