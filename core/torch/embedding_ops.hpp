// embedding_ops.hpp — the two paths and their bills.
//   lookup:  out = W[ids]               (B x D) — B row copies
//   one-hot: X = one_hot(ids, V)        (B x V)
//   matmul:  out = X Wᵀ with Wᵀ = linear.weight (D x V), i.e. X W (B x D)
//   backward from an upstream gradient G (B x D):
//     lookup:  dW[ids[i]] += G[i]       (scatter-add; repeated IDs add up)
//     matmul:  dW = Xᵀ G                (V x D, zeros included)
#pragma once
#include <cstdint>

#include "core/torch/tensor.hpp"

namespace lv {

Matrix lookup(const Matrix& table, const IdList& ids);            // B x D
IntMatrix one_hot(const IdList& ids, int64_t vocab);              // B x V, int64 like torch
Matrix one_hot_float(const IdList& ids, int64_t vocab);           // B x V, onehot.float()
Matrix onehot_matmul(const Matrix& onehot, const Matrix& table);  // (B x V)(V x D) = X Wᵀ
bool torch_equal(const Matrix& a, const Matrix& b);               // same shape, every a == b

Matrix lookup_backward(const IdList& ids, const Matrix& grad_out, int64_t vocab);  // V x D
Matrix onehot_backward(const Matrix& onehot, const Matrix& grad_out);              // Xᵀ G, V x D

// What each path costs for B IDs into a V x D float32 table.
struct OpCounts {
  int64_t multiply_adds = 0;       // matmul: B*V*D; lookup: 0
  int64_t multiplies_by_zero = 0;  // matmul: B*(V-1)*D
  int64_t copies = 0;              // lookup: B*D floats copied
  int64_t bytes_read = 0;          // matmul: (B*V + V*D) * 4; lookup: B*D*4 (+ B*8 for the IDs)
  int64_t bytes_written = 0;       // both: B*D*4
};
OpCounts lookup_cost(int64_t batch, int64_t vocab, int64_t dim);
OpCounts matmul_cost(int64_t batch, int64_t vocab, int64_t dim);
// Backward: lookup adds B*D values into B rows; matmul computes V*D outputs of B terms each.
OpCounts lookup_backward_cost(int64_t batch, int64_t vocab, int64_t dim);
OpCounts matmul_backward_cost(int64_t batch, int64_t vocab, int64_t dim);

}  // namespace lv
