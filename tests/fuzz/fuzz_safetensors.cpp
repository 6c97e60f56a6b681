// fuzz_safetensors.cpp — libFuzzer target: the .safetensors loader on bytes (first line: the
//   tensor name; the rest: the file).
// The invariants live in fuzz_entries.hpp, shared with the gtest replay of the corpus.
#include "tests/fuzz/fuzz_entries.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return lvfuzz::run(lvfuzz::check_safetensors, data, size);
}
