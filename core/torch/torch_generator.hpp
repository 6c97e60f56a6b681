// torch_generator.hpp — torch's CPU generator (CPUGeneratorImpl), bit for bit.
// manual_seed(s): the low 32 bits of s seed a standard MT19937 and the cached
// normal sample is cleared. random() is one 32-bit output; random64() two outputs,
// the first one the high word. See shared/reference/torch-notes.md.
#pragma once
#include <cstdint>
#include <optional>
#include <random>

namespace lv {

class TorchGenerator {
 public:
  explicit TorchGenerator(uint64_t seed = 67280421310721ULL) { manual_seed(seed); }

  void manual_seed(uint64_t seed);
  uint32_t random();
  void discard(uint64_t n) { mt_.discard(n); }  // skips n random() outputs
  uint64_t random64();
  float uniform_float();    // [0, 1): low 24 bits of random() * 2^-24
  double uniform_double();  // [0, 1): low 53 bits of random64() * 2^-53

  // The double Box–Muller's second sample, kept between small normal_ calls.
  std::optional<double> next_double_normal_sample;

 private:
  std::mt19937 mt_;
};

}  // namespace lv
