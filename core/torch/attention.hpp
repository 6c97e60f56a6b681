// attention.hpp — slide 10's numbers: causal self-attention as a soft lookup, exactly as
// PyTorch 1.13 computes it on the CPU (float32, AVX2), for the book's CausalAttention with
// dropout 0 and a sharpness β on the scores:
//   W_query, W_key, W_value = nn.Linear(D, d_out, bias=False)   drawn after the embedding
//   queries, keys, values = x @ W_query.T, x @ W_key.T, x @ W_value.T        T x d_out
//   scores  = (queries @ keys.T) * β, masked_fill(triu(ones(T, T), 1), -inf) T x T
//   weights = softmax(scores / d_out ** 0.5, dim=-1)                         T x T
//   context = weights @ values                                               T x d_out
// With β = 0 every visible position gets the same weight (the mean of the value rows it
// sees); as β grows a row of weights becomes one-hot and context copies one value row —
// the lookup of slides 2–4 again. The matmuls are core/torch/torch_matmul.hpp's (the
// reference BLAS's running sums), the softmax core/torch/torch_softmax.hpp's.
#pragma once
#include <cstdint>
#include <string>

#include "core/torch/tensor.hpp"
#include "core/torch/torch_generator.hpp"

namespace lv {

inline constexpr int64_t kMaxAttentionDOut = 64;     // d_out: 1..64
inline constexpr int64_t kMaxAttentionTokens = 64;   // T, the IDs attended over: 1..64
inline constexpr double kMaxAttentionBeta = 1000.0;  // β: 0..1000 (1 is the book's)

struct AttentionSpec {
  int64_t d_out = 2;       // the projections' width (the book's d_out = 2)
  double beta = 1.0;       // the scores' sharpness; as Python's float, cast to float32 by torch
  bool causal = true;      // the causal mask (torch.triu(ones, diagonal=1) filled with -inf)
  bool positions = false;  // x = embedding(idx) + pos_emb(arange(T)), slide 8's positions (attention_input)
};

struct Attention {
  Matrix w_query, w_key, w_value;  // d_out x D, the Linear layers' .weight
  Matrix queries, keys, values;    // T x d_out
  Matrix raw_scores;               // T x T: queries @ keys.T (before β and the mask)
  Matrix scores;                   // T x T: (queries @ keys.T) * β, -inf where masked
  Matrix weights;                  // T x T: attn_weights, each row sums to ~1
  Matrix context;                  // T x d_out: context_vec
};

// What the attention reads, x (T x D): the IDs' rows, with spec.positions plus slide 8's
// pos_emb(arange(T)) — nn.Embedding(context, D) drawn from gen first (right after the
// table's init; context is slide 8's T, the whole batch, of which x's T rows are the first),
// so that the three Linear layers are drawn after it, as a GPT makes them. Without positions
// it is `rows`, and gen is left where it was.
Matrix attention_input(const Matrix& rows, int64_t context, const AttentionSpec& spec, TorchGenerator& gen);

// x: the embedded IDs (T x D). gen: where the three Linear layers are drawn from (just
// after the embedding's init, or freshly seeded for a table loaded from a file); it
// ends after W_value.
Attention attention_forward(const Matrix& x, const AttentionSpec& spec, TorchGenerator& gen);

// context_vec.sum().backward(), the value side: every output's upstream gradient is 1.
struct AttentionValueGrad {
  Matrix values_grad;              // T x d_out: weightsᵀ @ ones — row j is the weight position j got,
                                   // summed over the queries (zero where no query sees j with weight > 0)
  Matrix w_value_grad;             // d_out x D: W_value.weight.grad = values_gradᵀ @ x
  int64_t rows_with_gradient = 0;  // value rows with a nonzero gradient
};
AttentionValueGrad attention_value_backward(const Attention& a, const Matrix& x);

// Where weight row t is one-hot to float32 precision, p (its weight rounds to exactly 1:
// the others, some maybe not 0, add up to less than half of 1's last bit, and context row
// t is value row p to float32 precision — a lookup); else -1 (no weight is 1, or NaN).
int64_t one_hot_position(const Attention& a, int64_t t);

// As β → ∞, which value row context row t copies: the visible position with the largest
// queries[t]·keys[p] (raw_scores), or -1 when two or more share it (the weights then
// split evenly between them, and no single row is copied) or the row is not finite.
int64_t hard_limit_position(const Attention& a, int64_t t, bool causal);

// The bill, against the lookup's T·D copies: attention cannot be a lookup because its
// weights are not one-hot, so every position is multiplied in.
struct AttentionCost {
  int64_t projection_madds = 0;  // 3·T·D·d_out: queries, keys, values
  int64_t score_madds = 0;       // T·T·d_out: queries @ keys.T
  int64_t mix_madds = 0;         // T·T·d_out: attn_weights @ values
  int64_t lookup_copies = 0;     // T·D: the embedding lookup that made x
};
AttentionCost attention_cost(int64_t tokens, int64_t dim, int64_t d_out);

// What `lookupviz --attention-print` prints: the Python of the ">>> attn_weights",
// print(attn_weights), ">>> context_vec", print(context_vec), as torch 1.13 prints them.
std::string attention_print_text(const Attention& a);

}  // namespace lv
