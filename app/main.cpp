// main.cpp — lookupviz's entry point. Reads top to bottom like ImGui's GLFW example:
// command line → headless text modes → window, context, fonts → loop → cleanup.
// Exit codes: 0 ok, 2 bad usage or input, 1 the environment failed (no display,
// GL < 3.3, an unwritable file).
#include <sys/stat.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "app/anim_timeline.hpp"
#include "app/app_model.hpp"
#include "app/app_ui.hpp"
#include "app/platform_glfw.hpp"
#include "app/slides.hpp"
#include "core/cli_options.hpp"
#include "core/notebook_transcript.hpp"

namespace {

// Shows slide `slide` (0-based) frozen at the end of step `step` (-1: its last step).
void freeze_at(lv::app::App& app, int slide, int step) {
  app.ui.slide = std::clamp(slide, 0, lv::app::slide_count() - 1);
  const int steps = lv::app::current_slide_steps(app);
  const float pos = step < 0 ? static_cast<float>(steps) : static_cast<float>(std::min(step + 1, steps));
  lv::app::timeline_seek(app.ui.timeline, steps, pos);
}

// Renders a few frames (ImGui settles sizes over the first ones) and saves the last.
std::string render_png(lv::app::Platform& p, lv::app::App& app, const std::string& path) {
  for (int i = 0; i < 3; ++i) lv::app::platform_frame(p, app);
  return lv::app::platform_frame(p, app, path);
}

int fail(const std::string& why) {
  std::fprintf(stderr, "lookupviz: %s\n", why.c_str());
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  // 1. The command line.
  const lv::CliParse parsed = lv::parse_cli(std::vector<std::string>(argv, argv + argc));
  if (!parsed.ok) {
    std::fprintf(stderr, "lookupviz: %s\n", parsed.error.c_str());
    return 2;
  }
  const lv::CliOptions& o = parsed.options;
  if (o.help) { std::fputs(lv::cli_help_text().c_str(), stdout); return 0; }
  if (o.version) { std::fputs(lv::cli_version_text().c_str(), stdout); return 0; }
  if (o.print) {
    const lv::NotebookCase c{o.seed, o.seed_text, o.ids, o.dim, lv::effective_vocab(o)};
    std::fputs(lv::notebook_transcript(c).c_str(), stdout);
    return 0;
  }

  // 2. The model and the UI state.
  lv::app::App app;
  lv::app::app_init(app, o);
  freeze_at(app, o.slide - 1, o.step);

  // 3. The window, GL context, ImGui, backends, fonts.
  const bool headless = !o.screenshot.empty() || !o.export_slides.empty();
  lv::app::Platform platform;
  const std::string err = lv::app::platform_open(platform, o.width, o.height, headless, o.scale, app);
  if (!err.empty()) return fail(err);

  // 4a. Headless: render to PNG and exit.
  if (!o.screenshot.empty()) {
    const std::string e = render_png(platform, app, o.screenshot);
    lv::app::platform_close(platform);
    return e.empty() ? 0 : fail(e);
  }
  if (!o.export_slides.empty()) {
    mkdir(o.export_slides.c_str(), 0755);  // fine if it exists; a real failure shows on write
    std::string e;
    for (int k = 0; k < lv::app::slide_count() && e.empty(); ++k) {
      freeze_at(app, k, -1);
      char name[32];
      std::snprintf(name, sizeof name, "/slide-%02d.png", k + 1);
      e = render_png(platform, app, o.export_slides + name);
    }
    lv::app::platform_close(platform);
    return e.empty() ? 0 : fail(e);
  }

  // 4b. Interactive: draw when something changes, sleep otherwise.
  lv::app::platform_frame(platform, app);
  while (lv::app::platform_wait(platform, app)) lv::app::platform_frame(platform, app);

  // 5. Cleanup.
  lv::app::platform_close(platform);
  return 0;
}
