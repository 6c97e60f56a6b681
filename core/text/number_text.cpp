// number_text.cpp — fit_number: try fixed, then shorter and shorter scientific forms.
#include "core/text/number_text.hpp"

#include <cmath>
#include <cstdio>

namespace lv {

void fit_number(char* buf, size_t n, double v, int decimals, int max_chars, bool plus) {
  if (n == 0) return;
  if (std::isnan(v)) {
    std::snprintf(buf, n, "nan");
    return;
  }
  if (std::isinf(v)) {
    std::snprintf(buf, n, v > 0 ? (plus ? "+inf" : "inf") : "-inf");
    return;
  }
  const char* fixed = plus ? "%+.*f" : "%.*f";
  const char* sci = plus ? "%+.*e" : "%.*e";
  int len = std::snprintf(buf, n, fixed, decimals, v);
  if (len >= 0 && len <= max_chars && static_cast<size_t>(len) < n) return;
  for (int p = 2; p >= 0; --p) {
    len = std::snprintf(buf, n, sci, p, v);
    if (len >= 0 && len <= max_chars && static_cast<size_t>(len) < n) return;
  }
  // Nothing fits max_chars: the shortest form, cut to the buffer by snprintf.
}

int cell_decimals(double max_abs) {
  if (!(max_abs > 0.0) || !std::isfinite(max_abs) || max_abs >= 1.0) return 2;
  if (max_abs >= 0.1) return 3;
  if (max_abs >= 0.01) return 4;
  return -1;
}

}  // namespace lv
