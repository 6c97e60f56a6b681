// fuzz_settings.cpp — libFuzzer target: the session settings parser (core/settings/session_settings), with
//   a write/read round trip.
// The invariants live in fuzz_entries.hpp, shared with the gtest replay of the corpus.
#include "tests/fuzz/fuzz_entries.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return lvfuzz::run(lvfuzz::check_settings, data, size);
}
