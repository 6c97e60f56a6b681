// quiz_deck_for_tests.hpp — the deck core's tests run with: core cannot see the app's
// registry, so they give core this copy of it (which slide asks which kind, and the kinds a
// slide brings, as app/slides/slide_NN_*.cpp declare), and the command-line flags the slides
// bring (cli_families_for_tests). ui.SlideRegistry checks both equal the registry's.
#pragma once
#include <vector>

#include "core/quiz/attention_questions.hpp"
#include "core/quiz/quiz_deck.hpp"
#include "core/settings/cli_options.hpp"
#include "core/torch/attention_cli.hpp"

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
      {10, {{kAttnTopKey}, {kAttnRowSum}, {kAttnHardLimit}, {kAttnMasked}, {kAttnGradRows}}, false, &kAttentionKinds},
  };
}

inline std::vector<const CliFamily*> cli_families_for_tests() { return {&kAttentionCli}; }

}  // namespace lv::quiz
