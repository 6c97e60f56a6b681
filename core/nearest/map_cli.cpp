// map_cli.cpp — --map-json and --map-npy on the command line (see the header).
#include "core/nearest/map_cli.hpp"

#include <cstdio>
#include <cstring>

#include "core/io/small_file.hpp"
#include "core/nearest/nearest_cli.hpp"
#include "core/nearest/table_pca.hpp"
#include "core/torch/torch_generator.hpp"
#include "core/torch/torch_layers.hpp"

namespace lv {
namespace {

std::string number_list(const std::vector<double>& xs) {
  std::string s = "[";
  for (size_t i = 0; i < xs.size(); ++i) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.9g", xs[i]);
    s += std::string(i ? ", " : "") + buf;
  }
  return s + "]";
}

}  // namespace

std::string npy_float32(const float* values, int64_t rows, int64_t cols) {
  std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': (" + std::to_string(rows) + ", " +
                       std::to_string(cols) + "), }";
  // Magic (6) + version (2) + length (2) + header + padding + '\n': a multiple of 64 bytes.
  const size_t unpadded = 10 + header.size() + 1;
  header.append((64 - unpadded % 64) % 64, ' ');
  header += '\n';
  std::string out("\x93NUMPY\x01\x00", 8);
  out += static_cast<char>(header.size() & 0xff);
  out += static_cast<char>(header.size() >> 8);
  out += header;
  const size_t bytes = static_cast<size_t>(rows * cols) * sizeof(float);
  const size_t at = out.size();
  out.resize(at + bytes);
  if (bytes) std::memcpy(out.data() + at, values, bytes);  // x86-64: little-endian, as '<f4' says
  return out;
}

MapCliRun map_cli(const CliOptions& o, std::shared_ptr<const TableFile> file) {
  MapCliRun run;
  const TableView t = cli_table_view(o, std::move(file));
  PcaOptions po;
  po.components = o.map_components;
  const TablePca pca = table_pca(t, po);
  if (!pca.ok) {
    run.exit_code = 2;
    run.error = "--map-json: " + pca.error;
    return run;
  }
  if (pca.file_changed) {
    run.exit_code = 2;
    run.error = o.weights + " was changed on disk while it was read: run again";
    return run;
  }
  if (pca.rows_left_out == pca.rows) {
    run.exit_code = 2;
    run.error = "--map-json: every row of the table holds inf or NaN: there is nothing to map";
    return run;
  }
  if (!o.map_npy.empty()) {
    const std::string why = write_small_file(o.map_npy, npy_float32(pca.coordinates.data(), pca.rows, pca.components));
    if (!why.empty()) {
      run.exit_code = 2;
      run.error = "--map-npy could not write " + o.map_npy + ": " + why;
      return run;
    }
  }
  run.out = "{\"rows\": " + std::to_string(pca.rows) + ", \"cols\": " + std::to_string(pca.cols) +
            ", \"components\": " + std::to_string(pca.components) +
            ", \"explained_variance_ratio\": " + number_list(pca.explained_variance_ratio) +
            ", \"singular_values\": " + number_list(pca.singular_values) + "}\n";
  return run;
}

}  // namespace lv
