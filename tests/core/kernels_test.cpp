// kernels_test.cpp — the tuned kernels (core/kernels.hpp) equal the reference ones
// (core/embedding_ops.hpp) on many shapes: every lookup strategy, B = 0, 1, 4096,
// repeated IDs, rows that are not 16/32-byte aligned, D not a multiple of 8 or 16.
// Equality is exact (torch_equal); only the general sparse product, whose sums are
// rounded in a different order than Eigen's, is compared with a tolerance.
#include "core/kernels.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "core/embedding_ops.hpp"

namespace lv {
namespace {

constexpr LookupStrategy kStrategies[] = {LookupStrategy::kAuto, LookupStrategy::kPlain,
                                          LookupStrategy::kPrefetch, LookupStrategy::kStream};

// Runs fn once with the AVX2 paths (when the CPU has them) and once with the SSE2 ones.
template <class Fn>
void for_each_isa(Fn fn) {
  for (bool avx2 : {true, false}) {
    kernels_use_avx2(avx2);
    fn();
  }
  kernels_use_avx2(true);
}

Matrix random_table(int64_t vocab, int64_t dim, uint32_t seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<float> normal;
  Matrix w(vocab, dim);
  for (Eigen::Index i = 0; i < w.size(); ++i) w.data()[i] = normal(rng);
  return w;
}

IdList random_ids(int64_t batch, int64_t vocab, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int64_t> pick(0, vocab - 1);
  IdList ids(static_cast<size_t>(batch));
  for (auto& id : ids) id = pick(rng);
  return ids;
}

// Runs lookup_rows into a buffer that starts `shift` floats past a 64-byte boundary
// (so rows are misaligned for shift != 0), with guard values around it.
Matrix fast_lookup(const Matrix& table, const IdList& ids, LookupStrategy s, int shift) {
  const int64_t batch = static_cast<int64_t>(ids.size()), dim = table.cols();
  const float guard = -7.25f;
  std::vector<float> buf(static_cast<size_t>(batch * dim + 64), guard);
  float* base = buf.data();
  while (reinterpret_cast<uintptr_t>(base) % 64 != 0) ++base;
  float* out = base + shift;
  lookup_rows(out, table.data(), table.rows(), dim, ids.data(), batch, s);
  for (float* p = buf.data(); p < out; ++p) EXPECT_EQ(*p, guard) << "wrote before the output";
  for (float* p = out + batch * dim; p < buf.data() + buf.size(); ++p)
    EXPECT_EQ(*p, guard) << "wrote past the output";
  return Eigen::Map<Matrix>(out, batch, dim);
}

TEST(Kernels, LookupEqualsReferenceOnManyShapes) {
  const int64_t dims[] = {1, 3, 5, 7, 8, 15, 16, 17, 31, 33, 64, 100, 255, 768, 769};
  const int64_t batches[] = {0, 1, 2, 7, 8, 9, 64, 300};
  for_each_isa([&] {
    uint32_t seed = 1;
    for (int64_t dim : dims) {
      const int64_t vocab = 97;
      Matrix table = random_table(vocab, dim, seed++);
      for (int64_t batch : batches) {
        IdList ids = random_ids(batch, vocab, seed++);
        Matrix want = lookup(table, ids);
        for (LookupStrategy s : kStrategies)
          for (int shift : {0, 1, 3, 4, 7}) {
            SCOPED_TRACE(testing::Message() << kernels_isa() << " D=" << dim << " B=" << batch
                                            << " strategy=" << lookup_strategy_name(s)
                                            << " shift=" << shift);
            EXPECT_TRUE(torch_equal(fast_lookup(table, ids, s, shift), want));
          }
      }
    }
  });
}

TEST(Kernels, LookupGpt2ShapeB4096WithRepeatsAndEnds) {
  // GPT-2's D, a smaller V to keep the test fast; the first and last rows and repeats.
  const int64_t vocab = 5000, dim = 768;
  Matrix table = random_table(vocab, dim, 42);
  IdList ids = random_ids(4096, vocab, 43);
  ids[0] = 0;
  ids[1] = vocab - 1;
  ids[2] = ids[3] = ids[4] = 17;
  Matrix want = lookup(table, ids);
  for_each_isa([&] {
    for (LookupStrategy s : kStrategies)
      for (int shift : {0, 1}) {
        SCOPED_TRACE(testing::Message() << kernels_isa() << " " << lookup_strategy_name(s));
        EXPECT_TRUE(torch_equal(fast_lookup(table, ids, s, shift), want));
      }
  });
}

TEST(Kernels, LookupCopiesNonFiniteAndSignedZeroBitForBit) {
  Matrix table(3, 9);
  table.setConstant(1.5f);
  table(1, 0) = std::numeric_limits<float>::quiet_NaN();
  table(1, 4) = std::numeric_limits<float>::infinity();
  table(1, 8) = -0.0f;
  for (LookupStrategy s : kStrategies) {
    Matrix out = fast_lookup(table, {1, 1}, s, 1);
    EXPECT_TRUE(std::isnan(out(1, 0)));
    EXPECT_EQ(out(1, 4), std::numeric_limits<float>::infinity());
    EXPECT_TRUE(std::signbit(out(1, 8)));
  }
}

TEST(Kernels, AutoStrategyDependsOnBatchAndRowSize) {
  EXPECT_EQ(lookup_strategy_for(1, 768), LookupStrategy::kPlain);
  EXPECT_NE(lookup_strategy_for(4096, 768), LookupStrategy::kPlain);
  EXPECT_NE(lookup_strategy_for(100000, 5), LookupStrategy::kStream);  // rows too short to stream
}

TEST(Kernels, FillOnehotMatchesReference) {
  IdList ids = {2, 3, 1, 3};
  Matrix x(4, 5);
  fill_onehot(x.data(), ids.data(), 4, 5);
  EXPECT_TRUE(torch_equal(x, one_hot_float(ids, 5)));
}

TEST(Kernels, DenseMatmulEqualsReference) {
  for_each_isa([] {
    for (int64_t dim : {1, 5, 8, 17, 64, 130})
      for (int64_t batch : {0, 1, 3, 16, 33}) {
        const int64_t vocab = 301;
        Matrix table = random_table(vocab, dim, static_cast<uint32_t>(dim * 100 + batch));
        IdList ids = random_ids(batch, vocab, static_cast<uint32_t>(batch + 5));
        if (batch > 2) ids[1] = ids[2];  // a repeated ID
        Matrix x = one_hot_float(ids, vocab);
        Matrix out(batch, dim);
        onehot_matmul_dense(out.data(), x.data(), table.data(), batch, vocab, dim);
        SCOPED_TRACE(testing::Message() << kernels_isa() << " D=" << dim << " B=" << batch);
        // One 1 per row: each sum is w + (±0)s, exact whatever the order or FMA.
        EXPECT_TRUE(torch_equal(out, onehot_matmul(x, table)));
        EXPECT_TRUE(torch_equal(out, lookup(table, ids)));
      }
  });
}

TEST(Kernels, DenseMatmulOfAnyMatrixMatchesADoubleSum) {
  // The AVX2 path packs the table itself and runs Eigen's micro-kernel block by block
  // over V: check it as a general product (every entry nonzero) on shapes that cover
  // whole 24-column panels, a remainder, several blocks of rows and a partial last one,
  // and B on both sides of its switch to Eigen's own product (B = 2..128).
  for_each_isa([] {
    for (int64_t dim : {24, 48, 100, 768})
      for (int64_t batch : {2, 5, 16, 128, 129}) {
        const int64_t vocab = dim == 768 ? 131 : 1001;
        Matrix table = random_table(vocab, dim, static_cast<uint32_t>(dim + batch));
        Matrix x = random_table(batch, vocab, static_cast<uint32_t>(7 * batch + dim));
        Matrix out(batch, dim);
        onehot_matmul_dense(out.data(), x.data(), table.data(), batch, vocab, dim);
        SCOPED_TRACE(testing::Message() << kernels_isa() << " D=" << dim << " B=" << batch);
        double worst = 0.0;
        for (int64_t i = 0; i < batch; ++i)
          for (int64_t j = 0; j < dim; ++j) {
            double sum = 0.0, mag = 0.0;
            for (int64_t k = 0; k < vocab; ++k) {
              sum += static_cast<double>(x(i, k)) * table(k, j);
              mag += std::abs(static_cast<double>(x(i, k)) * table(k, j));
            }
            worst = std::max(worst, std::abs(out(i, j) - sum) / (mag + 1e-30));
          }
        EXPECT_LT(worst, 1e-5);  // float32 accumulation over ≤ 1,001 terms, relative to Σ|terms|
      }
  });
}

TEST(Kernels, DenseMatmulMultipliesTheZerosLikeTorch) {
  // 0 x inf = NaN: the dense product poisons every output column where any row of the
  // table has an inf, the lookup does not. Same as torch's one_hot(...).float() @ W.
  Matrix table = random_table(4, 6, 9);
  table(3, 2) = std::numeric_limits<float>::infinity();
  IdList ids = {0, 1};
  Matrix x = one_hot_float(ids, 4), out(2, 6);
  onehot_matmul_dense(out.data(), x.data(), table.data(), 2, 4, 6);
  EXPECT_TRUE(std::isnan(out(0, 2)));
  EXPECT_TRUE(std::isnan(out(1, 2)));
  EXPECT_EQ(out(0, 1), table(0, 1));
}

TEST(Kernels, SparseOneHotIsTheLookup) {
  const int64_t vocab = 1000, dim = 77, batch = 4096;
  Matrix table = random_table(vocab, dim, 3);
  IdList ids = random_ids(batch, vocab, 4);
  std::vector<int64_t> row_ptr(batch + 1);
  for (int64_t i = 0; i <= batch; ++i) row_ptr[static_cast<size_t>(i)] = i;
  std::vector<float> ones(batch, 1.0f);
  Matrix out(batch, dim), out2(batch, dim);
  onehot_matmul_sparse(out.data(), table.data(), vocab, dim, row_ptr.data(), ids.data(), nullptr,
                       batch);
  onehot_matmul_sparse(out2.data(), table.data(), vocab, dim, row_ptr.data(), ids.data(),
                       ones.data(), batch);
  EXPECT_TRUE(torch_equal(out, lookup(table, ids)));
  EXPECT_TRUE(torch_equal(out2, lookup(table, ids)));
  EXPECT_TRUE(torch_equal(out, onehot_matmul(one_hot_float(ids, vocab), table)));
}

TEST(Kernels, SparseGeneralCsrMatchesDenseProduct) {
  // Rows with 0, 1 (not 1.0), 2 and many nonzeros: the general path.
  const int64_t vocab = 50, dim = 19;
  Matrix table = random_table(vocab, dim, 11);
  std::vector<int64_t> row_ptr = {0, 0, 1, 3, 13};
  std::vector<int64_t> col = {4, 7, 7, 0, 5, 10, 15, 20, 25, 30, 35, 40, 49};
  std::vector<float> val = {2.5f, -1.0f, 0.5f, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  const int64_t batch = 4;
  Matrix x = Matrix::Zero(batch, vocab);
  for (int64_t i = 0; i < batch; ++i)
    for (int64_t k = row_ptr[i]; k < row_ptr[i + 1]; ++k) x(i, col[k]) += val[k];
  Matrix out(batch, dim);
  onehot_matmul_sparse(out.data(), table.data(), vocab, dim, row_ptr.data(), col.data(),
                       val.data(), batch);
  Matrix want = onehot_matmul(x, table);
  EXPECT_LE((out - want).cwiseAbs().maxCoeff(), 1e-4f) << "largest difference";
  EXPECT_TRUE(torch_equal(out.row(0), Matrix::Zero(1, dim)));
  EXPECT_TRUE(torch_equal(out.row(1), (2.5f * table.row(4)).eval()));
}

TEST(Kernels, IsaIsNamedAndCanBeForcedToSse2) {
  const std::string isa = kernels_isa();
  EXPECT_TRUE(isa == "avx2+fma" || isa == "sse2") << isa;
  EXPECT_FALSE(kernels_use_avx2(false));
  EXPECT_STREQ(kernels_isa(), "sse2");
  EXPECT_EQ(kernels_use_avx2(true), isa == "avx2+fma");
}

}  // namespace
}  // namespace lv
