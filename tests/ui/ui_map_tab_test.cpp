// ui_map_tab_test.cpp — the Map tab of "What a row means" (app/app_map.hpp) driven as a
// user drives it: the map is the table's principal components as core computes them
// (every row a point), the variance line says how much PC1 and PC2 hold, hovering a point
// shows its ID and joins it to its nearest rows in the full space (the search's answer),
// a click adds it as an ID; a 128,256-row table draws every point (and the frame's time is
// printed: the bench's map_frame_ms).
#include <gtest/gtest.h>
#include <imgui_internal.h>

#include <algorithm>
#include <ctime>
#include <cstdio>
#include <string>
#include <vector>

#include "app/app_map.hpp"
#include "app/app_nearest.hpp"
#include "app/ui_base/ui_landmarks.hpp"
#include "core/nearest/nearest.hpp"
#include "core/nearest/table_pca.hpp"
#include "headless.hpp"
#include "screen_text.hpp"

namespace lv::app {
namespace {

using test::Headless;
using test::read_screen;

// Opens the panel on `row`, selects the Map tab and waits for its worker.
void open_map(Headless& h, int64_t row) {
  h.frames(3);
  open_nearest(h.app, row);
  h.app.nearest.want_tab = 2;
  for (int i = 0; i < 6; ++i) {
    h.frame();
    h.app.nearest.map.job.wait();
    h.app.nearest.job.wait();
  }
  h.frames(2);
}

// Where row r's point is on the screen (the plot's landmark and view).
ImVec2 point_of(Headless& h, int64_t r) {
  const MapTab& m = h.app.nearest.map;
  ImVec2 a, b;
  EXPECT_TRUE(find_landmark("map-plot", &a, &b));
  const MapGrid& g = m.map->grids[m.axes];
  return map_plot_to_screen(m.view, a, b, g.coords[r * g.k + g.ax], g.coords[r * g.k + g.ay]);
}

TEST(MapTab, EveryRowHoverNeighboursAndClick) {
  Headless h;
  h.init({"lookupviz", "--seed", "7", "--ids", "3, 9, 17", "--vocab", "300", "--dim", "24"});
  open_map(h, 3);
  const MapTab& m = h.app.nearest.map;
  ASSERT_TRUE(m.map && m.map->ok) << read_screen().all();
  // The same map core gives for the same table.
  PcaOptions o;
  o.components = 3;
  const TablePca want = table_pca(nearest_snapshot(h.app), o);
  ASSERT_TRUE(want.ok);
  EXPECT_EQ(m.map->pca.coordinates, want.coordinates);
  EXPECT_EQ(m.drawn, 300);
  char line[64];
  std::snprintf(line, sizeof line, "PC1 + PC2: %.1f %% of the variance",
                100.0 * (want.explained_variance_ratio[0] + want.explained_variance_ratio[1]));
  EXPECT_TRUE(read_screen().contains(line)) << line << "\n" << read_screen().all();
  // Hover row 42's point: its ID in the tooltip, lines to its nearest rows in 24 dimensions.
  const int64_t r = 42;
  h.move_to(point_of(h, r));
  h.frame();
  EXPECT_EQ(m.hover, r);
  EXPECT_TRUE(read_screen().contains("ID 42")) << read_screen().all();
  h.app.nearest.map.near_job.wait();
  h.frames(2);
  ASSERT_TRUE(m.has_near);
  const NearestResult full = nearest_rows(nearest_snapshot(h.app), r, h.app.nearest.k, h.app.nearest.metric);
  ASSERT_EQ(m.near.neighbours.size(), full.neighbours.size());
  for (size_t i = 0; i < full.neighbours.size(); ++i) EXPECT_EQ(m.near.neighbours[i].row, full.neighbours[i].row);
  EXPECT_EQ(m.near_row, r);
  // A click adds it as an ID.
  h.click_at(point_of(h, r));
  EXPECT_EQ(h.app.inputs.ids.back(), r);
  // PC1 / PC3: the variance line follows.
  ASSERT_TRUE(h.click("map-axes"));  // the last of the three: PC2 / PC3
  h.frames(2);
  EXPECT_EQ(m.axes, 2);
  std::snprintf(line, sizeof line, "PC2 + PC3: %.1f %% of the variance",
                100.0 * (want.explained_variance_ratio[1] + want.explained_variance_ratio[2]));
  EXPECT_TRUE(read_screen().contains(line)) << read_screen().all();
}

// The help under the plot is whole inside the panel at the window sizes people use (it wraps to
// four lines in the panel's width; the plot used to take the room of two and cut the rest at
// the panel's bottom), the plot keeps at least 8 em, and the panel needs no scrollbar.
TEST(MapTab, TheHelpUnderThePlotIsWholeInThePanel) {
  for (const ImVec2 size : {ImVec2(1024, 720), ImVec2(1024, 768), ImVec2(1280, 800), ImVec2(1920, 1080)}) {
    Headless h(size);
    h.init({"lookupviz", "--seed", "7", "--ids", "3, 9, 17", "--vocab", "300", "--dim", "24"});
    open_map(h, 3);
    ASSERT_TRUE(h.app.nearest.map.map && h.app.nearest.map.map->ok);
    const ImGuiWindow* w = ImGui::FindWindowByName("What a row means###nearest");
    ASSERT_NE(w, nullptr);
    ImVec2 ha, hb, pa, pb;
    ASSERT_TRUE(find_landmark("map-help", &ha, &hb));
    ASSERT_TRUE(find_landmark("map-plot", &pa, &pb));
    const std::string at = std::to_string(static_cast<int>(size.x)) + "x" + std::to_string(static_cast<int>(size.y));
    EXPECT_LE(hb.y, w->Pos.y + w->Size.y - w->WindowPadding.y + 0.5f) << at << ": the help runs past the panel";
    EXPECT_FALSE(w->ScrollbarY) << at;
    EXPECT_GE(pb.y - pa.y, em() * 8.0f - 0.5f) << at;
  }
}

// A token is the vocabulary's, up to 128 bytes in GPT-2's (each space drawn as ␣): hovering the
// point of the longest, the tooltip names the row and fits the window, its token cut in the
// middle with "…".
TEST(MapTab, TheLongestTokensTooltipFitsTheWindow) {
  Headless h(ImVec2(1024, 720));
  h.init({"lookupviz", "--seed", "7", "--ids", "3", "--vocab", "50257", "--dim", "4"});
  ASSERT_TRUE(h.app.tokenizer);
  int64_t longest = 0;
  size_t most = 0;
  for (int64_t r = 0; r < 50257; ++r)
    if (const size_t n = h.app.tokenizer->token_bytes(r).size(); n > most) most = n, longest = r;
  ASSERT_GE(most, 64u);
  open_map(h, 3);
  ASSERT_TRUE(h.app.nearest.map.map && h.app.nearest.map.map->ok);
  const ImVec2 at = point_of(h, longest);
  h.move_to(at);
  h.frame();
  ASSERT_EQ(h.app.nearest.map.hover, longest) << "the pointer is on row " << longest << "'s point";
  h.frame();
  const std::string id = "ID " + std::to_string(longest);
  EXPECT_TRUE(read_screen().contains(id)) << read_screen().all();
  EXPECT_TRUE(read_screen().contains("\xE2\x80\xA6")) << "the token is cut with …";
  const ImGuiWindow* tip = ImGui::FindWindowByName("##Tooltip_00");
  ASSERT_NE(tip, nullptr);
  EXPECT_LE(tip->Size.x, 1024.0f * 0.75f) << "the tooltip takes most of the window";
  EXPECT_GE(tip->Pos.x, 0.0f);
  EXPECT_LE(tip->Pos.x + tip->Size.x, 1024.0f) << "the tooltip runs past the window";
}

// Llama-3's 128,256 rows: every point drawn (the renderer's large meshes allowed, as the GL
// backend allows them), and each frame's time printed as the bench's map_frame_ms figure.
TEST(MapTab, EveryOneOf128256RowsIsDrawn) {
  Headless h;
  ImGui::GetIO().BackendFlags |= ImGuiBackendFlags_RendererHasVtxOffset;
  h.init({"lookupviz", "--seed", "1", "--ids", "3", "--vocab", "128256", "--dim", "16"});
  open_map(h, 3);
  const MapTab& m = h.app.nearest.map;
  ASSERT_TRUE(m.map && m.map->ok);
  EXPECT_EQ(m.drawn, 128256);
  std::vector<double> ms;  // the UI thread's CPU time a frame (a loaded machine adds only wall time)
  auto thread_ms = [] {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return 1e3 * static_cast<double>(ts.tv_sec) + 1e-6 * static_cast<double>(ts.tv_nsec);
  };
  for (int i = 0; i < 40; ++i) {
    const double t0 = thread_ms();
    h.frame();
    ms.push_back(thread_ms() - t0);
  }
  std::sort(ms.begin(), ms.end());
  std::printf("FIGURE map_frame_ms_p95 %.3f 8\n", ms[ms.size() * 95 / 100]);
  ImGui::GetIO().BackendFlags &= ~ImGuiBackendFlags_RendererHasVtxOffset;
}

}  // namespace
}  // namespace lv::app
