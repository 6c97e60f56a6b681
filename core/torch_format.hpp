// torch_format.hpp — torch's default tensor repr (torch/_tensor_str.py), char for char:
// precision 4, threshold 1000, edgeitems 3, linewidth 80; one float format per tensor
// (integer mode / fixed %.4f / scientific %.4e), right-aligned; summarization with
// "..." when numel > 1000; wrapping at 80 columns; suffixes (dtype, grad_fn,
// requires_grad) placed on the last line or on their own line exactly as torch does.
#pragma once
#include <cstdint>
#include <span>
#include <string>

#include "core/tensor.hpp"

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
// "Parameter containing:\n" + the tensor with requires_grad=True.
std::string repr_parameter(const Matrix& m);

}  // namespace lv
