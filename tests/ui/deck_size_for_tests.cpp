// deck_size_for_tests.cpp — as main() starts, before any test parses options or a session:
// core is given the registry's deck (its slide count and which slide asks which question,
// give_core_the_deck). Headless does the same, but a test that parses options without one
// (ui.SlideRegistry's) runs alone in its own process.
#include "app/slides/slides.hpp"

namespace {
const bool kDeckGiven = (lv::app::give_core_the_deck(), true);
}  // namespace
