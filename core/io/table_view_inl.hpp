// table_view_inl.hpp — edges_of (a template: callers pass their own accessors).
#pragma once
#include "core/torch/torch_format.hpp"

namespace lv {

template <class M, class At>
M edges_of(int64_t rows, int64_t cols, At&& at) {
  const int64_t er = edge_count(rows, rows, cols), ec = edge_count(cols, rows, cols);
  M e(er, ec);
  for (int64_t r = 0; r < rows; ++r) {
    const int64_t i = edge_index(r, rows, rows, cols);
    if (i < 0) {
      r = rows - er / 2 - 1;  // skip the middle: the last edge rows come next
      continue;
    }
    for (int64_t c = 0; c < cols; ++c) {
      const int64_t j = edge_index(c, cols, rows, cols);
      if (j < 0) {
        c = cols - ec / 2 - 1;
        continue;
      }
      e(i, j) = at(r, c);
    }
  }
  return e;
}

}  // namespace lv
