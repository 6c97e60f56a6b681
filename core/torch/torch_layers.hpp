// torch_layers.hpp — the initial weights of torch.nn.Embedding and torch.nn.Linear.
#pragma once
#include <atomic>
#include <cstdint>
#include <vector>

#include "core/torch/tensor.hpp"
#include "core/torch/torch_generator.hpp"

namespace lv {

// nn.Embedding(V, D).weight: V x D drawn from N(0, 1) by normal_.
Matrix embedding_init(int64_t vocab, int64_t dim, TorchGenerator& gen);

// nn.Linear(in, out, bias).weight: out x in, kaiming_uniform_(a = sqrt(5)), i.e.
// uniform_(-b, b) with b = sqrt(3) * sqrt(2 / (1 + 5)) / sqrt(in); then the bias
// (out values, uniform_(-1/sqrt(in), 1/sqrt(in))) from the same stream.
struct LinearInit {
  Matrix weight;            // out x in
  std::vector<float> bias;  // empty when bias = false
};
LinearInit linear_init(int64_t in_features, int64_t out_features, bool bias, TorchGenerator& gen);

// Only the edges of linear_init(in, out, false, gen).weight that torch's repr reads
// (see edge_count in core/torch/torch_format.hpp), drawing the same stream (the generator
// ends where linear_init leaves it) without holding the out x in matrix: a big
// vocabulary's Linear(V, D) is printed in a fraction of the time and memory.
// cancel (may be null): checked between skips of at most a million draws; when set, the
// edges are left incomplete (and gen partway).
Matrix linear_weight_edges(int64_t in_features, int64_t out_features, TorchGenerator& gen,
                           const std::atomic<bool>* cancel = nullptr);

}  // namespace lv
