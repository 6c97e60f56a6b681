// widget_code_panel.hpp — Python shown with colours (keywords, strings, numbers,
// comments, calls), and torch's printed output in the code font. (To select and copy,
// the panels swap this for a read-only text field and offer a Copy button: app_ui.cpp.)
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "app/ui_base/ui_theme.hpp"

namespace lv::app {

// Notes the screen adds to the output panel's REPL lines: {expression, note} draws
// ">>> expression" as ">>> expression   # note". Only drawn: the output (copied, checked
// against torch) stays what PyTorch prints.
using OutputNotes = std::vector<std::pair<std::string, std::string>>;

// Draws `code` with simple Python highlighting, wrapped in the current child window.
void draw_python(const std::string& code, const Palette& pal, Theme theme);
// Draws REPL output: ">>> " lines in the code colours (with their notes), the rest plain.
void draw_output(const std::string& output, const Palette& pal, Theme theme, const OutputNotes* notes = nullptr);

}  // namespace lv::app
