// widget_answer_targets.hpp — a slide's rows and columns as answers (Learn mode, issue
// 28): while its question is asked, each shown row (or column) of a grid can be clicked
// or reached with the arrows; once revealed, the learner's pick and the right one are
// marked beside it with ✓ / ✗ and a word (never colour alone).
#pragma once
#include <imgui.h>

#include "app/ui_base/learn_state.hpp"
#include "app/ui_base/ui_theme.hpp"
#include "app/widgets/widget_matrix_grid.hpp"

namespace lv::app {

// The rows of g are the answers (which table row the lookup takes; which rows get a
// gradient). Adds each shown row to learn.targets and draws the highlight or the marks.
// marks_left: the ✓ / ✗ left of the row labels (a grid at the canvas's right edge: slide 2's output).
void answer_rows(LearnState& learn, const GridLayout& g, ImDrawList* dl, const Palette& pal, bool marks_left = false);
// The columns of g (where the one-hot row's 1 goes); the marks sit under the grid's last
// shown row, in a band answer_cols_band() tall: a slide that asks by columns starts what it
// draws under the grid (a legend, a note) below that band, so a mark never covers its words.
void answer_cols(LearnState& learn, const GridLayout& g, ImDrawList* dl, const Palette& pal);
float answer_cols_band();

// The cells of g (which output cells change after an edit): each a target of its own.
void answer_cells(LearnState& learn, const GridLayout& g, ImDrawList* dl, const Palette& pal);

// A row drawn as a point (slide 7's map): a square of 2 · half around `at` is its target; the
// reveal's ✓ / ✗ goes above it.
void answer_point(LearnState& learn, int64_t row, ImVec2 at, float half, ImDrawList* dl, const Palette& pal);

// Table rows as a line of chips at the cursor (the question panel): each a Row target, so a
// row is clickable whatever the slide's grid scrolls to, and the reveal marks every row it
// names (issue 36: slide 6 at 1280 × 800 showed 4 of V rows, the ✓ on the others unseen).
// Advances the cursor by chips_height().
void answer_chips(LearnState& learn, const std::vector<int64_t>& rows, const Palette& pal);
float chips_height();

// A cell as one value (the marks compare values): row in the high half, column in the low.
inline int64_t cell_value(int64_t row, int64_t col) { return (row << 32) | (col & 0xffffffff); }

// The answers a question's typed text stands for (its ints; a list's members), for the
// marks: the truth from the question, the learner's pick from learn.given.
std::vector<int64_t> answer_values(const quiz::Answer& a);

}  // namespace lv::app
