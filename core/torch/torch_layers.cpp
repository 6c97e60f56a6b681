// torch_layers.cpp — nn.Embedding's and nn.Linear's reset_parameters() (torch 1.13),
// drawn from a TorchGenerator exactly as torch draws them.
#include "core/torch/torch_layers.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "core/torch/torch_format.hpp"
#include "core/torch/torch_random.hpp"

namespace lv {

Matrix embedding_init(int64_t vocab, int64_t dim, TorchGenerator& gen) {
  if (vocab < 0 || dim < 0) throw std::invalid_argument("embedding_init: negative size");
  Matrix w(vocab, dim);
  normal_(w.data(), static_cast<size_t>(w.size()), 0.0, 1.0, gen);  // init.normal_(weight)
  return w;
}

LinearInit linear_init(int64_t in_features, int64_t out_features, bool bias, TorchGenerator& gen) {
  if (in_features < 0 || out_features < 0) throw std::invalid_argument("linear_init: negative size");
  LinearInit out;
  out.weight = Matrix::Zero(out_features, in_features);
  // init.kaiming_uniform_(weight, a=sqrt(5)), all in double as Python computes it;
  // a zero-element weight is left alone (no draws).
  if (out.weight.size() > 0) {
    const double a = std::sqrt(5.0);
    const double gain = std::sqrt(2.0 / (1.0 + a * a));  // calculate_gain('leaky_relu', a)
    const double std_ = gain / std::sqrt(static_cast<double>(in_features));
    const double bound = std::sqrt(3.0) * std_;
    uniform_(out.weight.data(), static_cast<size_t>(out.weight.size()), -bound, bound, gen);
  }
  if (bias) {
    out.bias.assign(static_cast<size_t>(out_features), 0.0f);
    // bound = 1 / math.sqrt(fan_in) if fan_in > 0 else 0 (the int 0: no -0.0).
    const double b = in_features > 0 ? 1.0 / std::sqrt(static_cast<double>(in_features)) : 0.0;
    uniform_(out.bias.data(), out.bias.size(), in_features > 0 ? -b : 0.0, b, gen);
  }
  return out;
}

namespace {
// gen.discard(n) in steps, stopping early when cancelled (a V × D skip is seconds).
bool discard_checked(TorchGenerator& gen, uint64_t n, const std::atomic<bool>* cancel) {
  constexpr uint64_t kStep = uint64_t{1} << 20;
  while (n > 0) {
    if (cancel && cancel->load(std::memory_order_relaxed)) return false;
    const uint64_t k = std::min(n, kStep);
    gen.discard(k);
    n -= k;
  }
  return true;
}
}  // namespace

Matrix linear_weight_edges(int64_t in_features, int64_t out_features, TorchGenerator& gen,
                           const std::atomic<bool>* cancel) {
  if (in_features < 0 || out_features < 0) throw std::invalid_argument("linear_weight_edges: negative size");
  const int64_t rows = out_features, cols = in_features;
  const int64_t er = edge_count(rows, rows, cols), ec = edge_count(cols, rows, cols);
  Matrix edges = Matrix::Zero(er, ec);
  if (rows * cols == 0) return edges;
  const double a = std::sqrt(5.0);
  const double gain = std::sqrt(2.0 / (1.0 + a * a));
  const double bound = std::sqrt(3.0) * (gain / std::sqrt(static_cast<double>(in_features)));
  // uniform_(-bound, bound) draws one random() per element in row-major order: skip
  // the elements repr never reads.
  const float from_f = static_cast<float>(-bound), range = static_cast<float>(bound) - from_f;
  int64_t at = 0;  // elements drawn so far
  for (int64_t r = 0; r < rows; ++r) {
    const int64_t i = edge_index(r, rows, rows, cols);
    if (i < 0) continue;
    for (int64_t c = 0; c < cols; ++c) {
      const int64_t j = edge_index(c, cols, rows, cols);
      if (j < 0) continue;
      const int64_t k = r * cols + c;
      if (!discard_checked(gen, static_cast<uint64_t>(k - at), cancel)) return edges;
      edges(i, j) = std::fma(gen.uniform_float(), range, from_f);
      at = k + 1;
    }
  }
  discard_checked(gen, static_cast<uint64_t>(rows * cols - at), cancel);
  return edges;
}

}  // namespace lv
