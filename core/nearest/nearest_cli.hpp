// nearest_cli.hpp — `lookupviz --nearest ID [--k K] [--metric M]` and `--norms [--k K]`:
// the table the model options give (--seed/--vocab/--dim drawn as nn.Embedding does, or
// --weights FILE; --dtype rounds it), searched whole (core/nearest/nearest.hpp), printed
// as one JSON object. main() prints `out` or the one-line `error` and exits with `exit_code`.
#pragma once
#include <memory>
#include <string>

#include "core/io/table_file.hpp"
#include "core/io/table_view.hpp"
#include "core/settings/cli_options.hpp"

namespace lv {

// A row that holds NaN or inf (--nearest ID) cannot be compared: exit 2, its one-line reason
// on stderr and the JSON printed all the same, "neighbours": [] with the reason as "why".
// Rows left out of an answer (a score or a norm that is not finite) are said on stderr
// (`note`) with exit 0: the answer is complete for the other rows.
struct NearestCliRun {
  int exit_code = 0;  // 0, or 2: bad input (a row outside the file's table, a row holding NaN/inf)
  std::string out;    // the JSON, ending in a newline (may be set with exit 2: printed too)
  std::string error;  // one line, without "lookupviz: "
  std::string note;   // with exit 0: one line for stderr on what was left out ("" : nothing)
};

// file: --weights' table, loaded (null: the seeded table).
NearestCliRun nearest_cli(const CliOptions& o, std::shared_ptr<const TableFile> file);

// The table a headless mode reads (--nearest, --norms, --map-json): the file's, or the
// seeded nn.Embedding(V, D) drawn from torch.manual_seed(seed); --dtype rounds either.
TableView cli_table_view(const CliOptions& o, std::shared_ptr<const TableFile> file);

}  // namespace lv
