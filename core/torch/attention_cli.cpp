// attention_cli.cpp — --attention-print's run (see attention_cli.hpp).
#include "core/torch/attention_cli.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "core/io/table_view.hpp"
#include "core/text/text_format.hpp"
#include "core/torch/attention.hpp"
#include "core/torch/embedding_rows.hpp"
#include "core/torch/torch_generator.hpp"

namespace lv {

void attention_values(const AttentionSpec& spec, std::vector<SettingsSlideValue>& out) {
  char beta[32];
  std::snprintf(beta, sizeof beta, "%.17g", spec.beta);  // round-trips the double
  out.push_back({"attention.beta", beta});
  out.push_back({"attention.d_out", std::to_string(spec.d_out)});
  out.push_back({"attention.mask", spec.causal ? "true" : "false"});
  out.push_back({"attention.positions", spec.positions ? "true" : "false"});
}

AttentionSpec attention_spec_from(const std::vector<SettingsSlideValue>& in, AttentionSpec spec) {
  for (const SettingsSlideValue& v : in) {
    const char* text = v.value.c_str();
    char* end = nullptr;
    if (v.name == "attention.beta") {
      const double b = std::strtod(text, &end);
      if (end != text && *end == '\0' && std::isfinite(b) && b >= 0.0 && b <= kMaxAttentionBeta) spec.beta = b;
    } else if (v.name == "attention.d_out") {
      const long long d = std::strtoll(text, &end, 10);
      if (end != text && *end == '\0' && d >= 1 && d <= kMaxAttentionDOut) spec.d_out = d;
    } else if (v.name == "attention.mask" && (v.value == "true" || v.value == "false")) {
      spec.causal = v.value == "true";
    } else if (v.name == "attention.positions" && (v.value == "true" || v.value == "false")) {
      spec.positions = v.value == "true";
    }
  }
  return spec;
}

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
  const AttentionSpec spec = attention_spec_from(o.slide_values);
  const Matrix x = attention_input(rows, rows.rows(), spec, gen);  // (pos_emb over the IDs: T = B here)
  run.out = attention_print_text(attention_forward(x, spec, gen));
  return run;
}

std::string attention_ids_error(const CliOptions& o) {
  if (o.slide_print != "--attention-print" || o.ids.size() <= static_cast<size_t>(kMaxAttentionTokens)) return "";
  return "--attention-print attends over at most " + std::to_string(kMaxAttentionTokens) + " IDs (got " +
         with_commas(o.ids.size()) + "): give fewer IDs";
}

namespace {

constexpr CliFlag kFlags[] = {
    {"--attention-print", CliFlagKind::kSwitch, ""}, {"--d-out", CliFlagKind::kValue, "--d-out 2"},
    {"--beta", CliFlagKind::kValue, "--beta 1"},     {"--no-mask", CliFlagKind::kSwitch, ""},
    {"--positions", CliFlagKind::kSwitch, ""},
};

// --d-out, --beta, --no-mask and --positions: one "--flag value" into the slide values.
std::string apply_flag(CliOptions& o, std::string_view name, std::string_view v) {
  if (name == "--d-out") {
    auto n = int_in_range(v, 1, kMaxAttentionDOut);
    if (!n)
      return "--d-out must be a whole number from 1 to " + std::to_string(kMaxAttentionDOut) + " (got " +
             quoted_input(v) + ")";
    return set_slide_value(o, name, "attention.d_out", std::to_string(*n));
  }
  if (name == "--beta") {
    auto b = number_in_range(v, 0.0, kMaxAttentionBeta);
    if (!b)
      return "--beta must be a number from 0 to " + limit_text(kMaxAttentionBeta) +
             " (1 is the book's; 0 gives the mean of the visible rows; got " + quoted_input(v) + ")";
    char text[32];
    std::snprintf(text, sizeof text, "%.17g", *b);  // round-trips the double
    return set_slide_value(o, name, "attention.beta", text);
  }
  if (name == "--positions") return set_slide_value(o, name, "attention.positions", "true");
  return set_slide_value(o, name, "attention.mask", "false");  // --no-mask
}

// --attention-print against the other flags: it prints and exits, over at most
// kMaxAttentionTokens IDs, in float32. modes: the other modes that exit. Without it,
// --d-out, --beta and --no-mask set up the window's slide 10 (and --quiz-json's questions):
// a mode that only prints something else has no use for them.
std::string validate(const CliOptions& o, int modes, bool printing_only) {
  if (o.slide_print != "--attention-print") {
    for (const std::string& f : o.slide_flags)
      for (const CliFlag& mine : kFlags)
        if (f == mine.name && printing_only)
          return f + " sets up --attention-print's attention: give --attention-print too";
    return "";
  }
  if (modes > 0 || o.quiz_json || o.nearest || o.norms || o.tour || o.quiz)
    return "--attention-print prints slide 10's attention and exits: give it without another mode (--print, "
           "--quiz-json, --screenshot, --nearest, ...)";
  if (o.dtype != TableDtype::Float32) return "--attention-print computes in float32: drop --dtype";
  return attention_ids_error(o);
}

// --help's lines for --attention-print and its options.
std::string help() {
  std::string t = R"(  --attention-print    causal self-attention over the IDs' rows x: three
                       nn.Linear(D, d_out, bias=False) drawn after the table
                       (with --weights: just after torch.manual_seed); the
                       weights softmax(beta * q.k / sqrt(d_out)) over the
                       positions each ID sees, the context their mix of the
                       values; print attn_weights and context_vec as
                       PyTorch 1.13 prints them, and exit.
                       At most @MAX_ATTENTION_IDS@ IDs; the model options as --print (no --dtype)
  --d-out N            the projections' width, 1 to @MAX_D_OUT@           (default 2)
  --beta B             the scores' sharpness, 0 to @MAX_BETA@: 0 gives each query
                       the mean of the rows it sees, a large B one row (the
                       lookup again)                             (default 1)
  --no-mask            no causal mask: every ID sees every position
  --positions          x = embedding(idx) + pos_emb(arange(T)), slide 8's
                       positions (pos_emb drawn before the three layers)
                       (without --attention-print, these four set up the
                       window's slide 10 and --quiz-json's questions))";
  auto put = [&t](std::string_view key, const std::string& value) {
    const size_t at = t.find(key);
    if (at != std::string::npos) t.replace(at, key.size(), value);
  };
  put("@MAX_ATTENTION_IDS@", std::to_string(kMaxAttentionTokens));
  put("@MAX_D_OUT@", std::to_string(kMaxAttentionDOut));
  put("@MAX_BETA@", limit_text(kMaxAttentionBeta));
  return t;
}

SlidePrintRun print(const CliOptions& o, std::shared_ptr<const TableFile> file) {
  return attention_cli(o, std::move(file));
}

}  // namespace

const CliFamily kAttentionCli{
    kFlags,     "--attention-print",
    apply_flag, validate,
    help,       "  lookupviz --attention-print [opts]       slide 10's attention printed, exit",
    print,
};

}  // namespace lv
