// table_size.hpp — the table-size rule, in one place: how many values a seeded table
// (rows × dim) and the one-hot matrix (IDs × rows) may hold, and the one sentence that
// says so. The command line, the settings file, the loaders and the window all ask here.
#pragma once
#include <cstdint>
#include <string>

namespace lv {

// V * D of a seeded table, and B * V of the one-hot matrix for any table (512 MiB as float32).
inline constexpr int64_t kMaxSeededElements = int64_t{1} << 27;

// "" when the sizes fit, else one sentence in the user's words:
//   "a 10,000,000 × 65,536 table is too big: rows × dim may be at most 134,217,728 values"
//   "the one-hot matrix (20 IDs × 10,000,000 rows) is too big: IDs × rows may be at most 134,217,728 values"
// A seeded table's rows × dim may hold 2^27 values (134,217,728); a file's table
// (seeded = false) kMaxTableElements (table_file.hpp); dim = 0 checks the one-hot matrix
// alone (a file's table the loader has checked). The one-hot matrix may hold
// 2^27 values for either. Sizes are >= 0 and small enough that the products
// do not overflow (rows, dim <= 2^31; ids <= kMaxIds).
std::string table_size_error(int64_t ids, int64_t rows, int64_t dim, bool seeded = true);

// The largest extent the other side of a seeded table or a one-hot matrix may have when one
// side is `side` (>= 1 is assumed; less counts as 1): the most columns for V rows, the most
// rows for D columns or for B IDs. Not capped by kMaxVocab / kMaxDim.
int64_t max_seeded_extent(int64_t side);

}  // namespace lv
