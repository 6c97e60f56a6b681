// unused_rows.hpp — rows a tied model never trained, found as Land & Bartolo (EMNLP 2024,
// "Fishing for Magikarp") find them: a tied table's rows are pulled by the output head,
// so their norms say little; instead each row's cosine to the mean of rows known to be
// unused, after the table's first principal component is removed from both.
//
//   gguf_unused_rows       the rows a GGUF's tokenizer marks unused (token_type 5)
//   unused_row_indicator   every row scored by that cosine, the k highest listed
//
// The table is read a block of rows at a time (TableView::read_range, converted and
// rounded, edits applied): one pass for the mean, kPowerIterations for the first
// principal component (power iteration on the centred rows), one for the scores.
#pragma once
#include <cstdint>
#include <vector>

#include "core/io/table_file.hpp"
#include "core/io/table_view.hpp"
#include "core/nearest/nearest.hpp"

namespace lv {

inline constexpr int kPowerIterations = 12;

// Rows whose tokenizer.ggml.token_type is 5 (unused) in the GGUF the table came from
// (its header, read from the mapping under the SIGBUS guard); empty for any other file,
// a header without the array, or rows past the table.
std::vector<int64_t> gguf_unused_rows(const TableFile& f);

struct UnusedIndicator {
  bool ok = false;  // false: cancelled, no valid unused row, or `error`
  bool cancelled = false;
  std::string error;
  std::vector<Neighbour> rows;  // the k highest cosines (the unused rows themselves included), best first
  std::vector<float> pc1;       // the first principal component (unit, t.cols())
};

// score(r) = cos(x_r − (x_r·u)u, m − (m·u)u), u the first principal component of the
// centred rows, m the mean of the `unused` rows.
UnusedIndicator unused_row_indicator(const TableView& t, const std::vector<int64_t>& unused, int64_t k,
                                     const NearestControl& control = {});

}  // namespace lv
