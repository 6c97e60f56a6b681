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
#include "core/settings/session_settings.hpp"
#include "core/torch/attention.hpp"

namespace lv {

// Slide 10's controls as the session and --slide-value name them ("attention.beta 8",
// "attention.d_out 4", "attention.mask false", "attention.positions true"): written, and taken
// back into `spec` (a value out of range, or a name not its own, leaves spec as it was).
void attention_values(const AttentionSpec& spec, std::vector<SettingsSlideValue>& out);
AttentionSpec attention_spec_from(const std::vector<SettingsSlideValue>& in, AttentionSpec spec = {});

// Slide 10's command line, the flags the slide brings (core/settings/cli_options.hpp CliFamily;
// its registry line names it): --attention-print, and --d-out, --beta, --no-mask, --positions,
// which set its slide values (the window's slide 10, --quiz-json's questions and
// --attention-print read them).
extern const CliFamily kAttentionCli;

using AttentionCliRun = SlidePrintRun;

// --attention-print's IDs are at most kMaxAttentionTokens: "" or the error line (checked
// again once --text is tokenized).
std::string attention_ids_error(const CliOptions& o);

// file: --weights' table, loaded and its IDs checked (null: the seeded table). With a file
// there is no Embedding to draw: the Linear layers come right after manual_seed(seed).
AttentionCliRun attention_cli(const CliOptions& o, std::shared_ptr<const TableFile> file);

}  // namespace lv
