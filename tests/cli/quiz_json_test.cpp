// quiz_json_test.cpp — `lookupviz --quiz-json` (issue 28, item 6): one valid JSON object,
// a question on every slide but 7, the answers of the state given, params drawn from
// --quiz-seed (the same seed the same output, another seed other params), --text's text
// byte for byte, a table file, and the options' mistakes refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "core/io/json_reader.hpp"
#include "run_binary.hpp"

namespace {

using lvtest::run_binary;

const std::string kTables = std::string(LOOKUPVIZ_GOLDEN_DIR) + "/tables";

// Whether `text` is exactly one JSON value (RFC 8259, core's strict reader) and a newline.
bool one_json_value(const std::string& text, std::string* why) {
  lv::JsonReader r(text);
  const bool ok = r.skip();
  r.ws();
  *why = r.error;
  return ok && r.i == text.size();
}

std::set<int> slides_of(const std::string& json) {
  std::set<int> slides;
  static const std::regex slide(R"re(\{"slide": (\d+), "kind": ")re");
  for (auto it = std::sregex_iterator(json.begin(), json.end(), slide); it != std::sregex_iterator(); ++it)
    slides.insert(std::stoi((*it)[1]));
  return slides;
}

// The answer of the first question of `kind` (its text, as printed).
std::string answer_of(const std::string& json, const std::string& kind) {
  const size_t at = json.find("\"kind\": \"" + kind + "\"");
  if (at == std::string::npos) return "";
  const size_t a = json.find("\"answer\": ", at) + 10;
  return json.substr(a, json.find(", \"why\"", a) - a);
}

TEST(QuizJson, ValidJsonWithAQuestionOnEverySlideButSeven) {
  const auto r = run_binary({"--quiz-json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::string why;
  EXPECT_TRUE(one_json_value(r.out, &why)) << why << "\n" << r.out;
  EXPECT_EQ(r.out.rfind("{\"questions\": [", 0), 0u);
  EXPECT_EQ(slides_of(r.out), (std::set<int>{0, 1, 2, 3, 4, 5, 6, 8, 9, 10}));
  for (const char* kind :
       {"token_count",   "table_numbers",      "lookup_row",   "onehot_col",      "zero_madds",   "outputs_equal",
        "lookup_copies", "differing_cells",    "grad_rows",    "grad_value",      "argmax_token", "rows_moved",
        "rows_read",     "edited_row_outputs", "onehot_ones",  "double_d_madds",  "inf_cells",    "grad_rows_randn",
        "sparse_memory", "attn_top_key",       "attn_row_sum", "attn_hard_limit", "attn_masked",  "attn_grad_rows"})
    EXPECT_NE(r.out.find(std::string("\"kind\": \"") + kind + "\""), std::string::npos) << kind;
  // Slide 9 (issue 29): the IDs one a step under Adam; at step 2 row 2 moves with its memory.
  EXPECT_NE(r.out.find("{\"slide\": 9, \"kind\": \"rows_moved\", \"params\": {\"optimizer\": \"adam\", \"step\": 2}, "
                       "\"prompt\": \"Which rows of the table does optimizer step 2 of Adam change?\", "
                       "\"answer\": [2, 3], \"why\": \"rows 2 and 3: 3 had this step's gradient; 2 moved with Adam's "
                       "memory of step 1 (no gradient now); before it, step 1 had changed row 2 (only what step 2 "
                       "writes counts here)\"}"),
            std::string::npos)
      << r.out;
  // Slide 9's --batches and --optimizer, as the window would start with them: AdamW moves every row.
  const auto w =
      run_binary({"--quiz-json", "--ids", "2,0", "--vocab", "4", "--batches", "2;0", "--optimizer", "adamw"});
  ASSERT_EQ(w.exit_code, 0) << w.err;
  EXPECT_EQ(answer_of(w.out, "rows_moved"), "[0, 1, 2, 3]");
  // The notebook's state, ids [2, 3, 1], V 4, D 5: the issue's own example.
  EXPECT_NE(r.out.find("{\"slide\": 2, \"kind\": \"lookup_row\", \"params\": {\"i\": 1}, \"prompt\": \"Which table row "
                       "lands in output row 1?\", \"answer\": 3"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(answer_of(r.out, "table_numbers"), "20");
  EXPECT_EQ(answer_of(r.out, "zero_madds"), "45");
  EXPECT_EQ(answer_of(r.out, "lookup_copies"), "15");
  EXPECT_EQ(answer_of(r.out, "outputs_equal"), "true");
  EXPECT_EQ(answer_of(r.out, "grad_rows"), "[1, 2, 3]");
  EXPECT_EQ(r.err, "");
}

// Never an empty why (issue 36): at lr 0 AdamW moves nothing, and the why says why.
TEST(QuizJson, EveryWhyHasWords) {
  const auto r =
      run_binary({"--quiz-json", "--ids", "1,0,2", "--dim", "3", "--seed", "1", "--optimizer", "adamw", "--lr", "0"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(answer_of(r.out, "rows_moved"), "[]");
  EXPECT_EQ(r.out.find("\"why\": \"no row: \""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("no row: at lr 0 every update is 0"), std::string::npos) << r.out;
  size_t at = 0;
  while ((at = r.out.find("\"why\": \"", at)) != std::string::npos) {
    at += 8;
    const size_t end = r.out.find('"', at);
    const std::string why = r.out.substr(at, end - at);
    EXPECT_GT(why.size(), 12u) << why;
    EXPECT_NE(why.back(), ' ') << why;
  }
}

TEST(QuizJson, RepeatedIdsCountInTheGradient) {
  const auto r = run_binary({"--quiz-json", "--ids", "4,1,4,0", "--dim", "3"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(answer_of(r.out, "grad_rows"), "[0, 1, 4]");
  EXPECT_EQ(answer_of(r.out, "grad_value"), "2.0");  // row 4 (ids[0]) is read twice, G = ones
  EXPECT_EQ(answer_of(r.out, "differing_cells"), "[[0, 0], [2, 0]]");
}

TEST(QuizJson, TheQuizSeedDrawsTheParamsReproducibly) {
  const std::vector<std::string> state = {"--quiz-json", "--ids", "0,5,2,5,9,1,7", "--vocab", "40", "--dim", "6"};
  auto with_seed = [&](const char* seed) {
    std::vector<std::string> a = state;
    a.insert(a.end(), {"--quiz-seed", seed});
    const auto r = run_binary(a);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    std::string why;
    EXPECT_TRUE(one_json_value(r.out, &why)) << why;
    EXPECT_EQ(slides_of(r.out), (std::set<int>{0, 1, 2, 3, 4, 5, 6, 8, 9, 10}));
    return r.out;
  };
  const std::string a = with_seed("7"), again = with_seed("7"), other = with_seed("8");
  EXPECT_EQ(a, again);
  EXPECT_NE(a, other);
  EXPECT_NE(a, run_binary(state).out);  // without a quiz seed: the fixed params
}

TEST(QuizJson, TheTextIsSlideZerosByteForByte) {
  const std::string text = "na\u00efve caf\u00e9 \u2713 \"quoted\" \\ tab\there";
  const auto r = run_binary({"--quiz-json", "--text", text});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::string why;
  EXPECT_TRUE(one_json_value(r.out, &why)) << why;
  EXPECT_NE(r.out.find("\"params\": {\"text\": \"na\u00efve caf\u00e9 \u2713 \\\"quoted\\\" \\\\ tab\\there\"}"),
            std::string::npos)
      << r.out;
  // The same count --tokenize gives.
  const auto t = run_binary({"--tokenize", text});
  const std::string ids = t.out.substr(1, t.out.find(']') - 1);
  const long commas = std::count(ids.begin(), ids.end(), ',');
  EXPECT_EQ(answer_of(r.out, "token_count"), std::to_string(commas + 1));
}

TEST(QuizJson, ATableFileGivesTheSameAnswersAsItsSeed) {
  // notebook_seed123.npy is nn.Embedding(4, 5) of seed 123: every answer but slide 8's
  // (pos_emb is then drawn first from the seed) is the seeded table's.
  const auto file = run_binary({"--quiz-json", "--weights", kTables + "/notebook_seed123.npy"});
  const auto seeded = run_binary({"--quiz-json"});
  ASSERT_EQ(file.exit_code, 0) << file.err;
  for (const char* kind : {"table_numbers", "lookup_row", "onehot_col", "zero_madds", "outputs_equal", "lookup_copies",
                           "differing_cells", "grad_rows", "grad_value", "rows_moved"})
    EXPECT_EQ(answer_of(file.out, kind), answer_of(seeded.out, kind)) << kind;
  EXPECT_EQ(slides_of(file.out), (std::set<int>{0, 1, 2, 3, 4, 5, 6, 8, 9, 10}));
}

TEST(QuizJson, MistakesAreRefused) {
  auto r = run_binary({"--quiz-seed", "3"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--quiz-seed N chooses the questions of --quiz-json"), std::string::npos) << r.err;
  r = run_binary({"--quiz-json", "--print"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--quiz-json"), std::string::npos) << r.err;
  r = run_binary({"--quiz-json", "--quiz-seed", "-1"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--quiz-seed must be a whole number"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
  r = run_binary({"--help"});
  EXPECT_NE(r.out.find("--quiz-json"), std::string::npos);
  EXPECT_NE(r.out.find("--quiz-seed N"), std::string::npos);
}

}  // namespace
