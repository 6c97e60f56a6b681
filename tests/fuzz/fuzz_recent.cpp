// fuzz_recent.cpp — libFuzzer target: the recent-files reader (core/settings/recent_files), the
//   parser and the bounded file read on the same bytes, with a write/read round trip.
// The invariants live in fuzz_entries.hpp, shared with the gtest replay of the corpus.
#include "tests/fuzz/fuzz_entries.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return lvfuzz::run(lvfuzz::check_recent, data, size);
}
