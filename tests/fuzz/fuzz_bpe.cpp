// fuzz_bpe.cpp — libFuzzer target: GPT-2's tokenizer (core/tokenizer/gpt2_tokenizer), encode and
// decode. The invariants live in fuzz_entries.hpp, shared with the gtest replay of the corpus.
#include "tests/fuzz/fuzz_entries.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return lvfuzz::run(lvfuzz::check_bpe, data, size);
}
