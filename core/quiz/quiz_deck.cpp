// quiz_deck.cpp — the deck the app gave (see the header).
#include "core/quiz/quiz_deck.hpp"

#include <utility>

namespace lv::quiz {

namespace {
// Given once at start, before any thread asks; read-only after.
std::vector<DeckSlide>& deck() {
  static std::vector<DeckSlide> d;
  return d;
}

int first_slide_of(QuestionKind k, bool measured_too) {
  for (const DeckSlide& s : deck()) {
    if (s.measured && !measured_too) continue;
    for (const DeckQuestion& q : s.questions)
      if (q.kind == k) return s.slide;
  }
  return -1;
}
}  // namespace

void set_quiz_deck(std::vector<DeckSlide> d) { deck() = std::move(d); }
const std::vector<DeckSlide>& quiz_deck() { return deck(); }

const DeckQuestion* deck_question(int slide, QuestionKind k) {
  for (const DeckSlide& s : deck()) {
    if (s.slide != slide) continue;
    for (const DeckQuestion& q : s.questions)
      if (q.kind == k) return &q;
  }
  return nullptr;
}

int deck_slide_of(QuestionKind k) { return first_slide_of(k, false); }
int deck_any_slide_of(QuestionKind k) { return first_slide_of(k, true); }

}  // namespace lv::quiz
