// app_learn.cpp — Learn mode's flow (see the header): when to ask, what the keys do
// while a question is asked, judging, the reveal, "Try another" and the quiz.
#include "app/deck/slide_host.hpp"
#include "app/app_learn.hpp"

#include <imgui.h>
#include <imgui_internal.h>  // the active item: is a text field being edited

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

#include "app/state/app_edits.hpp"
#include "app/chrome/chrome.hpp"
#include "app/deck/slide_nav.hpp"
#include "app/model/model_jobs.hpp"
#include "app/chrome/ui_keys.hpp"
#include "app/slides/slides.hpp"
#include "app/ui_base/anim_timeline.hpp"
#include "app/ui_base/layout_report.hpp"
#include "app/ui_base/ui_draw.hpp"
#include "app/ui_base/ui_landmarks.hpp"
#include "app/ui_base/ui_theme.hpp"
#include "app/widgets/widget_answer_targets.hpp"
#include "core/tokenizer/bpe_vocab.hpp"
#include "core/tokenizer/gpt2_tokenizer.hpp"
#include "core/text/utf8_text.hpp"

namespace lv::app {
namespace {

using quiz::AnswerType;
using quiz::QuestionKind;

// A question whose answer reads the whole table (the head's argmax over every row, torch.equal
// over every product) is asked in the window only of a table this small: nothing of V × D
// runs on the UI thread for a big one (a quiz's states are small).
constexpr int64_t kAskWholeTableUpTo = 1 << 18;

// The verdicts remembered per state (slide, model) before the memory starts again.
constexpr size_t kAnsweredKept = 512;

// rows_moved lists AdamW's decayed rows by reading every row, and its answer is clicked row
// by row: asked of tables of at most kRowsMovedMaxVocab rows (and 2^18 numbers).
bool whole_table_kind(QuestionKind k) {
  return k == QuestionKind::ArgmaxToken || k == QuestionKind::OutputsEqual || k == QuestionKind::RowsMoved ||
         k == QuestionKind::InfCells || k == QuestionKind::SparseMemory;
}

// The kinds this slide may ask of this state, in the order.
std::vector<QuestionKind> askable(const App& app, int slide) {
  std::vector<QuestionKind> out;
  const bool small = app.derived.vocab * app.derived.dim <= kAskWholeTableUpTo;
  if (app.inputs.ids.empty()) return out;
  const quiz::QuizModel m = learn_model(app);
  if (slide < 0 || slide >= slide_count()) return out;
  const SlideDef& def = slide_table()[static_cast<size_t>(slide)];
  for (const SlideQuestion& asked : def.questions) {
    const QuestionKind k = asked.kind;
    if (!asked.in_learn || (whole_table_kind(k) && !small)) continue;
    if (asked.shown && !asked.shown(context_of(app, def))) continue;  // slide 7: about the view it shows
    if (!quiz::askable_of(k, m)) continue;  // token_count: GPT-2's on a text shown; slide 9's: batches that fit
    out.push_back(k);
  }
  return out;
}

// What was missed most is asked first; otherwise the kinds take turns.
QuestionKind choose_kind(const App& app, const std::vector<QuestionKind>& kinds) {
  const LearnState& L = app.learn;
  if (L.next_kind && std::find(kinds.begin(), kinds.end(), *L.next_kind) != kinds.end()) return *L.next_kind;
  // Each slide's kinds take turns by what this slide has asked (its kinds' tally): a first
  // visit asks its first kind, whatever other slides asked before.
  size_t turn = 0;
  for (QuestionKind k : kinds) {
    const auto it = L.tally.find(std::string(quiz::kind_name(k)));
    if (it != L.tally.end()) turn += static_cast<size_t>(it->second.asked);
  }
  QuestionKind best = kinds[turn % kinds.size()];
  int best_missed = 0;
  for (QuestionKind k : kinds) {
    const auto it = L.tally.find(std::string(quiz::kind_name(k)));
    const int missed = it == L.tally.end() ? 0 : it->second.asked - it->second.right;
    if (missed > best_missed) best = k, best_missed = missed;
  }
  return best;
}

uint64_t state_key(const App& app) {
  uint64_t h = 1469598103934665603ull;
  auto mix_in = [&](uint64_t v) { h = (h ^ v) * 1099511628211ull; };
  mix_in(static_cast<uint64_t>(app.ui.slide));
  mix_in(app.derived.outputs_version);
  mix_in(app.inputs.seed);
  for (int64_t id : app.inputs.ids) mix_in(static_cast<uint64_t>(id));
  const SlideDef& shown = shown_slide(app);
  if (shown.quiz_key) mix_in(shown.quiz_key(context_of(app, shown)));  // slide 9: its batches, optimizer and lr too
  return h;
}

void clear_answer(LearnState& L) {
  L.typed.clear();
  L.error.clear();
  L.given.reset();
  L.cursor = -1;
  L.right = L.shown = L.awaits_measure = false;
}

// The slide that measures what question q is about (slide 7: its timings), or null when the
// state alone answers it.
const SlideDef* measuring_slide(const quiz::Question& q) {
  if (q.slide < 0 || q.slide >= slide_count()) return nullptr;
  const SlideDef& s = slide_table()[static_cast<size_t>(q.slide)];
  return s.measure ? &s : nullptr;
}

// What the measuring slide measured at its largest batch (B = 256 on slide 7): the estimate's figure.
SlideMeasure measured_now(const App& app, const SlideDef& s) {
  return s.measure(context_of(app, s), s.measure_batches[1]);
}

// A question's answer as known now: slide 7's ratios once measured (NaN, -1 until then).
quiz::Question with_measure(const App& app, quiz::Question q) {
  const SlideDef* s = measuring_slide(q);
  if (!s || (q.kind != QuestionKind::SpeedupEstimate && q.kind != QuestionKind::SpeedupBatch)) return q;
  auto ratio_at = [&](int batch) {
    const SlideMeasure ms = s->measure(context_of(app, *s), batch);
    return ms.state == SlideMeasure::State::Ready ? ms.ratio : std::nan("");
  };
  const int small = s->measure_batches[0], large = s->measure_batches[1];
  q.params.batch = large;
  if (q.kind == QuestionKind::SpeedupBatch) q.params.small_batch = small;  // B = 1 against B = 256
  return quiz::make_question(q.slide, q.kind, learn_model(app), q.params, ratio_at(large),
                             q.kind == QuestionKind::SpeedupBatch ? ratio_at(small) : 0.0);
}

bool answer_known(const quiz::Question& q) {
  if (q.kind == QuestionKind::SpeedupBatch) return std::get<int64_t>(q.answer) > 0;
  const double* d = std::get_if<double>(&q.answer);
  return !d || !std::isnan(*d);
}

// Asks q on the slide shown: the timeline goes back to (or stops at) its hold.
void ask(App& app, const quiz::Question& q) {
  LearnState& L = app.learn;
  clear_answer(L);
  // What the question names (rows_moved's optimizer: slide 9 shows that one, alone).
  for (const SlideDef& s : slide_table())
    if (s.show_question) s.show_question(context_of(app, s), q);
  L.question = with_measure(app, q);
  L.slide = app.ui.slide;
  const QuestionSteps s = question_steps(q, current_slide_steps(app));
  L.hold = s.hold;
  L.reveal_to = s.reveal_to;
  L.phase = LearnPhase::Asking;
  L.asked_for = state_key(app);
  ++L.asks;
  // The steps before the reveal are shown (played up to it, or at once in reduced motion);
  // a timeline past it goes back to it.
  Timeline& t = app.ui.timeline;
  const float hold = static_cast<float>(L.hold);
  if (t.pos > hold || app.ui.reduced_motion) timeline_seek(t, current_slide_steps(app), hold);
  else if (t.pos < hold) t.target = hold, t.playing = false;
}

void reveal(App& app) {
  LearnState& L = app.learn;
  L.phase = LearnPhase::Revealed;
  KindTally& k = L.tally[std::string(quiz::kind_name(L.question.kind))];
  ++k.asked;
  if (L.right) ++k.right;
  if (L.quiz.active && L.quiz.at < static_cast<int>(L.quiz.results.size())) {
    L.quiz.results[static_cast<size_t>(L.quiz.at)] = L.shown ? -1 : L.right ? 1 : 0;
    L.quiz.given[static_cast<size_t>(L.quiz.at)] = L.shown ? "" : L.typed;
  }
  // Coming back to this slide and state shows this verdict again (a quiz's states are its own).
  if (!L.quiz.active) {
    if (L.answered.size() >= kAnsweredKept) L.answered.clear();
    L.answered[L.asked_for] = AnsweredQuestion{L.question, L.given, L.typed, L.right, L.shown, L.hold, L.reveal_to};
  }
  Timeline& t = app.ui.timeline;
  const int steps = current_slide_steps(app);
  if (app.ui.reduced_motion) timeline_seek(t, steps, static_cast<float>(L.reveal_to));
  else {
    t.playing = false;
    t.target = static_cast<float>(std::min(L.reveal_to, steps));
  }
}

// A slide come back to whose state was answered: its verdict, at its reveal's step (no new
// question; the deck's keys stay the deck's).
void show_answered(App& app, const AnsweredQuestion& a) {
  LearnState& L = app.learn;
  clear_answer(L);
  L.question = a.question;
  L.given = a.given;
  L.typed = a.typed;
  L.right = a.right;
  L.shown = a.shown;
  L.hold = a.hold;
  L.reveal_to = a.reveal_to;
  L.slide = app.ui.slide;
  L.phase = LearnPhase::Revealed;
  L.asked_for = state_key(app);
  Timeline& t = app.ui.timeline;
  if (t.pos < static_cast<float>(a.reveal_to))
    timeline_seek(t, current_slide_steps(app), static_cast<float>(a.reveal_to));
}

// The learner's own state kept before a practice state is shown (once: a quiz started from a
// Try another keeps the same one). Slide 9's choices are kept with it.
void keep_own_state(App& app) {
  OwnState& o = app.learn.own;
  if (o.kept) return;
  o.kept = true;
  o.inputs = app.inputs;
  o.slide = app.ui.slide;
  const Timeline& t = app.ui.timeline;
  o.step = t.target >= 0.0f ? t.target : t.pos;
  o.text_mode = app.ui.editor.ids_input == IdsInput::Text;
  o.text = text_field(app);
  for (const SlideDef& s : slide_table())
    if (s.practice) s.practice(context_of(app, s), Practice::Keep);
}

// The practice ends: the learner's own state comes back whole; with `place`, its slide and
// step too (not when the learner went to another slide meanwhile).
void give_own_state_back(App& app, bool place) {
  LearnState& L = app.learn;
  if (!L.own.kept) return;
  OwnState o = std::move(L.own);
  L.own = OwnState{};
  L.phase = LearnPhase::Off;
  edit_inputs(app, std::move(o.inputs));
  set_text_field(app, o.text);
  app.ui.editor.ids_input = o.text_mode ? IdsInput::Text : IdsInput::Ids;
  for (const SlideDef& s : slide_table())
    if (s.practice) s.practice(context_of(app, s), Practice::Restore);
  if (!place) return;  // the slide shown asks as it would have
  show_slide_step(app, o.slide, 0);
  timeline_seek(app.ui.timeline, current_slide_steps(app), o.step);
  L.asked_for = state_key(app);  // not asked at once about the state given back
}

// A quiz state's model: the seeded table, IDs, V and D it names (slide 0: its sentence;
// slide 9: its IDs one a step at lr 0.1, as the quiz's question trains them).
void apply_state(App& app, const quiz::StateSpec& spec, int slide) {
  ModelInputs in = app.inputs;
  in.file = nullptr;
  in.unopened = {};
  in.set_aside = {};
  in.seed = spec.seed;
  in.seed_text = std::to_string(spec.seed);
  in.ids = spec.ids;
  in.dim = spec.dim;
  in.vocab_mode = VocabMode::Fixed;
  in.fixed_vocab = spec.vocab;
  in.dtype = TableDtype::Float32;
  in.edits = std::make_shared<EditMap>();
  in.text.clear();
  in.text_ids.clear();
  edit_inputs(app, std::move(in));
  if (slide == 0 && app.tokenizer) edit_text(app, spec.text);
  // The question's slide sets itself up for the drawn state (slide 9 trains its IDs one a step).
  if (slide >= 0 && slide < slide_count()) {
    const SlideDef& s = slide_table()[static_cast<size_t>(slide)];
    if (s.practice) s.practice(context_of(app, s), Practice::Fresh);
  }
  finish_jobs(app);
}

// Judge and reveal what was typed; false (with L.error) when it does not read.
bool commit(App& app) {
  LearnState& L = app.learn;
  const ReadAnswer r = read_answer(L.question, L.typed);
  if (!r.answer) {
    L.error = r.error;
    return false;
  }
  L.given = r.answer;
  L.shown = false;
  L.question = with_measure(app, L.question);  // slide 7: the timing on screen now, not the one when asked
  if (!answer_known(L.question)) {             // slide 7 is still timing: judged when its figure lands (learn_frame)
    L.awaits_measure = true;
    return true;
  }
  L.right = quiz::judge(L.question, *r.answer);
  reveal(app);
  return true;
}

// An answer given before slide 7 measured its own: judged (or shown) once the figure lands;
// a timing that cannot give one lets the question go with the reason.
void judge_when_measured(App& app) {
  LearnState& L = app.learn;
  if (!L.awaits_measure || L.phase != LearnPhase::Asking) return;
  const SlideDef* s = measuring_slide(L.question);
  if (!s) {
    L.awaits_measure = false;
    return;
  }
  const SlideMeasure ms = measured_now(app, *s);
  if (ms.state == SlideMeasure::State::Pending) return;
  L.awaits_measure = false;
  if (ms.state == SlideMeasure::State::Failed) {
    L.phase = LearnPhase::Off;
    set_status(app, ("No estimate to judge: " + ms.why).c_str());
    return;
  }
  L.question = with_measure(app, L.question);
  if (!answer_known(L.question)) {  // speedup_batch: B = 1's figure did not come
    L.phase = LearnPhase::Off;
    set_status(app, "No figures to judge: B = 1 was not timed");
    return;
  }
  if (!L.shown && L.given) L.right = quiz::judge(L.question, *L.given);
  reveal(app);
}

// The target the arrows reach next (the rows' order for ↑ ↓, the columns' for ← →).
void move_cursor(App& app, int delta) {
  LearnState& L = app.learn;
  const int n = static_cast<int>(L.drawn_targets.size());
  if (n == 0) return;
  L.cursor = L.cursor < 0 ? (delta > 0 ? 0 : n - 1) : std::clamp(L.cursor + delta, 0, n - 1);
  const AnswerTarget& t = L.drawn_targets[static_cast<size_t>(L.cursor)];
  const int64_t v = t.axis == AnswerTarget::Axis::Col ? t.col : t.row;
  if (quiz::answer_type(L.question.kind) == AnswerType::Int) L.typed = std::to_string(v);
  L.error.clear();
}

// A list answer's member added or taken away (Space on the highlighted row, a click).
void toggle_member(LearnState& L, int64_t v) {
  const ReadAnswer r = read_answer(L.question, L.typed);
  IdList members;
  if (r.answer) {
    if (const auto* l = std::get_if<IdList>(&*r.answer)) members = *l;
  }
  const auto it = std::find(members.begin(), members.end(), v);
  if (it == members.end()) members.push_back(v);
  else members.erase(it);
  std::sort(members.begin(), members.end());
  L.typed = answer_words(members);
  L.error.clear();
}

// An output cell added to a cell list's answer or taken away (a click, Space on the highlight).
void toggle_cell(LearnState& L, int64_t row, int64_t col) {
  const ReadAnswer r = read_answer(L.question, L.typed);
  std::vector<quiz::Cell> cells;
  if (r.answer) {
    if (const auto* l = std::get_if<std::vector<quiz::Cell>>(&*r.answer)) cells = *l;
  }
  const quiz::Cell c{row, col};
  const auto it = std::find(cells.begin(), cells.end(), c);
  if (it == cells.end()) cells.push_back(c);
  else cells.erase(it);
  std::sort(cells.begin(), cells.end());
  L.typed = cells.empty() ? "" : answer_words(cells);
  L.error.clear();
}

// A click on a target selects it (an int answer: highlighted, changed by another click or the
// arrows, committed by Enter or Answer); a list's member toggles.
void clicked(App& app, const AnswerTarget& t, int index) {
  LearnState& L = app.learn;
  if (t.axis == AnswerTarget::Axis::Cell) {
    toggle_cell(L, t.row, t.col);
    return;
  }
  const int64_t v = t.axis == AnswerTarget::Axis::Col ? t.col : t.row;
  if (quiz::answer_type(L.question.kind) == AnswerType::IntList) {
    toggle_member(L, v);
    return;
  }
  L.typed = std::to_string(v);
  L.cursor = index;  // the arrows go on from the one clicked
  L.error.clear();
}

bool typed_char_ok(const quiz::Question& q, ImWchar c) {
  switch (quiz::answer_type(q.kind)) {
    case AnswerType::Bool:
      return c == 'y' || c == 'Y' || c == 'n' || c == 'N' || c == 't' || c == 'f' || c == 'T' || c == 'F';
    case AnswerType::Int: return (c >= '0' && c <= '9') || c == '-' || c == ',';
    case AnswerType::Float: return (c >= '0' && c <= '9') || c == '-' || c == '.' || c == 'e';
    case AnswerType::IntList: return (c >= '0' && c <= '9') || c == ',' || c == ' ';
    case AnswerType::CellList:
      return (c >= '0' && c <= '9') || c == ',' || c == ' ' || c == ';' || c == '[' || c == ']';
  }
  return false;
}

// How q is answered, as the slide that asks it says.
const char* how_to_answer(const quiz::Question& q) {
  const SlideQuestion* asked = slide_question(q.slide, q.kind);
  return asked && asked->how ? asked->how : kHowWholeNumber;
}

// An answer as the verdict says it: a long list of rows (AdamW moves every row) shortened to
// its first rows, "…", its last and its count.
std::string verdict_words(const quiz::Answer& a) {
  const auto* l = std::get_if<IdList>(&a);
  if (!l || l->size() <= 12) return answer_words(a);
  std::string out;
  for (size_t k = 0; k < 8; ++k) out += std::to_string((*l)[k]) + ", ";
  return out + "…, " + std::to_string(l->back()) + " (" + std::to_string(l->size()) + " rows)";
}

// The verdict in words (✓ / ✗ and the two answers: never colour alone).
std::string verdict_text(const LearnState& L) {
  if (L.question.kind == QuestionKind::SpeedupEstimate) {  // an estimate: both as ratios, 3 digits
    auto times = [](const quiz::Answer& a) {
      char buf[48];
      std::snprintf(buf, sizeof buf, "%.3g×", std::get<double>(a));
      return std::string(buf);
    };
    const std::string measured = times(L.question.answer);
    if (L.shown) return "Shown: measured " + measured + ".";
    const std::string said = L.given ? times(*L.given) : L.typed;
    if (L.right) return "✓ Right: you said " + said + ", measured " + measured + " (within 2× counts).";
    return "✗ Not quite: you said " + said + ", measured " + measured + " (within 2× counts).";
  }
  const std::string truth = verdict_words(L.question.answer);
  if (L.shown) return "Shown: the answer is " + truth + ".";
  if (L.right) return "✓ Right: " + truth + ".";
  return "✗ Not quite: you said " + (L.given ? verdict_words(*L.given) : L.typed) + "; the answer is " + truth + ".";
}

}  // namespace

// ---------------------------------------------------------------- the model, the steps

quiz::QuizModel learn_model(const App& app) {
  quiz::QuizModel m;
  m.table = app.derived.table;
  m.ids = app.inputs.ids;
  m.after_table = app.derived.gen_after_table;
  // Slide 0's question is about the tokenizer its canvas shows: the table's own when it has
  // one (Llama-3's, a .gguf's), else GPT-2's; named so in the question and judged with it.
  m.tokenizer = app.tokenizer.get();
  m.nonfinite = app.derived.nonfinite;
  if (app.inputs.grad_mode == GradMode::Seeded && app.derived.grad_out.rows() == app.derived.batch)
    m.grad_out = std::make_shared<const Matrix>(app.derived.grad_out);
  // Slide 0's sentence: the one typed (while the IDs are its tokens), else the IDs' own text.
  // No stand-in: a text the canvas does not show is never asked about (askable).
  if (ids_from_text(app.inputs)) m.text = app.inputs.text;
  else if (m.tokenizer) {
    bool tokens = true;  // the IDs are its tokens
    for (int64_t id : app.inputs.ids)
      tokens = tokens && id >= 0 && id < static_cast<int64_t>(m.tokenizer->vocab_size());
    if (tokens) {
      const Decoding d = m.tokenizer->decode(app.inputs.ids);
      if (d.ok) m.text = utf8_replace_invalid(d.bytes);
    }
  }
  // A sentence past kInlineTextBytes (a long --text) is not asked about: no learner counts the
  // tokens of 131,000 bytes, and counting them to judge would tokenize it on this thread.
  if (m.text.size() > kInlineTextBytes) m.text.clear();
  // Slide 9's training as it shows it (rows_moved): the model's G here, its batches, lr and
  // optimizer from its quiz_model below.
  m.train_randn_grad = app.inputs.grad_mode == GradMode::Seeded;
  m.train_grad_seed = static_cast<int64_t>(app.inputs.grad_seed);
  // What the slides' own controls add (slide 10's d_out, β and mask).
  for (const SlideDef& s : slide_table())
    if (s.quiz_model) s.quiz_model(context_of(app, s), m);
  return m;
}

QuestionSteps question_steps(const quiz::Question& q, int steps) {
  const SlideQuestion* asked = slide_question(q.slide, q.kind);
  return asked && asked->steps ? asked->steps(q, steps) : steps_at(0, steps, steps);
}

// ---------------------------------------------------------------- reading answers

ReadAnswer read_answer(const quiz::Question& q, const std::string& typed) {
  ReadAnswer r;
  std::string s;
  for (char c : typed)
    if (c != ' ' || quiz::answer_type(q.kind) == AnswerType::IntList ||
        quiz::answer_type(q.kind) == AnswerType::CellList)
      s += c;
  auto ints = [](const std::string& text, bool* ok) {
    std::vector<int64_t> out;
    *ok = true;
    size_t i = 0;
    while (i < text.size()) {
      while (i < text.size() &&
             (text[i] == ' ' || text[i] == ',' || text[i] == ';' || text[i] == '[' || text[i] == ']'))
        ++i;
      if (i == text.size()) break;
      int64_t v = 0;
      const auto res = std::from_chars(text.data() + i, text.data() + text.size(), v);
      if (res.ec != std::errc()) {
        *ok = false;
        return out;
      }
      out.push_back(v);
      i = static_cast<size_t>(res.ptr - text.data());
    }
    return out;
  };
  switch (quiz::answer_type(q.kind)) {
    case AnswerType::Int: {
      std::string digits;
      for (char c : s)
        if (c != ',') digits += c;  // "1,536" reads as 1536
      int64_t v = 0;
      const auto res = std::from_chars(digits.data(), digits.data() + digits.size(), v);
      if (digits.empty() || res.ec != std::errc() || res.ptr != digits.data() + digits.size())
        r.error = "Type a whole number (or pick one on the canvas).";
      else r.answer = v;
      return r;
    }
    case AnswerType::Bool: {
      if (s == "y" || s == "Y" || s == "t" || s == "T") r.answer = true;
      else if (s == "n" || s == "N" || s == "f" || s == "F") r.answer = false;
      else r.error = "Type y or n.";
      return r;
    }
    case AnswerType::Float: {
      double v = 0;
      const auto res = std::from_chars(s.data(), s.data() + s.size(), v);
      if (s.empty() || res.ec != std::errc() || res.ptr != s.data() + s.size() || !std::isfinite(v))
        r.error = "Type a number, like 2 or -0.5.";
      else r.answer = v;
      return r;
    }
    case AnswerType::IntList: {
      bool ok = false;
      std::vector<int64_t> v = ints(s, &ok);
      if (!ok) r.error = "Type the row numbers, like 1, 3.";
      else {
        std::sort(v.begin(), v.end());
        v.erase(std::unique(v.begin(), v.end()), v.end());
        r.answer = IdList(v.begin(), v.end());
      }
      return r;
    }
    case AnswerType::CellList: {
      bool ok = false;
      const std::vector<int64_t> v = ints(s, &ok);
      if (!ok || v.size() % 2 != 0)
        r.error = "Type each cell as row,col and separate them with ; (none: leave it empty).";
      else {
        std::vector<quiz::Cell> cells;
        for (size_t k = 0; k + 1 < v.size(); k += 2) cells.push_back({v[k], v[k + 1]});
        r.answer = cells;
      }
      return r;
    }
  }
  return r;
}

std::string answer_words(const quiz::Answer& a) {
  if (const auto* i = std::get_if<int64_t>(&a)) return std::to_string(*i);
  if (const auto* b = std::get_if<bool>(&a)) return *b ? "yes" : "no";
  if (const auto* d = std::get_if<double>(&a)) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.4f", *d);
    return buf;
  }
  std::string out;
  if (const auto* l = std::get_if<IdList>(&a)) {
    for (size_t k = 0; k < l->size(); ++k) out += (k ? ", " : "") + std::to_string((*l)[k]);
    return out;
  }
  const auto& cells = std::get<std::vector<quiz::Cell>>(a);
  for (size_t k = 0; k < cells.size(); ++k)
    out += (k ? "; " : "") + std::to_string(cells[k].row) + "," + std::to_string(cells[k].col);
  return out.empty() ? "none" : out;
}

// ---------------------------------------------------------------- the flow

void set_learn_mode(App& app, bool on) {
  set_learn(app.learn, on);
  if (!on && !app.learn.quiz.active) app.learn.phase = LearnPhase::Off;
}

void learn_frame(App& app) {
  LearnState& L = app.learn;
  L.drawn_targets = std::move(L.targets);
  L.targets.clear();
  L.marked_right.clear();
  L.marked_wrong.clear();
  // A practice state (Try another) ends when Learn mode goes off (the learner's own state,
  // slide and step come back), when its question goes (an edit under it), or when another
  // slide is shown (the own state comes back on that slide).
  if (L.own.kept && !L.quiz.active) {
    if (!L.ask || L.phase == LearnPhase::Off) give_own_state_back(app, true);
    else if (L.slide != app.ui.slide) give_own_state_back(app, false);
  }
  // Another slide shown: the question asked on the last one is dropped (a quiz's item
  // stays: its slide is shown again).
  if (L.phase != LearnPhase::Off && L.slide != app.ui.slide) {
    if (L.quiz.active) go_to_slide(app, L.slide);
    else L.phase = LearnPhase::Off;
  }
  // Learn mode turned off (the menu): the question goes (a quiz's stays).
  if (!L.ask && !L.quiz.active) L.phase = LearnPhase::Off;
  // The model changed under a question (an edit): asked again about the new state.
  if (L.phase == LearnPhase::Asking && !L.quiz.active && state_key(app) != L.asked_for) L.phase = LearnPhase::Off;
  if (L.phase == LearnPhase::Off && L.ask && !L.quiz.active && state_key(app) != L.asked_for && !model_busy(app)) {
    const std::vector<QuestionKind> kinds = askable(app, app.ui.slide);
    const auto answered = L.answered.find(state_key(app));
    if (answered != L.answered.end()) {
      show_answered(app, answered->second);  // answered before: its verdict, not a new question
    } else if (!kinds.empty()) {
      const quiz::QuizModel m = learn_model(app);
      const QuestionKind k = choose_kind(app, kinds);
      quiz::QuizRng rng(app.inputs.seed * 0x9E3779B97F4A7C15ull + L.asks + 1);
      ask(app, quiz::make_question(app.ui.slide, k, m, quiz::default_params(k, m, &rng)));
      L.next_kind.reset();
    } else {
      L.asked_for = state_key(app);
    }
  }
  judge_when_measured(app);
  // T pressed while the question was asked: the tour starts here now that it is answered
  // (the reveal is read as the tour's step, then it goes on).
  if (L.tour_after && (L.phase != LearnPhase::Asking || L.slide != app.ui.slide)) {
    L.tour_after = false;
    if (!app.ui.tour.running) {
      app.ui.tour.requested = true;
      app.ui.tour.from_here = true;
    }
  }
  // The tour (T) holds its step while a question is asked: the keys and clicks answer it.
  if (L.phase == LearnPhase::Asking && L.slide == app.ui.slide) {
    app.ui.tour.waits = true;
    L.holds_tour = true;
  } else if (L.holds_tour) {
    app.ui.tour.waits = false;
    L.holds_tour = false;
  }
  // Asked: the slide waits at its hold (Space, '.', End and the scrubber stop there).
  if (L.phase == LearnPhase::Asking) {
    Timeline& t = app.ui.timeline;
    if (t.pos > static_cast<float>(L.hold) || (t.target > static_cast<float>(L.hold))) {
      t.pos = std::min(t.pos, static_cast<float>(L.hold));
      t.playing = false;
      t.target = -1.0f;
    }
  }
}

bool learn_keys(App& app) {
  LearnState& L = app.learn;
  ImGuiIO& io = ImGui::GetIO();
  // A text field being edited, Ctrl held, a popup or the choice screen: the keys are theirs.
  const ImGuiContext& g = *GImGui;
  if ((g.ActiveId != 0 && g.ActiveId == g.InputTextState.ID) || io.KeyCtrl ||
      ImGui::IsPopupOpen(nullptr, ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel))
    return false;
  const bool asking = L.phase == LearnPhase::Asking && L.slide == app.ui.slide;
  if (!asking && !(L.quiz.active && L.quiz.finished)) {
    // A: Learn mode on / off; Q: a quiz (a question asked takes these letters as answers).
    for (int i = 0; i < io.InputQueueCharacters.Size; ++i) {
      const ImWchar c = io.InputQueueCharacters[i];
      if (c == 'a' || c == 'A') {
        set_learn_mode(app, !L.ask);
        set_status(app,
                   L.ask ? "Learn mode: each slide asks first (A turns it off)" : "Learn mode off (A turns it on)");
      }
      if ((c == 'q' || c == 'Q') && !L.quiz.active) L.quiz_requested = true;
    }
  }
  if (L.phase == LearnPhase::Off || L.slide != app.ui.slide) return false;
  auto pressed = [](ImGuiKey k) { return ImGui::IsKeyPressed(ImGui::GetKeyIndex(k)); };
  // B: back to the learner's own state from a practice state (no answer type takes a b).
  if (L.own.kept) {
    for (int i = 0; i < io.InputQueueCharacters.Size; ++i)
      if (io.InputQueueCharacters[i] == 'b' || io.InputQueueCharacters[i] == 'B') {
        learn_back_to_own(app);
        L.keys_frame = ImGui::GetFrameCount();
        return true;
      }
  }
  if (L.phase == LearnPhase::Revealed) {
    // Enter goes on; N tries another after a miss; everything else is the deck's.
    if (pressed(ImGuiKey_Enter) || pressed(ImGuiKey_KeyPadEnter)) {
      learn_continue(app);
      return true;
    }
    for (int i = 0; i < io.InputQueueCharacters.Size; ++i) {
      const ImWchar c = io.InputQueueCharacters[i];
      if ((c == 'n' || c == 'N') && !L.right) {
        learn_try_another(app);
        return true;
      }
    }
    return false;
  }
  // Asking: the arrows, digits, Enter, Backspace and S are the question's.
  L.keys_frame = ImGui::GetFrameCount();
  if (L.awaits_measure) return true;  // answered: waiting for slide 7's figure
  const AnswerTarget::Axis axis = L.drawn_targets.empty() ? AnswerTarget::Axis::Row : L.drawn_targets.front().axis;
  if (axis == AnswerTarget::Axis::Cell) {  // cells in reading order: → / ↓ the next, ← / ↑ the one before
    if (pressed(ImGuiKey_RightArrow) || pressed(ImGuiKey_DownArrow)) move_cursor(app, +1);
    if (pressed(ImGuiKey_LeftArrow) || pressed(ImGuiKey_UpArrow)) move_cursor(app, -1);
  } else {
    const bool cols = axis == AnswerTarget::Axis::Col;
    if (pressed(cols ? ImGuiKey_RightArrow : ImGuiKey_DownArrow)) move_cursor(app, +1);
    if (pressed(cols ? ImGuiKey_LeftArrow : ImGuiKey_UpArrow)) move_cursor(app, -1);
  }
  if (pressed(ImGuiKey_Backspace) && !L.typed.empty()) L.typed.pop_back(), L.error.clear();
  // Esc is not the question's: it leaves full screen and closes popups in every mode (issue 38);
  // S (Show me) shows the answer without one.
  if (pressed(ImGuiKey_Enter) || pressed(ImGuiKey_KeyPadEnter)) commit(app);
  for (int i = 0; i < io.InputQueueCharacters.Size && L.phase == LearnPhase::Asking; ++i) {
    const ImWchar c = io.InputQueueCharacters[i];
    if (c == ' ' && L.cursor >= 0 && L.cursor < static_cast<int>(L.drawn_targets.size())) {
      const AnswerTarget& t = L.drawn_targets[static_cast<size_t>(L.cursor)];
      if (t.axis == AnswerTarget::Axis::Cell) {
        toggle_cell(L, t.row, t.col);
        continue;
      }
      if (quiz::answer_type(L.question.kind) == AnswerType::IntList) {
        toggle_member(L, t.row);
        continue;
      }
    }
    // S: Show me (not the s of a "yes" being typed).
    const bool yes_typed = quiz::answer_type(L.question.kind) == AnswerType::Bool && !L.typed.empty();
    if ((c == 's' || c == 'S') && !typed_char_ok(L.question, c) && !yes_typed) {
      learn_show_me(app);
      continue;
    }
    if (typed_char_ok(L.question, c) && L.typed.size() < 200) {
      L.typed += static_cast<char>(c);
      L.error.clear();
    } else if ((c == 't' || c == 'T') && !app.ui.tour.running) {
      // T: the tour, once this question is answered (it starts here and goes on after the reveal).
      L.tour_after = true;
      set_status(app, "The tour starts here once this question is answered (S shows the answer).");
    }
  }
  // A click on a target the slide drew last frame.
  if (L.phase == LearnPhase::Asking && ImGui::IsMouseClicked(0)) {
    const ImVec2 m = io.MousePos;
    for (size_t i = 0; i < L.drawn_targets.size(); ++i) {
      const AnswerTarget& t = L.drawn_targets[i];
      if (m.x >= t.min.x && m.x < t.max.x && m.y >= t.min.y && m.y < t.max.y) {
        clicked(app, t, static_cast<int>(i));
        break;
      }
    }
  }
  return true;
}

void learn_commit(App& app) { commit(app); }

std::vector<QuestionKind> learn_kinds(const App& app, int slide) { return askable(app, slide); }

void learn_ask_kind(App& app, QuestionKind k) {
  const quiz::QuizModel m = learn_model(app);
  quiz::QuizRng rng(app.inputs.seed * 0x9E3779B97F4A7C15ull + app.learn.asks + 1);
  ask(app, quiz::make_question(app.ui.slide, k, m, quiz::default_params(k, m, &rng)));
}

void learn_answer_wrong(App& app) {
  LearnState& L = app.learn;
  if (L.phase != LearnPhase::Asking) return;
  L.question = with_measure(app, L.question);
  // Slide 7 still timing: the report lays out a verdict with a stand-in figure.
  if (!answer_known(L.question))
    L.question.answer =
        L.question.kind == QuestionKind::SpeedupBatch ? quiz::Answer(int64_t{256}) : quiz::Answer(1000.0);
  quiz::Answer wrong = L.question.answer;
  if (auto* v = std::get_if<int64_t>(&wrong)) *v += 1;
  else if (auto* b = std::get_if<bool>(&wrong)) *b = !*b;
  else if (auto* d = std::get_if<double>(&wrong)) *d = *d * 3.0 + 1.5;
  else if (auto* l = std::get_if<IdList>(&wrong)) l->push_back(l->empty() ? 0 : l->back() + 1);
  else if (auto* c = std::get_if<std::vector<quiz::Cell>>(&wrong))
    c->push_back(c->empty() ? quiz::Cell{0, 0} : quiz::Cell{c->back().row + 1, c->back().col});
  L.typed = answer_words(wrong);
  L.given = wrong;
  L.right = quiz::judge(L.question, wrong);
  L.shown = false;
  reveal(app);
}

void learn_show_me(App& app) {
  LearnState& L = app.learn;
  if (L.phase != LearnPhase::Asking) return;
  L.shown = true;
  L.right = false;
  L.given.reset();
  if (!answer_known(L.question)) {
    L.awaits_measure = true;
    return;
  }
  reveal(app);
}

void learn_continue(App& app) {
  LearnState& L = app.learn;
  if (L.quiz.active && !L.quiz.finished) {
    L.quiz.at++;
    if (L.quiz.at >= static_cast<int>(L.quiz.items.size())) {
      L.quiz.finished = true;
      L.quiz.finished_frame = ImGui::GetFrameCount();
      L.phase = LearnPhase::Off;
      return;
    }
    const quiz::QuizItem& item = L.quiz.items[static_cast<size_t>(L.quiz.at)];
    apply_state(app, item.spec, item.question.slide);
    go_to_slide(app, item.question.slide);
    ask(app, item.question);
    return;
  }
  L.phase = LearnPhase::Off;
  // A practice state's reveal read: the learner's own state, slide and step come back.
  // Otherwise the rest of the slide plays on from the reveal.
  if (L.own.kept && !L.quiz.active) give_own_state_back(app, true);
}

void learn_back_to_own(App& app) {
  if (app.learn.quiz.active) end_quiz(app);
  else give_own_state_back(app, true);
}

bool learn_practising(const App& app) { return app.learn.own.kept; }

void learn_try_another(App& app) {
  LearnState& L = app.learn;
  if (L.phase != LearnPhase::Revealed || L.right) return;
  const int slide = L.slide;
  quiz::QuizItem item;
  item.question = L.question;
  item.spec.seed = app.inputs.seed;
  ++L.attempt;
  const quiz::QuizItem next = quiz::another_like(item, app.inputs.seed ^ 0x51ED2701ull, L.attempt, app.gpt2.get());
  if (!L.own.kept) set_status(app, "Practice state: your own comes back after this question (B: at once).");
  keep_own_state(app);  // the fresh state is a practice one: the learner's comes back after it
  apply_state(app, next.spec, slide);
  go_to_slide(app, slide);
  show_slide_step(app, slide, 0);
  ask(app, next.question);
  if (L.quiz.active) L.quiz.items[static_cast<size_t>(L.quiz.at)] = next;
}

// ---------------------------------------------------------------- the quiz

void start_quiz(App& app, uint64_t seed, int count) {
  LearnState& L = app.learn;
  if (L.quiz.active) end_quiz(app);
  std::vector<QuestionKind> missed;  // most missed first
  std::vector<std::pair<int, QuestionKind>> by;
  for (const auto& [name, t] : L.tally)
    if (t.asked > t.right)
      if (auto k = quiz::kind_from_name(name)) by.push_back({t.asked - t.right, *k});
  std::stable_sort(by.begin(), by.end(), [](auto& a, auto& b) { return a.first > b.first; });
  for (auto& [n, k] : by) missed.push_back(k);
  QuizRun q;
  q.active = true;
  q.seed = seed;
  q.items = quiz::make_quiz(seed, count, app.gpt2.get(), missed);
  q.results.assign(q.items.size(), -1);
  q.given.assign(q.items.size(), "");
  L.quiz = std::move(q);
  if (L.quiz.items.empty()) {
    L.quiz.active = false;
    return;
  }
  const quiz::QuizItem& item = L.quiz.items.front();
  keep_own_state(app);  // with slide 9's choices: a quiz's fresh states set their own
  apply_state(app, item.spec, item.question.slide);
  go_to_slide(app, item.question.slide);
  ask(app, item.question);
}

void end_quiz(App& app) {
  LearnState& L = app.learn;
  if (!L.quiz.active) return;
  L.quiz = QuizRun{};
  L.phase = LearnPhase::Off;
  give_own_state_back(app, true);  // the IDs, the table, the slide and its step as they were
}

// ---------------------------------------------------------------- drawing

bool learn_panel_shown(const App& app) {
  const LearnState& L = app.learn;
  return L.phase != LearnPhase::Off && L.slide == app.ui.slide;
}

namespace {
float question_panel_height(const App& app, float width);
void draw_panel(App& app, float width, float height);
}  // namespace

// The panel's type is the narration's (presenting, a size larger than the page: a question
// read from the back of the room is at least as large as the narration beside it).
float learn_panel_height(const App& app, float width) {
  begin_narration_zoom(narration_top_level());
  const float h = question_panel_height(app, width);
  end_canvas_zoom();
  return h;
}

void draw_learn_panel(App& app, float width, float height) {
  begin_narration_zoom(narration_top_level());
  report_question_px(em());
  draw_panel(app, width, height);
  end_canvas_zoom();
}

namespace {

// Slide 6's gradient rows (and slide 9's trained rows) as chips in the panel (answer_chips):
// every row of a table of at most 16, else the IDs' rows and their neighbours (16 at most) —
// clickable without scrolling the slide's grid, and each marked by the reveal.
std::vector<int64_t> chip_rows(const App& app) {
  const LearnState& L = app.learn;
  std::vector<int64_t> rows;
  if (L.question.kind == QuestionKind::MapNearest && L.question.params.choices)  // the map's five circled points
    return std::vector<int64_t>(L.question.params.choices->begin(), L.question.params.choices->end());
  const bool trained = L.question.kind == QuestionKind::RowsMoved;  // slide 9's table scrolls the same way
  if (L.question.kind != QuestionKind::GradRows && L.question.kind != QuestionKind::GradRowsRandn && !trained)
    return rows;
  const int64_t v = app.derived.vocab;
  if (v <= 16) {
    for (int64_t r = 0; r < v; ++r) rows.push_back(r);
    return rows;
  }
  IdList ids = app.inputs.ids;
  if (trained) {  // the rows its batches train, as the question's slide holds them (slide 9)
    quiz::QuizModel m;
    const SlideDef& s = slide_table()[static_cast<size_t>(std::clamp(app.learn.question.slide, 0, slide_count() - 1))];
    if (s.quiz_model) s.quiz_model(context_of(app, s), m);
    for (const IdList& b : m.train_batches) ids.insert(ids.end(), b.begin(), b.end());
  }
  for (int64_t id : ids)
    for (int64_t r = id - 1; r <= id + 1; ++r)
      if (r >= 0 && r < v) rows.push_back(r);
  std::sort(rows.begin(), rows.end());
  rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
  if (rows.size() > 16) rows.resize(16);
  return rows;
}

// The prompt as shown: a quiz's says which question of how many; a practice state (Try
// another, a quiz) is marked as such, the learner's own state coming back after it.
std::string prompt_text(const LearnState& L) {
  if (L.quiz.active)
    return "Question " + std::to_string(L.quiz.at + 1) + " of " + std::to_string(L.quiz.items.size()) +
           " (practice state): " + L.question.prompt;
  if (L.own.kept) return "Practice state (your own comes back after it): " + L.question.prompt;
  return L.question.prompt;
}

// While the tour (T) waits for the question's answer.
constexpr const char* kTourWaits = "Tour — answer to go on (S shows it)";

// The way back from a practice state, beside the panel's other buttons.
constexpr const char* kBackLabel = "Back to my own state (B)";

void draw_back_button(App& app, float* right_edge) {
  if (!app.learn.own.kept) return;
  ImGui::SameLine();
  if (ImGui::Button(kBackLabel)) learn_back_to_own(app);
  landmark("learn-back-to-own");
  *right_edge = ImGui::GetItemRectMax().x;
}

const char* continue_label(const LearnState& L) {
  const bool last = L.quiz.active && L.quiz.at + 1 >= static_cast<int>(L.quiz.items.size());
  return L.quiz.active ? (last ? "See the score (Enter)" : "Next question (Enter)") : "Continue (Enter)";
}

float button_width(const char* label) {
  return ImGui::CalcTextSize(label, nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2.0f;
}

// The verdict's buttons: Continue, and Try another after a miss (their width with spacing).
float verdict_buttons_width(const LearnState& L) {
  const float sp = ImGui::GetStyle().ItemSpacing.x;
  return button_width(continue_label(L)) + (L.right ? 0.0f : sp + button_width("Try another (N)")) +
         (L.own.kept ? sp + button_width(kBackLabel) : 0.0f);
}

// Three rows, asked or revealed, so the canvas above does not move between the two:
//   asked:    the prompt · [answer] Answer  Show me · how to answer (or why it does not read)
//   revealed: the prompt · ✓/✗ verdict  Continue  Try another · the one line of why
// (the buttons go below the verdict when the row has no room for both).
float question_panel_height(const App& app, float width) {
  const LearnState& L = app.learn;
  const float e = em();
  const ImGuiStyle& st = ImGui::GetStyle();
  const float wrap = std::max(e * 10.0f, width - e * 1.6f - 2.0f);  // the child's padding and border
  const float frame = ImGui::GetFrameHeight(), gap = st.ItemSpacing.y;
  ImGui::PushFont(fonts().bold);
  const float prompt_h = ImGui::CalcTextSize(prompt_text(L).c_str(), nullptr, false, wrap).y;
  ImGui::PopFont();
  const float hint_h = ImGui::CalcTextSize(how_to_answer(L.question), nullptr, false, wrap).y;
  const float asked = frame + gap + hint_h;
  float revealed = 0.0f;
  {
    ImGui::PushFont(fonts().bold);
    // Asked: room for a verdict as long as a wrong answer's with the answer's length.
    const std::string truth = verdict_words(L.question.answer);
    const std::string v = L.phase == LearnPhase::Revealed ? verdict_text(L)
                          : L.question.kind == QuestionKind::SpeedupEstimate
                              ? "✗ Not quite: you said 1000×, measured 1000× (within 2× counts)."
                              : "✗ Not quite: you said " + truth + "; the answer is " + truth + ".";
    const float verdict_w = ImGui::CalcTextSize(v.c_str()).x;
    const float verdict_h = ImGui::CalcTextSize(v.c_str(), nullptr, false, wrap).y;
    ImGui::PopFont();
    const float why_h = ImGui::CalcTextSize(L.question.why.c_str(), nullptr, false, wrap).y;
    const bool beside = verdict_w + st.ItemSpacing.x * 2.0f + verdict_buttons_width(L) <= wrap;
    revealed = (beside ? std::max(verdict_h, frame) : verdict_h + gap + frame) + gap + why_h;
  }
  const float chips = chip_rows(app).empty() ? 0.0f : chips_height() + gap;
  return e * 1.0f + prompt_h + gap + chips + std::max(asked, revealed) + 2.0f;
}

void draw_panel(App& app, float width, float height) {
  LearnState& L = app.learn;
  const Palette& pal = palette(app.ui.theme);
  const float e = em();
  ImGui::PushStyleColor(ImGuiCol_ChildBg, pal.panel_alt);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(e * 0.8f, e * 0.5f));
  ImGui::BeginChild("question", ImVec2(width, height), true, ImGuiWindowFlags_NoScrollbar);
  L.panel_min = ImGui::GetWindowPos();
  L.panel_max = ImVec2(L.panel_min.x + ImGui::GetWindowSize().x, L.panel_min.y + ImGui::GetWindowSize().y);
  const float wrap = ImGui::GetContentRegionAvail().x;
  const float x0 = ImGui::GetCursorScreenPos().x;
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + wrap);
  float right_edge = 0.0f;  // the buttons' right end
  ImGui::PushFont(fonts().bold);
  ImGui::TextUnformatted(prompt_text(L).c_str());
  ImGui::PopFont();
  report_text(prompt_text(L));  // the layout report's texts (the verdict and why follow it once revealed)
  if (L.phase == LearnPhase::Revealed) report_text(L.question.why);
  landmark("learn-prompt");
  if (L.own.kept) landmark("learn-practice");
  if (const std::vector<int64_t> chips = chip_rows(app); !chips.empty()) answer_chips(L, chips, pal);
  if (L.phase == LearnPhase::Asking && L.awaits_measure) {
    // Answered before the timing finished: the estimate stays on screen until it is judged.
    ImGui::AlignTextToFramePadding();
    if (L.shown) ImGui::TextUnformatted("Timing the lookup and the matmul on this machine…");
    else ImGui::Text("Your estimate: %s×. Timing the lookup and the matmul on this machine…", L.typed.c_str());
    ImGui::PushStyleColor(ImGuiCol_Text, pal.muted);
    ImGui::TextUnformatted("The answer is judged as soon as the figures are in (a few seconds).");
    ImGui::PopStyleColor();
  } else if (L.phase == LearnPhase::Asking) {
    // The answer as typed, in a box, with a caret: no ImGui text field (the digit keys
    // stay the question's without a focus to lose).
    const std::string shown = L.typed + "|";
    ImGui::PushFont(fonts().mono);
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const ImVec2 s = ImGui::CalcTextSize(shown.c_str());
    const float box_h = ImGui::GetFrameHeight();
    const float box_w = std::min(wrap * 0.5f, std::max(e * 8.0f, s.x + e * 1.0f));
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(p, ImVec2(p.x + box_w, p.y + box_h), pal.panel, e * 0.2f);
    dl->AddRect(p, ImVec2(p.x + box_w, p.y + box_h), pal.accent, e * 0.2f);
    // A long answer shows its end (where the caret is), clipped to the box.
    const float text_x = p.x + e * 0.4f - std::max(0.0f, s.x - (box_w - e * 0.8f));
    dl->PushClipRect(ImVec2(p.x + 1.0f, p.y), ImVec2(p.x + box_w - 1.0f, p.y + box_h), true);
    dl->AddText(ImVec2(text_x, p.y + (box_h - s.y) * 0.5f), pal.text, shown.c_str());
    dl->PopClipRect();
    ImGui::PopFont();
    ImGui::Dummy(ImVec2(box_w, box_h));
    landmark_rect("learn-answer", p, ImVec2(p.x + box_w, p.y + box_h));
    ImGui::SameLine(0.0f, e * 0.6f);
    if (ImGui::Button("Answer")) commit(app);
    landmark("learn-submit");
    ImGui::SameLine();
    if (ImGui::Button("Show me (S)")) learn_show_me(app);
    landmark("learn-show-me");
    right_edge = ImGui::GetItemRectMax().x;
    draw_back_button(app, &right_edge);
    // The tour (T) waits for the answer: said beside the buttons (or in the hint's place when
    // the row has no room), in the tour's colour, instead of its corner's "any key stops".
    const char* tour_words = app.ui.tour.running && app.ui.tour.waits ? kTourWaits : nullptr;
    const float spacing = ImGui::GetStyle().ItemSpacing.x * 2.0f;
    if (tour_words && right_edge + spacing + ImGui::CalcTextSize(tour_words).x <= x0 + wrap) {
      ImGui::SameLine(0.0f, spacing);
      ImGui::PushStyleColor(ImGuiCol_Text, pal.accent);
      ImGui::TextUnformatted(tour_words);
      ImGui::PopStyleColor();
      landmark("tour-badge");
      tour_words = nullptr;
    }
    ImGui::PushStyleColor(ImGuiCol_Text, tour_words || L.error.empty() ? pal.muted : pal.bad);
    ImGui::TextUnformatted(tour_words ? tour_words : L.error.empty() ? how_to_answer(L.question) : L.error.c_str());
    ImGui::PopStyleColor();
    if (tour_words) landmark("tour-badge");
  } else {
    const std::string verdict = verdict_text(L);
    ImGui::PushStyleColor(ImGuiCol_Text, L.shown ? pal.text : L.right ? pal.ok : pal.bad);
    ImGui::PushFont(fonts().bold);
    const float verdict_w = ImGui::CalcTextSize(verdict.c_str()).x;
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(verdict.c_str());
    ImGui::PopFont();
    ImGui::PopStyleColor();
    landmark(L.right ? "learn-right" : "learn-wrong");
    const ImGuiStyle& st = ImGui::GetStyle();
    if (verdict_w + st.ItemSpacing.x * 2.0f + verdict_buttons_width(L) <= wrap)
      ImGui::SameLine(0.0f, st.ItemSpacing.x * 2.0f);
    if (ImGui::Button(continue_label(L))) learn_continue(app);
    landmark("learn-continue");
    right_edge = ImGui::GetItemRectMax().x;
    if (!L.right) {
      ImGui::SameLine();
      if (ImGui::Button("Try another (N)")) learn_try_another(app);
      landmark("learn-try-another");
      right_edge = ImGui::GetItemRectMax().x;
    }
    draw_back_button(app, &right_edge);
    ImGui::TextUnformatted(L.question.why.c_str());
  }
  // Whole, or reported cut: the last line above the panel's bottom, the buttons inside it.
  const ImVec2 wmin = ImGui::GetWindowPos(), wsize = ImGui::GetWindowSize();
  if (ImGui::GetItemRectMax().y > wmin.y + wsize.y + 0.5f) report_clipped("the question panel's last line");
  if (right_edge > x0 + wrap + 0.5f) report_clipped("the question panel's buttons");
  ImGui::PopTextWrapPos();
  ImGui::EndChild();
  report_last_item_panel("question");
  ImGui::PopStyleVar();
  ImGui::PopStyleColor();
}

}  // namespace

void draw_quiz_score(App& app) {
  LearnState& L = app.learn;
  if (!L.quiz.active || !L.quiz.finished) return;
  const float e = em();
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.5f),
                          ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  const float w = std::min(e * 34.0f, vp->WorkSize.x - e * 2);
  ImGui::SetNextWindowSizeConstraints(ImVec2(w, 0.0f), ImVec2(w, vp->WorkSize.y - e * 2));
  int right = 0;
  for (int r : L.quiz.results) right += r == 1;
  bool open = true;
  if (ImGui::Begin(
          "Quiz: your score", &open,
          ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::PushFont(fonts().title);
    ImGui::Text("%d of %d right", right, static_cast<int>(L.quiz.items.size()));
    ImGui::PopFont();
    landmark("quiz-score");
    const Palette& pal = palette(app.ui.theme);
    for (size_t k = 0; k < L.quiz.items.size(); ++k) {
      if (L.quiz.results[k] == 1) continue;
      const quiz::Question& q = L.quiz.items[k].question;
      ImGui::Separator();
      ImGui::PushFont(fonts().bold);
      ImGui::Text("%d. %s", static_cast<int>(k + 1), q.prompt.c_str());
      ImGui::PopFont();
      ImGui::PushStyleColor(ImGuiCol_Text, pal.muted);
      if (L.quiz.results[k] < 0) ImGui::Text("Shown, not answered. The answer: %s.", answer_words(q.answer).c_str());
      else ImGui::Text("✗ You said %s; the answer: %s.", L.quiz.given[k].c_str(), answer_words(q.answer).c_str());
      ImGui::TextUnformatted(q.why.c_str());
      ImGui::PopStyleColor();
    }
    if (right == static_cast<int>(L.quiz.items.size())) ImGui::TextUnformatted("✓ Nothing missed.");
    ImGui::Spacing();
    const bool enter =
        ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter)) && ImGui::GetFrameCount() > L.quiz.finished_frame;
    if (ImGui::Button("Back to my own state (Enter)") || enter) open = false;
    landmark("quiz-close");
    ImGui::PopTextWrapPos();
  }
  ImGui::End();
  if (!open) end_quiz(app);
}

}  // namespace lv::app
