// map_question_test.cpp — the map's question (core/quiz/map_question.hpp): its choices are
// the 5 rows nearest to r on the map (every row's PC1 and PC2, sorted here), its answer the
// choice nearest to r in the full space (a scan here), its why names the variance the map
// keeps; the kind's name and JSON; a row holding NaN is not on the map.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/nearest/table_pca.hpp"
#include "core/quiz/map_question.hpp"
#include "core/quiz/quiz_json.hpp"

namespace lv::quiz {
namespace {

TEST(MapQuestion, ChoicesAreTheMapsNearestAndTheAnswerTheFullSpacesNearest) {
  int differs = 0;
  for (uint64_t seed : {1, 2, 3, 4, 5, 6}) {
    const QuizModel m = seeded_model(seed, {3, 9}, 400, 64);
    PcaOptions o;
    o.components = 2;
    const TablePca p = table_pca(m.table, o);
    ASSERT_TRUE(p.ok);
    for (int64_t r : {3, 77, 399}) {
      const MapNearest a = map_nearest(m, r);
      ASSERT_TRUE(a.on_map);
      std::vector<std::pair<double, int64_t>> plane;
      for (int64_t x = 0; x < 400; ++x) {
        const double dx = p.coordinates[static_cast<size_t>(x * 2)] - p.coordinates[static_cast<size_t>(r * 2)];
        const double dy = p.coordinates[static_cast<size_t>(x * 2 + 1)] - p.coordinates[static_cast<size_t>(r * 2 + 1)];
        if (x != r) plane.emplace_back(dx * dx + dy * dy, x);
      }
      std::sort(plane.begin(), plane.end());
      ASSERT_EQ(a.choices.size(), 5u);
      for (size_t i = 0; i < 5; ++i) EXPECT_EQ(a.choices[i], plane[i].second);
      int64_t best = -1;
      double best_d = INFINITY;
      for (int64_t c : a.choices) {
        const double d = (m.table.rows_of({c}) - m.table.rows_of({r})).cast<double>().norm();
        if (d < best_d) best_d = d, best = c;
      }
      EXPECT_EQ(a.answer, best);
      EXPECT_NEAR(a.variance, p.explained_variance_ratio[0] + p.explained_variance_ratio[1], 1e-12);
      differs += a.answer != a.choices.front();
    }
  }
  EXPECT_GT(differs, 0);  // the map's nearest is not always the full space's: the point of the question
}

TEST(MapQuestion, PromptWhyAndJson) {
  const QuizModel m = seeded_model(7, {5}, 300, 32);
  const Question q = make_question(7, QuestionKind::MapNearest, m, default_params(QuestionKind::MapNearest, m));
  EXPECT_EQ(kind_name(q.kind), "map_nearest");
  EXPECT_EQ(kind_from_name("map_nearest"), QuestionKind::MapNearest);
  ASSERT_TRUE(q.params.choices.has_value());
  EXPECT_EQ(q.params.choices->size(), 5u);
  EXPECT_EQ(std::get<int64_t>(q.answer), map_nearest(m, 5).answer);
  EXPECT_NE(q.why.find("PC1 and PC2 hold "), std::string::npos) << q.why;
  EXPECT_NE(q.why.find("% of the variance: points near in the picture can be far in 32 dimensions"), std::string::npos)
      << q.why;
  EXPECT_TRUE(judge(q, Answer{map_nearest(m, 5).answer}));
  const std::string json = questions_json({q});
  EXPECT_NE(json.find("\"kind\": \"map_nearest\", \"params\": {\"row\": 5, \"choices\": ["), std::string::npos) << json;
}

TEST(MapQuestion, ARowHoldingNaNIsNotOnTheMap) {
  QuizModel m = seeded_model(7, {5}, 50, 8);
  Matrix all(50, 8);
  for (int64_t r = 0; r < 50; ++r) all.row(r) = m.table.rows_of({r}).row(0);
  all(5, 3) = std::numeric_limits<float>::quiet_NaN();
  m.table = TableView(std::make_shared<const Matrix>(all), nullptr, TableDtype::Float32, nullptr);
  EXPECT_FALSE(map_nearest(m, 5).on_map);
  EXPECT_EQ(map_nearest(m, 5).answer, -1);
  const MapNearest other = map_nearest(m, 6);
  EXPECT_TRUE(other.on_map);
  EXPECT_EQ(std::count(other.choices.begin(), other.choices.end(), 5), 0);
  EXPECT_FALSE(map_askable(seeded_model(7, {1}, 5, 8)));   // 5 rows: no 5 others to choose from
  EXPECT_FALSE(map_askable(seeded_model(7, {1}, 50, 1)));  // one column: no plane
}

// A map a slide shows (slide 7's: its own table, not the model's) is asked about as it is, with no PCA
// of its own: the same choices and answer as the table's own map, its rows the shown table's.
TEST(MapQuestion, AShownMapIsAskedAsItIsOfItsOwnTable) {
  const QuizModel big = seeded_model(11, {3}, 600, 48);
  PcaOptions o;
  o.components = 2;
  auto pca = std::make_shared<TablePca>(table_pca(big.table, o));
  ASSERT_TRUE(pca->ok);
  auto grid = std::make_shared<MapGrid>(build_map_grid(pca->coordinates.data(), pca->rows, 2, 0, 1));
  QuizModel m = seeded_model(11, {3, 7}, 10, 4);  // the model's table: 10 rows
  auto shown = std::make_shared<ShownMap>();
  shown->table = big.table;
  shown->grid = grid.get();
  shown->variance = pca->explained_variance_ratio[0] + pca->explained_variance_ratio[1];
  shown->owner = grid;
  m.shown_map = shown;
  EXPECT_TRUE(map_askable(m));
  EXPECT_EQ(map_rows(m), 600);
  for (int64_t r : {3, 250, 599}) {
    const MapNearest got = map_nearest(m, r), want = map_nearest(big, r);
    EXPECT_EQ(got.choices, want.choices) << r;
    EXPECT_EQ(got.answer, want.answer) << r;
    EXPECT_DOUBLE_EQ(got.variance, want.variance);
  }
  QuizRng rng(5);
  for (int i = 0; i < 50; ++i) {
    const Params p = default_params(QuestionKind::MapNearest, m, &rng);
    ASSERT_TRUE(p.row);
    EXPECT_GE(*p.row, 0);
    EXPECT_LT(*p.row, 600);
  }
  const Question q = make_question(7, QuestionKind::MapNearest, m, default_params(QuestionKind::MapNearest, m));
  EXPECT_NE(q.prompt.find("all 48 dimensions"), std::string::npos) << q.prompt;
  shown->grid = nullptr;  // no map made yet: not asked
  EXPECT_FALSE(map_askable(m));
}

}  // namespace
}  // namespace lv::quiz
