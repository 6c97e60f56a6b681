// quiz_draw.hpp — a quiz from fresh random states (issue 28, item 3): from one quiz
// seed, small models (seed, IDs with repeats, V, D) and questions across the slides,
// the same for the same seed on every machine (QuizRng, no <random> distributions).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/quiz/question_kinds.hpp"

namespace lv::quiz {

// A small state's recipe: what --seed, --ids, --vocab and --dim would say.
struct StateSpec {
  uint64_t seed = 123;
  IdList ids;         // 3..6 IDs, at least one of them twice
  int64_t vocab = 4;  // 4..12, > every ID
  int64_t dim = 3;    // 2..6
  std::string text;   // slide 0's text: one of a few short sentences
};
inline constexpr int64_t kQuizMaxVocab = 12, kQuizMaxDim = 6, kQuizMaxIds = 6;

// The index-th fresh state of quiz `quiz_seed` (each question gets its own).
StateSpec random_state(uint64_t quiz_seed, int index);
// Its model (the table drawn from spec.seed), with tokenizer for slide 0 (may be null).
QuizModel build_model(const StateSpec& spec, const Tokenizer* tokenizer);

struct QuizItem {
  StateSpec spec;
  Question question;
};

// `count` questions (1..8), each from a fresh state, on different slides while slides
// last (0–6, 8 and 9; slide 0 only with a tokenizer, slide 7 is timed, not drawn). Kinds in
// ask_first (what the learner missed before) come first, in their order.
std::vector<QuizItem> make_quiz(uint64_t quiz_seed, int count, const Tokenizer* tokenizer,
                                const std::vector<QuestionKind>& ask_first = {});

// "Try another": the same kind on the same slide, about a fresh state (attempt 1, 2, …).
QuizItem another_like(const QuizItem& item, uint64_t quiz_seed, int attempt, const Tokenizer* tokenizer);

}  // namespace lv::quiz
