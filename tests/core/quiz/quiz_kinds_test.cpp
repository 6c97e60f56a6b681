// quiz_kinds_test.cpp — core/quiz/: every question kind's answer on hand-made states
// (repeated IDs, ties and NaN in the head's argmax, an edited cell), the judges, the
// params drawn from a seed, a quiz's fresh states and the JSON they print.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

#include "core/settings/cli_options.hpp"
#include "core/tokenizer/gpt2_tokenizer.hpp"
#include "core/io/json_reader.hpp"
#include "core/torch/logits_argmax.hpp"
#include "core/quiz/question_kinds.hpp"
#include "core/quiz/quiz_deck.hpp"
#include "core/quiz/quiz_deck.hpp"
#include "core/quiz/quiz_draw.hpp"
#include "core/quiz/quiz_json.hpp"
#include "core/torch/torch_layers.hpp"

namespace {

using namespace lv::quiz;
using lv::IdList;
using lv::Matrix;

const lv::Gpt2Tokenizer& tokenizer() {
  static const lv::TokenizerLoad load = lv::load_gpt2_tokenizer(LOOKUPVIZ_BPE_PACK);
  return *load.tokenizer;
}

// A model on a table of our own values (V x D), with optional edits.
QuizModel hand_model(const Matrix& w, IdList ids, lv::EditMap edits = {}) {
  QuizModel m;
  m.table = lv::TableView(std::make_shared<const Matrix>(w), nullptr, lv::TableDtype::Float32,
                          std::make_shared<const lv::EditMap>(std::move(edits)));
  m.ids = std::move(ids);
  m.after_table = lv::TorchGenerator(123);
  m.nonfinite.assign(static_cast<size_t>(w.cols()), 0);
  return m;
}

Matrix table_4x3() {
  Matrix w(4, 3);
  w << 0.5f, -1.0f, 2.0f,  //
      1.5f, 0.25f, -0.5f,  //
      -2.0f, 3.0f, 0.75f,  //
      0.0f, -0.125f, 1.0f;
  return w;
}

TEST(QuizKinds, CountsAndRowsWithRepeatedIds) {
  const QuizModel m = hand_model(table_4x3(), {2, 0, 2, 1});  // B 4, V 4, D 3; ID 2 twice
  EXPECT_EQ(table_numbers(m), 12);
  EXPECT_EQ(zero_madds(m), 4 * 3 * 3);
  EXPECT_EQ(lookup_copies(m), 12);
  EXPECT_EQ(lookup_row(m, 0), 2);
  EXPECT_EQ(lookup_row(m, 3), 1);
  EXPECT_EQ(onehot_col(m, 1), 0);
  EXPECT_EQ(onehot_col(m, 2), 2);
  EXPECT_TRUE(outputs_equal(m));
  EXPECT_EQ(grad_rows(m), (IdList{0, 1, 2}));  // row 3 is never read: no gradient
  EXPECT_EQ(grad_value(m, 2, 1), 2.0f);        // G = ones: the row's count in the IDs
  EXPECT_EQ(grad_value(m, 0, 2), 1.0f);
  EXPECT_EQ(grad_value(m, 3, 0), 0.0f);
}

TEST(QuizKinds, DifferingCellsAfterAnEdit) {
  const QuizModel m = hand_model(table_4x3(), {2, 0, 2, 1});
  EXPECT_EQ(differing_cells(m, 2, 1), (std::vector<Cell>{{0, 1}, {2, 1}}));
  EXPECT_EQ(differing_cells(m, 1, 0), (std::vector<Cell>{{3, 0}}));
  EXPECT_TRUE(differing_cells(m, 3, 2).empty());  // no ID reads row 3
  // The answer is what an edit does: the outputs before and after cell [2][1] changes.
  lv::EditMap e{{2 * 3 + 1, 9.0f}};
  const QuizModel edited = hand_model(table_4x3(), m.ids, e);
  const Matrix before = m.table.rows_of(m.ids), after = edited.table.rows_of(m.ids);
  std::vector<Cell> changed;
  for (int64_t i = 0; i < before.rows(); ++i)
    for (int64_t c = 0; c < before.cols(); ++c)
      if (before(i, c) != after(i, c)) changed.push_back({i, c});
  EXPECT_EQ(changed, differing_cells(m, 2, 1));
}

TEST(QuizKinds, OutputsEqualFalseWhenAnEditPutsInfInAReadColumn) {
  // 0 × inf is NaN: the one-hot product's column 1 turns NaN in every row but the inf's.
  const QuizModel m = hand_model(table_4x3(), {2, 0}, {{3 * 3 + 1, std::numeric_limits<float>::infinity()}});
  EXPECT_FALSE(outputs_equal(m));
  const Question q = make_question(5, QuestionKind::OutputsEqual, m, {});
  EXPECT_EQ(std::get<bool>(q.answer), false);
  EXPECT_NE(q.why.find("inf"), std::string::npos);
}

TEST(QuizKinds, GradValueWithTheAppsRandnG) {
  QuizModel m = hand_model(table_4x3(), {2, 0, 2, 1});
  auto g = std::make_shared<Matrix>(4, 3);
  lv::TorchGenerator gen(7);
  *g = lv::embedding_init(4, 3, gen);  // any G: N(0, 1) draws
  m.grad_out = g;
  EXPECT_EQ(grad_value(m, 2, 1), (*g)(0, 1) + (*g)(2, 1));
  EXPECT_EQ(grad_value(m, 1, 2), (*g)(3, 2));
  EXPECT_EQ(grad_value(m, 3, 2), 0.0f);
}

// The head's argmax recomputed here from the whole logits matrix: x = W[ids] + pos_emb.
int64_t reference_argmax(const QuizModel& m, int64_t t) {
  lv::TorchGenerator g = m.after_table;
  const Matrix pos = lv::embedding_init(m.batch(), m.dim(), g);
  const Matrix w = m.table.to_matrix();
  Eigen::RowVectorXf x = w.row(m.ids[static_cast<size_t>(t)]) + pos.row(t);
  int64_t best = 0;
  for (int64_t v = 0; v < w.rows(); ++v) {
    double acc = 0;
    for (int64_t k = 0; k < w.cols(); ++k) acc += static_cast<double>(x[k]) * w(v, k);
    double best_acc = 0;
    for (int64_t k = 0; k < w.cols(); ++k) best_acc += static_cast<double>(x[k]) * w(best, k);
    if (static_cast<float>(acc) > static_cast<float>(best_acc)) best = v;
  }
  return best;
}

TEST(QuizKinds, ArgmaxTokenTiesGoToTheLowestRow) {
  Matrix w(5, 2);
  w << 0, 0,   //
      10, 10,  // rows 1 and 3 are the same: every x scores them the same
      5, 5,    //
      10, 10,  //
      -3, 1;
  const QuizModel m = hand_model(w, {2, 4, 2});
  for (int64_t t = 0; t < 3; ++t) EXPECT_EQ(argmax_token(m, t), reference_argmax(m, t)) << t;
  EXPECT_EQ(argmax_token(m, 0), 1);  // x ≈ (5, 5) + pos: rows 1 and 3 tie, torch.argmax takes 1
  EXPECT_EQ(argmax_token(m, 2), 1);
}

TEST(QuizKinds, ArgmaxTokenNanCountsAsTheMaximum) {
  Matrix w(4, 2);
  w << 1, 1, 50, 50, std::nanf(""), 0, 2, 2;
  const QuizModel m = hand_model(w, {0, 1});
  EXPECT_EQ(argmax_token(m, 0), 2);  // torch.argmax: the first NaN, whatever comes before
  EXPECT_EQ(argmax_token(m, 1), 2);
}

TEST(QuizKinds, ArgmaxFoldIsTorchArgmax) {
  auto fold = [](std::vector<float> zs) {
    lv::ArgmaxFold f;
    for (size_t j = 0; j < zs.size(); ++j) f.add(static_cast<int64_t>(j), zs[j]);
    return f.id;
  };
  EXPECT_EQ(fold({1, 3, 3, 2}), 1);
  EXPECT_EQ(fold({-1, -1}), 0);
  EXPECT_EQ(fold({1, std::nanf(""), 9, std::nanf("")}), 1);
  EXPECT_EQ(fold({std::nanf(""), 9}), 0);
}

TEST(QuizKinds, ArgmaxTokenOnASeededTableMatchesTheWholeLogits) {
  const QuizModel m = seeded_model(5, {7, 3, 7, 0, 11}, 12, 4);
  for (int64_t t = 0; t < m.batch(); ++t) EXPECT_EQ(argmax_token(m, t), reference_argmax(m, t)) << t;
}

TEST(QuizKinds, TokenCountIsGpt2s) {
  EXPECT_EQ(token_count(tokenizer(), "Hello, world"), 3);  // "Hello", ",", " world"
  EXPECT_EQ(token_count(tokenizer(), "<|endoftext|>"), 1);
  EXPECT_EQ(token_count(tokenizer(), std::string("\xff", 1)), -1);  // not UTF-8
}

// Slide 0's why is about this text's own cuts (issue 36: it was one sentence for every text).
TEST(QuizKinds, TokenCountsWhyNamesThisTextsCuts) {
  QuizModel m = hand_model(table_4x3(), {2, 3, 1});
  m.tokenizer = &tokenizer();
  Params p;
  p.text = "caf\u00e9 na\u00efve";
  Question q = make_question(0, QuestionKind::TokenCount, m, p);
  EXPECT_EQ(q.prompt, "How many GPT-2 tokens does \u201ccaf\u00e9 na\u00efve\u201d become?");
  EXPECT_EQ(q.why.rfind("GPT-2 cuts it into " + std::to_string(std::get<int64_t>(q.answer)) + " tokens: ", 0), 0u)
      << q.why;
  EXPECT_NE(q.why.find("\u201ccaf\u00e9\u201d is "), std::string::npos) << q.why;  // the first word cut in pieces
  p.text = "Hello, world";
  q = make_question(0, QuestionKind::TokenCount, m, p);
  EXPECT_EQ(q.why,
            "GPT-2 cuts it into 3 tokens: \u201cHello\u201d + \u201c,\u201d + \u201c world\u201d; every word here is "
            "one token (a common word is one token, and the space before it joins it)");
  // No text shown (IDs that are not GPT-2's): slide 0 asks nothing rather than about a stand-in.
  m.text.clear();
  for (const Question& x : state_questions(m, std::nullopt)) EXPECT_NE(x.kind, QuestionKind::TokenCount);
}

// The wording of issue 36: B IDs named apart from V; one yes/no convention; the head's why
// names the dot product that won.
TEST(QuizKinds, PromptsSayBAndVAndYesOrNo) {
  const QuizModel m = hand_model(table_4x3(), {2, 0, 2, 1, 3, 3});  // B 6 > V 4
  const Question t = make_question(1, QuestionKind::TableNumbers, m, {});
  EXPECT_EQ(t.prompt,
            "The batch holds 6 IDs; the table has a row for every possible ID (V = 4) and 3 columns. How many "
            "numbers does it hold?");
  const Question e = make_question(5, QuestionKind::OutputsEqual, m, {});
  EXPECT_NE(e.prompt.find("(yes or no)"), std::string::npos);
  Params p;
  p.t = 1;
  const Question a = make_question(8, QuestionKind::ArgmaxToken, m, p);
  const int64_t v = std::get<int64_t>(a.answer);
  const std::vector<float> x = head_input(m, 1);
  for (int64_t r = 0; r < m.vocab(); ++r) EXPECT_LE(head_score(m, x, r), head_score(m, x, v)) << r;
  EXPECT_EQ(a.why.rfind("x[1]\u00b7W[" + std::to_string(v) + "] = ", 0), 0u) << a.why;
  EXPECT_NE(a.why.find("is the largest of the 4 logits"), std::string::npos) << a.why;
}

// The misconceptions (issue 36, item 5): each answer on a state built to show it, and each
// why saying what the wrong answer believed.
TEST(QuizMisconceptions, EachAnswerAndWhatTheWrongAnswerBelieved) {
  const QuizModel m = hand_model(table_4x3(), {2, 0, 2, 1});  // B 4, V 4, D 3; ID 2 twice
  auto ask = [&](QuestionKind k, Params p = {}) { return make_question(0, k, m, p); };
  // Slide 1: the different IDs' rows, not V, not B.
  Question q = ask(QuestionKind::RowsRead);
  EXPECT_EQ(std::get<int64_t>(q.answer), 3);
  EXPECT_NE(q.why.find("not all 4 rows"), std::string::npos) << q.why;
  EXPECT_NE(q.why.find("a repeated ID reads the same row again"), std::string::npos) << q.why;
  // Slide 2: every output row whose ID is r.
  Params p;
  p.row = 2;
  q = ask(QuestionKind::EditedRowOutputs, p);
  EXPECT_EQ(std::get<IdList>(q.answer), (IdList{0, 2}));
  EXPECT_NE(q.why.find("a repeated ID shares one row"), std::string::npos) << q.why;
  p.row = 3;
  EXPECT_TRUE(std::get<IdList>(ask(QuestionKind::EditedRowOutputs, p).answer).empty());
  p.row = 1;
  EXPECT_NE(ask(QuestionKind::EditedRowOutputs, p).why.find("not output row 1"), std::string::npos);
  // Slide 3: B ones, not the 3 different IDs.
  q = ask(QuestionKind::OnehotOnes);
  EXPECT_EQ(std::get<int64_t>(q.answer), 4);
  EXPECT_NE(q.why.find("so it is not 3"), std::string::npos) << q.why;
  // Slide 4: 2×, not 4×.
  q = ask(QuestionKind::DoubleDMadds);
  EXPECT_EQ(std::get<int64_t>(q.answer), 2);
  EXPECT_EQ(q.why.rfind("2×, not 4×", 0), 0u) << q.why;
  // Slide 5: inf in [2][1]: the rows whose ID is not 2 turn NaN in the product; 0 and 2 stay inf = inf.
  p = {};
  p.row = 2, p.col = 1;
  q = ask(QuestionKind::InfCells, p);
  EXPECT_EQ(std::get<std::vector<Cell>>(q.answer), (std::vector<Cell>{{1, 1}, {3, 1}}));
  EXPECT_NE(q.why.find("not only the rows whose ID is 2"), std::string::npos) << q.why;
  p.row = 3;  // no ID reads row 3: every row's column turns NaN
  EXPECT_EQ(std::get<std::vector<Cell>>(ask(QuestionKind::InfCells, p).answer),
            (std::vector<Cell>{{0, 1}, {1, 1}, {2, 1}, {3, 1}}));
  // The answer is what the product does: the one-hot path computed with the edited table.
  lv::EditMap e{{3 * 3 + 1, std::numeric_limits<float>::infinity()}};
  const QuizModel edited = hand_model(table_4x3(), m.ids, e);
  EXPECT_FALSE(outputs_equal(edited));
  // Slide 6: G = randn still reaches only the IDs' rows.
  p = {};
  p.grad_seed = 5;
  q = ask(QuestionKind::GradRowsRandn, p);
  EXPECT_EQ(std::get<IdList>(q.answer), (IdList{0, 1, 2}));
  EXPECT_NE(q.why.find("not which rows"), std::string::npos) << q.why;
  // Slide 8: the same ID at two positions is two inputs.
  p = default_params(QuestionKind::SameTokenX, m);
  EXPECT_EQ(*p.t, 0);
  EXPECT_EQ(*p.u, 2);
  q = ask(QuestionKind::SameTokenX, p);
  EXPECT_EQ(std::get<bool>(q.answer), false);
  EXPECT_NE(q.why.find("pos_emb adds its row 0 to one and its row 2"), std::string::npos) << q.why;
  EXPECT_FALSE(askable_of(QuestionKind::SameTokenX, hand_model(table_4x3(), {2, 3, 1})));  // no repeat
  // Slide 9: a row with Adam's memory and no gradient does not move under SparseAdam.
  p = default_params(QuestionKind::SparseMemory, m);
  EXPECT_EQ(*p.step, 2);
  EXPECT_EQ(*p.row, 2);  // step 1 read row 2, step 2 reads row 0
  q = ask(QuestionKind::SparseMemory, p);
  EXPECT_EQ(std::get<bool>(q.answer), false);
  EXPECT_FALSE(sparse_memory_moves(m, 2, 2));
  EXPECT_NE(q.why.find("plain Adam would move it"), std::string::npos) << q.why;
  EXPECT_FALSE(askable_of(QuestionKind::SparseMemory, hand_model(table_4x3(), {2, 2, 2})));  // no row leaves
}

// Slide 7's misconception: the advantage is not the same at every B; the answer is the
// batch whose measured ratio is larger, unknown (-1) until both are measured.
TEST(QuizMisconceptions, SpeedupBatchIsTheLargerMeasuredAdvantage) {
  EXPECT_EQ(larger_speedup_batch(1, 3.0, 256, 900.0), 256);
  EXPECT_EQ(larger_speedup_batch(1, 50.0, 256, 20.0), 1);
  EXPECT_EQ(larger_speedup_batch(1, 5.0, 256, 5.0), 256);
  EXPECT_EQ(larger_speedup_batch(1, std::nan(""), 256, 5.0), -1);
  const QuizModel m = hand_model(table_4x3(), {2, 0});
  const Params p = default_params(QuestionKind::SpeedupBatch, m);
  EXPECT_EQ(*p.small_batch, 1);
  EXPECT_EQ(*p.batch, 256);
  Question q = make_question(7, QuestionKind::SpeedupBatch, m, p, 900.0, 3.0);
  EXPECT_EQ(q.prompt, "At B = 1 or at B = 256: where is the lookup's advantage over the one-hot matmul larger (type 1 "
                      "or 256)?");
  EXPECT_EQ(std::get<int64_t>(q.answer), 256);
  EXPECT_NE(q.why.find("measured 3\u00d7 at B = 1 and 900\u00d7 at B = 256"), std::string::npos) << q.why;
  EXPECT_NE(q.why.find("not the same at every B"), std::string::npos) << q.why;
  EXPECT_TRUE(judge(q, int64_t{256}));
  EXPECT_FALSE(judge(q, int64_t{1}));
  q = make_question(7, QuestionKind::SpeedupBatch, m, p, std::nan(""), 3.0);
  EXPECT_EQ(std::get<int64_t>(q.answer), -1);
}

TEST(QuizKinds, JudgesAcceptTheAnswerAndRefuseOthers) {
  QuizModel m = hand_model(table_4x3(), {2, 0, 2, 1});
  Params p;
  p.row = 2, p.col = 1;
  const Question cells = make_question(5, QuestionKind::DifferingCells, m, p);
  EXPECT_TRUE(judge(cells, std::vector<Cell>{{2, 1}, {0, 1}, {2, 1}}));  // any order, repeats ignored
  EXPECT_FALSE(judge(cells, std::vector<Cell>{{0, 1}}));
  EXPECT_FALSE(judge(cells, int64_t{2}));  // another type
  const Question rows = make_question(6, QuestionKind::GradRows, m, {});
  EXPECT_TRUE(judge(rows, IdList{2, 1, 0}));
  EXPECT_FALSE(judge(rows, IdList{0, 1, 2, 3}));
  const Question value = make_question(6, QuestionKind::GradValue, m, p);
  EXPECT_TRUE(judge(value, 2.0));
  EXPECT_TRUE(judge(value, 2.00005));
  EXPECT_FALSE(judge(value, 2.001));
  const Question eq = make_question(5, QuestionKind::OutputsEqual, m, {});
  EXPECT_TRUE(judge(eq, true));
  EXPECT_FALSE(judge(eq, false));
  p = {};
  p.i = 1;
  const Question row = make_question(2, QuestionKind::LookupRow, m, p);
  EXPECT_TRUE(judge(row, int64_t{0}));
  EXPECT_FALSE(judge(row, int64_t{2}));
  EXPECT_TRUE(judge_speedup(10.0, 5.0));
  EXPECT_TRUE(judge_speedup(10.0, 20.0));
  EXPECT_FALSE(judge_speedup(10.0, 4.9));
  EXPECT_FALSE(judge_speedup(10.0, 20.5));
  EXPECT_FALSE(judge_speedup(10.0, 0.0));
  p = {};
  p.batch = 4;
  const Question speed = make_question(7, QuestionKind::SpeedupEstimate, m, p, 40.0);
  EXPECT_TRUE(judge(speed, 25.0));
  EXPECT_FALSE(judge(speed, 15.0));
}

TEST(QuizKinds, PromptsAndWhysSayTheState) {
  const QuizModel m = hand_model(table_4x3(), {2, 3, 1});
  Params p;
  p.i = 1;
  const Question q2 = make_question(2, QuestionKind::LookupRow, m, p);
  EXPECT_EQ(q2.prompt, "Which table row lands in output row 1?");
  EXPECT_EQ(std::get<int64_t>(q2.answer), 3);
  const Question q4 = make_question(4, QuestionKind::LookupRow, m, p);
  EXPECT_EQ(q4.why, "only row 3 survives: the one-hot row has its 1 in column 3");
}

// Each kind's name reads back; the deck core is given (the registry's: ui.SlideRegistry
// checks the tests' copy) says which slide asks it, and how.
TEST(QuizKinds, KindsNamesAndTheDecksSlides) {
  for (int k = 0; k < kQuestionKindCount; ++k) {
    const QuestionKind kind = static_cast<QuestionKind>(k);
    EXPECT_EQ(kind_from_name(kind_name(kind)), kind);
    EXPECT_GE(deck_any_slide_of(kind), 0) << kind_name(kind) << ": no slide asks it";
  }
  EXPECT_EQ(deck_slide_of(QuestionKind::LookupRow), 2);  // the lookup's, before the product's
  ASSERT_NE(deck_question(4, QuestionKind::LookupRow), nullptr);
  EXPECT_TRUE(deck_question(4, QuestionKind::LookupRow)->onehot_product);
  EXPECT_FALSE(deck_question(2, QuestionKind::LookupRow)->onehot_product);
  EXPECT_EQ(deck_question(3, QuestionKind::LookupRow), nullptr);
  EXPECT_EQ(deck_question(11, QuestionKind::LookupRow), nullptr);
  EXPECT_EQ(deck_slide_of(QuestionKind::SpeedupEstimate), -1);  // measured, never drawn
  EXPECT_EQ(deck_any_slide_of(QuestionKind::SpeedupEstimate), 7);
  // A slide's own kinds (its KindFamily, named by its line of the deck): their names read back,
  // their slide asks them, and core's kinds never collide with them.
  int family_kinds = 0;
  for (const DeckSlide& s : quiz_deck())
    if (s.family)
      for (const KindInfo& k : s.family->kinds) {
        ++family_kinds;
        EXPECT_GE(static_cast<int>(k.kind), kFirstFamilyKind) << k.name;
        EXPECT_EQ(family_of(k.kind), s.family) << k.name;
        EXPECT_EQ(kind_name(k.kind), k.name);
        EXPECT_EQ(kind_from_name(k.name), k.kind);
        EXPECT_EQ(answer_type(k.kind), k.type);
        EXPECT_EQ(deck_any_slide_of(k.kind), s.slide) << k.name;
      }
  EXPECT_EQ(family_kinds, 5);  // slide 10's attn_*
  EXPECT_EQ(family_of(QuestionKind::LookupRow), nullptr);
  EXPECT_EQ(kind_name(QuestionKind{kFirstFamilyKind + 99}), "unknown");
}

TEST(QuizKinds, StateQuestionsCoverEverySlideButSeven) {
  QuizModel m = hand_model(table_4x3(), {2, 3, 1});
  m.tokenizer = &tokenizer();
  m.text = "Hello, world";
  const std::vector<Question> fixed = state_questions(m, std::nullopt);
  std::set<int> slides;
  for (const Question& q : fixed) slides.insert(q.slide);
  EXPECT_EQ(slides, (std::set<int>{0, 1, 2, 3, 4, 5, 6, 8, 9, 10}));
  EXPECT_EQ(fixed.size(), 25u);  // 26 kinds, less slide 7's (timed) and same_token_x (no repeated ID)
  EXPECT_EQ(fixed[3].kind, QuestionKind::LookupRow);
  EXPECT_EQ(*fixed[3].params.i, 1);  // slide 2's fixed question: output row 1
  // A quiz seed draws the params: the same seed the same, some other seed other ones.
  auto params_of = [&](uint64_t seed) {
    std::string s;
    for (const Question& q : state_questions(m, seed))
      s += std::to_string(q.params.i.value_or(-1)) + "," + std::to_string(q.params.row.value_or(-1)) + "," +
           std::to_string(q.params.col.value_or(-1)) + "," + std::to_string(q.params.t.value_or(-1)) + ";";
    return s;
  };
  EXPECT_EQ(params_of(7), params_of(7));
  bool differs = false;
  for (uint64_t s = 8; s < 12; ++s) differs |= params_of(s) != params_of(7);
  EXPECT_TRUE(differs);
}

TEST(QuizDraw, FreshStatesAreSmallWithARepeat) {
  for (int k = 0; k < 50; ++k) {
    const StateSpec s = random_state(99, k);
    EXPECT_GE(s.ids.size(), 3u);
    EXPECT_LE(static_cast<int64_t>(s.ids.size()), kQuizMaxIds);
    EXPECT_LE(s.vocab, kQuizMaxVocab);
    EXPECT_LE(s.dim, kQuizMaxDim);
    std::set<int64_t> distinct(s.ids.begin(), s.ids.end());
    EXPECT_LT(distinct.size(), s.ids.size()) << "a repeated ID";
    for (int64_t id : s.ids) EXPECT_LT(id, s.vocab);
  }
  EXPECT_EQ(random_state(99, 3).ids, random_state(99, 3).ids);
}

TEST(QuizDraw, AQuizIsReproducibleAndSpreadAcrossSlides) {
  const std::vector<QuizItem> a = make_quiz(42, 5, &tokenizer()), b = make_quiz(42, 5, &tokenizer());
  ASSERT_EQ(a.size(), 5u);
  std::set<int> slides;
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].question.prompt, b[i].question.prompt);
    EXPECT_EQ(a[i].question.answer, b[i].question.answer);
    EXPECT_NE(a[i].question.slide, 7);
    slides.insert(a[i].question.slide);
    // The answer is the kind's function on the item's own state.
    const QuizModel m = build_model(a[i].spec, &tokenizer());
    EXPECT_EQ(make_question(a[i].question.slide, a[i].question.kind, m, a[i].question.params).answer,
              a[i].question.answer);
  }
  EXPECT_EQ(slides.size(), 5u);
  const std::vector<QuizItem> missed = make_quiz(42, 5, &tokenizer(), {QuestionKind::GradValue});
  EXPECT_EQ(missed[0].question.kind, QuestionKind::GradValue);  // what was missed comes first
  const QuizItem again = another_like(a[0], 42, 1, &tokenizer());
  EXPECT_EQ(again.question.kind, a[0].question.kind);
  EXPECT_EQ(again.question.slide, a[0].question.slide);
}

TEST(QuizJson, ValidJsonWithExactUtf8AndEscapes) {
  QuizModel m = hand_model(table_4x3(), {2, 3, 1});
  m.tokenizer = &tokenizer();
  m.text = "caf\u00e9 \"quoted\" back\\slash\nnew\x01line";
  const std::string json = questions_json(state_questions(m, std::nullopt));
  lv::JsonReader r(json);
  EXPECT_TRUE(r.skip()) << r.error;
  r.ws();
  EXPECT_EQ(r.i, json.size());
  EXPECT_NE(json.find("\"text\": \"caf\u00e9 \\\"quoted\\\" back\\\\slash\\nnew\\u0001line\""), std::string::npos);
  EXPECT_NE(json.find("\"answer\": [[0, 0]]"), std::string::npos);  // differing_cells: [row, col] pairs
  EXPECT_NE(json.find("\"answer\": 1.0"), std::string::npos);       // grad_value: a float
  EXPECT_NE(json.find("\"answer\": true"), std::string::npos);      // outputs_equal
}

}  // namespace

namespace {

TEST(QuizCliOptions, QuizJsonAndQuizSeed) {
  auto parse = [](std::vector<std::string> a) {
    a.insert(a.begin(), "lookupviz");
    return lv::parse_cli(a);
  };
  const lv::CliParse plain = parse({"--quiz-json"});
  ASSERT_TRUE(plain.ok) << plain.error;
  EXPECT_TRUE(plain.options.quiz_json);
  EXPECT_FALSE(plain.options.quiz_seed);
  const lv::CliParse seeded = parse({"--quiz-json", "--quiz-seed=1_000", "--ids", "4,4,2"});
  ASSERT_TRUE(seeded.ok) << seeded.error;
  EXPECT_EQ(seeded.options.quiz_seed, 1000u);
  EXPECT_EQ(parse({"--quiz-seed", "3"}).error,
            "--quiz-seed N chooses the questions of --quiz-json, --quiz or --export-worksheet: give one of them too");
  EXPECT_TRUE(parse({"--quiz", "--quiz-seed", "3"}).ok);
  EXPECT_FALSE(parse({"--quiz-json", "--quiz-seed", "x"}).ok);
  EXPECT_FALSE(parse({"--quiz-json", "--tokenize", "hi"}).ok);  // one mode at a time
  const std::string h = lv::cli_help_text();
  EXPECT_NE(h.find("--quiz-json"), std::string::npos);
  EXPECT_NE(h.find("--quiz-seed N"), std::string::npos);
}

}  // namespace
