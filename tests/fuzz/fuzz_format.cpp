// fuzz_format.cpp — libFuzzer target: torch's tensor repr (core/torch/torch_format) fed random tensors:
//   every shape class, NaN, ±inf, −0, subnormals, huge and tiny values, int64.
// The invariants live in fuzz_entries.hpp, shared with the gtest replay of the corpus.
#include "tests/fuzz/fuzz_entries.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return lvfuzz::run(lvfuzz::check_format, data, size);
}
