// slide_table.cpp — the slide registry's table, in LV_SLIDES' order.
#include <algorithm>
#include <string>
#include <utility>

#include "app/ui_base/anim_timeline.hpp"
#include "app/slides/slides.hpp"
#include "core/settings/cli_options.hpp"

namespace lv::app {

std::span<const SlideDef> slide_table() {
#define LV_SLIDE_ENTRY(name) name,
  static const SlideDef table[] = {LV_SLIDES(LV_SLIDE_ENTRY)};
#undef LV_SLIDE_ENTRY
  // The count core checks --slide and the session against (lv::set_deck_size, given at start).
  return table;
}

std::vector<quiz::DeckSlide> quiz_deck_of_registry() {
  std::vector<quiz::DeckSlide> deck;
  for (const SlideDef& s : slide_table()) {
    quiz::DeckSlide d;
    d.slide = static_cast<int>(&s - slide_table().data());
    d.measured = s.measured_questions;
    d.family = s.kinds;
    for (const SlideQuestion& q : s.questions) d.questions.push_back({q.kind, q.onehot_product});
    deck.push_back(std::move(d));
  }
  return deck;
}

void give_core_the_deck() {
  lv::set_deck_size(slide_count());
  std::vector<const CliFamily*> cli;
  for (const SlideDef& s : slide_table())
    if (s.cli) cli.push_back(s.cli);
  lv::set_cli_families(std::move(cli));
  quiz::set_quiz_deck(quiz_deck_of_registry());
}

const SlideQuestion* slide_question(int slide, quiz::QuestionKind k) {
  if (slide < 0 || slide >= slide_count()) return nullptr;
  for (const SlideQuestion& q : slide_table()[static_cast<size_t>(slide)].questions)
    if (q.kind == k) return &q;
  return nullptr;
}

quiz::PictureStep question_picture(const quiz::Question& q) {
  const SlideQuestion* asked = slide_question(q.slide, q.kind);
  if (!asked || !asked->picture) return {q.slide, 0};
  return asked->picture(q);
}

std::vector<std::string> slide_titles() {
  std::vector<std::string> out;
  for (const SlideDef& s : slide_table()) out.emplace_back(s.title);
  return out;
}

std::string slide_keys_label() { return "0 – " + std::to_string(std::min(slide_count(), 10) - 1); }

Hidden hidden_now(const UiState& ui, const LearnState& L) {
  if (ui.slide < 0 || ui.slide >= slide_count()) return {};
  const SlideDef& s = slide_table()[static_cast<size_t>(ui.slide)];
  if (!s.hides) return {};
  // A worksheet's picture sets its question up without answering it, by the same rule.
  if (L.pictured && L.pictured->slide == ui.slide) return s.hides(*L.pictured);
  if (L.phase != LearnPhase::Asking || L.slide != ui.slide) return {};
  return s.hides(L.question);
}

float SlideCanvas::progress(int k) const { return step_progress(cx.ui.timeline, k, cx.ui.reduced_motion); }
int SlideCanvas::current() const { return current_step(cx.ui.timeline, steps); }

}  // namespace lv::app
