// cli_options.hpp — the command line of build/lookupviz, parsed and validated
// without side effects, so it can be unit-tested and fuzzed. Errors are one line
// in the user's words; main() prints "lookupviz: <error>" and exits 2.
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <memory>
#include <string>
#include <vector>

#include "core/train/trainer.hpp"
#include "core/nearest/nearest.hpp"
#include "core/settings/session_settings.hpp"
#include "core/torch/dtype_round.hpp"
#include "core/torch/tensor.hpp"

namespace lv {

// The slides are numbered 0..deck_size()-1: 0 is "Text → token IDs" (before the table),
// 1–5 the page's five (--slide 1 is the table), 6 and on beyond. The number is the index in
// the app's registry (app/slides/slides.hpp, LV_SLIDES), whose count the app gives core once
// at start (set_deck_size), before any option or session is read: core does not count the
// slides (a new slide changes no file here). 0 until then: every --slide is refused.
void set_deck_size(int slides);
int deck_size();
inline int last_slide() { return deck_size() - 1; }                // --slide accepts 0..last_slide()
inline constexpr int kMaxStep = 9'999;                             // --step accepts 0..kMaxStep
inline constexpr int64_t kMaxTrainSteps = 10'000;                  // --steps accepts 1..kMaxTrainSteps
inline constexpr int kMinSizePixels = 320, kMaxSizePixels = 8192;  // --size: each side
inline constexpr double kMinScale = 0.5, kMaxScale = 4.0;          // --scale
inline constexpr double kMaxLearningRate = 1000.0;                 // --lr accepts 0..this
inline constexpr int kMaxWorksheetCount = 8;                       // --worksheet-count accepts 1..this

struct CliOptions {
  // The model (as in the notebook).
  uint64_t seed = 123;                     // torch.manual_seed's value (negative seeds wrap to 2^64 + s)
  std::string seed_text = "123";           // the seed as Python prints it (canonical decimal, may be negative)
  IdList ids = {2, 3, 1};                  // --ids
  int64_t dim = 5;                         // --dim, out_dim
  std::optional<int64_t> vocab;            // --vocab; empty: max(ids) + 1
  bool dim_given = false;                  // --dim was on the command line
  std::string weights;                     // --weights FILE[:NAME] or a positional FILE[:NAME]: the table from a file
  bool weights_positional = false;         // it came as `lookupviz FILE` (a file manager's "Open with", %f):
                                           // the window opens even when the file cannot be read, and says why
  TableDtype dtype = TableDtype::Float32;  // --dtype: the table rounded to float16 / bfloat16
  std::optional<std::string> text;         // --text TEXT (well-formed UTF-8): the IDs come from GPT-2's
                                           // tokenizer, filled in by apply_text_ids() once it is loaded

  // Modes.
  bool print = false;                   // --print: the notebook transcript, no window
  bool help = false;                    // --help
  bool version = false;                 // --version
  std::optional<std::string> tokenize;  // --tokenize TEXT: print its GPT-2 IDs as a Python list
  std::string tokenize_from;            // --tokenize - ("-": standard input) or --text-file FILE: where the
                                        // text is read from (main reads it, read_text_input, into tokenize)
  bool tokenize_lines = false;          // --tokenize-lines FILE: each line of the text read from tokenize_from is a
                                        // JSON string; each one's IDs are printed on a line of their own
  std::optional<IdList> detokenize;     // --detokenize LIST: print the text of these GPT-2 IDs
  bool special = false;                 // --special: --tokenize adds the post-processor's special tokens
  bool quiz_json = false;               // --quiz-json: print this state's questions as JSON (core/quiz/), exit
  std::optional<uint64_t> quiz_seed;    // --quiz-seed N: the questions' params drawn from N; empty: fixed ones
  std::string export_worksheet;         // --export-worksheet FILE.md: questions, pictures beside it, a key; exit
  int worksheet_count = 0;              // --worksheet-count N; 0: all the state's (with --quiz-seed: 5)
  std::optional<int64_t> nearest;       // --nearest ID: print the row's nearest rows as JSON (core/nearest/), exit
  bool norms = false;                   // --norms: print the rows of lowest and highest L2 norm as JSON, exit
  int64_t nearest_k = 10;               // --k K: how many rows --nearest / --norms list, 1..kMaxNearestK
  bool nearest_k_given = false;
  NearestMetric metric = NearestMetric::kCosine;  // --metric cosine|dot|l2 (--nearest)
  bool metric_given = false;
  bool map_json = false;   // --map-json: the table's principal components as JSON (core/nearest/), exit
  int map_components = 3;  // --components K: how many, 1..kMaxPcaComponents
  bool map_components_given = false;
  std::string map_npy;  // --map-npy FILE: every row's K coordinates, a V × K float32 .npy

  // --train-print: optimizer steps on the seeded table (core/train/), what train-oracle prints.
  bool train_print = false;                 // --train-print: print each step's moved rows and the weight, exit
  std::optional<std::string> batches_text;  // --batches "2,3,1;0,2" as given: one batch of IDs a step
  std::vector<IdList> batches;              // its batches, checked (cycled over the steps)
  std::optional<TrainOptimizer> optimizer;  // --optimizer sgd|momentum|adam|adamw|sparse_adam
  double lr = 0.1;                          // --lr, the learning rate, 0 to 1,000
  int64_t train_steps = 3;                  // --steps K, 1 to kMaxTrainSteps
  bool train_steps_given = false;           // --steps was given (only --train-print takes it)
  std::optional<int64_t> grad_seed;         // --grad randn:GSEED (G = torch.randn after manual_seed(GSEED +
                                            // step)); empty: --grad ones (loss = out.sum())
  std::string train_flag;                   // the first of --batches, --optimizer, --lr, --steps, --grad given

  // A slide's own print-and-exit mode chosen (its CliFamily's print_flag, e.g. slide 10's
  // "--attention-print"; "": none) and its own flags given, in order (their settings are
  // slide values, below, as the session keeps them).
  std::string slide_print;
  std::vector<std::string> slide_flags;
  // --slide-value NAME=VALUE,...: slides' own controls, as the session's "slide_value" lines
  std::vector<SettingsSlideValue> slide_values;
  bool slide_value_given = false;  // --slide-value itself (a slide's own flags set slide values too)

  // The window and headless rendering.
  int slide = 1;                   // --slide K, the slide's number (0..last_slide(); 1: the table)
  int step = -1;                   // --step S as the transport counts ("S / N"; 0: before the first); -1: the last
  int width = 1440, height = 900;  // --size WxH
  bool size_given = false;
  float scale = 0.0f;           // --scale F; 0: the monitor's content scale
  std::string screenshot;       // --screenshot FILE.png: render and exit
  std::string export_slides;    // --export-slides DIR: slide-00.png ... slide-08.png and exit
  std::string export_gif;       // --export-gif FILE.gif: the slide's animation, looping, and exit
  bool light = false;           // --light: the light theme
  bool reduced_motion = false;  // --reduced-motion: every step shows its end state
  bool ask = false;             // --ask: Learn mode (each slide asks before it shows)
  bool quiz = false;            // --quiz: start with a quiz of 5 questions (Q)
  bool present = false;         // --present: start presenting (F11: full screen, code panels folded)
  bool tour = false;            // --tour: play every slide hands-free (T), any key stops it
  bool layout_report = false;   // --layout-report: print every slide's layout at every step as JSON, exit
  bool slide_given = false;     // --slide was on the command line
  bool reset = false;           // --reset: do not resume the last session
  int bench_frames = 0;         // --bench-frames N: time N frames per slide and exit
  bool bench_edits = false;     // --bench-edits: with --bench-frames, time edits to their next frame instead
};

// The most text --tokenize reads from standard input or --text-file (the tokenizer is
// linear in it; a command-line argument holds at most 131,071 bytes).
inline constexpr size_t kMaxTokenizeBytes = 64u << 20;

// Reads the text for --tokenize - / --text-file FILE / --tokenize-lines FILE ("-": standard
// input): at most kMaxTokenizeBytes, well-formed UTF-8. A FIFO or a pipe is fine (it is read,
// bounded), a folder is not. "" or the error line (without "lookupviz: "), naming `flag`.
std::string read_text_input(const std::string& from, std::string* text, std::string_view flag = "--text-file");

struct CliParse {
  bool ok = false;
  CliOptions options;
  std::string error;  // when !ok
};

// argv[0] is the program name and is skipped. Accepts "--flag value" and "--flag=value",
// and one positional FILE[:NAME] (the same as --weights FILE[:NAME]); after "--" every
// argument is positional, so a file whose name starts with '-' can be opened too.
CliParse parse_cli(const std::vector<std::string>& args);

// The text of --help (also the source of the man page). `slide_titles` are the app's
// registry's, in order (--slide's list names each); none: the list is left out.
std::string cli_help_text(const std::vector<std::string>& slide_titles = {});
std::string cli_version_text();

// --train-print's run (core/train/trainer.hpp train_transcript) from the options.
TrainPrintOptions train_print_options(const CliOptions& o);

// The vocabulary the options imply: --vocab, or max(ids) + 1.
int64_t effective_vocab(const CliOptions& o);

// Whether the command line needs GPT-2's tokenizer (--text, --tokenize, --detokenize).
bool needs_tokenizer(const CliOptions& o);

class Tokenizer;
// --text: the IDs become the text's tokens (GPT-2's, or the table's own tokenizer's) and V
// the tokenizer's vocabulary, 50,257 for GPT-2 (unless --vocab, or --weights whose rows
// decide), checked as --ids would be. Returns an error or "".
std::string apply_text_ids(CliOptions& o, const Tokenizer& tokenizer);

// ---------------------------------------------------------------- a slide's own flags
// A slide brings its own command-line flags (slide 10's --attention-print, --d-out, --beta,
// --no-mask, --positions: core/torch/attention_cli.hpp) in a CliFamily its registry line names;
// the app gives core the families at start (set_cli_families, with the deck), before the
// command line is read. Core's flag table, checks and --help never name them.
enum class CliFlagKind { kSwitch, kValue };
struct CliFlag {
  std::string_view name;
  CliFlagKind kind;
  std::string_view example;  // for "needs a value" messages
};
struct TableFile;
struct SlidePrintRun {
  int exit_code = 0;  // 0, or 2: bad input found once the table is known
  std::string out;    // the printed text, ending in a newline
  std::string error;  // one line, without "lookupviz: "
};
struct CliFamily {
  std::span<const CliFlag> flags;
  const char* print_flag = nullptr;  // its print-and-exit mode (one of flags; null: none)
  // One of its other flags: "" or the error; what it sets goes into o.slide_values.
  std::string (*apply)(CliOptions& o, std::string_view name, std::string_view value) = nullptr;
  // With every flag read: "" or the error. modes: the other modes that exit (--print, …);
  // printing_only: o prints something and draws no slide.
  std::string (*validate)(const CliOptions& o, int modes, bool printing_only) = nullptr;
  std::string (*help)() = nullptr;  // its lines of --help's options
  const char* usage = nullptr;      // its line of --help's Usage block
  // Its print mode's run (file: the table loaded, null: the seeded one).
  SlidePrintRun (*print)(const CliOptions& o, std::shared_ptr<const TableFile> file) = nullptr;
};
void set_cli_families(std::vector<const CliFamily*> families);
// The parser's checks, for a family's flags: a whole number or a number in [lo, hi] as typed
// (else nullopt), and a limit as --help and the errors write it (1,000 or 0.5).
std::optional<int64_t> int_in_range(std::string_view text, int64_t lo, int64_t hi);
std::optional<double> number_in_range(std::string_view text, double lo, double hi);
std::string limit_text(double v);
const std::vector<const CliFamily*>& cli_families();
// The family whose print mode o chose (null: none).
const CliFamily* cli_print_family(const CliOptions& o);
// Sets slide value `name` to `value` for `flag`: "" or the error when something set it already.
std::string set_slide_value(CliOptions& o, std::string_view flag, std::string name, std::string value);

}  // namespace lv
