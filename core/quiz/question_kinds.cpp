// question_kinds.cpp — each kind's answer, prompt, why and judge (see the header).
//
//   the state        seeded_model, file_model
//   the answers      token_count … argmax_token, rows_moved, judge_speedup
//   the kinds        kind_name, answer_type, QuizRng, default_params
//   the questions    ask_* (prompt, answer, why per kind), make_question, judge, state_questions
#include "core/quiz/question_kinds.hpp"

#include "core/quiz/map_question.hpp"
#include "core/quiz/quiz_deck.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <limits>
#include <unordered_map>
#include <utility>

#include "core/torch/embedding_ops.hpp"
#include "core/tokenizer/gpt2_tokenizer.hpp"
#include "core/text/id_parse.hpp"
#include "core/torch/logits_argmax.hpp"
#include "core/text/text_format.hpp"
#include "core/torch/torch_layers.hpp"
#include "core/torch/torch_random.hpp"
#include "core/text/utf8_text.hpp"
#include "core/train/train_batches.hpp"

namespace lv::quiz {

// ---------------------------------------------------------------- the state

QuizModel seeded_model(uint64_t seed, const IdList& ids, int64_t vocab, int64_t dim, TableDtype dtype) {
  QuizModel m;
  TorchGenerator gen(seed);
  auto w = std::make_shared<const Matrix>(embedding_init(vocab, dim, gen));
  m.table = TableView(std::move(w), nullptr, dtype, nullptr);
  m.after_table = gen;
  m.ids = ids;
  m.nonfinite.assign(static_cast<size_t>(dim), 0);  // N(0, 1) draws are finite, rounded or not
  return m;
}

QuizModel file_model(uint64_t seed, const IdList& ids, std::shared_ptr<const TableFile> file, TableDtype dtype) {
  QuizModel m;
  m.table = TableView(nullptr, std::move(file), dtype, nullptr);
  m.after_table = TorchGenerator(seed);  // Embedding.from_pretrained draws nothing
  m.ids = ids;
  return m;
}

// ---------------------------------------------------------------- the answers

int64_t token_count(const Tokenizer& tokenizer, std::string_view text) {
  const Encoding e = tokenizer.encode(text);
  return e.ok ? static_cast<int64_t>(e.ids.size()) : -1;
}

int64_t table_numbers(const QuizModel& m) { return m.vocab() * m.dim(); }
int64_t lookup_row(const QuizModel& m, int64_t i) { return m.ids.at(static_cast<size_t>(i)); }
int64_t onehot_col(const QuizModel& m, int64_t i) { return m.ids.at(static_cast<size_t>(i)); }
int64_t zero_madds(const QuizModel& m) { return m.batch() * (m.vocab() - 1) * m.dim(); }
int64_t lookup_copies(const QuizModel& m) { return m.batch() * m.dim(); }

bool outputs_equal(const QuizModel& m) {
  const Matrix looked_up = m.table.rows_of(m.ids);
  std::vector<int64_t> nonfinite = m.nonfinite;
  if (nonfinite.empty()) {  // a file's table: its whole read, as --print's torch.equal does
    std::vector<float> scratch;
    count_nonfinite(m.table, 0, m.vocab(), nonfinite, scratch);
  }
  return torch_equal(onehot_product(m.table, m.ids, looked_up, nonfinite), looked_up);
}

std::vector<Cell> differing_cells(const QuizModel& m, int64_t row, int64_t col) {
  std::vector<Cell> cells;
  for (size_t i = 0; i < m.ids.size(); ++i)
    if (m.ids[i] == row) cells.push_back({static_cast<int64_t>(i), col});
  return cells;  // i ascending: sorted
}

IdList grad_rows(const QuizModel& m) {
  IdList rows = m.ids;
  std::sort(rows.begin(), rows.end());
  rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
  return rows;
}

float grad_value(const QuizModel& m, int64_t row, int64_t col) {
  // Rows of G added into zeros in batch order, as the app's backward (and torch's) does.
  float sum = 0.0f;
  for (size_t i = 0; i < m.ids.size(); ++i)
    if (m.ids[i] == row) sum += m.grad_out ? (*m.grad_out)(static_cast<Eigen::Index>(i), col) : 1.0f;
  return sum;
}

std::vector<float> head_input(const QuizModel& m, int64_t t) {
  const int64_t d = m.dim();
  TorchGenerator g = m.after_table;
  const Matrix pos = embedding_init(m.batch(), d, g);  // pos_emb.weight: T x D, drawn after tok_emb
  std::vector<float> x(static_cast<size_t>(d));
  m.table.read_row(m.ids.at(static_cast<size_t>(t)), x.data());
  for (int64_t k = 0; k < d; ++k) x[static_cast<size_t>(k)] += pos(t, k);  // tok_emb(idx) + pos_emb
  return x;
}

float head_score(const QuizModel& m, const std::vector<float>& x, int64_t v) {
  std::vector<float> w(static_cast<size_t>(m.dim()));
  m.table.read_row(v, w.data());
  return head_logit(x.data(), w.data(), m.dim());
}

int64_t argmax_token(const QuizModel& m, int64_t t) {
  const std::vector<float> x = head_input(m, t);
  return tied_head_argmax(m.table, x.data());
}

std::vector<IdList> train_batches_of(const QuizModel& m) {
  if (!m.train_batches.empty()) return m.train_batches;
  std::string error;
  return train_batches("", m.ids, 0, m.vocab(), error);  // as slide 9 with nothing typed
}

bool train_batches_fit(const QuizModel& m) {
  const std::vector<IdList> batches = train_batches_of(m);
  for (const IdList& b : batches) {
    if (b.empty()) return false;
    for (int64_t id : b)
      if (id < 0 || id >= m.vocab()) return false;
  }
  return !batches.empty();
}

RowsMoved rows_moved_detail(const QuizModel& m, TrainOptimizer o, int64_t step) {
  RowsMoved out;
  const std::vector<IdList> batches = train_batches_of(m);
  if (step < 1 || !train_batches_fit(m)) return out;
  TrainConfig c;
  c.optimizer = o;
  c.lr = m.train_lr;
  c.randn_grad = m.train_randn_grad;
  c.grad_seed = m.train_grad_seed;
  Trainer t(m.table, c);
  std::unordered_map<int64_t, int64_t> last;  // row -> the last step whose batch held it
  for (int64_t k = 1; k <= step; ++k) {
    const IdList& idx = batches[static_cast<size_t>(k - 1) % batches.size()];
    t.step(idx);
    for (int64_t id : idx) last[id] = k;
    if (k == step) out.idx = idx;
    else {  // the steps before: what changed already (the question asks only step k's writes)
      const IdList moved = t.moved_rows_exact();
      IdList merged;
      std::set_union(out.before.begin(), out.before.end(), moved.begin(), moved.end(), std::back_inserter(merged));
      out.before = std::move(merged);
    }
  }
  out.rows = t.moved_rows_exact();
  for (int64_t r : out.rows) {
    out.kinds.push_back(t.kind_in_last_step(r));
    const auto it = last.find(r);
    out.last_batch.push_back(it == last.end() ? 0 : it->second);
  }
  return out;
}

IdList rows_moved(const QuizModel& m, TrainOptimizer o, int64_t step) { return rows_moved_detail(m, o, step).rows; }

bool judge_speedup(double measured_ratio, double guess) {
  if (!(measured_ratio > 0.0) || !(guess > 0.0) || !std::isfinite(guess)) return false;
  const double r = guess / measured_ratio;
  return r >= 0.5 && r <= 2.0;
}

int64_t larger_speedup_batch(int64_t small, double small_ratio, int64_t large, double large_ratio) {
  if (!(small_ratio > 0.0) || !(large_ratio > 0.0) || !std::isfinite(small_ratio) || !std::isfinite(large_ratio))
    return -1;
  return small_ratio > large_ratio ? small : large;
}

// ---------------------------------------------------------------- the misconceptions

int64_t rows_read(const QuizModel& m) { return static_cast<int64_t>(grad_rows(m).size()); }

IdList edited_row_outputs(const QuizModel& m, int64_t row) {
  IdList out;
  for (size_t i = 0; i < m.ids.size(); ++i)
    if (m.ids[i] == row) out.push_back(static_cast<int64_t>(i));
  return out;
}

int64_t onehot_ones(const QuizModel& m) { return m.batch(); }

int64_t double_d_madds(const QuizModel& m) {
  const int64_t now = m.batch() * m.vocab() * m.dim(), doubled = m.batch() * m.vocab() * (2 * m.dim());
  return now > 0 ? doubled / now : 0;
}

std::vector<Cell> inf_cells(const QuizModel& m, int64_t row, int64_t col) {
  // The product's [i][col] is Σ_v onehot[i][v] · W[v][col]: W[ids[i]][col] plus 0 × every
  // other row's value. It equals the lookup's W[ids[i]][col] unless that value is NaN or
  // some other row's is not finite (0 × inf and 0 × NaN are NaN).
  const int64_t v = m.vocab();
  std::vector<float> w(static_cast<size_t>(m.dim())), column(static_cast<size_t>(v));
  for (int64_t r = 0; r < v; ++r) {
    m.table.read_row(r, w.data());
    column[static_cast<size_t>(r)] = w[static_cast<size_t>(col)];
  }
  auto equal_cells = [&](const std::vector<float>& c) {
    int64_t nonfinite = 0;
    for (float x : c) nonfinite += std::isfinite(x) ? 0 : 1;
    std::vector<bool> eq(m.ids.size());
    for (size_t i = 0; i < m.ids.size(); ++i) {
      const float own = c[static_cast<size_t>(m.ids[i])];
      eq[i] = !std::isnan(own) && nonfinite - (std::isfinite(own) ? 0 : 1) == 0;
    }
    return eq;
  };
  const std::vector<bool> before = equal_cells(column);
  column[static_cast<size_t>(row)] = std::numeric_limits<float>::infinity();
  const std::vector<bool> after = equal_cells(column);
  std::vector<Cell> out;
  for (size_t i = 0; i < m.ids.size(); ++i)
    if (before[i] && !after[i]) out.push_back({static_cast<int64_t>(i), col});
  return out;
}

IdList grad_rows_randn(const QuizModel& m, int64_t grad_seed) {
  // G as the app draws it (app/model/app_model.cpp): normal_ on a fresh generator.
  Matrix g(m.batch(), m.dim());
  TorchGenerator gen(static_cast<uint64_t>(grad_seed));
  normal_(g.data(), static_cast<size_t>(g.size()), 0.0, 1.0, gen);
  IdList out;
  for (int64_t r : grad_rows(m)) {
    bool nonzero = false;
    for (int64_t c = 0; c < m.dim() && !nonzero; ++c) {
      float sum = 0.0f;  // G's rows added into zeros in batch order, as the backward does
      for (size_t i = 0; i < m.ids.size(); ++i)
        if (m.ids[i] == r) sum += g(static_cast<Eigen::Index>(i), c);
      nonzero = sum != 0.0f;
    }
    if (nonzero) out.push_back(r);
  }
  return out;
}

bool same_token_x(const QuizModel& m, int64_t t, int64_t u) { return head_input(m, t) == head_input(m, u); }

bool sparse_memory_moves(const QuizModel& m, int64_t step, int64_t row) {
  const IdList moved = rows_moved(m, TrainOptimizer::SparseAdam, step);
  return std::binary_search(moved.begin(), moved.end(), row);
}

// ---------------------------------------------------------------- the kinds

namespace {

constexpr KindInfo kKinds[kQuestionKindCount] = {
    {QuestionKind::TokenCount, "token_count", AnswerType::Int},
    {QuestionKind::TableNumbers, "table_numbers", AnswerType::Int},
    {QuestionKind::LookupRow, "lookup_row", AnswerType::Int},
    {QuestionKind::OnehotCol, "onehot_col", AnswerType::Int},
    {QuestionKind::ZeroMadds, "zero_madds", AnswerType::Int},
    {QuestionKind::OutputsEqual, "outputs_equal", AnswerType::Bool},
    {QuestionKind::LookupCopies, "lookup_copies", AnswerType::Int},
    {QuestionKind::DifferingCells, "differing_cells", AnswerType::CellList},
    {QuestionKind::GradRows, "grad_rows", AnswerType::IntList},
    {QuestionKind::GradValue, "grad_value", AnswerType::Float},
    {QuestionKind::ArgmaxToken, "argmax_token", AnswerType::Int},
    {QuestionKind::SpeedupEstimate, "speedup_estimate", AnswerType::Float},
    {QuestionKind::RowsMoved, "rows_moved", AnswerType::IntList},
    {QuestionKind::RowsRead, "rows_read", AnswerType::Int},
    {QuestionKind::EditedRowOutputs, "edited_row_outputs", AnswerType::IntList},
    {QuestionKind::OnehotOnes, "onehot_ones", AnswerType::Int},
    {QuestionKind::DoubleDMadds, "double_d_madds", AnswerType::Int},
    {QuestionKind::InfCells, "inf_cells", AnswerType::CellList},
    {QuestionKind::GradRowsRandn, "grad_rows_randn", AnswerType::IntList},
    {QuestionKind::SameTokenX, "same_token_x", AnswerType::Bool},
    {QuestionKind::SparseMemory, "sparse_memory", AnswerType::Bool},
    {QuestionKind::SpeedupBatch, "speedup_batch", AnswerType::Int},
    {QuestionKind::MapNearest, "map_nearest", AnswerType::Int},
};

// k's entry: core's own, or the family's of the deck's slide that brings it (null: none).
const KindInfo* info(QuestionKind k, const KindFamily** family = nullptr) {
  const int i = static_cast<int>(k);
  if (i >= 0 && i < kQuestionKindCount) return &kKinds[i];
  for (const DeckSlide& s : quiz_deck())
    if (s.family)
      for (const KindInfo& f : s.family->kinds)
        if (f.kind == k) {
          if (family) *family = s.family;
          return &f;
        }
  return nullptr;
}

}  // namespace

std::string_view kind_name(QuestionKind k) {
  const KindInfo* i = info(k);
  return i ? i->name : std::string_view("unknown");
}
AnswerType answer_type(QuestionKind k) {
  const KindInfo* i = info(k);
  return i ? i->type : AnswerType::Int;
}
const KindFamily* family_of(QuestionKind k) {
  const KindFamily* f = nullptr;
  info(k, &f);
  return f;
}

std::optional<QuestionKind> kind_from_name(std::string_view name) {
  for (const KindInfo& k : kKinds)
    if (k.name == name) return k.kind;
  for (const DeckSlide& s : quiz_deck())
    if (s.family)
      for (const KindInfo& k : s.family->kinds)
        if (k.name == name) return k.kind;
  return std::nullopt;
}

uint64_t QuizRng::next() {
  uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

int64_t QuizRng::below(int64_t n) { return n <= 1 ? 0 : static_cast<int64_t>(next() % static_cast<uint64_t>(n)); }

Params default_params(QuestionKind k, const QuizModel& m, QuizRng* rng) {
  if (const KindFamily* f = family_of(k)) return f->params(k, m, rng);
  Params p;
  const int64_t b = m.batch(), v = m.vocab(), d = m.dim();
  // A row to ask about: usually one the IDs read (3 draws in 4), else any row.
  auto some_row = [&]() { return rng->below(4) < 3 ? m.ids[static_cast<size_t>(rng->below(b))] : rng->below(v); };
  switch (k) {
    case QuestionKind::TokenCount: p.text = m.text; break;
    case QuestionKind::LookupRow:
    case QuestionKind::OnehotCol:
      p.i = rng ? rng->below(b) : (k == QuestionKind::LookupRow ? std::min<int64_t>(1, b - 1) : 0);
      break;
    case QuestionKind::DifferingCells:
    case QuestionKind::GradValue:
      p.row = rng ? some_row() : m.ids.front();
      p.col = rng ? rng->below(d) : 0;
      break;
    case QuestionKind::ArgmaxToken: p.t = rng ? rng->below(b) : b - 1; break;
    case QuestionKind::EditedRowOutputs: p.row = rng ? some_row() : m.ids.front(); break;
    case QuestionKind::MapNearest: {  // a row of the table mapped (slide 7's own may be another)
      const int64_t mapped = map_rows(m);
      p.row = rng ? some_row() : m.ids.front();
      if (*p.row >= mapped) p.row = rng ? rng->below(mapped) : 0;
      break;
    }
    case QuestionKind::InfCells:
      p.row = rng ? some_row() : m.ids.front();
      p.col = rng ? rng->below(d) : 0;
      break;
    case QuestionKind::GradRowsRandn: p.grad_seed = rng ? rng->below(1000) : 0; break;
    case QuestionKind::SameTokenX: {
      // Two positions holding the same ID (askable_of: there is a repeat).
      std::vector<std::pair<int64_t, int64_t>> pairs;
      for (int64_t t = 0; t < b; ++t)
        for (int64_t u = t + 1; u < b; ++u)
          if (m.ids[static_cast<size_t>(t)] == m.ids[static_cast<size_t>(u)]) pairs.push_back({t, u});
      if (pairs.empty()) break;
      const auto& pick = pairs[static_cast<size_t>(rng ? rng->below(static_cast<int64_t>(pairs.size())) : 0)];
      p.t = pick.first;
      p.u = pick.second;
      break;
    }
    case QuestionKind::SparseMemory: {
      // A step k >= 2 and a row an earlier batch held that batch k does not: it has Adam's
      // memory and no gradient now.
      const std::vector<IdList> batches = train_batches_of(m);
      std::vector<std::pair<int64_t, int64_t>> cases;  // (step, row)
      for (int64_t k = 2; k <= 4 && !batches.empty(); ++k) {
        const IdList& now = batches[static_cast<size_t>(k - 1) % batches.size()];
        IdList seen;
        for (int64_t j = 1; j < k; ++j)
          for (int64_t id : batches[static_cast<size_t>(j - 1) % batches.size()])
            if (std::find(now.begin(), now.end(), id) == now.end() &&
                std::find(seen.begin(), seen.end(), id) == seen.end())
              seen.push_back(id);
        for (int64_t id : seen) cases.push_back({k, id});
      }
      if (cases.empty()) break;
      const auto& pick = cases[static_cast<size_t>(rng ? rng->below(static_cast<int64_t>(cases.size())) : 0)];
      p.optimizer = TrainOptimizer::SparseAdam;
      p.step = pick.first;
      p.row = pick.second;
      break;
    }
    case QuestionKind::SpeedupEstimate: p.batch = b; break;
    case QuestionKind::SpeedupBatch:
      p.small_batch = 1;  // slide 7's smallest and largest timed batches
      p.batch = 256;
      break;
    case QuestionKind::RowsMoved: {
      // The optimizer shown (the window's), else drawn; momentum and Adam from step 2, where
      // their memory moves rows the batch does not hold (AdamW moves every row at any step).
      const TrainOptimizer o = m.train_optimizer ? *m.train_optimizer
                               : rng             ? kTrainOptimizers[rng->below(std::size(kTrainOptimizers))]
                                                 : TrainOptimizer::Adam;
      const bool memory = o == TrainOptimizer::Momentum || o == TrainOptimizer::Adam;
      const int64_t lo = memory ? 2 : 1, hi = 4;
      p.optimizer = o;
      p.step = rng ? lo + rng->below(hi - lo + 1) : 2;
      break;
    }
    default: break;
  }
  return p;
}

bool askable_of(QuestionKind k, const QuizModel& m) {
  if (m.ids.empty()) return false;
  if (const KindFamily* f = family_of(k)) return f->askable(k, m);
  switch (k) {
    case QuestionKind::TokenCount: return m.tokenizer && !m.text.empty();  // a text on the canvas
    case QuestionKind::RowsMoved: return m.vocab() <= kRowsMovedMaxVocab && train_batches_fit(m);
    case QuestionKind::SparseMemory:
      return m.vocab() <= kRowsMovedMaxVocab && train_batches_fit(m) && default_params(k, m).row.has_value();
    case QuestionKind::SameTokenX: return default_params(k, m).t.has_value();
    case QuestionKind::MapNearest: return map_askable(m);
    default: return true;
  }
}

// ---------------------------------------------------------------- the questions

namespace {

std::string num(int64_t v) { return with_commas(v); }

// At most ~60 bytes of the text, cut at a character boundary, in quotation marks.
std::string quoted_text(const std::string& text) {
  size_t n = text.size();
  if (n > 60) {
    n = 57;
    while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80) --n;
  }
  return "\u201c" + text.substr(0, n) + (n < text.size() ? "\u2026" : "") + "\u201d";
}

// GPT-2's is named; a table's own is "its tokenizer" (its full name is long: the slide says it).
bool is_gpt2(const Tokenizer* t) { return t && t->origin().kind == TokenizerOrigin::Gpt2; }

// The text's tokens as the tokenizer cuts it: each token's bytes, in order (empty: not UTF-8).
std::vector<std::string> token_bytes(const Tokenizer* tokenizer, const std::string& text) {
  std::vector<std::string> out;
  if (!tokenizer) return out;
  const Encoding e = tokenizer->encode(text);
  if (!e.ok) return out;
  for (int64_t id : e.ids) {
    const Decoding d = tokenizer->decode(IdList{id});
    out.push_back(d.ok ? d.bytes : "?");
  }
  return out;
}

// A byte of a word: a letter, or any byte of a non-ASCII character (é, ï, 語).
bool word_byte(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80; }

// "“Hello” + “,” + “ world”" — at most 8 tokens as their text.
std::string token_pieces(const std::vector<std::string>& pieces) {
  std::string out;
  for (size_t k = 0; k < pieces.size() && k < 8; ++k)
    out += (k ? " + \u201c" : "\u201c") + utf8_replace_invalid(pieces[k]) + "\u201d";
  return out + (pieces.size() > 8 ? " + \u2026" : "");
}

// The why of token_count, from this text's own cuts: the first word cut into several
// tokens ("“café” is 2 tokens: caf + é"), or that every word stayed whole. A learner who
// counted words believed each word is one token; one who counted characters, that each is.
std::string token_count_why(const Tokenizer* tokenizer, const std::string& text) {
  const std::vector<std::string> pieces = token_bytes(tokenizer, text);
  const bool gpt2 = is_gpt2(tokenizer);
  if (pieces.empty())
    return gpt2 ? "GPT-2's tokenizer makes no token of this text" : "the table's tokenizer makes no token of this text";
  std::string why = std::string(gpt2 ? "GPT-2 cuts" : "The table's tokenizer cuts") + " it into " +
                    counted(static_cast<int64_t>(pieces.size()), "token") + ": " + token_pieces(pieces) + "; ";
  // Words: a token that starts with a letter continues the word of a token that ended with one.
  size_t start = 0;
  for (size_t k = 1; k <= pieces.size(); ++k) {
    const bool joins = k < pieces.size() && !pieces[k].empty() && !pieces[k - 1].empty() &&
                       word_byte(static_cast<unsigned char>(pieces[k].front())) &&
                       word_byte(static_cast<unsigned char>(pieces[k - 1].back()));
    if (joins) continue;
    if (k - start >= 2) {
      std::string word, parts;
      for (size_t j = start; j < k; ++j) {
        word += pieces[j];
        std::string piece = utf8_replace_invalid(pieces[j]);
        if (j == start && !piece.empty() && piece.front() == ' ') piece.erase(0, 1);
        parts += (j > start ? " + " : "") + piece;
      }
      while (!word.empty() && word.front() == ' ') word.erase(0, 1);
      return why + "\u201c" + utf8_replace_invalid(word) + "\u201d is " +
             counted(static_cast<int64_t>(k - start), "token") + ": " + parts +
             " (a rare word is cut into pieces; a common one, with the space before it, is one token)";
    }
    start = k;
  }
  return why + "every word here is one token (a common word is one token, and the space before it joins it)";
}

// A logit as the why prints it: 2 decimals, or 3 significant digits when small.
std::string score_text(float v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, std::fabs(v) >= 0.1f || v == 0.0f ? "%.2f" : "%.3g", static_cast<double>(v));
  return buf;
}

std::string float_text(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4f", v);
  return buf;
}

void ask_counts(Question& q, const QuizModel& m) {
  const int64_t b = m.batch(), v = m.vocab(), d = m.dim();
  switch (q.kind) {
    case QuestionKind::TableNumbers:
      // V is every ID the table can be asked for, not the batch's B IDs: both are named.
      q.prompt = "The batch holds " + counted(b, "ID") + "; the table has a row for every possible ID (V = " + num(v) +
                 ") and " + num(d) + " columns. How many numbers does it hold?";
      q.answer = table_numbers(m);
      q.why = num(v) + " rows × " + num(d) + " columns = " + num(table_numbers(m)) + " numbers, every one learned";
      break;
    case QuestionKind::ZeroMadds:
      q.prompt = "The one-hot matmul does " + num(b) + " × " + num(v) + " × " + num(d) +
                 " multiply-adds. How many of them multiply by zero?";
      q.answer = zero_madds(m);
      q.why = "each one-hot row has one 1 and " + num(v - 1) + " zeros: " + num(b) + " × " + num(v - 1) + " × " +
              num(d) + " = " + num(zero_madds(m)) + " products are by zero";
      break;
    case QuestionKind::LookupCopies:
      q.prompt = "How many numbers does the lookup copy to make the output?";
      q.answer = lookup_copies(m);
      q.why = "one row of " + num(d) + " numbers per ID: " + num(b) + " × " + num(d) + " = " + num(lookup_copies(m)) +
              ", and not one multiply";
      break;
    default: {  // OutputsEqual
      const bool same = outputs_equal(m);
      q.prompt = "Are the lookup's output and the one-hot matmul's output equal, number for number (yes or no)?";
      q.answer.emplace<bool>(same);
      q.why = same ? "each product row keeps one table row and adds zeros: the same numbers, bit for bit"
                   : "the table holds inf or NaN, and 0 × inf is NaN: the product's sums are not the lookup's rows";
    }
  }
}

void ask_rows(Question& q, const QuizModel& m) {
  switch (q.kind) {
    case QuestionKind::LookupRow: {
      const int64_t i = *q.params.i, r = lookup_row(m, i);
      const DeckQuestion* asked = deck_question(q.slide, q.kind);
      const bool onehot = asked && asked->onehot_product;  // where the one-hot row meets the table
      q.prompt =
          onehot ? "One-hot row " + num(i) + " meets the table: which table row survives in output row " + num(i) + "?"
                 : "Which table row lands in output row " + num(i) + "?";
      q.answer = r;
      q.why = onehot ? "only row " + num(r) + " survives: the one-hot row has its 1 in column " + num(r)
                     : "ID " + num(i) + " of the batch is " + num(r) + ": output row " + num(i) +
                           " is a copy of table row " + num(r);
      break;
    }
    case QuestionKind::OnehotCol: {
      const int64_t i = *q.params.i, c = onehot_col(m, i);
      q.prompt = "In one-hot row " + num(i) + ", which column holds the 1?";
      q.answer = c;
      q.why = "ID " + num(i) + " of the batch is " + num(c) + ": its one-hot row is 0 in all " + num(m.vocab()) +
              " columns but column " + num(c);
      break;
    }
    default: {  // GradRows
      const IdList rows = grad_rows(m);
      q.prompt = "After out.sum().backward(), which table rows get a nonzero gradient?";
      q.answer = rows;
      q.why = "only the rows the IDs read get one, " + format_ids(rows) +
              ": no other row took part in the output, so out.sum() does not depend on it";
    }
  }
}

void ask_cells(Question& q, const QuizModel& m) {
  const int64_t r = *q.params.row, c = *q.params.col;
  int64_t uses = 0;
  for (int64_t id : m.ids) uses += id == r ? 1 : 0;
  if (q.kind == QuestionKind::DifferingCells) {
    q.prompt = "Table cell [" + num(r) + "][" + num(c) + "] is edited. Which output cells change?";
    q.answer = differing_cells(m, r, c);
    IdList readers;
    for (size_t i = 0; i < m.ids.size(); ++i)
      if (m.ids[i] == r) readers.push_back(static_cast<int64_t>(i));
    q.why = uses == 0 ? "no ID is " + num(r) + ": no output row reads table row " + num(r) + ", so nothing changes"
                      : "output row i copies table row ids[i]: " + std::string(uses == 1 ? "row " : "rows ") +
                            format_ids(readers) + " read table row " + num(r) + ", so their column " + num(c) +
                            " changes, nothing else";
    return;
  }
  const float g = grad_value(m, r, c);  // GradValue
  q.prompt = "What is the gradient of table cell [" + num(r) + "][" + num(c) + "]" +
             (m.grad_out ? " (G = randn)?" : " after out.sum().backward()?");
  q.answer = static_cast<double>(g);
  if (uses == 0) q.why = "no ID is " + num(r) + ": row " + num(r) + " took no part, its gradient is 0";
  else if (!m.grad_out)
    q.why = "ID " + num(r) +
            (uses == 1 ? " appears once: row " + num(r) + " gets G's 1 once"
                       : " appears " + num(uses) + " times: row " + num(r) + " gets G's 1 " + num(uses) +
                             " times, summed: " + num(uses));
  else
    q.why = "G's column " + num(c) + " summed over the " + counted(uses, "position") + " whose ID is " + num(r) + ": " +
            float_text(g);
}

// "SGD", "SGD with momentum", "Adam", "AdamW", "SparseAdam".
std::string optimizer_title(TrainOptimizer o) {
  switch (o) {
    case TrainOptimizer::Sgd: return "SGD";
    case TrainOptimizer::Momentum: return "SGD with momentum";
    case TrainOptimizer::Adam: return "Adam";
    case TrainOptimizer::AdamW: return "AdamW";
    case TrainOptimizer::SparseAdam: return "SparseAdam";
  }
  return "";
}

// "0", "0 and 2", "0, 2 and 5", "0, 2, 5, 7, 9, 11 and 4 more".
std::string and_list(const IdList& v) {
  constexpr size_t kShown = 6;
  std::string out;
  const size_t n = v.size(), shown = n > kShown + 1 ? kShown : n;
  for (size_t k = 0; k < shown; ++k) {
    if (k) out += k + 1 == shown && shown == n ? " and " : ", ";
    out += num(v[k]);
  }
  if (shown < n) out += " and " + num(static_cast<int64_t>(n - shown)) + " more";
  return out;
}

// Why these rows moved: the three kinds this case has (gradient, memory, decay), a row
// holding NaN, what the optimizer does not do, and what the steps before had changed (a
// learner who counts rows changed since the start believed the question asked about those).
std::string rows_moved_why(const RowsMoved& rm, TrainOptimizer o, int64_t step, int64_t vocab, double lr) {
  IdList grad, mem, decay, mem_steps, nan_rows;
  for (size_t k = 0; k < rm.rows.size(); ++k) {
    // A row listed but not written (None) holds a NaN: torch's after != before is true there.
    if (rm.kinds[k] == RowMove::None) nan_rows.push_back(rm.rows[k]);
    else if (rm.kinds[k] == RowMove::Gradient) grad.push_back(rm.rows[k]);
    else if (rm.kinds[k] == RowMove::Memory) {
      mem.push_back(rm.rows[k]);
      mem_steps.push_back(rm.last_batch[k]);
    } else decay.push_back(rm.rows[k]);
  }
  std::sort(mem_steps.begin(), mem_steps.end());
  mem_steps.erase(std::unique(mem_steps.begin(), mem_steps.end()), mem_steps.end());
  const int64_t n = static_cast<int64_t>(rm.rows.size());
  std::string head = n == 0                ? "no row"
                     : n == vocab && n > 1 ? "every row (" + num(n) + " of " + num(vocab) + ")"
                                           : (n == 1 ? "row " : "rows ") + and_list(rm.rows);
  std::vector<std::string> parts;
  if (n == 0)  // never an empty why: say why nothing moved
    parts.push_back(lr == 0.0 ? "at lr 0 every update is 0 × its step, whatever " + optimizer_title(o) + " has computed"
                              : "every update is too small to change a float32 value");
  if (!grad.empty()) parts.push_back(and_list(grad) + " had this step's gradient");
  if (!mem.empty()) {
    const std::string who = o == TrainOptimizer::Momentum ? "momentum" : optimizer_title(o);
    parts.push_back(and_list(mem) + " moved with " + who + "'s memory of step" + (mem_steps.size() == 1 ? " " : "s ") +
                    and_list(mem_steps) + " (no gradient now)");
  }
  if (!decay.empty())
    parts.push_back(static_cast<int64_t>(grad.size() + mem.size() + decay.size()) == vocab && !grad.empty()
                        ? "the other " + num(static_cast<int64_t>(decay.size())) +
                              " moved by AdamW's weight decay alone"
                        : and_list(decay) + " moved by AdamW's weight decay alone");
  if (!nan_rows.empty())
    parts.push_back(and_list(nan_rows) + (nan_rows.size() == 1 ? " holds" : " hold") +
                    " NaN, and NaN != NaN: torch counts it as moved at every step");
  if (n > 0 && o == TrainOptimizer::Sgd) parts.push_back("plain SGD keeps no memory and no decay");
  else if (n > 0 && o == TrainOptimizer::SparseAdam)
    parts.push_back("SparseAdam steps only the rows in the sparse gradient");
  else if (n > 0 && mem.empty() && o != TrainOptimizer::AdamW)
    parts.push_back(step == 1 ? "no memory yet at step 1" : "every row it remembers is in this batch");
  if (step > 1) {
    const std::string steps = step == 2 ? "step 1" : "steps 1\u2013" + num(step - 1);
    parts.push_back(rm.before.empty()
                        ? "before it, " + steps + " changed no row"
                        : "before it, " + steps + " had changed " + (rm.before.size() == 1 ? "row " : "rows ") +
                              and_list(rm.before) + " (only what step " + num(step) + " writes counts here)");
  }
  std::string why = head + ": ";
  bool first = true;
  for (const std::string& p : parts) {
    if (p.empty()) continue;
    why += (first ? "" : "; ") + p;
    first = false;
  }
  return why;
}

void ask_rows_moved(Question& q, const QuizModel& m) {
  const TrainOptimizer o = q.params.optimizer.value_or(TrainOptimizer::Adam);
  const int64_t step = q.params.step.value_or(1);
  const RowsMoved rm = rows_moved_detail(m, o, step);
  // The rows step k writes, not the rows changed since the start (issue 36: both readings
  // were fair of "which rows have changed after step k").
  q.prompt = "Which rows of the table does optimizer step " + num(step) + " of " + optimizer_title(o) + " change?";
  q.answer = rm.rows;
  q.why = rows_moved_why(rm, o, step, m.vocab(), m.train_lr);
}

// "idx = [2, 0, 2, 1]" (a batch of at most 16 IDs), else "the batch's 40 IDs".
std::string idx_text(const QuizModel& m) {
  return m.ids.size() <= 16 ? "idx = [" + format_ids(m.ids) + "]" : "the batch's " + counted(m.batch(), "ID");
}

// The misconceptions' questions (issue 36, item 5): each why says what the wrong answer believed.
void ask_misconception(Question& q, const QuizModel& m) {
  const int64_t b = m.batch(), v = m.vocab(), d = m.dim();
  switch (q.kind) {
    case QuestionKind::RowsRead: {
      const IdList rows = grad_rows(m);
      const int64_t n = rows_read(m);
      q.prompt = idx_text(m) + " looks up a table of " + counted(v, "row") +
                 ". How many different rows of the table does the lookup read?";
      q.answer = n;
      q.why = num(n) + " (" + format_ids(rows) + "): one per different ID, not all " + num(v) + " rows of the table" +
              (n < b ? ", and a repeated ID reads the same row again, not a new one" : "");
      break;
    }
    case QuestionKind::EditedRowOutputs: {
      const int64_t r = *q.params.row;
      const IdList rows = edited_row_outputs(m, r);
      q.prompt = "Table row " + num(r) + " is edited. Which output rows change?";
      q.answer = rows;
      q.why = rows.empty() ? "none: no ID is " + num(r) + ", so no output row copies table row " + num(r)
              : rows.size() == 1
                  ? "output row " + num(rows[0]) + ", the one whose ID is " + num(r) + " (not output row " + num(r) +
                        ": output rows follow the batch, table rows the IDs)"
                  : "output rows " + format_ids(rows) + ": every position whose ID is " + num(r) +
                        " copies the same table row, so a repeated ID shares one row and all its copies change";
      break;
    }
    case QuestionKind::OnehotOnes:
      // The IDs, not B: "B rows" would say the answer (one 1 a row).
      q.prompt = idx_text(m) + ", V = " + num(v) + ": how many 1s does one_hot(idx, V) hold?";
      q.answer = onehot_ones(m);
      q.why = num(b) + ": one 1 in each row, one row per ID" +
              std::string(rows_read(m) < b ? " — a repeated ID gets a row and a 1 of its own, so it is not " +
                                                 num(rows_read(m)) + " (the different IDs)"
                                           : "") +
              ", and not " + num(v) + " (one per column): columns no ID names hold no 1";
      break;
    case QuestionKind::DoubleDMadds:
      q.prompt = "The one-hot matmul does " + num(b) + " × " + num(v) + " × " + num(d) + " = " + num(b * v * d) +
                 " multiply-adds. With D doubled to " + num(2 * d) + ", how many times as many does it do?";
      q.answer = double_d_madds(m);
      q.why = "2×, not 4×: each of the " + num(b) + " × " + num(2 * d) + " output numbers is still a sum of " + num(v) +
              " products (B × V × 2D = " + num(b * v * 2 * d) +
              "); the lookup's copies double too, so the waste per number stays V";
      break;
    case QuestionKind::InfCells: {
      const int64_t r = *q.params.row, c = *q.params.col;
      const std::vector<Cell> cells = inf_cells(m, r, c);
      q.prompt = "Type inf into table cell [" + num(r) + "][" + num(c) +
                 "]. Which output cells stop being equal between the lookup and the one-hot matmul?";
      q.answer = cells;
      IdList own, others;
      for (size_t i = 0; i < m.ids.size(); ++i) (m.ids[i] == r ? own : others).push_back(static_cast<int64_t>(i));
      q.why =
          cells.empty() && others.empty()
              ? "none: every ID is " + num(r) + ", so each product row is 1 × inf = inf, the lookup's inf"
          : cells.empty()
              ? "none: column " + num(c) + " of the outputs differed already (the table holds NaN or inf)"
              : "column " + num(c) + " of output rows " + format_ids(others) +
                    ": their one-hot rows multiply table row " + num(r) +
                    " by 0, and 0 × inf = NaN — not only the rows whose ID is " + num(r) +
                    (own.empty() ? std::string()
                                 : " (rows " + format_ids(own) + " get 1 × inf = inf on both paths and stay equal)");
      break;
    }
    case QuestionKind::GradRowsRandn: {
      const IdList rows = grad_rows_randn(m, *q.params.grad_seed);
      q.prompt = "out.backward(G) with G = torch.randn(" + num(b) + ", " + num(d) + ") (torch.manual_seed(" +
                 num(*q.params.grad_seed) + ")): which rows of embedding.weight.grad are nonzero?";
      q.answer = rows;
      q.why = "still only the IDs' rows, " + format_ids(rows) +
              ": a random G changes the values each row gets, not which rows get one — the other " +
              num(v - static_cast<int64_t>(rows.size())) + " rows took no part in the output";
      break;
    }
    case QuestionKind::SameTokenX: {
      const int64_t t = *q.params.t, u = *q.params.u, id = m.ids.at(static_cast<size_t>(t));
      const bool same = same_token_x(m, t, u);
      q.prompt = "Positions " + num(t) + " and " + num(u) + " both hold ID " + num(id) + ". Is x[" + num(t) +
                 "] = tok_emb + pos_emb equal to x[" + num(u) + "] (yes or no)?";
      q.answer = same;
      q.why = same ? "yes: pos_emb's rows " + num(t) + " and " + num(u) + " are equal here, so the sums are too"
                   : "no: tok_emb gives both the same row W[" + num(id) + "], but pos_emb adds its row " + num(t) +
                         " to one and its row " + num(u) + " to the other — the same token at two places is two inputs";
      break;
    }
    default: {  // SparseMemory
      const int64_t k = *q.params.step, r = *q.params.row;
      const bool moves = sparse_memory_moves(m, k, r);
      const bool adam_moves = [&] {
        const IdList moved = rows_moved(m, TrainOptimizer::Adam, k);
        return std::binary_search(moved.begin(), moved.end(), r);
      }();
      q.prompt = "SparseAdam, step " + num(k) + ": row " + num(r) +
                 " was in an earlier batch (Adam's memory holds it) but not in this one. Does it move (yes or no)?";
      q.answer = moves;
      q.why =
          moves ? "yes: row " + num(r) + " changes at step " + num(k)
                : "no: SparseAdam updates only the rows in this step's sparse gradient; row " + num(r) +
                      "'s memory waits until its ID comes back" +
                      (adam_moves ? " (plain Adam would move it: its memory keeps pushing every row it has seen)" : "");
    }
  }
}

// Slide 7's misconception: the advantage is the same at every B (the work's ratio is V at
// any B: B·V·D multiply-adds against B·D copies) — but a call's fixed cost is most of a
// tiny batch's time on both paths, so the measured advantage grows with B.
void ask_speedup_batch(Question& q, double large_ratio, double small_ratio) {
  const int64_t small = q.params.small_batch.value_or(1), large = q.params.batch.value_or(256);
  q.prompt = "At B = " + num(small) + " or at B = " + num(large) +
             ": where is the lookup's advantage over the one-hot matmul larger (type " + num(small) + " or " +
             num(large) + ")?";
  const int64_t at = larger_speedup_batch(small, small_ratio, large, large_ratio);
  q.answer = at;
  if (at < 0) {
    q.why = "not measured yet";
    return;
  }
  char figures[96];
  std::snprintf(figures, sizeof figures, "measured %.3g\u00d7 at B = %lld and %.3g\u00d7 at B = %lld", small_ratio,
                static_cast<long long>(small), large_ratio, static_cast<long long>(large));
  q.why =
      std::string(figures) +
      (at == large
           ? ": not the same at every B, as the work alone (V times more, at any B) would say — at B = " + num(small) +
                 " a call's fixed cost is most of both timings, so the matmul's extra work "
                 "barely shows"
           : ": here the small batch came out ahead — timings this short are noisy; in work the matmul "
             "does V times the lookup's at every B");
}

void ask_other(Question& q, const QuizModel& m, double measured_ratio) {
  if (q.kind == QuestionKind::TokenCount) {
    const std::string& text = *q.params.text;
    const int64_t n = m.tokenizer ? token_count(*m.tokenizer, text) : -1;
    q.prompt = is_gpt2(m.tokenizer)
                   ? "How many GPT-2 tokens does " + quoted_text(text) + " become?"
                   : "How many tokens does the table's own tokenizer make of " + quoted_text(text) + "?";
    q.answer = n;
    q.why = token_count_why(m.tokenizer, text);
  } else if (q.kind == QuestionKind::ArgmaxToken) {
    const int64_t t = *q.params.t, v = argmax_token(m, t);
    q.prompt = "Which token ID does the tied head pick at position " + num(t) + "?";
    q.answer = v;
    // The dot product that won, and the token's own (the natural guess: x[t] holds its own
    // row, but pos_emb moves it, and a longer row can score higher against it).
    const std::vector<float> x = head_input(m, t);
    const int64_t own = m.ids.at(static_cast<size_t>(t));
    const std::string won = "x[" + num(t) + "]\u00b7W[" + num(v) + "] = " + score_text(head_score(m, x, v));
    q.why = own == v ? won + " is the largest of the " + num(m.vocab()) + " logits: the token's own row wins here (x[" +
                           num(t) + "] = W[" + num(own) + "] + pos_emb[" + num(t) + "])"
                     : won + " is the largest of the " + num(m.vocab()) + " logits; the token's own row scores x[" +
                           num(t) + "]\u00b7W[" + num(own) + "] = " + score_text(head_score(m, x, own)) +
                           ": pos_emb moved x, and the head picks the highest dot product, not the input token";
  } else {  // SpeedupEstimate
    char ratio[32];
    std::snprintf(ratio, sizeof ratio, "%.3g", measured_ratio);
    q.prompt = "At B = " + num(*q.params.batch) + ", how many times faster is the lookup than the one-hot matmul?";
    q.answer = measured_ratio;
    q.why = std::string("measured ") + ratio +
            "×: the lookup copies B × D numbers, the matmul does B × V × D "
            "multiply-adds (an estimate within 2× counts)";
  }
}

}  // namespace

Question make_question(int slide, QuestionKind k, const QuizModel& m, const Params& p, double measured_ratio,
                       double small_ratio) {
  Question q;
  q.slide = slide;
  q.kind = k;
  q.params = p;
  if (const KindFamily* f = family_of(k)) {
    f->ask(q, m);
    return q;
  }
  switch (k) {
    case QuestionKind::TableNumbers:
    case QuestionKind::ZeroMadds:
    case QuestionKind::LookupCopies:
    case QuestionKind::OutputsEqual: ask_counts(q, m); break;
    case QuestionKind::LookupRow:
    case QuestionKind::OnehotCol:
    case QuestionKind::GradRows: ask_rows(q, m); break;
    case QuestionKind::DifferingCells:
    case QuestionKind::GradValue: ask_cells(q, m); break;
    case QuestionKind::RowsMoved: ask_rows_moved(q, m); break;
    case QuestionKind::RowsRead:
    case QuestionKind::EditedRowOutputs:
    case QuestionKind::OnehotOnes:
    case QuestionKind::DoubleDMadds:
    case QuestionKind::InfCells:
    case QuestionKind::GradRowsRandn:
    case QuestionKind::SameTokenX:
    case QuestionKind::SparseMemory: ask_misconception(q, m); break;
    case QuestionKind::SpeedupBatch: ask_speedup_batch(q, measured_ratio, small_ratio); break;
    case QuestionKind::MapNearest: ask_map_nearest(q, m); break;
    default: ask_other(q, m, measured_ratio);
  }
  return q;
}

bool judge(const Question& q, const Answer& given) {
  if (q.answer.index() != given.index()) return false;
  if (q.kind == QuestionKind::SpeedupEstimate)
    return judge_speedup(std::get<double>(q.answer), std::get<double>(given));
  if (const auto* want = std::get_if<double>(&q.answer)) {
    const double got = std::get<double>(given);
    return std::fabs(got - *want) <= std::max(1e-4, 1e-6 * std::fabs(*want));
  }
  if (const auto* want = std::get_if<IdList>(&q.answer)) {
    IdList got = std::get<IdList>(given);
    std::sort(got.begin(), got.end());
    got.erase(std::unique(got.begin(), got.end()), got.end());
    return got == *want;
  }
  if (const auto* want = std::get_if<std::vector<Cell>>(&q.answer)) {
    std::vector<Cell> got = std::get<std::vector<Cell>>(given);
    std::sort(got.begin(), got.end());
    got.erase(std::unique(got.begin(), got.end()), got.end());
    return got == *want;
  }
  return q.answer == given;  // int64_t, bool
}

std::vector<Question> state_questions(const QuizModel& m, std::optional<uint64_t> quiz_seed) {
  std::vector<Question> out;
  if (m.ids.empty()) return out;
  QuizRng rng(quiz_seed.value_or(0));
  QuizRng* r = quiz_seed ? &rng : nullptr;
  for (const DeckSlide& slide : quiz_deck()) {
    if (slide.measured) continue;  // ratios measured by the slide's worker, not a property of the state
    for (const DeckQuestion& asked : slide.questions) {
      const QuestionKind k = asked.kind;
      if (!askable_of(k, m)) continue;
      Params p = default_params(k, m, r);
      if (asked.onehot_product && !r && k == QuestionKind::LookupRow)
        p.i = m.batch() - 1;  // the lookup asks row 1, the one-hot product the last
      out.push_back(make_question(slide.slide, k, m, p));
    }
  }
  return out;
}

}  // namespace lv::quiz
