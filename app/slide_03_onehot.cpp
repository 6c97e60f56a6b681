// slide_03_onehot.cpp — (being written) One-hot.
#include <cstdio>

#include "app/slides.hpp"

namespace lv::app {
namespace {
int steps(const App& app) { return static_cast<int>(app.inputs.ids.size()); }
void narrative(App&) { ImGui::TextWrapped("One-hot"); }
ImVec2 canvas(SlideCanvas&) { return ImVec2(10, 10); }
void caption(const App&, char* buf, size_t n) { std::snprintf(buf, n, "One-hot"); }
void code(const App&, std::string& code, std::string& output) { code = "#"; output = ""; }
}  // namespace
const SlideDef kSlideOneHot = {"One-hot", steps, narrative, canvas, caption, code};
}  // namespace lv::app
