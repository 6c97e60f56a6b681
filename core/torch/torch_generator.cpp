// torch_generator.cpp — torch's CPUGeneratorImpl (MT19937 + cached normal sample).
// at::mt19937 seeded with s is std::mt19937 seeded with the low 32 bits of s.
#include "core/torch/torch_generator.hpp"

namespace lv {

void TorchGenerator::manual_seed(uint64_t seed) {
  mt_.seed(static_cast<std::mt19937::result_type>(seed & 0xffffffffULL));
  next_double_normal_sample.reset();
}

uint32_t TorchGenerator::random() { return static_cast<uint32_t>(mt_()); }

uint64_t TorchGenerator::random64() {
  const uint64_t hi = random();  // first draw is the high word
  const uint64_t lo = random();
  return (hi << 32) | lo;
}

float TorchGenerator::uniform_float() {
  // 24 bits times 2^-24: exact in float.
  return static_cast<float>(random() & 0xFFFFFFu) * (1.0f / 16777216.0f);
}

double TorchGenerator::uniform_double() {
  return static_cast<double>(random64() & ((uint64_t{1} << 53) - 1)) * (1.0 / 9007199254740992.0);
}

}  // namespace lv
