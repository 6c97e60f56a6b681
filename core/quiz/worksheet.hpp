// worksheet.hpp — --export-worksheet FILE.md (issue 28, item 5): questions for a class as
// a Markdown worksheet, each with its slide's picture before the reveal, a line to answer
// on, and an answer key at the end. The questions and answers are state_questions' or
// make_quiz's (question_kinds.hpp); the answers are written as --quiz-json writes them
// (answer_text). No ImGui, no GL: the app renders the pictures this plans.
//
//   PictureStep         which slide and step a question's picture shows (the slide that
//                       asks it declares it: app/slides/slides.hpp SlideQuestion::picture)
//   picture_file        FILE.md's picture names: FILE-q1-slide2.png beside it
//   worksheet_markdown  the Markdown text
#pragma once
#include <string>
#include <vector>

#include "core/quiz/question_kinds.hpp"
#include "core/quiz/quiz_draw.hpp"

namespace lv::quiz {

// The questions a worksheet holds by default: all of the state's; drawn (--quiz-seed), the quiz's 5.
inline constexpr int kWorksheetQuizCount = 5;

// What a question's picture shows: a slide frozen at a step as the transport counts it
// (0: before the first; -1: the last), in Text mode with the question's text for
// token_count. Chosen so that the picture sets the question up and does not answer it.
struct PictureStep {
  int slide = 1;
  int step = 0;
  bool text_mode = false;   // slide 0 shows params.text typed in Text mode (no typed-IDs hint)
  bool with_table = false;  // and a second picture, the whole table (slide 1 at step 1): the
                            // head's logits need every row, slide 8 shows only the IDs' rows
};

// The picture of question `number` (1-based) for a worksheet at md_path: beside it, named
// after it ("out/sheet.md" → "out/sheet-q1-slide2.png"). *link: the name relative to
// md_path's folder, as the Markdown links it. Control characters in the name part (a line
// break in FILE) become '_' in both, so the link never breaks.
std::string picture_file(const std::string& md_path, int number, int slide, std::string* link);

// One question of the worksheet and what goes with it.
struct WorksheetItem {
  Question question;
  std::string slide_title;  // "The lookup"
  std::string state;    // its own state (--quiz-seed): "seed 482, IDs [1, 3, 3], a 5 × 2 table"; "" shares the sheet's
  std::string picture;  // the picture's link (picture_file's *link)
  std::string table_picture;  // with_table: the table's picture's link ("" none)
};

// "seed 482, IDs [1, 3, 3], a 5 × 2 table" — a drawn state, as --seed/--ids/--vocab/--dim say it.
std::string state_words(const StateSpec& spec);

// The worksheet: a title, `state` (the sheet's state, or "" when each question has its
// own), the numbered questions with their pictures and a line to answer on, then the
// answer key (answer_text and the one-line why). The same items give the same bytes.
std::string worksheet_markdown(const std::string& state, const std::vector<WorksheetItem>& items);

}  // namespace lv::quiz
