// attention.cpp — slide 10's forward and backward in torch's order of operations (see
// attention.hpp). Each step rounds where torch rounds: the scores are multiplied by
// float32(β) and divided by float32(d_out ** 0.5), as torch casts a Python scalar to the
// tensor's dtype before the elementwise op.
#include "core/torch/attention.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>

#include "core/torch/torch_format.hpp"
#include "core/torch/torch_layers.hpp"
#include "core/torch/torch_matmul.hpp"
#include "core/torch/torch_softmax.hpp"

namespace lv {

Matrix attention_input(const Matrix& rows, int64_t context, const AttentionSpec& spec, TorchGenerator& gen) {
  if (!spec.positions) return rows;
  if (context < rows.rows()) throw std::invalid_argument("attention_input: fewer positions than rows");
  const Matrix pos = embedding_init(context, rows.cols(), gen);  // pos_emb.weight
  return rows + pos.topRows(rows.rows());                        // float32 adds, as torch's
}

Attention attention_forward(const Matrix& x, const AttentionSpec& spec, TorchGenerator& gen) {
  if (spec.d_out < 1) throw std::invalid_argument("attention_forward: d_out must be at least 1");
  const int64_t t = x.rows(), dim = x.cols();
  Attention a;
  // CausalAttention.__init__: W_query, W_key, W_value in this order, from one stream.
  a.w_query = linear_init(dim, spec.d_out, false, gen).weight;
  a.w_key = linear_init(dim, spec.d_out, false, gen).weight;
  a.w_value = linear_init(dim, spec.d_out, false, gen).weight;
  a.queries = matmul_bt(x, a.w_query);
  a.keys = matmul_bt(x, a.w_key);
  a.values = matmul_bt(x, a.w_value);

  const float beta = static_cast<float>(spec.beta);
  a.raw_scores = matmul_bt(a.queries, a.keys);
  a.scores = a.raw_scores;
  for (Eigen::Index i = 0; i < t; ++i)
    for (Eigen::Index j = 0; j < t; ++j) {
      a.scores(i, j) = a.scores(i, j) * beta;
      if (spec.causal && j > i) a.scores(i, j) = -std::numeric_limits<float>::infinity();
    }

  // keys.shape[-1] ** 0.5: Python's float power in double, then float32 for the division.
  const float scale = static_cast<float>(std::pow(static_cast<double>(spec.d_out), 0.5));
  a.weights = Matrix(t, t);
  for (Eigen::Index i = 0; i < t; ++i) {
    for (Eigen::Index j = 0; j < t; ++j) a.weights(i, j) = a.scores(i, j) / scale;
    softmax_row(a.weights.row(i).data(), a.weights.row(i).data(), t);
  }
  a.context = matmul(a.weights, a.values);
  return a;
}

AttentionValueGrad attention_value_backward(const Attention& a, const Matrix& x) {
  AttentionValueGrad g;
  // sum()'s backward: ones like context_vec; MmBackward0: values.grad = weightsᵀ @ ones.
  const Matrix ones = Matrix::Ones(a.context.rows(), a.context.cols());
  g.values_grad = matmul_at(a.weights, ones);
  // values = x @ W_value.T: W_value.weight.grad = values.gradᵀ @ x.
  g.w_value_grad = matmul_at(g.values_grad, x);
  for (Eigen::Index r = 0; r < g.values_grad.rows(); ++r)
    if ((g.values_grad.row(r).array() != 0.0f).any()) ++g.rows_with_gradient;
  return g;
}

int64_t one_hot_position(const Attention& a, int64_t t) {
  // Softmax weights are at most 1; two of them cannot both round to 1 (their sum would be 2).
  for (Eigen::Index p = 0; p < a.weights.cols(); ++p)
    if (a.weights(t, p) == 1.0f) return p;
  return -1;
}

int64_t hard_limit_position(const Attention& a, int64_t t, bool causal) {
  const Eigen::Index visible = causal ? t + 1 : a.raw_scores.cols();
  int64_t at = -1;
  float best = 0.0f;
  bool tie = false;
  for (Eigen::Index p = 0; p < visible; ++p) {
    const float s = a.raw_scores(t, p);
    if (!std::isfinite(s)) return -1;
    if (at < 0 || s > best) at = p, best = s, tie = false;
    else if (s == best) tie = true;
  }
  return tie ? -1 : at;
}

AttentionCost attention_cost(int64_t tokens, int64_t dim, int64_t d_out) {
  AttentionCost c;
  c.projection_madds = 3 * tokens * dim * d_out;
  c.score_madds = tokens * tokens * d_out;
  c.mix_madds = tokens * tokens * d_out;
  c.lookup_copies = tokens * dim;
  return c;
}

std::string attention_print_text(const Attention& a) {
  // Every tensor after the Linear layers has a grad_fn (their weights require grad).
  ReprSuffix softmax, mm;
  softmax.grad_fn = "SoftmaxBackward0";
  mm.grad_fn = "MmBackward0";
  return ">>> attn_weights\n" + repr_tensor(a.weights, softmax) + "\n>>> context_vec\n" + repr_tensor(a.context, mm) +
         "\n";
}

}  // namespace lv
