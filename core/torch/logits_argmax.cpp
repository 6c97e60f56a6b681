// logits_argmax.cpp — the tied head's argmax for one position (see the header).
#include "core/torch/logits_argmax.hpp"

#include <vector>

namespace lv {

int64_t tied_head_argmax(const TableView& table, const float* x) {
  const int64_t v = table.rows(), d = table.cols();
  std::vector<float> row(static_cast<size_t>(d));
  ArgmaxFold fold;
  for (int64_t j = 0; j < v; ++j) {
    table.read_row(j, row.data());
    fold.add(j, head_logit(x, row.data(), d));
  }
  return fold.id;
}

}  // namespace lv
