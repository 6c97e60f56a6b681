// quiz_deck.hpp — which slide asks which question (issue 37). Each slide declares its own
// (app/slides/slides.hpp SlideDef::questions); the app gives core the deck at start
// (set_quiz_deck, beside lv::set_deck_size). core/quiz knows the kinds and how to ask
// them; what a slide's number means is the registry's.
//   DeckSlide      one slide's kinds in its order, and whether its answers are measured
//   set_quiz_deck  given once at start, before any question is made
//   deck_*         the lookups state_questions, make_quiz and make_question use
#pragma once
#include <vector>

#include "core/quiz/question_kinds.hpp"

namespace lv::quiz {

// One kind a slide asks.
struct DeckQuestion {
  QuestionKind kind = QuestionKind::LookupRow;
  // Asked of the one-hot product rather than the lookup (lookup_row where the one-hot row
  // meets the table): worded so, and about the last ID when the params are not drawn.
  bool onehot_product = false;
};

struct DeckSlide {
  int slide = 0;
  std::vector<DeckQuestion> questions;  // in the order its Learn mode takes them
  // Its answers are measured on its own worker (the lookup's speedup), not read from a
  // state: state_questions and a drawn quiz leave it out.
  bool measured = false;
  // The kinds it brings with it (question_kinds.hpp KindFamily; null: it asks core's own only).
  const KindFamily* family = nullptr;
};

void set_quiz_deck(std::vector<DeckSlide> deck);
const std::vector<DeckSlide>& quiz_deck();

// The slide's entry for kind k (null: the slide does not ask it, or there is no such slide).
const DeckQuestion* deck_question(int slide, QuestionKind k);
// The first slide that asks k and is not measured (-1: none).
int deck_slide_of(QuestionKind k);
// The first slide that asks k, measured or not (-1: none).
int deck_any_slide_of(QuestionKind k);

}  // namespace lv::quiz
