// attention_cli.cpp — --attention-print's run (see attention_cli.hpp).
#include "core/torch/attention_cli.hpp"

#include "core/io/table_view.hpp"
#include "core/torch/attention.hpp"
#include "core/torch/embedding_rows.hpp"
#include "core/torch/torch_generator.hpp"

namespace lv {

AttentionCliRun attention_cli(const CliOptions& o, std::shared_ptr<const TableFile> file) {
  AttentionCliRun run;
  if (std::string e = attention_ids_error(o); !e.empty()) {
    run.exit_code = 2;
    run.error = e;
    return run;
  }
  TorchGenerator gen(o.seed);  // torch.manual_seed(seed)
  // x = embedding(idx): the seeded table's rows (its init moves the generator on), or the file's.
  const Matrix rows = file ? TableView(nullptr, std::move(file), TableDtype::Float32, nullptr).rows_of(o.ids)
                           : embedding_rows(effective_vocab(o), o.dim, o.ids, gen);
  AttentionSpec spec;
  spec.d_out = o.d_out;
  spec.beta = o.beta;
  spec.causal = o.causal_mask;
  spec.positions = o.attention_positions;
  const Matrix x = attention_input(rows, rows.rows(), spec, gen);  // (pos_emb over the IDs: T = B here)
  run.out = attention_print_text(attention_forward(x, spec, gen));
  return run;
}

}  // namespace lv
