// slide_05_same_numbers.cpp — (being written) Same numbers.
#include <cstdio>

#include "app/slides.hpp"

namespace lv::app {
namespace {
int steps(const App& app) { return static_cast<int>(app.inputs.ids.size()); }
void narrative(App&) { ImGui::TextWrapped("Same numbers"); }
ImVec2 canvas(SlideCanvas&) { return ImVec2(10, 10); }
void caption(const App&, char* buf, size_t n) { std::snprintf(buf, n, "Same numbers"); }
void code(const App&, std::string& code, std::string& output) { code = "#"; output = ""; }
}  // namespace
const SlideDef kSlideSameNumbers = {"Same numbers", steps, narrative, canvas, caption, code};
}  // namespace lv::app
