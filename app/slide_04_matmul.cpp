// slide_04_matmul.cpp — (being written) The matmul.
#include <cstdio>

#include "app/slides.hpp"

namespace lv::app {
namespace {
int steps(const App& app) { return static_cast<int>(app.inputs.ids.size()); }
void narrative(App&) { ImGui::TextWrapped("The matmul"); }
ImVec2 canvas(SlideCanvas&) { return ImVec2(10, 10); }
void caption(const App&, char* buf, size_t n) { std::snprintf(buf, n, "The matmul"); }
void code(const App&, std::string& code, std::string& output) { code = "#"; output = ""; }
}  // namespace
const SlideDef kSlideMatmul = {"The matmul", steps, narrative, canvas, caption, code};
}  // namespace lv::app
