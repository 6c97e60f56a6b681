// quiz_deck_for_tests.hpp — the deck core's tests run with: core cannot see the app's
// registry, so they give core this copy of it (which slide asks which kind, as
// app/slides/slide_NN_*.cpp declare). ui.SlideRegistry checks it equals the registry's.
#pragma once
#include <vector>

#include "core/quiz/quiz_deck.hpp"

namespace lv::quiz {

inline std::vector<DeckSlide> deck_for_tests() {
  using K = QuestionKind;
  return {
      {0, {{K::TokenCount}}},
      {1, {{K::TableNumbers}, {K::RowsRead}}},
      {2, {{K::LookupRow}, {K::EditedRowOutputs}}},
      {3, {{K::OnehotCol}, {K::OnehotOnes}}},
      {4, {{K::LookupRow, true}, {K::ZeroMadds}, {K::DoubleDMadds}}},
      {5, {{K::OutputsEqual}, {K::LookupCopies}, {K::DifferingCells}, {K::InfCells}}},
      {6, {{K::GradRows}, {K::GradValue}, {K::GradRowsRandn}}},
      {7, {{K::SpeedupEstimate}, {K::SpeedupBatch}, {K::MapNearest}}, true},
      {8, {{K::ArgmaxToken}, {K::SameTokenX}}},
      {9, {{K::RowsMoved}, {K::SparseMemory}}},
      {10, {{K::AttnTopKey}, {K::AttnRowSum}, {K::AttnHardLimit}, {K::AttnMasked}, {K::AttnGradRows}}},
  };
}

}  // namespace lv::quiz
