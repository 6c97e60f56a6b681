// narrative_lines.hpp — lines the slides' narratives share: the step they speak of and
// the "Now: …" line about its ID, in that ID's colour.
#pragma once
#include <imgui.h>

#include <cstdarg>

#include "app/state/slide_context.hpp"

namespace lv::app {

// The step a narrative speaks of: the one shown, the first before any (of `steps`).
int narrative_step(const SlideContext& cx, int steps);

// A wrapped narrative line (printf-style) in the colour of ID `cur`'s chip.
void id_line(const SlideContext& cx, int cur, const char* fmt, ...) IM_FMTARGS(3);

// What a repeated ID does (slides 2 and 6): with one in the batch, the wrapped sentence
// `repeated` (its %lld: the repeated ID); with none, what repeats do never shows — a
// button ("add-repeat") adds the first ID again at the end.
void repeat_line(const SlideContext& cx, const char* repeated);

// Lines of `text` (edited in place: the spaces where a line breaks become '\n') no wider
// than `width`, broken at spaces only: ImGui 1.86 also breaks after '.', ',', ';', '!',
// '?' and '"' inside a word, which split "50,⏎257", "0.⏎1" and "embedding.weight.⏎grad".
// A word wider than `width` keeps its line whole (the layout report sees it). Returns text.
// `font` (at its own size) measures instead of the current font (a canvas drawing with ImDrawList).
char* wrap_at_spaces(char* text, float width, const ImFont* font = nullptr);

// ImGui::TextWrapped, with lines broken at spaces only (wrap_at_spaces), up to 1,023 bytes.
void para(const char* fmt, ...) IM_FMTARGS(1);
void para_v(const char* fmt, va_list args) IM_FMTLIST(1);
// para in ImGui's disabled-text colour (as ImGui::TextDisabled).
void para_muted(const char* fmt, ...) IM_FMTARGS(1);

}  // namespace lv::app
