// nearest_cli.cpp — --nearest and --norms on the command line (see the header).
#include "core/nearest/nearest_cli.hpp"

#include "core/nearest/nearest.hpp"
#include "core/text/text_format.hpp"
#include "core/torch/torch_layers.hpp"
#include "core/torch/torch_generator.hpp"

namespace lv {

NearestCliRun nearest_cli(const CliOptions& o, std::shared_ptr<const TableFile> file) {
  NearestCliRun run;
  TableView t;
  if (file) {
    t = TableView(nullptr, std::move(file), o.dtype, nullptr);
  } else {
    TorchGenerator gen(o.seed);  // torch.manual_seed(seed); nn.Embedding(V, D)
    t = TableView(std::make_shared<const Matrix>(embedding_init(effective_vocab(o), o.dim, gen)), nullptr, o.dtype,
                  nullptr);
  }
  if (o.nearest) {
    const int64_t id = *o.nearest;
    if (id >= t.rows()) {
      run.exit_code = 2;
      run.error = "--nearest " + std::to_string(id) + " is outside the table: " + o.weights + " has " +
                  counted(t.rows(), "row") + ", 0 to " + with_commas(t.rows() - 1);
      return run;
    }
    const NearestResult r = nearest_rows(t, id, o.nearest_k, o.metric);
    if (!r.ok) {
      run.exit_code = 2;
      run.error = r.error;
      return run;
    }
    if (r.file_changed) {
      run.exit_code = 2;
      run.error = o.weights + " was changed on disk while it was read: run again";
      return run;
    }
    run.out = nearest_json(id, o.metric, r.neighbours);
    return run;
  }
  const RowNorms n = row_norms(t);
  if (n.file_changed) {
    run.exit_code = 2;
    run.error = o.weights + " was changed on disk while it was read: run again";
    return run;
  }
  run.out = norms_json(t.rows(), summarize_norms(*n.norms, o.nearest_k, 1));
  return run;
}

}  // namespace lv
