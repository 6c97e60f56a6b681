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

}  // namespace
}  // namespace lv::quiz
