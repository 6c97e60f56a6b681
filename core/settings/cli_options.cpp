// cli_options.cpp — parse and validate lookupviz's command line, with no side effects.
// Integers follow Python's int() (what torch-oracle's argparse uses): surrounding
// spaces, a sign, leading zeros and single underscores between digits ("1_000").
// Every error is one line in the user's words; main() prefixes "lookupviz: ".
#include "core/settings/cli_options.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <vector>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/tokenizer/bpe_vocab.hpp"  // kGpt2VocabSize: --detokenize, --text
#include "core/tokenizer/gpt2_tokenizer.hpp"
#include "core/text/id_parse.hpp"
#include "core/io/table_file.hpp"      // kMaxTableElements: IDs with --weights
#include "core/nearest/table_pca.hpp"  // kMaxPcaComponents: --components
#include "core/torch/table_size.hpp"
#include "core/text/text_format.hpp"
#include "core/text/utf8_text.hpp"
#include "core/text/value_parse.hpp"

namespace lv {

namespace {
std::atomic<int> g_deck_size{0};  // set_deck_size: the app's registry's count
}  // namespace

void set_deck_size(int slides) { g_deck_size.store(slides < 0 ? 0 : slides, std::memory_order_relaxed); }
int deck_size() { return g_deck_size.load(std::memory_order_relaxed); }

// ---------------------------------------------------------------- small helpers (a slide's flags use them too)

std::string limit_text(double v) {
  if (v == std::floor(v) && std::abs(v) < 1e15) return with_commas(static_cast<int64_t>(v));
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

std::optional<int64_t> int_in_range(std::string_view text, int64_t lo, int64_t hi) {
  PyInt p = parse_py_int(text);
  if (!p.ok || p.huge || p.magnitude > static_cast<uint64_t>(INT64_MAX)) return std::nullopt;
  int64_t v = p.negative ? -static_cast<int64_t>(p.magnitude) : static_cast<int64_t>(p.magnitude);
  if (v < lo || v > hi) return std::nullopt;
  return v;
}

std::optional<double> number_in_range(std::string_view text, double lo, double hi) {
  std::string_view s = trim(text);
  if (!s.empty() && s.front() == '+') s.remove_prefix(1);
  double v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (s.empty() || ec != std::errc() || end != s.data() + s.size() || !std::isfinite(v)) return std::nullopt;
  if (v < lo || v > hi) return std::nullopt;
  return v;
}

namespace {

// ---------------------------------------------------------------- the flags

using Kind = CliFlagKind;
using Flag = CliFlag;
constexpr Flag kFlags[] = {
    {"--seed", Kind::kValue, "--seed 123"},
    {"--ids", Kind::kValue, "--ids 2,3,1"},
    {"--dim", Kind::kValue, "--dim 5"},
    {"--vocab", Kind::kValue, "--vocab 4"},
    {"--slide", Kind::kValue, "--slide 1"},
    {"--step", Kind::kValue, "--step 0"},
    {"--size", Kind::kValue, "--size 1440x900"},
    {"--scale", Kind::kValue, "--scale 1.5"},
    {"--screenshot", Kind::kValue, "--screenshot out.png"},
    {"--export-slides", Kind::kValue, "--export-slides slides/"},
    {"--print", Kind::kSwitch, ""},
    {"--help", Kind::kSwitch, ""},
    {"-h", Kind::kSwitch, ""},
    {"--version", Kind::kSwitch, ""},
    {"--light", Kind::kSwitch, ""},
    {"--reduced-motion", Kind::kSwitch, ""},
    {"--weights", Kind::kValue, "--weights table.npy"},
    {"--dtype", Kind::kValue, "--dtype float16"},
    {"--bench-frames", Kind::kValue, "--bench-frames 300"},
    {"--reset", Kind::kSwitch, ""},
    {"--export-gif", Kind::kValue, "--export-gif slide.gif"},
    {"--present", Kind::kSwitch, ""},
    {"--ask", Kind::kSwitch, ""},
    {"--quiz", Kind::kSwitch, ""},
    {"--tour", Kind::kSwitch, ""},
    {"--bench-edits", Kind::kSwitch, ""},
    {"--layout-report", Kind::kSwitch, ""},
    {"--text", Kind::kValue, "--text \"Hello, world\""},
    {"--tokenize", Kind::kValue, "--tokenize \"Hello, world\""},
    {"--text-file", Kind::kValue, "--text-file story.txt"},
    {"--tokenize-lines", Kind::kValue, "--tokenize-lines texts.jsonl"},
    {"--detokenize", Kind::kValue, "--detokenize 15496,11"},
    {"--special", Kind::kSwitch, ""},
    {"--quiz-json", Kind::kSwitch, ""},
    {"--quiz-seed", Kind::kValue, "--quiz-seed 7"},
    {"--export-worksheet", Kind::kValue, "--export-worksheet sheet.md"},
    {"--worksheet-count", Kind::kValue, "--worksheet-count 5"},
    {"--train-print", Kind::kSwitch, ""},
    {"--batches", Kind::kValue, "--batches \"2,3,1;0,2\""},
    {"--optimizer", Kind::kValue, "--optimizer adam"},
    {"--lr", Kind::kValue, "--lr 0.1"},
    {"--steps", Kind::kValue, "--steps 3"},
    {"--grad", Kind::kValue, "--grad randn:7"},
    {"--nearest", Kind::kValue, "--nearest 42"},
    {"--norms", Kind::kSwitch, ""},
    {"--k", Kind::kValue, "--k 10"},
    {"--metric", Kind::kValue, "--metric cosine"},
    {"--map-json", Kind::kSwitch, ""},
    {"--components", Kind::kValue, "--components 3"},
    {"--map-npy", Kind::kValue, "--map-npy map.npy"},
    {"--slide-value", Kind::kValue, "--slide-value scale.view=map"},
};

std::vector<const CliFamily*>& families() {
  static std::vector<const CliFamily*> f;  // given once at start, read-only after
  return f;
}

// The family that brings flag `name` (null: core's own, or none).
const CliFamily* family_of_flag(std::string_view name) {
  for (const CliFamily* fam : families())
    for (const Flag& f : fam->flags)
      if (f.name == name) return fam;
  return nullptr;
}

const Flag* find_flag(std::string_view name) {
  if (const CliFamily* fam = family_of_flag(name))
    for (const Flag& f : fam->flags)
      if (f.name == name) return &f;
  for (const Flag& f : kFlags)
    if (f.name == name) return &f;
  return nullptr;
}

// The flags of GPT-2's (or --weights' own) tokenizer's input.
bool text_flag(std::string_view name) {
  return name == "--text" || name == "--tokenize" || name == "--text-file" || name == "--tokenize-lines" ||
         name == "--detokenize" || name == "--special";
}

// --text, --tokenize, --text-file, --tokenize-lines, --detokenize and --special: one
// "--flag value" applied; an error or "".
std::string apply_text_flag(CliOptions& o, std::string_view name, std::string_view v) {
  if (name == "--special") {  // a switch: --tokenize adds the post-processor's special tokens
    o.special = true;
    return "";
  }
  if (name == "--text") {
    if (std::string e = utf8_problem(name, v); !e.empty()) return e;
    if (v.empty()) return "--text needs some text, e.g. --text \"Hello, world\"";
    o.text = std::string(v);
    return "";
  }
  if (name == "--tokenize" || name == "--text-file" || name == "--tokenize-lines") {
    if (o.tokenize && (o.tokenize_lines || name == "--tokenize-lines"))
      return "give --tokenize-lines alone, without --tokenize or --text-file";
    if (o.tokenize) return "give --tokenize or --text-file, not both";
    o.tokenize_lines = name == "--tokenize-lines";
    if (name != "--tokenize" || v == "-") {  // the text is read by main (read_text_input)
      if (v.empty())
        return std::string(name) + " needs a file name, e.g. " + std::string(find_flag(name)->example) +
               " (- for standard input)";
      o.tokenize_from = std::string(v);
      o.tokenize = std::string();
      return "";
    }
    if (std::string e = utf8_problem(name, v); !e.empty()) return e;
    o.tokenize = std::string(v);
    return "";
  }
  // --detokenize. The one rule of ID lists (the IDs field's and --ids'): IDs separated by
  // commas or spaces, in optional brackets, empty items skipped. A list with no ID ("",
  // "[]", "[ ]", ",") is what --tokenize "" prints, so it reads back as no text.
  // The tokenizer (GPT-2's, or --weights' own) checks each ID against its vocabulary when it
  // decodes; here only what no tokenizer has.
  IdRules rules;
  rules.max_id = kMaxTokenizerId;
  rules.max_count = kMaxTokenizeBytes;  // a --tokenize's output reads back whole
  rules.too_large = "is not a token of any tokenizer lookupviz reads (GPT-2's IDs go from 0 to 50,256).";
  IdParse p = parse_ids(v, rules);
  if (!p.ok && p.error.code == ParseCode::Empty) {
    o.detokenize = IdList{};
    return "";
  }
  if (!p.ok) return "--detokenize: " + p.error.clause();
  o.detokenize = std::move(p.ids);
  return "";
}

// --quiz-seed, --export-worksheet and --worksheet-count (the questions' options): one
// "--flag value" applied; an error or "".
std::string apply_quiz_flag(CliOptions& o, std::string_view name, std::string_view v) {
  if (name == "--quiz-seed") {
    auto n = int_in_range(v, 0, INT64_MAX);
    if (!n)
      return "--quiz-seed must be a whole number from 0 to " + with_commas(INT64_MAX) + " (got " + quoted_input(v) +
             ")";
    o.quiz_seed = static_cast<uint64_t>(*n);
    return "";
  }
  if (name == "--export-worksheet") {
    if (v.empty()) return "--export-worksheet needs a file name, e.g. --export-worksheet sheet.md";
    o.export_worksheet = std::string(v);
    return "";
  }
  auto n = int_in_range(v, 1, kMaxWorksheetCount);  // --worksheet-count
  if (!n)
    return "--worksheet-count must be a number of questions from 1 to " + std::to_string(kMaxWorksheetCount) +
           " (got " + quoted_input(v) + ")";
  o.worksheet_count = static_cast<int>(*n);
  return "";
}

// --batches, --optimizer, --lr, --steps and --grad (--train-print's training): one
// "--flag value" applied; an error or "".
std::string apply_train_flag(CliOptions& o, std::string_view name, std::string_view v) {
  if (o.train_flag.empty()) o.train_flag = std::string(name);
  if (name == "--batches") {  // checked once the vocabulary is known (validate_training)
    o.batches_text = std::string(v);
    return "";
  }
  if (name == "--optimizer") {
    o.optimizer = optimizer_from_name(trim(v));
    if (!o.optimizer)
      return "--optimizer must be sgd, momentum, adam, adamw or sparse_adam (got " + quoted_input(v) + ")";
    return "";
  }
  if (name == "--lr") {
    auto f = number_in_range(v, 0.0, kMaxLearningRate);
    if (!f)
      return "--lr must be a learning rate from 0 to " + limit_text(kMaxLearningRate) + ", e.g. 0.1 or 3e-4 (got " +
             quoted_input(v) + ")";
    o.lr = *f;
    return "";
  }
  if (name == "--steps") {
    auto n = int_in_range(v, 1, kMaxTrainSteps);
    if (!n)
      return "--steps must be a number of steps from 1 to " + with_commas(kMaxTrainSteps) + " (got " + quoted_input(v) +
             ")";
    o.train_steps = *n;
    o.train_steps_given = true;
    return "";
  }
  // --grad ones | randn:GSEED (torch.manual_seed(GSEED + step) must stay a 64-bit integer).
  const std::string_view g = trim(v);
  if (g == "ones") {
    o.grad_seed.reset();
    return "";
  }
  constexpr int64_t kLowSeed = -INT64_MAX, kHighSeed = INT64_MAX - kMaxTrainSteps;
  std::optional<int64_t> seed;
  if (g.substr(0, 6) == "randn:") seed = int_in_range(g.substr(6), kLowSeed, kHighSeed);
  if (!seed)
    return "--grad must be ones (loss = out.sum()) or randn:GSEED with GSEED a whole number from " +
           with_commas(kLowSeed) + " to " + with_commas(kHighSeed) +
           " (GSEED + step stays a 64-bit integer), e.g. randn:7 (got " + quoted_input(v) + ")";
  o.grad_seed = *seed;
  return "";
}

// --batches split at ';' and each batch checked (against --vocab when given): o.batches,
// or an error.
std::string parse_batches(CliOptions& o, size_t& largest) {
  IdRules rules;
  if (o.vocab) rules.vocab = *o.vocab;
  const std::string& batches_text = *o.batches_text;
  std::vector<std::string_view> parts;
  for (size_t at = 0;;) {
    const size_t semi = batches_text.find(';', at);
    parts.push_back(std::string_view(batches_text).substr(at, semi == std::string::npos ? semi : semi - at));
    if (semi == std::string::npos) break;
    at = semi + 1;
  }
  if (parts.size() > static_cast<size_t>(kMaxTrainSteps))
    return "--batches holds " + with_commas(parts.size()) + " batches: at most " + with_commas(kMaxTrainSteps);
  o.batches.clear();
  for (size_t i = 0; i < parts.size(); ++i) {
    IdParse p = parse_ids(parts[i], rules);
    const std::string which = parts.size() == 1
                                  ? "--batches"
                                  : "--batches: batch " + std::to_string(i + 1) + " of " + std::to_string(parts.size());
    if (!p.ok && p.error.code == ParseCode::Empty)
      return which + " has no ID (batches are separated by ';' and need an ID each, e.g. --batches \"2,3,1;0,2\")";
    if (!p.ok) return which + ": " + p.error.clause();
    largest = std::max(largest, p.ids.size());
    o.batches.push_back(std::move(p.ids));
  }
  return "";
}

// --train-print's checks (after every flag): it trains the seeded table on --batches.
// Without it, --batches, --optimizer, --lr and --grad set up the window's slide 9.
std::string validate_training(CliOptions& o, bool others, bool printing) {
  const bool batches_given = o.batches_text.has_value();
  size_t largest = 0;
  if (!o.train_print) {
    if (o.train_flag.empty()) return "";
    if (printing || o.train_steps_given)
      return (printing ? o.train_flag : std::string("--steps")) +
             " sets up --train-print's training: give --train-print too";
    return batches_given ? parse_batches(o, largest) : "";
  }
  if (others)
    return "--train-print prints the training and exits: give it without another mode, --ids, --text, --weights "
           "or --dtype";
  if (!batches_given) return "--train-print needs --batches, e.g. --batches \"2,3,1;0,2\" (one batch of IDs a step)";
  if (!o.optimizer) return "--train-print needs --optimizer: sgd, momentum, adam, adamw or sparse_adam";
  if (std::string e = parse_batches(o, largest); !e.empty()) return e;
  if (!o.vocab) {
    int64_t v = 0;
    for (const IdList& b : o.batches) v = std::max(v, vocab_for_ids(b));
    o.vocab = v;  // max ID + 1 over every batch, as train-oracle makes it
  }
  int64_t vocab = o.vocab.value_or(0);
  for (const IdList& b : o.batches) vocab = std::max(vocab, vocab_for_ids(b));
  return table_size_error(static_cast<int64_t>(largest), vocab, o.dim);
}

// --map-json, --components and --map-npy (the map: core/nearest/map_cli.hpp): one "--flag
// value" applied; an error or "".
bool map_flag(std::string_view name) { return name == "--map-json" || name == "--components" || name == "--map-npy"; }
std::string apply_map_flag(CliOptions& o, std::string_view name, std::string_view v) {
  if (name == "--map-json") {
    o.map_json = true;
    return "";
  }
  if (name == "--components") {
    auto n = int_in_range(v, 1, kMaxPcaComponents);
    if (!n)
      return "--components must be a whole number from 1 to " + std::to_string(kMaxPcaComponents) + " (got " +
             quoted_input(v) + ")";
    o.map_components = static_cast<int>(*n);
    o.map_components_given = true;
    return "";
  }
  if (v.empty()) return "--map-npy needs a file name, e.g. --map-npy map.npy";  // --map-npy
  o.map_npy = std::string(v);
  return "";
}

// --nearest, --k and --metric (what a row means: core/nearest/), and the map's flags: one
// "--flag value" applied; an error or "".
bool nearest_flag(std::string_view name) {
  return name == "--nearest" || name == "--k" || name == "--metric" || map_flag(name);
}
std::string apply_nearest_flag(CliOptions& o, std::string_view name, std::string_view v) {
  if (map_flag(name)) return apply_map_flag(o, name, v);
  if (name == "--nearest") {
    auto n = int_in_range(v, 0, kMaxTableElements - 1);
    if (!n)
      return "--nearest must be a row of the table, a whole number from 0 up, e.g. --nearest 42 (got " +
             quoted_input(v) + ")";
    o.nearest = *n;
    return "";
  }
  if (name == "--k") {
    auto n = int_in_range(v, 1, kMaxNearestK);
    if (!n)
      return "--k must be a number of rows from 1 to " + with_commas(kMaxNearestK) + " (got " + quoted_input(v) + ")";
    o.nearest_k = *n;
    o.nearest_k_given = true;
    return "";
  }
  if (!parse_nearest_metric(v, &o.metric))  // --metric
    return "--metric must be cosine, dot or l2 (got " + quoted_input(v) + ")";
  o.metric_given = true;
  return "";
}

// --size and --scale: the window's (and the images') size and scale.
std::string apply_window_flag(CliOptions& o, std::string_view name, std::string_view v) {
  if (name == "--size") {
    size_t x = v.find_first_of("xX");
    std::optional<int64_t> w, h;
    if (x != std::string_view::npos) {
      w = int_in_range(v.substr(0, x), kMinSizePixels, kMaxSizePixels);
      h = int_in_range(v.substr(x + 1), kMinSizePixels, kMaxSizePixels);
    }
    if (!w || !h)
      return "--size must be WIDTHxHEIGHT in pixels, each from " + std::to_string(kMinSizePixels) + " to " +
             std::to_string(kMaxSizePixels) + " (got " + quoted_input(v) + ")";
    o.width = static_cast<int>(*w);
    o.height = static_cast<int>(*h);
    o.size_given = true;
    return "";
  }
  auto f = number_in_range(v, kMinScale, kMaxScale);  // --scale
  if (!f)
    return "--scale must be a number from " + limit_text(kMinScale) + " to " + limit_text(kMaxScale) + " (got " +
           quoted_input(v) + ")";
  o.scale = static_cast<float>(*f);
  return "";
}

// --slide-value NAME=VALUE[,NAME=VALUE...]: slides' own controls, as the session keeps them
// ("slide_value = NAME VALUE"). The characters are checked here; what a value means is the
// slide's (the app checks that a slide took each: app/deck/slide_host.hpp).
std::string apply_slide_values(CliOptions& o, std::string_view v) {
  const std::string example = " (e.g. --slide-value scale.view=map)";
  o.slide_value_given = true;
  if (v.empty()) return "--slide-value needs NAME=VALUE" + example;
  size_t start = 0;
  while (start <= v.size()) {
    const size_t comma = std::min(v.find(',', start), v.size());
    const std::string_view item = v.substr(start, comma - start);
    const size_t eq = item.find('=');
    const std::string_view name = item.substr(0, std::min(eq, item.size()));
    const std::string_view value = eq == std::string_view::npos ? std::string_view() : item.substr(eq + 1);
    if (eq == std::string_view::npos || !slide_value_word_fits(name, false) || !slide_value_word_fits(value, true))
      return "--slide-value takes NAME=VALUE pairs, NAME of a-z, 0-9, _ and ., VALUE of letters, digits, _ . + -, "
             "each at most " +
             std::to_string(kMaxSlideValueText) + " characters (got " + quoted_input(item) + ")";
    for (const SettingsSlideValue& x : o.slide_values)
      if (x.name == name)
        return "--slide-value sets " + std::string(name) + " twice, or an option set it too: give it once";
    if (o.slide_values.size() >= kMaxSettingsSlideValues)
      return "--slide-value takes at most " + std::to_string(kMaxSettingsSlideValues) + " values";
    o.slide_values.push_back({std::string(name), std::string(value)});
    start = comma + 1;
  }
  return "";
}

// Applies one "--flag value"; returns an error or "".
std::string apply(CliOptions& o, std::string_view name, std::string_view v, std::string& ids_text, bool& ids_given) {
  if (const CliFamily* fam = family_of_flag(name)) {  // a slide's own flag
    if (fam->print_flag && name == fam->print_flag) {
      o.slide_print = std::string(name);
      return "";
    }
    o.slide_flags.emplace_back(name);
    return fam->apply(o, name, v);
  }
  if (name == "--seed") {
    SeedParse s = parse_seed(v, TypedIn::CommandLine);
    if (!s.ok) return s.error.message;
    o.seed = s.seed;
    o.seed_text = std::move(s.seed_text);
    return "";
  }
  if (name == "--ids") {
    ids_text = std::string(v);
    ids_given = true;
    return "";
  }
  if (text_flag(name)) return apply_text_flag(o, name, v);
  if (name == "--quiz-seed" || name == "--export-worksheet" || name == "--worksheet-count")
    return apply_quiz_flag(o, name, v);
  if (name == "--batches" || name == "--optimizer" || name == "--lr" || name == "--steps" || name == "--grad")
    return apply_train_flag(o, name, v);
  if (nearest_flag(name)) return apply_nearest_flag(o, name, v);
  if (name == "--dim") {
    o.dim_given = true;
    auto d = int_in_range(v, 1, kMaxDim);
    if (!d) return "--dim must be a whole number from 1 to " + with_commas(kMaxDim) + " (got " + quoted_input(v) + ")";
    o.dim = *d;
    return "";
  }
  if (name == "--vocab") {
    auto d = int_in_range(v, 1, kMaxVocab);
    if (!d)
      return "--vocab must be a whole number from 1 to " + with_commas(kMaxVocab) + " (got " + quoted_input(v) + ")";
    o.vocab = *d;
    return "";
  }
  if (name == "--slide") {
    o.slide_given = true;
    auto d = int_in_range(v, 0, last_slide());
    if (!d)
      return "--slide must be a slide number from 0 to " + std::to_string(last_slide()) + " (got " + quoted_input(v) +
             ")";
    o.slide = static_cast<int>(*d);
    return "";
  }
  if (name == "--step") {
    auto d = int_in_range(v, 0, kMaxStep);
    if (!d)
      return "--step must be a whole number from 0 to " + with_commas(kMaxStep) + " (got " + quoted_input(v) + ")";
    o.step = static_cast<int>(*d);
    return "";
  }
  if (name == "--size" || name == "--scale") return apply_window_flag(o, name, v);
  if (name == "--weights") {
    if (v.empty()) return "--weights needs a file: FILE.npy, FILE.safetensors[:NAME] or FILE.gguf[:NAME]";
    if (v == "-") return "lookupviz cannot read a table from standard input: give a file name";
    if (o.weights_positional) return "the table is given twice: give FILE or --weights FILE, not both";
    if (!o.weights.empty()) return "--weights is given twice: give one table file";
    o.weights = std::string(v);
    return "";
  }
  if (name == "--bench-frames") {
    auto n = int_in_range(v, 1, 100'000);
    if (!n) return "--bench-frames must be a number of frames from 1 to 100,000 (got " + quoted_input(v) + ")";
    o.bench_frames = static_cast<int>(*n);
    return "";
  }
  if (name == "--dtype") {
    if (v == "float32") o.dtype = TableDtype::Float32;
    else if (v == "float16") o.dtype = TableDtype::Float16;
    else if (v == "bfloat16") o.dtype = TableDtype::BFloat16;
    else return "--dtype must be float32, float16 or bfloat16 (got " + quoted_input(v) + ")";
    return "";
  }
  if (name == "--export-gif") {
    if (v.empty()) return "--export-gif needs a file name, e.g. --export-gif slide-02.gif";
    o.export_gif = std::string(v);
    return "";
  }
  if (name == "--slide-value") return apply_slide_values(o, v);
  if (name == "--screenshot" || name == "--export-slides") {
    if (v.empty()) return std::string(name) + (name == "--screenshot" ? " needs a file name" : " needs a folder name");
    (name == "--screenshot" ? o.screenshot : o.export_slides) = std::string(v);
    return "";
  }
  // Switches.
  if (name == "--print") o.print = true;
  else if (name == "--help" || name == "-h") o.help = true;
  else if (name == "--version") o.version = true;
  else if (name == "--light") o.light = true;
  else if (name == "--reduced-motion") o.reduced_motion = true;
  else if (name == "--present") o.present = true;
  else if (name == "--ask") o.ask = true;
  else if (name == "--quiz") o.quiz = true;
  else if (name == "--tour") o.tour = true;
  else if (name == "--bench-edits") o.bench_edits = true;
  else if (name == "--layout-report") o.layout_report = true;
  else if (name == "--reset") o.reset = true;
  else if (name == "--quiz-json") o.quiz_json = true;
  else if (name == "--train-print") o.train_print = true;
  else if (name == "--norms") o.norms = true;
  return "";
}

std::string check_sizes(const CliOptions& o);
// A positional FILE[:NAME]: the table to open, as --weights FILE[:NAME] is.
std::string apply_file(CliOptions& o, std::string_view a) {
  if (a.empty()) return "the table file name is empty (see --help)";
  if (a == "-") return "lookupviz cannot read a table from standard input: give a file name";
  if (a.size() > 4095)  // PATH_MAX: no such file can exist, and the name would flood the error line
    return "the file name " + quoted_input(a) + " is too long (" + with_commas(a.size()) + " bytes; at most 4,095)";
  if (o.weights_positional)
    return "give one table file, not two (" + quoted_input(o.weights) + " and " + quoted_input(a) + ")";
  if (!o.weights.empty()) return "the table is given twice: give FILE or --weights FILE, not both";
  o.weights = std::string(a);
  o.weights_positional = true;
  return "";
}

// --nearest / --norms against the other flags, and a seeded table's row against its rows
// (a file's rows are known once it is loaded: core/nearest/nearest_cli.cpp). modes: the
// other modes that exit.
std::string validate_nearest(const CliOptions& o, int modes) {
  const bool asked = o.nearest || o.norms;
  if (o.nearest && o.norms) return "give --nearest ID or --norms, not both";
  if (asked && (modes > 0 || o.quiz_json || o.tour || !o.screenshot.empty()))
    return std::string(o.nearest ? "--nearest ID" : "--norms") +
           " prints its rows as JSON and exits: give it without another mode (--print, --quiz-json, --screenshot, "
           "--tokenize, ...)";
  if (o.nearest_k_given && !asked) return "--k K is how many rows --nearest ID or --norms lists: give one of them too";
  if (o.metric_given && !o.nearest) return "--metric chooses how --nearest ID compares rows: give --nearest too";
  if (o.nearest && o.weights.empty() && *o.nearest >= effective_vocab(o))
    return "--nearest " + std::to_string(*o.nearest) + " is outside the table: it has " +
           counted(effective_vocab(o), "row") + ", 0 to " + with_commas(effective_vocab(o) - 1) +
           " (--vocab V sets the seeded table's rows)";
  return "";
}

// --map-json against the other flags; --components and --map-npy go with it. modes: the
// other modes that exit.
std::string validate_map(const CliOptions& o, int modes) {
  if (!o.map_json) {
    if (o.map_components_given) return "--components K is how many components --map-json gives: give --map-json too";
    if (!o.map_npy.empty()) return "--map-npy FILE writes --map-json's coordinates: give --map-json too";
    return "";
  }
  if (modes > 0 || o.quiz_json || o.nearest || o.norms || !o.slide_print.empty() || o.tour || o.quiz ||
      !o.screenshot.empty())
    return "--map-json prints the table's principal components and exits: give it without another mode (--print, "
           "--quiz-json, --screenshot, --nearest, ...)";
  return "";
}

// Checks that need every flag: the IDs against the vocabulary, the sizes, the modes.
std::string validate(CliOptions& o, const std::string& ids_text, bool ids_given) {
  const bool others = o.print || !o.screenshot.empty() || !o.export_slides.empty() || o.bench_frames > 0 ||
                      !o.export_gif.empty() || o.layout_report || o.tokenize || o.detokenize ||
                      !o.export_worksheet.empty() || o.quiz_json || o.quiz || o.tour || ids_given || o.text ||
                      !o.weights.empty() || o.dtype != TableDtype::Float32 || !o.slide_print.empty();
  const bool printing = o.print || o.tokenize || o.detokenize || o.quiz_json || !o.export_worksheet.empty() ||
                        o.bench_frames > 0 || o.nearest.has_value() || o.norms || !o.slide_print.empty() || o.map_json;
  // --quiz-json and --export-worksheet ask slide 9's rows_moved question: they read slide 9's
  // --batches, --optimizer, --lr and --grad as the window does (core/quiz/quiz_json.hpp cli_model).
  const bool asks_slide_9 = o.quiz_json || !o.export_worksheet.empty();
  // --bench-frames draws the window's slides: slide 9 set up by --batches, --optimizer, --lr.
  const bool bench_only = o.bench_frames > 0 && !o.print && !o.tokenize && !o.detokenize && !o.quiz_json &&
                          o.export_worksheet.empty() && !o.nearest && !o.norms && !o.map_json;
  const bool printing_only = printing && !asks_slide_9 && !bench_only;
  if (std::string e = validate_training(o, others, printing_only); !e.empty() || o.train_print) return e;
  // A table file sets the shape itself; the IDs are checked against it once loaded.
  if (!o.weights.empty() && (o.vocab || o.dim_given)) return "--weights sets the table's shape: drop --vocab and --dim";
  if (o.text && ids_given) return "give --ids or --text, not both";
  if (ids_given) {
    IdRules rules;
    if (o.vocab) rules.vocab = *o.vocab;
    // IDs index the table they are used with: a file's rows can pass the seeded V limit.
    if (!o.weights.empty()) rules.max_id = kMaxTableElements - 1;
    IdParse p = parse_ids(ids_text, rules);
    if (!p.ok) {
      if (p.error.code == ParseCode::Empty)
        return "--ids needs at least one ID, e.g. --ids 2,3,1 (IDs are separated by commas or spaces; empty items are "
               "skipped)";
      return p.error.clause();  // the command line's errors have no final period
    }
    o.ids = std::move(p.ids);
  } else if (o.vocab && !o.text) {  // --text's IDs are checked once tokenized (apply_text_ids)
    for (int64_t id : o.ids)
      if (id >= *o.vocab)
        return std::to_string(id) + " (one of the default IDs 2, 3, 1) is out of range for --vocab " +
               std::to_string(*o.vocab) + ": give --ids too, or --vocab 4 or more";
  }
  if (!o.text) {  // --text's sizes are known once it is tokenized (apply_text_ids)
    if (std::string e = check_sizes(o); !e.empty()) return e;
  }
  int modes = (o.print ? 1 : 0) + (o.screenshot.empty() ? 0 : 1) + (o.export_slides.empty() ? 0 : 1) +
              (o.bench_frames > 0 ? 1 : 0) + (o.export_gif.empty() ? 0 : 1) + (o.layout_report ? 1 : 0) +
              (o.tokenize ? 1 : 0) + (o.detokenize ? 1 : 0) + (o.export_worksheet.empty() ? 0 : 1);
  if (modes > 1)
    return "choose one of --print, --screenshot, --export-slides, --export-gif, --export-worksheet, --layout-report, "
           "--bench-frames, --tokenize and --detokenize";
  if (std::string e = validate_nearest(o, modes); !e.empty()) return e;
  if (std::string e = validate_map(o, modes); !e.empty()) return e;
  for (const CliFamily* fam : families())
    if (fam->validate)
      if (std::string e = fam->validate(o, modes, printing_only); !e.empty()) return e;
  // --slide-value sets the controls of slides drawn: the window and its pictures, where the slides
  // check that they took each value (app/deck/slide_host.hpp), not a mode that prints.
  if (o.slide_value_given && (o.print || o.tokenize || o.detokenize || o.quiz_json || o.nearest || o.norms ||
                              o.map_json || o.train_print || !o.slide_print.empty()))
    return "--slide-value sets the controls of slides drawn (the window, --screenshot, --export-slides, ...): "
           "a mode that prints draws none";
  if (o.quiz_json && modes > 0)
    return "--quiz-json prints the questions and exits: give it without --print, --screenshot, --export-slides, "
           "--export-gif, --export-worksheet, --layout-report, --bench-frames, --tokenize or --detokenize";
  if (o.quiz_seed && !o.quiz_json && !o.quiz && o.export_worksheet.empty())
    return "--quiz-seed N chooses the questions of --quiz-json, --quiz or --export-worksheet: give one of them too";
  if (o.worksheet_count > 0 && o.export_worksheet.empty())
    return "--worksheet-count N is the number of questions --export-worksheet FILE.md writes: give both";
  if (o.tour && (modes > 0 || o.quiz_json))
    return "--tour plays the slides in the window: give it without a mode that exits";
  if (o.bench_edits && o.bench_frames == 0) return "--bench-edits times edits for --bench-frames N: give both";
  if (o.special && !o.tokenize)
    return "--special adds the tokenizer's special tokens to --tokenize's IDs: give --tokenize TEXT (or --text-file "
           "FILE) too";
  return "";
}

// The table and the one-hot matrix must fit: V × D and B × V.
std::string check_sizes(const CliOptions& o) {
  // Both products are < 2^63: V <= 10^7, D <= 65,536, B <= 4,096. A file's table is
  // checked once loaded (main's load_weights: IDs against its rows, IDs × rows).
  const int64_t v = o.weights.empty() ? effective_vocab(o) : 1;
  return table_size_error(static_cast<int64_t>(o.ids.size()), v, o.dim);
}

}  // namespace

CliParse parse_cli(const std::vector<std::string>& args) {
  CliParse r;
  CliOptions& o = r.options;
  // --help and --version win over anything else on the line, even mistakes.
  for (size_t i = 1; i < args.size(); ++i) {
    if (args[i] == "--help" || args[i] == "-h") {
      o.help = true;
      r.ok = true;
      return r;
    }
    if (args[i] == "--version") {
      o.version = true;
      r.ok = true;
      return r;
    }
  }
  std::string ids_text;
  bool ids_given = false;
  bool options_ended = false;          // after "--", every argument is a FILE
  std::vector<std::string_view> seen;  // each option at most once: a repeat is an error, never a silent override
  for (size_t i = 1; i < args.size(); ++i) {
    std::string_view a = args[i];
    if (a == "--" && !options_ended) {
      options_ended = true;
      continue;
    }
    if (options_ended || a.empty() || a[0] != '-' || a == "-") {
      std::string err = apply_file(o, a);
      if (!err.empty()) {
        r.error = err;
        return r;
      }
      continue;
    }
    size_t eq = a.find('=');
    std::string_view name = a.substr(0, eq);
    const Flag* f = find_flag(name);
    if (!f) {
      r.error = "unknown option " + shown_input(name) + " (see --help)";
      return r;
    }
    if (std::find(seen.begin(), seen.end(), f->name) != seen.end()) {
      r.error = f->name == "--weights" ? "--weights is given twice: give one table file"
                                       : std::string(f->name) + " is given twice: give each option once (see --help)";
      return r;
    }
    seen.push_back(f->name);
    std::string_view value;
    if (f->kind == Kind::kSwitch) {
      if (eq != std::string_view::npos) {
        r.error = std::string(name) + " takes no value (see --help)";
        return r;
      }
    } else if (eq != std::string_view::npos) {
      value = a.substr(eq + 1);
    } else if (i + 1 < args.size() && !(args[i + 1].size() > 2 && args[i + 1].compare(0, 2, "--") == 0)) {
      value = args[++i];
    } else {
      r.error = std::string(name) + " needs a value, e.g. " + std::string(f->example);
      return r;
    }
    std::string err = apply(o, name, value, ids_text, ids_given);
    if (!err.empty()) {
      r.error = err;
      return r;
    }
  }
  r.error = validate(o, ids_text, ids_given);
  r.ok = r.error.empty();
  return r;
}

std::string read_text_input(const std::string& from, std::string* text, std::string_view flag_name) {
  const bool stdin_ = from == "-";
  const std::string flag = stdin_ && flag_name == "--text-file" ? "--tokenize -"
                           : stdin_                             ? std::string(flag_name) + " -"
                                                                : std::string(flag_name);
  const std::string what = stdin_ ? "standard input" : from;
  const int fd = stdin_ ? STDIN_FILENO : open(from.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) return flag + ": cannot open " + from + ": " + std::strerror(errno);
  struct stat st {};
  std::string err;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    err = flag + ": " + what + " is a folder, not a text file";
  } else if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && static_cast<uint64_t>(st.st_size) > kMaxTokenizeBytes) {
    err = flag + ": " + what + " holds " + with_commas(static_cast<uint64_t>(st.st_size)) + " bytes; at most " +
          with_commas(static_cast<uint64_t>(kMaxTokenizeBytes)) + " are tokenized";
  } else {
    // Read to the end, never past the cap (+1 byte to see it is over): /dev/zero or a
    // pipe that never ends is refused, not read for ever.
    text->clear();
    // A file's size known: room for it at once (growing by doubling held up to 3 times it).
    if (S_ISREG(st.st_mode) && st.st_size > 0) text->reserve(static_cast<size_t>(st.st_size) + 1);
    char buf[65536];
    while (err.empty()) {
      const ssize_t n = read(fd, buf, std::min(sizeof buf, kMaxTokenizeBytes + 1 - text->size()));
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) err = flag + ": cannot read " + what + ": " + std::strerror(errno);
      if (n <= 0) break;
      text->append(buf, static_cast<size_t>(n));
      if (text->size() > kMaxTokenizeBytes)
        err = flag + ": " + what + " holds more than " + with_commas(static_cast<uint64_t>(kMaxTokenizeBytes)) +
              " bytes; at most that many are tokenized";
    }
  }
  if (!stdin_) close(fd);
  if (err.empty()) err = utf8_problem(flag, *text);
  if (!err.empty()) text->clear();
  return err;
}

TrainPrintOptions train_print_options(const CliOptions& o) {
  TrainPrintOptions t;
  t.seed = o.seed;
  t.batches = o.batches;
  t.vocab = o.vocab.value_or(0);
  t.dim = o.dim;
  t.config.optimizer = o.optimizer.value_or(TrainOptimizer::Sgd);
  t.config.lr = o.lr;
  t.config.randn_grad = o.grad_seed.has_value();
  t.config.grad_seed = o.grad_seed.value_or(0);
  t.steps = o.train_steps;
  return t;
}

int64_t effective_vocab(const CliOptions& o) { return o.vocab ? *o.vocab : vocab_for_ids(o.ids); }

bool needs_tokenizer(const CliOptions& o) { return o.text || o.tokenize || o.detokenize; }

std::string apply_text_ids(CliOptions& o, const Tokenizer& tokenizer) {
  if (!o.text) return "";
  const Encoding e = tokenizer.encode(*o.text);
  if (!e.ok) return "--text: " + e.error;
  if (e.ids.empty()) return "--text gives no tokens: give some text, e.g. --text \"Hello, world\"";
  if (e.ids.size() > kMaxIds)
    return "--text gives " + with_commas(e.ids.size()) + " tokens: at most " + with_commas(kMaxIds) + " IDs";
  if (o.vocab) {
    for (int64_t id : e.ids)
      if (id >= *o.vocab)
        return "--text gives token " + std::to_string(id) + ", out of range for --vocab " + with_commas(*o.vocab) +
               ": " + (tokenizer.name() == "GPT-2" ? "GPT-2's" : "its tokenizer's") + " IDs need --vocab " +
               std::to_string(tokenizer.vocab_size());
  } else if (o.weights.empty()) {
    o.vocab = tokenizer.vocab_size();  // GPT-2's table; a file's rows decide with --weights
  }
  o.ids = e.ids;
  return check_sizes(o);
}

std::string cli_version_text() { return "lookupviz " LOOKUPVIZ_VERSION "\n"; }

// --help's lines for the questions' options (their own block: cli_help_text stays short).
// Learn mode's options, among the view's.
constexpr const char* kLearnHelp = R"(  --ask             Learn mode: each slide asks a question before it shows
                    the answer (A turns it on or off; the session keeps it)
  --quiz            start with a quiz: 5 questions from fresh random states
                    (Q in the window), then a score; --quiz-seed N repeats one
  --tour            play every slide hands-free (T); any key stops it)";

constexpr const char* kQuizHelp = R"(  --quiz-json          print the questions every slide asks about this state,
                       with their answers, as one JSON object, and exit (the
                       same model options as --print)
  --quiz-seed N        with --quiz-json: draw the questions' params (which
                       output row, which cell, which position) from N, 0 to
                       2^63-1; without it, fixed ones. With --quiz or
                       --export-worksheet: draw the questions as the quiz
                       does, each about its own fresh small state (the same
                       N, the same quiz and the same file)
  --export-worksheet FILE.md
                       a Markdown worksheet for a class: the questions of
                       --quiz-json about this state (or --quiz-seed's), each
                       with its slide's picture before the reveal (PNG files
                       beside FILE: FILE-q1-slide0.png, ...), a line to
                       answer on, and an answer key with each answer's why;
                       at --size, --present's layout (add --light to print)
  --worksheet-count N  the worksheet's number of questions, 1 to @MAX_WORKSHEET@ (default:
                       all of the state's; with --quiz-seed, 5))";

// --help's lines for --train-print and its options (their own block: cli_help_text stays short).
constexpr const char* kTrainHelp = R"(  --train-print        train the seeded table with a torch.optim optimizer and
                       print, after each step, the rows that moved and
                       embedding.weight, as PyTorch 1.13 prints them; exit
                       (--train-print --batches "2;0" --optimizer adamw)
  --batches "2,3;0"    the IDs of each step, batches separated by ';'
                       (cycled; V is max ID + 1 unless --vocab)
  --optimizer NAME     sgd, momentum (SGD, momentum 0.9), adam, adamw
                       (weight decay 0.01) or sparse_adam (sparse=True)
  --lr LR              the learning rate, 0 to @MAX_LR@            (default 0.1)
  --steps K            optimizer steps, 1 to @MAX_STEPS@             (default 3)
  --grad G             the upstream gradient: ones (loss = out.sum()) or
                       randn:GSEED (torch.randn(B, D) after
                       torch.manual_seed(GSEED + step))         (default ones))";
// What a row means (core/nearest/), among the headless modes.
constexpr const char* kNearestHelp = R"(  --nearest ID         the k rows of the whole table nearest to row ID (the
                       row itself left out), best first, as one JSON object:
                       {"id": ID, "metric": "cosine", "neighbours": [{"row":
                       r, "score": s}, ...]}, then exit; the same model
                       options as --print (--seed, --vocab, --dim, --weights,
                       --dtype); every row is read, on every core; the
                       best candidates are scored again in double (a copy
                       or positive multiple scores exactly 1: a cosine within
                       1e-12 of 1 is 1), equal scores go to the lower row;
                       a row holding NaN or inf: "neighbours": [] with a
                       "why", exit 2
  --metric M           with --nearest: cosine (default), dot (the tied
                       output head's logit) or l2 (the distance, lowest first)
  --norms              the k rows of lowest and of highest L2 norm, as JSON
                       {"rows": V, "lowest": [{"row": r, "norm": n}, ...],
                       "highest": [...]}; rows training never reached keep
                       their initial norm; NaN or inf norms are listed apart
                       as "non_finite" (stderr says so)
  --k K                how many rows --nearest or --norms lists, 1 to @MAX_K@
                       (default 10))";

// The whole table's principal components (core/nearest/table_pca.hpp), among the headless modes.
constexpr const char* kMapHelp = R"(  --map-json           the whole table's principal components (the table
                       centred by its mean row; a randomized SVD reading
                       every row 4 times, on every core), as one JSON object:
                       {"rows": V, "cols": D, "components": K,
                       "explained_variance_ratio": [...], "singular_values":
                       [...]}, then exit; the same model options as --print
  --components K       how many components --map-json gives, 1 to @MAX_COMPONENTS@
                                                                 (default 3)
  --map-npy FILE       with --map-json: write every row's K coordinates (its
                       centred row times each component) to FILE, a V x K
                       float32 .npy)";

// --help's ways to run it, one line each (their own block: cli_help_text stays short).
constexpr const char* kUsageHelp = R"(Usage:
  lookupviz [options] [FILE[:NAME]]        open the window (on FILE's table)
  lookupviz --print [model options]        print the notebook transcript, exit
  lookupviz --screenshot FILE.png [opts]   render one slide to a PNG, exit
  lookupviz --export-slides DIR [opts]     render every slide to DIR, exit
  lookupviz --tokenize TEXT                print TEXT's GPT-2 token IDs, exit
  lookupviz --text-file F | --tokenize -   the same for F's text or stdin
  lookupviz --detokenize LIST              print GPT-2 token IDs' text, exit
  lookupviz --export-gif FILE.gif [opts]   the slide's animation as a GIF, exit
  lookupviz --quiz-json [model options]    this state's questions as JSON, exit
  lookupviz --nearest ID | --norms [opts]  nearest rows or norms as JSON, exit
  lookupviz --map-json [opts]              principal components as JSON, exit
  lookupviz --export-worksheet F.md [opts] a worksheet with pictures, exit
  lookupviz --train-print [train options]  optimizer steps on the table, exit)";

namespace {

// --slide's list of slides, "0 Text → token IDs, 1 The table, …", wrapped under the
// option's text (column 20, lines of at most 78 columns; a title is never split).
std::string slide_list_lines(const std::vector<std::string>& titles) {
  constexpr size_t kIndent = 20, kWidth = 78;
  std::string out, line;
  size_t line_cols = 0;  // the line's width in code points (a title holds an arrow)
  auto cols = [](const std::string& s) {
    size_t n = 0;
    for (unsigned char c : s) n += (c & 0xC0) != 0x80;
    return n;
  };
  for (size_t k = 0; k < titles.size(); ++k) {
    const std::string item = std::to_string(k) + " " + titles[k] + (k + 1 < titles.size() ? "," : "");
    if (!line.empty() && kIndent + line_cols + 1 + cols(item) > kWidth) {
      out += std::string(kIndent, ' ') + line + "\n";
      line.clear();
      line_cols = 0;
    }
    if (!line.empty()) line += ' ', ++line_cols;
    line += item;
    line_cols += cols(item);
  }
  if (!line.empty()) out += std::string(kIndent, ' ') + line + "\n";
  return out;
}

}  // namespace

namespace {

// The limits --help names, from the constants the parser checks (never retyped by hand).
template <class Put>
void put_limits(Put& put) {
  put("@MAX_IDS@", with_commas(kMaxIds));
  put("@MAX_DIM@", with_commas(kMaxDim));
  put("@MAX_VOCAB@", with_commas(kMaxVocab));
  put("@MAX_ELEMENTS@", with_commas(kMaxSeededElements));
  put("@MIN_SIZE@", std::to_string(kMinSizePixels));
  put("@MAX_SIZE@", std::to_string(kMaxSizePixels));
  put("@MIN_SCALE@", limit_text(kMinScale));
  put("@MAX_SCALE@", limit_text(kMaxScale));
  put("@MAX_TOKENIZE_MIB@", std::to_string(kMaxTokenizeBytes >> 20));
  put("@MAX_WORKSHEET@", std::to_string(kMaxWorksheetCount));
  put("@MAX_LR@", limit_text(kMaxLearningRate));
  put("@MAX_STEPS@", with_commas(kMaxTrainSteps));
  put("@MAX_K@", with_commas(kMaxNearestK));
  put("@MAX_COMPONENTS@", std::to_string(kMaxPcaComponents));
}

}  // namespace

// --help's block on the tokenizer's modes (its limits are filled in by put_limits).
constexpr const char* kTokenizeHelp = R"(  --tokenize TEXT      print TEXT's GPT-2 token IDs as a Python list, as
                       print(tokenizer.encode(text, allowed_special=
                       {"<|endoftext|>"})) does with tiktoken, and exit;
                       --tokenize - reads the text from standard input
  --text-file FILE     --tokenize with FILE's text (any length up to @MAX_TOKENIZE_MIB@ MiB;
                       an argument holds at most 131,071 bytes)
  --special            with --tokenize: add the tokenizer's special tokens as
                       encode(text, add_special_tokens=True) does (its
                       tokenizer.json's post-processor: BERT's [CLS] ... [SEP],
                       Llama's <s> ...); GPT-2's has none
  --tokenize-lines F   many texts in one run: each line of F (- for standard
                       input) is one JSON string ("Hello,\nworld", as a
                       .jsonl file holds them); each text's IDs are printed
                       as a Python list on a line of their own, then exit
  --detokenize LIST    print the text of GPT-2 token IDs (15496,11 or
                       "[15496, 11]"), as print(tokenizer.decode(ids)), exit;
                       "", "[]" or "[ ]" is no IDs (what --tokenize "" prints))";

std::string cli_help_text(const std::vector<std::string>& slide_titles) {
  // The slide numbers come from deck_size() (the app's registry, given at start);
  // their titles from the app's registry (main passes them: core does not know the slides).
  std::string text = R"(lookupviz — see, step by step, that an embedding lookup is a matrix multiply
on a one-hot vector, and why the lookup is the optimization.

@USAGE@

The model (as in the notebook):
  --seed N          torch.manual_seed(N), -2^63 to 2^64-1       (default 123)
  --ids LIST        token IDs: 2,3,1 or "2 3 1" or "[2, 3, 1]"  (default 2,3,1)
                    at most @MAX_IDS@ IDs; commas or spaces separate them,
                    empty items are skipped ("1,,2" is 1, 2)
  --text TEXT       the IDs from TEXT by GPT-2's tokenizer (tiktoken's
                    "gpt2", <|endoftext|> allowed), instead of --ids;
                    V becomes 50,257 unless --vocab says otherwise;
                    the window opens in Text mode (slide 0 shows
                    how the tokenizer made the IDs)
  --dim D           out_dim, the embedding size, 1 to @MAX_DIM@    (default 5)
  --vocab V         num_idx, the table's rows, 1 to @MAX_VOCAB@
                    (default max(ids)+1, as in the notebook)
                    rows x dim and IDs x rows: at most @MAX_ELEMENTS@ each
  --weights FILE    the table from a file instead of the seed: FILE.npy
                    (float32/16/64), FILE.safetensors[:NAME]
                    (F32/F16/BF16/F64) or FILE.gguf[:NAME] (F32/F16/
                    BF16, Q8_0, Q4_0/1, Q5_0/1, Q2_K..Q6_K; default
                    token_embd.weight), any 2-D tensor; sets V and D.
                    A FILE[:NAME] without --weights does the same; in the
                    window a file that cannot be read is reported there
                    and the seeded table is shown ("--" ends the options)
  --dtype T         round the table to float32, float16 or bfloat16
                    (default float32)

The window and the images:
  --slide K         the slide to show, 0 to @LAST@              (default 1)
@SLIDES@  --step S          the step the transport shows as "S / N": 0 is
                    before the first, N the last         (default: the last)
  --size WxH        size in pixels, @MIN_SIZE@ to @MAX_SIZE@ each       (default 1440x900)
                    the page is laid out for 1024x720 × the scale and up;
                    a smaller size draws it whole with smaller type
  --scale F         UI scale, @MIN_SCALE@ to @MAX_SCALE@                     (default: the screen)
  --light           the light theme                        (default: dark)
  --reduced-motion  every step shows its end state         (default: off)
  --present         start presenting: the slide fills the screen, the code
                    panels fold away (C shows them), F11 or Esc leaves
  --slide-value NAME=VALUE[,NAME=VALUE...]
                    a slide's own controls, as the session keeps them:
                    scale.view=map (slide 7's map view); every slide's
                    names are in the manual
@LEARN@
  --reset           start clean instead of resuming the last session
                    (plain `lookupviz` resumes it: slide, IDs, seed, D, V,
                    edited weights, theme, zoom, window; saved in
                    $XDG_CONFIG_HOME/lookupviz/, ~/.config by default)

Headless modes:
  --print              what PyTorch prints for the notebook's steps with this
                       seed, IDs, dim and vocab, character for character
  --screenshot FILE    render --slide/--step at --size to a PNG and exit
                       (needs an X server; without a screen: xvfb-run -a)
  --export-slides DIR  render every slide to DIR/slide-00.png ... slide-@LAST2@.png
                       (the file's number is the slide's) and exit
  --export-gif FILE    the animation of --slide K as a looping GIF at --size
                       (needs an X server, like --screenshot), then exit
  --layout-report      lay out every slide at every step at --size, --scale
                       (and --present) exactly as the window does, print it
                       as one JSON object and exit (needs an X server)
  --bench-frames N     time N frames of each slide (or of --slide K), the
                       first frame, 5 s of idling and the peak memory; print
                       the figures and exit
  --bench-edits        with --bench-frames N: N scripted edits instead (IDs
                       added, changed, removed, pasted; table cells; every
                       slide shown), each timed to its next complete frame,
                       and the private memory, with or without --weights
@TOKENIZE@
@QUIZ@
@TRAIN@
@NEAREST@
@FAMILIES@  --help, -h           show this text and exit
  --version            show the version and exit

Options take "--flag value" or "--flag=value", each at most once (a repeated
option is an error, never a silent override).

Exit codes:
  0  success
  2  bad usage or input (one line on stderr says what is wrong)
  1  the environment failed (no display, OpenGL below 3.3, a file not writable)

Examples:
  lookupviz --print --seed 7 --ids 0,4,4,9 --dim 3
  lookupviz --tokenize "Hello, do you like tea? <|endoftext|> In the sun"
)";
  auto put = [&text](std::string_view key, const std::string& value) {
    for (size_t at = text.find(key); at != std::string::npos; at = text.find(key, at + value.size()))
      text.replace(at, key.size(), value);
  };
  std::string usage = kUsageHelp, families_help;
  for (const CliFamily* fam : families()) {
    if (fam->usage) usage += std::string("\n") + fam->usage;
    if (fam->help) families_help += fam->help() + "\n";
  }
  put("@USAGE@", usage);  // first: it may hold the placeholders below
  char last2[16];
  std::snprintf(last2, sizeof last2, "%02d", last_slide());
  put("@LAST2@", last2);
  put("@LAST@", std::to_string(last_slide()));
  put("@SLIDES@", slide_list_lines(slide_titles));
  put("@QUIZ@\n", std::string(kQuizHelp) + "\n");
  put("@TRAIN@\n", std::string(kTrainHelp) + "\n");
  put("@NEAREST@\n", std::string(kNearestHelp) + "\n" + kMapHelp + "\n");
  put("@FAMILIES@", families_help);
  put("@LEARN@\n", std::string(kLearnHelp) + "\n");
  put("@TOKENIZE@\n", std::string(kTokenizeHelp) + "\n");
  put_limits(put);  // last: the blocks above hold limits too
  return text;
}

void set_cli_families(std::vector<const CliFamily*> f) { families() = std::move(f); }
const std::vector<const CliFamily*>& cli_families() { return families(); }

const CliFamily* cli_print_family(const CliOptions& o) {
  if (o.slide_print.empty()) return nullptr;
  for (const CliFamily* fam : families())
    if (fam->print_flag && o.slide_print == fam->print_flag) return fam;
  return nullptr;
}

std::string set_slide_value(CliOptions& o, std::string_view flag, std::string name, std::string value) {
  for (const SettingsSlideValue& x : o.slide_values)
    if (x.name == name) return std::string(flag) + " and --slide-value " + name + " both set it: give one";
  o.slide_values.push_back({std::move(name), std::move(value)});
  return "";
}

}  // namespace lv
