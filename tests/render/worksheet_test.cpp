// worksheet_test.cpp — `lookupviz --export-worksheet FILE.md` (issue 28, item 5) under
// `xvfb-run -a`: the state's questions in --quiz-json's order with its prompts, the answer
// key's answers exactly --quiz-json's, each linked picture a PNG of --size beside FILE,
// an old FILE replaced, a table file's sheet too; --quiz-seed's sheet the same bytes for the same seed; a folder
// that is not there or is a file fails with one line and leaves nothing behind; the
// options' mistakes refused before any window.
// Skipped (not passed) when xvfb-run is not installed.
#include <gtest/gtest.h>
#include <dirent.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace {

bool have_xvfb() { return std::system("command -v xvfb-run >/dev/null 2>&1") == 0; }

std::string temp_dir() {
  char tmpl[] = "/tmp/lookupviz-worksheet-XXXXXX";
  const char* d = mkdtemp(tmpl);
  return d ? d : "/tmp";
}

void remove_dir(const std::string& dir) {
  if (dir.rfind("/tmp/lookupviz-worksheet-", 0) == 0) std::system(("rm -rf '" + dir + "'").c_str());
}

std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

std::vector<std::string> list_dir(const std::string& dir) {
  std::vector<std::string> names;
  if (DIR* d = opendir(dir.c_str())) {
    while (dirent* e = readdir(d))
      if (e->d_name[0] != '.') names.push_back(e->d_name);
    closedir(d);
  }
  return names;
}

struct Outcome {
  int exit_code = -1;
  std::string out, err;
};

// `lookupviz args` (under xvfb-run when `x`), its settings in `dir`; stdout, stderr and
// the app's own exit status (not xvfb-run's) read back from files there.
Outcome run_in(const std::string& dir, const std::string& args, bool x = true) {
  const std::string out_file = dir + "/.stdout", err_file = dir + "/.stderr", rc_file = dir + "/.status";
  const std::string cmd = std::string(x ? "xvfb-run -a " : "") + "env XDG_CONFIG_HOME=" + dir +
                          " bash -c '\"$0\" \"$@\" >" + out_file + " 2>" + err_file + "; echo $? >" + rc_file +
                          "' " LOOKUPVIZ_BIN " " + args + " >/dev/null 2>&1";
  std::system(cmd.c_str());
  Outcome o;
  o.out = slurp(out_file);
  o.err = slurp(err_file);
  const std::string status = slurp(rc_file);
  if (!status.empty()) o.exit_code = std::atoi(status.c_str());
  for (const std::string& f : {out_file, err_file, rc_file}) std::remove(f.c_str());
  return o;
}

// A JSON string's text (core/text/json_text.hpp escapes only ", \ and control characters).
std::string json_unescape(const std::string& s) {
  std::string out;
  for (size_t k = 0; k < s.size(); ++k) out += s[k] == '\\' && k + 1 < s.size() ? s[++k] : s[k];
  return out;
}

// Markdown text as read: a backslash-escaped character is that character.
std::string md_unescape(const std::string& s) { return json_unescape(s); }

struct JsonQuestion {
  std::string prompt, answer;
};

std::vector<JsonQuestion> quiz_json_questions(const std::string& json) {
  static const std::regex q(R"re("prompt": "((?:[^"\\]|\\.)*)", "answer": (.*?), "why": ")re");
  std::vector<JsonQuestion> out;
  for (auto it = std::sregex_iterator(json.begin(), json.end(), q); it != std::sregex_iterator(); ++it)
    out.push_back({json_unescape((*it)[1]), (*it)[2]});
  return out;
}

std::vector<std::string> all_matches(const std::string& text, const std::regex& re) {
  std::vector<std::string> out;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator(); ++it)
    out.push_back((*it)[1]);
  return out;
}

// The PNG's size from its IHDR; {0, 0} when it is no PNG.
std::pair<int, int> png_size(const std::string& bytes) {
  if (bytes.size() < 24 || bytes.compare(0, 8, "\x89PNG\r\n\x1a\n") != 0 || bytes.compare(12, 4, "IHDR") != 0)
    return {0, 0};
  auto be32 = [&](size_t at) {
    return (static_cast<unsigned char>(bytes[at]) << 24) | (static_cast<unsigned char>(bytes[at + 1]) << 16) |
           (static_cast<unsigned char>(bytes[at + 2]) << 8) | static_cast<unsigned char>(bytes[at + 3]);
  };
  return {static_cast<int>(be32(16)), static_cast<int>(be32(20))};
}

// Every picture the sheet links is beside it, a PNG of 800 x 500: one a question, and the
// whole table beside the head's question (its logits need every row).
void expect_pictures(const std::string& dir, const std::string& md, size_t count) {
  static const std::regex link(R"re(!\[[^\]]*\]\(([^)]+)\))re");
  static const std::regex question(R"re(!\[Question \d+: the slide before the reveal\]\(([^)]+)\))re");
  static const std::regex table(R"re(!\[Question \d+: the whole table\]\(([^)]+)\))re");
  const std::vector<std::string> links = all_matches(md, link);
  EXPECT_EQ(all_matches(md, question).size(), count);
  EXPECT_EQ(links.size(), count + all_matches(md, table).size());
  for (const std::string& l : links) {
    EXPECT_EQ(l.find('/'), std::string::npos) << "relative, beside the sheet: " << l;
    EXPECT_EQ(png_size(slurp(dir + "/" + l)), std::make_pair(800, 500)) << l;
  }
}

TEST(Worksheet, TheStatesQuestionsWithQuizJsonsAnswers) {
  if (!have_xvfb()) GTEST_SKIP() << "xvfb-run is not installed";
  const std::string dir = temp_dir();
  const std::string model = "--seed 7 --ids 0,4,4,2 --dim 3";
  std::ofstream(dir + "/sheet.md") << "an old sheet";  // replaced whole
  const Outcome sheet = run_in(dir, "--export-worksheet " + dir + "/sheet.md --size 800x500 " + model);
  ASSERT_EQ(sheet.exit_code, 0) << sheet.err;
  EXPECT_EQ(sheet.err, "");
  const Outcome json = run_in(dir, "--quiz-json " + model, false);
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const std::vector<JsonQuestion> want = quiz_json_questions(json.out);
  ASSERT_GE(want.size(), 11u);

  const std::string md = slurp(dir + "/sheet.md");
  EXPECT_EQ(md.find("an old sheet"), std::string::npos);
  EXPECT_NE(md_unescape(md).find("seed 7, IDs [0, 4, 4, 2], a 5 \u00d7 3 table"), std::string::npos) << md;
  // The questions in order, numbered, each with its prompt and a line to answer on.
  static const std::regex prompt(R"re(\n\*\*\d+\. (.*)\*\*\n\nYour answer: _+\n)re");
  const std::vector<std::string> prompts = all_matches(md, prompt);
  ASSERT_EQ(prompts.size(), want.size()) << md;
  for (size_t k = 0; k < want.size(); ++k) EXPECT_EQ(md_unescape(prompts[k]), want[k].prompt) << k;
  // The key after the questions: the answers as --quiz-json prints them.
  const size_t key = md.find("\n## Answer key\n");
  ASSERT_NE(key, std::string::npos);
  static const std::regex answer(R"re(\n\d+\. `([^`]*)` — )re");
  const std::string key_text = md.substr(key);
  const std::vector<std::string> answers = all_matches(key_text, answer);
  ASSERT_EQ(answers.size(), want.size()) << key_text;
  for (size_t k = 0; k < want.size(); ++k) EXPECT_EQ(answers[k], want[k].answer) << k;
  expect_pictures(dir, md, want.size());
  // --worksheet-count N: the first N.
  const Outcome three =
      run_in(dir, "--export-worksheet " + dir + "/three.md --worksheet-count 3 --size 800x500 " + model);
  ASSERT_EQ(three.exit_code, 0) << three.err;
  const std::string md3 = slurp(dir + "/three.md");
  ASSERT_EQ(all_matches(md3, prompt).size(), 3u);
  EXPECT_EQ(md_unescape(all_matches(md3, prompt)[2]), want[2].prompt);
  remove_dir(dir);
}

TEST(Worksheet, ATableFilesSheetHasItsAnswers) {
  if (!have_xvfb()) GTEST_SKIP() << "xvfb-run is not installed";
  const std::string dir = temp_dir();
  const std::string model = "--weights " + std::string(LOOKUPVIZ_GOLDEN_DIR) + "/tables/notebook_seed123.npy";
  const Outcome sheet = run_in(dir, "--export-worksheet " + dir + "/sheet.md --size 800x500 " + model);
  ASSERT_EQ(sheet.exit_code, 0) << sheet.err;
  const Outcome json = run_in(dir, "--quiz-json " + model, false);
  const std::vector<JsonQuestion> want = quiz_json_questions(json.out);
  const std::string md = slurp(dir + "/sheet.md");
  static const std::regex answer(R"re(\n\d+\. `([^`]*)` — )re");
  const std::vector<std::string> answers = all_matches(md.substr(md.find("\n## Answer key\n")), answer);
  ASSERT_EQ(answers.size(), want.size()) << md;
  for (size_t k = 0; k < want.size(); ++k) EXPECT_EQ(answers[k], want[k].answer) << k;
  expect_pictures(dir, md, want.size());
  remove_dir(dir);
}

TEST(Worksheet, AQuizSeedGivesTheSameSheet) {
  if (!have_xvfb()) GTEST_SKIP() << "xvfb-run is not installed";
  const std::string a = temp_dir(), b = temp_dir();
  const std::string args = " --quiz-seed 11 --worksheet-count 4 --size 800x500";
  ASSERT_EQ(run_in(a, "--export-worksheet " + a + "/sheet.md" + args).exit_code, 0);
  ASSERT_EQ(run_in(b, "--export-worksheet " + b + "/sheet.md" + args).exit_code, 0);
  const std::string md = slurp(a + "/sheet.md");
  EXPECT_EQ(md, slurp(b + "/sheet.md"));
  // Each question about its own drawn state, named with it.
  static const std::regex state(R"re(\nState: (seed \d+, IDs \[[\d, ]+\], a \d+ × \d+ table)\.\n)re");
  EXPECT_EQ(all_matches(md_unescape(md), state).size(), 4u) << md;
  expect_pictures(a, md, 4);
  const std::string c = temp_dir();
  ASSERT_EQ(
      run_in(c, "--export-worksheet " + c + "/sheet.md --quiz-seed 12 --worksheet-count 4 --size 800x500").exit_code,
      0);
  EXPECT_NE(slurp(c + "/sheet.md"), md);
  for (const std::string& d : {a, b, c}) remove_dir(d);
}

TEST(Worksheet, AnUnwritableFolderFailsCleanly) {
  if (!have_xvfb()) GTEST_SKIP() << "xvfb-run is not installed";
  const std::string dir = temp_dir();
  std::ofstream(dir + "/file") << "x";
  for (const std::string& md : {dir + "/file/sheet.md", dir + "/no-such-folder/sheet.md"}) {
    const Outcome o = run_in(dir, "--export-worksheet " + md + " --size 800x500");
    EXPECT_EQ(o.exit_code, 1) << o.err;
    EXPECT_EQ(o.err.rfind("lookupviz: cannot write " + md + ": ", 0), 0u) << o.err;
    EXPECT_EQ(o.err.find('\n'), o.err.size() - 1) << "one line: " << o.err;
  }
  for (const std::string& name : list_dir(dir)) EXPECT_TRUE(name == "file" || name == "lookupviz") << name;
  remove_dir(dir);
}

TEST(Worksheet, MistakesAreRefusedBeforeAnyWindow) {
  const std::string dir = temp_dir();
  for (const char* args :
       {"--worksheet-count 3", "--export-worksheet x.md --worksheet-count 9", "--export-worksheet x.md --print",
        "--export-worksheet x.md --quiz-json", "--export-worksheet=", "--quiz-seed 3"}) {
    const Outcome o = run_in(dir, args, false);
    EXPECT_EQ(o.exit_code, 2) << args << ": " << o.err;
    EXPECT_EQ(o.err.rfind("lookupviz: ", 0), 0u) << args;
    EXPECT_EQ(o.err.find('\n'), o.err.size() - 1) << args << ": " << o.err;
  }
  remove_dir(dir);
}

}  // namespace
