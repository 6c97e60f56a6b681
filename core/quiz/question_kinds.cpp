// question_kinds.cpp — each kind's answer, prompt, why and judge (see the header).
//
//   the state        seeded_model, file_model
//   the answers      token_count … argmax_token, rows_moved, judge_speedup
//   the kinds        kind_name, answer_type, kinds_for_slide, QuizRng, default_params
//   the questions    ask_* (prompt, answer, why per kind), make_question, judge, state_questions
#include "core/quiz/question_kinds.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <unordered_map>
#include <utility>

#include "core/torch/embedding_ops.hpp"
#include "core/tokenizer/gpt2_tokenizer.hpp"
#include "core/text/id_parse.hpp"
#include "core/torch/logits_argmax.hpp"
#include "core/text/text_format.hpp"
#include "core/torch/torch_layers.hpp"
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

int64_t token_count(const Gpt2Tokenizer& tokenizer, std::string_view text) {
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

int64_t argmax_token(const QuizModel& m, int64_t t) {
  const int64_t d = m.dim();
  TorchGenerator g = m.after_table;
  const Matrix pos = embedding_init(m.batch(), d, g);  // pos_emb.weight: T x D, drawn after tok_emb
  std::vector<float> x(static_cast<size_t>(d));
  m.table.read_row(m.ids.at(static_cast<size_t>(t)), x.data());
  for (int64_t k = 0; k < d; ++k) x[static_cast<size_t>(k)] += pos(t, k);  // tok_emb(idx) + pos_emb
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

// ---------------------------------------------------------------- the kinds

namespace {

struct KindInfo {
  QuestionKind kind;
  std::string_view name;
  AnswerType type;
};
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
};

const KindInfo& info(QuestionKind k) { return kKinds[static_cast<int>(k)]; }

}  // namespace

std::string_view kind_name(QuestionKind k) { return info(k).name; }
AnswerType answer_type(QuestionKind k) { return info(k).type; }

std::optional<QuestionKind> kind_from_name(std::string_view name) {
  for (const KindInfo& k : kKinds)
    if (k.name == name) return k.kind;
  return std::nullopt;
}

std::vector<QuestionKind> kinds_for_slide(int slide) {
  using K = QuestionKind;
  switch (slide) {
    case 0: return {K::TokenCount};
    case 1: return {K::TableNumbers};
    case 2: return {K::LookupRow};
    case 3: return {K::OnehotCol};
    case 4: return {K::LookupRow, K::ZeroMadds};
    case 5: return {K::OutputsEqual, K::LookupCopies, K::DifferingCells};
    case 6: return {K::GradRows, K::GradValue};
    case 7: return {K::SpeedupEstimate};
    case 8: return {K::ArgmaxToken};
    case 9: return {K::RowsMoved};
    default: return {};
  }
}

uint64_t QuizRng::next() {
  uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

int64_t QuizRng::below(int64_t n) { return n <= 1 ? 0 : static_cast<int64_t>(next() % static_cast<uint64_t>(n)); }

Params default_params(QuestionKind k, const QuizModel& m, QuizRng* rng) {
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
    case QuestionKind::SpeedupEstimate: p.batch = b; break;
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

// ": “Hello”, “,”, “ world”" — the text's first tokens as their text (at most 8).
std::string token_pieces(const Gpt2Tokenizer* tokenizer, const std::string& text) {
  if (!tokenizer) return "";
  const Encoding e = tokenizer->encode(text);
  if (!e.ok || e.ids.empty()) return "";
  std::string out = ":";
  for (size_t k = 0; k < e.ids.size() && k < 8; ++k) {
    const Decoding d = tokenizer->decode(IdList{e.ids[k]});
    out += (k ? ", " : " ") + std::string("\u201c") + (d.ok ? utf8_replace_invalid(d.bytes) : "?") + "\u201d";
  }
  return out + (e.ids.size() > 8 ? ", \u2026" : "");
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
      q.prompt = "The table has a row for each of the " + num(v) + " IDs and " + num(d) +
                 " columns. How many numbers does it hold?";
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
      q.prompt = "Are the lookup's output and the one-hot matmul's output equal, number for number (true or false)?";
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
      q.prompt = q.slide == 4 ? "One-hot row " + num(i) + " meets the table: which table row survives in output row " +
                                    num(i) + "?"
                              : "Which table row lands in output row " + num(i) + "?";
      q.answer = r;
      q.why = q.slide == 4 ? "only row " + num(r) + " survives: the one-hot row has its 1 in column " + num(r)
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

// Why these rows moved: the three kinds this case has (gradient, memory, decay), and what
// the optimizer does not do.
std::string rows_moved_why(const RowsMoved& rm, TrainOptimizer o, int64_t step, int64_t vocab) {
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
  if (o == TrainOptimizer::Sgd) parts.push_back("plain SGD keeps no memory and no decay");
  else if (o == TrainOptimizer::SparseAdam) parts.push_back("SparseAdam steps only the rows in the sparse gradient");
  else if (mem.empty() && o != TrainOptimizer::AdamW)
    parts.push_back(step == 1 ? "no memory yet at step 1" : "every row it remembers is in this batch");
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
  q.prompt =
      "After optimizer step " + num(step) + " with " + optimizer_title(o) + ", which rows of the table have changed?";
  q.answer = rm.rows;
  q.why = rows_moved_why(rm, o, step, m.vocab());
}

void ask_other(Question& q, const QuizModel& m, double measured_ratio) {
  if (q.kind == QuestionKind::TokenCount) {
    const std::string& text = *q.params.text;
    const int64_t n = m.tokenizer ? token_count(*m.tokenizer, text) : -1;
    q.prompt = "How many GPT-2 tokens does " + quoted_text(text) + " become?";
    q.answer = n;
    q.why = "GPT-2's tokenizer makes " + counted(n, "token") + token_pieces(m.tokenizer, text) +
            ": a common word is one token, a rare one several, and a space joins the word after it";
  } else if (q.kind == QuestionKind::ArgmaxToken) {
    const int64_t t = *q.params.t, v = argmax_token(m, t);
    q.prompt = "Which token ID does the tied head pick at position " + num(t) + "?";
    q.answer = v;
    q.why = "x[" + num(t) + "] = tok_emb + pos_emb scores highest against table row " + num(v) +
            " (logits = x · W.T; the first on a tie)";
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

Question make_question(int slide, QuestionKind k, const QuizModel& m, const Params& p, double measured_ratio) {
  Question q;
  q.slide = slide;
  q.kind = k;
  q.params = p;
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
  for (int slide = 0; slide <= 9; ++slide) {
    if (slide == 7) continue;  // a ratio measured by slide 7, not a property of the state
    for (QuestionKind k : kinds_for_slide(slide)) {
      if (k == QuestionKind::TokenCount && !m.tokenizer) continue;
      if (k == QuestionKind::RowsMoved && (m.vocab() > kRowsMovedMaxVocab || !train_batches_fit(m))) continue;
      Params p = default_params(k, m, r);
      if (slide == 4 && !r && k == QuestionKind::LookupRow)
        p.i = m.batch() - 1;  // slide 2 asks row 1, slide 4 the last
      out.push_back(make_question(slide, k, m, p));
    }
  }
  return out;
}

}  // namespace lv::quiz
