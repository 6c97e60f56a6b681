// quiz_json.hpp — --quiz-json: this state's questions as one JSON object,
//   {"questions": [{"slide": 2, "kind": "lookup_row", "params": {"i": 1},
//                   "prompt": "…", "answer": 3, "why": "…"}, …]}
// from the same functions the reveal draws from (core/quiz/question_kinds.hpp).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "core/settings/cli_options.hpp"
#include "core/quiz/question_kinds.hpp"

namespace lv::quiz {

// An answer as --quiz-json writes it: 3, true, 1.0, [1, 2, 3], [[0, 1], [2, 1]] (the
// worksheet's answer key writes the same text).
void put_answer(std::string& out, const Answer& a);
std::string answer_text(const Answer& a);

// The questions as JSON text (UTF-8 as given, strings escaped per RFC 8259), ending "\n".
std::string questions_json(const std::vector<Question>& questions);

// The command line's state as a quiz model: the seeded table (or `file`, borrowed), the
// IDs, slide 0's text (--text's, else the IDs' GPT-2 text when every ID is a GPT-2
// token, else none: slide 0 asks only about a text it shows). tokenizer may be null: then
// slide 0 asks nothing.
QuizModel cli_model(const CliOptions& o, std::shared_ptr<const TableFile> file, const Tokenizer* tokenizer);

// --quiz-json's whole output for the command line's state (params from --quiz-seed).
std::string quiz_json_text(const CliOptions& o, std::shared_ptr<const TableFile> file, const Tokenizer* tokenizer);

}  // namespace lv::quiz
