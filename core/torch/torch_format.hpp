// torch_format.hpp — torch's default tensor repr (torch/_tensor_str.py), char for char:
// precision 4, threshold 1000, edgeitems 3, linewidth 80; one float format per tensor
// (integer mode / fixed %.4f / scientific %.4e), right-aligned; summarization with
// "..." when numel > 1000; wrapping at 80 columns; suffixes (dtype, grad_fn,
// requires_grad) placed on the last line or on their own line exactly as torch does.
#pragma once
#include <cstdint>
#include <span>
#include <string>

#include "core/torch/tensor.hpp"

namespace lv {

struct ReprSuffix {
  std::string grad_fn;         // e.g. "EmbeddingBackward0" -> grad_fn=<EmbeddingBackward0>
  bool requires_grad = false;  // -> requires_grad=True (only when grad_fn is empty)
  std::string dtype;           // e.g. "torch.float16" -> dtype=torch.float16 (empty: float32/int64)
};

// shape: 0-D (empty span), 1-D or 2-D (higher dims are not needed by the app).
std::string repr_tensor(const float* data, std::span<const int64_t> shape, const ReprSuffix& suffix = {});
std::string repr_tensor(const int64_t* data, std::span<const int64_t> shape, const ReprSuffix& suffix = {});

// Conveniences for the row-major matrices of the core.
std::string repr_tensor(const Matrix& m, const ReprSuffix& suffix = {});
std::string repr_tensor(const IntMatrix& m, const ReprSuffix& suffix = {});
// mᵀ as torch prints it (e.g. linear.weight.grad, D x V, from a V x D matrix),
// without making the transposed copy: only the printed elements are read.
std::string repr_transposed(const Matrix& m, const ReprSuffix& suffix = {});
// "Parameter containing:\n" + the tensor with requires_grad=True.
std::string repr_parameter(const Matrix& m);

// The edges of a rows x cols matrix: what torch's repr reads of it. Along a
// dimension longer than 6 (when the matrix has more than 1000 elements) only its
// first 3 and last 3 indices; otherwise all of them. edge_rows/edge_cols give the
// shape of that compact matrix, edge_index maps an index of the full dimension to it.
int64_t edge_count(int64_t n, int64_t rows, int64_t cols);
int64_t edge_index(int64_t i, int64_t n, int64_t rows, int64_t cols);
// repr_tensor of the rows x cols matrix whose edges are `edges` (edge_count each way):
// a big tensor printed from the few values torch's repr reads (core/io/table_view.hpp edges_of).
std::string repr_edges(const Matrix& edges, int64_t rows, int64_t cols, const ReprSuffix& suffix = {});
std::string repr_edges(const IntMatrix& edges, int64_t rows, int64_t cols, const ReprSuffix& suffix = {});
// repr_parameter of the rows x cols matrix whose edges are `edges` (edge_count each way).
std::string repr_parameter_edges(const Matrix& edges, int64_t rows, int64_t cols);

}  // namespace lv
