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

// The decimals a matrix cell shows when the numbers it holds reach `max_abs` in magnitude.
// torch's print picks one format per tensor from the magnitudes it prints (precision 4,
// scientific below 1e-4); a cell has room for about five characters, so: 2 decimals from
// 1 up (and for 0, nothing known), 3 below 1, 4 below 0.1 — a value of the largest
// magnitude keeps two significant digits — and below 0.01, -1: scientific ("%.1e").
// A table of small values (0.0123, -0.0071, …) then reads 0.0123, -0.0071, not 0.00.
int cell_decimals(double max_abs);

}  // namespace lv
