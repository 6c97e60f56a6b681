// kernels_test.cpp — the tuned kernels (core/kernels/kernels.hpp) equal the reference ones
// (core/torch/embedding_ops.hpp) on many shapes: every lookup strategy, B = 0, 1, 4096,
// repeated IDs, rows that are not 16/32-byte aligned, D not a multiple of 8 or 16.
// Equality is exact (torch_equal); only the general sparse product, whose sums are
// rounded in a different order than Eigen's, is compared with a tolerance.
#include "core/kernels/kernels.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "core/torch/embedding_ops.hpp"

namespace lv {
namespace {

constexpr LookupStrategy kStrategies[] = {LookupStrategy::kAuto, LookupStrategy::kPlain, LookupStrategy::kPrefetch,
                                          LookupStrategy::kStream};

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
Matrix fast_lookup(const Matrix& table, const IdList& ids, LookupStrategy s, int shift,
                   LookupPath path = LookupPath::kAuto) {
  const int64_t batch = static_cast<int64_t>(ids.size()), dim = table.cols();
  const float guard = -7.25f;
  std::vector<float> buf(static_cast<size_t>(batch * dim + 64), guard);
  float* base = buf.data();
  while (reinterpret_cast<uintptr_t>(base) % 64 != 0) ++base;
  float* out = base + shift;
  lookup_rows(out, table.data(), table.rows(), dim, ids.data(), batch, s, path);
  for (float* p = buf.data(); p < out; ++p) EXPECT_EQ(*p, guard) << "wrote before the output";
  for (float* p = out + batch * dim; p < buf.data() + buf.size(); ++p) EXPECT_EQ(*p, guard) << "wrote past the output";
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
                                            << " strategy=" << lookup_strategy_name(s) << " shift=" << shift);
            EXPECT_TRUE(torch_equal(fast_lookup(table, ids, s, shift), want));
          }
      }
    }
  });
}

// Every strategy of one path, bit for bit against the reference, on D x B, output
// shifted by each of `shifts` floats; a small vocabulary, so IDs repeat, and the first
// ID repeated last.
void expect_path_equals_reference(LookupPath path, std::initializer_list<int64_t> dims,
                                  const std::vector<int64_t>& batches, std::initializer_list<int> shifts) {
  uint32_t seed = 100;
  for (int64_t dim : dims) {
    const int64_t vocab = 37;
    Matrix table = random_table(vocab, dim, seed++);
    for (int64_t batch : batches) {
      IdList ids = random_ids(batch, vocab, seed++);
      if (batch > 1) ids.back() = ids.front();
      Matrix want = lookup(table, ids);
      for (LookupStrategy s : {LookupStrategy::kPlain, LookupStrategy::kPrefetch, LookupStrategy::kStream})
        for (int shift : shifts) {
          Matrix got = fast_lookup(table, ids, s, shift, path);
          ASSERT_TRUE(torch_equal(got, want)) << lookup_path_name(path) << " D=" << dim << " B=" << batch
                                              << " strategy=" << lookup_strategy_name(s) << " shift=" << shift;
        }
    }
  }
}

// B = 1..20 and both sides of the group sizes' multiples (8 rows, 4 streamed).
std::vector<int64_t> some_batches() {
  std::vector<int64_t> b;
  for (int64_t i = 1; i <= 20; ++i) b.push_back(i);
  for (int64_t i : {31, 32, 33, 63, 64, 65, 255, 256, 257, 300}) b.push_back(i);
  return b;
}

TEST(Kernels, BaselinePathEqualsReference) {
  expect_path_equals_reference(LookupPath::kBaseline, {1, 15, 16, 17, 768}, some_batches(), {0, 1, 5});
}

// The plain gather (issue 43) at every distance the calibration may choose, and back to its default.
TEST(Kernels, GatherPathEqualsReferenceAtEveryDistance) {
  const int64_t before = lookup_gather_rows();
  for (int64_t rows : {1, 3, 8}) {
    set_lookup_gather_rows(rows);
    EXPECT_EQ(lookup_gather_rows(), rows);
    expect_path_equals_reference(LookupPath::kGather, {1, 15, 16, 17, 768}, some_batches(), {0, 1, 5});
  }
  set_lookup_gather_rows(0);
  EXPECT_EQ(lookup_gather_rows(), 3);
  set_lookup_gather_rows(before);
}

TEST(Kernels, Sse2PathEqualsReference) {
  expect_path_equals_reference(LookupPath::kSse2, {1, 15, 16, 17, 768}, some_batches(), {0, 1, 5});
}

TEST(Kernels, Avx2PathEqualsReference) {
  if (!lookup_path_supported(LookupPath::kAvx2)) GTEST_SKIP() << "this CPU has no avx2+fma";
  expect_path_equals_reference(LookupPath::kAvx2, {1, 7, 8, 15, 16, 17, 768}, some_batches(), {0, 1, 5});
}

TEST(Kernels, Avx512PathEqualsReferenceOnManyShapes) {
  if (!lookup_path_supported(LookupPath::kAvx512))
    GTEST_SKIP() << "this CPU has no avx512f: the AVX-512 lookup cannot run here (it is built, and "
                    "lookup_rows falls back to AVX2 for it)";
  std::vector<int64_t> every_batch;
  for (int64_t b = 1; b <= 300; ++b) every_batch.push_back(b);
  // Shift 0: rows on 64-byte lines (the grouped streaming copy); 1 and 5: misaligned.
  expect_path_equals_reference(LookupPath::kAvx512, {1, 15, 16, 17, 768}, every_batch, {0, 1, 5});
  expect_path_equals_reference(LookupPath::kAvx512, {4096}, every_batch, {0, 3});
}

TEST(Kernels, APathTheCpuLacksRunsAsTheWidestItHas) {
  // On a CPU without AVX-512 (or AVX2), asking for it still gives the right rows.
  Matrix table = random_table(50, 33, 5);
  IdList ids = random_ids(40, 50, 6);
  for (LookupPath p : {LookupPath::kAvx512, LookupPath::kAvx2})
    for (LookupStrategy s : kStrategies) EXPECT_TRUE(torch_equal(fast_lookup(table, ids, s, 1, p), lookup(table, ids)));
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
  onehot_matmul_sparse(out.data(), table.data(), vocab, dim, row_ptr.data(), ids.data(), nullptr, batch);
  onehot_matmul_sparse(out2.data(), table.data(), vocab, dim, row_ptr.data(), ids.data(), ones.data(), batch);
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
  onehot_matmul_sparse(out.data(), table.data(), vocab, dim, row_ptr.data(), col.data(), val.data(), batch);
  Matrix want = onehot_matmul(x, table);
  EXPECT_LE((out - want).cwiseAbs().maxCoeff(), 1e-4f) << "largest difference";
  EXPECT_TRUE(torch_equal(out.row(0), Matrix::Zero(1, dim)));
  EXPECT_TRUE(torch_equal(out.row(1), (2.5f * table.row(4)).eval()));
}

TEST(Kernels, IsaIsNamedAndCanBeForcedToSse2) {
  const std::string isa = kernels_isa();
  EXPECT_TRUE(isa == "avx512f+avx2+fma" || isa == "avx2+fma" || isa == "sse2") << isa;
  EXPECT_EQ(isa == "avx512f+avx2+fma", lookup_path_supported(LookupPath::kAvx512));
  EXPECT_FALSE(kernels_use_avx2(false));
  EXPECT_STREQ(kernels_isa(), "sse2");
  EXPECT_EQ(kernels_use_avx2(true), isa != "sse2");
  EXPECT_FALSE(kernels_use_avx512(false));
  EXPECT_STREQ(kernels_isa(), isa == "sse2" ? "sse2" : "avx2+fma");
  EXPECT_EQ(kernels_use_avx512(true), isa == "avx512f+avx2+fma");
  EXPECT_STREQ(kernels_isa(), isa.c_str());
}

TEST(Kernels, PathsAreNamed) {
  EXPECT_STREQ(lookup_path_name(LookupPath::kBaseline), "baseline");
  EXPECT_STREQ(lookup_path_name(LookupPath::kGather), "gather");
  EXPECT_TRUE(lookup_path_supported(LookupPath::kGather));
  EXPECT_STREQ(lookup_path_name(LookupPath::kSse2), "sse2");
  EXPECT_STREQ(lookup_path_name(LookupPath::kAvx2), "avx2");
  EXPECT_STREQ(lookup_path_name(LookupPath::kAvx512), "avx512");
  EXPECT_TRUE(lookup_path_supported(LookupPath::kBaseline));
  EXPECT_TRUE(lookup_path_supported(LookupPath::kSse2));
  // lookup_path names the path kAuto runs: the AVX-512 one only where it can run.
  // B = 4,096 is the stream strategy only where the tuned threshold (the cache sizes) says so:
  // the path is asked of the strategy kAuto picks on this machine, not assumed.
  const std::string plain = lookup_path(1, 768), big = lookup_path(4096, 768);
  EXPECT_EQ(plain.find("avx512") != std::string::npos, lookup_path_for(LookupStrategy::kPlain) == LookupPath::kAvx512);
  EXPECT_EQ(big.rfind("baseline", 0) == 0, lookup_path_for(lookup_strategy_for(4096, 768)) == LookupPath::kBaseline);
  EXPECT_EQ(big.rfind("gather", 0) == 0, lookup_path_for(lookup_strategy_for(4096, 768)) == LookupPath::kGather);
}

}  // namespace
}  // namespace lv
