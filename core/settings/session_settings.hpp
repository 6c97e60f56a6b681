// session_settings.hpp — the user's session (slide, step, IDs, seed, D, V mode,
// edited weights, theme, zoom, window) as a small text file that survives restarts:
// $XDG_CONFIG_HOME/lookupviz/session.ini (~/.config/lookupviz/ by default).
//
// The file is line-based "key = value", human-readable and diff-able:
//   lookupviz-settings 1        <- header: the format's major version (minor after a '.' is ignored)
//   slide = 3                   <- the slide's number, as --slide (0 text → IDs, 1 the table)
//   ids = 2, 3, 1
//   edit = 2 4 -0.5             <- row col value; NaN payloads as 0x7fc00001 (the float's bits)
//   end                         <- a complete file ends here (a cut one is refused)
// Floats round-trip bit for bit; strings are quoted with C escapes. Every value is
// range-checked with the command line's limits; unknown keys are ignored (a newer
// minor version may add some); a newer major version is refused with newer_version set.
//
// The file helpers never throw and never crash on what they find on disk: a corrupt
// or newer file is renamed aside (session.ini.bad-YYYYmmdd-HHMMSS / .newer-...) with a
// warning sentence for the user, and saving is atomic (temp file, fsync, rename).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/torch/dtype_round.hpp"
#include "core/torch/tensor.hpp"

namespace lv {

inline constexpr int kSettingsVersion = 1;              // the major version this build writes and reads
inline constexpr size_t kMaxSettingsEdits = 1'048'576;  // edited cells kept in a session
inline constexpr size_t kMaxSettingsBytes = 64u << 20;  // a larger file is not ours: set aside
inline constexpr size_t kMaxSettingsString = 4096;      // the weights spec (a path, maybe ":NAME")
// The sentence: as long as the longest --text (Linux passes one argument of at most 128 KiB,
// MAX_ARG_STRLEN), so a session keeps what the window was given.
inline constexpr size_t kMaxSessionText = size_t{128} << 10;
inline constexpr int kMaxWindowSide = 32'768;  // window width/height 1..this; |x|, |y| <= this
inline constexpr float kMinSettingsZoom = 0.5f, kMaxSettingsZoom = 4.0f;  // user zoom, as --scale

// One edited table cell: table(row, col) = value (bits kept exactly, NaN payloads too).
struct SettingsEdit {
  int64_t row = 0, col = 0;
  float value = 0.0f;
};

// How often the learner answered a kind of question right (Learn mode, the quiz):
// "result = lookup_row 5 3" (asked 5 times, right 3).
struct SettingsResult {
  std::string kind;          // the question kind's name, [a-z_], 1..32 characters (a kind no question
                             // has is set aside when read: see SettingsParse::note)
  int asked = 0, right = 0;  // 0 <= right <= asked <= kMaxSettingsCount
};
inline constexpr int kMaxSettingsCount = 1'000'000'000;
inline constexpr size_t kMaxSettingsResults = 64;

// One of a slide's own controls, kept across sessions (slide 10's beta, d_out and mask):
// "slide_value = attention.beta 1000". The slide that owns the name checks the value when it
// takes it back (a value it cannot use leaves the control as it was); a name no slide knows is
// kept and ignored.
struct SettingsSlideValue {
  std::string name;   // [a-z0-9_.], 1..kMaxSlideValueText characters
  std::string value;  // [A-Za-z0-9_.+-], 1..kMaxSlideValueText characters
};
inline constexpr size_t kMaxSettingsSlideValues = 64;
inline constexpr size_t kMaxSlideValueText = 32;
// Whether a name (value: false) or a value (true) has the characters and length above.
bool slide_value_word_fits(std::string_view word, bool value);

enum class SettingsVocab { FromIds, Fixed };       // V = max(ids)+1 as the notebook, or a fixed V
enum class SettingsGrad { SumOfOutputs, Seeded };  // slide 6's G: ones, or torch.randn after grad_seed

struct SessionSettings {
  int version = kSettingsVersion;  // the file's major version (parse: what the header said)
  // Where the user is.
  int slide = 1;      // the slide's number, 0..last_slide(), as --slide (1: the table; files
                      // from before slide 0 said the same numbers)
  float step = 0.0f;  // the slide's timeline position, 0..kMaxStep+1
  // The model.
  IdList ids = {2, 3, 1};         // 1..kMaxIds IDs, each < V
  uint64_t seed = 123;            // torch.manual_seed's value (negative seeds wrapped)
  std::string seed_text = "123";  // the seed as Python prints it (the file stores this)
  int64_t dim = 5;                // D, 1..kMaxDim
  SettingsVocab vocab_mode = SettingsVocab::FromIds;
  int64_t fixed_vocab = 4;  // V when vocab_mode == Fixed, 1..kMaxVocab
  TableDtype dtype = TableDtype::Float32;
  std::string weights;     // --weights FILE[:NAME]; empty: the seeded table
  bool text_mode = false;  // the editor bar shows Text (the IDs typed as a sentence), not IDs
  std::string text;        // the sentence last typed in Text mode (UTF-8; the app re-tokenizes it)
  SettingsGrad grad_mode = SettingsGrad::SumOfOutputs;
  uint64_t grad_seed = 0;
  bool tie_weights = true;  // slide 8: out_head.weight = tok_emb.weight
  // The user's edits of the table, and the shape they were made on (rows × cols of the
  // table shown: V × D when seeded, the file's shape with weights). With weights the
  // app must check the loaded file still has this shape before applying them.
  int64_t table_rows = 0, table_cols = 0;  // needed (>= 1) only when edits is not empty
  std::vector<SettingsEdit> edits;         // at most kMaxSettingsEdits; parse sorts by (row, col), last one wins
  // Looks and window.
  bool light = false;      // the light theme (default dark)
  float user_zoom = 1.0f;  // text size on top of the monitor's scale, kMinSettingsZoom..kMaxSettingsZoom
  bool reduced_motion = false;
  int window_width = 1440, window_height = 900;  // 1..kMaxWindowSide (the app clamps to the screen)
  bool has_window_pos = false;                   // window_x/y are known
  int window_x = 0, window_y = 0;
  bool maximized = false;
  // Learn mode (issue 28): on or off, and the learner's results per kind of question.
  bool learn = false;
  std::vector<SettingsResult> results;  // at most kMaxSettingsResults, one per kind
  // The slides' own controls: at most kMaxSettingsSlideValues, one per name.
  std::vector<SettingsSlideValue> slide_values;
};

// The table's V as the settings imply it (fixed, or max(ids) + 1).
int64_t settings_vocab(const SessionSettings& s);

// The file's text. Edits are written sorted by (row, col), duplicates collapsed (last wins).
std::string write_settings(const SessionSettings& s);

struct SettingsParse {
  bool ok = false;
  bool newer_version = false;  // the header's major version is newer than kSettingsVersion (then !ok)
  SessionSettings settings;    // when ok; defaults otherwise
  std::string error;           // when !ok: one sentence, e.g. "line 7: dim must be a whole number from 1 to 65,536"
  // When ok: what was set aside, as a clause ("" : nothing), e.g. "its Learn results of kinds
  // this lookupviz does not ask (junk) were set aside" (they are not in settings.results).
  std::string note;
};

SettingsParse parse_settings(std::string_view text);

// Both equal in every field (floats compared bit for bit, edits in order).
bool same_settings(const SessionSettings& a, const SessionSettings& b);

// ---------------------------------------------------------------- files

// $XDG_CONFIG_HOME/lookupviz (an absolute XDG_CONFIG_HOME only, as the XDG spec says),
// else $HOME/.config/lookupviz, created like mkdir -p (new folders 0700). "" when there
// is no home or it cannot be created; *error (if given) then says why.
std::string settings_dir(std::string* error = nullptr);
inline constexpr const char* kSettingsFileName = "session.ini";

struct SettingsLoad {
  bool found = false;          // there was a file at path
  bool ok = false;             // settings is the saved session
  SessionSettings settings;    // defaults unless ok
  std::string warning;         // for the user when found && !ok, or when ok with lines set aside; else ""
  std::string set_aside_path;  // where a corrupt or newer file was moved ("" if not moved)
};

// A missing file is not an error (found = false, no warning). A corrupt, oversized or
// newer file is renamed to PATH.bad-YYYYmmdd-HHMMSS or PATH.newer-YYYYmmdd-HHMMSS.
SettingsLoad load_settings_file(const std::string& path);

// Writes text to PATH.tmp-PID, fsyncs it, renames it over path and fsyncs the folder:
// the file is either the old one or the new one, never a mix. Returns "" on success,
// else one sentence (and no temp file is left).
std::string save_settings_file(const std::string& path, std::string_view text);

}  // namespace lv
