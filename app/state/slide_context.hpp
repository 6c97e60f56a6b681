// slide_context.hpp — all a slide sees (issue 37): the model read-only, where the user is
// read-only, the one part of the UI it writes (the grids' scroll and the cell being edited),
// Learn mode's question, its own typed state, and a door with the few things it may ask for
// (an edit of the model, a seek, a row hovered, a line in the footer). A slide never gets
// the App: what it may touch is what this struct names.
#pragma once
#include <any>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "app/model/app_model.hpp"
#include "app/state/app_state.hpp"

namespace lv::app {

// What a slide asks of the window. Each call goes through app/state/app_edits.hpp like
// the editor bar's, so a refused state says why and the text fields follow.
class SlideDoor {
 public:
  explicit SlideDoor(App& app) : app_(&app) {}
  // ---- the model (each takes the Change through take_change)
  void edit_cell(int64_t row, int64_t col, float value) const;
  void add_repeat() const;  // the first ID again at the end (the fields follow)
  void set_grad_mode(GradMode mode, uint64_t seed) const;
  void set_tie_weights(bool tie) const;
  void start_backward_timing() const;  // slide 6's "Time both backward passes" (a model job)
  // ---- the view
  void seek(int steps, float pos) const;  // the timeline (the scrubber's jump)
  void step(int steps, int dir) const;    // one step on (+1) or back (-1), as → and ←
  void play_pause(int steps) const;       // Space
  // The open table's own file was written by the slide (slide 9's Save table as… over it):
  // its "changed on disk" prompt is not shown, the slide says what happened.
  void table_file_rewritten() const;
  void status(const std::string& text) const;  // a line in the footer for a few seconds
  void hover_row(int64_t row) const;           // a table row under the mouse: N opens "What a row means"
  bool add_id(int64_t row) const;              // a row clicked on a map: appended to the IDs (the footer says so)
  // The token row `row` of a table of `rows` rows stands for ("" when its rows are not tokens).
  std::string row_token(int64_t row, int64_t rows) const;
  // Learn mode's answer as the canvas's targets take it (a click selects, app/widgets/widget_answer_targets.hpp).
  LearnState& answers() const;
  // Text to draw with ImGui: characters beyond U+FFFF as the slots the fonts hold (core/text/wide_text.hpp).
  std::string display(std::string_view utf8) const;

 private:
  App* app_;
};

// A slide's own state, typed: made at its first use and kept with the window (keyed by
// the slide), so no other slide and no UiState field sees it.
struct SlideContext {
  const Model& model;       // inputs, derived outputs, jobs, tokenizers: read only
  const UiState& ui;        // where the user is: slide, timeline, theme, fields (read only)
  SlideGrids& grids;        // the one part of the UI a slide writes: its grids' scroll, the cell edited
  const LearnState& learn;  // Learn mode's question (hides_now reads it)
  double time;              // seconds since start
  SlideDoor door;
  std::any* own_slot;  // this slide's own state (own<T>)

  template <class T>
  T& own() const {
    if (!own_slot->has_value()) own_slot->emplace<std::shared_ptr<T>>(std::make_shared<T>());
    return *std::any_cast<std::shared_ptr<T>&>(*own_slot);
  }
  // The state if it was made, else null.
  template <class T>
  const T* find_own() const {
    const auto* p = std::any_cast<std::shared_ptr<T>>(own_slot);
    return p ? p->get() : nullptr;
  }
};

// The context of slide `key` (its SlideDef) in this window.
SlideContext slide_context(App& app, const void* key);

}  // namespace lv::app
