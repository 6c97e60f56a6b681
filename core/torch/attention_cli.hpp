// attention_cli.hpp — `lookupviz --attention-print [--d-out N] [--beta B] [--no-mask]`:
// slide 10's attention (core/torch/attention.hpp) over the IDs' rows of the table the
// model options give — the seeded nn.Embedding (--seed, --vocab, --dim) or --weights
// FILE's rows as float32 — printed as PyTorch 1.13 prints attn_weights and context_vec.
// main() prints `out` or the one-line `error` and exits with `exit_code`.
#pragma once
#include <memory>
#include <string>

#include "core/io/table_file.hpp"
#include "core/settings/cli_options.hpp"

namespace lv {

struct AttentionCliRun {
  int exit_code = 0;  // 0, or 2: bad input (more than kMaxAttentionTokens IDs from --text)
  std::string out;    // the printed text, ending in a newline
  std::string error;  // one line, without "lookupviz: "
};

// file: --weights' table, loaded and its IDs checked (null: the seeded table). With a file
// there is no Embedding to draw: the Linear layers come right after manual_seed(seed).
AttentionCliRun attention_cli(const CliOptions& o, std::shared_ptr<const TableFile> file);

}  // namespace lv
