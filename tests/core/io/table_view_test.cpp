// table_view_test.cpp — the table read where it lies (issue 13): a file in each stored
// dtype and order read row by row, rounding and edits on top, the one-hot product from
// per-column counts (against what torch 1.13 prints), and printing from edges.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <string>

#include "core/torch/dtype_round.hpp"
#include "core/torch/embedding_ops.hpp"
#include "core/io/table_file.hpp"
#include "core/io/table_view.hpp"
#include "core/torch/torch_format.hpp"

namespace lv {
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

// A .npy of rows x cols in `descr` ('<f4', '<f2', '<f8'), C or Fortran order, values f(i, j).
template <class F>
std::string npy_bytes(const char* descr, bool fortran, int rows, int cols, F f) {
  std::string h = std::string("{'descr': '") + descr + "', 'fortran_order': " + (fortran ? "True" : "False") +
                  ", 'shape': (" + std::to_string(rows) + ", " + std::to_string(cols) + "), }";
  while ((10 + h.size() + 1) % 64 != 0) h += ' ';
  h += '\n';
  std::string out = std::string("\x93NUMPY\x01\x00", 8);
  out += static_cast<char>(h.size() & 0xff);
  out += static_cast<char>(h.size() >> 8);
  out += h;
  for (int k = 0; k < rows * cols; ++k) {
    const int i = fortran ? k % rows : k / cols, j = fortran ? k / rows : k % cols;
    const float v = f(i, j);
    if (descr[2] == '4') out.append(reinterpret_cast<const char*>(&v), 4);
    else if (descr[2] == '8') {
      const double d = v;
      out.append(reinterpret_cast<const char*>(&d), 8);
    } else {
      const uint16_t b = float_to_half_bits(v);
      out.append(reinterpret_cast<const char*>(&b), 2);
    }
  }
  return out;
}

float value(int i, int j) { return static_cast<float>(i * 7 - j * 3) / 8.0f; }  // exact in float16 too

TEST(TableView, EveryStoredDtypeAndOrderReadsRowByRow) {
  for (const char* descr : {"<f4", "<f2", "<f8"}) {
    for (bool fortran : {false, true}) {
      const std::string bytes = npy_bytes(descr, fortran, 9, 7, value);
      TableLoad r = parse_npy(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
      ASSERT_TRUE(r.ok) << r.error;
      auto file = std::make_shared<const TableFile>(std::move(r.table));
      EXPECT_EQ(file->f32() != nullptr, std::string(descr) == "<f4" && !fortran) << descr;
      const TableView t(nullptr, file, TableDtype::Float32, nullptr);
      std::vector<float> row(7);
      for (int i = 0; i < 9; ++i) {
        t.read_row(i, row.data());
        for (int j = 0; j < 7; ++j) {
          ASSERT_EQ(row[static_cast<size_t>(j)], value(i, j)) << descr << " fortran " << fortran;
          ASSERT_EQ(t.at(i, j), value(i, j));
        }
      }
      const Matrix picked = t.rows_of({8, 0, 8});
      EXPECT_EQ(picked(0, 6), value(8, 6));
      EXPECT_EQ(picked(1, 1), value(0, 1));
    }
  }
}

TEST(TableView, RoundingAndEditsApplyWhenRead) {
  Matrix m(3, 2);
  m << 0.1f, 1.0f / 3.0f, 70000.0f, -2.0f, 5.0f, 6.0f;
  auto base = std::make_shared<const Matrix>(m);
  auto edits = std::make_shared<EditMap>();
  (*edits)[1 * 2 + 1] = kInf;  // row 1, col 1
  const TableView t(base, nullptr, TableDtype::Float16, edits);
  EXPECT_EQ(t.at(0, 0), round_to_float16(0.1f));
  EXPECT_EQ(t.at(1, 0), kInf) << "float16 overflows to inf, as torch's .to(torch.float16)";
  EXPECT_EQ(t.at(1, 1), kInf) << "the edit, not the rounded base";
  EXPECT_EQ(t.base_at(1, 1), -2.0f);
  EXPECT_TRUE(t.edited(1, 1));
  EXPECT_FALSE(t.edited(1, 0));
  std::vector<float> row(2);
  t.read_row(1, row.data());
  EXPECT_EQ(row[0], kInf);
  EXPECT_EQ(row[1], kInf);
  // An edit made after the view was built shows through it (the map is shared, not copied).
  (*edits)[0] = 9.0f;
  EXPECT_EQ(t.at(0, 0), 9.0f);
  // Counting reads the base only: the edits are applied by onehot_product itself.
  std::vector<int64_t> counts;
  std::vector<float> scratch;
  count_nonfinite(t, 0, 3, counts, scratch);
  EXPECT_EQ(counts, (std::vector<int64_t>{1, 0}));
}

// What torch 1.13 prints for linear(onehot.float()) with linear.weight = W.T (made with
// /usr/bin/python3, torch.nn.Linear(3, 2, bias=False) with its weight set to W.T):
//   W = [[-0., 1.5], [-1., -0.], [-2., 2.]]      -> [[0., 1.5], [-1., 0.], [-2., 2.]]
//   W = [[inf, 1.5], [-1., nan], [-2., 2.]]      -> [[inf, nan], [nan, nan], [nan, nan]]
// A float32 table held elsewhere (slide 7's, in 2 MB pages) reads as the same values seeded, kept
// alive by the view, never copied.
TEST(TableView, FloatsHeldElsewhereReadAsASeededTable) {
  Matrix m(7, 5);
  for (int64_t r = 0; r < 7; ++r)
    for (int64_t c = 0; c < 5; ++c) m(r, c) = static_cast<float>(r * 10 + c) - 0.5f;
  std::weak_ptr<float> watch;
  TableView v;
  {
    std::shared_ptr<float> values(new float[35], std::default_delete<float[]>());
    std::memcpy(values.get(), m.data(), sizeof(float) * 35);
    watch = values;
    v = TableView::of_floats(values, 7, 5);
    EXPECT_EQ(v.seeded(), values.get());
    EXPECT_EQ(v.direct(), values.get());
  }
  EXPECT_FALSE(watch.expired()) << "the view keeps them alive";
  EXPECT_EQ(v.rows(), 7);
  EXPECT_EQ(v.cols(), 5);
  EXPECT_EQ(v.base_owner().get(), static_cast<const void*>(v.seeded()));
  EXPECT_EQ(v.to_matrix(), m);
  EXPECT_EQ(v.at(4, 3), m(4, 3));
  EXPECT_EQ(v.rows_of({6, 0}).row(0), m.row(6));
  v = TableView();
  EXPECT_TRUE(watch.expired());
  EXPECT_TRUE(TableView::of_floats(nullptr, 3, 3).empty());
}

TEST(OneHotProduct, MatchesTorchOnZerosInfAndNaN) {
  const IdList ids = {0, 1, 2};
  auto check = [&](const Matrix& w, const Matrix& want) {
    const TableView t(std::make_shared<const Matrix>(w), nullptr, TableDtype::Float32, nullptr);
    std::vector<int64_t> counts;
    std::vector<float> scratch;
    count_nonfinite(t, 0, t.rows(), counts, scratch);
    const Matrix out = onehot_product(t, ids, t.rows_of(ids), counts);
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 2; ++j) {
        uint32_t a, b;
        const float x = out(i, j), y = want(i, j);
        std::memcpy(&a, &x, 4);
        std::memcpy(&b, &y, 4);
        if (std::isnan(y)) EXPECT_TRUE(std::isnan(x)) << i << "," << j;
        else EXPECT_EQ(a, b) << i << "," << j << ": " << x << " vs " << y;  // the sign of zero too
      }
    EXPECT_EQ(repr_tensor(out, ReprSuffix{"MmBackward0", false, ""}),
              repr_tensor(want, ReprSuffix{"MmBackward0", false, ""}));
  };
  Matrix w1(3, 2), want1(3, 2);
  w1 << -0.0f, 1.5f, -1.0f, -0.0f, -2.0f, 2.0f;
  want1 << 0.0f, 1.5f, -1.0f, 0.0f, -2.0f, 2.0f;
  check(w1, want1);
  Matrix w2(3, 2), want2(3, 2);
  w2 << kInf, 1.5f, -1.0f, kNaN, -2.0f, 2.0f;
  want2 << kInf, kNaN, kNaN, kNaN, kNaN, kNaN;
  check(w2, want2);
  // The dense product (every zero multiplied) agrees wherever it is defined the same way.
  const IdList some = {2, 0, 2, 1};
  Matrix w3 = Matrix::Random(40, 6);
  w3(7, 3) = kInf;
  const TableView t(std::make_shared<const Matrix>(w3), nullptr, TableDtype::Float32, nullptr);
  std::vector<int64_t> counts;
  std::vector<float> scratch;
  count_nonfinite(t, 0, 40, counts, scratch);
  const Matrix fast = onehot_product(t, some, t.rows_of(some), counts);
  const Matrix dense = onehot_matmul(one_hot_float(some, 40), w3);
  for (Eigen::Index i = 0; i < fast.size(); ++i) {
    const float a = fast.data()[i], b = dense.data()[i];
    EXPECT_TRUE((std::isnan(a) && std::isnan(b)) || a == b) << i;
  }
}

TEST(EdgesOf, PrintsWhatTheWholeMatrixPrints) {
  for (auto [rows, cols] : {std::pair{4, 5}, std::pair{50, 40}, std::pair{3, 900}, std::pair{2000, 2}}) {
    Matrix m(rows, cols);
    for (int i = 0; i < rows; ++i)
      for (int j = 0; j < cols; ++j) m(i, j) = static_cast<float>((i * 131 + j * 71) % 997) / 37.0f - 13.0f;
    const Matrix e = edges_of<Matrix>(rows, cols, [&](int64_t i, int64_t j) { return m(i, j); });
    EXPECT_EQ(repr_edges(e, rows, cols), repr_tensor(m)) << rows << " x " << cols;
    IntMatrix oh = IntMatrix::Zero(3, cols);
    oh(1, cols - 1) = 1;
    const IntMatrix ie = edges_of<IntMatrix>(3, cols, [&](int64_t i, int64_t j) { return oh(i, j); });
    EXPECT_EQ(repr_edges(ie, 3, cols), repr_tensor(oh)) << cols;
  }
}

}  // namespace
}  // namespace lv
