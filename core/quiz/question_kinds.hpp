// question_kinds.hpp — "Predict, then reveal" (issue 28): the questions each slide asks
// about the state the learner built, with their answers, prompts, one-line whys and
// judges. No ImGui, no GL: the window's question panels, the quiz, the worksheet and
// --quiz-json all draw from here, so an answer is computed by one function per kind.
//
//   QuizModel            the state a question is about (borrows the table; no copy)
//   one function a kind  its answer (token_count … argmax_token, rows_moved; judge_speedup)
//   QuestionKind table   each kind's name and answer type (which slide asks it: quiz_deck.hpp)
//   make_question        params (fixed, or drawn from a QuizRng) → prompt, answer, why
//   judge                is a learner's answer right
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/io/table_view.hpp"
#include "core/nearest/map_grid.hpp"
#include "core/settings/session_settings.hpp"
#include "core/torch/tensor.hpp"
#include "core/torch/torch_generator.hpp"
#include "core/train/trainer.hpp"

namespace lv {
class Tokenizer;
}

namespace lv::quiz {

// ---------------------------------------------------------------- the state

// The map a slide shows (slide 7's map view), for map_nearest to ask about without a PCA of
// its own: the table mapped (slide 7's may not be the model's), its PC1 / PC2 points (a grid
// that `owner` keeps alive) and PC1 + PC2's share of the variance.
struct ShownMap {
  TableView table;
  const MapGrid* grid = nullptr;
  double variance = 0;
  std::shared_ptr<const void> owner;
};

// What the questions read: the notebook's state and slide 8's generator. The table is a
// view (seeded matrix or a file's, rounded, edited): nothing here copies it.
struct QuizModel {
  TableView table;                         // W: V x D
  IdList ids;                              // idx: B IDs, each < V
  TorchGenerator after_table;              // the generator after the table's init: pos_emb's draws (slide 8)
  std::string text;                        // slide 0: the text tokenized (--text, or the IDs' decoded text)
  const Tokenizer* tokenizer = nullptr;    // the one slide 0 shows: GPT-2's or the table's own (token_count);
                                           // null: slide 0 asks nothing
  std::shared_ptr<const Matrix> grad_out;  // G, B x D (the app's randn G); null: all ones (out.sum())
  std::vector<int64_t> nonfinite;          // per column, the base's non-finite values (empty: counted when asked)
  // Slide 9's training (rows_moved): its batches (empty: the IDs, one a step), learning rate,
  // G (false: all ones; true: torch.randn after manual_seed(train_grad_seed + step)) and the
  // optimizer it shows (asked about; empty: drawn with the params).
  std::vector<IdList> train_batches;
  double train_lr = 0.1;
  bool train_randn_grad = false;
  int64_t train_grad_seed = 0;
  std::optional<TrainOptimizer> train_optimizer;
  // The slides' own controls as the session keeps them (slide 10's attention.beta, .d_out, .mask,
  // .positions): what their questions read of the state besides the table and the IDs.
  std::vector<SettingsSlideValue> slide_values;
  // The map slide 7 shows (null: map_nearest maps `table` itself, as --quiz-json asks it).
  std::shared_ptr<const ShownMap> shown_map;

  int64_t vocab() const { return table.rows(); }
  int64_t dim() const { return table.cols(); }
  int64_t batch() const { return static_cast<int64_t>(ids.size()); }
};

// The notebook's state for a seed: nn.Embedding(vocab, dim) drawn from manual_seed(seed)
// (V x D values: the --print's work), or a file's table (file non-null: borrowed; the
// generator then starts fresh at the seed, as Embedding.from_pretrained draws nothing).
QuizModel seeded_model(uint64_t seed, const IdList& ids, int64_t vocab, int64_t dim,
                       TableDtype dtype = TableDtype::Float32);
QuizModel file_model(uint64_t seed, const IdList& ids, std::shared_ptr<const TableFile> file,
                     TableDtype dtype = TableDtype::Float32);

// ---------------------------------------------------------------- one function a kind

struct Cell {
  int64_t row = 0, col = 0;
  bool operator==(const Cell& o) const { return row == o.row && col == o.col; }
  bool operator<(const Cell& o) const { return row != o.row ? row < o.row : col < o.col; }
};

int64_t token_count(const Tokenizer& tokenizer, std::string_view text);  // slide 0; -1: not UTF-8
int64_t table_numbers(const QuizModel& m);                               // slide 1: V · D
int64_t lookup_row(const QuizModel& m, int64_t i);                       // slides 2, 4: ids[i]
int64_t onehot_col(const QuizModel& m, int64_t i);                       // slide 3: ids[i]
int64_t zero_madds(const QuizModel& m);                                  // slide 4: B · (V − 1) · D
bool outputs_equal(const QuizModel& m);     // slide 5: torch.equal(lookup, one-hot product)
int64_t lookup_copies(const QuizModel& m);  // slide 5: B · D
// Slide 5: the output cells that differ after table cell [row][col] is edited: every
// [i, col] with ids[i] == row, sorted.
std::vector<Cell> differing_cells(const QuizModel& m, int64_t row, int64_t col);
IdList grad_rows(const QuizModel& m);                            // slide 6: sorted unique IDs
float grad_value(const QuizModel& m, int64_t row, int64_t col);  // slide 6: Σ G[i][col], ids[i] == row
// Slide 8: the token the tied head picks at position t: argmax over v of x[t] · W[v],
// x[t] = tok_emb(idx)[t] + pos_emb(t) as slide 8 computes it (the lowest index on ties).
// O(V · D) for this one position.
int64_t argmax_token(const QuizModel& m, int64_t t);
// Slide 8's x[t] = tok_emb(idx)[t] + pos_emb(t) (D floats), and one logit x · W[v] as the
// head computes it (core/torch/logits_argmax.hpp head_logit).
std::vector<float> head_input(const QuizModel& m, int64_t t);
float head_score(const QuizModel& m, const std::vector<float>& x, int64_t v);
// Slide 9: the rows whose values change at optimizer step `step` (1, 2, …) when m's table is
// trained with `o` on m's batches at m.train_lr, G as m has it: lv::Trainer's
// moved_rows_exact after that step (torch's (after != before).any(dim=1)), sorted. Each row's
// kind (this step's gradient, the optimizer's memory, weight decay) and, for a memory row,
// the last step whose batch held it. Cost: step · (B + rows with state) · D, plus V · D
// under AdamW (every row read to list the decayed ones): the callers ask it of tables of at
// most kRowsMovedMaxVocab rows (a list a learner clicks row by row).
inline constexpr int64_t kRowsMovedMaxVocab = 4096;
inline constexpr int64_t kRowsMovedMaxStep = 6;  // slide 9's timeline shows 6 steps
struct RowsMoved {
  IdList rows;                      // sorted
  std::vector<RowMove> kinds;       // per row: Gradient, Memory or Decay
  std::vector<int64_t> last_batch;  // per row: the last step (≤ step) whose batch held it (0: none)
  IdList idx;                       // this step's batch
  IdList before;                    // sorted: the rows steps 1..step-1 changed (the why names them)
};
std::vector<IdList> train_batches_of(const QuizModel& m);  // m.train_batches, or the IDs one a step
// Whether there is a batch and every batch is IDs of the table (else rows_moved is not asked
// and its answer is empty: --batches "7" with a table of 2 rows).
bool train_batches_fit(const QuizModel& m);
RowsMoved rows_moved_detail(const QuizModel& m, TrainOptimizer o, int64_t step);
IdList rows_moved(const QuizModel& m, TrainOptimizer o, int64_t step);
// Slide 7: an estimate of the measured lookup-over-matmul ratio is right within 2×.
bool judge_speedup(double measured_ratio, double guess);
// Slide 7: at which of two batch sizes the measured advantage (matmul time / lookup time)
// is larger: `small` or `large` (a tie: large). Ratios not finite or not positive: -1.
int64_t larger_speedup_batch(int64_t small, double small_ratio, int64_t large, double large_ratio);

// The kinds that name a misconception (issue 36, item 5), one function each:
// Slide 1: how many of the table's rows the lookup reads — the distinct IDs (not V, not B).
int64_t rows_read(const QuizModel& m);
// Slide 2: the output rows that change when table row `row` is edited: every i with
// ids[i] == row (a repeated ID shares one table row), sorted.
IdList edited_row_outputs(const QuizModel& m, int64_t row);
// Slide 3: the 1s in the B x V one-hot matrix: B (a repeated ID gets its own row and its own 1).
int64_t onehot_ones(const QuizModel& m);
// Slide 4: how many times as many multiply-adds the one-hot matmul does with D doubled:
// B·V·2D / B·V·D (2, not 4).
int64_t double_d_madds(const QuizModel& m);
// Slide 5: the output cells whose lookup and one-hot-matmul values stop being equal when
// inf is typed into table cell [row][col]: the product's cell [i][col] sums 0 × inf = NaN for
// every i whose ID is not `row` (its own 1 × inf = inf equals the lookup's inf), sorted.
// O(V) reads of column col.
std::vector<Cell> inf_cells(const QuizModel& m, int64_t row, int64_t col);
// Slide 6: the rows of embedding.weight.grad that are nonzero after out.backward(G) with
// G = torch.randn(B, D) after torch.manual_seed(grad_seed): still only the IDs' rows, sorted.
IdList grad_rows_randn(const QuizModel& m, int64_t grad_seed);
// Slide 8: whether x[t] == x[u] (torch.equal) for two positions holding the same ID: no,
// pos_emb adds a different row to each.
bool same_token_x(const QuizModel& m, int64_t t, int64_t u);
// Slide 9: whether row `row` changes at SparseAdam's step `step` (it has Adam's memory from
// an earlier batch but no gradient now): no, SparseAdam steps only the sparse gradient's rows.
bool sparse_memory_moves(const QuizModel& m, int64_t step, int64_t row);

// ---------------------------------------------------------------- kinds and questions

enum class QuestionKind {
  TokenCount,
  TableNumbers,
  LookupRow,
  OnehotCol,
  ZeroMadds,
  OutputsEqual,
  LookupCopies,
  DifferingCells,
  GradRows,
  GradValue,
  ArgmaxToken,
  SpeedupEstimate,
  RowsMoved,
  // Misconceptions (issue 36, item 5): each why says what the wrong answer believed.
  RowsRead,
  EditedRowOutputs,
  OnehotOnes,
  DoubleDMadds,
  InfCells,
  GradRowsRandn,
  SameTokenX,
  SparseMemory,
  SpeedupBatch,  // slide 7, from two measurements (like speedup_estimate: not a property of the state)
  MapNearest,    // the map (slide 7's view; core/quiz/map_question.hpp)
};
// Core's own kinds; a slide may bring more (KindFamily below), numbered from kFirstFamilyKind.
inline constexpr int kQuestionKindCount = 23;
inline constexpr int kFirstFamilyKind = 100;

enum class AnswerType { Int, Bool, Float, IntList, CellList };

// The parameters a kind takes (absent ones are not asked for).
struct Params {
  std::optional<std::string> text;          // token_count
  std::optional<int64_t> i;                 // lookup_row, onehot_col
  std::optional<int64_t> row, col;          // differing_cells, grad_value
  std::optional<int64_t> t;                 // argmax_token; slide 10's query position
  std::optional<int64_t> batch;             // speedup_estimate ("B"), speedup_batch (the large B)
  std::optional<int64_t> small_batch;       // speedup_batch: the small B
  std::optional<TrainOptimizer> optimizer;  // rows_moved
  std::optional<int64_t> step;              // rows_moved, sparse_memory: the optimizer step, 1..kRowsMovedMaxStep
  std::optional<int64_t> u;                 // same_token_x: the later position with t's ID
  std::optional<int64_t> grad_seed;         // grad_rows_randn: G = torch.randn after manual_seed(grad_seed)
  std::optional<IdList> choices;            // map_nearest: the rows nearest to `row` on the map (set when asked)
};

using Answer = std::variant<int64_t, bool, double, IdList, std::vector<Cell>>;

struct Question;
struct QuizRng;

// A kind's name as --quiz-json, the session and the worksheet write it, and its answer's type.
struct KindInfo {
  QuestionKind kind;
  std::string_view name;  // "lookup_row"
  AnswerType type;
};

// The kinds a slide brings with it, in its own files (slide 10's attn_*:
// core/quiz/attention_questions.hpp): their names, whether a state can ask each, their params
// and how to ask them. The slide's line of the deck names it (quiz_deck.hpp DeckSlide::family),
// so core's kinds, tables and switches never name a slide's kinds.
struct KindFamily {
  std::span<const KindInfo> kinds;  // numbered from kFirstFamilyKind, each family its own range
  bool (*askable)(QuestionKind k, const QuizModel& m) = nullptr;                 // m has an ID
  Params (*params)(QuestionKind k, const QuizModel& m, QuizRng* rng) = nullptr;  // as default_params
  void (*ask)(Question& q, const QuizModel& m) = nullptr;  // q.kind, q.params set: its prompt, answer, why
};

struct Question {
  int slide = 0;
  QuestionKind kind = QuestionKind::LookupRow;
  Params params;
  std::string prompt;  // "Which table row lands in output row 1?"
  Answer answer;
  std::string why;  // "only row 3 survives: the one-hot row has its 1 in column 3"
};

std::string_view kind_name(QuestionKind k);  // "lookup_row" (a slide's kinds: its family's names)
std::optional<QuestionKind> kind_from_name(std::string_view name);
AnswerType answer_type(QuestionKind k);
// The family that brings k (null: one of core's own, or no kind).
const KindFamily* family_of(QuestionKind k);

// A small reproducible random stream (splitmix64): the same seed gives the same draws on
// every machine and standard library.
struct QuizRng {
  uint64_t state = 0;
  explicit QuizRng(uint64_t seed) : state(seed) {}
  uint64_t next();
  int64_t below(int64_t n);  // uniform in [0, n), n >= 1
};

// Whether this state can ask kind k at all: token_count needs a tokenizer and a text shown;
// rows_moved and sparse_memory batches that fit a table of at most kRowsMovedMaxVocab rows
// (sparse_memory also a row of an earlier batch missing from a later one); same_token_x a
// repeated ID. The model must have at least one ID.
bool askable_of(QuestionKind k, const QuizModel& m);

// The kind's params for this state: fixed defaults when rng is null, else drawn from it.
// The model must have at least one ID (and be askable_of the kind).
Params default_params(QuestionKind k, const QuizModel& m, QuizRng* rng = nullptr);

// The question on `slide` (one of the deck's slides that ask k: quiz_deck.hpp) about m with
// params p: its prompt, answer and why (worded as that slide asks it). SpeedupEstimate needs measured_ratio (slide 7's
// measurement at p.batch); SpeedupBatch also small_ratio (at p.small_batch): NaN ratios leave the answer unknown (-1).
Question make_question(int slide, QuestionKind k, const QuizModel& m, const Params& p, double measured_ratio = 0.0,
                       double small_ratio = 0.0);

// Whether `given` is right for q: ints and bools exactly; grad_value within 1e-4 (the
// four decimals torch prints) or 1e-6 relative; lists as sets (any order, repeats
// ignored); speedup_estimate within 2×. A given of another type is wrong.
bool judge(const Question& q, const Answer& given);

// Every question this state asks, slide by slide as the deck declares them (quiz_deck.hpp;
// a measured slide's, slide 7's, are timed elsewhere):
// token_count (when the model has a tokenizer), table_numbers, lookup_row, onehot_col,
// lookup_row and zero_madds, outputs_equal, lookup_copies and differing_cells, grad_rows
// and grad_value, argmax_token, rows_moved (tables of at most kRowsMovedMaxVocab rows whose
// batches fit them), slide 10's attention kinds (at most kMaxAttentionTokens IDs).
// Params fixed, or drawn from quiz_seed when given.
std::vector<Question> state_questions(const QuizModel& m, std::optional<uint64_t> quiz_seed);

}  // namespace lv::quiz
