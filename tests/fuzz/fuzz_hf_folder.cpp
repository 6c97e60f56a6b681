// fuzz_hf_folder.cpp — libFuzzer target: a Hugging Face folder's config.json and
//   model.safetensors.index.json readers (the config up to the first NUL, the index after).
// The invariants live in fuzz_entries.hpp, shared with the gtest replay of the corpus.
#include "tests/fuzz/fuzz_entries.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return lvfuzz::run(lvfuzz::check_hf_folder, data, size);
}
