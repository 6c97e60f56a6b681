// same_numbers_state.hpp — slide 5's ("Same numbers") own state, kept with the slide
// (SlideContext::own), not in UiState.
#pragma once
#include <cstdint>

#include "app/state/slide_context.hpp"

namespace lv::app {

// Why the two outputs differ, counted once per model (generation).
struct DiffReasons {
  uint64_t generation = 0;
  int poisoned = 0;  // the lookup copied a number, the matmul got nan (0 × inf or 0 × nan from another row)
  int nan_both = 0;  // both nan: the same nan, but nan ≠ nan
  int other = 0;     // anything else (inf − inf in the picked row …)
};

struct SameNumbersState {
  DiffReasons diff_reasons;    // counted for the model's generation
  int bill_scale_pos = 0;      // the bill's scale slider: 0 this table's shape, 1000 GPT-2's
  uint64_t diff_followed = 0;  // the model generation whose differing cells were scrolled to
};

// Slide 5's state (made at first use).
SameNumbersState& same_numbers_state(const SlideContext& cx);

}  // namespace lv::app
