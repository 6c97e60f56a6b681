// table_view.hpp — the table the model reads: a base (nn.Embedding's seeded init, or a
// file's table where it lies), rounded through a dtype when asked, with the user's
// edits on top. Nothing here copies the base: values are read — converted from the
// file's dtype, rounded, overlaid — when asked for, a row or a cell at a time. An
// edit is one entry in a sparse map (reset = clear the map), whatever the table's size.
#pragma once
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <vector>

#include "core/torch/dtype_round.hpp"
#include "core/io/table_file.hpp"
#include "core/torch/tensor.hpp"

namespace lv {

// Edited cells: row * cols + col -> value (sorted: sessions and code list them in order).
using EditMap = std::map<int64_t, float>;

class TableView {
 public:
  TableView() = default;
  // Exactly one of seeded / file is non-null.
  TableView(std::shared_ptr<const Matrix> seeded, std::shared_ptr<const TableFile> file, TableDtype dtype,
            std::shared_ptr<const EditMap> edits);
  // A float32 table held elsewhere, rows × cols row-major, kept alive by the pointer's owner
  // (slide 7's seeded table in 2 MB pages: mapped without a copy). Read as a seeded one.
  static TableView of_floats(std::shared_ptr<const float> values, int64_t rows, int64_t cols);

  bool empty() const { return rows_ == 0; }
  int64_t rows() const { return rows_; }
  int64_t cols() const { return cols_; }
  TableDtype dtype() const { return dtype_; }
  const TableFile* file() const { return file_.get(); }
  // The seeded table's float32 values (row-major), or null for a file's.
  const float* seeded() const { return seeded_; }
  const EditMap& edits() const { return *edits_; }
  // What the base's values live in (the file or the seeded matrix): a key for caches of
  // whole-table facts that a weak reference can hold (core/nearest/ keeps row norms by it).
  std::shared_ptr<const void> base_owner() const {
    if (file_) return file_;
    return seeded_owner_;
  }

  float base_at(int64_t r, int64_t c) const;  // without the edits
  float at(int64_t r, int64_t c) const;
  float operator()(int64_t r, int64_t c) const { return at(r, c); }
  bool edited(int64_t r, int64_t c) const { return edits_->count(r * cols_ + c) != 0; }
  void read_row(int64_t r, float* out) const;                   // cols floats
  void read_rows(const IdList& ids, float* out) const;          // ids.size() × cols
  void read_range(int64_t first, int64_t n, float* out) const;  // rows [first, first + n), without edits
  Matrix rows_of(const IdList& ids) const;                      // B × D: embedding(idx)
  Matrix to_matrix() const;  // the whole table (tests, small tables: the copy the app never makes)
  // The base's float32 rows in place when nothing needs converting or rounding (a
  // seeded float32 table; a float32 C-order file, read unguarded). Else null.
  const float* direct() const;

 private:
  void overlay(int64_t r, float* row) const;  // the edits of row r
  // A file's rows are read whole (one guarded read, converted, rounded) and kept in a
  // few slots, so the cells a slide draws — at every zoom the canvas fit tries — cost a
  // lookup, not a guarded read each. Per view object (a worker's copy has its own).
  const float* base_row(int64_t r) const;
  mutable std::vector<float> cache_;
  mutable std::vector<int64_t> cache_rows_;  // the row in each slot (-1: empty)
  mutable size_t cache_next_ = 0;            // the slot to reuse next (round robin)
  const float* seeded_ = nullptr;            // the seeded values (a Matrix's, or of_floats')
  std::shared_ptr<const void> seeded_owner_;
  std::shared_ptr<const TableFile> file_;
  TableDtype dtype_ = TableDtype::Float32;
  std::shared_ptr<const EditMap> edits_ = std::make_shared<const EditMap>();
  int64_t rows_ = 0, cols_ = 0;
};

// What linear(onehot.float()) — the dense one-hot product — gives, without the
// product: out[i][c] = Σ_j X[i][j]·W[j][c] with X one-hot at k = ids[i]. Every term
// but W[k][c] is 0 × W[j][c]: ±0 for a finite value, NaN for inf or NaN. So the sum is
// NaN when column c holds a non-finite value in another row (or W[k][c] is NaN), else
// W[k][c], a zero sum being +0 (BLAS starts from +0). That needs, per column, how many
// of its V values are not finite: `nonfinite` (the base's, from count_nonfinite or 0 for
// a seeded table), with the edits' changes applied here. O(B · D + edits).
Matrix onehot_product(const TableView& t, const IdList& ids, const Matrix& looked_up,
                      const std::vector<int64_t>& base_nonfinite);
// One cell of it: w = W[k][c], column_nonfinite = column c's non-finite values, edits applied.
inline float onehot_cell(float w, int64_t column_nonfinite) {
  const int64_t others = column_nonfinite - (std::isfinite(w) ? 0 : 1);
  if (others > 0 || std::isnan(w)) return std::numeric_limits<float>::quiet_NaN();
  return w == 0.0f ? 0.0f : w;  // +0 + (-0) = +0
}
// Column c's non-finite count with the view's edits applied to the base's count.
int64_t column_nonfinite(const TableView& t, int64_t c, int64_t base_count);

// Per column, how many values of the base (rounded, no edits) are not finite: the
// one-hot product's read of the whole table. Rows [first, first + n) added into counts
// (cols entries), so a worker can go in bands, report progress and stop.
void count_nonfinite(const TableView& t, int64_t first, int64_t n, std::vector<int64_t>& counts,
                     std::vector<float>& scratch);

// The elements torch's repr reads of a rows × cols matrix whose (r, c) is at(r, c):
// its edges (core/torch/torch_format.hpp edge_count), so printing a V × D table reads 36 values.
// M is Matrix or IntMatrix; print it with repr_edges.
template <class M, class At>
M edges_of(int64_t rows, int64_t cols, At&& at);

}  // namespace lv

#include "core/io/table_view_inl.hpp"
