// logits_argmax.hpp — slide 8's output head, one logit and its argmax, in one place:
// the window's logits pass (app/model/model_jobs.cpp), the cells it draws and the quiz's
// argmax_token (core/quiz/) all read these, so they pick the same token.
#pragma once
#include <cmath>
#include <cstdint>

#include "core/io/table_view.hpp"

namespace lv {

// One logit x · w over d values, summed in double and rounded to float (d floats each).
inline float head_logit(const float* x, const float* w, int64_t d) {
  double acc = 0.0;
  for (int64_t k = 0; k < d; ++k) acc += static_cast<double>(x[k]) * w[k];
  return static_cast<float>(acc);
}

// torch.argmax's running choice over logits seen in order j = 0, 1, …: the first
// maximum wins ties (the lowest index), and a NaN counts as the maximum (the first one).
struct ArgmaxFold {
  float best = 0.0f;
  int64_t id = 0;
  bool settled = false;  // a NaN maximum: nothing beats it
  void add(int64_t j, float z) {
    if (j == 0) {
      best = z;
      id = 0;
      settled = std::isnan(z);
    } else if (!settled && (std::isnan(z) || z > best)) {
      best = z;
      id = j;
      settled = std::isnan(z);
    }
  }
};

// The tied head's pick for one position: argmax over v of x · W[v] (W the table, V x D;
// x: D floats). O(V · D), one row of the table read at a time.
int64_t tied_head_argmax(const TableView& table, const float* x);

}  // namespace lv
