// unused_rows.cpp — Land & Bartolo's indicator for tied tables (see the header).
#include "core/nearest/unused_rows.hpp"

#include <algorithm>
#include <cmath>

#include "core/io/gguf_file.hpp"
#include "core/io/sigbus_guard.hpp"

namespace lv {
namespace {

constexpr int64_t kBlockRows = 1024;

// Calls f(first, n, rows) for each block of the table, edits applied; false when cancelled.
template <class F>
bool each_block(const TableView& t, const NearestControl& control, int pass, int passes, F&& f) {
  const int64_t v = t.rows(), d = t.cols();
  std::vector<float> buf(static_cast<size_t>(std::min(v, kBlockRows) * d));
  for (int64_t first = 0; first < v; first += kBlockRows) {
    if (control.cancel && control.cancel->load(std::memory_order_relaxed)) return false;
    const int64_t n = std::min(kBlockRows, v - first);
    t.read_range(first, n, buf.data());
    const EditMap& e = t.edits();
    for (auto it = e.lower_bound(first * d); it != e.end() && it->first < (first + n) * d; ++it)
      buf[static_cast<size_t>(it->first - first * d)] = it->second;
    f(first, n, buf.data());
    if (control.fraction)
      control.fraction->store((static_cast<float>(pass) + static_cast<float>(first + n) / static_cast<float>(v)) /
                                  static_cast<float>(passes),
                              std::memory_order_relaxed);
  }
  return true;
}

double dot(const float* a, const double* b, int64_t d) {
  double s = 0;
  for (int64_t c = 0; c < d; ++c) s += static_cast<double>(a[c]) * b[c];
  return s;
}

}  // namespace

std::vector<int64_t> gguf_unused_rows(const TableFile& f) {
  std::vector<int64_t> rows;
  if (!f.gguf || !f.base || f.data_offset == 0) return rows;
  // The header parse checks the tensors against the bytes after it: the whole mapping.
  const uint64_t size = f.disk.size > 0 ? static_cast<uint64_t>(f.disk.size) : f.data_offset + f.stored_bytes();
  const GgufParse p = parse_gguf_header(f.base - f.data_offset, static_cast<size_t>(size), f.path, kGgufStringsInFile);
  if (!p.ok) return rows;
  const auto types = p.header.get_numbers("tokenizer.ggml.token_type");
  if (!types) return rows;
  for (size_t i = 0; i < types->size() && static_cast<int64_t>(i) < f.rows; ++i)
    if ((*types)[i] == 5.0) rows.push_back(static_cast<int64_t>(i));
  return rows;
}

UnusedIndicator unused_row_indicator(const TableView& t, const std::vector<int64_t>& unused, int64_t k,
                                     const NearestControl& control) {
  UnusedIndicator out;
  const int64_t v = t.rows(), d = t.cols();
  std::vector<int64_t> marked;
  for (int64_t r : unused)
    if (r >= 0 && r < v) marked.push_back(r);
  if (marked.empty()) {
    out.error = "No row is marked unused: mark one (or open a GGUF whose tokenizer marks them).";
    return out;
  }
  const int passes = kPowerIterations + 2;
  // The mean row, and the unused rows' mean.
  std::vector<double> mean(static_cast<size_t>(d), 0.0), m(static_cast<size_t>(d), 0.0);
  std::vector<float> row(static_cast<size_t>(d));
  for (int64_t r : marked) {
    t.read_row(r, row.data());
    for (int64_t c = 0; c < d; ++c) m[c] += row[c] / static_cast<double>(marked.size());
  }
  if (!each_block(t, control, 0, passes, [&](int64_t, int64_t n, const float* x) {
        for (int64_t i = 0; i < n; ++i)
          for (int64_t c = 0; c < d; ++c) mean[c] += x[i * d + c];
      })) {
    out.cancelled = true;
    return out;
  }
  for (double& x : mean) x /= static_cast<double>(v);
  // The first principal component: power iteration on the centred rows, from a fixed start.
  std::vector<double> u(static_cast<size_t>(d)), next(static_cast<size_t>(d));
  for (int64_t c = 0; c < d; ++c) u[c] = 1.0 / std::sqrt(static_cast<double>(d)) * (c % 2 ? 1.0 : -1.0);
  for (int it = 0; it < kPowerIterations; ++it) {
    std::fill(next.begin(), next.end(), 0.0);
    const double mu = [&] {
      double s = 0;
      for (int64_t c = 0; c < d; ++c) s += mean[c] * u[c];
      return s;
    }();
    if (!each_block(t, control, 1 + it, passes, [&](int64_t, int64_t n, const float* x) {
          for (int64_t i = 0; i < n; ++i) {
            const double a = dot(x + i * d, u.data(), d) - mu;  // (x − mean)·u
            for (int64_t c = 0; c < d; ++c) next[c] += a * (x[i * d + c] - mean[c]);
          }
        })) {
      out.cancelled = true;
      return out;
    }
    double norm = 0;
    for (double x : next) norm += x * x;
    norm = std::sqrt(norm);
    if (!(norm > 0)) break;  // every row the same: no component to remove
    for (int64_t c = 0; c < d; ++c) u[c] = next[c] / norm;
  }
  // m without its component along u.
  double mu = 0, mm = 0;
  for (int64_t c = 0; c < d; ++c) mu += m[c] * u[c];
  for (int64_t c = 0; c < d; ++c) m[c] -= mu * u[c], mm += m[c] * m[c];
  const double m_norm = std::sqrt(mm);
  // score = (x·m') / (|x − (x·u)u| |m'|), with m' ⟂ u: |x − (x·u)u|² = |x|² − (x·u)².
  std::vector<Neighbour> scored;
  scored.reserve(static_cast<size_t>(v));
  if (!each_block(t, control, passes - 1, passes, [&](int64_t first, int64_t n, const float* x) {
        for (int64_t i = 0; i < n; ++i) {
          const float* r = x + i * d;
          double xx = 0;
          for (int64_t c = 0; c < d; ++c) xx += static_cast<double>(r[c]) * r[c];
          const double xu = dot(r, u.data(), d), xm = dot(r, m.data(), d);
          const double s = xm / std::max(std::sqrt(std::max(0.0, xx - xu * xu)) * m_norm, 1e-8);
          if (std::isfinite(s)) scored.push_back({first + i, s});
        }
      })) {
    out.cancelled = true;
    return out;
  }
  const size_t kk = std::min(scored.size(), static_cast<size_t>(std::max<int64_t>(0, k)));
  std::partial_sort(
      scored.begin(), scored.begin() + static_cast<std::ptrdiff_t>(kk), scored.end(),
      [](const Neighbour& a, const Neighbour& b) { return a.score != b.score ? a.score > b.score : a.row < b.row; });
  scored.resize(kk);
  out.rows = std::move(scored);
  out.pc1.assign(u.begin(), u.end());
  out.ok = true;
  return out;
}

}  // namespace lv
