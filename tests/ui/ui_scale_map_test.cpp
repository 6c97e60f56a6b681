// ui_scale_map_test.cpp — slide 7's map view (app/slides/slide_07_map.hpp) driven as a user
// drives it: the toggle shows every row of the slide's own table at its principal components
// (core's PCA of the same values, read where the worker keeps them: no copy), hovering a point
// names its row and joins it to its 5 nearest rows by L2 in the full space, a click adds it
// as an ID; in Learn mode the map asks map_nearest, its lines wait for the answer, and a click
// on one of the five circled points answers it — judged against a brute-force check here.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <string>
#include <thread>
#include <vector>

#include "app/app_learn.hpp"
#include "app/deck/slide_host.hpp"
#include "app/ui_base/anim_timeline.hpp"
#include "app/slides/slide_07_scale.hpp"
#include "app/ui_base/ui_landmarks.hpp"
#include "app/ui_base/ui_theme.hpp"
#include "core/nearest/nearest.hpp"
#include "core/nearest/table_pca.hpp"
#include "headless.hpp"
#include "screen_text.hpp"

namespace lv::app::test {
namespace {

ScaleState& scale(Headless& h) { return scale_state(context_of(h.app, kSlideAtScale)); }

// Shows slide 7 (a vocab × dim seeded table), waits for its table, turns the map view on and
// waits for its map.
void show_map(Headless& h, int64_t vocab, int64_t dim) {
  scale(h).vocab = vocab, scale(h).dim = dim;
  go_to_slide(h.app, 7);
  const auto until = std::chrono::steady_clock::now() + std::chrono::minutes(2);
  auto wait_for = [&](auto done) {
    while (!done() && std::chrono::steady_clock::now() < until) {
      h.frame();
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
  };
  wait_for([&] { return scale(h).worker && scale(h).worker->snapshot().table == TablePhase::Ready; });
  ASSERT_TRUE(h.click("scale-view-map")) << read_screen().all();
  EXPECT_EQ(scale(h).view, kScaleViewMap);
  wait_for([&] { return scale_map_ready(scale(h).map, scale(h).worker->snapshot()); });
  ASSERT_TRUE(scale_map_ready(scale(h).map, scale(h).worker->snapshot())) << read_screen().all();
  h.frames(3);
}

// Where row r's point is on the screen.
ImVec2 point_of(Headless& h, int64_t r) {
  const ScaleMapState& m = scale(h).map;
  ImVec2 a, b;
  EXPECT_TRUE(find_landmark("scale-map-plot", &a, &b));
  const MapGrid& g = m.map->grids[m.axes];
  return map_plot_to_screen(m.view, a, b, g.coords[r * g.k + g.ax], g.coords[r * g.k + g.ay]);
}

double l2(const TableView& t, int64_t a, int64_t b) {
  std::vector<float> x(static_cast<size_t>(t.cols())), y(x.size());
  t.read_row(a, x.data());
  t.read_row(b, y.data());
  double s = 0;
  for (size_t j = 0; j < x.size(); ++j) s += (static_cast<double>(x[j]) - y[j]) * (static_cast<double>(x[j]) - y[j]);
  return std::sqrt(s);
}

TEST(ScaleMap, MapsTheSlidesOwnTableHoverJoinsItsNearestRowsAndAClickAddsAnId) {
  Headless h(ImVec2(1280, 800));
  h.init({"lookupviz", "--seed", "7", "--ids", "3, 9, 17", "--vocab", "40", "--dim", "8"});
  show_map(h, 2000, 32);
  const ScaleWorker& w = *scale(h).worker;
  const TableView t = w.table_view();
  ASSERT_EQ(t.rows(), 2000);
  EXPECT_EQ(t.seeded(), w.snapshot().data) << "the map reads the worker's table where it lies";
  const ScaleMapState& m = scale(h).map;
  PcaOptions o;
  o.components = 3;
  const TablePca want = table_pca(t, o);
  ASSERT_TRUE(want.ok);
  EXPECT_EQ(m.map->pca.coordinates, want.coordinates);
  EXPECT_EQ(m.drawn, 2000);
  char line[64];
  std::snprintf(line, sizeof line, "PC1 + PC2: %.1f %% of the variance",
                100.0 * (want.explained_variance_ratio[0] + want.explained_variance_ratio[1]));
  EXPECT_TRUE(read_screen().contains(line)) << line << "\n" << read_screen().all();
  EXPECT_TRUE(read_screen().contains("Each point is one of the 2,000 rows")) << read_screen().all();
  // Hover row 9: its row in the tooltip, lines to its 5 nearest rows by L2 in 32 dimensions.
  h.move_to(point_of(h, 9));
  h.frame();
  EXPECT_EQ(m.hover, 9);
  EXPECT_TRUE(read_screen().contains("row 9")) << read_screen().all();
  scale(h).map.near_job.wait();
  h.frames(2);
  ASSERT_TRUE(m.has_near);
  const NearestResult full = nearest_rows(t, 9, kScaleMapNear, NearestMetric::kL2);
  ASSERT_EQ(m.near.neighbours.size(), full.neighbours.size());
  for (size_t i = 0; i < full.neighbours.size(); ++i) EXPECT_EQ(m.near.neighbours[i].row, full.neighbours[i].row);
  ImVec2 a, b;
  EXPECT_TRUE(find_landmark("map-near0", &a, &b)) << "the lines are drawn";
  // A click adds row 9 as an ID; row 1,500 is not a row of the model's table (40 rows): the footer says so.
  h.click_at(point_of(h, 9));
  EXPECT_EQ(h.app.inputs.ids.back(), 9);
  const size_t before = h.app.inputs.ids.size();
  h.click_at(point_of(h, 1500));
  EXPECT_EQ(h.app.inputs.ids.size(), before);
  EXPECT_NE(h.app.ui.status.find("not a row of the table the IDs index"), std::string::npos) << h.app.ui.status;
  // Back to the heat map: the toggle is the view.
  ASSERT_TRUE(h.click("scale-view-heatmap"));
  h.frames(2);
  EXPECT_EQ(scale(h).view, kScaleViewHeatmap);
  EXPECT_FALSE(find_landmark("scale-map-plot", &a, &b));
}

// Learn mode over the map: map_nearest is asked of the map shown (row r ringed, five points
// circled), a hovered point's lines wait for the answer, and a click on the full-space nearest of
// the five, then Enter, is judged right; the five and the answer are what a brute force finds.
TEST(ScaleMap, LearnModeAsksTheMapsQuestionAndAClickOnAPointAnswersIt) {
  for (const bool right : {true, false}) {
    Headless h(ImVec2(1280, 800));
    h.init({"lookupviz", "--ask", "--seed", "7", "--ids", "3, 9, 17", "--vocab", "40", "--dim", "8"});
    h.frames(3);
    show_map(h, 2000, 32);
    h.frames(5);
    const LearnState& L = h.app.learn;
    ASSERT_EQ(L.phase, LearnPhase::Asking);
    ASSERT_EQ(L.question.kind, quiz::QuestionKind::MapNearest) << L.question.prompt;
    const int64_t r = *L.question.params.row;
    ASSERT_TRUE(L.question.params.choices);
    const IdList choices = *L.question.params.choices;
    ASSERT_EQ(choices.size(), 5u);
    // The five nearest to r on the map (PC1, PC2), by brute force; the full-space nearest of them.
    const ScaleMapState& m = scale(h).map;
    const std::vector<float>& c = m.map->pca.coordinates;
    const int k = static_cast<int>(m.map->pca.components);
    std::vector<std::pair<double, int64_t>> by_map;
    for (int64_t q = 0; q < 2000; ++q)
      if (q != r) {
        const double dx = c[q * k] - c[r * k], dy = c[q * k + 1] - c[r * k + 1];
        by_map.push_back({dx * dx + dy * dy, q});
      }
    std::sort(by_map.begin(), by_map.end());
    const TableView t = scale(h).worker->table_view();
    int64_t best = -1;
    double best_d = INFINITY;
    for (int i = 0; i < 5; ++i) {
      EXPECT_EQ(choices[static_cast<size_t>(i)], by_map[static_cast<size_t>(i)].second) << i;
      const double d = l2(t, r, choices[static_cast<size_t>(i)]);
      if (d < best_d) best_d = d, best = choices[static_cast<size_t>(i)];
    }
    EXPECT_EQ(std::get<int64_t>(L.question.answer), best);
    EXPECT_NE(L.question.prompt.find("all 32 dimensions"), std::string::npos) << L.question.prompt;
    // The timing runs while it is asked (every step is shown): its chart grows as each figure
    // lands and the canvas settles after it (slow under ASan). A still pointer is then on one point.
    const auto until = std::chrono::steady_clock::now() + std::chrono::minutes(3);
    while (scale(h).worker->busy() && std::chrono::steady_clock::now() < until) {
      h.frame();
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    h.frames(3);
    ASSERT_EQ(L.phase, LearnPhase::Asking);
    // While asked, the slide withholds the lines a hovered point draws to its nearest rows (they
    // would answer it): its declaration, which the map view's drawing reads (the first test
    // shows the lines drawn when nothing is asked).
    EXPECT_TRUE(hides_now(context_of(h.app, kSlideAtScale), Hidden::kResult)) << "the lines would answer it";
    // Click the pick (the answer, or another of the five), then Enter.
    int64_t pick = best;
    if (!right)
      for (int64_t q : choices)
        if (q != best) pick = q;
    // The five sit close together: zoom in at the pick (the wheel) until no other target overlaps it.
    auto crowded = [&] {
      const ImVec2 p = point_of(h, pick);
      for (int64_t q : choices) {
        const ImVec2 o = point_of(h, q);
        if (q != pick && std::abs(o.x - p.x) < em() * 1.2f && std::abs(o.y - p.y) < em() * 1.2f) return true;
      }
      return false;
    };
    for (int i = 0; i < 80 && crowded(); ++i) {
      h.move_to(point_of(h, pick));
      ImGui::GetIO().MouseWheel = 1.0f;
      h.frame();
    }
    ASSERT_FALSE(crowded());
    h.frame();
    h.click_at(point_of(h, pick));
    EXPECT_EQ(L.phase, LearnPhase::Asking) << "a click selects; Enter answers";
    EXPECT_TRUE(h.app.inputs.ids.size() == 3) << "a click while asked answers, it adds no ID";
    h.press(kEnter);
    ASSERT_EQ(L.phase, LearnPhase::Revealed);
    EXPECT_EQ(L.right, right) << "picked " << pick << ", nearest " << best;
  }
}

// At the timing step the chart takes the canvas's right part: the map's controls, its variance
// line and the help under it stay left of it and inside the canvas at every window size (at
// 1024 wide the axes' names ran under the chart's Run button).
TEST(ScaleMap, TheControlsAndTheHelpFitBesideTheChartAtEverySize) {
  for (const auto& [size, scale_f] :
       {std::pair{ImVec2(1024, 768), 1.0f}, std::pair{ImVec2(1280, 800), 1.0f}, std::pair{ImVec2(1440, 900), 1.0f},
        std::pair{ImVec2(1920, 1080), 1.0f}, std::pair{ImVec2(2560, 1440), 2.0f}}) {
    Headless h(size, scale_f);
    h.init({"lookupviz", "--seed", "7", "--ids", "3, 9, 17", "--vocab", "40", "--dim", "8"});
    show_map(h, 2000, 32);
    const int steps = current_slide_steps(h.app);
    timeline_seek(h.app.ui.timeline, steps, static_cast<float>(steps));  // the timing step: the chart
    const auto until = std::chrono::steady_clock::now() + std::chrono::minutes(2);
    ImVec2 ca, cb;
    while (!find_landmark("scale-chart", &ca, &cb) && std::chrono::steady_clock::now() < until) h.frame();
    h.frames(60);  // the chart has slid in
    const std::string at = std::to_string(static_cast<int>(size.x)) + "x" + std::to_string(static_cast<int>(size.y));
    ASSERT_TRUE(find_landmark("scale-chart", &ca, &cb)) << at;
    ImVec2 a, b, fa, fb, va, vb, pa, pb, ha, hb;
    ASSERT_TRUE(find_landmark("scale-map-axes", &a, &b)) << at;
    ASSERT_TRUE(find_landmark("scale-map-fit", &fa, &fb)) << at;
    ASSERT_TRUE(find_landmark("scale-map-variance", &va, &vb)) << at;
    ASSERT_TRUE(find_landmark("scale-map-plot", &pa, &pb)) << at;
    ASSERT_TRUE(find_landmark("scale-map-help", &ha, &hb)) << at;
    EXPECT_LE(fb.x, ca.x) << at << ": Fit runs under the chart";
    EXPECT_LE(vb.x, ca.x) << at << ": the variance line runs under the chart";
    EXPECT_LE(pb.x, ca.x) << at;
    EXPECT_LE(hb.x, ca.x + 1.0f) << at;
    EXPECT_GE(pb.y - pa.y, em() * 4.0f) << at;
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    EXPECT_LE(hb.y, vp->Pos.y + vp->Size.y) << at;
  }
}

}  // namespace
}  // namespace lv::app::test
