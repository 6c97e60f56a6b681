// backward_timing.hpp — both backward passes of one state, timed on the calling thread
// (slide 6, on a worker): the lookup's, G's B rows added into the rows of the IDs (what
// torch holds for nn.Embedding(..., sparse=True)), and the one-hot path's onehotᵀ · G,
// a dense (V × B) · (B × D) product writing all V × D values. The dense gradient is
// made band by band into one reused buffer of a few MB: timed whole, never held whole.
#pragma once
#include <atomic>
#include <cstdint>

namespace lv {

struct BackwardTiming {
  bool done = false;       // false: cancelled (or not run)
  double lookup_ms = 0.0;  // median per backward, the lookup's rows
  double onehot_ms = 0.0;  // median per backward, the one-hot product (every band)
  int lookup_repeats = 0, onehot_repeats = 0;
  bool same = false;  // the dense gradient's rows of the IDs equal the lookup's, bit for bit
};

struct BackwardTimingControl {
  const std::atomic<bool>* cancel = nullptr;  // checked between bands
  std::atomic<float>* progress = nullptr;     // 0..1
  double budget_ms = 1500.0;                  // the dense pass repeats (up to 3) while within this
};

// ids: B row indices in [0, V); grad_out: B × D row-major (G).
BackwardTiming time_backward(const int64_t* ids, int64_t batch, const float* grad_out, int64_t vocab, int64_t dim,
                             const BackwardTimingControl& control = {});

}  // namespace lv
