// narrative_lines.hpp — lines the slides' narratives share: the step they speak of and
// the "Now: …" line about its ID, in that ID's colour.
#pragma once
#include <imgui.h>

#include "app/app_state.hpp"

namespace lv::app {

// The step a narrative speaks of: the one shown, the first before any (of `steps`).
int narrative_step(const App& app, int steps);

// A wrapped narrative line (printf-style) in the colour of ID `cur`'s chip.
void id_line(const App& app, int cur, const char* fmt, ...) IM_FMTARGS(3);

// What a repeated ID does (slides 2 and 6): with one in the batch, the wrapped sentence
// `repeated` (its %lld: the repeated ID); with none, what repeats do never shows — a
// button ("add-repeat") adds the first ID again at the end.
void repeat_line(App& app, const char* repeated);

}  // namespace lv::app
