// fuzz_ids.cpp — libFuzzer target: the ID parser (core/text/id_parse).
// The invariants live in fuzz_entries.hpp, shared with the gtest replay of the corpus.
#include "tests/fuzz/fuzz_entries.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return lvfuzz::run(lvfuzz::check_ids, data, size);
}
