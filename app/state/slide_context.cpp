// slide_context.cpp — a slide's context made from the window, and its door: each request
// goes through the same functions as the editor bar's (app_edits.hpp's door), so one set of
// functions in app/state/ changes the model whoever asks.
#include "app/state/slide_context.hpp"

#include "app/state/app_edits.hpp"
#include "app/state/nearest_panel.hpp"
#include "app/state/row_tokens.hpp"
#include "app/model/model_jobs.hpp"
#include "core/text/wide_text.hpp"

namespace lv::app {

void SlideDoor::edit_cell(int64_t row, int64_t col, float value) const { edit_cell_value(*app_, row, col, value); }
void SlideDoor::add_repeat() const { edit_add_repeat(*app_); }
void SlideDoor::set_grad_mode(GradMode mode, uint64_t seed) const { edit_grad_mode(*app_, mode, seed); }
void SlideDoor::set_tie_weights(bool tie) const { edit_tie_weights(*app_, tie); }
void SlideDoor::start_backward_timing() const { lv::app::start_backward_timing(*app_); }
LearnState& SlideDoor::answers() const { return app_->learn; }
std::string SlideDoor::display(std::string_view utf8) const { return wide_to_edit(app_->ui.editor.wide, utf8); }
void SlideDoor::seek(int steps, float pos) const { timeline_seek(app_->ui.timeline, steps, pos); }
void SlideDoor::step(int steps, int dir) const {
  timeline_step(app_->ui.timeline, steps, dir, app_->ui.reduced_motion);
}
void SlideDoor::play_pause(int steps) const { timeline_play_pause(app_->ui.timeline, steps); }
void SlideDoor::table_file_rewritten() const { app_->loading.disk_changed_file = app_->inputs.file.get(); }
void SlideDoor::status(const std::string& text) const { set_status(*app_, text.c_str()); }
void SlideDoor::hover_row(int64_t row) const { hover_table_row(app_->nearest, row); }
bool SlideDoor::add_id(int64_t row) const { return add_row_as_id(*app_, row); }
std::string SlideDoor::row_token(int64_t row, int64_t rows) const { return row_token_text(*app_, row, rows); }

SlideContext slide_context(App& app, const void* key) {
  return SlideContext{.model = app,
                      .ui = app.ui,
                      .grids = app.ui.grids,
                      .learn = app.learn,
                      .time = app.time,
                      .door = SlideDoor(app),
                      .own_slot = &app.slide_states.own[key]};
}

}  // namespace lv::app
