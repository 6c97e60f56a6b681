// fuzz_cli.cpp — libFuzzer target: the command-line parser (core/settings/cli_options); the input is argv
//   split at NUL or newline.
// The invariants live in fuzz_entries.hpp, shared with the gtest replay of the corpus.
#include "tests/fuzz/fuzz_entries.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return lvfuzz::run(lvfuzz::check_cli, data, size);
}
