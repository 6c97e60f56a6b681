// nearest_cli.hpp — `lookupviz --nearest ID [--k K] [--metric M]` and `--norms [--k K]`:
// the table the model options give (--seed/--vocab/--dim drawn as nn.Embedding does, or
// --weights FILE; --dtype rounds it), searched whole (core/nearest/nearest.hpp), printed
// as one JSON object. main() prints `out` or the one-line `error` and exits with `exit_code`.
#pragma once
#include <memory>
#include <string>

#include "core/io/table_file.hpp"
#include "core/settings/cli_options.hpp"

namespace lv {

struct NearestCliRun {
  int exit_code = 0;  // 0, or 2: bad input (a row outside the file's table)
  std::string out;    // the JSON, ending in a newline
  std::string error;  // one line, without "lookupviz: "
};

// file: --weights' table, loaded (null: the seeded table).
NearestCliRun nearest_cli(const CliOptions& o, std::shared_ptr<const TableFile> file);

}  // namespace lv
