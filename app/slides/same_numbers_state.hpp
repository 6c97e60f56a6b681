// same_numbers_state.hpp — slide 5's ("Same numbers") own state, kept with the slide
// (app/slides/slides.hpp slide_state), not in UiState.
#pragma once
#include <cstdint>

namespace lv::app {

struct App;

struct SameNumbersState {
  int bill_scale_pos = 0;      // the bill's scale slider: 0 this table's shape, 1000 GPT-2's
  uint64_t diff_followed = 0;  // the model generation whose differing cells were scrolled to
};

// Slide 5's state (made at first use).
SameNumbersState& same_numbers_state(App& app);

}  // namespace lv::app
