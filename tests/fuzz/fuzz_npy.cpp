// fuzz_npy.cpp — libFuzzer target: the .npy loader on bytes (core/io/table_file parse_npy).
// The invariants live in fuzz_entries.hpp, shared with the gtest replay of the corpus.
#include "tests/fuzz/fuzz_entries.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return lvfuzz::run(lvfuzz::check_npy, data, size);
}
