// app_init.hpp — a window set up from the command line: the model and the view's choices
// (app/state/app_edits.hpp init_from_options), then each slide's own options (SlideDef::preset).
#pragma once
#include <memory>

#include "app/state/app_edits.hpp"

namespace lv::app {

void app_init(App& app, const CliOptions& options, std::shared_ptr<const TableFile> file = nullptr);

}  // namespace lv::app
