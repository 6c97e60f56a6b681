// widget_answer_targets.cpp — see the header.
#include "app/widgets/widget_answer_targets.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "app/ui_base/layout_report.hpp"
#include "app/ui_base/ui_draw.hpp"
#include "app/ui_base/ui_landmarks.hpp"

namespace lv::app {
namespace {

// The first rows and columns as landmarks, for the tests that click them as a user
// would ("answer-row-3"): names are string literals (app/ui_base/ui_landmarks.hpp).
constexpr const char* kRowNames[] = {"answer-row-0",  "answer-row-1",  "answer-row-2",  "answer-row-3",
                                     "answer-row-4",  "answer-row-5",  "answer-row-6",  "answer-row-7",
                                     "answer-row-8",  "answer-row-9",  "answer-row-10", "answer-row-11",
                                     "answer-row-12", "answer-row-13", "answer-row-14", "answer-row-15"};
constexpr const char* kColNames[] = {"answer-col-0",  "answer-col-1",  "answer-col-2",  "answer-col-3",
                                     "answer-col-4",  "answer-col-5",  "answer-col-6",  "answer-col-7",
                                     "answer-col-8",  "answer-col-9",  "answer-col-10", "answer-col-11",
                                     "answer-col-12", "answer-col-13", "answer-col-14", "answer-col-15"};

// Cells' landmarks ("answer-cell-1-3"), for the first 8 × 8: names that live as long as the program.
const char* cell_name(int64_t r, int64_t c) {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n;
    for (int i = 0; i < 8; ++i)
      for (int j = 0; j < 8; ++j) n.push_back("answer-cell-" + std::to_string(i) + "-" + std::to_string(j));
    return n;
  }();
  return r >= 0 && r < 8 && c >= 0 && c < 8 ? names[static_cast<size_t>(r * 8 + c)].c_str() : nullptr;
}

int64_t target_value(const AnswerTarget& t) {
  switch (t.axis) {
    case AnswerTarget::Axis::Col: return t.col;
    case AnswerTarget::Axis::Cell: return cell_value(t.row, t.col);
    case AnswerTarget::Axis::Row: break;
  }
  return t.row;
}

bool has(const std::vector<int64_t>& v, int64_t x) { return std::find(v.begin(), v.end(), x) != v.end(); }

// The learner's pick, read from what they typed (a click or an arrow types it too).
std::vector<int64_t> picked(const LearnState& learn) {
  if (learn.given) return answer_values(*learn.given);
  std::vector<int64_t> out;
  long long v = 0;
  bool in = false, neg = false;
  for (char ch : learn.typed + " ") {
    if (ch >= '0' && ch <= '9') v = v * 10 + (ch - '0'), in = true;
    else if (ch == '-' && !in) neg = true;
    else {
      if (in) out.push_back(neg ? -v : v);
      v = 0, in = false, neg = false;
    }
  }
  if (quiz::answer_type(learn.question.kind) != quiz::AnswerType::CellList) return out;
  std::vector<int64_t> cells;  // "r,c; r,c": the numbers in pairs
  for (size_t k = 0; k + 1 < out.size(); k += 2) cells.push_back(cell_value(out[k], out[k + 1]));
  return cells;
}

// One target: hover / keyboard highlight while asked; ✓ / ✗ and a word once revealed.
// `badge` is where the mark goes (right of a row, under a column).
void mark(LearnState& learn, AnswerTarget t, ImVec2 badge, ImDrawList* dl, const Palette& pal, bool vertical) {
  const int index = static_cast<int>(learn.targets.size());
  learn.targets.push_back(t);
  const int64_t value = target_value(t);
  if (t.axis == AnswerTarget::Axis::Cell) {
    if (const char* name = cell_name(t.row, t.col)) landmark_rect(name, t.min, t.max);
  } else if (value >= 0 && value < 16) {
    landmark_rect((t.axis == AnswerTarget::Axis::Col ? kColNames : kRowNames)[value], t.min, t.max);
  }
  const float e = em();
  if (learn.phase == LearnPhase::Asking) {
    const ImVec2 m = ImGui::GetIO().MousePos;
    const bool hovered = ImGui::IsWindowHovered() && m.x >= t.min.x && m.x < t.max.x && m.y >= t.min.y && m.y < t.max.y;
    const bool chosen = has(picked(learn), value);
    if (hovered || index == learn.cursor || chosen) {
      const ImU32 c = chosen ? pal.accent : with_alpha(pal.accent, 0.6f);
      dl->AddRect(ImVec2(t.min.x - 2, t.min.y - 2), ImVec2(t.max.x + 2, t.max.y + 2), c, e * 0.2f, 0,
                  chosen ? 3.0f : 2.0f);
    }
    if (hovered) ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
    return;
  }
  if (learn.phase != LearnPhase::Revealed) return;
  const bool truth = has(answer_values(learn.question.answer), value);
  const bool mine = !learn.shown && has(picked(learn), value);
  if (!truth && !mine) return;
  std::vector<int64_t>& marked = truth ? learn.marked_right : learn.marked_wrong;
  if (!has(marked, value)) marked.push_back(value);  // a row may be a grid's and a chip's
  const ImU32 c = truth ? pal.ok : pal.bad;
  dl->AddRect(ImVec2(t.min.x - 2, t.min.y - 2), ImVec2(t.max.x + 2, t.max.y + 2), c, e * 0.2f, 0, 3.0f);
  // A glyph as well as colour (the panel under the canvas says it in words): ✓ the
  // answer, ✗ the learner's wrong pick.
  const char* text = truth ? "✓" : "✗";
  const ImVec2 s = text_size(fonts().bold, text);
  // A cell's mark sits in its top-right corner; a row's right of it, a column's under it.
  const ImVec2 at = t.axis == AnswerTarget::Axis::Cell ? ImVec2(t.max.x - s.x - e * 0.15f, t.min.y - s.y * 0.45f)
                    : vertical                         ? ImVec2((t.min.x + t.max.x - s.x) * 0.5f, badge.y)
                                                       : ImVec2(badge.x, (t.min.y + t.max.y - s.y) * 0.5f);
  const ImVec2 back_min(at.x - e * 0.2f, at.y - e * 0.05f), back_max(at.x + s.x + e * 0.2f, at.y + s.y + e * 0.05f);
  dl->AddRectFilled(back_min, back_max, pal.panel, e * 0.2f);
  report_mark(text, back_min, back_max);  // part of the picture: never over a text (the layout report checks)
  draw_text(dl, fonts().bold, at, c, text);
}

}  // namespace

std::vector<int64_t> answer_values(const quiz::Answer& a) {
  if (const auto* i = std::get_if<int64_t>(&a)) return {*i};
  if (const auto* l = std::get_if<IdList>(&a)) return std::vector<int64_t>(l->begin(), l->end());
  std::vector<int64_t> out;
  if (const auto* cells = std::get_if<std::vector<quiz::Cell>>(&a))
    for (const quiz::Cell& c : *cells) out.push_back(cell_value(c.row, c.col));
  return out;
}

void answer_cells(LearnState& learn, const GridLayout& g, ImDrawList* dl, const Palette& pal) {
  for (int r = g.first_row; r < g.first_row + g.shown_rows; ++r)
    for (int c = g.first_col; c < g.first_col + g.shown_cols; ++c) {
      AnswerTarget t{AnswerTarget::Axis::Cell, r, c, g.cell_min(r, c), g.cell_max(r, c)};
      mark(learn, t, t.max, dl, pal, false);
    }
}

void answer_rows(LearnState& learn, const GridLayout& g, ImDrawList* dl, const Palette& pal, bool marks_left) {
  const float badge_x = marks_left ? g.pos.x - em() * 1.3f : g.cells_max().x + em() * 0.4f;
  for (int r = g.first_row; r < g.first_row + g.shown_rows; ++r) {
    AnswerTarget t{AnswerTarget::Axis::Row, r, 0, g.row_min(r), g.row_max(r)};
    t.min.x = g.pos.x;  // the row's label too
    mark(learn, t, ImVec2(badge_x, 0.0f), dl, pal, false);
  }
}

void answer_point(LearnState& learn, int64_t row, ImVec2 at, float half, ImDrawList* dl, const Palette& pal) {
  AnswerTarget t{AnswerTarget::Axis::Row, row, 0, ImVec2(at.x - half, at.y - half), ImVec2(at.x + half, at.y + half)};
  mark(learn, t, ImVec2(0.0f, at.y - half - em() * 1.45f), dl, pal, true);  // the mark above the point
}

float answer_cols_band() { return em() * 1.35f; }

float chips_height() { return ImGui::GetFrameHeight() + em() * 0.5f; }

void answer_chips(LearnState& learn, const std::vector<int64_t>& rows, const Palette& pal) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float e = em();
  const ImVec2 start = ImGui::GetCursorScreenPos();
  const float h = ImGui::GetFrameHeight();
  float x = start.x;
  const float y = start.y + e * 0.45f;  // room above for a chip's ✓ / ✗
  ImGui::PushFont(fonts().mono);
  char label[32];
  const float room = ImGui::GetContentRegionAvail().x;
  for (int64_t r : rows) {
    std::snprintf(label, sizeof label, "row %lld", static_cast<long long>(r));
    const float w = ImGui::CalcTextSize(label).x + e * 0.8f;
    if (x + w > start.x + room) break;  // (the caller passes what fits a line)
    const ImVec2 a(x, y), b(x + w, y + h);
    dl->AddRectFilled(a, b, pal.panel, e * 0.2f);
    dl->AddRect(a, b, pal.border, e * 0.2f);
    dl->AddText(ImVec2(x + e * 0.4f, y + (h - ImGui::GetTextLineHeight()) * 0.5f), pal.text, label);
    AnswerTarget t{AnswerTarget::Axis::Row, r, 0, a, b};
    mark(learn, t, ImVec2(0.0f, y - e * 0.55f), dl, pal, true);
    x = b.x + e * 0.4f;
  }
  ImGui::PopFont();
  ImGui::Dummy(ImVec2(std::max(1.0f, x - start.x), chips_height()));
}

void answer_cols(LearnState& learn, const GridLayout& g, ImDrawList* dl, const Palette& pal) {
  for (int c = g.first_col; c < g.first_col + g.shown_cols; ++c) {
    const ImVec2 a = g.cell_min(g.first_row, c);
    const ImVec2 b = g.cell_max(g.first_row + std::max(0, g.shown_rows - 1), c);
    AnswerTarget t{AnswerTarget::Axis::Col, 0, c, ImVec2(a.x, g.pos.y), b};
    mark(learn, t, ImVec2(0.0f, b.y + em() * 0.15f), dl, pal, true);  // in the band answer_cols_band() keeps
  }
}

}  // namespace lv::app
