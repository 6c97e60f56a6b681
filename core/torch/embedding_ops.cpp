// embedding_ops.cpp — the lookup, the one-hot matmul, their backward passes and bills.
// Reference implementations: clear over fast. The tuned kernels live in core/kernels_*.
#include "core/torch/embedding_ops.hpp"

#include <cstring>

namespace lv {

Matrix lookup(const Matrix& table, const IdList& ids) {
  const int64_t dim = table.cols();
  Matrix out(static_cast<Eigen::Index>(ids.size()), dim);
  for (size_t i = 0; i < ids.size(); ++i) {
    std::memcpy(out.row(static_cast<Eigen::Index>(i)).data(), table.row(ids[i]).data(),
                sizeof(float) * static_cast<size_t>(dim));
  }
  return out;
}

IntMatrix one_hot(const IdList& ids, int64_t vocab) {
  IntMatrix x = IntMatrix::Zero(static_cast<Eigen::Index>(ids.size()), vocab);
  for (size_t i = 0; i < ids.size(); ++i) x(static_cast<Eigen::Index>(i), ids[i]) = 1;
  return x;
}

Matrix one_hot_float(const IdList& ids, int64_t vocab) { return one_hot(ids, vocab).cast<float>(); }

Matrix onehot_matmul(const Matrix& onehot, const Matrix& table) {
  // linear.weight is tableᵀ (D x V); X · (tableᵀ)ᵀ = X · table. Eigen runs the full
  // dense product: every zero of X is multiplied like any other number.
  return (onehot * table).eval();
}

bool torch_equal(const Matrix& a, const Matrix& b) {
  if (a.rows() != b.rows() || a.cols() != b.cols()) return false;
  // Element-wise ==, like torch.equal: -0 == 0, and NaN equals nothing.
  for (Eigen::Index i = 0; i < a.size(); ++i)
    if (!(a.data()[i] == b.data()[i])) return false;
  return true;
}

Matrix lookup_backward(const IdList& ids, const Matrix& grad_out, int64_t vocab) {
  // As torch's embedding_dense_backward_cpu: rows of G added into zeros in batch order
  // (bit-exact with repeated IDs, where the order shows in the last bits).
  Matrix dw = Matrix::Zero(vocab, grad_out.cols());
  for (size_t i = 0; i < ids.size(); ++i) dw.row(ids[i]) += grad_out.row(static_cast<Eigen::Index>(i));
  return dw;
}

Matrix onehot_backward(const Matrix& onehot, const Matrix& grad_out) {
  // torch gets lin.weight.grad = Gᵀ X from reference BLAS: one running sum per element,
  // starting at +0, over the batch in order. Eigen's product would reorder the sum
  // (blocking, paired accumulators) and start from the first product (0 × negative =
  // -0, printed "-0."), so the loop is written out — still every zero multiplied.
  const Eigen::Index b = onehot.rows(), v = onehot.cols(), d = grad_out.cols();
  Matrix dw = Matrix::Zero(v, d);
  for (Eigen::Index i = 0; i < b; ++i) {
    const float* g = grad_out.row(i).data();
    for (Eigen::Index k = 0; k < v; ++k) {
      const float x = onehot(i, k);
      float* out = dw.row(k).data();
      for (Eigen::Index j = 0; j < d; ++j) out[j] += x * g[j];
    }
  }
  return dw;
}

OpCounts lookup_cost(int64_t b, int64_t v, int64_t d) {
  (void)v;
  OpCounts c;
  c.copies = b * d;
  c.bytes_read = b * d * 4 + b * 8;
  c.bytes_written = b * d * 4;
  return c;
}

OpCounts matmul_cost(int64_t b, int64_t v, int64_t d) {
  OpCounts c;
  c.multiply_adds = b * v * d;
  c.multiplies_by_zero = b * (v - 1) * d;
  c.bytes_read = (b * v + v * d) * 4;
  c.bytes_written = b * d * 4;
  return c;
}

OpCounts lookup_backward_cost(int64_t b, int64_t v, int64_t d) {
  OpCounts c;
  c.multiply_adds = 0;
  c.copies = b * d;                      // b*d additions into the touched rows
  c.bytes_read = b * d * 4 * 2 + b * 8;  // G and the touched rows of dW
  c.bytes_written = b * d * 4;
  (void)v;
  return c;
}

OpCounts matmul_backward_cost(int64_t b, int64_t v, int64_t d) {
  OpCounts c;
  c.multiply_adds = v * b * d;             // V x D outputs, B terms each
  c.multiplies_by_zero = (v - 1) * b * d;  // each G row meets V-1 zeros
  c.bytes_read = (b * v + b * d) * 4;
  c.bytes_written = v * d * 4;
  return c;
}

}  // namespace lv
