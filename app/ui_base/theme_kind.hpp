// theme_kind.hpp — which theme the page is drawn in. Its own header so the view's state
// (app/state/app_state.hpp) and the theme (ui_theme.hpp) share it without including each other.
#pragma once

namespace lv::app {

enum class Theme { Dark, Light };

}  // namespace lv::app
