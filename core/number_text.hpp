// number_text.hpp — a number that must fit a small space (a heat-map cell, a legend, a
// status line): fixed decimals while they fit, scientific notation when they would not.
// 1e38 in a cell reads "1.0e+38", never "99999996802856924650656…" spilling over its
// neighbours.
#pragma once
#include <cstddef>

namespace lv {

// Writes v into buf (n bytes): "%.{decimals}f" when that is at most max_chars long,
// else "%.{p}e" with the most digits p (2, 1, 0) that fit; "nan", "inf", "-inf" as is.
// plus: a leading '+' on positive numbers (legends: "-1.25 … +1.25").
void fit_number(char* buf, size_t n, double v, int decimals, int max_chars, bool plus = false);

}  // namespace lv
