// embedding_rows.cpp — the rows of a seeded table, block by block (see embedding_rows.hpp
// and the block fill in core/torch/torch_random.cpp, which this must follow exactly).
#include "core/torch/embedding_rows.hpp"

#include <array>
#include <map>
#include <set>
#include <stdexcept>

#include "core/torch/embedding_ops.hpp"
#include "core/torch/torch_layers.hpp"
#include "core/torch/torch_random.hpp"

namespace lv {

Matrix embedding_rows(int64_t vocab, int64_t dim, const IdList& ids, TorchGenerator& gen) {
  if (vocab < 0 || dim < 0) throw std::invalid_argument("embedding_rows: negative size");
  for (int64_t id : ids)
    if (id < 0 || id >= vocab) throw std::out_of_range("embedding_rows: an ID is outside the table");
  const uint64_t n = static_cast<uint64_t>(vocab) * static_cast<uint64_t>(dim);
  if (n < 16) return lookup(embedding_init(vocab, dim, gen), ids);  // per-element Box–Muller, cached sample

  // Which blocks of 16 the rows touch; the tail (the last 16 values, drawn again) apart.
  const bool has_tail = n % 16 != 0;
  const uint64_t tail_start = n - 16;  // first value the tail overwrites (when has_tail)
  auto in_tail = [&](uint64_t i) { return has_tail && i >= tail_start; };
  std::set<uint64_t> blocks;
  for (int64_t id : ids)
    for (uint64_t i = static_cast<uint64_t>(id) * dim, end = i + dim; i < end; ++i)
      if (!in_tail(i)) blocks.insert(i / 16);

  // Walk the draws in order: skip to each block, draw and transform it.
  std::map<uint64_t, std::array<float, 16>> drawn;
  uint64_t at = 0;  // draws consumed so far
  for (uint64_t b : blocks) {
    gen.discard(b * 16 - at);
    std::array<float, 16> d;
    for (float& v : d) v = gen.uniform_float();
    normal_fill_16(d.data(), 0.0f, 1.0f);
    drawn[b] = d;
    at = b * 16 + 16;
  }
  gen.discard(n - at);
  std::array<float, 16> tail{};
  if (has_tail) {
    for (float& v : tail) v = gen.uniform_float();
    normal_fill_16(tail.data(), 0.0f, 1.0f);
  }

  Matrix out(static_cast<Eigen::Index>(ids.size()), dim);
  for (size_t r = 0; r < ids.size(); ++r)
    for (int64_t c = 0; c < dim; ++c) {
      const uint64_t i = static_cast<uint64_t>(ids[r]) * dim + static_cast<uint64_t>(c);
      out(static_cast<Eigen::Index>(r), c) = in_tail(i) ? tail[i - tail_start] : drawn[i / 16][i % 16];
    }
  return out;
}

}  // namespace lv
