// table_view.cpp — reading the model's table where it lies (see the header).
#include "core/io/table_view.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace lv {

TableView::TableView(std::shared_ptr<const Matrix> seeded, std::shared_ptr<const TableFile> file, TableDtype dtype,
                     std::shared_ptr<const EditMap> edits)
    : file_(std::move(file)), dtype_(dtype) {
  if (edits) edits_ = std::move(edits);
  if (file_) {
    rows_ = file_->rows;
    cols_ = file_->cols;
  } else if (seeded) {
    rows_ = seeded->rows();
    cols_ = seeded->cols();
    seeded_ = seeded->data();
    seeded_owner_ = std::move(seeded);
  }
}

TableView TableView::of_floats(std::shared_ptr<const float> values, int64_t rows, int64_t cols) {
  TableView t;
  if (!values || rows <= 0 || cols <= 0) return t;
  t.seeded_ = values.get();
  t.seeded_owner_ = std::move(values);
  t.rows_ = rows, t.cols_ = cols;
  return t;
}

const float* TableView::base_row(int64_t r) const {
  if (cache_rows_.empty()) {
    // 8..64 rows, at most 1M values (4 MB) in all.
    const size_t slots =
        static_cast<size_t>(std::clamp<int64_t>((int64_t{1} << 20) / std::max<int64_t>(1, cols_), 8, 64));
    cache_rows_.assign(slots, -1);
    cache_.resize(slots * static_cast<size_t>(cols_));
  }
  for (size_t i = 0; i < cache_rows_.size(); ++i)
    if (cache_rows_[i] == r) return cache_.data() + i * static_cast<size_t>(cols_);
  const size_t slot = cache_next_;
  cache_next_ = (cache_next_ + 1) % cache_rows_.size();
  float* row = cache_.data() + slot * static_cast<size_t>(cols_);
  read_range(r, 1, row);
  cache_rows_[slot] = r;
  return row;
}

float TableView::base_at(int64_t r, int64_t c) const {
  if (!file_) {
    const float v = seeded_[r * cols_ + c];
    return dtype_ == TableDtype::Float32 ? v : round_to(v, dtype_);
  }
  return base_row(r)[c];  // converted and rounded when read
}

float TableView::at(int64_t r, int64_t c) const {
  if (!edits_->empty()) {
    const auto it = edits_->find(r * cols_ + c);
    if (it != edits_->end()) return it->second;
  }
  return base_at(r, c);
}

const float* TableView::direct() const {
  if (dtype_ != TableDtype::Float32) return nullptr;
  if (file_) return file_->f32();
  return seeded_;
}

void TableView::overlay(int64_t r, float* row) const {
  if (edits_->empty()) return;
  for (auto it = edits_->lower_bound(r * cols_); it != edits_->end() && it->first < (r + 1) * cols_; ++it)
    row[it->first - r * cols_] = it->second;
}

void TableView::read_range(int64_t first, int64_t n, float* out) const {
  if (file_) {
    file_->read_range(first, n, out);
  } else {
    std::memcpy(out, seeded_ + first * cols_, sizeof(float) * static_cast<size_t>(n * cols_));
  }
  if (dtype_ != TableDtype::Float32) round_values(out, static_cast<size_t>(n * cols_), dtype_);
}

void TableView::read_row(int64_t r, float* out) const {
  read_range(r, 1, out);
  overlay(r, out);
}

void TableView::read_rows(const IdList& ids, float* out) const {
  if (file_) {
    file_->read_rows(ids.data(), ids.size(), out);
    if (dtype_ != TableDtype::Float32) round_values(out, ids.size() * static_cast<size_t>(cols_), dtype_);
  } else {
    for (size_t i = 0; i < ids.size(); ++i) read_range(ids[i], 1, out + i * static_cast<size_t>(cols_));
  }
  for (size_t i = 0; i < ids.size(); ++i) overlay(ids[i], out + i * static_cast<size_t>(cols_));
}

Matrix TableView::rows_of(const IdList& ids) const {
  Matrix out(static_cast<Eigen::Index>(ids.size()), cols_);
  if (!ids.empty()) read_rows(ids, out.data());
  return out;
}

Matrix TableView::to_matrix() const {
  Matrix m(rows_, cols_);
  for (int64_t r = 0; r < rows_; ++r) read_row(r, m.row(r).data());
  return m;
}

int64_t column_nonfinite(const TableView& t, int64_t c, int64_t base_count) {
  const int64_t d = t.cols();
  for (const auto& [k, v] : t.edits())  // an edit replaces its base value
    if (k % d == c) base_count += (std::isfinite(v) ? 0 : 1) - (std::isfinite(t.base_at(k / d, c)) ? 0 : 1);
  return base_count;
}

Matrix onehot_product(const TableView& t, const IdList& ids, const Matrix& looked_up,
                      const std::vector<int64_t>& base_nonfinite) {
  const int64_t d = t.cols();
  // The counts with the edits applied, in one pass over the edits.
  std::vector<int64_t> bad(base_nonfinite.begin(), base_nonfinite.end());
  bad.resize(static_cast<size_t>(d), 0);
  for (const auto& [k, v] : t.edits()) {
    const int64_t r = k / d, c = k % d;
    bad[static_cast<size_t>(c)] += (std::isfinite(v) ? 0 : 1) - (std::isfinite(t.base_at(r, c)) ? 0 : 1);
  }
  Matrix out(looked_up.rows(), d);
  for (Eigen::Index i = 0; i < looked_up.rows(); ++i)
    for (int64_t c = 0; c < d; ++c) out(i, c) = onehot_cell(looked_up(i, c), bad[static_cast<size_t>(c)]);
  (void)ids;
  return out;
}

void count_nonfinite(const TableView& t, int64_t first, int64_t n, std::vector<int64_t>& counts,
                     std::vector<float>& scratch) {
  const int64_t d = t.cols();
  counts.resize(static_cast<size_t>(d), 0);
  constexpr int64_t kBand = 64;  // rows read at a time
  scratch.resize(static_cast<size_t>(kBand * d));
  for (int64_t r = first; r < first + n; r += kBand) {
    const int64_t m = std::min(kBand, first + n - r);
    // A seeded float32 table is read in place; a file through the guarded copy (it may shrink).
    const float* rows = t.seeded() && t.dtype() == TableDtype::Float32
                            ? t.seeded() + r * d
                            : (t.read_range(r, m, scratch.data()), scratch.data());
    for (int64_t i = 0; i < m; ++i) {
      const float* row = rows + i * d;
      for (int64_t c = 0; c < d; ++c) {
        // Not finite: the exponent is all ones (inf or NaN) — a bit test the compiler vectorizes.
        uint32_t b;
        std::memcpy(&b, row + c, 4);
        counts[static_cast<size_t>(c)] += (b & 0x7f800000u) == 0x7f800000u;
      }
    }
  }
}

}  // namespace lv
