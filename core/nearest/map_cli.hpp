// map_cli.hpp — `lookupviz --map-json [--components K] [--map-npy FILE]`: the whole table's
// principal components (core/nearest/table_pca.hpp) of the table the model options give
// (--seed/--vocab/--dim drawn as nn.Embedding does, or --weights FILE; --dtype rounds it),
// printed as one JSON object; with --map-npy, every row's K coordinates written as a V × K
// float32 .npy (atomically). main() prints `out` or the one-line `error`, exits `exit_code`.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "core/io/table_file.hpp"
#include "core/settings/cli_options.hpp"

namespace lv {

struct MapCliRun {
  int exit_code = 0;  // 0, or 2: the table cannot give K components, the .npy not written
  std::string out;    // {"rows": V, "cols": D, "components": K, "explained_variance_ratio": [...],
                      //  "singular_values": [...]}\n
  std::string error;  // one line, without "lookupviz: "
};

// file: --weights' table, loaded (null: the seeded table).
MapCliRun map_cli(const CliOptions& o, std::shared_ptr<const TableFile> file);

// A rows × cols float32 C-order .npy (version 1.0) holding values (rows · cols floats).
std::string npy_float32(const float* values, int64_t rows, int64_t cols);

}  // namespace lv
