// quiz_draw.cpp — fresh random states and a quiz drawn from them (see the header).
#include "core/quiz/quiz_draw.hpp"

#include <algorithm>

#include "core/quiz/quiz_deck.hpp"

namespace lv::quiz {
namespace {

// Short texts whose token counts differ from their word counts in instructive ways.
constexpr const char* kTexts[] = {
    "Hello, world",
    "The cat sat on the mat.",
    "unbelievable tokenization",
    "Embeddings are lookups!",
    "  two spaces",
    "GPT-2 reads 50,257 tokens",
    "caf\u00e9 na\u00efve r\u00e9sum\u00e9",
    "<|endoftext|>Once upon a time",
};

// The stream of state `index` of quiz `quiz_seed`: independent of the other states.
QuizRng state_rng(uint64_t quiz_seed, int index) {
  QuizRng mix(quiz_seed ^ (0xA24BAED4963EE407ULL * static_cast<uint64_t>(index + 1)));
  return QuizRng(mix.next());
}

}  // namespace

StateSpec random_state(uint64_t quiz_seed, int index) {
  QuizRng rng = state_rng(quiz_seed, index);
  StateSpec s;
  s.seed = rng.below(1'000'000);
  s.vocab = 4 + rng.below(kQuizMaxVocab - 3);        // 4..12
  s.dim = 2 + rng.below(kQuizMaxDim - 1);            // 2..6
  const int64_t b = 3 + rng.below(kQuizMaxIds - 2);  // 3..6
  for (int64_t i = 0; i + 1 < b; ++i) s.ids.push_back(rng.below(s.vocab));
  // One ID repeated, at a random place: the lookup reads a row twice, its gradient sums.
  const int64_t again = s.ids[static_cast<size_t>(rng.below(b - 1))];
  s.ids.insert(s.ids.begin() + rng.below(b), again);
  s.text = kTexts[rng.below(static_cast<int64_t>(std::size(kTexts)))];
  return s;
}

QuizModel build_model(const StateSpec& spec, const Tokenizer* tokenizer) {
  QuizModel m = seeded_model(spec.seed, spec.ids, spec.vocab, spec.dim);
  m.text = spec.text;
  m.tokenizer = tokenizer;
  return m;
}

namespace {

const DeckSlide* deck_slide(int slide) {
  for (const DeckSlide& s : quiz_deck())
    if (s.slide == slide) return &s;
  return nullptr;
}

std::vector<QuestionKind> kinds_of(int slide) {
  std::vector<QuestionKind> out;
  if (const DeckSlide* s = deck_slide(slide))
    for (const DeckQuestion& q : s->questions) out.push_back(q.kind);
  return out;
}

QuestionKind first_kind(int slide) {
  const std::vector<QuestionKind> kinds = kinds_of(slide);
  return kinds.empty() ? QuestionKind::TableNumbers : kinds.front();
}

QuizItem item_for(int slide, QuestionKind kind, uint64_t quiz_seed, int index, const Tokenizer* tokenizer) {
  QuizItem item;
  // A state that can ask the kind (sparse_memory needs a row that leaves the batch): the
  // index-th, else the next few of another stream (every drawn state has a repeated ID).
  for (int tries = 0;; ++tries) {
    item.spec = random_state(quiz_seed, index + tries * 7919);
    const QuizModel m = build_model(item.spec, tokenizer);
    if (!askable_of(kind, m) && tries < 64) continue;
    QuizRng rng = state_rng(quiz_seed, index + 1000 + tries * 7919);  // the params' own stream
    const QuestionKind k = askable_of(kind, m) ? kind : first_kind(slide);
    item.question = make_question(slide, k, m, default_params(k, m, &rng));
    return item;
  }
}

// The slides a drawn quiz asks on: not a measured one (its answers are timed), and not one
// whose every kind needs a tokenizer when there is none.
std::vector<int> drawable_slides(const Tokenizer* tokenizer) {
  std::vector<int> out;
  for (const DeckSlide& s : quiz_deck()) {
    const bool needs_tokenizer = std::all_of(s.questions.begin(), s.questions.end(),
                                             [](const DeckQuestion& q) { return q.kind == QuestionKind::TokenCount; });
    if (!s.measured && !s.questions.empty() && (tokenizer || !needs_tokenizer)) out.push_back(s.slide);
  }
  return out;
}

}  // namespace

std::vector<QuizItem> make_quiz(uint64_t quiz_seed, int count, const Tokenizer* tokenizer,
                                const std::vector<QuestionKind>& ask_first) {
  count = std::clamp(count, 1, 8);
  QuizRng rng(quiz_seed);
  std::vector<int> slides = drawable_slides(tokenizer);
  if (slides.empty()) return {};              // a deck that asks nothing
  for (size_t i = slides.size(); i > 1; --i)  // Fisher–Yates with the quiz's stream
    std::swap(slides[i - 1], slides[static_cast<size_t>(rng.below(static_cast<int64_t>(i)))]);
  std::vector<std::pair<int, QuestionKind>> picks;
  for (QuestionKind k : ask_first) {
    const int s = deck_slide_of(k);
    if (s < 0 || (k == QuestionKind::TokenCount && !tokenizer) || static_cast<int>(picks.size()) >= count) continue;
    if (std::none_of(picks.begin(), picks.end(), [&](const auto& p) { return p.second == k; })) picks.push_back({s, k});
    slides.erase(std::remove(slides.begin(), slides.end(), s), slides.end());
  }
  // Every slide asked first: any more ask on the first that needs nothing (the table's).
  if (slides.empty()) {
    const std::vector<int> plain = drawable_slides(nullptr);
    slides.push_back(plain.empty() ? drawable_slides(tokenizer).front() : plain.front());
  }
  for (size_t i = 0; static_cast<int>(picks.size()) < count; ++i) {
    const int s = slides[i % slides.size()];
    const std::vector<QuestionKind> kinds = kinds_of(s);
    picks.push_back({s, kinds[static_cast<size_t>(rng.below(static_cast<int64_t>(kinds.size())))]});
  }
  std::vector<QuizItem> quiz;
  for (size_t i = 0; i < picks.size(); ++i)
    quiz.push_back(item_for(picks[i].first, picks[i].second, quiz_seed, static_cast<int>(i), tokenizer));
  return quiz;
}

QuizItem another_like(const QuizItem& item, uint64_t quiz_seed, int attempt, const Tokenizer* tokenizer) {
  return item_for(item.question.slide, item.question.kind, quiz_seed, 100 + attempt, tokenizer);
}

}  // namespace lv::quiz
