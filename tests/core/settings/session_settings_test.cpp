// session_settings_test.cpp — the session file: exact round trips, every bad value
// refused with a sentence, unknown keys ignored, cut files refused (never a crash),
// newer versions and corrupt files set aside, atomic saves that leave no temp file.
#include "core/settings/session_settings.hpp"

#include "core/settings/cli_options.hpp"  // last_slide(), deck_size()

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

namespace {

using lv::SessionSettings;

uint32_t bits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}
float from_bits(uint32_t b) {
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}

// A session that uses every field, with awkward values.
SessionSettings busy_session() {
  SessionSettings s;
  s.slide = 5;
  s.step = 2.37512345f;
  s.text_mode = true;
  s.text = "Hello, \"you\"\n";
  s.ids = {0, 7, 7, 3};
  s.seed = 0 - uint64_t{42};
  s.seed_text = "-42";
  s.dim = 6;
  s.vocab_mode = lv::SettingsVocab::Fixed;
  s.fixed_vocab = 9;
  s.dtype = lv::TableDtype::BFloat16;
  s.grad_mode = lv::SettingsGrad::Seeded;
  s.grad_seed = 18446744073709551615u;
  s.tie_weights = false;
  s.table_rows = 9;
  s.table_cols = 6;
  const float specials[] = {0.1f,
                            -0.0f,
                            std::numeric_limits<float>::infinity(),
                            -std::numeric_limits<float>::infinity(),
                            std::numeric_limits<float>::quiet_NaN(),
                            from_bits(0xffc00000),
                            from_bits(0x7fc00001),
                            from_bits(0x7f800001),
                            from_bits(0x00000001),
                            from_bits(0x007fffff),
                            std::numeric_limits<float>::min(),
                            std::numeric_limits<float>::max(),
                            1e-30f,
                            3.14159274f,
                            -123456.789f,
                            16777217.0f};
  int64_t k = 0;
  for (float v : specials) {
    s.edits.push_back({k / 6, k % 6, v});
    ++k;
  }
  s.light = true;
  s.user_zoom = 1.1f * 1.1f * 1.1f;
  s.reduced_motion = true;
  s.window_width = 1920;
  s.window_height = 1080;
  s.has_window_pos = true;
  s.window_x = -1920;
  s.window_y = 24;
  s.maximized = true;
  return s;
}

std::string with_header(const std::string& body) { return "lookupviz-settings 1\n" + body + "end\n"; }

// The error of parsing a file whose body is `body`; "" when it parses.
std::string error_of(const std::string& body) {
  lv::SettingsParse p = lv::parse_settings(with_header(body));
  EXPECT_EQ(p.ok, p.error.empty());
  EXPECT_EQ(p.error.find('\n'), std::string::npos) << p.error;
  return p.error;
}

std::string temp_dir() {
  char tmpl[] = "/tmp/lookupviz-settings-XXXXXX";
  const char* d = mkdtemp(tmpl);
  return d ? d : "/tmp";
}

std::vector<std::string> list_dir(const std::string& dir) {
  std::vector<std::string> names;
  if (DIR* d = opendir(dir.c_str())) {
    while (dirent* e = readdir(d))
      if (std::strcmp(e->d_name, ".") != 0 && std::strcmp(e->d_name, "..") != 0) names.push_back(e->d_name);
    closedir(d);
  }
  return names;
}

std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

void spit(const std::string& path, const std::string& text) {
  std::ofstream f(path, std::ios::binary);
  f << text;
}

TEST(SessionSettings, DefaultsRoundTrip) {
  const SessionSettings d;
  const std::string text = lv::write_settings(d);
  EXPECT_EQ(text.rfind("lookupviz-settings 1\n", 0), 0u) << text;
  lv::SettingsParse p = lv::parse_settings(text);
  ASSERT_TRUE(p.ok) << p.error;
  EXPECT_TRUE(lv::same_settings(p.settings, d));
}

TEST(SessionSettings, EveryFieldRoundTripsExactly) {
  const SessionSettings s = busy_session();
  const std::string text = lv::write_settings(s);
  lv::SettingsParse p = lv::parse_settings(text);
  ASSERT_TRUE(p.ok) << p.error << "\n" << text;
  EXPECT_TRUE(lv::same_settings(p.settings, s)) << text;
  EXPECT_EQ(lv::write_settings(p.settings), text);
  // Human-readable: the values are there as a person would write them.
  EXPECT_NE(text.find("\nslide = 5\n"), std::string::npos) << text;  // the slide's number, as --slide
  EXPECT_NE(text.find("\nids_from = text\n"), std::string::npos) << text;
  EXPECT_NE(text.find("\ntext = \"Hello, \\\"you\\\"\\n\"\n"), std::string::npos) << text;
  EXPECT_NE(text.find("\nids = 0, 7, 7, 3\n"), std::string::npos);
  EXPECT_NE(text.find("\nseed = -42\n"), std::string::npos);
  EXPECT_NE(text.find("\nedit = 0 0 0.1\n"), std::string::npos) << text;
  EXPECT_NE(text.find("\nedit = 0 1 -0\n"), std::string::npos);
  EXPECT_NE(text.find("\nedit = 1 0 0x7fc00001\n"), std::string::npos);  // a NaN payload kept as bits
}

// Whole numbers as a person writes them: "step = 10", not %g's "1e+01" (a test read the step
// from the file and passed it to --step, which refused "1e+01").
TEST(SessionSettings, NumbersAreWrittenAsAPersonWritesThem) {
  SessionSettings s;
  s.slide = 10;
  s.step = 10.0f;
  s.vocab_mode = lv::SettingsVocab::Fixed;
  s.fixed_vocab = 400;
  s.edits = {{0, 0, 100.0f}, {0, 1, 2e9f}, {0, 2, 1e20f}, {0, 3, 1e-5f}, {0, 4, 0.25f}, {1, 0, -3000.0f}};
  s.table_rows = 400;
  s.table_cols = 5;
  const std::string text = lv::write_settings(s);
  EXPECT_NE(text.find("\nstep = 10\n"), std::string::npos) << text;
  EXPECT_NE(text.find("\nedit = 0 0 100\n"), std::string::npos) << text;
  EXPECT_NE(text.find("\nedit = 0 1 2000000000\n"), std::string::npos) << text;
  EXPECT_NE(text.find("\nedit = 0 2 1e+20\n"), std::string::npos) << text;
  EXPECT_NE(text.find("\nedit = 0 3 1e-05\n"), std::string::npos) << text;
  EXPECT_NE(text.find("\nedit = 0 4 0.25\n"), std::string::npos) << text;
  EXPECT_NE(text.find("\nedit = 1 0 -3000\n"), std::string::npos) << text;
  const lv::SettingsParse p = lv::parse_settings(text);
  ASSERT_TRUE(p.ok) << p.error;
  EXPECT_TRUE(lv::same_settings(p.settings, s));
}

TEST(SessionSettings, FloatBitPatternsRoundTrip) {
  // Every exponent, with a few mantissas each, both signs: NaNs, infinities, subnormals.
  SessionSettings s;
  s.vocab_mode = lv::SettingsVocab::Fixed;
  s.fixed_vocab = 4096;
  s.dim = 16;
  s.table_rows = 4096;
  s.table_cols = 16;
  int64_t k = 0;
  for (uint32_t sign : {0u, 1u})
    for (uint32_t e = 0; e < 256; ++e)
      for (uint32_t m : {0u, 1u, 2u, 0x400000u, 0x7fffffu, 0x123457u})
        s.edits.push_back({k / 16, k % 16, from_bits(sign << 31 | e << 23 | m)}), ++k;
  lv::SettingsParse p = lv::parse_settings(lv::write_settings(s));
  ASSERT_TRUE(p.ok) << p.error;
  ASSERT_EQ(p.settings.edits.size(), s.edits.size());
  for (size_t i = 0; i < s.edits.size(); ++i)
    EXPECT_EQ(bits(p.settings.edits[i].value), bits(s.edits[i].value)) << std::hex << bits(s.edits[i].value);
  // Steps and zoom are exact too.
  for (float step : {0.0f, 0.1f, 1.0f / 3.0f, 4.999999f, 10000.0f}) {
    SessionSettings t;
    t.step = step;
    t.user_zoom = 0.6f * 1.1f;
    lv::SettingsParse q = lv::parse_settings(lv::write_settings(t));
    ASSERT_TRUE(q.ok) << q.error;
    EXPECT_EQ(bits(q.settings.step), bits(step));
    EXPECT_EQ(bits(q.settings.user_zoom), bits(t.user_zoom));
  }
}

TEST(SessionSettings, OddStringsRoundTrip) {
  for (std::string w :
       {std::string("table.npy"), std::string("/tmp/a b/\"quoted\"\\back.safetensors:tok_emb.weight"),
        std::string("tab\there\nnewline\rcr\x01\x1f\x7f"), std::string("ünï/çødé/表.npy"),
        std::string("\xff\xfe invalid utf-8"), std::string("#not a comment = x"), std::string(4096, 'x')}) {
    SessionSettings s;
    s.weights = w;
    const std::string text = lv::write_settings(s);
    lv::SettingsParse p = lv::parse_settings(text);
    ASSERT_TRUE(p.ok) << p.error << "\n" << text;
    EXPECT_EQ(p.settings.weights, w);
    // One line per key: the value's newlines never break the file's lines.
    const std::string plain = lv::write_settings(SessionSettings{});
    EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), std::count(plain.begin(), plain.end(), '\n') + 1);
  }
}

// A long --text the window was given (tokenized on a worker) is kept whole and read back.
TEST(SessionSettings, ASentenceAsLongAsTheLongestTextRoundTrips) {
  SessionSettings s;
  s.text_mode = true;
  s.text = "tea" + std::string(131069, '!');  // 131,072 bytes
  lv::SettingsParse p = lv::parse_settings(lv::write_settings(s));
  ASSERT_TRUE(p.ok) << p.error;
  EXPECT_EQ(p.settings.text, s.text);
}

TEST(SessionSettings, EditsAreSortedAndTheLastOfACellWins) {
  lv::SettingsParse p = lv::parse_settings(
      with_header("ids = 0, 1\ndim = 2\ntable = 2x2\nedit = 1 1 5\nedit = 0 1 2\nedit = 1 1 7\nedit = 0 0 -1\n"));
  ASSERT_TRUE(p.ok) << p.error;
  ASSERT_EQ(p.settings.edits.size(), 3u);
  EXPECT_EQ(p.settings.edits[0].row, 0);
  EXPECT_EQ(p.settings.edits[0].col, 0);
  EXPECT_EQ(p.settings.edits[2].value, 7.0f);
}

TEST(SessionSettings, SeedsAsPythonPrintsThem) {
  lv::SettingsParse p = lv::parse_settings(with_header("seed = -1\n"));
  ASSERT_TRUE(p.ok) << p.error;
  EXPECT_EQ(p.settings.seed, UINT64_MAX);
  EXPECT_EQ(p.settings.seed_text, "-1");
  p = lv::parse_settings(with_header("seed = 007\n"));
  ASSERT_TRUE(p.ok);
  EXPECT_EQ(p.settings.seed_text, "7");
  p = lv::parse_settings(with_header("seed = -9223372036854775808\n"));
  ASSERT_TRUE(p.ok);
  EXPECT_EQ(p.settings.seed, uint64_t{1} << 63);
  // A seed_text that does not spell the seed is not written.
  SessionSettings s;
  s.seed = 99;
  s.seed_text = "oops";
  EXPECT_NE(lv::write_settings(s).find("\nseed = 99\n"), std::string::npos);
}

TEST(SessionSettings, EveryBadValueIsRefusedWithASentence) {
  const std::string last = std::to_string(lv::last_slide()), past = std::to_string(lv::deck_size());  // the registry's
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"slide = -1\n", "line 2: slide must be a slide number from 0 to " + last + " (got “-1”)"},
      {"slide = " + past + "\n", "line 2: slide must be a slide number from 0 to " + last + " (got “" + past + "”)"},
      {"slide = two\n", "line 2: slide must be a slide number from 0 to " + last + " (got “two”)"},
      {"ids_from = words\n", "line 2: ids_from must be ids or text (got “words”)"},
      {"text = Hello\n", "line 2: text must be a quoted sentence, e.g. text = \"Hello, world\" (got “Hello”)"},
      {"step = -1\n", "line 2: step must be a number from 0 to 10,000 (got “-1”)"},
      {"step = nan\n", "line 2: step must be a number from 0 to 10,000 (got “nan”)"},
      {"step = 1e39\n", "line 2: step must be a number from 0 to 10,000 (got “1e39”)"},
      {"ids = \n", "line 2: ids: Type at least one ID, e.g. 2, 3, 1"},
      {"ids = -1\n", "line 2: ids: -1 is negative: IDs count rows from 0"},
      {"ids = 10000000\n", "line 2: ids: 10000000 is too large: IDs go up to 9,999,999"},
      {"vocab = 4\nids = 4\n", "line 3: ids: 4 is out of range: this table has 4 rows, IDs 0–3"},
      {"ids = " + std::string(4097 * 2 - 1, ',').replace(0, 1, "0") + "\n", ""},  // commas only: one ID
      {"seed = 18446744073709551616\n",
       "line 2: seed must be a whole number from -9223372036854775808 to 18446744073709551615 "
       "(got “18446744073709551616”)"},
      {"seed = -9223372036854775809\n",
       "line 2: seed must be a whole number from -9223372036854775808 to 18446744073709551615 "
       "(got “-9223372036854775809”)"},
      {"seed = 1_000\n",
       "line 2: seed must be a whole number from -9223372036854775808 to 18446744073709551615 (got “1_000”)"},
      {"dim = 0\n", "line 2: dim must be a whole number from 1 to 65,536 (got “0”)"},
      {"dim = 100000000\n", "line 2: dim must be a whole number from 1 to 65,536 (got “100000000”)"},
      {"vocab = 0\n", "line 2: vocab must be from-ids or a whole number from 1 to 10,000,000 (got “0”)"},
      {"vocab = 10000000\ndim = 65536\nids = 0\n",
       "a 10,000,000 × 65,536 table is too big: rows × dim may be at most 134,217,728 values"},
      {"vocab = 10000000\ndim = 1\nids = 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n",
       "the one-hot matrix (14 IDs × 10,000,000 rows) is too big: IDs × rows may be at most 134,217,728 values"},
      {"dtype = float64\n", "line 2: dtype must be float32, float16 or bfloat16 (got “float64”)"},
      {"weights = table.npy\n",
       "line 2: weights must be a quoted file name, e.g. weights = \"table.npy\" (got “table.npy”)"},
      {"weights = \"a\\q\"\n",
       "line 2: weights must be a quoted file name, e.g. weights = \"table.npy\" (got “\"a\\q\"”)"},
      {"weights = \"a\\x00\"\n",
       "line 2: weights must be a quoted file name, e.g. weights = \"table.npy\" (got “\"a\\x00\"”)"},
      {"weights = \"" + std::string(4097, 'x') + "\"\n", "line 2: weights is longer than 4,096 bytes"},
      // The sentence may be as long as the longest --text (the window tokenizes it on a worker).
      {"text = \"" + std::string(131073, 'x') + "\"\n", "line 2: text is longer than 131,072 bytes"},
      {"grad = ones\n", "line 2: grad must be sum or seeded (got “ones”)"},
      {"grad_seed = -1\n", "line 2: grad_seed must be a whole number from 0 to 18446744073709551615 (got “-1”)"},
      {"tie_weights = yes\n", "line 2: tie_weights must be true or false (got “yes”)"},
      {"reduced_motion = 1\n", "line 2: reduced_motion must be true or false (got “1”)"},
      {"maximized = TRUE\n", "line 2: maximized must be true or false (got “TRUE”)"},
      {"theme = blue\n", "line 2: theme must be dark or light (got “blue”)"},
      {"zoom = 0.1\n", "line 2: zoom must be a number from 0.5 to 4 (got “0.1”)"},
      {"zoom = inf\n", "line 2: zoom must be a number from 0.5 to 4 (got “inf”)"},
      {"window = 0x900\n", "line 2: window must be WIDTHxHEIGHT, each from 1 to 32,768 (got “0x900”)"},
      {"window = 1440\n", "line 2: window must be WIDTHxHEIGHT, each from 1 to 32,768 (got “1440”)"},
      {"window_pos = 1\n", "line 2: window_pos must be X, Y, each from -32,768 to 32,768 (got “1”)"},
      {"window_pos = 1, 99999\n", "line 2: window_pos must be X, Y, each from -32,768 to 32,768 (got “1, 99999”)"},
      {"table = 65536x65536\n", "line 2: table must be ROWSxCOLS, at most 2,147,483,648 values (got “65536x65536”)"},
      {"edit = 1 2\n", "line 2: edit must be ROW COL VALUE, e.g. edit = 2 4 -0.5 (got “1 2”)"},
      {"edit = 1 2 3 4\n", "line 2: edit must be ROW COL VALUE, e.g. edit = 2 4 -0.5 (got “1 2 3 4”)"},
      {"edit = -1 2 3\n", "line 2: edit must be ROW COL VALUE, e.g. edit = 2 4 -0.5 (got “-1 2 3”)"},
      {"edit = 0 0 0x7fc0000\n", "line 2: edit must be ROW COL VALUE, e.g. edit = 2 4 -0.5 (got “0 0 0x7fc0000”)"},
      {"edit = 0 0 1\n", "line 2: edits need the table's shape (table = ROWSxCOLS) before end"},
      {"table = 4x6\nedit = 0 0 1\n", "line 2: the edits were made on a 4 × 6 table but the session's table is 4 × 5"},
      {"table = 4x5\nedit = 4 0 1\n", "line 3: an edit of cell (4, 0) is outside the 4 × 5 table"},
      {"table = 4x5\nedit = 0 5 1\n", "line 3: an edit of cell (0, 5) is outside the 4 × 5 table"},
      {"dim = 5\ndim = 6\n", "line 3: “dim” appears twice (first on line 2)"},
      {"dim 5\n", "line 2: expected key = value (got “dim 5”)"},
      {"Dim = 5\n", "line 2: expected key = value (got “Dim = 5”)"},
      {"= 5\n", "line 2: expected key = value (got “= 5”)"},
  };
  for (const auto& [body, want] : cases) EXPECT_EQ(error_of(body), want) << body;
  // A table file's shape has the loader's limits, not the seeded table's (issue 17, item 2),
  // whichever line comes first.
  EXPECT_EQ(error_of("vocab = 1\ndim = 70000\nids = 0\nweights = \"wide.npy\"\n"), "");
  EXPECT_EQ(error_of("weights = \"gpt.npy\"\nvocab = 180000\ndim = 768\nids = 179999\n"), "");
  EXPECT_EQ(error_of("vocab = 1\ndim = 70000\nids = 0\n"),
            "line 3: dim must be a whole number from 1 to 65,536 (got “70000”)");
  EXPECT_EQ(error_of("vocab = 180000\ndim = 768\nids = 0\n"),
            "a 180,000 × 768 table is too big: rows × dim may be at most 134,217,728 values");
  EXPECT_EQ(error_of("weights = \"huge.npy\"\nvocab = 65536\ndim = 65537\nids = 0\n"),
            "a 65,536 × 65,537 table is too big: rows × dim may be at most 2,147,483,648 values");
  // With a table file the edits keep the file's shape (the app checks it once loaded).
  EXPECT_EQ(error_of("weights = \"big.npy\"\ntable = 50257x768\nedit = 50256 767 1\n"), "");
  // Too many IDs and too many edits.
  std::string many = "ids = ";
  for (int i = 0; i < 4097; ++i) many += "1 ";
  EXPECT_EQ(error_of(many + "\n"), "line 2: ids: Too many IDs: at most 4,096 at a time");
  std::string edits = "vocab = 10000\ndim = 1000\nids = 0\ntable = 10000x1000\n";
  for (size_t i = 0; i <= lv::kMaxSettingsEdits; ++i) edits += "edit = 1 2 3\n";
  EXPECT_EQ(error_of(edits), "line 1048582: more than 1,048,576 edited cells");
}

TEST(SessionSettings, TheFileItselfMustBeWhole) {
  EXPECT_EQ(lv::parse_settings("").error, "the settings file is empty");
  EXPECT_EQ(lv::parse_settings("[window]\nsize=3\n").error,
            "this is not a lookupviz settings file (the first line is not “lookupviz-settings 1”)");
  EXPECT_EQ(lv::parse_settings("lookupviz-settings\nend\n").error,
            "line 1: the settings version must be a number, e.g. lookupviz-settings 1 (got “”)");
  EXPECT_EQ(lv::parse_settings("lookupviz-settings x\nend\n").error,
            "line 1: the settings version must be a number, e.g. lookupviz-settings 1 (got “x”)");
  EXPECT_EQ(lv::parse_settings("lookupviz-settings 1\ndim = 3\n").error,
            "the settings file is cut short (its last line “end” is missing)");
  // Windows line ends, a BOM, comments, blank lines, a minor version and text after "end".
  lv::SettingsParse p =
      lv::parse_settings("\xEF\xBB\xBFlookupviz-settings 1.7\r\n# hi\r\n\r\n  dim = 3  \r\nend\r\ngarbage");
  ASSERT_TRUE(p.ok) << p.error;
  EXPECT_EQ(p.settings.dim, 3);
}

// A slide's own controls (slide 10's beta, d_out, mask): kept as written, in order, checked
// for their shape here and for their meaning by the slide that takes them back.
TEST(SessionSettings, SlideValuesRoundTripAndBadOnesAreRefused) {
  SessionSettings s;
  s.slide_values = {{"attention.beta", "1000"},
                    {"attention.d_out", "4"},
                    {"attention.mask", "false"},
                    {"attention.beta_hint", "1e-05"}};
  const std::string text = lv::write_settings(s);
  EXPECT_NE(text.find("\nslide_value = attention.beta 1000\n"), std::string::npos) << text;
  lv::SettingsParse p = lv::parse_settings(text);
  ASSERT_TRUE(p.ok) << p.error;
  EXPECT_TRUE(lv::same_settings(p.settings, s));
  ASSERT_EQ(p.settings.slide_values.size(), 4u);
  EXPECT_EQ(p.settings.slide_values[3].value, "1e-05");
  const std::string usage = "slide_value must be NAME VALUE, e.g. slide_value = scale.view map";
  EXPECT_EQ(error_of("slide_value = attention.beta\n"), "line 2: " + usage + " (got “attention.beta”)");
  EXPECT_EQ(error_of("slide_value = a b c\n"), "line 2: " + usage + " (got “a b c”)");
  EXPECT_EQ(error_of("slide_value = Attention.beta 1\n"), "line 2: " + usage + " (got “Attention.beta 1”)");
  EXPECT_EQ(error_of("slide_value = a.b \"1\"\n"), "line 2: " + usage + " (got “a.b \"1\"”)");
  EXPECT_EQ(error_of("slide_value = a " + std::string(33, '9') + "\n"),
            "line 2: " + usage + " (got “a " + std::string(33, '9') + "”)");
  EXPECT_EQ(error_of("slide_value = a.b 1\nslide_value = a.b 2\n"), "line 3: slide_value a.b appears twice");
  std::string many;
  for (size_t i = 0; i <= lv::kMaxSettingsSlideValues; ++i) many += "slide_value = v" + std::to_string(i) + " 1\n";
  EXPECT_EQ(error_of(many), "line 66: more than 64 slide values");
}

TEST(SessionSettings, UnknownKeysAreIgnored) {
  lv::SettingsParse p =
      lv::parse_settings(with_header("dim = 7\nfuture_feature = \"whatever = really\"\nfuture.sub-key = 1 2 3\n"));
  ASSERT_TRUE(p.ok) << p.error;
  EXPECT_EQ(p.settings.dim, 7);
}

// Issue 39: results of kinds no question has are set aside (with a note) and never take a
// place among the 64, so 64 junk lines cannot push out a real tally.
TEST(SessionSettings, UnknownResultKindsAreSetAsideAndDoNotCount) {
  std::string body;
  for (int k = 0; k < 64; ++k) {
    std::string name = "junk_";
    for (int j = k; j >= 0; j = j / 26 - 1) name += static_cast<char>('a' + j % 26);
    body += "result = " + name + " 3 1\n";
  }
  body += "result = table_numbers 1 1\nresult = lookup_row 5 3\n";
  lv::SettingsParse p = lv::parse_settings(with_header(body));
  ASSERT_TRUE(p.ok) << p.error;
  ASSERT_EQ(p.settings.results.size(), 2u);
  EXPECT_EQ(p.settings.results[0].kind, "table_numbers");
  EXPECT_EQ(p.settings.results[0].right, 1);
  EXPECT_EQ(p.settings.results[1].kind, "lookup_row");
  EXPECT_EQ(p.note,
            "its Learn results of kinds this lookupviz does not ask (junk_a, junk_b, junk_c, junk_d and 60 more) were "
            "set aside");
  // Written back, only the known kinds remain.
  EXPECT_EQ(lv::write_settings(p.settings).find("junk"), std::string::npos);
  // A file with none has no note; a malformed result line is still refused.
  EXPECT_TRUE(lv::parse_settings(with_header("result = lookup_row 5 3\n")).note.empty());
  EXPECT_NE(error_of("result = junk 1 2\n"), "");
  // Loaded from a file: the session is used, and the warning says what was set aside.
  const std::string dir = temp_dir(), path = dir + "/session.ini";
  spit(path, with_header("result = nonsense_kind 2 2\nresult = grad_rows 4 4\n"));
  lv::SettingsLoad l = lv::load_settings_file(path);
  ASSERT_TRUE(l.ok) << l.warning;
  ASSERT_EQ(l.settings.results.size(), 1u);
  EXPECT_EQ(l.warning, "The saved session " + path +
                           " was read, but its Learn results of a kind this lookupviz does not ask (nonsense_kind) "
                           "were set aside.");
}

TEST(SessionSettings, ANewerMajorVersionIsRefusedAsNewer) {
  lv::SettingsParse p = lv::parse_settings("lookupviz-settings 2\nnew stuff we cannot know\nend\n");
  EXPECT_FALSE(p.ok);
  EXPECT_TRUE(p.newer_version);
  EXPECT_EQ(p.error, "the settings were written by a newer lookupviz (settings version 2; this one reads version 1)");
  EXPECT_FALSE(lv::parse_settings("lookupviz-settings 0\nend\n").newer_version);
}

TEST(SessionSettings, CutFilesNeverCrashAndAreRefused) {
  const std::string text = lv::write_settings(busy_session());
  for (size_t n = 0; n + 1 < text.size(); ++n) {
    lv::SettingsParse p = lv::parse_settings(std::string_view(text).substr(0, n));
    // Every cut before the final "end" is refused; so is one inside it (only its
    // newline may go).
    EXPECT_FALSE(p.ok) << n;
    EXPECT_FALSE(p.error.empty());
  }
  EXPECT_TRUE(lv::parse_settings(text).ok);
  // Flipping any byte never crashes (it may still parse: a digit for another digit).
  for (size_t i = 0; i < text.size(); ++i) {
    std::string t = text;
    for (int x : {0x01, 0x20, 0x80, 0xff}) {
      t[i] = static_cast<char>(text[i] ^ x);
      (void)lv::parse_settings(t);
    }
  }
}

// ---------------------------------------------------------------- files

TEST(SessionSettingsFile, SaveThenLoadLeavesNoTempFile) {
  const std::string dir = temp_dir(), path = dir + "/session.ini";
  const SessionSettings s = busy_session();
  EXPECT_EQ(lv::save_settings_file(path, lv::write_settings(s)), "");
  EXPECT_EQ(list_dir(dir), std::vector<std::string>{"session.ini"});
  lv::SettingsLoad l = lv::load_settings_file(path);
  EXPECT_TRUE(l.found);
  ASSERT_TRUE(l.ok) << l.warning;
  EXPECT_TRUE(l.warning.empty());
  EXPECT_TRUE(lv::same_settings(l.settings, s));
  // Saving again replaces the file whole.
  EXPECT_EQ(lv::save_settings_file(path, lv::write_settings(SessionSettings{})), "");
  EXPECT_EQ(slurp(path), lv::write_settings(SessionSettings{}));
  EXPECT_EQ(list_dir(dir), std::vector<std::string>{"session.ini"});
}

// Issue 39: a save never widens the file's mode (the temporary file was 0644).
TEST(SessionSettingsFile, ASavedFileKeepsItsMode) {
  const std::string dir = temp_dir(), path = dir + "/session.ini";
  EXPECT_EQ(lv::save_settings_file(path, lv::write_settings(SessionSettings{})), "");
  ASSERT_EQ(chmod(path.c_str(), 0600), 0);
  EXPECT_EQ(lv::save_settings_file(path, lv::write_settings(busy_session())), "");
  struct stat st;
  ASSERT_EQ(stat(path.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0600u);
  EXPECT_EQ(list_dir(dir), std::vector<std::string>{"session.ini"});
}

TEST(SessionSettingsFile, AMissingFileIsNotAnError) {
  lv::SettingsLoad l = lv::load_settings_file(temp_dir() + "/session.ini");
  EXPECT_FALSE(l.found);
  EXPECT_FALSE(l.ok);
  EXPECT_TRUE(l.warning.empty());
  EXPECT_TRUE(lv::same_settings(l.settings, SessionSettings{}));
}

TEST(SessionSettingsFile, ACorruptFileIsSetAsideWithAWarning) {
  const std::string dir = temp_dir(), path = dir + "/session.ini";
  spit(path, with_header("dim = 0\n"));
  lv::SettingsLoad l = lv::load_settings_file(path);
  EXPECT_TRUE(l.found);
  EXPECT_FALSE(l.ok);
  EXPECT_TRUE(lv::same_settings(l.settings, SessionSettings{}));
  ASSERT_FALSE(l.set_aside_path.empty());
  EXPECT_EQ(l.set_aside_path.rfind(path + ".bad-", 0), 0u) << l.set_aside_path;
  EXPECT_EQ(l.warning,
            "The saved session could not be read (line 2: dim must be a whole number from 1 to 65,536 (got “0”)), "
            "so lookupviz starts afresh; the file was kept as " +
                l.set_aside_path + ".");
  EXPECT_EQ(slurp(l.set_aside_path), with_header("dim = 0\n"));
  struct stat st;
  EXPECT_NE(stat(path.c_str(), &st), 0);  // gone from its place: the next save starts clean
  // A second bad file in the same second gets its own name.
  spit(path, "garbage");
  lv::SettingsLoad l2 = lv::load_settings_file(path);
  EXPECT_NE(l2.set_aside_path, l.set_aside_path);
  EXPECT_EQ(list_dir(dir).size(), 2u);
}

TEST(SessionSettingsFile, ANewerFileIsKeptAsNewer) {
  const std::string dir = temp_dir(), path = dir + "/session.ini";
  spit(path, "lookupviz-settings 3\nend\n");
  lv::SettingsLoad l = lv::load_settings_file(path);
  EXPECT_FALSE(l.ok);
  EXPECT_EQ(l.set_aside_path.rfind(path + ".newer-", 0), 0u) << l.set_aside_path;
  EXPECT_EQ(l.warning, "The saved session was written by a newer lookupviz, so this one starts afresh; the file "
                       "was kept as " +
                           l.set_aside_path + ".");
}

TEST(SessionSettingsFile, NotARegularFileIsSetAside) {
  const std::string dir = temp_dir(), path = dir + "/session.ini";
  ASSERT_EQ(mkfifo(path.c_str(), 0600), 0);  // would block a plain open() forever
  lv::SettingsLoad l = lv::load_settings_file(path);
  EXPECT_FALSE(l.ok);
  EXPECT_NE(l.warning.find("it is not a regular file"), std::string::npos) << l.warning;
}

TEST(SessionSettingsFile, AnUnwritableFolderGivesASentenceAndNoTempFile) {
  // Under a regular file: fails even for root (CI runs as root, where chmod stops nothing).
  const std::string dir = temp_dir();
  spit(dir + "/file", "x");
  const std::string err = lv::save_settings_file(dir + "/file/session.ini", "text");
  EXPECT_EQ(err, "Could not save the session to " + dir + "/file/session.ini (Not a directory).");
  EXPECT_EQ(list_dir(dir), std::vector<std::string>{"file"});
}

TEST(SessionSettingsFile, AFullDiskKeepsTheOldFile) {
  // RLIMIT_FSIZE makes write() fail like a full disk (EFBIG); run it in a child so the
  // limit stays there.
  const std::string dir = temp_dir(), path = dir + "/session.ini";
  const std::string old_text = lv::write_settings(SessionSettings{});
  ASSERT_EQ(lv::save_settings_file(path, old_text), "");
  const pid_t pid = fork();
  if (pid == 0) {
    signal(SIGXFSZ, SIG_IGN);
    rlimit lim{100, 100};
    setrlimit(RLIMIT_FSIZE, &lim);
    const std::string err = lv::save_settings_file(path, lv::write_settings(busy_session()));
    _exit(err.rfind("Could not save the session to " + path + " (writing: File too large).", 0) == 0 ? 0 : 1);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  EXPECT_EQ(slurp(path), old_text);
  EXPECT_EQ(list_dir(dir), std::vector<std::string>{"session.ini"});
}

TEST(SessionSettingsFile, TheFolderFollowsXdgConfigHome) {
  const std::string dir = temp_dir();
  const char* old_xdg = std::getenv("XDG_CONFIG_HOME");
  const char* old_home = std::getenv("HOME");
  const std::string keep_xdg = old_xdg ? old_xdg : "", keep_home = old_home ? old_home : "";
  setenv("XDG_CONFIG_HOME", (dir + "/xdg/deeper").c_str(), 1);
  EXPECT_EQ(lv::settings_dir(), dir + "/xdg/deeper/lookupviz");
  struct stat st;
  ASSERT_EQ(stat((dir + "/xdg/deeper/lookupviz").c_str(), &st), 0);
  EXPECT_TRUE(S_ISDIR(st.st_mode));
  EXPECT_EQ(st.st_mode & 0777, 0700u);
  // A relative XDG_CONFIG_HOME is ignored (the XDG spec): $HOME/.config.
  setenv("XDG_CONFIG_HOME", "relative", 1);
  setenv("HOME", (dir + "/home").c_str(), 1);
  EXPECT_EQ(lv::settings_dir(), dir + "/home/.config/lookupviz");
  unsetenv("XDG_CONFIG_HOME");
  EXPECT_EQ(lv::settings_dir(), dir + "/home/.config/lookupviz");
  // A folder that cannot be made: a sentence.
  spit(dir + "/plain", "x");
  setenv("XDG_CONFIG_HOME", (dir + "/plain").c_str(), 1);
  std::string why;
  EXPECT_EQ(lv::settings_dir(&why), "");
  EXPECT_EQ(why, "cannot create " + dir + "/plain/lookupviz: Not a directory");
  if (old_xdg) setenv("XDG_CONFIG_HOME", keep_xdg.c_str(), 1);
  else unsetenv("XDG_CONFIG_HOME");
  if (old_home) setenv("HOME", keep_home.c_str(), 1);
  else unsetenv("HOME");
}

}  // namespace
