// deck_size_for_tests.cpp — core's tests run without the app's registry: they give core a deck
// of 11 slides (the app gives its registry's count, lv::app::slide_count(), in main()), and
// check --slide and the session against whatever count is given (last_slide(), deck_size()).
// The questions' deck is the registry's copy (quiz_deck_for_tests.hpp).
#include "core/settings/cli_options.hpp"
#include "tests/core/quiz_deck_for_tests.hpp"

namespace {
const bool kDeckSized = (lv::set_deck_size(11), lv::quiz::set_quiz_deck(lv::quiz::deck_for_tests()),
                         lv::set_cli_families(lv::quiz::cli_families_for_tests()), true);
}  // namespace
