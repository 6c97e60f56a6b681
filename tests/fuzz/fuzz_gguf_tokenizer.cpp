// fuzz_gguf_tokenizer.cpp — libFuzzer target: a .gguf's tokenizer (core/tokenizer/gguf_tokenizer.hpp)
// read, then a text encoded, split, replayed and decoded by it (the first line is the text,
// the rest the file). The invariants live in fuzz_entries.hpp, shared with the gtest replay.
#include "tests/fuzz/fuzz_entries.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return lvfuzz::run(lvfuzz::check_gguf_tokenizer, data, size);
}
