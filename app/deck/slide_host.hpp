// slide_host.hpp — the deck holds the slides: it makes each slide's context from the
// window (app/state/slide_context.hpp) and calls the registry's hooks (app/slides/slides.hpp)
// for the frame, the idle loop and the command line, never a slide by name.
#pragma once
#include <cstdint>
#include <span>
#include <string>

#include "app/slides/slides.hpp"

namespace lv::app {

// Slide `s`'s context in this window.
SlideContext context_of(App& app, const SlideDef& s);
// The context of a const window: for hooks that only read (steps, caption, code, ready …);
// its door must not be used.
SlideContext context_of(const App& app, const SlideDef& s);
// The slide shown now (its number is its index in the registry).
const SlideDef& shown_slide(const App& app);

// Once a frame, before drawing: every slide's update, `shown` for the one on screen.
// (Each takes the table: slide_table(), or a test's own slides.)
void slides_frame(App& app, std::span<const SlideDef> table);
inline void slides_frame(App& app) { slides_frame(app, slide_table()); }
// The most any slide's work asks of the loop (Idle: it may sleep).
SlideActivity slides_activity(const App& app, std::span<const SlideDef> table);
inline SlideActivity slides_activity(const App& app) { return slides_activity(app, slide_table()); }
// Every slide's work a picture shows is done (and the model's whole-table work).
bool slides_ready(const App& app, std::span<const SlideDef> table);
inline bool slides_ready(const App& app) { return slides_ready(app, slide_table()); }
// The table's file changed on disk: every slide is told.
void slides_file_changed(App& app);
// The shown slide's own fit inputs (SlideDef::fit_depends; 0 when it has none).
uint64_t slide_fit_depends(const App& app);
// The slides' own controls for the session (SlideDef::save_values …): written, taken back
// (each slide reads the names it knows), and a hash of them all (no allocation: every frame).
void save_slide_values(const App& app, std::vector<SettingsSlideValue>& out);
void restore_slide_values(App& app, const std::vector<SettingsSlideValue>& in);
uint64_t slide_values_key(const App& app);
// --slide-value's values, taken back as a session's are: "" when every one was taken (a slide
// saves it back with that value, or the same number), else the line that says which was not
// and what the slides' values are now.
std::string slide_values_error(const App& app, const std::vector<SettingsSlideValue>& given);
// The shown slide's Hidden while Learn mode asks its question.
inline Hidden hidden_now(const App& app) { return hidden_now(app.ui, app.learn); }
inline bool hides_now(const App& app, unsigned what) { return (hidden_now(app).what & what) != 0; }

}  // namespace lv::app
