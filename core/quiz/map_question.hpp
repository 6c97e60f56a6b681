// map_question.hpp — the map's question (issue 41, item 4): "which of these rows is nearest
// to row r in the full table?", among the 5 rows nearest to r on the map (the table's first
// two principal components, core/nearest/table_pca.hpp). The answer is the full-space
// nearest of the five (L2, the distance the map's projection shrinks), which is often not
// the nearest point in the picture; the why names how much variance the picture keeps.
#pragma once
#include <cstdint>

#include "core/quiz/question_kinds.hpp"

namespace lv::quiz {

inline constexpr int kMapChoices = 5;

struct MapNearest {
  bool on_map = false;  // false: the table has too few finite rows, or row r holds inf or NaN
  IdList choices;       // the kMapChoices rows nearest to r on the map, nearest first
  int64_t answer = -1;  // the choice nearest to r in the full space (ties: the lower row)
  double variance = 0;  // PC1 + PC2's share of the variance, 0..1
  double answer_distance = 0, first_distance = 0;  // full-space L2 of the answer and of choices[0]
};

// Row r's question on m's table (its map computed here: a few reads of the table), or on the
// map a slide shows (m.shown_map: its points, no PCA here; O(kMapChoices · D)).
MapNearest map_nearest(const QuizModel& m, int64_t row);

// Whether the table can be mapped and has enough rows for the choices (D ≥ 2, V > kMapChoices).
bool map_askable(const QuizModel& m);
// The rows of the table the question maps: m.shown_map's, else m.table's.
int64_t map_rows(const QuizModel& m);

// q.params.row set: fills q's choices (params), prompt, answer and why.
void ask_map_nearest(Question& q, const QuizModel& m);

}  // namespace lv::quiz
