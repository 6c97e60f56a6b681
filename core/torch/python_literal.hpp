// python_literal.hpp — Python's repr() of a str, so code shown to the user (the code
// panel, --print) pastes back into Python as the very same text:
//   repr('say "hi"\n') == 'say "hi"\\n'      repr("it's") == "it's"
// Quotes as Python chooses them (single unless the text holds ' and no "), backslashes
// and quotes escaped, \n \r \t, and every character str.isprintable() refuses (control
// and format characters, separators other than the space, unassigned and private-use
// code points: Unicode's categories Cc Cf Cs Co Cn Zl Zp Zs) as \xhh, \uhhhh or \Uhhhhhhhh.
#pragma once
#include <string>
#include <string_view>

namespace lv {

// `text` must be well-formed UTF-8 (the tokenizer's input is checked before).
std::string python_str_repr(std::string_view text);

// A Python expression for a float32 value that, assigned into a float32 tensor, gives
// back the very same float: the shortest decimal that round-trips (0.12345679 for
// 0.123456789f, 1.0 for 1.0f, 1e+20), and float('inf'), -float('inf'), float('nan')
// for what has no literal. Python parses the decimal as a double and torch rounds that
// to float32; where that double rounding would land elsewhere, the double's own repr.
std::string python_float_repr(float value);

}  // namespace lv
