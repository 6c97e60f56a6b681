// notebook_transcript.hpp — the bonus notebook's steps as PyTorch prints them:
// exactly what shared/tools/torch-oracle prints for the same seed, IDs, D and V.
#pragma once
#include <cstdint>
#include <string>

#include "core/tensor.hpp"

namespace lv {

struct NotebookCase {
  uint64_t seed = 123;
  std::string seed_text = "123";  // as Python prints the seed
  IdList ids = {2, 3, 1};
  int64_t dim = 5;
  int64_t vocab = 4;              // num_idx
};

// The whole transcript (">>> ..." lines and torch's reprs), ending in a newline.
std::string notebook_transcript(const NotebookCase& c);

// Python's repr of a list of ints: "[2, 3, 1]".
std::string python_list(const IdList& ids);

}  // namespace lv
