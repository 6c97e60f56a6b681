// tensor.hpp — the plain data types the core hands around.
// Matrices are row-major float32 like torch's contiguous tensors, so a row of the
// table is `D` consecutive floats and `data()` can be given to a formatter or a
// GL texture without copies.
#pragma once
#include <Eigen/Core>
#include <cstdint>
#include <vector>

namespace lv {

using Matrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using IntMatrix = Eigen::Matrix<int64_t, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using IdList = std::vector<int64_t>;

}  // namespace lv
