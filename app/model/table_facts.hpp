// table_facts.hpp — a table's whole-table facts: what any slide needs that costs a read of
// every value, made in one pass over the table:
//   nonfinite  per column, how many values are not finite, for each dtype the table may be
//              rounded to (the one-hot product: app/model/model_state.hpp Derived::nonfinite)
//   overview   the value range and the table shrunk for the heat map's far zoom (slide 7)
// One owner makes them: the model's facts job, once per file (and again when the file
// changes on disk: table_file_changed, app/model/model_jobs.hpp); every slide reads that
// result. Slide 7's worker makes its own seeded GPT-2 table's with the same pass.
#pragma once
#include <cstdint>
#include <vector>

#include "app/model/background_job.hpp"
#include "core/heatmap/heatmap_aggregate.hpp"
#include "core/io/table_file.hpp"
#include "core/torch/dtype_round.hpp"

namespace lv::app {

// The overview as the heat map uploads it: one byte a cell (3 MB for GPT-2's 4,096 ×
// 768 grid, where its float32 aggregate kept 12.6 MB for the life of the table).
struct Overview {
  int64_t rows = 0, cols = 0;
  float norm = 1.0f;           // heatmap_norm(range.abs_max)
  std::vector<uint8_t> bytes;  // rows × cols, heatmap_encode(value, norm)
  ValueRange range;            // of the whole table
};

struct TableFacts {
  Overview overview;
  // Indexed by TableDtype: per column, the values not finite once rounded to that dtype
  // (a float32 value past float16's range is inf in float16). Empty: not counted.
  std::vector<int64_t> nonfinite[3];
  double seconds = 0.0;    // what the pass took
  const char* error = "";  // the pass could not be made (no memory): nothing above is valid
  const std::vector<int64_t>& nonfinite_for(TableDtype t) const { return nonfinite[static_cast<int>(t)]; }
};

// The one pass over a vocab × dim table: its float32 rows in memory (`table`), or else
// `file`'s rows read in bands of about 4 MB (converted from its dtype as read; nothing
// copied whole). Counts the non-finite values only when `count_nonfinite` (a seeded table
// has none). Progress and cancel through `c`; false when cancelled. Throws bad_alloc.
bool summarize_table(const float* table, const TableFile* file, int64_t vocab, int64_t dim, bool count_nonfinite,
                     JobControl& c, TableFacts& out);

}  // namespace lv::app
