// fuzz_tokenizer_cache.cpp — libFuzzer target: a tokenizer cache's payload decoded
// (core/tokenizer/spec_codec.hpp) and, when accepted, the tokenizer it makes encoding, splitting,
// replaying and decoding a text. The invariants live in fuzz_entries.hpp, shared with the gtest
// replay of the corpus.
#include "tests/fuzz/fuzz_entries.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return lvfuzz::run(lvfuzz::check_tokenizer_cache, data, size);
}
