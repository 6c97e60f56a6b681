// quiz_json.cpp — --quiz-json's JSON (see the header).
#include "core/quiz/quiz_json.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>

#include "core/tokenizer/bpe_vocab.hpp"
#include "core/tokenizer/gpt2_tokenizer.hpp"
#include "core/quiz/quiz_deck.hpp"
#include "core/text/json_text.hpp"
#include "core/text/utf8_text.hpp"

namespace lv::quiz {
namespace {

// A JSON string (core/text/json_text.hpp).
void put_string(std::string& out, std::string_view s) { append_json_string(out, s); }

// The shortest text that reads back as the same float (grad_value is a float32 sum),
// with ".0" when it would read as an integer. Not finite: null (JSON has no NaN).
void put_number(std::string& out, double v) {
  if (!std::isfinite(v)) {
    out += "null";
    return;
  }
  char buf[48];
  const auto r = std::to_chars(buf, buf + sizeof buf, static_cast<float>(v));
  std::string s(buf, r.ptr);
  if (s.find_first_of(".e") == std::string::npos) s += ".0";
  out += s;
}

}  // namespace

void put_answer(std::string& out, const Answer& a) {
  if (const auto* i = std::get_if<int64_t>(&a)) out += std::to_string(*i);
  else if (const auto* b = std::get_if<bool>(&a)) out += *b ? "true" : "false";
  else if (const auto* d = std::get_if<double>(&a)) put_number(out, *d);
  else if (const auto* l = std::get_if<IdList>(&a)) {
    out += '[';
    for (size_t k = 0; k < l->size(); ++k) out += (k ? ", " : "") + std::to_string((*l)[k]);
    out += ']';
  } else {
    const auto& cells = std::get<std::vector<Cell>>(a);
    out += '[';
    for (size_t k = 0; k < cells.size(); ++k)
      out += (k ? ", [" : "[") + std::to_string(cells[k].row) + ", " + std::to_string(cells[k].col) + "]";
    out += ']';
  }
}

std::string answer_text(const Answer& a) {
  std::string out;
  put_answer(out, a);
  return out;
}

namespace {

void put_params(std::string& out, const Params& p) {
  out += '{';
  bool first = true;
  auto key = [&](const char* k) {
    out += first ? "\"" : ", \"";
    out += k;
    out += "\": ";
    first = false;
  };
  if (p.text) key("text"), put_string(out, *p.text);
  if (p.i) key("i"), out += std::to_string(*p.i);
  if (p.row) key("row"), out += std::to_string(*p.row);
  if (p.col) key("col"), out += std::to_string(*p.col);
  if (p.t) key("t"), out += std::to_string(*p.t);
  if (p.small_batch) key("small_B"), out += std::to_string(*p.small_batch);
  if (p.batch) key("B"), out += std::to_string(*p.batch);
  if (p.optimizer) key("optimizer"), put_string(out, optimizer_name(*p.optimizer));
  if (p.step) key("step"), out += std::to_string(*p.step);
  if (p.u) key("u"), out += std::to_string(*p.u);
  if (p.grad_seed) key("grad_seed"), out += std::to_string(*p.grad_seed);
  if (p.choices) key("choices"), put_answer(out, *p.choices);
  out += '}';
}

}  // namespace

std::string questions_json(const std::vector<Question>& questions) {
  std::string out = "{\"questions\": [";
  for (size_t k = 0; k < questions.size(); ++k) {
    const Question& q = questions[k];
    out += k ? ",\n  {" : "\n  {";
    out += "\"slide\": " + std::to_string(q.slide) + ", \"kind\": ";
    put_string(out, kind_name(q.kind));
    out += ", \"params\": ";
    put_params(out, q.params);
    out += ", \"prompt\": ";
    put_string(out, q.prompt);
    out += ", \"answer\": ";
    put_answer(out, q.answer);
    out += ", \"why\": ";
    put_string(out, q.why);
    out += '}';
  }
  out += "\n]}\n";
  return out;
}

QuizModel cli_model(const CliOptions& o, std::shared_ptr<const TableFile> file, const Tokenizer* tokenizer) {
  QuizModel m = file ? file_model(o.seed, o.ids, std::move(file), o.dtype)
                     : seeded_model(o.seed, o.ids, effective_vocab(o), o.dim, o.dtype);
  m.tokenizer = tokenizer;
  // Slide 9's training as the window would start it (--batches, --lr, --grad, --optimizer).
  m.train_batches = o.batches;
  m.train_lr = o.lr;
  m.train_randn_grad = o.grad_seed && *o.grad_seed >= 0;
  m.train_grad_seed = o.grad_seed.value_or(0);
  m.train_optimizer = o.optimizer;
  // The slides' own controls as the window would start with them (--slide-value, and the
  // flags a slide brings: slide 10's --beta sets attention.beta).
  m.slide_values = o.slide_values;
  if (o.text) {
    m.text = *o.text;
  } else {  // the IDs' own text, as slide 0 shows it; none (slide 0 asks nothing) when they are not its tokens
    bool tokens = tokenizer != nullptr;
    for (int64_t id : o.ids) tokens = tokens && id >= 0 && id < static_cast<int64_t>(tokenizer->vocab_size());
    if (tokens) {
      const Decoding d = tokenizer->decode(o.ids);
      if (d.ok) m.text = utf8_replace_invalid(d.bytes);  // as --detokenize prints it
    }
  }
  return m;
}

std::string quiz_json_text(const CliOptions& o, std::shared_ptr<const TableFile> file, const Tokenizer* tokenizer) {
  const QuizModel m = cli_model(o, std::move(file), tokenizer);
  std::vector<Question> qs = state_questions(m, o.quiz_seed);
  // The map's question (asked on the slide whose view the map is): its row from its own
  // stream of the quiz seed.
  const int map_slide = deck_any_slide_of(QuestionKind::MapNearest);
  if (map_slide >= 0 && askable_of(QuestionKind::MapNearest, m)) {
    QuizRng rng(o.quiz_seed.value_or(0) ^ 0x41);
    qs.push_back(make_question(map_slide, QuestionKind::MapNearest, m,
                               default_params(QuestionKind::MapNearest, m, o.quiz_seed ? &rng : nullptr)));
  }
  return questions_json(qs);
}

}  // namespace lv::quiz
