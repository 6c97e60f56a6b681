// embedding_ops_test.cpp — the two paths agree, the backward of both, and the bills.
#include "core/torch/embedding_ops.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace lv {
namespace {

// The notebook's seed-123 table (shared/reference/notebook.md), as printed by torch.
Matrix notebook_table() {
  Matrix w(4, 5);
  w << 0.3374f, -0.1778f, -0.3035f, -0.5880f, 1.5810f,  //
      1.3010f, 1.2753f, -0.2010f, -0.1606f, -0.4015f,   //
      0.6957f, -1.8061f, -1.1589f, 0.3255f, -0.6315f,   //
      -2.8400f, -0.7849f, -1.4096f, -0.4076f, 0.7953f;
  return w;
}

TEST(EmbeddingOps, LookupPicksRows) {
  Matrix w = notebook_table();
  Matrix out = lookup(w, {2, 3, 1});
  ASSERT_EQ(out.rows(), 3);
  ASSERT_EQ(out.cols(), 5);
  EXPECT_EQ(out.row(0), w.row(2));
  EXPECT_EQ(out.row(1), w.row(3));
  EXPECT_EQ(out.row(2), w.row(1));
}

TEST(EmbeddingOps, OneHotMatchesNotebook) {
  IntMatrix x = one_hot({2, 3, 1}, 4);
  IntMatrix want(3, 4);
  want << 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0;
  EXPECT_EQ(x, want);
  EXPECT_EQ(one_hot_float({0}, 1)(0, 0), 1.0f);
}

TEST(EmbeddingOps, MatmulEqualsLookupExactly) {
  Matrix w = Matrix::Random(37, 11);
  IdList ids = {0, 36, 5, 5, 17, 0};
  Matrix a = lookup(w, ids);
  Matrix b = onehot_matmul(one_hot_float(ids, 37), w);
  EXPECT_TRUE(torch_equal(a, b));
  for (Eigen::Index i = 0; i < a.size(); ++i) EXPECT_EQ(a.data()[i], b.data()[i]);
}

TEST(EmbeddingOps, InfBreaksTheMatmulButNotTheLookup) {
  Matrix w = notebook_table();
  w(3, 0) = std::numeric_limits<float>::infinity();
  Matrix a = lookup(w, {2});
  Matrix b = onehot_matmul(one_hot_float({2}, 4), w);
  EXPECT_EQ(a(0, 0), w(2, 0));
  EXPECT_TRUE(std::isnan(b(0, 0)));  // 0 × inf = NaN
  EXPECT_FALSE(torch_equal(a, b));
}

TEST(EmbeddingOps, TorchEqualShapeAndSignedZero) {
  Matrix a = Matrix::Zero(2, 2), b = Matrix::Zero(2, 2), c = Matrix::Zero(2, 3);
  b(1, 1) = -0.0f;
  EXPECT_TRUE(torch_equal(a, b));
  EXPECT_FALSE(torch_equal(a, c));
}

TEST(EmbeddingOps, BackwardPathsAgreeAndRepeatedIdsAdd) {
  IdList ids = {2, 3, 2};
  Matrix g(3, 2);
  g << 1, 2, 10, 20, 100, 200;
  Matrix a = lookup_backward(ids, g, 4);
  Matrix b = onehot_backward(one_hot_float(ids, 4), g);
  Matrix want(4, 2);
  want << 0, 0, 0, 0, 101, 202, 10, 20;
  EXPECT_EQ(a, want);
  EXPECT_EQ(b, want);
}

TEST(EmbeddingOps, BillsFollowTheFormulas) {
  OpCounts m = matmul_cost(3, 4, 5);
  EXPECT_EQ(m.multiply_adds, 60);
  EXPECT_EQ(m.multiplies_by_zero, 45);
  EXPECT_EQ(m.bytes_written, 60);
  OpCounts l = lookup_cost(3, 4, 5);
  EXPECT_EQ(l.copies, 15);
  EXPECT_EQ(l.multiply_adds, 0);
  // GPT-2 small: one token through a one-hot matmul.
  OpCounts g = matmul_cost(1, 50257, 768);
  EXPECT_EQ(g.multiply_adds, 38'597'376);
  EXPECT_EQ(g.multiplies_by_zero, 38'596'608);
  EXPECT_EQ(lookup_cost(1, 50257, 768).copies, 768);
  EXPECT_EQ(matmul_backward_cost(3, 4, 5).bytes_written, 80);
}

}  // namespace
}  // namespace lv
