// train_batches.hpp — the batches slide 9 trains on, from what the user typed: the
// batches field split at ';' (each part parsed as IDs), or, when nothing is typed, the
// IDs one a step (Text mode's tokens in windows of `window`). Slide 9 and Learn mode's
// rows_moved question (core/quiz/) both read them here, so the two train the same steps.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/torch/tensor.hpp"

namespace lv {

// `typed` split at ';' and each part parsed (IDs < vocab when vocab > 0); blank: `ids` one a
// step, or in windows of `window` IDs when window > 0. On a part that does not parse:
// empty, and `error` says which batch and why ("batch 2: no ID (batches are separated by
// ';')"); else `error` is "".
std::vector<IdList> train_batches(std::string_view typed, const IdList& ids, int window, int64_t vocab,
                                  std::string& error);

}  // namespace lv
