// session_settings.cpp — the session file: writer, strict parser, atomic save, set-aside
// on load (see the header for the format).
// Sections: 1. values (numbers, floats, strings)  2. write  3. parse  4. files.
#include "core/settings/session_settings.hpp"

#include <fcntl.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <optional>

#include "core/settings/cli_options.hpp"  // last_slide(), kMaxStep
#include "core/text/id_parse.hpp"         // kMaxIds, kMaxVocab, kMaxDim
#include "core/io/table_file.hpp"         // kMaxTableElements
#include "core/torch/table_size.hpp"
#include "core/text/text_format.hpp"
#include "core/io/small_file.hpp"
#include "core/io/write_target.hpp"
// The question kinds' names (kind_from_name): a result of a kind this build does not ask
// is set aside here, so it never takes a place among kMaxSettingsResults. (Settings sit
// below the quiz otherwise; this one look-up points up.)
#include "core/quiz/question_kinds.hpp"

namespace lv {
namespace {

// ---------------------------------------------------------------- 1. values

bool is_space(char c) { return c == ' ' || c == '\t'; }

// Decimal digits with an optional '-', saturating (callers range-check the result).
struct Int {
  bool ok = false, negative = false, huge = false;
  uint64_t magnitude = 0;
};
Int parse_int(std::string_view s) {
  Int r;
  if (!s.empty() && s.front() == '-') {
    r.negative = true;
    s.remove_prefix(1);
  }
  if (s.empty() || s.size() > 64) return r;  // 64: room for zeros, and keeps work bounded
  for (char c : s) {
    if (c < '0' || c > '9') return r;
    const uint64_t d = static_cast<uint64_t>(c - '0');
    if (r.magnitude > (UINT64_MAX - d) / 10) r.huge = true;
    else r.magnitude = r.magnitude * 10 + d;
  }
  if (r.magnitude == 0 && !r.huge) r.negative = false;
  r.ok = true;
  return r;
}

std::optional<int64_t> int_in(std::string_view s, int64_t lo, int64_t hi) {
  const Int p = parse_int(s);
  if (!p.ok || p.huge || p.magnitude > static_cast<uint64_t>(INT64_MAX)) return std::nullopt;
  const int64_t v = p.negative ? -static_cast<int64_t>(p.magnitude) : static_cast<int64_t>(p.magnitude);
  if (v < lo || v > hi) return std::nullopt;
  return v;
}

// "A<sep>B", both whole numbers in [lo, hi], blanks around each allowed ("800x600", "-5, 20").
struct IntPair {
  int64_t a, b;
};
std::optional<IntPair> int_pair(std::string_view v, char sep, int64_t lo, int64_t hi) {
  const size_t at = v.find(sep);
  if (at == std::string_view::npos) return std::nullopt;
  const auto a = int_in(trim(v.substr(0, at)), lo, hi), b = int_in(trim(v.substr(at + 1)), lo, hi);
  if (!a || !b) return std::nullopt;
  return IntPair{*a, *b};
}

uint32_t bits_of(float f) { return std::bit_cast<uint32_t>(f); }

// v as one of two words: false for `off`, true for `on`, nullopt for anything else.
std::optional<bool> one_of(std::string_view v, std::string_view off, std::string_view on) {
  if (v == off) return false;
  if (v == on) return true;
  return std::nullopt;
}

// "0x7fc00001" (exactly 8 hex digits: a float's bits) or a decimal/inf/nan that
// from_chars reads. Overflowing decimals ("1e39") are refused, not turned into inf.
std::optional<float> parse_float(std::string_view s) {
  if (s.size() == 10 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    uint32_t b = 0;
    auto [end, ec] = std::from_chars(s.data() + 2, s.data() + s.size(), b, 16);
    if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
    return std::bit_cast<float>(b);
  }
  if (s.empty() || s.size() > 64 || s.front() == '+') return std::nullopt;
  float f = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), f);
  if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return f;
}

// The shortest exact text: %.9g always round-trips a finite float; NaNs other than the
// plain "nan" keep their sign and payload as bits.
std::string float_text(float f) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.9g", static_cast<double>(f));
  for (int digits = 1; digits < 9 && std::isfinite(f); ++digits) {  // shorter when it still round-trips
    char shorter[32];
    std::snprintf(shorter, sizeof shorter, "%.*g", digits, static_cast<double>(f));
    // As a person writes it: step 10, not %g's 1e+01 (a small number keeps its exponent: 1e-05).
    const double a = std::fabs(static_cast<double>(f));
    if (std::strchr(shorter, 'e') && a >= 1e-4 && a < 1e15) {
      const int exponent = static_cast<int>(std::floor(std::log10(a)));
      std::snprintf(shorter, sizeof shorter, "%.*f", std::max(0, digits - 1 - exponent), static_cast<double>(f));
    }
    auto back = parse_float(shorter);
    if (back && bits_of(*back) == bits_of(f)) {
      std::memcpy(buf, shorter, sizeof buf);
      break;
    }
  }
  auto back = parse_float(buf);
  if (!back || bits_of(*back) != bits_of(f)) std::snprintf(buf, sizeof buf, "0x%08x", bits_of(f));
  return buf;
}

// "…" with Python's escapes (text_format's escaped), read back by unquote_string.
std::string quote_string(std::string_view s) { return escaped(s, '"'); }

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// The inverse of quote_string; nullopt when malformed (or a NUL byte, which no path has).
std::optional<std::string> unquote_string(std::string_view s) {
  if (s.size() < 2 || s.front() != '"' || s.back() != '"') return std::nullopt;
  s = s.substr(1, s.size() - 2);
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '"' || c == '\0') return std::nullopt;
    if (c != '\\') {
      out += c;
      continue;
    }
    if (++i >= s.size()) return std::nullopt;
    switch (s[i]) {
      case '\\': out += '\\'; break;
      case '"': out += '"'; break;
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 't': out += '\t'; break;
      case 'x': {
        if (i + 2 >= s.size()) return std::nullopt;
        const int hi = hex_digit(s[i + 1]), lo = hex_digit(s[i + 2]);
        if (hi < 0 || lo < 0 || (hi == 0 && lo == 0)) return std::nullopt;
        out += static_cast<char>(hi * 16 + lo);
        i += 2;
        break;
      }
      default: return std::nullopt;
    }
  }
  return out;
}

// A quoted string setting (weights, text) into out: "" or the problem, e.g. "text must be
// a quoted sentence, e.g. text = \"Hello, world\" (got …)"; out is left alone on a problem.
std::string quoted_setting(std::string_view key, std::string_view v, const char* noun, const char* example,
                           const std::string& got, std::string& out, size_t max_bytes = kMaxSettingsString) {
  auto str = unquote_string(v);
  const std::string k(key);
  if (!str) return k + " must be a quoted " + noun + ", e.g. " + k + " = \"" + example + "\"" + got;
  if (str->size() > max_bytes) return k + " is longer than " + with_commas(max_bytes) + " bytes";
  out = std::move(*str);
  return "";
}

const char* bool_text(bool b) { return b ? "true" : "false"; }

// The seed as the file stores it: seed_text when it spells seed (the way the user typed
// it, maybe negative), else seed's decimal, so a stale seed_text cannot spoil the file.
std::string seed_text_for(const SessionSettings& s) {
  const Int p = parse_int(s.seed_text);
  const bool fits = p.ok && !p.huge && (!p.negative || p.magnitude <= (uint64_t{1} << 63));
  if (fits && (p.negative ? 0 - p.magnitude : p.magnitude) == s.seed)
    return (p.negative ? "-" : "") + std::to_string(p.magnitude);
  return std::to_string(s.seed);
}

// ---------------------------------------------------------------- 2. write

// Sorted by (row, col), one entry per cell: the last of equal cells wins.
std::vector<SettingsEdit> canonical_edits(const std::vector<SettingsEdit>& in) {
  std::vector<SettingsEdit> e = in;
  std::stable_sort(e.begin(), e.end(), [](const SettingsEdit& a, const SettingsEdit& b) {
    return a.row != b.row ? a.row < b.row : a.col < b.col;
  });
  std::vector<SettingsEdit> out;
  out.reserve(e.size());
  for (const SettingsEdit& x : e) {
    if (!out.empty() && out.back().row == x.row && out.back().col == x.col) out.back() = x;
    else out.push_back(x);
  }
  return out;
}

}  // namespace

int64_t settings_vocab(const SessionSettings& s) {
  return s.vocab_mode == SettingsVocab::Fixed ? s.fixed_vocab : vocab_for_ids(s.ids);
}

std::string write_settings(const SessionSettings& s) {
  std::string o;
  auto line = [&](const char* key, const std::string& value) { o += std::string(key) + " = " + value + "\n"; };
  o += "lookupviz-settings " + std::to_string(kSettingsVersion) + "\n";
  o += "# lookupviz's last session, restored at launch (lookupviz --reset starts clean).\n";
  o += "# A file that does not read back is set aside, never trusted: edit with care.\n";
  line("slide", std::to_string(s.slide));
  line("step", float_text(s.step));
  line("ids", format_ids(s.ids));
  line("seed", seed_text_for(s));
  line("dim", std::to_string(s.dim));
  line("vocab", s.vocab_mode == SettingsVocab::Fixed ? std::to_string(s.fixed_vocab) : "from-ids");
  line("dtype", std::string(dtype_name(s.dtype)));
  if (!s.weights.empty()) line("weights", quote_string(s.weights));
  line("ids_from", s.text_mode ? "text" : "ids");
  if (!s.text.empty()) line("text", quote_string(s.text));
  line("grad", s.grad_mode == SettingsGrad::Seeded ? "seeded" : "sum");
  line("grad_seed", std::to_string(s.grad_seed));
  line("tie_weights", bool_text(s.tie_weights));
  line("theme", s.light ? "light" : "dark");
  line("zoom", float_text(s.user_zoom));
  line("reduced_motion", bool_text(s.reduced_motion));
  line("window", std::to_string(s.window_width) + "x" + std::to_string(s.window_height));
  if (s.has_window_pos) line("window_pos", std::to_string(s.window_x) + ", " + std::to_string(s.window_y));
  line("maximized", bool_text(s.maximized));
  if (!s.edits.empty() || (s.table_rows > 0 && s.table_cols > 0))
    line("table", std::to_string(s.table_rows) + "x" + std::to_string(s.table_cols));
  line("learn", bool_text(s.learn));
  for (const SettingsResult& r : s.results)
    line("result", r.kind + " " + std::to_string(r.asked) + " " + std::to_string(r.right));
  for (const SettingsSlideValue& v : s.slide_values) line("slide_value", v.name + " " + v.value);
  for (const SettingsEdit& e : canonical_edits(s.edits))
    line("edit", std::to_string(e.row) + " " + std::to_string(e.col) + " " + float_text(e.value));
  o += "end\n";
  return o;
}

namespace {
bool same_results(const std::vector<SettingsResult>& a, const std::vector<SettingsResult>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i].kind != b[i].kind || a[i].asked != b[i].asked || a[i].right != b[i].right) return false;
  return true;
}
bool same_slide_values(const std::vector<SettingsSlideValue>& a, const std::vector<SettingsSlideValue>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i].name != b[i].name || a[i].value != b[i].value) return false;
  return true;
}
}  // namespace

bool same_settings(const SessionSettings& a, const SessionSettings& b) {
  if (a.edits.size() != b.edits.size()) return false;
  for (size_t i = 0; i < a.edits.size(); ++i)
    if (a.edits[i].row != b.edits[i].row || a.edits[i].col != b.edits[i].col ||
        bits_of(a.edits[i].value) != bits_of(b.edits[i].value))
      return false;
  return a.version == b.version && a.slide == b.slide && bits_of(a.step) == bits_of(b.step) && a.ids == b.ids &&
         a.seed == b.seed && a.seed_text == b.seed_text && a.dim == b.dim && a.vocab_mode == b.vocab_mode &&
         a.fixed_vocab == b.fixed_vocab && a.dtype == b.dtype && a.weights == b.weights && a.text_mode == b.text_mode &&
         a.text == b.text && a.grad_mode == b.grad_mode && a.grad_seed == b.grad_seed &&
         a.tie_weights == b.tie_weights && a.table_rows == b.table_rows && a.table_cols == b.table_cols &&
         a.light == b.light && bits_of(a.user_zoom) == bits_of(b.user_zoom) && a.reduced_motion == b.reduced_motion &&
         a.window_width == b.window_width && a.window_height == b.window_height &&
         a.has_window_pos == b.has_window_pos && a.window_x == b.window_x && a.window_y == b.window_y &&
         a.maximized == b.maximized && a.learn == b.learn && same_results(a.results, b.results) &&
         same_slide_values(a.slide_values, b.slide_values);
}

// ---------------------------------------------------------------- 3. parse

bool slide_value_word_fits(std::string_view w, bool value) {
  if (w.empty() || w.size() > kMaxSlideValueText) return false;
  for (char c : w) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '.' ||
                    (value && ((c >= 'A' && c <= 'Z') || c == '+' || c == '-'));
    if (!ok) return false;
  }
  return true;
}

namespace {

// The keys this version knows; each may appear once (edit: any number of times).
constexpr std::string_view kKeys[] = {"slide",    "step",           "ids",    "seed",       "dim",         "vocab",
                                      "dtype",    "weights",        "grad",   "grad_seed",  "tie_weights", "theme",
                                      "zoom",     "reduced_motion", "window", "window_pos", "maximized",   "table",
                                      "ids_from", "text",           "learn"};

// The first three words of v (separated by spaces or tabs) into parts; returns what follows.
std::string_view three_words(std::string_view v, std::string_view (&parts)[3]) {
  std::string_view rest = v;
  for (auto& p : parts) {
    rest = trim(rest);
    size_t end = 0;
    while (end < rest.size() && !is_space(rest[end])) ++end;
    p = rest.substr(0, end);
    rest = rest.substr(end);
  }
  return rest;
}

struct Parser {
  SessionSettings s;
  std::string ids_text = "2, 3, 1";  // checked once the vocabulary is known
  size_t ids_line = 0, table_line = 0, edits_line = 0;
  // dim and vocab are range-checked in finish(): a table file's shape (weights) may pass
  // the seeded table's limits, and the weights line may come after them.
  size_t dim_line = 0, vocab_line = 0;
  std::string dim_got, vocab_got;
  size_t seen[std::size(kKeys)] = {};      // the line each key was on (0: not yet)
  std::vector<std::string> unknown_kinds;  // results of kinds this build does not know: set aside
  size_t unknown_results = 0;

  // One "edit = ROW COL VALUE" (separated by spaces or tabs): "" or the problem.
  std::string apply_edit(std::string_view v, size_t line_no, const std::string& got) {
    if (s.edits.size() >= kMaxSettingsEdits) return "more than " + with_commas(kMaxSettingsEdits) + " edited cells";
    if (edits_line == 0) edits_line = line_no;
    std::string_view parts[3];
    const std::string_view rest = three_words(v, parts);
    auto row = int_in(parts[0], 0, kMaxTableElements - 1), col = int_in(parts[1], 0, kMaxTableElements - 1);
    auto value = parse_float(parts[2]);
    if (!row || !col || !value || !trim(rest).empty()) return "edit must be ROW COL VALUE, e.g. edit = 2 4 -0.5" + got;
    s.edits.push_back({*row, *col, *value});
    return "";
  }

  // One "result = KIND ASKED RIGHT": "" or the problem.
  std::string apply_result(std::string_view v, const std::string& got) {
    const std::string bad = "result must be KIND ASKED RIGHT, e.g. result = lookup_row 5 3" + got;
    std::string_view parts[3];
    const std::string_view rest = three_words(v, parts);
    const std::string_view kind = parts[0];
    bool name_ok = !kind.empty() && kind.size() <= 32;
    for (char c : kind) name_ok = name_ok && ((c >= 'a' && c <= 'z') || c == '_');
    auto asked = int_in(parts[1], 0, kMaxSettingsCount), right = int_in(parts[2], 0, kMaxSettingsCount);
    if (!name_ok || !asked || !right || *right > *asked || !trim(rest).empty()) return bad;
    // A kind no question of this build has (a newer version's, or junk): set aside with a
    // warning (SettingsParse::note), never counted, so it cannot push out a real tally.
    if (!quiz::kind_from_name(kind)) {
      if (++unknown_results <= 4) unknown_kinds.emplace_back(kind);
      return "";
    }
    if (s.results.size() >= kMaxSettingsResults) return "more than " + std::to_string(kMaxSettingsResults) + " results";
    for (const SettingsResult& r : s.results)
      if (r.kind == kind) return "result for " + std::string(kind) + " appears twice";
    s.results.push_back({std::string(kind), static_cast<int>(*asked), static_cast<int>(*right)});
    return "";
  }

  // One "slide_value = NAME VALUE": "" or the problem. (What the value means is the slide's.)
  std::string apply_slide_value(std::string_view v, const std::string& got) {
    std::string_view parts[3];
    three_words(v, parts);
    if (!slide_value_word_fits(parts[0], false) || !slide_value_word_fits(parts[1], true) || !parts[2].empty())
      return "slide_value must be NAME VALUE, e.g. slide_value = scale.view map" + got;
    for (const SettingsSlideValue& x : s.slide_values)
      if (x.name == parts[0]) return "slide_value " + std::string(parts[0]) + " appears twice";
    if (s.slide_values.size() >= kMaxSettingsSlideValues)
      return "more than " + std::to_string(kMaxSettingsSlideValues) + " slide values";
    s.slide_values.push_back({std::string(parts[0]), std::string(parts[1])});
    return "";
  }

  // One "key = value": "" or the problem (without the line number).
  std::string apply(std::string_view key, std::string_view v, size_t line_no) {
    const std::string got = " (got " + quoted_input(v) + ")";
    if (key == "edit") return apply_edit(v, line_no, got);
    if (key == "result") return apply_result(v, got);
    if (key == "slide_value") return apply_slide_value(v, got);
    size_t k = 0;
    while (k < std::size(kKeys) && kKeys[k] != key) ++k;
    if (k == std::size(kKeys)) return "";  // a key from a newer version: ignored
    if (seen[k]) return quoted_input(key) + " appears twice (first on line " + std::to_string(seen[k]) + ")";
    seen[k] = line_no;

    if (key == "slide") {
      auto d = int_in(v, 0, last_slide());
      if (!d) return "slide must be a slide number from 0 to " + std::to_string(last_slide()) + got;
      s.slide = static_cast<int>(*d);
    } else if (key == "step") {
      auto f = parse_float(v);
      if (!f || !(*f >= 0.0f && *f <= static_cast<float>(kMaxStep + 1)))
        return "step must be a number from 0 to " + with_commas(kMaxStep + 1) + got;
      s.step = *f;
    } else if (key == "ids") {
      ids_text = std::string(v);
      ids_line = line_no;
    } else if (key == "seed") {
      const Int p = parse_int(v);
      if (!p.ok || p.huge || (p.negative && p.magnitude > (uint64_t{1} << 63)))
        return "seed must be a whole number from -9223372036854775808 to 18446744073709551615" + got;
      s.seed = p.negative ? 0 - p.magnitude : p.magnitude;
      s.seed_text = (p.negative ? "-" : "") + std::to_string(p.magnitude);
    } else if (key == "dim") {
      auto d = int_in(v, 1, kMaxTableElements);
      if (!d) return "dim must be a whole number from 1 to " + with_commas(kMaxDim) + got;
      s.dim = *d;
      dim_line = line_no;
      dim_got = got;
    } else if (key == "vocab") {
      if (v == "from-ids") {
        s.vocab_mode = SettingsVocab::FromIds;
      } else {
        auto d = int_in(v, 1, kMaxTableElements);
        if (!d) return "vocab must be from-ids or a whole number from 1 to " + with_commas(kMaxVocab) + got;
        s.vocab_mode = SettingsVocab::Fixed;
        s.fixed_vocab = *d;
        vocab_line = line_no;
        vocab_got = got;
      }
    } else if (key == "dtype") {
      if (v == "float32") s.dtype = TableDtype::Float32;
      else if (v == "float16") s.dtype = TableDtype::Float16;
      else if (v == "bfloat16") s.dtype = TableDtype::BFloat16;
      else return "dtype must be float32, float16 or bfloat16" + got;
    } else if (key == "weights") {
      return quoted_setting(key, v, "file name", "table.npy", got, s.weights);
    } else if (key == "ids_from") {
      const auto text = one_of(v, "ids", "text");
      if (!text) return "ids_from must be ids or text" + got;
      s.text_mode = *text;
    } else if (key == "text") {
      return quoted_setting(key, v, "sentence", "Hello, world", got, s.text, kMaxSessionText);
    } else if (key == "grad") {
      const auto seeded = one_of(v, "sum", "seeded");
      if (!seeded) return "grad must be sum or seeded" + got;
      s.grad_mode = *seeded ? SettingsGrad::Seeded : SettingsGrad::SumOfOutputs;
    } else if (key == "grad_seed") {
      const Int p = parse_int(v);
      if (!p.ok || p.huge || p.negative) return "grad_seed must be a whole number from 0 to 18446744073709551615" + got;
      s.grad_seed = p.magnitude;
    } else if (key == "theme") {
      const auto light = one_of(v, "dark", "light");
      if (!light) return "theme must be dark or light" + got;
      s.light = *light;
    } else if (key == "zoom") {
      auto f = parse_float(v);
      if (!f || !(*f >= kMinSettingsZoom && *f <= kMaxSettingsZoom)) return "zoom must be a number from 0.5 to 4" + got;
      s.user_zoom = *f;
    } else if (key == "window" || key == "table") {
      const bool window = key == "window";
      const auto p = int_pair(v, 'x', 1, window ? kMaxWindowSide : kMaxTableElements);
      if (window) {
        if (!p) return "window must be WIDTHxHEIGHT, each from 1 to " + with_commas(kMaxWindowSide) + got;
        s.window_width = static_cast<int>(p->a);
        s.window_height = static_cast<int>(p->b);
      } else {
        if (!p || p->a * p->b > kMaxTableElements)
          return "table must be ROWSxCOLS, at most " + with_commas(kMaxTableElements) + " values" + got;
        s.table_rows = p->a;
        s.table_cols = p->b;
        table_line = line_no;
      }
    } else if (key == "window_pos") {
      const auto p = int_pair(v, ',', -kMaxWindowSide, kMaxWindowSide);
      if (!p) return "window_pos must be X, Y, each from -32,768 to 32,768" + got;
      s.has_window_pos = true;
      s.window_x = static_cast<int>(p->a);
      s.window_y = static_cast<int>(p->b);
    } else {  // the switches
      const auto b = one_of(v, "false", "true");
      if (!b) return std::string(key) + " must be true or false" + got;
      if (key == "tie_weights") s.tie_weights = *b;
      else if (key == "reduced_motion") s.reduced_motion = *b;
      else if (key == "learn") s.learn = *b;
      else s.maximized = *b;
    }
    return "";
  }

  // The checks that need every key: IDs against V, the sizes, the edits against the table.
  std::string finish() {
    // A seeded table has the command line's limits; a file's table has the loader's
    // (kMaxTableElements values, any shape), checked again when the file is reopened.
    const bool seeded = s.weights.empty();
    if (seeded && s.dim > kMaxDim)
      return "line " + std::to_string(dim_line) + ": dim must be a whole number from 1 to " + with_commas(kMaxDim) +
             dim_got;
    if (seeded && s.vocab_mode == SettingsVocab::Fixed && s.fixed_vocab > kMaxVocab)
      return "line " + std::to_string(vocab_line) + ": vocab must be from-ids or a whole number from 1 to " +
             with_commas(kMaxVocab) + vocab_got;
    const std::string at_ids = ids_line ? "line " + std::to_string(ids_line) + ": " : "";
    IdRules rules;
    if (s.vocab_mode == SettingsVocab::Fixed) rules.vocab = s.fixed_vocab;
    IdParse p = parse_ids(ids_text, rules);
    if (!p.ok) return at_ids + "ids: " + p.error.clause();
    s.ids = std::move(p.ids);
    const int64_t v = settings_vocab(s), b = static_cast<int64_t>(s.ids.size());
    if (std::string e = table_size_error(b, v, s.dim, seeded); !e.empty()) return e;  // < 2^63: V, D <= 2^31
    if (s.edits.empty()) return "";
    const std::string at_edits = "line " + std::to_string(edits_line) + ": ";
    if (table_line == 0) return at_edits + "edits need the table's shape (table = ROWSxCOLS) before end";
    if (s.weights.empty() && (s.table_rows != v || s.table_cols != s.dim))
      return "line " + std::to_string(table_line) + ": the edits were made on a " + with_commas(s.table_rows) + " × " +
             with_commas(s.table_cols) + " table but the session's table is " + with_commas(v) + " × " +
             with_commas(s.dim);
    s.edits = canonical_edits(s.edits);
    for (const SettingsEdit& e : s.edits)
      if (e.row >= s.table_rows || e.col >= s.table_cols)
        return at_edits + "an edit of cell (" + std::to_string(e.row) + ", " + std::to_string(e.col) +
               ") is outside the " + with_commas(s.table_rows) + " × " + with_commas(s.table_cols) + " table";
    return "";
  }
};

SettingsParse refuse(std::string why, bool newer = false) {
  SettingsParse r;
  r.error = std::move(why);
  r.newer_version = newer;
  return r;
}

}  // namespace

SettingsParse parse_settings(std::string_view text) {
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);  // a BOM some editors add
  Parser p;
  size_t line_no = 0;
  bool header = false, ended = false;
  while (!text.empty() && !ended) {
    const size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const std::string at = "line " + std::to_string(line_no) + ": ";
    if (!header) {
      // "lookupviz-settings MAJOR[.MINOR]"
      constexpr std::string_view kMagic = "lookupviz-settings";
      if (line.substr(0, kMagic.size()) != kMagic)
        return refuse("this is not a lookupviz settings file (the first line is not “lookupviz-settings 1”)");
      std::string_view ver = trim(line.substr(kMagic.size()));
      const size_t dot = ver.find('.');
      auto major = int_in(ver.substr(0, dot), 0, INT32_MAX);
      auto minor =
          dot == std::string_view::npos ? std::optional<int64_t>(0) : int_in(ver.substr(dot + 1), 0, INT32_MAX);
      if (line.size() == kMagic.size() || !is_space(line[kMagic.size()]) || !major || !minor || *major < 1)
        return refuse("line 1: the settings version must be a number, e.g. lookupviz-settings 1 (got " +
                      quoted_input(ver) + ")");
      if (*major > kSettingsVersion)
        return refuse("the settings were written by a newer lookupviz (settings version " + std::to_string(*major) +
                          "; this one reads version " + std::to_string(kSettingsVersion) + ")",
                      true);
      header = true;
      continue;
    }
    const std::string_view t = trim(line);
    if (t.empty() || t.front() == '#') continue;
    if (t == "end") {
      ended = true;
      break;
    }
    const size_t eq = t.find('=');
    if (eq == std::string_view::npos) return refuse(at + "expected key = value (got " + quoted_input(t) + ")");
    const std::string_view key = trim(t.substr(0, eq)), value = trim(t.substr(eq + 1));
    if (key.empty() || key.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_-.") != std::string_view::npos)
      return refuse(at + "expected key = value (got " + quoted_input(t) + ")");
    std::string err = p.apply(key, value, line_no);
    if (!err.empty()) return refuse(at + err);
  }
  if (!header) return refuse("the settings file is empty");
  if (!ended) return refuse("the settings file is cut short (its last line “end” is missing)");
  std::string err = p.finish();
  if (!err.empty()) return refuse(err);
  SettingsParse r;
  r.ok = true;
  r.settings = std::move(p.s);
  if (p.unknown_results > 0) {
    std::string names;
    for (size_t k = 0; k < p.unknown_kinds.size(); ++k) names += (k ? ", " : "") + p.unknown_kinds[k];
    if (p.unknown_results > p.unknown_kinds.size())
      names += " and " + with_commas(p.unknown_results - p.unknown_kinds.size()) + " more";
    r.note = "its Learn results of " + std::string(p.unknown_results == 1 ? "a kind" : "kinds") +
             " this lookupviz does not ask (" + names + ") were set aside";
  }
  return r;
}

// ---------------------------------------------------------------- 4. files

namespace {

std::string errno_text(int e) { return std::strerror(e); }

// mkdir -p: every missing folder of path, created 0700 (a config folder is private).
std::string make_dirs(const std::string& path) {
  for (size_t i = 1; i <= path.size(); ++i) {
    if (i < path.size() && path[i] != '/') continue;
    const std::string part = path.substr(0, i);
    if (mkdir(part.c_str(), 0700) != 0 && errno != EEXIST) return "cannot create " + part + ": " + errno_text(errno);
  }
  struct stat st;
  if (stat(path.c_str(), &st) != 0) return "cannot create " + path + ": " + errno_text(errno);
  if (!S_ISDIR(st.st_mode)) return path + " exists but is not a folder";
  return "";
}

std::string home_dir() {
  const char* home = std::getenv("HOME");
  if (home && home[0] == '/') return home;
  struct passwd pw, *found = nullptr;
  char buf[4096];
  if (getpwuid_r(getuid(), &pw, buf, sizeof buf, &found) == 0 && found && found->pw_dir && found->pw_dir[0] == '/')
    return found->pw_dir;
  return "";
}

std::string now_stamp() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  localtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y%m%d-%H%M%S", &tm);
  return buf;
}

// Renames path to path.KIND-STAMP (-2, -3... if taken); returns the new name or "" (errno set).
std::string set_aside(const std::string& path, const char* kind) {
  const std::string base = path + "." + kind + "-" + now_stamp();
  for (int n = 1; n < 100; ++n) {
    const std::string to = n == 1 ? base : base + "-" + std::to_string(n);
    struct stat st;
    if (lstat(to.c_str(), &st) == 0) continue;
    if (std::rename(path.c_str(), to.c_str()) == 0) return to;
    return "";
  }
  errno = EEXIST;
  return "";
}

}  // namespace

std::string settings_dir(std::string* error) {
  std::string base;
  const char* xdg = std::getenv("XDG_CONFIG_HOME");
  if (xdg && xdg[0] == '/') {
    base = xdg;
  } else {
    const std::string home = home_dir();
    if (home.empty()) {
      if (error) *error = "there is no home folder to keep the session in (HOME is not set)";
      return "";
    }
    base = home + "/.config";
  }
  while (base.size() > 1 && base.back() == '/') base.pop_back();
  const std::string dir = base + "/lookupviz";
  const std::string err = make_dirs(dir);
  if (!err.empty()) {
    if (error) *error = err;
    return "";
  }
  return dir;
}

SettingsLoad load_settings_file(const std::string& path) {
  SettingsLoad r;
  // O_NONBLOCK: a FIFO planted at the path must not hang the launch.
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    if (errno == ENOENT) return r;  // the first launch: nothing saved yet
    r.found = true;
    r.warning =
        "The saved session " + path + " could not be read (" + errno_text(errno) + "), so lookupviz starts afresh.";
    return r;
  }
  r.found = true;
  std::string text, problem;
  bool newer = false;
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    problem = "it is not a regular file";
  } else if (static_cast<uint64_t>(st.st_size) > kMaxSettingsBytes) {
    problem = "it is larger than " + with_commas(kMaxSettingsBytes) + " bytes";
  } else {
    text.resize(static_cast<size_t>(st.st_size));
    size_t got = 0;
    while (got < text.size()) {
      const ssize_t n = read(fd, text.data() + got, text.size() - got);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) {
        const int e = errno;
        close(fd);
        r.warning =
            "The saved session " + path + " could not be read (" + errno_text(e) + "), so lookupviz starts afresh.";
        return r;
      }
      if (n == 0) break;  // it shrank while we read: parse what is there (it will not end with "end")
      got += static_cast<size_t>(n);
    }
    text.resize(got);
    SettingsParse p = parse_settings(text);
    if (p.ok) {
      close(fd);
      r.ok = true;
      r.settings = std::move(p.settings);
      if (!p.note.empty()) r.warning = "The saved session " + path + " was read, but " + p.note + ".";
      return r;
    }
    problem = p.error;
    newer = p.newer_version;
  }
  close(fd);
  r.set_aside_path = set_aside(path, newer ? "newer" : "bad");
  const std::string kept = r.set_aside_path.empty() ? "; it could not be moved aside (" + errno_text(errno) + ")"
                                                    : "; the file was kept as " + r.set_aside_path;
  if (newer) r.warning = "The saved session was written by a newer lookupviz, so this one starts afresh" + kept + ".";
  else r.warning = "The saved session could not be read (" + problem + "), so lookupviz starts afresh" + kept + ".";
  return r;
}

std::string save_settings_file(const std::string& path, std::string_view text) {
  // A session.ini kept as a symlink (dotfile managers do) stays one: its target is
  // written. A FIFO or device at the path is refused, never replaced. Atomic: a temporary
  // beside it, synced, renamed over it, the folder synced (core/io/small_file.hpp).
  const std::string why = write_small_file(path, text);
  if (!why.empty()) return "Could not save the session to " + path + " (" + why + ").";
  return "";
}

}  // namespace lv
