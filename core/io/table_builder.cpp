// table_builder.cpp — normal_ in chunks, with progress and cancel (see the header).
// The block transform is torch_random's normal_fill_16, so the chunked table and
// normal_ cannot drift apart.
// tests/core/io/table_builder_test.cpp checks it against embedding_init bit for bit.
#include "core/io/table_builder.hpp"

#include <algorithm>

#include "core/torch/torch_random.hpp"

namespace lv {
namespace {

bool cancelled(const BuildControl& c) { return c.cancel && c.cancel->load(std::memory_order_relaxed); }

}  // namespace

bool normal_chunked(float* data, size_t n, double mean, double std, TorchGenerator& gen, const BuildControl& control) {
  if (n < 16) {  // the scalar path: nothing worth chunking
    normal_(data, n, mean, std, gen);
    if (control.progress) control.progress->store(1.0f, std::memory_order_relaxed);
    return true;
  }
  const float mean_f = static_cast<float>(mean), std_f = static_cast<float>(std);
  // Progress: a draw costs about a quarter of a transformed element.
  constexpr double kDrawWeight = 0.2;
  const double total = static_cast<double>(n);
  const size_t chunk = std::max<size_t>(16, control.chunk & ~size_t{15});
  auto report = [&](double done) {
    if (control.progress)
      control.progress->store(static_cast<float>(std::min(1.0, done / total)), std::memory_order_relaxed);
  };

  for (size_t i = 0; i < n; i += chunk) {  // 1. n draws, in order
    const size_t end = std::min(n, i + chunk);
    for (size_t k = i; k < end; ++k) data[k] = gen.uniform_float();
    if (cancelled(control)) return false;
    report(kDrawWeight * static_cast<double>(end));
  }
  const size_t blocks_end = n - n % 16;
  for (size_t i = 0; i < blocks_end; i += chunk) {  // 2. the blocks of 16
    const size_t end = std::min(blocks_end, i + chunk);
    for (size_t k = i; k < end; k += 16) normal_fill_16(data + k, mean_f, std_f);
    if (cancelled(control)) return false;
    report(kDrawWeight * total + (1.0 - kDrawWeight) * static_cast<double>(end));
  }
  if (n % 16 != 0) {  // 3. the tail: 16 fresh draws over the last 16 slots
    float* last = data + n - 16;
    for (int k = 0; k < 16; ++k) last[k] = gen.uniform_float();
    normal_fill_16(last, mean_f, std_f);
  }
  report(total);
  return true;
}

bool embedding_init_chunked(float* data, int64_t vocab, int64_t dim, TorchGenerator& gen, const BuildControl& control) {
  if (vocab <= 0 || dim <= 0) {
    if (control.progress) control.progress->store(1.0f, std::memory_order_relaxed);
    return true;
  }
  return normal_chunked(data, static_cast<size_t>(vocab) * static_cast<size_t>(dim), 0.0, 1.0, gen, control);
}

}  // namespace lv
