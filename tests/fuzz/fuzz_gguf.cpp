// fuzz_gguf.cpp — libFuzzer target: the .gguf loader on bytes (first line: the tensor
//   name, empty for token_embd.weight; the rest: the file), header accessors included.
// The invariants live in fuzz_entries.hpp, shared with the gtest replay of the corpus.
#include "tests/fuzz/fuzz_entries.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return lvfuzz::run(lvfuzz::check_gguf, data, size);
}
