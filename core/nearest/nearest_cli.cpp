// nearest_cli.cpp — --nearest and --norms on the command line (see the header).
#include "core/nearest/nearest_cli.hpp"

#include <cmath>
#include <vector>

#include "core/nearest/nearest.hpp"
#include "core/text/text_format.hpp"
#include "core/torch/torch_layers.hpp"
#include "core/torch/torch_generator.hpp"

namespace lv {
namespace {

// "NaN" or "inf" when the row holds one (NaN first), else null.
const char* nonfinite_kind(const std::vector<float>& row) {
  bool inf = false;
  for (float x : row) {
    if (std::isnan(x)) return "NaN";
    inf = inf || std::isinf(x);
  }
  return inf ? "inf" : nullptr;
}

}  // namespace

TableView cli_table_view(const CliOptions& o, std::shared_ptr<const TableFile> file) {
  if (file) return TableView(nullptr, std::move(file), o.dtype, nullptr);
  TorchGenerator gen(o.seed);  // torch.manual_seed(seed); nn.Embedding(V, D)
  return TableView(std::make_shared<const Matrix>(embedding_init(effective_vocab(o), o.dim, gen)), nullptr, o.dtype,
                   nullptr);
}

NearestCliRun nearest_cli(const CliOptions& o, std::shared_ptr<const TableFile> file) {
  NearestCliRun run;
  const TableView t = cli_table_view(o, std::move(file));
  if (o.nearest) {
    const int64_t id = *o.nearest;
    if (id >= t.rows()) {
      run.exit_code = 2;
      run.error = "--nearest " + std::to_string(id) + " is outside the table: " + o.weights + " has " +
                  counted(t.rows(), "row") + ", 0 to " + with_commas(t.rows() - 1);
      return run;
    }
    // A row holding NaN or inf has no finite score against any row: the answer is empty,
    // and says why (in the JSON and on stderr), with exit 2 (the row cannot be compared).
    std::vector<float> q(static_cast<size_t>(t.cols()));
    t.read_row(id, q.data());
    if (const char* what = nonfinite_kind(q)) {
      run.exit_code = 2;
      run.error = "row " + std::to_string(id) + " holds " + what + ", so its " + nearest_metric_name(o.metric) +
                  " score against every row is not a number: no row can be listed";
      run.out = nearest_json(id, o.metric, {}, run.error);
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
    if (r.unscored > 0)
      run.note = counted(r.unscored, "row") + " left out: " + (r.unscored == 1 ? "its" : "their") + " " +
                 nearest_metric_name(o.metric) + " score is not a finite number (NaN or inf in the row)";
    return run;
  }
  const RowNorms n = row_norms(t);
  if (n.file_changed) {
    run.exit_code = 2;
    run.error = o.weights + " was changed on disk while it was read: run again";
    return run;
  }
  const NormsSummary summary = summarize_norms(*n.norms, o.nearest_k, 1);
  run.out = norms_json(t.rows(), summary);
  if (summary.nonfinite > 0)
    run.note = std::to_string(summary.nonfinite) + " of " + counted(t.rows(), "row") +
               " have a norm that is not finite (NaN or inf): listed under \"non_finite\", in neither \"lowest\" "
               "nor \"highest\"";
  return run;
}

}  // namespace lv
