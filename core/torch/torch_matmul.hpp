// torch_matmul.hpp — torch's dense float32 matmul on the CPU, bit for bit: Debian's
// torch 1.13 hands `a @ b` (and nn.Linear without bias, x @ W.T) to the reference BLAS
// sgemm, which computes every output as one running sum from +0 over k in order, each
// product rounded to float32 before it is added (no FMA, no blocking, no pairing).
// Eigen's product reorders those sums, so the loops are written out here.
//   matmul:    out = a b     a: M x K, b: K x N   -> M x N
//   matmul_bt: out = a bᵀ    a: M x K, b: N x K   -> M x N   (x @ W.T, q @ k.T)
//   matmul_at: out = aᵀ b    a: K x M, b: K x N   -> M x N   (W.grad = gᵀ x, wᵀ @ grad)
// Checked against torch: 300 random x @ W.T and 200 a @ b up to 64 x 300 x 64, all bits.
#pragma once
#include "core/torch/tensor.hpp"

namespace lv {

Matrix matmul(const Matrix& a, const Matrix& b);
Matrix matmul_bt(const Matrix& a, const Matrix& b);
Matrix matmul_at(const Matrix& a, const Matrix& b);

}  // namespace lv
