// fuzz_tokenizer_json.cpp — libFuzzer target: a model's tokenizer.json read
// (core/tokenizer/tokenizer_json.hpp), then a text encoded, split, replayed and decoded by it.
// The invariants live in fuzz_entries.hpp, shared with the gtest replay of the corpus.
#include "tests/fuzz/fuzz_entries.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return lvfuzz::run(lvfuzz::check_tokenizer_json, data, size);
}
