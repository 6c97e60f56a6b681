// backward_timing.cpp — see the header. The dense pass is the one-hot matmul kernel of
// slide 7 (core/kernels/kernels.hpp) on a band of onehotᵀ: (rows × B) · (B × D).
#include "core/torch/backward_timing.hpp"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <vector>

#include "core/kernels/kernels.hpp"

namespace lv {

namespace {

using Clock = std::chrono::steady_clock;
double ms_since(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n == 0 ? 0.0 : n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

bool cancelled(const BackwardTimingControl& c) { return c.cancel && c.cancel->load(std::memory_order_relaxed); }

}  // namespace

BackwardTiming time_backward(const int64_t* ids, int64_t batch, const float* grad_out, int64_t vocab, int64_t dim,
                             const BackwardTimingControl& control) {
  BackwardTiming t;
  if (batch <= 0 || vocab <= 0 || dim <= 0) return t;
  const size_t B = static_cast<size_t>(batch), D = static_cast<size_t>(dim);

  // 1. The lookup's backward: the distinct IDs' rows, each the sum of G's rows that
  //    looked it up, in batch order (slot[i]: the row of the result ID i adds into).
  std::vector<int64_t> distinct(ids, ids + batch);
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  std::vector<size_t> slot(B);
  for (size_t i = 0; i < B; ++i)
    slot[i] = static_cast<size_t>(std::lower_bound(distinct.begin(), distinct.end(), ids[i]) - distinct.begin());
  std::vector<float> rows(distinct.size() * D);
  auto lookup_backward = [&] {
    std::fill(rows.begin(), rows.end(), 0.0f);
    for (size_t i = 0; i < B; ++i) {
      float* dst = rows.data() + slot[i] * D;
      const float* src = grad_out + i * D;
      for (size_t j = 0; j < D; ++j) dst[j] += src[j];
    }
  };
  // A sample is `inner` backwards taking >= 0.2 ms; the median of up to 25 samples.
  int64_t inner = 1;
  for (;;) {
    const auto t0 = Clock::now();
    for (int64_t k = 0; k < inner; ++k) lookup_backward();
    if (ms_since(t0) >= 0.2 || inner >= (int64_t{1} << 20)) break;
    inner *= 2;
  }
  std::vector<double> samples;
  const auto start = Clock::now();
  while (samples.size() < 25 && (samples.size() < 5 || ms_since(start) < 100.0)) {
    const auto t0 = Clock::now();
    for (int64_t k = 0; k < inner; ++k) lookup_backward();
    samples.push_back(ms_since(t0) / static_cast<double>(inner));
  }
  t.lookup_ms = median(samples);
  t.lookup_repeats = static_cast<int>(samples.size());
  if (control.progress) control.progress->store(0.05f, std::memory_order_relaxed);

  // 2. The one-hot path: grad = onehotᵀ · G, V × D, in bands of rows of ~4 MB each
  //    (band rows × B of onehotᵀ, zeros but for the IDs in the band, set and cleared).
  const int64_t band = std::clamp<int64_t>((int64_t{1} << 20) / dim, 1, vocab);
  std::vector<float> onehot_t(static_cast<size_t>(band) * B, 0.0f), grad(static_cast<size_t>(band) * D);
  auto mark = [&](int64_t v0, int64_t n, float one) {
    for (size_t i = 0; i < B; ++i)
      if (ids[i] >= v0 && ids[i] < v0 + n) onehot_t[static_cast<size_t>(ids[i] - v0) * B + i] = one;
  };
  bool same = true;
  auto onehot_backward = [&](int rep, int reps) -> bool {  // false: cancelled
    for (int64_t v0 = 0; v0 < vocab; v0 += band) {
      if (cancelled(control)) return false;
      const int64_t n = std::min(band, vocab - v0);
      mark(v0, n, 1.0f);
      onehot_matmul_dense(grad.data(), onehot_t.data(), grad_out, n, batch, dim);
      mark(v0, n, 0.0f);
      if (rep == 0) {  // the same numbers as the lookup's rows? (checked in the warm-up pass, not timed)
        for (auto it = std::lower_bound(distinct.begin(), distinct.end(), v0); it != distinct.end() && *it < v0 + n;
             ++it)
          same &= std::memcmp(grad.data() + static_cast<size_t>(*it - v0) * D,
                              rows.data() + static_cast<size_t>(it - distinct.begin()) * D, D * sizeof(float)) == 0;
      }
      if (control.progress)
        control.progress->store(0.05f + 0.95f * (static_cast<float>(rep) + static_cast<float>(v0 + n) / vocab) / reps,
                                std::memory_order_relaxed);
    }
    return true;
  };
  constexpr int kReps = 4;  // the first checks the numbers and warms the caches: not counted
  samples.clear();
  double spent = 0.0;
  for (int rep = 0; rep < kReps; ++rep) {
    const auto t0 = Clock::now();
    if (!onehot_backward(rep, kReps)) return t;
    const double took = ms_since(t0);
    spent += took;
    if (rep > 0) samples.push_back(took);
    if (rep > 0 && spent + took > control.budget_ms) break;
  }
  if (samples.empty()) samples.push_back(spent);  // one pass was all the budget allowed
  t.onehot_ms = median(samples);
  t.onehot_repeats = static_cast<int>(samples.size());
  t.same = same;
  t.done = true;
  if (control.progress) control.progress->store(1.0f, std::memory_order_relaxed);
  return t;
}

}  // namespace lv
