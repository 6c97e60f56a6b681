// spread_ids.hpp — test input: "0,1,…", b IDs spread over 0..v-1, the first 0 and the
// last v - 1 (so V = max(ids) + 1 = v). Shared by the CLI and UI budget tests.
#pragma once
#include <cstdint>
#include <string>

inline std::string spread_ids(int64_t b, int64_t v) {
  std::string s;
  for (int64_t i = 0; i < b; ++i) {
    if (i) s += ',';
    s += std::to_string(b == 1 ? v - 1 : i * (v - 1) / (b - 1));
  }
  return s;
}
