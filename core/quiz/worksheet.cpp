// worksheet.cpp — --export-worksheet's plan and Markdown (see the header).
#include "core/quiz/worksheet.hpp"

#include "core/quiz/quiz_json.hpp"
#include "core/text/id_parse.hpp"
#include "core/text/text_format.hpp"

namespace lv::quiz {

// Each kind's picture: the step before its reveal, looked at for each kind (issue 28,
// item 5), and shown on paper beside every other question of the sheet (issue 36, item
// 8): no picture may hold another question's answer. Slides 2, 4 and 6 write a count of
// the sheet at every step (slide 2's narration and caption: the B·D copies; slide 4's
// caption: the B·(V−1)·D multiply-adds by zero; slide 6's bill: B·D additions, the rows
// written and the zeros), so their questions are pictured on slides that set them up
// without a count: slide 1 (the IDs and the whole table) or slide 3 (the one-hot rows).
//
//   kind             picture                 what it shows
//   token_count      0 at step 0, Text mode  pieces cut, no merges, no IDs (typed IDs' hint off)
//   table_numbers    1 at step 1             the table's V × D cells; the count is not written
//   lookup_row (2)   1 at step 1             the IDs and the table (slide 2 counts the copies)
//   onehot_col       3 at step i             rows 0..i−1 drawn, row i not yet (i = 0: slide 1)
//   lookup_row (4)   3 at its last step      the one-hot rows (slide 4's caption counts the zeros)
//   zero_madds       3 at its last step      the one-hot rows
//   outputs_equal    1 at step 1             the table's values (an inf or NaN shows there)
//   lookup_copies    1 at step 1             the IDs and the table
//   differing_cells  1 at step 1             which position holds which ID
//   grad_rows        1 at step 1             the IDs (slide 6's bill counts the rows)
//   grad_value       1 at step 1; 6 at 0     the IDs (G = ones); G itself when it is randn
//                                            (slide 6 then: its bill's counts are no answer of
//                                            a sheet whose G is randn but lookup_copies' B·D)
//   argmax_token     8 at step 2 + slide 1   tok_emb and pos_emb; x and the logits still empty;
//                                            and the whole table (every row is a logit)
//   speedup_estimate 7 at step 0             (not asked by a worksheet: slide 7 times it)
//   rows_moved       9 at step k − 1         the table after the steps before k, its state strip
//                                            (the picture at k would light the rows)
//   rows_read        1 at step 1             the IDs and the table
//   edited_row_outputs 1 at step 1           the same: which positions hold ID r
//   onehot_ones      1 at step 1             the IDs and V (slide 3 draws every 1)
//   double_d_madds   1 at step 1             the table's shape (the prompt has the counts)
//   inf_cells        1 at step 1             the IDs and the table (slide 5 draws the check)
//   grad_rows_randn  1 at step 1             the IDs
//   same_token_x     8 at step 2             tok_emb and pos_emb, x not yet summed
//   sparse_memory    9 at step k − 1         as rows_moved, SparseAdam shown
//   attn_* (5 kinds) 10 at step 2            x, queries, keys, values and the scores; no
//                                            mask, weights or context yet
PictureStep picture_for(const Question& q) {
  const int64_t i = q.params.i.value_or(0);
  const int step_i = static_cast<int>(i);
  switch (q.kind) {
    case QuestionKind::TokenCount: return {0, 0, true};
    case QuestionKind::OnehotCol: return i > 0 ? PictureStep{3, step_i} : PictureStep{1, 1};
    case QuestionKind::LookupRow:
      if (q.slide == 4) return {3, -1};
      return {1, 1};
    case QuestionKind::ZeroMadds: return {3, -1};
    case QuestionKind::GradValue:
      // G = randn must be seen to be summed: slide 6 before its first scatter (the prompt says which G).
      if (q.prompt.find("G = randn") != std::string::npos) return {6, 0};
      return {1, 1};
    case QuestionKind::ArgmaxToken: return {8, 2, false, true};  // and the table: x · W[v] for every v
    case QuestionKind::SameTokenX: return {8, 2};
    case QuestionKind::SpeedupEstimate:
    case QuestionKind::SpeedupBatch:
    case QuestionKind::MapNearest: return {7, 0};
    case QuestionKind::RowsMoved:
    case QuestionKind::SparseMemory: return {9, static_cast<int>(q.params.step.value_or(1)) - 1};
    case QuestionKind::TableNumbers:
    case QuestionKind::OutputsEqual:
    case QuestionKind::LookupCopies:
    case QuestionKind::DifferingCells:
    case QuestionKind::GradRows:
    case QuestionKind::RowsRead:
    case QuestionKind::EditedRowOutputs:
    case QuestionKind::OnehotOnes:
    case QuestionKind::DoubleDMadds:
    case QuestionKind::InfCells:
    case QuestionKind::GradRowsRandn: return {1, 1};
    case QuestionKind::AttnTopKey:
    case QuestionKind::AttnRowSum:
    case QuestionKind::AttnHardLimit:
    case QuestionKind::AttnMasked:
    case QuestionKind::AttnGradRows: return {10, 2};
  }
  return {q.slide, 0};
}

std::string picture_file(const std::string& md_path, int number, int slide, std::string* link) {
  std::string stem = md_path;
  const size_t slash = stem.rfind('/');
  const size_t dot = stem.rfind('.');
  if (dot != std::string::npos && (slash == std::string::npos || dot > slash + 1)) stem.resize(dot);
  // The name part as a Markdown link can hold it (issue 39): a line break or another control
  // character ends a link's target, so each becomes '_' (the folder part stays as given).
  for (size_t k = slash == std::string::npos ? 0 : slash + 1; k < stem.size(); ++k)
    if (static_cast<unsigned char>(stem[k]) < 0x20 || stem[k] == 0x7f) stem[k] = '_';
  const std::string suffix = "-q" + std::to_string(number) + "-slide" + std::to_string(slide) + ".png";
  if (link) *link = stem.substr(slash == std::string::npos ? 0 : slash + 1) + suffix;
  return stem + suffix;
}

std::string state_words(const StateSpec& spec) {
  return "seed " + std::to_string(spec.seed) + ", IDs [" + format_ids(spec.ids) + "], a " + with_commas(spec.vocab) +
         " \u00d7 " + with_commas(spec.dim) + " table";
}

namespace {

// Text as Markdown reads it literally: its markup characters escaped, line breaks as spaces.
std::string md_text(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '\n' || c == '\r') c = ' ';
    if (std::string_view("\\`*_[]<>#|").find(c) != std::string_view::npos) out += '\\';
    out += c;
  }
  return out;
}

// A link's target: spaces, parentheses, angle brackets and any control character
// percent-encoded, so any file name links.
std::string md_link(const std::string& s) {
  static const char* const kHex = "0123456789ABCDEF";
  std::string out;
  for (char c : s) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (u <= 0x20 || u == 0x7f || c == '(' || c == ')' || c == '<' || c == '>') {
      out += '%';
      out += kHex[u >> 4];
      out += kHex[u & 15];
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace

std::string worksheet_markdown(const std::string& state, const std::vector<WorksheetItem>& items) {
  std::string out = "# Predict, then check: an embedding lookup is a matrix multiply\n\n";
  out += state.empty() ? "Each question is about its own small state, named with it.\n"
                       : "Every question is about one state: " + md_text(state) + ".\n";
  out += "Look at the picture (the slide just before it shows the answer), write what you predict, then check it "
         "in lookupviz on that slide. The answers are at the end.\n";
  for (size_t k = 0; k < items.size(); ++k) {
    const WorksheetItem& it = items[k];
    const std::string n = std::to_string(k + 1);
    out += "\n---\n\n## Question " + n + " \u00b7 slide " + std::to_string(it.question.slide) + ", " +
           md_text(it.slide_title) + "\n\n";
    out += "![Question " + n + ": the slide before the reveal](" + md_link(it.picture) + ")\n\n";
    if (!it.table_picture.empty())
      out += "![Question " + n + ": the whole table](" + md_link(it.table_picture) + ")\n\n";
    if (!it.state.empty()) out += "State: " + md_text(it.state) + ".\n\n";
    out += "**" + n + ". " + md_text(it.question.prompt) + "**\n\n";
    out += "Your answer: ________________________________\n";
  }
  out += "\n---\n\n## Answer key\n\n";
  for (size_t k = 0; k < items.size(); ++k) {
    const Question& q = items[k].question;
    out += std::to_string(k + 1) + ". `" + answer_text(q.answer) + "` \u2014 " + md_text(q.why) + "\n";
  }
  return out;
}

}  // namespace lv::quiz
