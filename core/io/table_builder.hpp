// table_builder.hpp — nn.Embedding's init for tables too big to draw in one call
// (GPT-2 small: 50,257 × 768 = 38.6M floats, several seconds): the same numbers as
// embedding_init / normal_, bit for bit, filled in chunks so a worker thread can
// report progress and stop early.
//
// How normal_ fills n >= 16 floats (core/torch/torch_random.cpp): n uniform draws in
// order, then every block of 16 transformed in place (Box–Muller on lanes j and
// j + 8), then — if n % 16 != 0 — 16 fresh draws into the last 16 slots, transformed
// again. The draws are sequential (one generator); the transform of a block depends
// only on that block, so both phases split into chunks freely.
#pragma once
#include <atomic>
#include <cstddef>
#include <cstdint>

#include "core/torch/torch_generator.hpp"

namespace lv {

struct BuildControl {
  const std::atomic<bool>* cancel = nullptr;  // set it (from any thread) to stop between chunks
  std::atomic<float>* progress = nullptr;     // 0 .. 1, updated after every chunk
  size_t chunk = size_t{1} << 16;             // elements per chunk (a fraction of a ms)
};

// data[0..n) = normal_(mean, std) exactly as normal_(data, n, mean, std, gen), and gen
// ends in the same state. Returns false when cancelled (data and gen are then partial).
bool normal_chunked(float* data, size_t n, double mean, double std, TorchGenerator& gen,
                    const BuildControl& control = {});

// nn.Embedding(vocab, dim).weight into data (vocab × dim floats, row-major), as
// embedding_init(vocab, dim, gen). Returns false when cancelled.
bool embedding_init_chunked(float* data, int64_t vocab, int64_t dim, TorchGenerator& gen,
                            const BuildControl& control = {});

}  // namespace lv
