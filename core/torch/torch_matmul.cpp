// torch_matmul.cpp — the reference BLAS's running sums (see torch_matmul.hpp).
// lookupviz_core is built with -ffp-contract=off: a * b + s stays two roundings, as
// the reference BLAS (built for plain x86-64, no FMA) rounds it.
#include "core/torch/torch_matmul.hpp"

#include <stdexcept>

namespace lv {

Matrix matmul(const Matrix& a, const Matrix& b) {
  if (a.cols() != b.rows()) throw std::invalid_argument("matmul: inner sizes differ");
  Matrix out(a.rows(), b.cols());
  for (Eigen::Index i = 0; i < a.rows(); ++i)
    for (Eigen::Index j = 0; j < b.cols(); ++j) {
      float s = 0.0f;
      for (Eigen::Index k = 0; k < a.cols(); ++k) s += a(i, k) * b(k, j);
      out(i, j) = s;
    }
  return out;
}

Matrix matmul_bt(const Matrix& a, const Matrix& b) {
  if (a.cols() != b.cols()) throw std::invalid_argument("matmul_bt: inner sizes differ");
  Matrix out(a.rows(), b.rows());
  for (Eigen::Index i = 0; i < a.rows(); ++i)
    for (Eigen::Index j = 0; j < b.rows(); ++j) {
      float s = 0.0f;
      for (Eigen::Index k = 0; k < a.cols(); ++k) s += a(i, k) * b(j, k);
      out(i, j) = s;
    }
  return out;
}

Matrix matmul_at(const Matrix& a, const Matrix& b) {
  if (a.rows() != b.rows()) throw std::invalid_argument("matmul_at: inner sizes differ");
  Matrix out(a.cols(), b.cols());
  for (Eigen::Index i = 0; i < a.cols(); ++i)
    for (Eigen::Index j = 0; j < b.cols(); ++j) {
      float s = 0.0f;
      for (Eigen::Index k = 0; k < a.rows(); ++k) s += a(k, i) * b(k, j);
      out(i, j) = s;
    }
  return out;
}

}  // namespace lv
