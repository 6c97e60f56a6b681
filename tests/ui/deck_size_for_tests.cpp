// deck_size_for_tests.cpp — as main() starts, before any test parses options or a session:
// core is given the registry's slide count (lv::set_deck_size). Headless does the same, but
// a test that parses options without one (ui.SlideRegistry's) runs alone in its own process.
#include "app/slides/slides.hpp"
#include "core/settings/cli_options.hpp"

namespace {
const bool kDeckSized = (lv::set_deck_size(lv::app::slide_count()), true);
}  // namespace
