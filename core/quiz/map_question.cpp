// map_question.cpp — the map's question (see the header).
#include "core/quiz/map_question.hpp"

#include <cmath>
#include <cstdio>

#include "core/nearest/map_grid.hpp"
#include "core/nearest/table_pca.hpp"
#include "core/text/text_format.hpp"

namespace lv::quiz {
namespace {

double full_distance(const TableView& t, int64_t a, int64_t b) {
  std::vector<float> x(static_cast<size_t>(t.cols())), y(static_cast<size_t>(t.cols()));
  t.read_row(a, x.data());
  t.read_row(b, y.data());
  double s = 0;
  for (size_t j = 0; j < x.size(); ++j) s += (static_cast<double>(x[j]) - y[j]) * (static_cast<double>(x[j]) - y[j]);
  return std::sqrt(s);
}

std::string percent(double share) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f %%", 100.0 * share);
  return buf;
}

std::string distance_text(double d) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", d);
  return buf;
}

const TableView& mapped(const QuizModel& m) { return m.shown_map ? m.shown_map->table : m.table; }

}  // namespace

int64_t map_rows(const QuizModel& m) { return mapped(m).rows(); }

bool map_askable(const QuizModel& m) {
  return mapped(m).cols() >= 2 && mapped(m).rows() > kMapChoices && !m.ids.empty() &&
         (!m.shown_map || m.shown_map->grid);
}

MapNearest map_nearest(const QuizModel& m, int64_t row) {
  MapNearest out;
  const TableView& t = mapped(m);
  if (!map_askable(m) || row < 0 || row >= t.rows()) return out;
  if (m.shown_map) {
    out.variance = m.shown_map->variance;
    out.choices = map_grid_nearest(*m.shown_map->grid, row, kMapChoices);
  } else {
    PcaOptions o;
    o.components = 2;
    const TablePca p = table_pca(t, o);
    if (!p.ok) return out;
    out.variance = p.explained_variance_ratio[0] + p.explained_variance_ratio[1];
    const MapGrid g = build_map_grid(p.coordinates.data(), p.rows, 2, 0, 1);
    out.choices = map_grid_nearest(g, row, kMapChoices);
  }
  if (static_cast<int>(out.choices.size()) < kMapChoices) return out;
  double best = INFINITY;
  for (int64_t c : out.choices) {
    const double d = full_distance(t, row, c);
    if (c == out.choices.front()) out.first_distance = d;
    if (d < best || (d == best && c < out.answer)) best = d, out.answer = c;
  }
  out.answer_distance = best;
  out.on_map = std::isfinite(best);
  if (!out.on_map) out.answer = -1;
  return out;
}

void ask_map_nearest(Question& q, const QuizModel& m) {
  const int64_t r = q.params.row.value_or(0);
  const MapNearest a = map_nearest(m, r);
  q.params.choices = a.choices;
  std::string list;
  for (size_t i = 0; i < a.choices.size(); ++i) list += (i ? ", " : "") + with_commas(a.choices[i]);
  q.prompt = "On the map, rows " + list + " are the " + std::to_string(kMapChoices) + " nearest to row " +
             with_commas(r) + ". Which of them is nearest to row " + with_commas(r) + " in the full table (all " +
             with_commas(mapped(m).cols()) + " dimensions)?";
  q.answer = a.answer;
  if (!a.on_map) {
    q.why = "row " + with_commas(r) + " is not on the map (it, or too many rows, hold inf or NaN)";
    return;
  }
  const std::string held = "PC1 and PC2 hold " + percent(a.variance) +
                           " of the variance: points near in the picture can be far in " +
                           with_commas(mapped(m).cols()) + " dimensions";
  q.why = a.answer == a.choices.front()
              ? held + " — here the nearest on the map, row " + with_commas(a.answer) +
                    ", is also the nearest in full (distance " + distance_text(a.answer_distance) + ")"
              : held + "; here row " + with_commas(a.answer) + " is at distance " + distance_text(a.answer_distance) +
                    ", while row " + with_commas(a.choices.front()) + ", the nearest on the map, is at " +
                    distance_text(a.first_distance);
}

}  // namespace lv::quiz
