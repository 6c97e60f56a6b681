// ui_nearest_panel_test.cpp — "What a row means" (app/app_nearest.hpp) driven as a user
// drives it: hover a row of the table and press N (or right-click it), the panel lists
// exactly what `lookupviz --nearest ROW` prints for the same table, by each metric;
// clicking a listed row adds it as an ID (the IDs field shows it); a typed token of a
// GPT-2-sized table is its row; the norms tab's histogram counts every row, and its
// lowest rows are the table's. Slide 8: each position's argmax is the top row of the
// dot-product search of the same table.
#include <gtest/gtest.h>
#include <imgui_internal.h>  // the panel's window: its position and size

#include <chrono>
#include <cmath>
#include <cstdio>
#include <thread>
#include <regex>
#include <string>
#include <vector>

#include "app/app_nearest.hpp"
#include "app/state/app_edits.hpp"
#include "app/deck/slide_nav.hpp"
#include "app/ui_base/anim_timeline.hpp"
#include "core/nearest/nearest_cli.hpp"
#include "core/nearest/unused_rows.hpp"
#include "headless.hpp"
#include "screen_text.hpp"

namespace lv::app {
namespace {

using test::Headless;
using test::read_screen;

const std::vector<std::string> kArgs = {"lookupviz", "--seed", "7",     "--ids", "3, 9, 17",
                                        "--vocab",   "300",    "--dim", "24"};

// The CLI's answer for the same model options: (row, score) pairs, best first.
std::vector<std::pair<int64_t, double>> cli_answer(int64_t row, const char* metric, int k) {
  std::vector<std::string> args = kArgs;
  args.insert(args.end(), {"--nearest", std::to_string(row), "--metric", metric, "--k", std::to_string(k)});
  const CliParse p = parse_cli(args);
  EXPECT_TRUE(p.ok) << p.error;
  const NearestCliRun run = nearest_cli(p.options, nullptr);
  EXPECT_EQ(run.exit_code, 0) << run.error;
  std::vector<std::pair<int64_t, double>> out;
  const std::regex item(R"("row": (\d+), "score": ([-0-9.eE+]+))");
  for (std::sregex_iterator it(run.out.begin(), run.out.end(), item), end; it != end; ++it)
    out.emplace_back(std::stoll((*it)[1]), std::stod((*it)[2]));
  return out;
}

// Waits for the panel's worker and draws the frames that take its answer.
// (A change of the query starts its worker at the next frame: a frame first, then wait.)
void settle(Headless& h) {
  for (int i = 0; i < 4; ++i) {
    h.frame();
    h.app.nearest.job.wait();
    h.app.nearest.norms_job.wait();
  }
  h.frames(2);
}

// Hover the first cell slide 1 shows and press N: the panel opens on that row.
int64_t open_on_hovered_row(Headless& h) {
  h.frames(3);  // slide 1 drawn: its landmarks are this window's
  ImVec2 at;
  EXPECT_TRUE(h.center_of("table-cell", &at));
  h.move_to(at);
  h.frame();
  const int64_t row = h.app.ui.grids.table_view.first_row;
  h.type("n");
  h.frame();
  settle(h);
  return row;
}

// Every neighbour's row and score on one line of the screen, in the CLI's order.
void expect_listed(const std::vector<std::pair<int64_t, double>>& want) {
  const test::ScreenText s = read_screen();
  int last_line = -1;
  for (const auto& [row, score] : want) {
    char r[32], sc[32];
    std::snprintf(r, sizeof r, "%lld", static_cast<long long>(row));
    std::snprintf(sc, sizeof sc, "%.4f", score);
    int found = -1;
    for (size_t i = 0; i < s.lines.size(); ++i) {
      const std::string& l = s.lines[i];
      if (l.rfind(std::string(r) + " ", 0) == 0 && l.find(sc) != std::string::npos) {
        found = static_cast<int>(i);
        break;
      }
    }
    EXPECT_GT(found, last_line) << "row " << r << " score " << sc << " not listed in order:\n" << s.all();
    last_line = found;
  }
}

TEST(NearestPanel, HoverAndNListsTheClisAnswer) {
  Headless h;
  h.init(kArgs);
  EXPECT_FALSE(h.app.nearest.open);
  const int64_t row = open_on_hovered_row(h);
  ASSERT_TRUE(h.app.nearest.open);
  EXPECT_EQ(h.app.nearest.row, row);
  const auto want = cli_answer(row, "cosine", 10);
  ASSERT_EQ(want.size(), 10u);
  ASSERT_TRUE(h.app.nearest.has_result);
  ASSERT_EQ(h.app.nearest.result.neighbours.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) EXPECT_EQ(h.app.nearest.result.neighbours[i].row, want[i].first);
  expect_listed(want);
}

// Issue 39: a row holding NaN is compared with nothing, and the panel says so instead of
// showing an empty list; another row's answer says how many rows were left out.
TEST(NearestPanel, ANaNRowSaysWhyNothingIsListed) {
  Headless h;
  h.init(kArgs);
  h.frames(3);
  edit_cell(h.app, 5, 2, NAN);
  h.frames(2);
  open_nearest(h.app, 5);
  settle(h);
  ASSERT_TRUE(h.app.nearest.has_result);
  EXPECT_TRUE(h.app.nearest.result.neighbours.empty());
  EXPECT_TRUE(read_screen().contains("No row can be compared with row 5")) << read_screen().all();
  open_nearest(h.app, 6);
  settle(h);
  EXPECT_EQ(h.app.nearest.result.neighbours.size(), 10u);
  EXPECT_EQ(h.app.nearest.result.unscored, 1);
  EXPECT_TRUE(read_screen().contains("1 row left out")) << read_screen().all();
}

TEST(NearestPanel, EachMetricListsTheClisAnswer) {
  Headless h;
  h.init(kArgs);
  const int64_t row = open_on_hovered_row(h);
  for (const char* metric : {"dot", "l2", "cosine"}) {
    ASSERT_TRUE(h.click(std::string(metric) == "dot"  ? "nearest-dot"
                        : std::string(metric) == "l2" ? "nearest-l2"
                                                      : "nearest-cosine"));
    settle(h);
    SCOPED_TRACE(metric);
    EXPECT_STREQ(nearest_metric_name(h.app.nearest.shown.metric), metric);
    expect_listed(cli_answer(row, metric, 10));
  }
}

TEST(NearestPanel, RightClickOnATableRowOpensIt) {
  Headless h;
  h.init(kArgs);
  h.frames(3);
  ImVec2 at;
  ASSERT_TRUE(h.center_of("table-cell", &at));
  h.move_to(at);
  ImGuiIO& io = ImGui::GetIO();
  io.MouseDown[1] = true;
  h.frame();
  io.MouseDown[1] = false;
  h.frame();
  settle(h);
  EXPECT_TRUE(h.app.nearest.open);
  EXPECT_EQ(h.app.nearest.row, h.app.ui.grids.table_view.first_row);
}

TEST(NearestPanel, ClickingANeighbourAddsItAsAnId) {
  Headless h;
  h.init(kArgs);
  const int64_t row = open_on_hovered_row(h);
  const auto want = cli_answer(row, "cosine", 10);
  ASSERT_FALSE(want.empty());
  const size_t before = h.app.inputs.ids.size();
  ASSERT_TRUE(h.click("nearest-n0"));
  h.frame();
  ASSERT_EQ(h.app.inputs.ids.size(), before + 1);
  EXPECT_EQ(h.app.inputs.ids.back(), want[0].first);
  // The IDs field shows it, as a typed ID would be shown.
  EXPECT_NE(std::string(h.app.ui.editor.ids_buf).find(std::to_string(want[0].first)), std::string::npos)
      << h.app.ui.editor.ids_buf;
}

TEST(NearestPanel, NWithNothingHoveredAsksTheLastId) {
  Headless h;
  h.init(kArgs);
  h.move_to(ImVec2(2, 2));
  h.type("n");
  settle(h);
  EXPECT_TRUE(h.app.nearest.open);
  EXPECT_EQ(h.app.nearest.row, 17);
  h.type("n");  // again: closes
  EXPECT_FALSE(h.app.nearest.open);
}

TEST(NearestPanel, ATypedTokenOfAGpt2SizedTableIsItsRow) {
  Headless h;
  h.init({"lookupviz", "--ids", "2, 3, 1", "--vocab", "50257", "--dim", "8"});
  h.move_to(ImVec2(2, 2));
  h.type("n");
  settle(h);
  ASSERT_TRUE(h.replace_text("nearest-query", " hello"));
  h.press(test::kEnter);
  settle(h);
  EXPECT_EQ(h.app.nearest.row, 23748) << h.app.nearest.query_error;  // tiktoken gpt2: " hello"
  EXPECT_TRUE(read_screen().contains("␣hello")) << read_screen().all();
  // A row out of range says why, and keeps the row shown.
  ASSERT_TRUE(h.replace_text("nearest-query", "99999"));
  h.press(test::kEnter);
  EXPECT_EQ(h.app.nearest.row, 23748);
  EXPECT_NE(h.app.nearest.query_error.find("out of range"), std::string::npos) << h.app.nearest.query_error;
}

TEST(NearestPanel, NormsHistogramCountsEveryRowAndListsTheLowest) {
  Headless h;
  h.init(kArgs);
  open_on_hovered_row(h);
  ASSERT_TRUE(h.click("nearest-tab-norms"));
  h.frame();
  settle(h);
  ASSERT_TRUE(h.app.nearest.has_norms);
  const NormsAnswer& a = h.app.nearest.norms;
  int64_t total = 0;
  for (int64_t b : a.summary.bins) total += b;
  EXPECT_EQ(total + a.summary.nonfinite, 300);
  // The same as the core's summary of the table's norms.
  const RowNorms n = row_norms(h.app.derived.table);
  ASSERT_TRUE(n.ok);
  const NormsSummary want = summarize_norms(*n.norms, 12, 48);
  EXPECT_EQ(a.summary.bins, want.bins);
  ASSERT_FALSE(want.lowest.empty());
  EXPECT_EQ(a.summary.lowest[0].row, want.lowest[0].row);
  // And the CLI's --norms lists the same lowest row.
  std::vector<std::string> args = kArgs;
  args.insert(args.end(), {"--norms", "--k", "12"});
  const NearestCliRun run = nearest_cli(parse_cli(args).options, nullptr);
  EXPECT_NE(run.out.find("\"lowest\": [{\"row\": " + std::to_string(want.lowest[0].row)), std::string::npos) << run.out;
  ImVec2 a0, b0;
  EXPECT_TRUE(find_landmark("norms-histogram", &a0, &b0));
  EXPECT_GT(b0.y - a0.y, 10.0f);
  // The histogram's caption says its range (drawn over the bars).
  char range[96];
  std::snprintf(range, sizeof range, "|row| from %.3g to %.3g", a.summary.min, a.summary.max);
  EXPECT_TRUE(read_screen().contains(range)) << range << "\n" << read_screen().all();
  // Clicking the lowest row looks it up: it becomes an ID (slide 6 then shows its gradient).
  ASSERT_TRUE(h.click("norms-low0"));
  EXPECT_EQ(h.app.inputs.ids.back(), want.lowest[0].row);
}

// A tied table (slide 8's default): right-clicking a listed row marks it unused, and the
// panel lists Land & Bartolo's indicator from it — the marked row itself first (cosine 1).
TEST(NearestPanel, MarkingARowUnusedListsTheIndicator) {
  Headless h;
  h.init(kArgs);
  ASSERT_TRUE(h.app.inputs.tie_weights);
  open_on_hovered_row(h);
  ASSERT_TRUE(h.click("nearest-tab-norms"));
  settle(h);
  ASSERT_TRUE(h.app.nearest.has_norms);
  EXPECT_TRUE(h.app.nearest.norms.indicator.empty());
  const int64_t low = h.app.nearest.norms.summary.lowest[0].row;
  ImVec2 at;
  ASSERT_TRUE(h.center_of("norms-low0", &at));
  h.move_to(at);
  ImGuiIO& io = ImGui::GetIO();
  io.MouseDown[1] = true;
  h.frame();
  io.MouseDown[1] = false;
  h.frame();
  settle(h);
  ASSERT_EQ(h.app.nearest.marked_unused, std::vector<int64_t>{low});
  const std::vector<Neighbour>& ind = h.app.nearest.norms.indicator;
  ASSERT_FALSE(ind.empty());
  EXPECT_EQ(ind[0].row, low);
  EXPECT_NEAR(ind[0].score, 1.0, 1e-6);
  const std::vector<int64_t> one{low};
  const UnusedIndicator want = unused_row_indicator(h.app.derived.table, one, 12);
  ASSERT_TRUE(want.ok);
  for (size_t i = 0; i < want.rows.size() && i < ind.size(); ++i) EXPECT_EQ(ind[i].row, want.rows[i].row);
  EXPECT_TRUE(read_screen().contains("(unused)")) << read_screen().all();
}

// The panel fits the window at the smallest size the page is made for, in both themes.
TEST(NearestPanel, FitsTheSmallestWindow) {
  for (const bool light : {false, true}) {
    Headless h(ImVec2(1024, 720));
    std::vector<std::string> args = kArgs;
    if (light) args.push_back("--light");
    h.init(args);
    open_on_hovered_row(h);
    ImVec2 a, b;
    ASSERT_TRUE(find_landmark("nearest-panel", &a, &b));
    ImVec2 wa, wb;
    ASSERT_TRUE(find_landmark("nearest-n9", &wa, &wb));
    const ImGuiWindow* w = ImGui::FindWindowByName("What a row means###nearest");
    ASSERT_NE(w, nullptr);
    EXPECT_GE(w->Pos.x, 0.0f);
    EXPECT_GE(w->Pos.y, 0.0f);
    EXPECT_LE(w->Pos.x + w->Size.x, 1024.0f);
    EXPECT_LE(w->Pos.y + w->Size.y, 720.0f);
  }
}

// Slide 8 with weight tying: each position's argmax over the logits is the top row of
// the dot-product search of the table for that position's x (random states).
TEST(NearestPanel, Slide8ArgmaxIsTheDotSearchsTopRow) {
  for (const uint64_t seed : {1u, 5u, 123u, 999u}) {
    Headless h;
    const std::string s = std::to_string(seed);
    const std::string ids = std::to_string(seed % 40) + ", " + std::to_string(seed % 7) + ", 39, 11";
    h.init({"lookupviz", "--seed", s.c_str(), "--ids", ids.c_str(), "--vocab", "40", "--dim", "6"});
    h.app.ui.reduced_motion = true;  // every step at its end at once
    go_to_slide(h.app, 8);
    timeline_finish(h.app.ui.timeline, current_slide_steps(h.app));
    h.frames(2);
    const Derived& d = h.app.derived;
    ASSERT_TRUE(d.logits_ready);
    ASSERT_EQ(d.next_ids.size(), static_cast<size_t>(d.batch));
    for (int64_t t = 0; t < d.batch; ++t) {
      std::vector<float> q(static_cast<size_t>(d.dim));
      for (int64_t c = 0; c < d.dim; ++c) q[static_cast<size_t>(c)] = d.x(t, c);
      const NearestResult r = nearest_to(d.table, q.data(), -1, 1, NearestMetric::kDot);
      ASSERT_TRUE(r.ok);
      EXPECT_EQ(d.next_ids[static_cast<size_t>(t)], r.neighbours[0].row) << "seed " << seed << " position " << t;
    }
    // The slide says so: its own search (a worker) finds the argmax's row at every position.
    const std::string want = "at " + std::to_string(d.batch) + "/" + std::to_string(d.batch);
    auto shown = [] {
      std::string all;
      for (const std::string& l : read_screen().lines) all += l + " ";
      return all;
    };
    for (int i = 0; i < 200 && shown().find(want) == std::string::npos; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
      h.frame();
    }
    EXPECT_NE(shown().find(want), std::string::npos) << want << "\n" << read_screen().all();
  }
}

}  // namespace
}  // namespace lv::app
