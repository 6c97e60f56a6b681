// app_init.cpp — the command line's state, then the slides' presets.
#include "app/deck/app_init.hpp"

#include "app/deck/slide_host.hpp"

namespace lv::app {

void app_init(App& app, const CliOptions& options, std::shared_ptr<const TableFile> file) {
  init_from_options(app, options, std::move(file));
  for (const SlideDef& s : slide_table())
    if (s.preset) s.preset(context_of(app, s), options);
  if (!options.slide_values.empty()) restore_slide_values(app, options.slide_values);  // --slide-value
}

}  // namespace lv::app
