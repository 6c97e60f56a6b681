// table_size.cpp — the table-size rule (table_size.hpp).
#include "core/torch/table_size.hpp"

#include <algorithm>
#include <cstdint>
#include <string>

#include "core/io/table_file.hpp"
#include "core/text/text_format.hpp"

namespace lv {

std::string table_size_error(int64_t ids, int64_t rows, int64_t dim, bool seeded) {
  const int64_t max_one_hot = kMaxSeededElements;
  const int64_t max_table = seeded ? max_one_hot : kMaxTableElements;
  if (rows * dim > max_table)
    return "a " + with_commas(rows) + " × " + with_commas(dim) + " table is too big: rows × dim may be at most " +
           with_commas(max_table) + " values";
  if (ids * rows > max_one_hot)
    return "the one-hot matrix (" + counted(ids, "ID") + " × " + counted(rows, "row") +
           ") is too big: IDs × rows may be at most " + with_commas(max_one_hot) + " values";
  return "";
}

int64_t max_seeded_extent(int64_t side) { return kMaxSeededElements / std::max<int64_t>(1, side); }

}  // namespace lv
