// table_pca_test.cpp — the whole table's principal components (core/nearest/table_pca.hpp):
// the same bits for a table and seed on 1, 2 and 3 threads; the sign convention; the
// coordinates are the centred rows times the components; cancel stops it; a row holding
// NaN is left out; edits are read; K is checked. (Accuracy against NumPy's SVD:
// tests/oracle/map_pca_oracle.py.)
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <cstring>
#include <random>

#include "core/io/table_view.hpp"
#include "core/nearest/map_cli.hpp"
#include "core/nearest/table_pca.hpp"

namespace lv {
namespace {

// V × D: a few strong directions (scales 6, 4, 2, …) plus noise, an offset mean row.
Matrix planted(int64_t v, int64_t d, int strong, uint32_t seed) {
  std::mt19937 gen(seed);
  std::normal_distribution<float> normal(0.0f, 1.0f);
  Matrix dirs(strong, d), m(v, d);
  for (Eigen::Index i = 0; i < dirs.size(); ++i) dirs.data()[i] = normal(gen);
  for (int64_t r = 0; r < v; ++r)
    for (int64_t j = 0; j < d; ++j) m(r, j) = 1.5f + 0.1f * normal(gen);
  for (int64_t r = 0; r < v; ++r)
    for (int s = 0; s < strong; ++s) {
      const float c = normal(gen) * (6.0f - 2.0f * static_cast<float>(s)) / std::sqrt(static_cast<float>(d));
      for (int64_t j = 0; j < d; ++j) m(r, j) += c * dirs(s, j);
    }
  return m;
}

TableView view_of(Matrix m, std::shared_ptr<const EditMap> edits = nullptr) {
  return TableView(std::make_shared<const Matrix>(std::move(m)), nullptr, TableDtype::Float32, std::move(edits));
}

TEST(TablePca, SameBitsOnOneTwoAndThreeThreads) {
  const TableView t = view_of(planted(3000, 256, 3, 1));  // 12 blocks of 256 rows: 12 chunks
  PcaOptions o;
  o.seed = 9;
  o.threads = 1;
  const TablePca one = table_pca(t, o);
  ASSERT_TRUE(one.ok) << one.error;
  for (int threads : {2, 3}) {
    o.threads = threads;
    const TablePca many = table_pca(t, o);
    ASSERT_TRUE(many.ok);
    EXPECT_EQ(0, std::memcmp(one.coordinates.data(), many.coordinates.data(), one.coordinates.size() * 4))
        << threads << " threads";
    EXPECT_EQ(one.singular_values, many.singular_values);
    EXPECT_EQ(one.component_vectors, many.component_vectors);
    EXPECT_EQ(one.mean, many.mean);
  }
  o.seed = 10;  // another Ω: the same components, not the same bits
  const TablePca other = table_pca(t, o);
  EXPECT_NE(one.component_vectors, other.component_vectors);
  for (size_t i = 0; i < 3; ++i)
    EXPECT_NEAR(one.singular_values[i], other.singular_values[i], 1e-4 * one.singular_values[i]);
}

TEST(TablePca, SignsOrthonormalityAndCoordinates) {
  const Matrix m = planted(700, 40, 4, 2);
  PcaOptions o;
  o.components = 4;
  const TablePca p = table_pca(view_of(m), o);
  ASSERT_TRUE(p.ok) << p.error;
  ASSERT_EQ(p.components, 4);
  const int64_t d = 40;
  for (int i = 0; i < 4; ++i) {
    const double* c = &p.component_vectors[static_cast<size_t>(i * d)];
    int64_t at = 0;
    for (int64_t j = 1; j < d; ++j)
      if (std::abs(c[j]) > std::abs(c[at])) at = j;
    EXPECT_GT(c[at], 0) << "component " << i << ": its largest-magnitude entry is positive";
    for (int k = 0; k < 4; ++k) {
      double dot = 0;
      for (int64_t j = 0; j < d; ++j) dot += c[j] * p.component_vectors[static_cast<size_t>(k * d + j)];
      EXPECT_NEAR(dot, i == k ? 1.0 : 0.0, 1e-9);
    }
    if (i > 0) EXPECT_GE(p.singular_values[static_cast<size_t>(i - 1)], p.singular_values[static_cast<size_t>(i)]);
  }
  // The mean row, and each coordinate = (row − mean) · component.
  double worst = 0, spread = 0;
  for (int64_t j = 0; j < d; ++j) {
    double sum = 0;
    for (int64_t r = 0; r < 700; ++r) sum += m(r, j);
    EXPECT_NEAR(p.mean[static_cast<size_t>(j)], sum / 700, 1e-6);
  }
  for (int64_t r = 0; r < 700; ++r)
    for (int i = 0; i < 4; ++i) {
      double x = 0;
      for (int64_t j = 0; j < d; ++j)
        x += (m(r, j) - p.mean[static_cast<size_t>(j)]) * p.component_vectors[static_cast<size_t>(i * d + j)];
      worst = std::max(worst, std::abs(x - p.coordinates[static_cast<size_t>(r * 4 + i)]));
      spread = std::max(spread, std::abs(x));
    }
  EXPECT_LT(worst, 1e-5 * spread);
  double ratios = 0;
  for (double x : p.explained_variance_ratio) ratios += x;
  EXPECT_GT(ratios, 0.5);  // four strong directions hold most of it
  EXPECT_LE(ratios, 1.0);
}

TEST(TablePca, TheSimdKernelsAgreeWithEigensProducts) {
  // 1,001 rows: the kernels' groups of 16 rows, then of 4, then 1. D = 37: one block of all
  // D columns (3 groups of 16 lanes, the last partly empty); D = 67: the Krylov blocks.
  for (int64_t d : {37, 67}) {
    const TableView t = view_of(planted(1001, d, 3, 7));
    PcaOptions o;
    o.simd = false;
    const TablePca eigen = table_pca(t, o);
    o.simd = true;
    const TablePca simd = table_pca(t, o);
    ASSERT_TRUE(eigen.ok && simd.ok);
    for (size_t i = 0; i < 3; ++i)
      EXPECT_NEAR(simd.singular_values[i], eigen.singular_values[i], 1e-5 * eigen.singular_values[i]) << d;
    double worst = 0, spread = 0;
    for (size_t i = 0; i < eigen.coordinates.size(); ++i) {
      worst = std::max(worst, static_cast<double>(std::abs(simd.coordinates[i] - eigen.coordinates[i])));
      spread = std::max(spread, static_cast<double>(std::abs(eigen.coordinates[i])));
    }
    EXPECT_LT(worst, 1e-4 * spread) << d;
  }
}

TEST(TablePca, CancelStopsIt) {
  std::atomic<bool> cancel{true};
  std::atomic<float> fraction{0.0f};
  PcaOptions o;
  o.cancel = &cancel;
  o.fraction = &fraction;
  const TablePca p = table_pca(view_of(planted(2000, 64, 3, 3)), o);
  EXPECT_FALSE(p.ok);
  EXPECT_TRUE(p.cancelled);
  EXPECT_TRUE(p.coordinates.empty());
  EXPECT_LT(fraction.load(), 1.0f);
  cancel = false;
  const TablePca done = table_pca(view_of(planted(2000, 64, 3, 3)), o);
  EXPECT_TRUE(done.ok);
  EXPECT_EQ(fraction.load(), 1.0f);
}

TEST(TablePca, ARowHoldingNaNIsLeftOut) {
  Matrix m = planted(900, 32, 3, 4);
  Matrix without(899, 32);
  without << m.topRows(400), m.bottomRows(499);
  m(400, 7) = std::numeric_limits<float>::quiet_NaN();
  const TablePca p = table_pca(view_of(m)), q = table_pca(view_of(without));
  ASSERT_TRUE(p.ok && q.ok);
  EXPECT_EQ(p.rows_left_out, 1);
  for (int i = 0; i < 3; ++i) {
    EXPECT_TRUE(std::isnan(p.coordinates[static_cast<size_t>(400 * 3 + i)]));
    EXPECT_TRUE(std::isfinite(p.coordinates[static_cast<size_t>(401 * 3 + i)]));
    EXPECT_NEAR(p.singular_values[static_cast<size_t>(i)], q.singular_values[static_cast<size_t>(i)],
                1e-5 * q.singular_values[static_cast<size_t>(i)]);
  }
}

TEST(TablePca, EditsAreRead) {
  Matrix m = planted(800, 300, 3, 5);
  auto edits = std::make_shared<EditMap>();
  (*edits)[17 * 300 + 4] = 40.0f;  // a far-out row: it moves the components
  const TablePca edited = table_pca(view_of(m, edits));
  m(17, 4) = 40.0f;
  const TablePca baked = table_pca(view_of(m));
  ASSERT_TRUE(edited.ok && baked.ok);
  EXPECT_EQ(edited.singular_values, baked.singular_values);
  EXPECT_EQ(0, std::memcmp(edited.coordinates.data(), baked.coordinates.data(), edited.coordinates.size() * 4));
}

TEST(TablePca, ComponentsAreChecked) {
  const TableView t = view_of(planted(10, 5, 2, 6));
  for (int k : {0, 6, 17}) {
    PcaOptions o;
    o.components = k;
    const TablePca p = table_pca(t, o);
    EXPECT_FALSE(p.ok) << k;
    EXPECT_FALSE(p.error.empty());
  }
  PcaOptions o;
  o.components = 5;  // all of them: l = D
  EXPECT_TRUE(table_pca(t, o).ok);
}

// The count the bench sets against the machine's peak (lookupviz_nearest_bench's
// map_over_fma_floor): every row times every sketch column the kernels run, per product.
TEST(TablePca, CountsItsMultiplyAdds) {
  // D = 100 > 16 · 3: three reads of one group of 16 columns, y and z on the first two, y on the last.
  EXPECT_DOUBLE_EQ(table_pca(view_of(planted(300, 100, 3, 9))).multiply_adds, 300.0 * 100 * 16 * 5);
  // D = 40 ≤ 48: one read of all 40 columns (three groups of 16), y alone.
  EXPECT_DOUBLE_EQ(table_pca(view_of(planted(200, 40, 3, 9))).multiply_adds, 200.0 * 40 * 48);
}

TEST(TablePca, NpyHeader) {
  const float values[6] = {1, 2, 3, 4, 5, 6};
  const std::string npy = npy_float32(values, 3, 2);
  EXPECT_EQ(npy.substr(0, 8), std::string("\x93NUMPY\x01\x00", 8));
  EXPECT_EQ(npy.size() % 64, 24u);  // the header padded to 64 bytes, then 24 bytes of data
  EXPECT_NE(npy.find("'descr': '<f4', 'fortran_order': False, 'shape': (3, 2), }"), std::string::npos);
  float back[6];
  std::memcpy(back, npy.data() + npy.size() - 24, 24);
  EXPECT_EQ(back[5], 6.0f);
}

}  // namespace
}  // namespace lv
