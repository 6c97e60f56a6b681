// nearest_test.cpp — the nearest-rows search and the row norms (core/nearest/nearest.hpp):
// the top k against a float64 reference written here (as NumPy would compute it: the
// table's values as stored, widened, scores in double) on random tables with planted
// neighbours, for the three metrics, float32 and bfloat16 (and float16, and a float32
// table viewed as bfloat16); edits honoured; cancellation; the scalar, AVX2 and AVX-512
// kernels forced in turn give the same top k; norms and their cache.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <map>
#include <random>
#include <set>
#include <string>
#include <thread>

#include "core/io/table_file.hpp"
#include "core/io/table_view.hpp"
#include "core/nearest/nearest.hpp"
#include "core/torch/dtype_round.hpp"

namespace lv {
namespace {

// A V × D table of N(0, 1) values with planted neighbours of row `query`: near copies
// (cosine, L2) and scaled copies (dot) at rows far apart.
Matrix planted_table(int64_t v, int64_t d, int64_t query, uint32_t seed) {
  std::mt19937 gen(seed);
  std::normal_distribution<float> normal(0.0f, 1.0f);
  Matrix m(v, d);
  for (int64_t i = 0; i < v; ++i)
    for (int64_t j = 0; j < d; ++j) m(i, j) = normal(gen);
  const int64_t planted[] = {1, v / 3, v / 2 + 7, v - 1};
  float noise = 0.05f;
  for (int64_t p : planted) {
    if (p == query || p >= v) continue;  // (a small table has fewer rows than the list)
    for (int64_t j = 0; j < d; ++j) m(p, j) = m(query, j) + noise * normal(gen);
    noise *= 2.0f;
  }
  for (int64_t j = 0; j < d; ++j) m(v / 4, j) = 3.0f * m(query, j);  // the dot product's best, cosine ≈ 1
  return m;
}

// A .safetensors file in memory holding m as F32, F16 or BF16 ("t").
std::shared_ptr<const TableFile> safetensors_table(const Matrix& m, const std::string& dtype) {
  const int bytes = dtype == "F32" ? 4 : 2;
  const uint64_t n = static_cast<uint64_t>(m.size()) * static_cast<uint64_t>(bytes);
  std::string h = "{\"t\":{\"dtype\":\"" + dtype + "\",\"shape\":[" + std::to_string(m.rows()) + "," +
                  std::to_string(m.cols()) + "],\"data_offsets\":[0," + std::to_string(n) + "]}}";
  while (h.size() % 8) h += ' ';
  std::string out(8, '\0');
  for (int i = 0; i < 8; ++i) out[static_cast<size_t>(i)] = static_cast<char>((h.size() >> (8 * i)) & 0xff);
  out += h;
  for (Eigen::Index i = 0; i < m.size(); ++i) {
    const float x = m.data()[i];
    if (bytes == 4) {
      out.append(reinterpret_cast<const char*>(&x), 4);
    } else {
      const uint16_t b = dtype == "F16" ? float_to_half_bits(x) : float_to_bfloat16_bits(x);
      out.append(reinterpret_cast<const char*>(&b), 2);
    }
  }
  TableLoad load = parse_safetensors(reinterpret_cast<const uint8_t*>(out.data()), out.size(), "");
  EXPECT_TRUE(load.ok) << load.error;
  return std::make_shared<const TableFile>(std::move(load.table));
}

// The reference: every row's score in double from the values the view reads.
std::vector<Neighbour> reference(const TableView& t, int64_t query, NearestMetric metric) {
  const Matrix m = t.to_matrix();
  const int64_t d = t.cols();
  double qq = 0;
  for (int64_t j = 0; j < d; ++j) qq += double(m(query, j)) * m(query, j);
  std::vector<Neighbour> all;
  for (int64_t i = 0; i < t.rows(); ++i) {
    if (i == query) continue;
    double dot = 0, rr = 0, l2 = 0;
    for (int64_t j = 0; j < d; ++j) {
      const double a = m(query, j), b = m(i, j);
      dot += a * b;
      rr += b * b;
      l2 += (a - b) * (a - b);
    }
    const double s = metric == NearestMetric::kCosine ? dot / std::max(std::sqrt(qq) * std::sqrt(rr), 1e-8)
                     : metric == NearestMetric::kDot  ? dot
                                                      : std::sqrt(l2);
    all.push_back({i, s});
  }
  const bool hi = higher_is_better(metric);
  std::sort(all.begin(), all.end(), [hi](const Neighbour& a, const Neighbour& b) {
    return a.score != b.score ? (hi ? a.score > b.score : a.score < b.score) : a.row < b.row;
  });
  return all;
}

// The top-k sets are equal, but for rows whose reference score ties the k-th's within 1e-6
// (relative to the score's size); the listed scores are the reference's within float32 sums.
void expect_matches_reference(const std::vector<Neighbour>& got, const std::vector<Neighbour>& ref, size_t k,
                              const std::string& what) {
  ASSERT_EQ(got.size(), std::min(k, ref.size())) << what;
  std::map<int64_t, double> ref_score;
  for (const Neighbour& n : ref) ref_score[n.row] = n.score;
  std::set<int64_t> ref_top;
  for (size_t i = 0; i < got.size(); ++i) ref_top.insert(ref[i].row);
  const double kth = ref[got.size() - 1].score;
  for (size_t i = 0; i < got.size(); ++i) {
    const double want = ref_score[got[i].row];
    const double tol = 1e-6 * std::max(1.0, std::abs(kth));
    if (!ref_top.count(got[i].row))
      EXPECT_NEAR(want, kth, tol) << what << ": row " << got[i].row << " is not in the reference's top " << k;
    EXPECT_NEAR(got[i].score, want, 2e-5 * std::max(1.0, std::abs(want))) << what << ": row " << got[i].row;
    if (i > 0) {  // best first
      const bool hi = got[i - 1].score >= got[i].score;
      EXPECT_TRUE(ref[0].score >= ref[1].score ? hi : !hi || got[i - 1].score == got[i].score) << what;
    }
  }
}

struct TableCase {
  std::string name;
  TableView view;
};

std::vector<TableCase> planted_views(int64_t v, int64_t d, int64_t query) {
  const Matrix m = planted_table(v, d, query, static_cast<uint32_t>(v * 31 + d));
  std::vector<TableCase> cases;
  cases.push_back(
      {"seeded float32", TableView(std::make_shared<const Matrix>(m), nullptr, TableDtype::Float32, nullptr)});
  cases.push_back({"file F32", TableView(nullptr, safetensors_table(m, "F32"), TableDtype::Float32, nullptr)});
  cases.push_back({"file BF16", TableView(nullptr, safetensors_table(m, "BF16"), TableDtype::Float32, nullptr)});
  cases.push_back(
      {"file BF16 as bfloat16", TableView(nullptr, safetensors_table(m, "BF16"), TableDtype::BFloat16, nullptr)});
  cases.push_back({"file F16", TableView(nullptr, safetensors_table(m, "F16"), TableDtype::Float32, nullptr)});
  cases.push_back({"seeded viewed as bfloat16",
                   TableView(std::make_shared<const Matrix>(m), nullptr, TableDtype::BFloat16, nullptr)});
  return cases;
}

TEST(Nearest, TopKEqualsTheFloat64ReferenceWithPlantedNeighbours) {
  for (auto [v, d] : {std::pair<int64_t, int64_t>{3001, 100}, {1500, 768}, {700, 7}}) {
    const int64_t query = 17;
    for (const TableCase& c : planted_views(v, d, query))
      // The first search sums every row's norm and leaves them in the cache; the next ones
      // read them from there (cosine both ways).
      for (NearestMetric m :
           {NearestMetric::kCosine, NearestMetric::kDot, NearestMetric::kL2, NearestMetric::kCosine}) {
        const std::string what = c.name + " " + std::to_string(v) + "x" + std::to_string(d) + " " +
                                 nearest_metric_name(m) + (row_norms_cached(c.view) ? " (norms cached)" : "");
        const NearestResult r = nearest_rows(c.view, query, 10, m);
        ASSERT_TRUE(r.ok) << what << r.error;
        expect_matches_reference(r.neighbours, reference(c.view, query, m), 10, what);
        // The planted rows come first: the scaled copy by direction, the nearest copy by distance.
        if (m != NearestMetric::kL2) EXPECT_EQ(r.neighbours[0].row, v / 4) << what;
        else if (d > 7) EXPECT_EQ(r.neighbours[0].row, 1) << what;
      }
  }
}

TEST(Nearest, KLargerThanTheTableListsEveryOtherRowAndBadRequestsSaySo) {
  const TableView t = planted_views(5, 16, 2)[0].view;
  const NearestResult r = nearest_rows(t, 2, 100, NearestMetric::kL2);
  ASSERT_TRUE(r.ok);
  EXPECT_EQ(r.neighbours.size(), 4u);
  for (const Neighbour& n : r.neighbours) EXPECT_NE(n.row, 2);
  EXPECT_FALSE(nearest_rows(t, 5, 3, NearestMetric::kL2).ok);
  EXPECT_NE(nearest_rows(t, 5, 3, NearestMetric::kL2).error.find("5 rows, 0 to 4"), std::string::npos);
  EXPECT_FALSE(nearest_rows(t, -1, 3, NearestMetric::kL2).ok);
  EXPECT_FALSE(nearest_rows(t, 0, 0, NearestMetric::kL2).ok);
  EXPECT_FALSE(nearest_rows(t, 0, kMaxNearestK + 1, NearestMetric::kL2).ok);
}

TEST(Nearest, TiesGoToTheLowerRow) {
  Matrix m = Matrix::Zero(6, 4);
  m.row(0) << 1, 0, 0, 0;
  for (int i = 1; i < 6; ++i) m.row(i) << 1, 1, 0, 0;
  m.row(3) << 2, 0, 0, 0;
  const TableView t(std::make_shared<const Matrix>(m), nullptr, TableDtype::Float32, nullptr);
  const NearestResult r = nearest_rows(t, 0, 3, NearestMetric::kCosine);
  ASSERT_TRUE(r.ok);
  EXPECT_EQ(r.neighbours[0].row, 3);
  EXPECT_EQ(r.neighbours[1].row, 1);
  EXPECT_EQ(r.neighbours[2].row, 2);
}

TEST(Nearest, EditedRowsAreReadWithTheirEdits) {
  const int64_t v = 2000, d = 64, query = 5;
  const Matrix m = planted_table(v, d, query, 9);
  auto edits = std::make_shared<EditMap>();
  // Row 1234 becomes the query's exact double (cosine 1, L2 = |q|); the query's own
  // first cell is edited too, and the search must use it.
  for (int64_t j = 0; j < d; ++j) (*edits)[1234 * d + j] = 2.0f * m(query, j);
  (*edits)[query * d + 0] = m(query, 0) + 0.25f;
  (*edits)[1234 * d + 0] = 2.0f * (m(query, 0) + 0.25f);
  const TableView t(std::make_shared<const Matrix>(m), nullptr, TableDtype::Float32, edits);
  for (NearestMetric metric : {NearestMetric::kCosine, NearestMetric::kDot, NearestMetric::kL2}) {
    const NearestResult r = nearest_rows(t, query, 10, metric);
    ASSERT_TRUE(r.ok);
    expect_matches_reference(r.neighbours, reference(t, query, metric), 10, nearest_metric_name(metric));
  }
  const NearestResult cos = nearest_rows(t, query, 1, NearestMetric::kCosine);
  EXPECT_EQ(cos.neighbours[0].row, 1234);
  EXPECT_NEAR(cos.neighbours[0].score, 1.0, 1e-6);
  // The norms too, before and after the cache holds the base's.
  clear_row_norm_cache();
  for (int pass = 0; pass < 2; ++pass) {
    const RowNorms n = row_norms(t);
    ASSERT_TRUE(n.ok);
    const Matrix w = t.to_matrix();
    EXPECT_NEAR((*n.norms)[1234], w.row(1234).cast<double>().norm(), 1e-4) << pass;
    EXPECT_NEAR((*n.norms)[query], w.row(query).cast<double>().norm(), 1e-4) << pass;
    EXPECT_TRUE(row_norms_cached(t));
  }
}

TEST(Nearest, CancellingStopsTheScan) {
  const Matrix m = Matrix::Random(400'000, 32);
  const TableView t(std::make_shared<const Matrix>(m), nullptr, TableDtype::Float32, nullptr);
  std::atomic<bool> cancel{true};
  std::atomic<int64_t> done{0};
  NearestControl c;
  c.cancel = &cancel;
  c.rows_done = &done;
  NearestResult r = nearest_rows(t, 0, 5, NearestMetric::kDot, c);
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(r.cancelled);
  EXPECT_EQ(done.load(), 0);
  // Cancelled from another thread once it has begun: it stops before the end. The scan
  // takes a few ms; on a loaded two-core CI machine the stopper may not be scheduled before
  // it ends (CI saw done == rows once), so it gets several tries. A scan that ignored the
  // flag would finish every one of them.
  c.threads = 1;
  int stopped_midway = 0;
  for (int attempt = 0; attempt < 40 && stopped_midway == 0; ++attempt) {
    cancel = false;
    done = 0;
    std::thread stopper([&] {
      while (done.load() == 0) std::this_thread::yield();
      cancel = true;
    });
    r = nearest_rows(t, 0, 5, NearestMetric::kDot, c);
    stopper.join();
    if (r.cancelled) {
      EXPECT_FALSE(r.ok);
      EXPECT_LT(done.load(), t.rows()) << attempt;
      ++stopped_midway;
    } else {
      EXPECT_EQ(done.load(), t.rows()) << attempt;
    }
  }
  EXPECT_EQ(stopped_midway, 1);
  // Not cancelled: progress counts every row.
  cancel = false;
  done = 0;
  c.threads = 0;
  r = nearest_rows(t, 0, 5, NearestMetric::kDot, c);
  EXPECT_TRUE(r.ok);
  EXPECT_EQ(done.load(), t.rows());
}

TEST(Nearest, ScalarAvx2AndAvx512PathsGiveTheSameTopK) {
  if (nearest_path_for(NearestPath::kAvx2, RowType::F32) != NearestPath::kAvx2) GTEST_SKIP() << "no avx2+fma+f16c";
  const bool has512 = nearest_path_for(NearestPath::kAvx512, RowType::F32) == NearestPath::kAvx512;
  for (const TableCase& c : planted_views(2500, 200, 33))
    for (NearestMetric m : {NearestMetric::kCosine, NearestMetric::kDot, NearestMetric::kL2}) {
      std::vector<std::vector<Neighbour>> results;
      for (NearestPath p : {NearestPath::kScalar, NearestPath::kAvx2, NearestPath::kAvx512}) {
        if (p == NearestPath::kAvx512 && !has512) continue;
        NearestControl control;
        control.path = p;
        const NearestResult r = nearest_rows(c.view, 33, 12, m, control);
        ASSERT_TRUE(r.ok);
        results.push_back(r.neighbours);
      }
      for (size_t i = 1; i < results.size(); ++i) {
        ASSERT_EQ(results[i].size(), results[0].size());
        for (size_t j = 0; j < results[0].size(); ++j) {
          EXPECT_EQ(results[i][j].row, results[0][j].row) << c.name << " " << nearest_metric_name(m) << " path " << i;
          EXPECT_NEAR(results[i][j].score, results[0][j].score, 1e-4 * std::max(1.0, std::abs(results[0][j].score)));
        }
      }
    }
}

TEST(Nearest, NormsMatchTheReferenceAndSummarize) {
  for (const TableCase& c : planted_views(1000, 50, 3)) {
    clear_row_norm_cache();
    EXPECT_FALSE(row_norms_cached(c.view));
    const RowNorms n = row_norms(c.view);
    ASSERT_TRUE(n.ok);
    EXPECT_TRUE(row_norms_cached(c.view));
    const Matrix w = c.view.to_matrix();
    for (int64_t i = 0; i < w.rows(); ++i)
      ASSERT_NEAR((*n.norms)[static_cast<size_t>(i)], w.row(i).cast<double>().norm(), 1e-4) << c.name << i;
  }
  // A search fills the cache as it reads every row.
  const TableView t = planted_views(300, 20, 3)[2].view;
  clear_row_norm_cache();
  ASSERT_TRUE(nearest_rows(t, 3, 5, NearestMetric::kCosine).ok);
  EXPECT_TRUE(row_norms_cached(t));

  const std::vector<float> norms = {3.0f, 1.0f, 2.0f, 1.0f, NAN, 5.0f, 4.0f};
  const NormsSummary s = summarize_norms(norms, 2, 4);
  ASSERT_EQ(s.lowest.size(), 2u);
  EXPECT_EQ(s.lowest[0].row, 1);
  EXPECT_EQ(s.lowest[1].row, 3);
  ASSERT_EQ(s.highest.size(), 2u);
  EXPECT_EQ(s.highest[0].row, 5);
  EXPECT_EQ(s.highest[1].row, 6);
  EXPECT_EQ(s.nonfinite, 1);
  EXPECT_EQ(s.min, 1.0);
  EXPECT_EQ(s.max, 5.0);
  EXPECT_EQ(s.bins, (std::vector<int64_t>{2, 1, 1, 2}));
  ASSERT_EQ(s.nonfinite_rows.size(), 1u);
  EXPECT_EQ(s.nonfinite_rows[0].row, 4);
  // The NaN row is listed apart (JSON has no NaN number), never silently dropped.
  EXPECT_EQ(norms_json(7, s),
            "{\"rows\": 7, \"lowest\": [{\"row\": 1, \"norm\": 1}, {\"row\": 3, \"norm\": 1}], \"highest\": [{\"row\": "
            "5, \"norm\": 5}, {\"row\": 6, \"norm\": 4}], \"non_finite\": [{\"row\": 4, \"norm\": \"nan\"}], "
            "\"non_finite_count\": 1}\n");
  // The case: 8 rows, 3 not finite, k 8: 5 listed each way, the 3 named.
  const std::vector<float> eight = {1.0f, INFINITY, 2.0f, NAN, 3.0f, -INFINITY, 4.0f, 5.0f};
  const NormsSummary e = summarize_norms(eight, 8, 1);
  EXPECT_EQ(e.lowest.size(), 5u);
  EXPECT_EQ(e.highest.size(), 5u);
  EXPECT_EQ(e.nonfinite, 3);
  EXPECT_NE(norms_json(8, e).find("\"non_finite\": [{\"row\": 1, \"norm\": \"inf\"}, {\"row\": 3, \"norm\": \"nan\"}, "
                                  "{\"row\": 5, \"norm\": \"inf\"}], \"non_finite_count\": 3}"),
            std::string::npos)
      << norms_json(8, e);
  EXPECT_EQ(nearest_json(3, NearestMetric::kCosine, {}, "row 3 holds NaN"),
            "{\"id\": 3, \"metric\": \"cosine\", \"neighbours\": [], \"why\": \"row 3 holds NaN\"}\n");
  EXPECT_EQ(
      nearest_json(4, NearestMetric::kCosine, {{2, 0.5}, {9, 0.25}}),
      "{\"id\": 4, \"metric\": \"cosine\", \"neighbours\": [{\"row\": 2, \"score\": 0.5}, {\"row\": 9, \"score\": "
      "0.25}]}\n");
}

// Issue 39: copies of the query and positive multiples of it score exactly 1 by cosine
// (never above 1, never ordered by float32 rounding noise), ties going to the lower row:
// five copies at rows 10..14 come first, then the multiples by row.
TEST(Nearest, CopiesAndMultiplesScoreExactlyOneAndTieByRow) {
  for (int64_t d : {5, 64, 768}) {
    SCOPED_TRACE(d);
    std::mt19937 gen(static_cast<uint32_t>(d));
    std::normal_distribution<float> normal(0.0f, 1.0f);
    Matrix m(200, d);
    for (int64_t i = 0; i < m.rows(); ++i)
      for (int64_t j = 0; j < d; ++j) m(i, j) = normal(gen);
    const float scales[] = {3.0f, 0.7f, 1.3f, 5.1f, 0.01f, 7.7f, 2.2f, 1e3f, 0.3f, 9.9f};
    for (int64_t i = 0; i < 20; ++i)
      for (int64_t j = 0; j < d; ++j)
        m(100 + i, j) = scales[i % 10] * (1.0f + 0.125f * static_cast<float>(i / 10)) * m(0, j);
    for (int64_t i = 10; i < 15; ++i) m.row(i) = m.row(0);
    const TableView t(std::make_shared<const Matrix>(m), nullptr, TableDtype::Float32, nullptr);
    for (NearestPath path : {NearestPath::kScalar, NearestPath::kAuto}) {
      NearestControl c;
      c.path = path;
      const NearestResult r = nearest_rows(t, 0, 12, NearestMetric::kCosine, c);
      ASSERT_TRUE(r.ok) << r.error;
      ASSERT_EQ(r.neighbours.size(), 12u);
      const std::vector<int64_t> want = {10, 11, 12, 13, 14, 100, 101, 102, 103, 104, 105, 106};
      for (size_t k = 0; k < 12; ++k) {
        EXPECT_EQ(r.neighbours[k].row, want[k]) << k;
        EXPECT_EQ(r.neighbours[k].score, 1.0) << "row " << r.neighbours[k].row;
      }
      // l2: a copy is at distance exactly 0.
      const NearestResult l2 = nearest_rows(t, 0, 5, NearestMetric::kL2, c);
      for (const Neighbour& n : l2.neighbours) EXPECT_EQ(n.score, 0.0) << n.row;
    }
  }
}

// No cosine is ever printed above 1 or below -1, and a NaN row is left out and counted.
TEST(Nearest, CosinesStayWithinOneAndNaNRowsAreCounted) {
  std::mt19937 gen(5);
  std::normal_distribution<float> normal(0.0f, 1.0f);
  Matrix m(500, 33);
  for (int64_t i = 0; i < m.rows(); ++i)
    for (int64_t j = 0; j < m.cols(); ++j) m(i, j) = normal(gen);
  for (int64_t i = 1; i < 400; ++i) m.row(i) = m.row(0) * static_cast<float>(i) * 0.37f;  // multiples: all near 1
  m(450, 3) = NAN;
  m(451, 0) = INFINITY;
  const TableView t(std::make_shared<const Matrix>(m), nullptr, TableDtype::Float32, nullptr);
  const NearestResult r = nearest_rows(t, 0, 1000, NearestMetric::kCosine);
  ASSERT_TRUE(r.ok);
  for (const Neighbour& n : r.neighbours) {
    EXPECT_LE(n.score, 1.0) << n.row;
    EXPECT_GE(n.score, -1.0) << n.row;
    EXPECT_NE(n.row, 450);
    EXPECT_NE(n.row, 451);
  }
  EXPECT_EQ(r.unscored, 2);
  EXPECT_EQ(r.neighbours.size(), 497u);
}

}  // namespace
}  // namespace lv
